//! PostgreSQL's UPDATE ... FROM or DELETE ... USING whose join goes through a locking read of
//! its own table (a nested loop over the read, or a hash of the target probed with the read's
//! rows: `Plan::lock_order`, `dialect/postgres/lock_order.rs`) changes each row as the read
//! locks it. So when the read waits, the rows it locked before are changed already: measured
//! on PostgreSQL 15, while `UPDATE jobs ... FROM (SELECT id ... LIMIT 5 FOR UPDATE) c` waited
//! for job 40, an `INSERT ... ON CONFLICT DO NOTHING` of job 10 or 30 waited for it (and
//! closed a deadlock), one of job 50 went on. The same with a WITH query and in a DELETE ...
//! USING; not where the ids are made unique first (`WHERE id IN (SELECT ...)`) or the read is
//! hashed, which lock every row before the first change.
//!
//! The lab runs the statement once every row is locked. Where the read waits, it runs the
//! statement on the rows locked so far to find the changes the server has made, and holds
//! those rows as changed by the waiting statement (`CHANGED_BEFORE_WAIT`), as a write that
//! waits midway holds the rows it changed before: a key check meeting one waits. The run is
//! undone with the rest of the try (the retry changes every row).

use super::{row_of, Lab, CHANGED_BEFORE_WAIT};
use crate::dialect::Plan;
use crate::engine::locks::{LockMode, TxnId};
use crate::engine::store::ChangeKind;

impl Lab {
    /// Holds as changed the rows `plan` has changed, on the server, through the rows `got`
    /// that its locking read `id` locked before it had to wait.
    pub(super) fn change_before_wait(&mut self, txn: TxnId, plan: &Plan, id: usize, got: &[i64]) {
        if plan.lock_order != Some(id) || plan.lock_hash.is_some() || got.is_empty() {
            return;
        }
        self.store.set_locked(id, got.to_vec());
        let Ok(exec) = self.store.run_raw(&plan.sqlite) else {
            return;
        };
        for c in exec.changes.iter().filter(|c| c.kind != ChangeKind::Insert) {
            let (row, mode) = (row_of(c), self.write_mode(c));
            // The read's FOR UPDATE is the change's lock too; a weaker one is strengthened.
            let held = (self.locks.holders(&row).iter())
                .find(|(t, m)| *t == txn && (*m == mode || *m == LockMode::PgUpdate))
                .map(|(_, m)| *m);
            match held {
                Some(m) => self.locks.say_why(txn, &row, m, CHANGED_BEFORE_WAIT),
                None if self.locks.blockers(txn, &row, mode).is_empty() => {
                    (self.locks).grant_because(txn, row, mode, CHANGED_BEFORE_WAIT)
                }
                // Another transaction's FOR SHARE or FOR KEY SHARE on a row this read
                // locked weaker: the server's change would wait there first, which the lab
                // does not model (left as before: the rows stay as the read locked them).
                None => {}
            }
        }
    }
}
