//! What a front-end hands the engine for one statement: the SQLite to run and how to count it.

use super::catalog::TableDef;

/// How an INSERT treats rows whose keys already exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InsertMode {
    /// A duplicate key is an error.
    Plain,
    /// Rows with a duplicate key are skipped (`INSERT IGNORE`, `ON CONFLICT DO NOTHING`).
    Ignore,
    /// Conflicting rows are deleted first (`REPLACE`).
    Replace,
    /// The conflicting row is updated (`ON DUPLICATE KEY UPDATE`, `ON CONFLICT DO UPDATE`).
    Upsert,
}

/// The kind of statement, which decides how its effect is counted and printed.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanKind {
    Query,
    Insert {
        table: String,
        mode: InsertMode,
        /// `INSERT ... SELECT` or a multi-row VALUES: the MySQL client prints a Records line.
        multi_row_source: bool,
        /// The inserted columns, in order (empty: all of the table's).
        columns: Vec<String>,
        /// The query giving the rows to insert: counted for `INSERT IGNORE`'s Records, and
        /// searched for the clashing value when a duplicate-key error must name it.
        source_query: Option<String>,
        /// The same INSERT reading its rows from `temp.ql_src`: a statement that waited
        /// inserts the values it computed before the wait (servers evaluate the SELECT once).
        stash_sql: Option<String>,
        /// The unique keys an `ON CONFLICT` arbitrates through, by name (PostgreSQL infers
        /// them from its target's columns and WHERE); `None`: every key of the table.
        arbiters: Option<Vec<String>>,
    },
    Update {
        table: String,
    },
    Delete {
        table: String,
        /// TRUNCATE, run as DELETE FROM: the servers report no row count for it (MariaDB
        /// says 0 rows affected).
        truncate: bool,
    },
    /// CREATE, ALTER, DROP and friends: the catalog changes with it.
    Ddl {
        change: CatalogChange,
    },
    /// Accepted and does nothing here (e.g. `USE test`); the note says why.
    Noop,
    /// PostgreSQL's `LOCK TABLE` (the tables and mode in `Plan::table_locks`); `nowait`: fail
    /// at once instead of waiting.
    LockTable {
        nowait: bool,
    },
    /// PostgreSQL's `PREPARE`: the session keeps the statement under its name (`sqlite`: the
    /// statement planned with NULL arguments, which must compile: its tables and columns exist).
    Prepare(std::sync::Arc<super::postgres::prepared::Prepared>),
    /// PostgreSQL's `EXECUTE name (args)`: planned when it runs, from the session's prepared
    /// statement (`engine::lab::prepared`).
    Execute {
        name: String,
        args: Vec<Kept<sqlparser::ast::Expr>>,
    },
    /// PostgreSQL's `DEALLOCATE name` (`None`: `DEALLOCATE ALL`).
    Deallocate(Option<String>),
    /// Transaction control, carried out by the engine (SQLite's own transaction is shared by
    /// every session, so it cannot serve as any one session's).
    Txn(TxnControl),
}

/// A syntax tree a plan holds, compared and printed by its SQL text and copied by
/// `crate::sql::Duplicate`: a plan's derived `Clone`, `Debug` and `PartialEq` then never
/// link sqlparser's own, which cover every database's tree (about 40 KB gzip of the
/// browser download).
pub struct Kept<T>(pub T);

impl<T: crate::sql::Duplicate> Clone for Kept<T> {
    fn clone(&self) -> Self {
        Kept(self.0.duplicate())
    }
}

impl<T: crate::sql::ToSql> PartialEq for Kept<T> {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_sql() == other.0.to_sql()
    }
}

impl<T: crate::sql::ToSql> std::fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.to_sql())
    }
}

/// How an INSERT's rows get their AUTO_INCREMENT ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoIds {
    pub table: String,
    /// The rows of its VALUES list; `None` for `INSERT ... SELECT`.
    pub rows: Option<u64>,
    /// Every row asks for the next value (`false`: every row gives its own, or the query
    /// gives them).
    pub automatic: bool,
}

/// Transaction isolation levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Isolation {
    ReadUncommitted,
    ReadCommitted,
    RepeatableRead,
    Serializable,
}

