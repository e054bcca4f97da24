//! The row store: the only module that touches rusqlite.
//!
//! Every statement runs inside a savepoint while SQLite's pre-update hook records each row it
//! inserts, updates or deletes (REPLACE's hidden deletes included). The record is what the
//! engine counts affected rows from and what the table view highlights.

use super::time_fns::ShiftCall;
use crate::dialect::concurrency::LikeRules;
use crate::dialect::exprs::{NEWID_FN, NOW_FN};
use crate::dialect::locks::{LOCKED_FN, LOCK_ORDER_FN};
use crate::dialect::mysql::collation::LIKE_BYTES_FN;
use crate::dialect::postgres::int_values;
use crate::dialect::postgres::sequences as sequence_fns;
// Kept at the bottom layer so the dialects can name it; re-exported for the engine's paths.
use super::heap_order::HeapOrder;
use super::sequences::{Draws, SequenceDef, SequenceState, Sequences, NEXTVAL_FN};
use crate::dialect::scan_order::HEAP_FN;
pub use crate::ids::ChangeKind;
use crate::trace::Value;
use crate::vec_map::VecMap;
use rusqlite::hooks::{Action, PreUpdateCase};
use rusqlite::types::ValueRef;
use rusqlite::{functions::FunctionFlags, Connection};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

mod returning;

/// One row written by a statement, as the pre-update hook saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct RowChange {
    pub table: String,
    pub kind: ChangeKind,
    pub old_rowid: i64,
    pub new_rowid: i64,
    pub old: Vec<Value>,
    pub new: Vec<Value>,
    /// PostgreSQL: where the version this change replaced stood in the table (0: none);
    /// set by the engine as it records the change (`heap_order`).
    pub heap_place: u64,
}

impl RowChange {
    /// Whether it wrote the row: an UPDATE that leaves every column as it was does not
    /// (MariaDB counts such a row matched, not changed, and InnoDB writes it no undo record).
    pub fn writes(&self) -> bool {
        self.kind != ChangeKind::Update || self.old != self.new || self.old_rowid != self.new_rowid
    }
}

/// What running some SQL gave back.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Executed {
    /// The last statement's result set, if it had one.
    pub columns: Option<Vec<String>>,
    pub rows: Vec<Vec<Value>>,
    pub changes: Vec<RowChange>,
}

/// Column names (`None` for a statement without a result set) and rows.
pub type ResultSet = (Option<Vec<String>>, Vec<Vec<Value>>);

/// Prepared statements kept per connection: a spec's statements, their lock reads and the
/// engine's savepoints fit.
const STATEMENT_CACHE: usize = 128;

/// An error from SQLite, with its extended result code.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreError {
    pub code: i32,
    pub message: String,
    /// The statement was stopped by the step budget.
    pub interrupted: bool,
    /// The statement went over one of Queue Lab's limits (`limits.rs`), which `message` names.
    pub over_limit: bool,
}

/// A table as stored: name, columns, rows with their rowids, in rowid order.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredTable {
    pub name: String,
    pub columns: Vec<String>,
    pub rows: Vec<(i64, Vec<Value>)>,
}

/// The rows locked for each lock request of the running statement (see `dialect::locks`).
/// In the order they were locked.
type LockedSets = Arc<Mutex<VecMap<usize, Vec<i64>>>>;

pub struct Store {
    conn: Connection,
    changes: Arc<Mutex<Vec<RowChange>>>,
    /// The scenario clock, seconds since the Unix epoch: `ql_now()` formats it when a
    /// statement reads it (most never do).
    clock: Arc<std::sync::atomic::AtomicI64>,
    /// When the running statement's transaction began on that clock: PostgreSQL's `now()`
    /// (`ql_txn_now()`), the same for every statement of a transaction.
    txn_clock: Arc<std::sync::atomic::AtomicI64>,
    locked: LockedSets,
    /// Column names by table, for undo and redo; emptied whenever DDL runs.
    columns: Mutex<VecMap<String, Vec<String>>>,
    /// The user's tables, in creation order; `None` until read after a schema change.
    table_names: Mutex<Option<Vec<String>>>,
    /// Whether SQLite keeps AUTOINCREMENT counters (`sqlite_sequence`), read with the names.
    has_counters: Mutex<Option<bool>>,
    schema_epoch: AtomicU64,
    /// How many ids `ql_newid()` has given (T-SQL NEWID()).
    newids: Arc<AtomicU64>,
    budget: Arc<AtomicU64>,
    spent: Arc<AtomicU64>,
    /// The running session's MySQL user variables, bound to the `@name` parameters of its
    /// statements; `None` where the dialect has none (a parameter is then an unknown name).
    params: Mutex<Option<UserVariables>>,
    /// The last value MySQL's `LAST_INSERT_ID(x)` was given in the running statement.
    last_insert_id: Arc<Mutex<Option<i64>>>,
    /// PostgreSQL's sequences, which `ql_nextval(name)` draws from.
    sequences: Arc<Mutex<Sequences>>,
    /// PostgreSQL's heap order, which `ql_heap(table, rowid)` reads.
    heap: Arc<Mutex<HeapOrder>>,
    /// What made each row the running RETURNING returns (`returning.rs`), in its order: an
    /// upsert's insert or its update, as `ql_inserted(table, rowid)` reads it.
    returned: Arc<Mutex<Vec<ChangeKind>>>,
}

/// MySQL user variables by name (lower case, without the `@`).
pub type UserVariables = VecMap<String, Value>;

