//! Rule: InnoDB queues a row lock request behind the requests already waiting for that row,
//! not only behind the locks granted on it (the server weighs every lock in the record's
//! queue, waiting or granted). So a transaction that holds a job shared and asks for it
//! exclusive, while another waits for it exclusive, waits behind that one: a deadlock, where
//! a request weighed against granted locks alone would be granted (random race 214-4, and
//! spec `my-lock-queue-waiting-request`). A shared request waits behind a waiting exclusive
//! one alike. A request the transaction's own locks cover asks for nothing, and an insert
//! waiting for a gap queues no lock another request waits behind.

use super::Lab;
use crate::engine::locks::{LockMode, RowRef, TxnId};

impl Lab {
    /// The transactions whose locks keep `txn` from taking `mode` on `row` now: those that
    /// hold the row, and in InnoDB those whose requests for it wait ahead of `txn`'s (when a
    /// waiting statement is tried again, those that began to wait before it; else all).
    pub(super) fn row_blockers(&self, txn: TxnId, row: &RowRef, mode: LockMode) -> Vec<TxnId> {
        let ahead = self.queue_ahead.as_deref().unwrap_or(&self.wait_order);
        self.row_blockers_behind(txn, row, mode, ahead)
    }

    /// [`Lab::row_blockers`] with the sessions whose requests wait ahead given.
    pub(super) fn row_blockers_behind(
        &self,
        txn: TxnId,
        row: &RowRef,
        mode: LockMode,
        ahead: &[usize],
    ) -> Vec<TxnId> {
        let mut out = self.locks.blockers(txn, row, mode);
        let held = self.locks.holders(row);
        let covered = [mode, LockMode::InnoExclusive].map(|m| held.contains(&(txn, m)));
        if !matches!(mode, LockMode::InnoShared | LockMode::InnoExclusive)
            || covered.contains(&true)
        {
            return out;
        }
        for &x in ahead {
            let session = &self.sessions[x];
            let (Some(t), Some(w)) = (session.txn, &session.waiting) else {
                continue;
            };
            let queued = w
                .resume
                .wanted_gap
                .is_none()
                .then_some(w.resume.wanted.as_ref());
            if let Some(Some((r, m))) = queued {
                if t != txn && r == row && mode.conflicts_with(*m) && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }
}
