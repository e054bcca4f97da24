//! Rule: table hints become the engine's row lock requests, as SQL Server's lock manager
//! would take them (docs: "Table Hints (Transact-SQL)", "Transaction Locking and Row
//! Versioning Guide"):
//! - `UPDLOCK`: U locks held to the end of the transaction; `XLOCK`: X locks, held;
//!   `HOLDLOCK`/`SERIALIZABLE`/`REPEATABLEREAD`: S locks held;
//! - no lock hint, locking READ COMMITTED: an S lock on each row read, released at once (so the
//!   read waits for X locks, not for U or S);
//! - `READPAST` skips rows other transactions hold locks on; `NOWAIT` fails at once (1222);
//! - `NOLOCK`/`READUNCOMMITTED` read uncommitted rows and take no locks;
//! - `ROWLOCK` is what the engine does anyway (row locks only); `FASTFIRSTROW`, `FORCESEEK`,
//!   `INDEX(...)`: optimizer hints, no effect on the outcome here.
//!
//! A hint is written as a locking clause on the query (`FOR UPDATE OF ql_update_lock SKIP
//! LOCKED` and so on, see `dialect::locks`), which the shared locking rule serves.

use crate::dialect::locks::{EXCLUSIVE_LOCK, HELD_SHARE_LOCK, INSTANT_LOCK, UPDATE_LOCK};
use crate::sql::ToSql;
use crate::sql::Walk;
use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{
    Expr, LockClause, LockType, NonBlock, Query, SetExpr, Statement, TableFactor, TableWithJoins,
    UpdateTableFromKind,
};
use std::ops::ControlFlow;

/// What the hints of a statement's queries asked for.
#[derive(Debug, Default)]
pub struct Hinted {
    pub notes: Vec<String>,
    /// `NOLOCK`: the statement reads uncommitted rows.
    pub dirty_read: bool,
    /// The tables of its joins, read with S locks the lab does not take (`Plan::join_reads`).
    pub join_reads: Vec<String>,
}

/// Turns the hints of every query under `node` into locking clauses.
pub fn rewrite<N: Walk>(node: &mut N, row_versions: bool) -> Result<Hinted, StepError> {
    let mut v = Hints {
        row_versions,
        out: Hinted::default(),
        error: None,
        ctes: Vec::new(),
    };
    crate::dialect::walk::queries(node, &mut |q| v.query(q));
    if let Some(e) = v.error {
        return Err(e);
    }
    crate::sort::sort(&mut v.out.notes);
    v.out.notes.dedup();
    Ok(v.out)
}