/// The `n`th id of the NEWID() sequence: splitmix64 of n, as an upper-case GUID.
pub fn newid(n: u64) -> String {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let a = mix(n.wrapping_mul(2).wrapping_add(0x9e37_79b9_7f4a_7c15));
    let b = mix(n
        .wrapping_mul(2)
        .wrapping_add(1)
        .wrapping_add(0x9e37_79b9_7f4a_7c15));
    let hex = format!("{a:016X}{b:016X}");
    // A version 4 id: its version digit 4, and its variant's two bits 10 (a digit 8 to B).
    let variant = ["8", "9", "A", "B"][(b >> 62) as usize];
    format!(
        "{}-{}-4{}-{variant}{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

/// How many SQLite VM instructions pass between two budget checks.
const BUDGET_GRAIN: i32 = 1000;

impl Store {
    /// An empty in-memory database. `step_budget` bounds the SQLite VM instructions one
    /// statement may take, so runaway SQL is interrupted instead of hanging the page.
    pub fn open(step_budget: u64) -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory().map_err(store_error)?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        // A string or blob past this is SQLITE_TOOBIG, named in `budget_error`, instead of
        // hundreds of megabytes (`hex(zeroblob(300000000))`).
        conn.set_limit(
            rusqlite::limits::Limit::SQLITE_LIMIT_LENGTH,
            crate::limits::MAX_VALUE_BYTES,
        )
        .map_err(store_error)?;
        let changes: Arc<Mutex<Vec<RowChange>>> = Arc::default();
        let clock = Arc::new(std::sync::atomic::AtomicI64::new(0));
        let txn_clock = Arc::new(std::sync::atomic::AtomicI64::new(0));
        let budget = Arc::new(AtomicU64::new(step_budget));
        let spent = Arc::new(AtomicU64::new(0));

        let log = changes.clone();
        conn.preupdate_hook(Some(
            move |action: Action, db: &str, table: &str, case: &PreUpdateCase| {
                if db != "main" {
                    return; // the engine's own temp tables
                }
                if let Some(change) = record(action, table, case) {
                    if let Ok(mut l) = log.lock() {
                        l.push(change);
                    }
                }
            },
        ))
        .map_err(store_error)?;

        let (b, s) = (budget.clone(), spent.clone());
        conn.progress_handler(
            BUDGET_GRAIN,
            Some(move || {
                let used = s.fetch_add(BUDGET_GRAIN as u64, Ordering::Relaxed);
                used >= b.load(Ordering::Relaxed)
            }),
        )
        .map_err(store_error)?;

        let c = clock.clone();
        conn.create_collation(crate::dialect::catalog::CASE_BLIND, |a: &str, b: &str| {
            use crate::dialect::catalog::fold_case_blind;
            fold_case_blind(a).cmp(&fold_case_blind(b))
        })
        .map_err(store_error)?;
        // Every function is one boxed closure type: each type given to rusqlite is another
        // copy of its call wrapper in the browser download (about 2.5 KB each).
        let mut functions: Vec<(&str, i32, bool, SqlFn)> = Vec::new();
        // The statement's clock, and PostgreSQL's (when the transaction began).
        for (name, instant) in [
            (NOW_FN, c),
            (crate::dialect::exprs::TXN_NOW_FN, txn_clock.clone()),
        ] {
            functions.push((
                name,
                0,
                false,
                Box::new(move |_ctx| {
                    Ok(Sql::Text(super::clock::format_timestamp(
                        instant.load(Ordering::Relaxed),
                    )))
                }),
            ));
        }
        let last_insert_id: Arc<Mutex<Option<i64>>> = Arc::default();
        let given = last_insert_id.clone();
        functions.push((
            crate::dialect::mysql::last_insert_id::SET_FN,
            1,
            false,
            Box::new(move |ctx| {
                let v = sql_value(value(ctx.get_raw(0)));
                if let Sql::Integer(n) = v {
                    if let Ok(mut g) = given.lock() {
                        *g = Some(n);
                    }
                }
                Ok(v)
            }),
        ));
        let newids: Arc<AtomicU64> = Arc::default();
        let n = newids.clone();
        functions.push((
            NEWID_FN,
            0,
            false,
            Box::new(move |_ctx| Ok(Sql::Text(newid(n.fetch_add(1, Ordering::Relaxed))))),
        ));
        let sequences: Arc<Mutex<Sequences>> = Arc::default();
        for (name, args, call) in [
            (NEXTVAL_FN, 1, SequenceCall::Next),
            (sequence_fns::CURRVAL_FN, 1, SequenceCall::Current),
            (sequence_fns::SETVAL_FN, 3, SequenceCall::Set),
            (sequence_fns::LASTVAL_FN, 0, SequenceCall::Last),
        ] {
            let seq = sequences.clone();
            functions.push((
                name,
                args,
                false,
                Box::new(move |ctx| sequence_call(&seq, call, ctx)),
            ));
        }
        let heap: Arc<Mutex<HeapOrder>> = Arc::default();
        let h = heap.clone();
        functions.push((HEAP_FN, 2, false, Box::new(move |ctx| heap_place(&h, ctx))));
        let locked: LockedSets = Arc::default();
        let l = locked.clone();
        // `ql_locked(id, rowid...)`: one rowid, or one per table of a locking read of a join
        // (`dialect/join_locks.rs`), whose sets hold the locked joined rows one after another.
        functions.push((
            LOCKED_FN,
            -1,
            false,
            Box::new(move |ctx| {
                let id = raw_int(ctx, 0);
                // A request nobody filled (one session, no engine locks) keeps every row.
                let keep = l
                    .lock()
                    .map(|sets| {
                        sets.get(&(id as usize))
                            .is_none_or(|s| locked_at(s, ctx).is_some())
                    })
                    .unwrap_or(true);
                Ok(Sql::Integer(i64::from(keep)))
            }),
        ));
        let l = locked.clone();
        functions.push((
            LOCK_ORDER_FN,
            -1,
            false,
            Box::new(move |ctx| {
                let id = raw_int(ctx, 0);
                // Unfilled: every row ties, and the query's own order (rowid) stands.
                Ok(Sql::Integer(
                    l.lock()
                        .ok()
                        .and_then(|sets| locked_at(sets.get(&(id as usize))?, ctx))
                        .unwrap_or(0) as i64,
                ))
            }),
        ));
        functions.push(("repeat", 2, true, Box::new(repeat)));
        let returned: Arc<Mutex<Vec<ChangeKind>>> = Arc::default();
        let kinds = returned.clone();
        functions.push((
            crate::dialect::postgres::xmax::INSERTED_FN,
            2,
            false,
            Box::new(move |ctx| Ok(Sql::Integer(i64::from(inserted(&kinds, ctx))))),
        ));
        // SQLite's own round() rounds the binary double: round(1.005, 2) is 1.0 (1.005 is
        // 1.00499... as a double), where both servers round the decimal written, 1.01.
        for args in [1, 2, 3] {
            functions.push(("round", args, true, Box::new(round_decimal)));
        }
        // SQLite's own lower() and upper() change ASCII letters only (`engine/case_fns.rs`).
        functions.push(("lower", 1, true, Box::new(super::case_fns::lower)));
        functions.push(("upper", 1, true, Box::new(super::case_fns::upper)));
        functions.push((
            crate::dialect::num_as_text::NUM_TEXT_FN,
            2,
            true,
            Box::new(num_text),
        ));
        functions.push((
            crate::dialect::division::NONZERO_FN,
            1,
            true,
            Box::new(nonzero),
        ));
        functions.push((
            crate::dialect::scalar_rows::MANY_ROWS_FN,
            0,
            true,
            Box::new(|_| {
                Err(rusqlite::Error::UserFunctionError(
                    crate::dialect::scalar_rows::MANY_ROWS.into(),
                ))
            }),
        ));
        functions.push((
            crate::dialect::exprs::NOT_NEGATIVE_FN,
            2,
            true,
            Box::new(unsigned),
        ));
        for (name, args, kind) in [
            (int_values::ARITH_FN, -1, IntCall::Arith),
            (int_values::CAST_FN, 3, IntCall::Cast),
            (crate::dialect::int_writes::ROUND_FN, 3, IntCall::Round),
        ] {
            functions.push((name, args, true, Box::new(move |ctx| int_call(kind, ctx))));
        }
        functions.push((
            crate::dialect::mysql::collation::INSTR_FN,
            2,
            true,
            Box::new(instr_case_blind),
        ));
        {
            use super::jsonb_fns::{call, JsonbCall};
            use crate::dialect::postgres::jsonb as ops;
            for (name, kind) in [
                (ops::GET_FN, JsonbCall::Get),
                (ops::TEXT_FN, JsonbCall::Text),
                (ops::CONTAINS_FN, JsonbCall::Contains),
                (ops::EQUALS_FN, JsonbCall::Equals),
            ] {
                functions.push((name, 2, true, Box::new(move |ctx| call(kind, ctx))));
            }
        }
        {
            use super::array_fns::{call, ArrayCall};
            use crate::dialect::postgres::array_values as ops;
            for (name, args, kind) in [
                (ops::APPEND_FN, 3, ArrayCall::Append),
                (ops::LENGTH_FN, 2, ArrayCall::Length),
                (ops::CARDINALITY_FN, 1, ArrayCall::Cardinality),
                (ops::ANY_FN, 2, ArrayCall::Any),
            ] {
                functions.push((name, args, true, Box::new(move |ctx| call(kind, ctx))));
            }
        }
        use crate::dialect::elapsed::{ELAPSED_FN, INTERVAL_VALUE_FN};
        functions.push((ELAPSED_FN, 2, true, Box::new(super::time_fns::elapsed)));
        functions.push((
            crate::dialect::mysql::timestampdiff::FUNCTION,
            3,
            true,
            Box::new(super::time_fns::my_timestampdiff),
        ));
        functions.push((
            crate::dialect::mysql::unix_time::FUNCTION,
            1,
            true,
            Box::new(super::time_fns::my_unix_timestamp),
        ));
        functions.push((
            INTERVAL_VALUE_FN,
            5,
            true,
            Box::new(super::time_fns::interval_value),
        ));
        for (name, args, kind) in super::math_fns::MathCall::ALL {
            functions.push((
                name,
                args,
                true,
                Box::new(move |ctx| super::math_fns::call(kind, ctx)),
            ));
        }
        for (name, date) in [("date", true), ("time", false)] {
            functions.push((
                name,
                1,
                true,
                Box::new(move |ctx| super::time_fns::part(date, ctx)),
            ));
        }
        for kind in [ShiftCall::Postgres, ShiftCall::MariaDb] {
            functions.push((
                kind.name(),
                super::time_fns::SHIFT_ARITY,
                true,
                Box::new(move |ctx| super::time_fns::call(kind, ctx)),
            ));
        }
        for (name, greatest) in [
            (crate::dialect::extremes::GREATEST_FN, true),
            (crate::dialect::extremes::LEAST_FN, false),
        ] {
            functions.push((name, -1, true, Box::new(move |ctx| extreme(ctx, greatest))));
        }
        for (name, args, deterministic, f) in functions {
            let flags = if deterministic {
                FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC
            } else {
                FunctionFlags::SQLITE_UTF8
            };
            conn.create_scalar_function(name, args, flags, f)
                .map_err(store_error)?;
        }
        Ok(Store {
            conn,
            changes,
            clock,
            txn_clock,
            locked,
            columns: Mutex::default(),
            table_names: Mutex::default(),
            has_counters: Mutex::default(),
            schema_epoch: AtomicU64::new(0),
            newids,
            budget,
            spent,
            params: Mutex::default(),
            last_insert_id,
            sequences,
            heap,
            returned,
        })
    }

    /// PostgreSQL's heap order, for the engine to keep (a checkpoint clones it).
    pub fn heap(&self) -> std::sync::MutexGuard<'_, HeapOrder> {
        // A panic elsewhere cannot leave the places half-written: each change is one call.
        self.heap.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A statement of `session` begins a try, given again what its earlier try drew from
    /// sequences.
    pub fn start_try(&self, session: usize, again: Draws) {
        if let Ok(mut s) = self.sequences.lock() {
            s.start_try(session, again);
        }
    }

    /// The try ended: what it drew from sequences.
    pub fn end_try(&self) -> Draws {
        self.sequences
            .lock()
            .map(|mut s| s.end_try())
            .unwrap_or_default()
    }

    /// Where every sequence stands: a checkpoint keeps it, a rewind puts it back.
    pub fn sequence_state(&self) -> SequenceState {
        self.sequences
            .lock()
            .map(|s| s.state().clone())
            .unwrap_or_default()
    }

    pub fn set_sequence_state(&self, state: SequenceState) {
        if let Ok(mut s) = self.sequences.lock() {
            s.set_state(state);
        }
    }

    /// An INSERT's rows computed ahead of the statement (its keys, its row count, the rows
    /// kept over a wait): the values it drew from sequences are the statement's own, given
    /// to it again (`Sequences::give_back`).
    pub fn look_ahead(&self, sql: &str) -> Result<ResultSet, StoreError> {
        let mark = self.sequences.lock().map(|s| s.drawn_count()).unwrap_or(0);
        let rows = self.query(sql);
        if let Ok(mut s) = self.sequences.lock() {
            s.give_back(mark);
        }
        rows
    }

    /// The catalog's sequences now (`Sequences::define`).
    pub fn define_sequences(&self, defs: Vec<SequenceDef>) {
        if let Ok(mut s) = self.sequences.lock() {
            s.define(defs);
        }
    }

    /// The value the running statement last gave `LAST_INSERT_ID(x)`, taken (so the next
    /// statement, or the next try of this one, starts with none).
    pub fn take_last_insert_id(&self) -> Option<i64> {
        self.last_insert_id.lock().ok().and_then(|mut g| g.take())
    }

    /// Sets the instant `ql_now()` returns (seconds since the Unix epoch).
    pub fn set_clock(&self, now: i64) {
        self.clock.store(now, Ordering::Relaxed);
    }

    /// The instant `ql_now()` returns.
    pub fn clock_now(&self) -> i64 {
        self.clock.load(Ordering::Relaxed)
    }

    /// Sets the instant `ql_txn_now()` returns: when the running statement's transaction
    /// began.
    pub fn set_txn_clock(&self, began: i64) {
        self.txn_clock.store(began, Ordering::Relaxed);
    }

    /// Sets the rows `ql_locked(id, rowid)` accepts for lock request `id`.
    pub fn set_locked(&self, id: usize, rows: Vec<i64>) {
        if let Ok(mut sets) = self.locked.lock() {
            sets.insert(id, rows);
        }
    }

    /// The rows lock request `id` locked, in the order it locked them.
    pub fn locked_rows(&self, id: usize) -> Vec<i64> {
        (self.locked.lock().ok())
            .and_then(|sets| sets.get(&id).cloned())
            .unwrap_or_default()
    }

    /// Forgets every lock request's rows (between statements).
    pub fn clear_locked(&self) {
        if let Ok(mut sets) = self.locked.lock() {
            sets.clear();
        }
    }

    /// The user variables the next statements' `@name` parameters read (see `params`).
    pub fn set_params(&self, vars: Option<UserVariables>) {
        if let Ok(mut p) = self.params.lock() {
            *p = vars;
        }
    }

    /// Binds each `@name` parameter of `stmt` to its user variable, NULL when never set (as
    /// MySQL reads an unset variable). Without user variables, or for another kind of
    /// parameter, the name is unknown, as the vendor would say of it.
    fn bind_params(&self, stmt: &mut rusqlite::CachedStatement<'_>) -> Result<(), StoreError> {
        let params = self.params.lock().map(|p| p.clone()).unwrap_or_default();
        for i in 1..=stmt.parameter_count() {
            let name = stmt.parameter_name(i).unwrap_or("?").to_string();
            let value = match (&params, name.strip_prefix('@')) {
                (Some(vars), Some(n)) => vars.get(&n.to_ascii_lowercase()).cloned(),
                _ => {
                    let bare = name.trim_start_matches(['@', ':', '$', '?']);
                    return Err(store_error(rusqlite::Error::SqliteFailure(
                        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR),
                        Some(format!("no such column: {bare}")),
                    )));
                }
            };
            bind_value(stmt, i, value.unwrap_or(Value::Null))?;
        }
        Ok(())
    }

    /// Whether an SQLite transaction is open (a checkpoint's savepoint, see `Lab::checkpoint`).
    pub fn in_transaction(&self) -> bool {
        !self.conn.is_autocommit()
    }

    /// How many NEWID() values were given: a checkpoint keeps it, a rewind puts it back.
    pub fn newids_given(&self) -> u64 {
        self.newids.load(Ordering::Relaxed)
    }

    pub fn set_newids_given(&self, n: u64) {
        self.newids.store(n, Ordering::Relaxed);
    }

    /// How many times the schema may have changed: a checkpoint notes it.
    pub fn schema_epoch(&self) -> u64 {
        self.schema_epoch.load(Ordering::Relaxed)
    }

    /// Forgets what was learnt since a checkpoint taken at schema epoch `epoch`, which a
    /// rewind has undone: the rows' locks and changes, and, if DDL ran, the schema.
    pub fn forget_since(&self, epoch: u64) {
        if self.schema_epoch() != epoch {
            self.schema_changed();
        }
        self.clear_locked();
        self.take_changes();
    }

    /// Drops what depends on the schema: column lists, and prepared statements (SQLite
    /// re-prepares a stale one only when it steps, after we have read its columns).
    fn schema_changed(&self) {
        self.schema_epoch.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut m) = self.columns.lock() {
            m.clear();
        }
        if let Ok(mut t) = self.table_names.lock() {
            *t = None;
        }
        if let Ok(mut c) = self.has_counters.lock() {
            *c = None;
        }
        self.conn.flush_prepared_statement_cache();
    }

    /// Runs `sql` in order inside one savepoint: all or nothing.
    pub fn run(&self, sql: &[String]) -> Result<Executed, StoreError> {
        self.exec("SAVEPOINT ql_stmt")?;
        match self.run_all(sql) {
            Ok(done) => {
                self.exec("RELEASE ql_stmt")?;
                Ok(done)
            }
            Err(e) => {
                let _ = self.exec("ROLLBACK TO ql_stmt");
                let _ = self.exec("RELEASE ql_stmt");
                self.take_changes();
                Err(e)
            }
        }
    }

    /// `done`, unless it left a table it inserted into with more rows than
    /// `MAX_TABLE_ROWS`: then an error naming the limit (the caller undoes the statement).
    pub fn rows_within_limit(&self, done: Executed) -> Result<Executed, StoreError> {
        let mut grown: Vec<&str> = Vec::new();
        for c in done.changes.iter().filter(|c| c.kind == ChangeKind::Insert) {
            if !grown.contains(&c.table.as_str()) {
                grown.push(&c.table);
            }
        }
        for table in grown {
            let sql = format!(
                "SELECT count(*) FROM {}",
                crate::dialect::catalog::ident(table)
            );
            let count = match self.query(&sql)?.1.first().and_then(|r| r.first()) {
                Some(Value::Int(n)) => usize::try_from(*n).unwrap_or(0),
                _ => 0,
            };
            if count > crate::limits::MAX_TABLE_ROWS {
                return Err(StoreError {
                    code: rusqlite::ffi::SQLITE_FULL,
                    message: crate::limits::over(
                        &format!("rows in table {table}"),
                        count,
                        crate::limits::MAX_TABLE_ROWS,
                        "MAX_TABLE_ROWS",
                    ),
                    interrupted: false,
                    over_limit: true,
                });
            }
        }
        Ok(done)
    }

    /// Runs transaction control (BEGIN, COMMIT, ROLLBACK) as is, outside any savepoint.
    pub fn run_raw(&self, sql: &[String]) -> Result<Executed, StoreError> {
        self.run_all(sql)
    }

    fn run_all(&self, sql: &[String]) -> Result<Executed, StoreError> {
        let ddl = sql.iter().any(|s| changes_schema(s));
        if ddl {
            self.schema_changed();
        }
        self.take_changes();
        self.spent.store(0, Ordering::Relaxed);
        let mut done = Executed::default();
        for s in sql {
            let (columns, rows) = self.query(s)?;
            if columns.is_some() {
                done.columns = columns;
                done.rows = rows;
            }
        }
        if ddl && sql.iter().any(|s| returning::changes_tables(s)) {
            self.make_holders();
        }
        done.changes = self.take_changes();
        Ok(done)
    }

    /// Whether SQLite can compile `sql` (its tables and columns exist), without running it
    /// (the compiled statement is kept for the run).
    pub fn compiles(&self, sql: &str) -> Result<(), StoreError> {
        if let Some(r) = returning::split(sql) {
            return self.returning_compiles(sql, &r);
        }
        self.conn
            .prepare_cached(sql)
            .map(|_| ())
            .map_err(store_error)
    }

    /// Runs SQL that returns nothing (savepoints), discarding any row changes it causes.
    pub fn exec(&self, sql: &str) -> Result<(), StoreError> {
        if sql.contains(';') {
            if changes_schema(sql) {
                self.schema_changed();
            }
            self.conn.execute_batch(sql).map_err(store_error)?;
            if returning::changes_tables(sql) {
                self.make_holders();
            }
            return Ok(());
        }
        // One statement (a savepoint, mostly): from the statement cache.
        let mut stmt = self.conn.prepare_cached(sql).map_err(store_error)?;
        stmt.raw_execute().map(|_| ()).map_err(store_error)
    }

    /// Runs one statement; returns its columns (if it yields rows) and rows.
    pub fn query(&self, sql: &str) -> Result<ResultSet, StoreError> {
        match returning::split(sql) {
            Some(r) => self.query_returning(sql, &r),
            None => self.query_one(sql),
        }
    }

    /// [`Store::query`] of a statement that SQLite runs as it is.
    fn query_one(&self, sql: &str) -> Result<ResultSet, StoreError> {
        // Cached: permutations of a spec and a session's retries run the same SQL again.
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| self.budget_error(e))?;
        if stmt.parameter_count() > 0 {
            self.bind_params(&mut stmt)?;
        }
        let n = stmt.column_count();
        if n == 0 {
            stmt.raw_execute().map_err(|e| self.budget_error(e))?;
            return Ok((None, Vec::new()));
        }
        let columns: Vec<String> = column_names(&stmt).map(str::to_string).collect();
        let mut rows = Vec::new();
        let mut it = stmt.raw_query();
        while let Some(row) = it.next().map_err(|e| self.budget_error(e))? {
            let mut values = Vec::with_capacity(n);
            for i in 0..n {
                values.push(value(row.get_ref(i).map_err(store_error)?));
            }
            rows.push(values);
        }
        Ok((Some(columns), rows))
    }

    fn budget_error(&self, e: rusqlite::Error) -> StoreError {
        let mut err = store_error(e);
        if err.code == rusqlite::ffi::SQLITE_TOOBIG {
            err.over_limit = true;
            err.message = format!(
                "a value of more than {} bytes: over Queue Lab's limit (MAX_VALUE_BYTES) on one string or blob",
                crate::limits::thousands(crate::limits::MAX_VALUE_BYTES as u128)
            );
        }
        if err.code == rusqlite::ffi::SQLITE_INTERRUPT {
            err.interrupted = true;
            err.message = format!(
                "statement interrupted: it ran past the step budget of {} SQLite steps (an endless recursive query?)",
                self.budget.load(Ordering::Relaxed)
            );
        }
        err
    }

    /// Drops the row changes logged since the last statement (the engine's own bookkeeping).
    pub fn discard_changes(&self) {
        self.take_changes();
    }

    /// How many rows of `table` the running statement inserted so far (a failed statement's
    /// too: its rows are logged before SQLite undoes them).
    pub fn logged_inserts(&self, table: &str) -> usize {
        self.changes.lock().map_or(0, |l| {
            l.iter()
                .filter(|c| c.kind == ChangeKind::Insert && c.table.eq_ignore_ascii_case(table))
                .count()
        })
    }

    fn take_changes(&self) -> Vec<RowChange> {
        self.changes
            .lock()
            .map(|mut l| std::mem::take(&mut *l))
            .unwrap_or_default()
    }

    /// A table's column names, in storage order.
    pub fn columns(&self, table: &str) -> Vec<String> {
        if let Some(c) = self.columns.lock().ok().and_then(|m| m.get(table).cloned()) {
            return c;
        }
        let c = self.read_columns(table);
        if let Ok(mut m) = self.columns.lock() {
            m.insert(table.to_string(), c.clone());
        }
        c
    }

    /// SQLite's LIKE as the vendor's (`like_fn.rs`), for this connection.
    pub fn vendor_like(&self, rules: LikeRules) -> Result<(), StoreError> {
        let flags = FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC;
        for args in [2, 3] {
            // The one boxed closure type every function has (see `open`).
            let f: SqlFn = Box::new(move |ctx| super::like_fn::call(ctx, rules));
            self.conn
                .create_scalar_function("like", args, flags, f)
                .map_err(store_error)?;
            if rules.case_blind {
                // MariaDB's LIKE over a binary string compares bytes (`mysql/collation.rs`).
                let bytes = LikeRules {
                    case_blind: false,
                    ..rules
                };
                let f: SqlFn = Box::new(move |ctx| super::like_fn::call(ctx, bytes));
                self.conn
                    .create_scalar_function(LIKE_BYTES_FN, args, flags, f)
                    .map_err(store_error)?;
            }
        }
        Ok(())
    }

    fn read_columns(&self, table: &str) -> Vec<String> {
        // The names a query of every column reads: SQLite's pragmas are not in the browser's
        // build (.cargo/config.toml).
        let sql = format!(
            "SELECT * FROM {} LIMIT 0",
            crate::dialect::catalog::ident(table)
        );
        // A statement of its own, not the cache's: a cached one may keep the columns it was
        // prepared with until it next steps, and a rebuilt table has others.
        self.conn
            .prepare(&sql)
            .map(|stmt| column_names(&stmt).map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// Every user table (creation order) with its rows (rowid order).
    /// Feeds every table's name, columns and rows (rowid, then each value with its type)
    /// to `feed`, in a fixed order, without building values: what a fingerprint hashes.
    /// `heap`: each table's rows in PostgreSQL's heap order (`ql_heap`), which decides what
    /// later reads list, rather than by rowid.
    pub fn digest_tables(&self, heap: bool, feed: &mut dyn FnMut(&[u8])) -> Result<(), StoreError> {
        // AUTO_INCREMENT counters: two states alike but for them go on differently. (SQLite
        // has no `sqlite_sequence` before the first AUTOINCREMENT table.)
        if self.has_counters()? {
            let (_, rows) = self.query("SELECT name, seq FROM sqlite_sequence ORDER BY name")?;
            for row in rows {
                feed(b"S");
                for v in row {
                    match v {
                        Value::Int(i) => feed(&i.to_le_bytes()),
                        Value::Text(t) => feed(t.as_bytes()),
                        _ => feed(b"?"),
                    }
                }
            }
        }
        for name in self.table_names()? {
            feed(b"T");
            feed(name.as_bytes());
            let order = match heap {
                true => format!("{HEAP_FN}('{}', rowid), ", name.replace('\'', "''")),
                false => String::new(),
            };
            let sql = format!(
                "SELECT rowid, * FROM {} ORDER BY {order}rowid",
                crate::dialect::catalog::ident(&name)
            );
            let mut stmt = self
                .conn
                .prepare_cached(&sql)
                .map_err(|e| self.budget_error(e))?;
            let n = stmt.column_count();
            for c in column_names(&stmt) {
                feed(c.as_bytes());
                feed(b",");
            }
            let mut it = stmt.raw_query();
            while let Some(row) = it.next().map_err(|e| self.budget_error(e))? {
                feed(b"R");
                for i in 0..n {
                    feed_value(feed, row.get_ref(i).map_err(store_error)?);
                }
            }
        }
        Ok(())
    }

    /// Whether `sqlite_sequence` exists, read once per schema (the explorer digests every
    /// state: a query that fails to prepare each time would cost it).
    fn has_counters(&self) -> Result<bool, StoreError> {
        if let Some(has) = self.has_counters.lock().ok().and_then(|c| *c) {
            return Ok(has);
        }
        let (_, rows) = self.query("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'")?;
        let has = !rows.is_empty();
        if let Ok(mut c) = self.has_counters.lock() {
            *c = Some(has);
        }
        Ok(has)
    }

    /// The user's tables in creation order, read once per schema (DDL and rewinds past it
    /// clear the list, with the column lists).
    fn table_names(&self) -> Result<Vec<String>, StoreError> {
        if let Some(names) = self.table_names.lock().ok().and_then(|t| t.clone()) {
            return Ok(names);
        }
        let (_, rows) = self.query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
        )?;
        let names: Vec<String> = rows
            .into_iter()
            .filter_map(|r| match r.into_iter().next() {
                Some(Value::Text(n)) => Some(n),
                _ => None,
            })
            .collect();
        if let Ok(mut t) = self.table_names.lock() {
            *t = Some(names.clone());
        }
        Ok(names)
    }

    pub fn tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let mut out = Vec::new();
        for name in self.table_names()? {
            let quoted = crate::dialect::catalog::ident(&name);
            let (cols, rows) =
                self.query(&format!("SELECT rowid, * FROM {quoted} ORDER BY rowid"))?;
            let columns = cols.unwrap_or_default().into_iter().skip(1).collect();
            let rows = rows
                .into_iter()
                .map(|mut r| {
                    let rowid = match r.first() {
                        Some(Value::Int(i)) => *i,
                        _ => 0,
                    };
                    r.remove(0);
                    (rowid, r)
                })
                .collect();
            out.push(StoredTable {
                name,
                columns,
                rows,
            });
        }
        Ok(out)
    }
}