impl Isolation {
    pub fn label(self) -> &'static str {
        match self {
            Isolation::ReadUncommitted => "READ UNCOMMITTED",
            Isolation::ReadCommitted => "READ COMMITTED",
            Isolation::RepeatableRead => "REPEATABLE READ",
            Isolation::Serializable => "SERIALIZABLE",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TxnControl {
    Begin {
        level: Option<Isolation>,
        /// MySQL's `WITH CONSISTENT SNAPSHOT`: a REPEATABLE READ snapshot taken now.
        snapshot_now: bool,
        /// `READ ONLY` (true) or `READ WRITE`, when said.
        read_only: Option<bool>,
    },
    Commit,
    Rollback,
    /// `SET [SESSION] TRANSACTION ISOLATION LEVEL ... | READ ONLY | READ WRITE`: the open or
    /// next transaction's level and access mode, or (session) every later transaction's;
    /// each `None` when not said.
    SetTransaction {
        level: Option<Isolation>,
        read_only: Option<bool>,
        session: bool,
    },
    /// `SAVEPOINT name`, `ROLLBACK TO [SAVEPOINT] name`, `RELEASE [SAVEPOINT] name` (names
    /// in lower case, as both servers compare them).
    Savepoint(String),
    RollbackTo(String),
    Release(String),
    /// MySQL's `SET autocommit = 0 | 1`: off, a statement outside a transaction opens one
    /// that stays open until COMMIT or ROLLBACK; on again, an open one is committed.
    SetAutocommit(bool),
    /// PostgreSQL's `SET [LOCAL] lock_timeout | statement_timeout` (`ms` 0: off; `local`:
    /// for the rest of the transaction only).
    SetWaitLimit {
        limit: WaitLimit,
        ms: u64,
        local: bool,
    },
    /// PostgreSQL's `LISTEN channel`, `UNLISTEN channel` (`None`: `UNLISTEN *`) and `NOTIFY
    /// channel [, 'payload']`: inside a transaction block they take effect at its commit.
    Listen(String),
    Unlisten(Option<String>),
    /// `column`: called as `SELECT pg_notify(channel, payload)`, whose one row has this
    /// column, holding nothing (the function returns void).
    Notify {
        channel: String,
        payload: String,
        column: Option<String>,
    },
}

/// Which PostgreSQL limit ends a wait, and with which error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitLimit {
    Lock,
    Statement,
}

/// How the catalog changes when a DDL plan succeeds.
#[derive(Debug, Clone, PartialEq)]
pub enum CatalogChange {
    Create(TableDef),
    Replace(TableDef),
    /// DROP TABLE of these tables (those that exist).
    Drop(Vec<String>),
    /// PostgreSQL's `CREATE SEQUENCE`.
    Sequence(super::catalog::SequenceDef),
    /// PostgreSQL's `DROP SEQUENCE`.
    DropSequences(Vec<String>),
    /// PostgreSQL's `CREATE TYPE ... AS ENUM`.
    EnumType(super::postgres::enums::EnumDef),
    /// PostgreSQL's `DROP TYPE`.
    DropTypes(Vec<String>),
    /// PostgreSQL's `CREATE SCHEMA` (lower-cased).
    Schema(String),
    /// PostgreSQL's `CREATE INDEX` of an index that is not unique: its name is kept, or
    /// chosen again as `IndexNaming` says when the session's own transaction holds it.
    PgIndex(super::catalog::PgIndex, IndexNaming),
    /// `CREATE [OR ALTER] PROCEDURE` (T-SQL).
    Procedure(crate::dialect::mssql::tsql::node::ProcDef),
    /// `ALTER DATABASE ... SET READ_COMMITTED_SNAPSHOT ON|OFF` (T-SQL).
    ReadCommittedSnapshot(bool),
    None,
}

/// What PostgreSQL does with a CREATE INDEX whose name the session's own open transaction
/// block has given already (the planner sees committed names only).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum IndexNaming {
    /// A name given: 42P07.
    Given,
    /// IF NOT EXISTS: its notice, and nothing is made.
    IfNotExists,
    /// No name given: the server's name, numbered on past the names taken
    /// (`jobs_state_idx1`).
    Chosen,
}