/// The hint names on a table (upper case), removed from it.
pub fn take_hints(relation: &mut TableFactor) -> Vec<String> {
    match relation {
        TableFactor::Table { with_hints, .. } => std::mem::take(with_hints)
            .iter()
            .map(|h| match h {
                Expr::Function(f) => f.name.to_sql().to_ascii_uppercase(),
                other => other.to_sql().to_ascii_uppercase(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Refuses hints (but ROWLOCK) on the tables of `from`, a join or several FROM items, or an
/// UPDATE's FROM: not run without their locks (two workers would both get the job the server
/// makes one of them skip or wait for), nor passed on to SQLite, which has no such syntax.
pub fn refuse_joined(from: &mut [TableWithJoins]) -> Result<(), StepError> {
    let mut hints = Vec::new();
    for t in from {
        hints.extend(take_hints(&mut t.relation));
        for j in &mut t.joins {
            hints.extend(take_hints(&mut j.relation));
        }
    }
    if hints.iter().any(|h| h != "ROWLOCK") {
        return Err(super::super::common::unsupported_with(
            super::super::Dialect::MsSql,
            "table hints on a table of several in FROM",
            "read the hinted table in a WITH query of its own (WITH next AS (SELECT TOP (1) id FROM jobs WITH (UPDLOCK, READPAST) ORDER BY id) ...) and join that",
        ));
    }
    Ok(())
}

/// The tables an UPDATE's FROM reads besides its target (`UPDATE jobs SET ... FROM queues q
/// WHERE ...`), with the S locks of a join's read (`Plan::join_reads`), unless the database
/// reads row versions.
pub fn update_from_reads(stmt: &Statement, row_versions: bool) -> Vec<String> {
    let mut out = Vec::new();
    if let (false, Statement::Update(u)) = (row_versions, stmt) {
        if let Some(UpdateTableFromKind::AfterSet(f) | UpdateTableFromKind::BeforeSet(f)) = &u.from
        {
            for t in crate::dialect::walk::factors(f) {
                if let TableFactor::Table { name, .. } = t {
                    out.push(crate::dialect::exprs::last_ident(name));
                }
            }
        }
    }
    out
}

/// Whether the hints ask for row locks a DML statement must take before it writes.
pub fn locks_before_write(hints: &[String]) -> bool {
    hints
        .iter()
        .any(|h| matches!(h.as_str(), "READPAST" | "UPDLOCK" | "XLOCK" | "NOWAIT"))
}

struct Hints {
    row_versions: bool,
    out: Hinted,
    error: Option<StepError>,
    /// The WITH query names met so far (outer queries are walked first), lower-cased.
    ctes: Vec<String>,
}

impl Hints {
    fn query(&mut self, q: &mut Query) -> ControlFlow<()> {
        for cte in q.with.iter().flat_map(|w| &w.cte_tables) {
            self.ctes.push(cte.alias.name.value.to_ascii_lowercase());
        }
        let SetExpr::Select(select) = q.body.as_mut() else {
            return ControlFlow::Continue(());
        };
        if select.from.len() > 1 || select.from.iter().any(|t| !t.joins.is_empty()) {
            if let Err(e) = refuse_joined(&mut select.from) {
                self.error = Some(e);
                return ControlFlow::Break(());
            }
            for f in crate::dialect::walk::factors(&select.from) {
                if let (false, TableFactor::Table { name, .. }) = (self.row_versions, f) {
                    let table = crate::dialect::exprs::last_ident(name);
                    if !self.ctes.contains(&table.to_ascii_lowercase()) {
                        self.out.join_reads.push(table);
                    }
                }
            }
            return ControlFlow::Continue(());
        }
        let [from] = select.from.as_mut_slice() else {
            return ControlFlow::Continue(());
        };
        if !q.locks.is_empty() {
            return ControlFlow::Continue(());
        }
        // A WITH query's or a derived table's rows are locked by its own query, as the
        // server locks the table rows that query reads.
        let TableFactor::Table { name, .. } = &from.relation else {
            return ControlFlow::Continue(());
        };
        if name.0.len() == 1 && self.ctes.contains(&name.to_sql().to_ascii_lowercase()) {
            return ControlFlow::Continue(());
        }
        let hints = take_hints(&mut from.relation);
        let has = |h: &str| hints.iter().any(|x| x == h);
        for h in &hints {
            match h.as_str() {
                "READPAST" | "UPDLOCK" | "XLOCK" | "NOWAIT" | "NOLOCK" | "READUNCOMMITTED"
                | "READCOMMITTEDLOCK" | "READCOMMITTED" => {}
                "HOLDLOCK" | "SERIALIZABLE" | "REPEATABLEREAD" => self.out.notes.push(format!(
                    "{h}: S locks held to the end of the transaction (key-range locks are not modelled)"
                )),
                "ROWLOCK" => self
                    .out
                    .notes
                    .push("ROWLOCK: row locks, which is all the engine takes".into()),
                "TABLOCK" | "TABLOCKX" | "PAGLOCK" => self.out.notes.push(format!(
                    "{h}: table and page locks are not modelled; rows are locked one by one"
                )),
                other => self.out.notes.push(format!(
                    "{other}: an optimizer hint; it changes no outcome here"
                )),
            }
        }
        if has("NOLOCK") || has("READUNCOMMITTED") {
            self.out.dirty_read = true;
            self.out
                .notes
                .push("NOLOCK: reads other sessions' uncommitted rows and takes no locks".into());
            return ControlFlow::Continue(());
        }
        let readpast = has("READPAST");
        if readpast && self.row_versions && !has("READCOMMITTEDLOCK") {
            self.error = Some(StepError {
                class: ErrorClass::Other,
                native: "650".into(),
                message: "You can only specify the READPAST lock in the READ COMMITTED or REPEATABLE READ isolation levels. (READ_COMMITTED_SNAPSHOT is ON: add READCOMMITTEDLOCK to read with locks.)".into(),
                pos: None,
                fixed_text: None,
            });
            return ControlFlow::Break(());
        }
        let (lock_type, marker) = if has("XLOCK") {
            (LockType::Update, Some(EXCLUSIVE_LOCK))
        } else if has("UPDLOCK") {
            (LockType::Update, Some(UPDATE_LOCK))
        } else if has("HOLDLOCK") || has("SERIALIZABLE") || has("REPEATABLEREAD") {
            (LockType::Share, Some(HELD_SHARE_LOCK))
        } else if self.row_versions && !has("READCOMMITTEDLOCK") {
            // READ_COMMITTED_SNAPSHOT: the read sees the last committed rows, without locks.
            return ControlFlow::Continue(());
        } else {
            (LockType::Share, Some(INSTANT_LOCK))
        };
        let nonblock = if readpast {
            Some(NonBlock::SkipLocked)
        } else if has("NOWAIT") {
            Some(NonBlock::Nowait)
        } else {
            None
        };
        q.locks.push(LockClause {
            lock_type,
            of: marker.map(|m: &str| crate::sql::build::name(sqlparser::ast::Ident::new(m))),
            nonblock,
        });
        ControlFlow::Continue(())
    }
}
