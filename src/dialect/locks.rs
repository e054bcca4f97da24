//! Rule: locking clauses (`FOR UPDATE`, `FOR SHARE`, `SKIP LOCKED`, `NOWAIT`) become row
//! lock requests the engine serves itself, since SQLite has no row locks.
//!
//! `SELECT ... FROM t WHERE c ORDER BY o LIMIT n FOR UPDATE SKIP LOCKED` becomes a
//! [`LockRead`] (`SELECT t.rowid FROM t WHERE c ORDER BY o`, lock up to n rows, skipping
//! locked ones) and, in the statement, `WHERE (c) AND ql_locked(k, t.rowid)`: the query then
//! returns exactly the rows the engine locked for it, re-checked against their newest version.

use super::exprs::{call, int_expr};
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use crate::sql::Walk;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, Ident, LimitClause, LockClause, LockType, NonBlock, Query, SetExpr, TableFactor,
};
use std::ops::ControlFlow;

/// The SQLite function that tells whether a row is among those locked for request `k`.
pub const LOCKED_FN: &str = "ql_locked";

/// The SQLite function giving a row's place in the order request `k` locked it: a locking
/// read returns rows in that order (PostgreSQL sorts before it locks, so a row re-read after a
/// wait keeps its old place even if its sort key changed).
pub const LOCK_ORDER_FN: &str = "ql_lock_order";

/// The marker (`FOR UPDATE OF ql_update_lock`) that asks for SQL Server's U lock rather than X.
pub const UPDATE_LOCK: &str = "ql_update_lock";

/// The marker (`FOR SHARE OF ql_instant_lock`) of SQL Server's locking READ COMMITTED read: an S
/// lock on each row, released as soon as the row is read.
pub const INSTANT_LOCK: &str = "ql_instant_lock";

/// The marker of SQL Server's XLOCK (X locks held to the end of the transaction).
pub const EXCLUSIVE_LOCK: &str = "ql_exclusive_lock";

/// The marker of SQL Server's HOLDLOCK (S locks held to the end of the transaction).
pub const HELD_SHARE_LOCK: &str = "ql_held_share_lock";

/// The marker of a shared-lock read taken at REPEATABLE READ only: MariaDB's plain subquery
/// of another table in an UPDATE, a DELETE or an INSERT ... SELECT (`mysql/locking_reads.rs`).
pub const REPEATABLE_READ_SHARE: &str = "ql_repeatable_read_share";

/// What a blocked lock request does, from the least strict (two clauses of one table take
/// the stricter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum WaitPolicy {
    Wait,
    SkipLocked,
    NoWait,
}

/// One locking read of a statement.
#[derive(Debug, Clone, PartialEq)]
pub struct LockRead {
    pub id: usize,
    pub table: String,
    /// The candidate rows, in the order the read visits them (no LIMIT: it fetches on).
    pub rowid_sql: String,
    pub limit: Option<u64>,
    /// FOR UPDATE (true) or FOR SHARE (false).
    pub exclusive: bool,
    /// SQL Server's U lock (UPDLOCK) instead of X, for an exclusive read.
    pub update_lock: bool,
    /// PostgreSQL's weaker mode of the two: FOR NO KEY UPDATE, FOR KEY SHARE.
    pub weaker: bool,
    /// Released as soon as the row is read (SQL Server's S locks at READ COMMITTED), unless the
    /// transaction is REPEATABLE READ or above.
    pub instant: bool,
    pub policy: WaitPolicy,
    /// A scan of the whole table, uncommitted rows of others included (index records):
    /// InnoDB's shared next-key locks of `INSERT ... SELECT` at REPEATABLE READ.
    pub whole_table: bool,
    /// Taken only at REPEATABLE READ or above.
    pub repeatable_read_only: bool,
    /// Taken only in an explicit SERIALIZABLE transaction: InnoDB's plain SELECT there reads
    /// as `LOCK IN SHARE MODE`.
    pub serializable_only: bool,
    /// InnoDB's UPDATE or DELETE: `rowid_sql` is the rows its access path reads, each locked
    /// as it is read (see [`WriteScan`]); the statement itself is not narrowed to them.
    pub write_scan: Option<WriteScan>,
    /// InnoDB's locking SELECT: the rows its access path reads, in the order it reads them
    /// (a rowid query, `mysql/access.rs`). Each is locked as it is read, before the WHERE is
    /// looked at: a row another transaction holds is waited for (or skipped) whether it
    /// matches or not, and one that does not match stays locked at REPEATABLE READ.
    pub scan_sql: Option<String>,
    /// InnoDB's scans at REPEATABLE READ: the gaps of the index they read that they lock.
    pub gaps: Option<GapScan>,
    /// PostgreSQL's locking read of a join (`join_locks.rs`): `rowid_sql` gives a rowid of
    /// each table of its FROM, and each joined row locks the rows of the tables here, in
    /// order (`table`, the mode and the policy above are the first's).
    pub joined: Option<super::join_locks::JoinedRead>,
}

