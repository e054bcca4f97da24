//! PostgreSQL's lock on the row a wait ended on. When the holder commits, the waiter locks
//! the row's newest version first and re-checks it after (EvalPlanQual): a version that no
//! longer matches the statement is dropped from its result, yet stays locked to the end of
//! the transaction. A claim that waited for job 1, which its holder parked meanwhile, takes
//! job 2 and still holds job 1 (seen on PostgreSQL 15: another worker's `NOWAIT` on job 1
//! fails until the claimer ends).

use super::{Lab, Resume, TxnId};

/// Why the waiter holds a row its statement no longer uses.
pub(super) const WAITED_FOR: &str = "the row its statement waited for (kept after the re-check)";

impl Lab {
    /// Grants the row lock a READ COMMITTED retry waited for, when the row is still there
    /// (a deleted row has no version to lock) and no one else took it meanwhile.
    pub(super) fn lock_waited_row(&mut self, txn: TxnId, resume: &Resume) {
        let Some((row, mode)) = &resume.wanted else {
            return;
        };
        let table = crate::dialect::catalog::ident(&row.table);
        let sql = format!("SELECT 1 FROM {table} WHERE rowid = {}", row.rowid);
        let there = self
            .store
            .query(&sql)
            .is_ok_and(|(_, rows)| !rows.is_empty());
        if there && self.locks.blockers(txn, row, *mode).is_empty() {
            self.locks
                .grant_because(txn, row.clone(), *mode, WAITED_FOR);
        }
    }
}