/// One statement, planned for SQLite.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub kind: PlanKind,
    /// SQLite statements, run in order inside one savepoint.
    pub sqlite: Vec<String>,
    /// One line per rewrite rule that fired, for the "what ran" panel.
    pub notes: Vec<String>,
    /// What a read-only transaction calls this statement when it refuses it (`INSERT`,
    /// `SELECT FOR UPDATE`); `None` when a read-only transaction runs it (`read_only.rs`).
    pub read_only_refusal: Option<String>,
    /// The statement runs in no transaction that lasts: it ends with it, and the next
    /// transaction's settings stay for a later one (`read_only::begins_no_transaction`).
    pub begins_no_transaction: bool,
    /// MySQL: how the rows of an INSERT into a table with an AUTO_INCREMENT column get their
    /// ids (`mysql/auto_increment.rs`).
    pub auto_ids: Option<AutoIds>,
    /// A ring this statement reveals (`... mod N` into a unique key column).
    pub ring: Option<super::catalog::RingHint>,
    /// Row locks the statement's locking reads ask for, served by the engine before it runs.
    pub lock_reads: Vec<super::locks::LockRead>,
    /// Reads other transactions' uncommitted rows (T-SQL `NOLOCK`).
    pub dirty_read: bool,
    /// T-SQL, reads with locks: the tables a join reads, on whose rows SQL Server takes S
    /// locks that the lab does not take for a join (`mssql/hints.rs`); the engine refuses the
    /// statement where they would matter (`Lab::unlocked_join`).
    pub join_reads: Vec<String>,
    /// T-SQL `OUTPUT ... INTO t`: the table the returned rows go to (the interpreter inserts
    /// them in a step of their own).
    pub output_into: Option<String>,
    /// MySQL `SET @a = ...` and `SELECT ... INTO @a`: the user variables (lower case, no `@`)
    /// the statement's one row goes into when it ends; it then returns no result set.
    pub assign: Option<Vec<String>>,
    /// MariaDB's `DELETE ... RETURNING` with a WHERE its optimizer finds impossible answers
    /// with no result set: an SQLite query saying whether that is so when it runs
    /// (`mysql/impossible.rs`).
    pub no_result_set_if: Option<String>,
    /// PostgreSQL's InitPlans: SQLite queries computed once, in the statement's view on its
    /// first try, and bound to `@ql_init_N` (N their index) on every try
    /// (`postgres/init_plans.rs`).
    pub init_plans: Vec<String>,
    /// PostgreSQL's advisory lock calls of a `SELECT pg_advisory_lock(1), ...`, carried out
    /// by the engine in order; the one row they return is the statement's result
    /// (`postgres/advisory.rs`). SQLite runs nothing for such a plan.
    pub advisory: Vec<AdvisoryCall>,
    /// Result columns (by position) whose values the vendor prints otherwise than SQLite
    /// returns them, rewritten once the statement has run (`text_forms.rs`).
    pub text_forms: Vec<(usize, TextForm)>,
    /// PostgreSQL's table-level locks the statement takes before it reads anything
    /// (`postgres/table_locks.rs`), granted by the engine and held to the transaction's end.
    /// Shared, not copied: a step's plans are cloned on every move.
    pub table_locks: super::table_locks::Locks,
    /// What the server tells the client beside a statement that does nothing
    /// (`NOTICE:  sequence "s" does not exist, skipping`), as the client prints it.
    pub notices: Vec<String>,
    /// The tables a PostgreSQL UPDATE or DELETE (or one inside WITH) surely scans: it meets
    /// their rows in the order their versions stand (`engine::heap_order`), so the engine
    /// puts its changes of each, its RETURNING rows and the new versions it writes in that
    /// order (SQLite's go by rowid).
    pub heap_scans: Vec<String>,
    /// A PostgreSQL UPDATE ... FROM or DELETE ... USING a locking read of its own table
    /// (`postgres/lock_order.rs`): the read's id. The server's nested loop meets the target's
    /// rows in the order the read locked them, so the engine puts the changes, their
    /// RETURNING rows and the new versions it writes in that order.
    pub lock_order: Option<usize>,
    /// With `lock_order`, for `WHERE id IN (SELECT id ... FOR UPDATE)` (`lock_order.rs`):
    /// the server makes the read's keys unique before its loop meets the rows, by a hash
    /// table sized for this many groups (`engine::hash_order`), or by a sort where this is
    /// 0. The key's column (its place in the table) and its integer type's width in bits.
    pub lock_hash: Option<(usize, u64, u8)>,
    /// The tables a PostgreSQL data-modifying WITH changes (`postgres/modifying_ctes.rs`).
    pub cte_writes: Vec<String>,
    /// A data-modifying WITH whose DELETE picks its rows by `WHERE id IN (SELECT id ... FOR
    /// UPDATE)` through a hash table (`modifying_ctes.rs`): the locking read's id, the
    /// table, and the key as `lock_hash` has it. The engine puts the rows the read locked in
    /// the hash table's order before the capture of the rows to delete reads them in that
    /// order (`ql_lock_order`), so the DELETE's RETURNING follows it.
    pub capture_hash: Option<(usize, String, (usize, u64, u8))>,
    /// A PostgreSQL UPDATE or DELETE that reads its target's table again: the table, whose
    /// copy as the snapshot has it the engine puts in `temp` after a wait, for those reads
    /// (`postgres/snapshot_reads.rs`).
    pub snapshot_reads: Vec<String>,
    /// A single-table UPDATE that sets a column of a unique key, written one row at a time
    /// where the vendor does (`engine/lab/key_updates.rs`).
    pub row_by_row: Option<RowByRow>,
}