/// The gaps an InnoDB scan locks at REPEATABLE READ (built by `mysql/gaps.rs`, taken by
/// `engine/lab/gaps.rs`): for each range of the index it reads, the gap from the entry before
/// the range's first entry to the entry after its last (or to the entry its LIMIT stopped at).
#[derive(Debug, Clone, PartialEq)]
pub struct GapScan {
    /// The index read, as `TableDef::innodb_keys` numbers them.
    pub index: usize,
    /// Every entry of that index in its order: `SELECT rowid, <key fields>, <before range 1>,
    /// <in range 1>, <before range 2>, ...` (the flags 0 or 1).
    pub entries_sql: String,
    /// How many key fields and ranges `entries_sql` gives.
    pub key_len: usize,
    pub ranges: usize,
    pub end: RangeEnd,
    /// The read starts at the index's end (max()): its gaps are locked before its row.
    pub from_end: bool,
    /// The entry that ends a range (`RangeEnd::Range`) has its row locked too: one of the
    /// primary key, or of a secondary index InnoDB fetched the row of before it found the
    /// range had ended (no index condition pushdown; see `mysql/gaps.rs`).
    pub end_row: bool,
    /// The scan walks the index down (an ORDER BY ... DESC it gives): the range ends at the
    /// entry below it.
    pub descending: bool,
    /// A range of a secondary index, which MariaDB's optimizer reads by scanning the whole
    /// table instead where its row estimates make the range dearer: the lab reads the range,
    /// and says so in a note (`mysql/access.rs`).
    pub may_scan_table: bool,
}

/// What an InnoDB scan locks at the end of a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeEnd {
    /// A lookup of one key of a unique index: a hit locks no gap; a miss, the gap the key
    /// would be in.
    UniqueLookup,
    /// Equalities on a non-unique index: the gap before the entry after the range.
    Point,
    /// A range: the entry after it as well, its record and the gap before it.
    Range,
}

/// How InnoDB's UPDATE and DELETE lock: every row the access path reads (the rows an index
/// lookup finds, or every row of a scan) is X-locked as it is read, before the rest of the
/// WHERE is looked at, so a guarded ack `DELETE ... WHERE id = 1 AND status = 'done'` waits
/// for the worker holding row 1 and then sees its committed status. At REPEATABLE READ a row
/// read stays locked whether it matched or not; at READ COMMITTED only matching rows do.
#[derive(Debug, Clone, PartialEq)]
pub struct WriteScan {
    /// The rows the whole WHERE picks (the rows the statement changes), as a rowid query.
    pub matching_sql: String,
    /// An UPDATE's rows its SET changes, as a rowid query: one it leaves as it was has no undo
    /// record (a transaction's weight as a deadlock's victim). `None`: every matching row is
    /// written (a DELETE).
    pub changing_sql: Option<String>,
    /// READ COMMITTED's semi-consistent read: a row another transaction holds, whose
    /// committed version does not match, is passed over instead of waited for (an UPDATE
    /// that scans the clustered index in its order; not a DELETE, nor a lookup of one row by
    /// a unique key, nor an UPDATE that reads through a secondary index or whose ORDER BY
    /// sorts the rows first).
    pub semi_consistent: bool,
    /// Whether it changes each matching row as it reads it (no sort of its own first): the
    /// rows changed before a wait weigh in InnoDB's choice of a deadlock's victim.
    pub changes_as_read: bool,
    /// Whether it reads every row before it changes one, in the order it read them (an
    /// UPDATE of a column of the index it reads through: MariaDB's "Using buffer"): no row
    /// has changed when one of its reads waits. (Its reads are still semi-consistent at READ
    /// COMMITTED, unlike a sort's: seen on MariaDB 10.11.)
    pub buffered: bool,
    /// At READ COMMITTED the entry that ends its range stays locked (a range of a secondary
    /// index, not a lookup of equal keys; seen on MariaDB 10.11, where a locking SELECT's
    /// range lets it go).
    pub keeps_range_end: bool,
}

