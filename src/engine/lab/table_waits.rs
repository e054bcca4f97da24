//! PostgreSQL's table-level locks as a statement asks for them (`Plan::table_locks`), before
//! it takes its snapshot or reads a row: granted, or waited for in the table's queue
//! (`engine::table_locks`), or refused at once with NOWAIT. `LOCK TABLE` is only this.

use super::{ok, Exec, Lab, Resume, Suspended};
use crate::dialect::Plan;
use crate::dialect::PlanKind;
use crate::engine::table_locks::Queued;
use crate::trace::{ErrorClass, StepError, Success};

impl Lab {
    /// Takes the plan's table locks for session `s`'s transaction (an autocommit
    /// statement's own), or says what it waits for. `LOCK TABLE` ends here.
    pub(super) fn take_table_locks(
        &mut self,
        s: usize,
        plan: &Plan,
        mut resume: Resume,
    ) -> Result<Resume, Box<Exec>> {
        let nowait = match plan.kind {
            PlanKind::LockTable { nowait } => {
                let in_block = self.sessions[s]
                    .txn
                    .and_then(|t| self.txns.get(t))
                    .is_some_and(|t| t.explicit);
                if !in_block {
                    return Err(Box::new(Exec::Done(self.fail_with(
                        s,
                        StepError::other(
                            "25P01",
                            "LOCK TABLE can only be used in transaction blocks".into(),
                        ),
                    ))));
                }
                nowait
            }
            _ => false,
        };
        if plan.table_locks.is_empty() {
            return Ok(resume);
        }
        let txn = self.ensure_txn(s, plan.begins_no_transaction);
        let queue = self.table_queue(s);
        for (table, mode) in plan.table_locks.iter() {
            if self.table_locks.holds(txn, table, *mode) {
                continue;
            }
            let blockers = self.table_locks.blockers(txn, table, *mode, &queue);
            if blockers.is_empty() {
                self.table_locks.grant(txn, table, *mode);
                continue;
            }
            if nowait {
                let err = StepError {
                    class: ErrorClass::LockNotAvailable,
                    ..StepError::other(
                        "55P03",
                        format!("could not obtain lock on relation \"{table}\""),
                    )
                };
                return Err(Box::new(Exec::Done(self.fail_with(s, err))));
            }
            resume.wanted_table = Some(Box::new((table.clone(), *mode)));
            return Err(Box::new(Exec::Wait(blockers, resume)));
        }
        resume.wanted_table = None;
        if matches!(plan.kind, PlanKind::LockTable { .. }) {
            return Err(Box::new(Exec::Done(ok(Success::default(), Vec::new()))));
        }
        Ok(resume)
    }

    /// A table lock taken as the statement runs, not before (PostgreSQL's foreign-key checks
    /// read the other table FOR KEY SHARE, which takes ROW SHARE on it), waiting in the
    /// table's queue like a statement's own.
    #[allow(clippy::result_large_err)]
    pub(super) fn table_lock_or_wait(
        &mut self,
        (s, txn): (usize, crate::engine::locks::TxnId),
        table: &str,
        mode: crate::ids::TableLockMode,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        if self.table_locks.holds(txn, table, mode) {
            return Ok(());
        }
        let queue = self.table_queue(s);
        let blockers = self.table_locks.blockers(txn, table, mode, &queue);
        if blockers.is_empty() {
            self.table_locks.grant(txn, &table.into(), mode);
            return Ok(());
        }
        resume.wanted_table = Some(Box::new((table.into(), mode)));
        Err(Exec::Wait(blockers, resume.clone()))
    }

    /// The table lock requests queued ahead of session `s`: those of the sessions that
    /// began to wait before it while its waiting statement is tried again (`queue_ahead`),
    /// all waiting ones for a new request.
    fn table_queue(&mut self, s: usize) -> Vec<Queued> {
        let ahead = self.queue_ahead.clone().unwrap_or_else(|| {
            self.wait_order
                .iter()
                .copied()
                .filter(|&x| x != s)
                .collect()
        });
        self.queued(&ahead)
    }

    /// The table lock requests of these waiting sessions, in their order.
    fn queued(&self, sessions: &[usize]) -> Vec<Queued> {
        sessions
            .iter()
            .filter_map(|&x| {
                let t = self.sessions[x].txn?;
                let waiting = self.sessions[x].waiting.as_ref()?;
                let (table, mode) = waiting.resume.wanted_table.as_deref().cloned()?;
                Some((t, table, mode))
            })
            .collect()
    }

    /// Whether the table lock a waiter wants could be granted now, behind the waiters
    /// before it.
    pub(super) fn wanted_table_free(&self, s: usize, w: &Suspended) -> bool {
        let (Some((table, mode)), Some(t)) =
            (w.resume.wanted_table.as_deref(), self.sessions[s].txn)
        else {
            return false;
        };
        let ahead: Vec<usize> = self
            .wait_order
            .iter()
            .copied()
            .take_while(|&x| x != s)
            .collect();
        let queue = self.queued(&ahead);
        self.table_locks
            .blockers(t, table, *mode, &queue)
            .is_empty()
    }

    /// An autocommit statement that took table locks outside a transaction block (DDL):
    /// its transaction ends with it, and so do the locks.
    pub(super) fn end_implicit(&mut self, s: usize) {
        if let Some(t) = self.sessions[s].txn {
            if self.txns.get(t).is_some_and(|x| !x.explicit) {
                self.commit(t);
            }
        }
    }

    /// The table locks session `s`'s transaction holds, as the pictures name them.
    pub fn table_lock_labels(&self, s: usize) -> Vec<String> {
        self.sessions
            .get(s)
            .and_then(|x| x.txn)
            .map(|t| {
                let dialect = self.dialect;
                self.table_locks.labels(t, &|m| dialect.table_lock_label(m))
            })
            .unwrap_or_default()
    }
}