/// An UPDATE's rows written one at a time. InnoDB writes the rows of an UPDATE in the order it
/// reaches them (its ORDER BY's, or its scan's) and checks each row's unique keys as it writes
/// it: `SET pos = pos + 1 ORDER BY pos DESC` moves every row, where SQLite, in rowid order,
/// meets the next row's old position and fails.
#[derive(Debug, Clone, PartialEq)]
pub struct RowByRow {
    /// The rows it changes, in its ORDER BY's order (then the rowid's).
    pub rows: String,
    /// Whether it has an ORDER BY: without one, its rows come in its scan's order.
    pub ordered: bool,
    /// The UPDATE of one row, ending in `rowid = ` for that row's rowid to follow.
    pub update: String,
}

/// A vendor's text form of a value SQLite has no type for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextForm {
    /// PostgreSQL's boolean: `t` / `f` for SQLite's 1 / 0.
    PgBool,
    /// PostgreSQL's `timestamptz` in the session time zone UTC: `2025-01-01 09:00:00+00`.
    PgTimestampTz,
    /// PostgreSQL's double precision: `1`, `1e+20`.
    PgDouble,
    /// MariaDB's DOUBLE: `1`, `1e20`.
    MyDouble,
    /// MariaDB's DATETIME(n) and TIME(n): the fraction of a second with n digits.
    MyFraction(super::temporal::Temporal),
    /// A decimal with this many digits after the point (both servers): `2.50`.
    Decimal(u32),
    /// A PostgreSQL numeric whose values each carry a scale of their own (an average, a
    /// quotient, `coalesce(price, 0)`), which the lab does not keep: no number is shown here
    /// (the engine refuses one).
    NumericOfNoScale,
}

impl TextForm {
    /// `v` as the vendor prints it (values of another shape are left as they are).
    pub fn apply(self, v: &mut crate::trace::Value) {
        use crate::trace::Value;
        match (self, &*v) {
            (TextForm::PgBool, Value::Int(0)) => *v = Value::Text("f".into()),
            (TextForm::PgBool, Value::Int(1)) => *v = Value::Text("t".into()),
            (TextForm::MyFraction(kind), Value::Text(t)) => {
                if let Some(printed) = kind.printed(t) {
                    *v = Value::Text(printed);
                }
            }
            (TextForm::PgTimestampTz, Value::Text(t)) if is_plain_timestamp(t) => {
                *v = Value::Text(format!("{t}+00"))
            }
            (
                number @ (TextForm::PgDouble | TextForm::MyDouble | TextForm::Decimal(_)),
                Value::Int(_) | Value::Real(_),
            ) => {
                let r = match *v {
                    Value::Int(n) => n as f64,
                    Value::Real(r) => r,
                    _ => return,
                };
                *v = Value::Text(match (number, &*v) {
                    (TextForm::PgDouble, _) => super::num_text::pg_double(r),
                    (TextForm::MyDouble, _) => super::num_text::my_double(r),
                    // An integer's digits stay exact past a double's 15.
                    (TextForm::Decimal(0), Value::Int(n)) => n.to_string(),
                    (TextForm::Decimal(s), Value::Int(n)) => format!("{n}.{:0>1$}", "", s as usize),
                    (TextForm::Decimal(s), _) => super::num_text::decimal(r, s),
                    _ => return,
                });
            }
            _ => {}
        }
    }