impl WaitPolicy {
    /// What a clause's `NOWAIT` or `SKIP LOCKED` (or neither) asks.
    pub fn of(nonblock: Option<NonBlock>) -> WaitPolicy {
        match nonblock {
            None => WaitPolicy::Wait,
            Some(NonBlock::SkipLocked) => WaitPolicy::SkipLocked,
            Some(NonBlock::Nowait) => WaitPolicy::NoWait,
        }
    }
}

impl LockRead {
    /// A shared-mode read of `table`'s rows that `rowid_sql` gives, waiting for held ones,
    /// with nothing else asked: each front-end's read sets what it asks on top.
    pub fn plain(id: usize, table: String, rowid_sql: String, limit: Option<u64>) -> LockRead {
        LockRead {
            id,
            table,
            rowid_sql,
            limit,
            exclusive: false,
            update_lock: false,
            weaker: false,
            instant: false,
            policy: WaitPolicy::Wait,
            whole_table: false,
            repeatable_read_only: false,
            serializable_only: false,
            write_scan: None,
            scan_sql: None,
            gaps: None,
            joined: None,
        }
    }

    /// Whether the read takes its locks in a transaction at `isolation` (`explicit`: in a
    /// transaction block, not autocommit).
    pub fn applies(&self, isolation: super::plan::Isolation, explicit: bool) -> bool {
        use super::plan::Isolation::*;
        (!self.repeatable_read_only || matches!(isolation, RepeatableRead | Serializable))
            && (!self.serializable_only || (isolation == Serializable && explicit))
    }
}

/// InnoDB's `INSERT ... SELECT ... FROM t` at REPEATABLE READ: shared locks on every row of
/// `t` it scans, so it waits for (or deadlocks with) writers of `t`.
pub fn source_scan(id: usize, table: &str) -> LockRead {
    let rowid_sql = format!(
        "SELECT rowid AS ql_rowid FROM {}",
        super::catalog::ident(table)
    );
    LockRead {
        whole_table: true,
        repeatable_read_only: true,
        ..LockRead::plain(id, table.to_string(), rowid_sql, None)
    }
}