fn record(action: Action, table: &str, case: &PreUpdateCase) -> Option<RowChange> {
    if table.starts_with("sqlite_") {
        return None; // AUTOINCREMENT bookkeeping, not the user's rows
    }
    let mut c = RowChange {
        table: table.to_string(),
        kind: ChangeKind::Insert,
        old_rowid: 0,
        new_rowid: 0,
        old: Vec::new(),
        new: Vec::new(),
        heap_place: 0,
    };
    match case {
        PreUpdateCase::Insert(n) => {
            c.new_rowid = n.get_new_row_id();
            c.new = (0..n.get_column_count())
                .map(|i| n.get_new_column_value(i).map(value).unwrap_or(Value::Null))
                .collect();
        }
        PreUpdateCase::Delete(o) => {
            c.kind = ChangeKind::Delete;
            c.old_rowid = o.get_old_row_id();
            c.old = (0..o.get_column_count())
                .map(|i| o.get_old_column_value(i).map(value).unwrap_or(Value::Null))
                .collect();
        }
        PreUpdateCase::Update {
            old_value_accessor: o,
            new_value_accessor: n,
        } => {
            c.kind = ChangeKind::Update;
            c.old_rowid = o.get_old_row_id();
            c.new_rowid = n.get_new_row_id();
            c.old = (0..o.get_column_count())
                .map(|i| o.get_old_column_value(i).map(value).unwrap_or(Value::Null))
                .collect();
            c.new = (0..n.get_column_count())
                .map(|i| n.get_new_column_value(i).map(value).unwrap_or(Value::Null))
                .collect();
        }
        PreUpdateCase::Unknown => return None,
    }
    let _ = action;
    Some(c)
}