    /// Whether a value `v` may be shown in this form's column: a fraction only where the
    /// form says how the server prints it, and no number where the server's text depends on
    /// a scale the lab does not keep.
    pub fn shows(form: Option<TextForm>, v: &crate::trace::Value) -> bool {
        use crate::trace::Value;
        match (form, v) {
            (Some(TextForm::NumericOfNoScale), Value::Int(_) | Value::Real(_)) => false,
            (Some(TextForm::PgDouble | TextForm::MyDouble | TextForm::Decimal(_)), _) => true,
            (_, Value::Real(_)) => false,
            _ => true,
        }
    }
}

/// `YYYY-MM-DD HH:MM:SS`, with fractional seconds or not, and no zone.
fn is_plain_timestamp(t: &str) -> bool {
    let b = t.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    b.len() >= 19
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && b[10] == b' '
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19)
        && (b.len() == 19 || (b[19] == b'.' && b.len() > 20 && digits(20..b.len())))
}

/// One call of an advisory lock function.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct AdvisoryCall {
    pub op: AdvisoryOp,
    /// The `_shared` variant (shared locks do not conflict with each other).
    pub shared: bool,
    /// `None` for `pg_advisory_unlock_all()`.
    pub key: Option<AdvisoryKey>,
    /// The result column's name: the function's, or the alias.
    pub column: String,
}

/// What an advisory lock call does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AdvisoryOp {
    /// Takes the lock: held by the session until unlocked, or (`xact`) by the transaction
    /// until it ends; `try_only` answers `f` instead of waiting.
    Lock { xact: bool, try_only: bool },
    /// Releases one session-level hold of the key in the call's mode.
    Unlock,
    /// Releases every session-level hold of the session.
    UnlockAll,
}

pub use crate::ids::AdvisoryKey;

impl Plan {
    /// DDL that runs nothing on SQLite and only changes the catalog (a sequence, an enum
    /// type), with the note saying what it made.
    pub fn catalog_only(change: CatalogChange, note: String) -> Plan {
        let mut plan = Plan::new(PlanKind::Ddl { change }, Vec::new());
        plan.notes.push(note);
        plan
    }

    // Called from some 30 places: inlined, each held its own copy of every field's start.
    #[inline(never)]
    pub fn new(kind: PlanKind, sqlite: Vec<String>) -> Plan {
        Plan {
            kind,
            sqlite,
            notes: Vec::new(),
            read_only_refusal: None,
            auto_ids: None,
            begins_no_transaction: false,
            ring: None,
            lock_reads: Vec::new(),
            dirty_read: false,
            join_reads: Vec::new(),
            output_into: None,
            assign: None,
            no_result_set_if: None,
            init_plans: Vec::new(),
            advisory: Vec::new(),
            text_forms: Vec::new(),
            notices: Vec::new(),
            table_locks: std::sync::Arc::default(),
            heap_scans: Vec::new(),
            lock_order: None,
            lock_hash: None,
            cte_writes: Vec::new(),
            capture_hash: None,
            snapshot_reads: Vec::new(),
            row_by_row: None,
        }
    }

    /// Whether the statement locks or changes rows of `table`. After a wait PostgreSQL reads
    /// the newest version of such rows a commit changed (EvalPlanQual); a row of any other
    /// table it reads (a join's other side, a subquery's) stays as its snapshot first read it.
    pub fn locks_or_writes(&self, table: &str) -> bool {
        let is = |t: &String| t.eq_ignore_ascii_case(table);
        let target = match &self.kind {
            PlanKind::Insert { table, .. }
            | PlanKind::Update { table }
            | PlanKind::Delete { table, .. } => is(table),
            _ => false,
        };
        target || self.lock_count(table) > 0 || self.cte_writes.iter().any(is)
    }

    /// How many locking reads of the statement lock rows of `table`.
    pub fn lock_count(&self, table: &str) -> usize {
        let is = |t: &String| t.eq_ignore_ascii_case(table);
        let mut locked = 0;
        for r in &self.lock_reads {
            // A join's read locks the tables its clauses name, which may leave out the first.
            locked += usize::from(match &r.joined {
                Some(j) => j.locks.iter().any(|l| is(&l.table)),
                None => is(&r.table),
            });
        }
        locked
    }
}