/// A locking clause the engine cannot serve (over a join, several tables, a set operation,
/// or a LIMIT that is not a number): refused by name, since running it without row locks
/// would hand the same row to two consumers where the server makes one wait.
pub fn refuse_unmodelled<N: Walk>(node: &mut N, dialect: super::Dialect) -> Result<(), StepError> {
    let mut refused = None;
    let mut failed = None;
    super::walk::queries(node, &mut |q| {
        if q.locks.is_empty() {
            return ControlFlow::Continue(());
        }
        // PostgreSQL's errors first: it finds them as it reads the statement.
        let joins = dialect == super::Dialect::Postgres;
        if joins && matches!(q.body.as_ref(), SetExpr::Select(_)) {
            if let Err(e) = super::join_locks::plan(q, &q.locks, &cte_names(q)) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        if let Some(outer) = outer_reference(q) {
            let instead = match dialect {
                super::Dialect::MsSql => CORRELATED_INSTEAD_TSQL,
                _ => CORRELATED_INSTEAD,
            };
            refused = Some((
                format!(
                    "{} in a subquery that reads the outer query's row ({outer})",
                    clause_words(&q.locks[0])
                ),
                Some(instead),
            ));
            return ControlFlow::Break(());
        }
        if servable(q, joins) {
            return ControlFlow::Continue(());
        }
        let what = match q.body.as_ref() {
            SetExpr::Select(s) if joins || (s.from.len() == 1 && s.from[0].joins.is_empty()) => {
                format!(
                    "{} with a LIMIT that is not one number (OFFSET, m, n)",
                    super::join_locks::strength_of(&q.locks[0])
                )
            }
            _ if joins => {
                failed = Some(StepError::other(
                    "0A000",
                    format!(
                        "{} is not allowed with UNION/INTERSECT/EXCEPT",
                        super::join_locks::strength_of(&q.locks[0])
                    ),
                ));
                return ControlFlow::Break(());
            }
            _ => format!(
                "{} over a join or several tables",
                clause_words(&q.locks[0])
            ),
        };
        refused = Some((what, None));
        ControlFlow::Break(())
    });
    if let Some(e) = failed {
        return Err(e);
    }
    match refused {
        None => Ok(()),
        Some((what, Some(instead))) => Err(super::common::unsupported_with(
            dialect, &what, instead,
        )),
        Some((what, None)) => Err(super::common::unsupported_with(
            dialect,
            &what,
            match dialect {
                // MariaDB takes no LIMIT inside IN (...): the rows are locked first, then used.
                super::Dialect::MySql => "row locks are modelled for a locking read of one table; lock the queue table's rows in a SELECT ... FOR UPDATE of their own, then change or join them by id in the next statement of the transaction",
                _ => "write the locking read's LIMIT as one number, without OFFSET",
            },
        )),
    }
}

/// A locking clause in the user's words: SQL Server's hints (and its READ COMMITTED read),
/// PostgreSQL's weaker modes and MariaDB's added shared reads are clauses with a marker here,
/// which the user never wrote.
fn clause_words(clause: &LockClause) -> String {
    let marker = clause.of.as_ref().map(|o| o.to_sql());
    let Some((words, _)) = marker.as_deref().and_then(marker_words) else {
        return clause.to_sql();
    };
    let policy = match clause.nonblock {
        Some(NonBlock::SkipLocked) => " SKIP LOCKED",
        Some(NonBlock::Nowait) => " NOWAIT",
        None => "",
    };
    format!("{words}{policy}")
}

/// A marker's words: the lock as the user wrote it, and what it takes (the plan's note).
fn marker_words(marker: &str) -> Option<(&'static str, &'static str)> {
    use super::postgres::lock_strength::{KEY_SHARE, NO_KEY_UPDATE};
    Some(match marker {
        INSTANT_LOCK => (
            "A READ COMMITTED read (an S lock on each row it reads)",
            "READ COMMITTED read: an S lock on each row, released at once",
        ),
        UPDATE_LOCK => ("UPDLOCK", "UPDLOCK: U locks"),
        EXCLUSIVE_LOCK => ("XLOCK", "XLOCK: X locks"),
        HELD_SHARE_LOCK => ("HOLDLOCK", "HOLDLOCK: S locks"),
        REPEATABLE_READ_SHARE => (
            "LOCK IN SHARE MODE",
            "LOCK IN SHARE MODE, at REPEATABLE READ",
        ),
        NO_KEY_UPDATE => ("FOR NO KEY UPDATE", "FOR NO KEY UPDATE"),
        KEY_SHARE => ("FOR KEY SHARE", "FOR KEY SHARE"),
        _ => return None,
    })
}

/// What to write instead of a SQL Server subquery with row locks that reads the outer row.
/// Not a JOIN: `mssql/hints.rs` gives a join no lock request, so the lab's would not wait
/// where the server's does.
const CORRELATED_INSTEAD_TSQL: &str = "the engine takes a subquery's row locks before the statement runs, where there is no outer row yet; write id IN (SELECT ...) or id NOT IN (SELECT ...) over the subquery's own tables, or turn READ_COMMITTED_SNAPSHOT ON";

/// What to write instead of a locking subquery that reads the outer row.
const CORRELATED_INSTEAD: &str = "the engine takes a subquery's row locks before the statement runs, where there is no outer row yet; lock the rows in a subquery that reads its own tables only (WHERE id IN (SELECT id FROM jobs WHERE ... FOR UPDATE SKIP LOCKED))";

/// A column `q` names through a table or alias that no FROM inside `q` has (`j.id` in
/// `EXISTS (SELECT 1 FROM jobs k WHERE k.id = j.id FOR UPDATE SKIP LOCKED)`): the engine runs
/// a locking read on its own, before the statement, where no outer row exists.
pub(crate) fn outer_reference(q: &Query) -> Option<String> {
    let mut q = q.duplicate();
    let mut own: Vec<String> = Vec::new();
    super::walk::queries(&mut q, &mut |inner| {
        if let SetExpr::Select(s) = inner.body.as_ref() {
            for f in super::walk::factors(&s.from) {
                match f {
                    TableFactor::Table { name, alias, .. } => {
                        own.push(super::exprs::last_ident(name).to_ascii_lowercase());
                        own.extend(alias.iter().map(|a| a.name.value.to_ascii_lowercase()));
                    }
                    TableFactor::Derived { alias, .. } => {
                        own.extend(alias.iter().map(|a| a.name.value.to_ascii_lowercase()));
                    }
                    _ => {}
                }
            }
        }
        ControlFlow::Continue(())
    });
    let mut outer = None;
    super::walk::exprs(&mut q, &mut |e| {
        if let Expr::CompoundIdentifier(parts) = e {
            if let [qualifier, column] = parts.as_slice() {
                if !own.contains(&qualifier.value.to_ascii_lowercase()) {
                    outer = Some(format!("{}.{}", qualifier.value, column.value));
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    });
    outer
}

/// Whether [`Locking::request`] can serve the locking clause of `q`: one table, or (with
/// `joins`, PostgreSQL) a join or several FROM items (`join_locks.rs`, which tells what it
/// refuses there).
pub(crate) fn servable(q: &Query, joins: bool) -> bool {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return false;
    };
    (joins || single_table(q))
        && !select.from.is_empty()
        && matches!(
            &q.limit_clause,
            None | Some(LimitClause::LimitOffset {
                limit: Some(Expr::Value(_)),
                offset: None,
                ..
            })
        )
}

/// Whether `q` reads one table, with no join.
fn single_table(q: &Query) -> bool {
    matches!(q.body.as_ref(), SetExpr::Select(s) if matches!(s.from.as_slice(),
        [from] if from.joins.is_empty() && matches!(from.relation, TableFactor::Table { .. })))
}

/// The names of the WITH queries of `q`.
fn cte_names(q: &Query) -> Vec<String> {
    let ctes = q.with.as_ref().map_or(&[][..], |w| &w.cte_tables[..]);
    ctes.iter().map(|c| c.alias.name.value.clone()).collect()
}

/// Turns every locking clause under `node` into a lock request; returns them and the notes.
pub fn lock_requests<N: Walk>(node: &mut N, first_id: usize) -> (Vec<LockRead>, Vec<String>) {
    lock_requests_sorting(node, first_id, &|_| false)
}

/// [`lock_requests`], where `filesort` tells which queries sort the rows they read with no
/// index giving their order (InnoDB): such a read locks every row it reads, in the scan's
/// order, and only then sorts and cuts at its LIMIT, so a second `SKIP LOCKED` consumer
/// finds every row taken; a read in index order stops locking at its LIMIT.
pub fn lock_requests_sorting<N: Walk>(
    node: &mut N,
    first_id: usize,
    filesort: &dyn Fn(&Query) -> bool,
) -> (Vec<LockRead>, Vec<String>) {
    let mut v = Locking {
        next: first_id,
        reads: Vec::new(),
        notes: Vec::new(),
        filesort,
    };
    // Innermost first (`innermost.rs`), numbered in that order.
    super::innermost::each_locking_query(node, &mut |q| v.query(q));
    (v.reads, v.notes)
}

struct Locking<'a> {
    next: usize,
    reads: Vec<LockRead>,
    notes: Vec<String>,
    filesort: &'a dyn Fn(&Query) -> bool,
}

impl Locking<'_> {
    /// Turns `q`'s locking clause into a lock request.
    fn query(&mut self, q: &mut Query) {
        if q.locks.is_empty() {
            return;
        }
        let clauses = std::mem::take(&mut q.locks);
        let clause = &clauses[0];
        let text = (clauses.iter())
            .map(|c| c.to_sql())
            .collect::<Vec<_>>()
            .join(" ");
        let marker = clause.of.as_ref().map(|o| o.to_sql());
        // PostgreSQL's clauses that name tables (`FOR NO KEY UPDATE OF j` carries its mode
        // in the name) or are several go where the names are read, a single table's too.
        let named = clauses.len() > 1
            || (clauses.iter()).any(|c| c.of.as_ref().is_some_and(|o| o.0.len() > 1));
        if (named || !single_table(q)) && servable(q, true) {
            if let Some(read) = self.joined(q, &clauses) {
                self.note_read(super::join_locks::strength_of(clause), read);
                return;
            }
        }
        let Some(mut read) = self.request(q, clause.lock_type, clause.nonblock) else {
            self.notes.push(format!(
                "{text}: only a locking read of one table is modelled; this one runs without row locks"
            ));
            return;
        };
        read.update_lock = marker.as_deref() == Some(UPDATE_LOCK);
        read.weaker = matches!(
            marker.as_deref(),
            Some(super::postgres::lock_strength::NO_KEY_UPDATE)
                | Some(super::postgres::lock_strength::KEY_SHARE)
        );
        read.instant = marker.as_deref() == Some(INSTANT_LOCK);
        read.repeatable_read_only = marker.as_deref() == Some(REPEATABLE_READ_SHARE);
        let what = match marker.as_deref().and_then(marker_words) {
            Some((_, takes)) => takes,
            None => &text,
        };
        self.note_read(what, read);
    }
}

impl Locking<'_> {
    /// Keeps `read`, with the note of what it locks (`what`: the clause in the user's words).
    fn note_read(&mut self, what: &str, read: LockRead) {
        self.notes.push(format!(
            "{what}: the engine locks the rows itself ({LOCKED_FN}({}, rowid) keeps the ones it locked)",
            read.id
        ));
        self.reads.push(read);
    }

    /// PostgreSQL's locking read of a join or of clauses naming tables (`join_locks.rs`);
    /// `None` where it locks no table (every FROM item a function or a WITH query).
    fn joined(&mut self, q: &mut Query, clauses: &[LockClause]) -> Option<LockRead> {
        let planned = super::join_locks::plan(q, clauses, &cte_names(q)).ok()?;
        let first = planned.read.locks.first()?.clone();
        let limit = limit_of(q)?;
        let SetExpr::Select(select) = q.body.as_ref() else {
            return None;
        };
        let rowids: Vec<Expr> = (planned.relations.iter())
            .map(|r| {
                let mut parts = r.qualifier.clone();
                parts.push(Ident::new("rowid"));
                Expr::CompoundIdentifier(parts)
            })
            .collect();
        let columns: Vec<String> = (rowids.iter().enumerate())
            .map(|(i, r)| match i {
                0 => format!("{} AS ql_rowid", Sql(r)),
                _ => format!("{} AS ql_rowid_{i}", Sql(r)),
            })
            .collect();
        let from: Vec<String> = select.from.iter().map(|f| f.to_sql()).collect();
        let mut rowid_sql = String::new();
        if let Some(w) = &q.with {
            rowid_sql.push_str(&format!("{} ", Sql(w)));
        }
        rowid_sql.push_str(&format!(
            "SELECT {} FROM {}",
            columns.join(", "),
            from.join(", ")
        ));
        if let Some(w) = &select.selection {
            rowid_sql.push_str(&format!(" WHERE {}", Sql(w)));
        }
        if let Some(o) = &q.order_by {
            rowid_sql.push_str(&format!(" {}", Sql(o)));
        }
        let id = self.next;
        self.next += 1;
        narrow(q, id, rowids, false);
        Some(LockRead {
            exclusive: first.exclusive,
            weaker: first.weaker,
            policy: first.policy,
            // One table, locked: a plain read (the IN-subquery order of `lock_order.rs` reads
            // those only).
            joined: (planned.read.width > 1 || planned.read.locks.len() > 1)
                .then_some(planned.read),
            ..LockRead::plain(id, first.table, rowid_sql, limit)
        })
    }

    fn request(
        &mut self,
        q: &mut Query,
        lock: LockType,
        nonblock: Option<NonBlock>,
    ) -> Option<LockRead> {
        let filesort = (self.filesort)(q);
        let SetExpr::Select(select) = q.body.as_mut() else {
            return None;
        };
        let TableFactor::Table { name, alias, .. } = (match select.from.as_slice() {
            [from] if from.joins.is_empty() => &from.relation,
            _ => return None,
        }) else {
            return None;
        };
        let from = select
            .from
            .iter()
            .map(|f| f.to_sql())
            .collect::<Vec<_>>()
            .join(", ");
        let table = super::exprs::last_ident(name);
        let qualifier = alias
            .as_ref()
            .map(|a| a.name.to_sql())
            .unwrap_or_else(|| name.to_sql());
        // `<qualifier>.rowid`, as a tree: the alias, or every part of the table's name.
        let mut rowid_parts = super::join_locks::qualifier(name, alias.as_ref());
        rowid_parts.push(Ident::new("rowid"));
        let rowid = Expr::CompoundIdentifier(rowid_parts);
        let id = self.next;
        // Its WITH queries too, which its WHERE may read (their own lock requests are made).
        let with = q
            .with
            .as_ref()
            .map(|w| format!("{} ", Sql(w)))
            .unwrap_or_default();
        let mut rowid_sql = format!("{with}SELECT {qualifier}.rowid AS ql_rowid FROM {from}");
        if let Some(w) = &select.selection {
            rowid_sql.push_str(&format!(" WHERE {}", Sql(w)));
        }
        match &q.order_by {
            _ if filesort => rowid_sql.push_str(&format!(" ORDER BY {qualifier}.rowid")),
            Some(o) => rowid_sql.push_str(&format!(" {}", Sql(o))),
            None => {}
        }
        let limit = limit_of(q)?;
        // A filesort locks every row it reads, and sorts them itself afterwards.
        let limit = if filesort { None } else { limit };
        narrow(q, id, vec![rowid], filesort);
        self.next += 1;
        Some(LockRead {
            exclusive: lock == LockType::Update,
            policy: WaitPolicy::of(nonblock),
            ..LockRead::plain(id, table, rowid_sql, limit)
        })
    }
}