fn value(v: ValueRef<'_>) -> Value {
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(r) => Value::Real(r),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    }
}

/// PostgreSQL's `greatest` (`least`): the largest (smallest) argument, NULLs skipped; NULL
/// when all are. Compared as SQLite orders values.
fn extreme(
    ctx: &rusqlite::functions::Context,
    greatest: bool,
) -> rusqlite::Result<rusqlite::types::Value> {
    let mut best: Option<rusqlite::types::Value> = None;
    for i in 0..ctx.len() {
        let v: rusqlite::types::Value = ctx.get(i)?;
        if v == rusqlite::types::Value::Null {
            continue;
        }
        let better = match &best {
            None => true,
            Some(b) => {
                let order = sqlite_order(&v, b);
                if greatest {
                    order == std::cmp::Ordering::Greater
                } else {
                    order == std::cmp::Ordering::Less
                }
            }
        };
        if better {
            best = Some(v);
        }
    }
    Ok(best.unwrap_or(rusqlite::types::Value::Null))
}

/// SQLite's order of two non-NULL values: numbers, then text, then blobs.
fn sqlite_order(a: &rusqlite::types::Value, b: &rusqlite::types::Value) -> std::cmp::Ordering {
    use rusqlite::types::Value::*;
    let rank = |v: &rusqlite::types::Value| match v {
        Null => 0,
        Integer(_) | Real(_) => 1,
        Text(_) => 2,
        Blob(_) => 3,
    };
    let number = |v: &rusqlite::types::Value| match v {
        Integer(i) => *i as f64,
        Real(r) => *r,
        _ => 0.0,
    };
    match (a, b) {
        (Integer(x), Integer(y)) => x.cmp(y),
        (Text(x), Text(y)) => x.cmp(y),
        (Blob(x), Blob(y)) => x.cmp(y),
        _ if rank(a) == 1 && rank(b) == 1 => number(a)
            .partial_cmp(&number(b))
            .unwrap_or(std::cmp::Ordering::Equal),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// MySQL's and PostgreSQL's `repeat(text, n)`: `text` n times, empty for n < 1, NULL for a
/// NULL argument. The length is checked before anything is built: past `MAX_VALUE_BYTES` it is
/// SQLite's own "too big" (named by `budget_error`), not hundreds of megabytes first.
fn repeat(ctx: &rusqlite::functions::Context) -> rusqlite::Result<Sql> {
    // Numbers repeat as their text (`repeat(5, 2)` is '55'), as the servers cast them.
    let text = match ctx.get_raw(0) {
        ValueRef::Null => return Ok(Sql::Null),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(r) => crate::float_text::display(r),
        ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
    };
    let n = match ctx.get_raw(1) {
        ValueRef::Null => return Ok(Sql::Null),
        ValueRef::Integer(n) => n,
        other => {
            return Err(rusqlite::Error::InvalidFunctionParameterType(
                1,
                other.data_type(),
            ))
        }
    };
    let n = usize::try_from(n).unwrap_or(0);
    if text.len().saturating_mul(n) > crate::limits::MAX_VALUE_BYTES as usize {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_TOOBIG),
            None,
        ));
    }
    Ok(Sql::Text(text.repeat(n)))
}

