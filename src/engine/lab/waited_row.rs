//! PostgreSQL's lock on the row a wait ended on. When the holder commits, the waiter locks
//! the row's newest version first and re-checks it after (EvalPlanQual): a version that no
//! longer matches the statement is dropped from its result, yet stays locked to the end of
//! the transaction. A claim that waited for job 1, which its holder parked meanwhile, takes
//! job 2 and still holds job 1 (seen on PostgreSQL 15: another worker's `NOWAIT` on job 1
//! fails until the claimer ends). So too every other row the statement meets after its wait
//! that a commit changed since its snapshot: a sweep that waited for job 1 locks job 2, which
//! the holder had parked too, and changes job 3.

use super::{Lab, Resume, TxnId};
use crate::engine::locks::RowRef;

/// Why the waiter holds a row its statement no longer uses.
pub(super) const RECHECKED: &str =
    "the newest version of a row its statement re-checked after a wait";

impl Lab {
    /// Grants the row lock a READ COMMITTED retry waited for, and those of the rows its write
    /// had still to reach that a commit changed, where the row is still there (a deleted row
    /// has no version to lock) and no one else took it meanwhile.
    pub(super) fn lock_waited_row(&mut self, txn: TxnId, resume: &Resume) {
        let reached = (resume.reached.iter()).filter(|(row, _)| resume.refreshed.contains(row));
        for (row, mode) in resume.wanted.iter().chain(reached) {
            if self.still_there(row) && self.locks.blockers(txn, row, *mode).is_empty() {
                self.locks.grant_because(txn, row.clone(), *mode, RECHECKED);
            }
        }
    }

    /// Whether a row has a newest version (a commit or an open transaction may have deleted
    /// it).
    pub(super) fn still_there(&self, row: &RowRef) -> bool {
        let table = crate::dialect::catalog::ident(&row.table);
        let sql = format!("SELECT 1 FROM {table} WHERE rowid = {}", row.rowid);
        self.store
            .query(&sql)
            .is_ok_and(|(_, rows)| !rows.is_empty())
    }
}