/// The LIMIT of a locking query: `Some(None)` for none, `None` for one that is not a number.
fn limit_of(q: &Query) -> Option<Option<u64>> {
    match &q.limit_clause {
        Some(LimitClause::LimitOffset {
            limit: Some(Expr::Value(v)),
            offset: None,
            ..
        }) => Some(v.value.to_sql().parse().ok()),
        None => Some(None),
        Some(_) => None,
    }
}

/// Keeps to the rows lock request `id` locked (`keys`: their rowids, one per table it
/// tells apart), in the order it locked them where the query has an ORDER BY (a filesort
/// keeps the query's own).
fn narrow(q: &mut Query, id: usize, keys: Vec<Expr>, filesort: bool) {
    let mut args = vec![int_expr(id as i64)];
    args.extend(keys);
    let locked = call(LOCKED_FN, args.iter().map(|a| a.duplicate()).collect());
    if let Some(order) = q.order_by.as_mut().filter(|_| !filesort) {
        let by_lock = call(LOCK_ORDER_FN, args);
        if let sqlparser::ast::OrderByKind::Expressions(exprs) = &mut order.kind {
            exprs.truncate(1);
            if let Some(first) = exprs.first_mut() {
                first.expr = by_lock;
                first.options = Default::default();
            }
        }
    }
    if let SetExpr::Select(select) = q.body.as_mut() {
        select.selection = Some(super::conditions::and(select.selection.take(), locked));
    }
}
