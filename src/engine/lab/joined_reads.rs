//! PostgreSQL's locking read of a join (`dialect/join_locks.rs`): for each joined row, in the
//! query's order, the row of each locked table in turn. A row it may not lock ends the joined
//! row there (`SKIP LOCKED` passes on to the next, keeping the locks taken on the rows
//! before; `NOWAIT` fails; otherwise it waits and, on its next try, re-checks the joined row
//! with the newest versions of the rows it locks). A row deleted meanwhile ends it too,
//! unlocked; one changed so that the joined row no longer matches is locked and dropped.

use super::waited_row::RECHECKED;
use super::{Exec, Lab, Resume, TxnId};
use crate::dialect::join_locks::JoinedRead;
use crate::dialect::locks::{LockRead, WaitPolicy};
use crate::dialect::Plan;
use crate::engine::locks::RowRef;
use crate::engine::store::{ChangeKind, StoreError, NULL_ROWID};
use crate::trace::{ErrorClass, Value};

impl Lab {
    /// Locks what `read` asks of each joined row; the joined rows it locked become the ones
    /// `ql_locked` keeps.
    // The error side is how a statement ends early, as in `in_view`.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_joined_read(
        &mut self,
        (s, txn, plan): (usize, TxnId, &Plan),
        (read, joined): (&LockRead, &JoinedRead),
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let candidates = match resume.candidates.get(&read.id) {
            Some(c) => c.clone(),
            None => {
                let found = self.tuples(&read.rowid_sql, joined.width);
                let found = found.map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
                resume.candidates.insert(read.id, found.clone());
                found
            }
        };
        let mut got: Vec<i64> = Vec::new();
        'joined: for tuple in candidates.chunks(joined.width.max(1)) {
            if read
                .limit
                .is_some_and(|l| (got.len() / joined.width.max(1)) as u64 >= l)
            {
                break;
            }
            let row = |column: usize, table: &str| RowRef {
                table: table.to_string(),
                rowid: tuple[column],
            };
            let changed =
                (joined.locks.iter()).any(|l| resume.refreshed.contains(&row(l.column, &l.table)));
            let dropped = changed && !self.still_joined(&read.rowid_sql, tuple);
            for lock in &joined.locks {
                if tuple[lock.column] == NULL_ROWID {
                    continue;
                }
                let row = row(lock.column, &lock.table);
                if dropped && !self.still_there(&row) {
                    continue 'joined;
                }
                if resume.serializable_writes
                    && self
                        .changed_since(&|r| *r == row, resume.snapshot.unwrap_or(0))
                        .is_some()
                {
                    let f = self.serialization_failure(s, ChangeKind::Update);
                    return Err(Exec::Done(f));
                }
                let mode = self
                    .dialect
                    .locking_read_mode(lock.exclusive, false, lock.weaker);
                let blockers = self.locks.blockers(txn, &row, mode);
                if blockers.is_empty() {
                    match dropped {
                        true => self.locks.grant_because(txn, row, mode, RECHECKED),
                        false => self.locks.grant(txn, row, mode),
                    }
                    continue;
                }
                match lock.policy {
                    WaitPolicy::SkipLocked => continue 'joined,
                    WaitPolicy::NoWait => {
                        let class = ErrorClass::LockNotAvailable;
                        return Err(Exec::Done(self.fail_statement(s, class, &lock.table)));
                    }
                    WaitPolicy::Wait => {
                        resume.read_waited = true;
                        resume.refreshed.insert(row.clone());
                        resume.wanted = Some((row, mode));
                        return Err(Exec::Wait(blockers, Box::new(resume.clone())));
                    }
                }
            }
            if !dropped {
                got.extend_from_slice(tuple);
            }
        }
        self.store.set_locked(read.id, got);
        Ok(())
    }

    /// The rowid tuples a join's rowid query finds, one after another (an outer join's
    /// missing row as `NULL_ROWID`).
    fn tuples(&self, sql: &str, width: usize) -> Result<Vec<i64>, StoreError> {
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

    /// Whether the joined row of `tuple` still matches, its locked rows in their newest
    /// versions and the others as the snapshot read them (the view the statement runs in).
    fn still_joined(&self, rowid_sql: &str, tuple: &[i64]) -> bool {
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