/// A SQLite function of the engine's: one closure type for all (see `Store::open`).
type SqlFn = Box<dyn Fn(&rusqlite::functions::Context<'_>) -> rusqlite::Result<Sql> + Send>;

use rusqlite::types::Value as Sql;

/// Argument `i`, an integer the engine itself passes (an id, a rowid).
/// Where the rowids `ctx` gives after the request's id stand among a lock request's rows
/// (their tuples one after another), as a place in its order.
fn locked_at(rows: &[i64], ctx: &rusqlite::functions::Context<'_>) -> Option<usize> {
    let width = ctx.len().saturating_sub(1).max(1);
    rows.chunks(width)
        .position(|c| (0..c.len()).all(|i| c[i] == rowid_arg(ctx, i + 1)))
}

/// A rowid argument: NULL (an outer join's missing row) as `NULL_ROWID`.
fn rowid_arg(ctx: &rusqlite::functions::Context<'_>, i: usize) -> i64 {
    match ctx.get_raw(i) {
        ValueRef::Null => NULL_ROWID,
        _ => raw_int(ctx, i),
    }
}

/// The rowid a locking read of a join records for an outer join's missing row.
pub const NULL_ROWID: i64 = i64::MIN;

fn raw_int(ctx: &rusqlite::functions::Context<'_>, i: usize) -> i64 {
    match ctx.get_raw(i) {
        ValueRef::Integer(n) => n,
        _ => 0,
    }
}

/// `ql_heap(table, rowid)`: where the row stands in PostgreSQL's heap order for the running
/// statement (`heap_order`).
fn heap_place(
    heap: &Mutex<HeapOrder>,
    ctx: &rusqlite::functions::Context<'_>,
) -> rusqlite::Result<rusqlite::types::Value> {
    let ValueRef::Text(table) = ctx.get_raw(0) else {
        return Ok(rusqlite::types::Value::Integer(0));
    };
    let table = String::from_utf8_lossy(table);
    let heap = heap.lock().map_err(|_| rusqlite::Error::InvalidQuery)?;
    if heap.spilled(&table) {
        let why = crate::dialect::scan_order::spilled().message;
        let refused = format!("{}{why}", crate::dialect::errors::REFUSED);
        return Err(rusqlite::Error::UserFunctionError(refused.into()));
    }
    Ok(rusqlite::types::Value::Integer(
        heap.place(&table, raw_int(ctx, 1)),
    ))
}

/// `ql_inserted(table, rowid)`: whether the running RETURNING's row `rowid` (its place in the
/// holder, from 1) was written by the statement's insert, not by its ON CONFLICT DO UPDATE
/// (`dialect::postgres::xmax`, `returning.rs`).
fn inserted(returned: &Mutex<Vec<ChangeKind>>, ctx: &rusqlite::functions::Context<'_>) -> bool {
    let place = usize::try_from(raw_int(ctx, 1) - 1).ok();
    returned
        .lock()
        .is_ok_and(|r| place.and_then(|i| r.get(i)) == Some(&ChangeKind::Insert))
}

/// `ql_nonzero(x)`: `x` as it is, unless it is zero, where it fails the statement as the
/// server's division by zero (`dialect::division`). Text counts by its number, as SQLite
/// converts it to divide.
/// MariaDB's INSTR(haystack, needle) under its default collation: case and accents ignored;
/// NULL if either is NULL, a number read as its text.
/// Argument `i` as SQLite's text functions read it (`None`: NULL).
pub(super) fn text_arg(
    ctx: &rusqlite::functions::Context,
    i: usize,
) -> rusqlite::Result<Option<String>> {
    use rusqlite::types::Value as Sql;
    Ok(match ctx.get::<Sql>(i)? {
        Sql::Null => None,
        Sql::Integer(n) => Some(n.to_string()),
        Sql::Real(r) => Some(crate::float_text::display(r)),
        Sql::Text(t) => Some(t),
        Sql::Blob(b) => Some(String::from_utf8_lossy(&b).into_owned()),
    })
}

fn instr_case_blind(
    ctx: &rusqlite::functions::Context,
) -> rusqlite::Result<rusqlite::types::Value> {
    use rusqlite::types::Value as Sql;
    let text = |i: usize| text_arg(ctx, i);
    Ok(match (text(0)?, text(1)?) {
        (Some(h), Some(n)) => Sql::Integer(crate::dialect::general_ci::position(&h, &n)),
        _ => Sql::Null,
    })
}

/// `ql_not_negative(value, failure)`: the failure for a value below zero, else the value:
/// MariaDB's error 1690 for an unsigned result (`mysql/unsigned.rs`), PostgreSQL's 22011 for a
/// substring's length (`substrings.rs`).
fn unsigned(ctx: &rusqlite::functions::Context) -> rusqlite::Result<rusqlite::types::Value> {
    use rusqlite::types::Value as Sql;
    let v: Sql = ctx.get(0)?;
    let negative = match v {
        Sql::Integer(i) => i < 0,
        Sql::Real(r) => r < 0.0,
        _ => false,
    };
    if negative {
        let failure: String = ctx.get(1)?;
        return Err(rusqlite::Error::UserFunctionError(failure.into()));
    }
    Ok(v)
}

/// `round(x [, n])` as the servers round a decimal: the value's shortest digits rounded half
/// away from zero to `n` places (`num_text::decimal`), `n` below 0 rounding to tens, hundreds...;
/// `round(x, n, 1)` as they round a double (`dialect/decimal_arith.rs`): `x` scaled by 10^n,
/// half to even. A REAL, as SQLite's round() gives.
fn round_decimal(ctx: &rusqlite::functions::Context) -> rusqlite::Result<rusqlite::types::Value> {
    use rusqlite::types::Value as Sql;
    let r = match ctx.get::<Sql>(0)? {
        Sql::Real(r) => r,
        Sql::Integer(n) => n as f64,
        Sql::Text(t) => crate::decimal::parse_f64(t.trim()).unwrap_or(0.0),
        Sql::Null | Sql::Blob(_) => return Ok(Sql::Null),
    };
    let places = if ctx.len() > 1 { raw_int(ctx, 1) } else { 0 };
    let shift = 10f64.powi(places.clamp(-30, 0).unsigned_abs() as i32);
    let scale = places.clamp(0, 30) as u32;
    if ctx.len() > 2 {
        let up = 10f64.powi(scale as i32);
        return Ok(Sql::Real((r / shift * up).round_ties_even() / up * shift));
    }
    let text = crate::dialect::num_text::decimal(r / shift, scale);
    Ok(Sql::Real(
        crate::decimal::parse_f64(&text).unwrap_or(r) * shift,
    ))
}

/// `ql_num_text(x, form)`: a number as the server writes it (`dialect/num_as_text.rs`); other
/// values as they are.
fn num_text(ctx: &rusqlite::functions::Context) -> rusqlite::Result<rusqlite::types::Value> {
    use crate::dialect::{num_as_text, num_text};
    use rusqlite::types::Value as Sql;
    let r = match ctx.get::<Sql>(0)? {
        Sql::Real(r) => r,
        Sql::Integer(n) => n as f64,
        other => return Ok(other),
    };
    Ok(Sql::Text(match raw_int(ctx, 1) {
        num_as_text::PG_DOUBLE => num_text::pg_double(r),
        num_as_text::MY_DOUBLE => num_text::my_double(r),
        scale => num_text::decimal(r, scale as u32),
    }))
}

fn nonzero(ctx: &rusqlite::functions::Context) -> rusqlite::Result<rusqlite::types::Value> {
    use rusqlite::types::Value as Sql;
    let v: Sql = ctx.get(0)?;
    let zero = match &v {
        Sql::Integer(i) => *i == 0,
        Sql::Real(r) => *r == 0.0,
        Sql::Text(t) => crate::decimal::parse_f64(t.trim()).is_some_and(|n| n == 0.0),
        Sql::Null | Sql::Blob(_) => false,
    };
    if zero {
        return Err(rusqlite::Error::UserFunctionError(
            crate::dialect::division::DIVISION_BY_ZERO.into(),
        ));
    }
    Ok(v)
}

/// Which of the engine's integer functions a call is.
#[derive(Clone, Copy)]
enum IntCall {
    Arith,
    Cast,
    Round,
}

/// `ql_int_arith`, `ql_int_cast`, `ql_int_round`: PostgreSQL's and MariaDB's
/// integers (`dialect::postgres::int_values`, `dialect::int_writes`).
fn int_call(
    kind: IntCall,
    ctx: &rusqlite::functions::Context,
) -> rusqlite::Result<rusqlite::types::Value> {
    use crate::trace::Value as V;
    // Every argument read raw, as the store reads a row's values: each typed read is
    // another copy of rusqlite's conversion code in the browser download.
    let arg = |i: usize| -> rusqlite::Result<V> { Ok(value(ctx.get_raw(i))) };
    let int = |i: usize| match ctx.get_raw(i) {
        ValueRef::Integer(n) => Ok(n),
        _ => Err(rusqlite::Error::InvalidFunctionParameterType(
            i,
            rusqlite::types::Type::Integer,
        )),
    };
    let v = match kind {
        IntCall::Cast => int_values::cast(arg(0)?, int(1)?, int(2)? != 0),
        IntCall::Round => Ok(crate::dialect::int_writes::round_value(
            arg(0)?,
            int(1)? != 0,
            int(2)? != 0,
        )),
        IntCall::Arith => {
            let V::Text(steps) = arg(0)? else {
                return Err(rusqlite::Error::InvalidFunctionParameterType(
                    0,
                    rusqlite::types::Type::Text,
                ));
            };
            let mut values = Vec::with_capacity(ctx.len());
            for i in 1..ctx.len() {
                values.push(arg(i)?);
            }
            int_values::arith(&steps, values)
        }
    };
    v.map(sql_value)
        .map_err(|m| rusqlite::Error::UserFunctionError(m.into()))
}

/// The engine's value as SQLite's.
fn sql_value(v: crate::trace::Value) -> rusqlite::types::Value {
    use crate::trace::Value as V;
    use rusqlite::types::Value as Sql;
    match v {
        V::Null => Sql::Null,
        V::Int(i) => Sql::Integer(i),
        V::Real(r) => Sql::Real(r),
        V::Text(t) => Sql::Text(t),
        V::Blob(b) => Sql::Blob(b),
    }
}

/// A prepared statement's column names. Not rusqlite's `column_names()`, whose `expect`
/// links the Debug text and code of every rusqlite error into the browser's download
/// (2.6 KB gzip).
fn column_names<'a>(stmt: &'a rusqlite::Statement<'_>) -> impl Iterator<Item = &'a str> {
    (0..stmt.column_count()).filter_map(|i| stmt.column_name(i).ok())
}

fn store_error(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::SqliteFailure(f, msg) => StoreError {
            code: f.extended_code,
            message: msg.clone().unwrap_or_else(|| f.to_string()),
            interrupted: false,
            over_limit: false,
        },
        other => StoreError {
            code: -1,
            message: other.to_string(),
            interrupted: false,
            over_limit: false,
        },
    }
}

