//! A locking read's rows, one table's or a join's (`dialect/join_locks.rs`): for each
//! candidate (a rowid, or a joined row's tuple of rowids), in the query's order, the row of
//! each table it locks in turn. A row it may not lock ends the candidate there (`SKIP
//! LOCKED` passes on to the next, keeping the locks taken on the rows before; `NOWAIT`
//! fails; otherwise it waits and, on its next try, re-checks the candidate with the newest
//! versions of the rows it locks). A row deleted meanwhile ends it too, unlocked; one changed
//! so that the candidate no longer matches is locked by PostgreSQL and dropped
//! (`waited_row.rs`), passed over by the other vendors.

use super::waited_row::RECHECKED;
use super::{Exec, Lab, Resume, TxnId};
use crate::dialect::locks::{LockRead, WaitPolicy};
use crate::engine::locks::{LockMode, RowRef};
use crate::engine::store::{ChangeKind, StoreError, NULL_ROWID};
use crate::trace::{ErrorClass, Value};

/// One table a read locks: its rowid's place in a candidate, the table, the mode and what a
/// held row does.
pub(super) struct Lock<'a> {
    pub column: usize,
    pub table: &'a str,
    pub mode: LockMode,
    pub policy: WaitPolicy,
}

impl Lab {
    /// The tables `read` locks, in order, and how many rowids a candidate has.
    pub(super) fn read_locks<'a>(&self, read: &'a LockRead) -> (usize, Vec<Lock<'a>>) {
        let mode = |exclusive, update_lock, weaker| {
            self.dialect
                .locking_read_mode(exclusive, update_lock, weaker)
        };
        match &read.joined {
            Some(j) => (
                j.width,
                (j.locks.iter())
                    .map(|l| Lock {
                        column: l.column,
                        table: &l.table,
                        mode: mode(l.exclusive, false, l.weaker),
                        policy: l.policy,
                    })
                    .collect(),
            ),
            None => (
                1,
                vec![Lock {
                    column: 0,
                    table: &read.table,
                    mode: mode(read.exclusive, read.update_lock, read.weaker),
                    policy: read.policy,
                }],
            ),
        }
    }

    /// Locks what `read` asks of each candidate (`width` rowids each, one after another)
    /// up to its LIMIT, putting into `got` the candidates it locked (those before its wait,
    /// if it waits; `keep`: the locks stay, else they go as soon as the row is read, SQL
    /// Server's READ COMMITTED S locks).
    // The error side is how a statement ends early, as in `in_view`.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_candidates(
        &mut self,
        (s, txn): (usize, TxnId),
        (read, width, locks): (&LockRead, usize, &[Lock]),
        (candidates, keep): (&[i64], bool),
        got: &mut Vec<i64>,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        'candidates: for tuple in candidates.chunks(width.max(1)) {
            if read
                .limit
                .is_some_and(|l| (got.len() / width.max(1)) as u64 >= l)
            {
                break;
            }
            let row = |l: &Lock| RowRef {
                table: l.table.to_string(),
                rowid: tuple[l.column],
            };
            let changed = resume.refreshed.iter().next().is_some()
                && locks.iter().any(|l| resume.refreshed.contains(&row(l)));
            let dropped = changed && !self.still_matches(&read.rowid_sql, tuple);
            for lock in locks {
                if tuple[lock.column] == NULL_ROWID {
                    continue;
                }
                let row = row(lock);
                if dropped && !(self.dialect.locking_reads_use_snapshot() && self.still_there(&row))
                {
                    continue 'candidates;
                }
                // PostgreSQL REPEATABLE READ: a row a later commit changed cannot be locked,
                // whatever the wait policy (SKIP LOCKED skips only rows locked now). Its
                // message says "update" even for a deleted row, unlike a write's.
                if resume.serializable_writes
                    && self
                        .changed_since(&|r| *r == row, resume.snapshot.unwrap_or(0))
                        .is_some()
                {
                    let f = self.serialization_failure(s, ChangeKind::Update);
                    return Err(Exec::Done(f));
                }
                let blockers = self.row_blockers(txn, &row, lock.mode);
                self.make_explicit(&blockers, &row, super::writes::read_index(read));
                if blockers.is_empty() {
                    match (dropped, keep) {
                        (true, _) => self.locks.grant_because(txn, row, lock.mode, RECHECKED),
                        (false, true) => self.locks.grant(txn, row, lock.mode),
                        (false, false) => {}
                    }
                    continue;
                }
                match lock.policy {
                    WaitPolicy::SkipLocked => continue 'candidates,
                    WaitPolicy::NoWait => {
                        let class = ErrorClass::LockNotAvailable;
                        return Err(Exec::Done(self.fail_statement(s, class, lock.table)));
                    }
                    WaitPolicy::Wait => {
                        resume.read_waited = true;
                        resume.refreshed.insert(row.clone());
                        resume.wanted = Some((row, lock.mode));
                        return Err(Exec::Wait(blockers, resume.clone()));
                    }
                }
            }
            if !dropped {
                got.extend_from_slice(tuple);
            }
        }
        Ok(())
    }

    /// The rowids a rowid query (`SELECT ... AS ql_rowid, ...`) finds, `width` a row, one
    /// row after another (an outer join's missing row as `NULL_ROWID`).
    pub(super) fn tuples(&self, sql: &str, width: usize) -> Result<Vec<i64>, StoreError> {
        let (_, rows) = self.store.query(sql)?;
        let mut out = Vec::with_capacity(rows.len() * width);
        for r in &rows {
            out.extend((0..width).map(|i| match r.get(i) {
                Some(Value::Int(n)) => *n,
                _ => NULL_ROWID,
            }));
        }
        Ok(out)
    }

    /// Whether the candidate `tuple` still matches, its locked rows in their newest
    /// versions and the others as the snapshot read them (the view the statement runs in).
    fn still_matches(&self, rowid_sql: &str, tuple: &[i64]) -> bool {
        let test: Vec<String> = (tuple.iter().enumerate())
            .map(|(i, r)| {
                let column = match i {
                    0 => "ql_rowid".to_string(),
                    _ => format!("ql_rowid_{i}"),
                };
                match *r {
                    NULL_ROWID => format!("ql_c.{column} IS NULL"),
                    r => format!("ql_c.{column} = {r}"),
                }
            })
            .collect();
        self.store
            .query(&format!(
                "SELECT 1 FROM ({rowid_sql}) AS ql_c WHERE {}",
                test.join(" AND ")
            ))
            .is_ok_and(|(_, rows)| !rows.is_empty())
    }
}