/// Whether SQL the engine runs may change the schema: one of its statements starts with
/// CREATE, ALTER or DROP. Runs for every statement, so it allocates nothing.
fn changes_schema(sql: &str) -> bool {
    sql.split(';').any(|part| {
        let head = part.trim_start().get(..6).unwrap_or("");
        ["CREATE", "ALTER ", "DROP T", "DROP I"]
            .iter()
            .any(|w| head.eq_ignore_ascii_case(w))
    })
}

/// Binds parameter `i` of `stmt` to `value`.
fn bind_value(
    stmt: &mut rusqlite::CachedStatement<'_>,
    i: usize,
    value: Value,
) -> Result<(), StoreError> {
    match value {
        Value::Null => stmt.raw_bind_parameter(i, rusqlite::types::Null),
        Value::Int(n) => stmt.raw_bind_parameter(i, n),
        Value::Real(r) => stmt.raw_bind_parameter(i, r),
        Value::Text(t) => stmt.raw_bind_parameter(i, t),
        Value::Blob(b) => stmt.raw_bind_parameter(i, b),
    }
    .map_err(store_error)
}

/// One value's type and bytes, told apart from its neighbours.
fn feed_value(feed: &mut dyn FnMut(&[u8]), v: rusqlite::types::ValueRef) {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => feed(b"n"),
        ValueRef::Integer(i) => {
            feed(b"i");
            feed(&i.to_le_bytes());
        }
        ValueRef::Real(r) => {
            feed(b"r");
            feed(&r.to_bits().to_le_bytes());
        }
        ValueRef::Text(t) => {
            feed(b"t");
            feed(&(t.len() as u64).to_le_bytes());
            feed(t);
        }
        ValueRef::Blob(b) => {
            feed(b"b");
            feed(&(b.len() as u64).to_le_bytes());
            feed(b);
        }
    }
}

/// Which of the engine's sequence functions a call is (`engine::sequences`).
#[derive(Clone, Copy)]
enum SequenceCall {
    Next,
    Current,
    Set,
    Last,
}

/// `ql_nextval(name)`, `ql_currval(name)`, `ql_setval(name, value, called)`, `ql_lastval()`.
/// A NULL argument gives NULL, as the server's strict functions do.
fn sequence_call(
    sequences: &Mutex<Sequences>,
    call: SequenceCall,
    ctx: &rusqlite::functions::Context,
) -> rusqlite::Result<rusqlite::types::Value> {
    use rusqlite::types::Value as Sql;
    let fail = |m: String| rusqlite::Error::UserFunctionError(m.into());
    if (0..ctx.len()).any(|i| matches!(ctx.get_raw(i), ValueRef::Null)) {
        return Ok(Sql::Null);
    }
    let name = match ctx.len() {
        0 => String::new(),
        _ => match ctx.get_raw(0) {
            ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
            _ => String::new(),
        },
    };
    let mut s = sequences
        .lock()
        .map_err(|_| fail("sequences unavailable".into()))?;
    let v = match call {
        SequenceCall::Next => s.next(&name),
        SequenceCall::Current => s.current(&name),
        SequenceCall::Last => s.last(),
        SequenceCall::Set => {
            let (ValueRef::Integer(value), ValueRef::Integer(called)) =
                (ctx.get_raw(1), ctx.get_raw(2))
            else {
                return Err(rusqlite::Error::InvalidFunctionParameterType(
                    1,
                    rusqlite::types::Type::Integer,
                ));
            };
            s.set(&name, value, called != 0)
        }
    };
    v.map(Sql::Integer).map_err(fail)
}
