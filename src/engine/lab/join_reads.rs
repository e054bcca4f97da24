//! SQL Server's joins read with locks (`Plan::join_reads`): under locking READ COMMITTED the
//! server takes an S lock on each row a join reads and lets it go at once, so the join waits
//! for a row another transaction holds an X lock on; under REPEATABLE READ and SERIALIZABLE
//! it keeps them, and later writers wait. The lab takes no lock for a join's rows (its join
//! locking is PostgreSQL's, `dialect/join_locks.rs`), which changes nothing while no other
//! transaction holds an X lock on a row of the joined tables at READ COMMITTED: the statement
//! runs then, and is refused by name where it would not be what the server does.

use super::{Lab, LockMode, TxnId};
use crate::dialect::common::unsupported_with;
use crate::dialect::plan::Isolation;
use crate::dialect::Plan;
use crate::trace::StepError;

impl Lab {
    /// The refusal of `plan`'s join read by `txn`, where its S locks would matter.
    pub(super) fn unlocked_join(&self, txn: TxnId, plan: &Plan) -> Option<StepError> {
        if plan.join_reads.is_empty() {
            return None;
        }
        let joined = |table: &str| {
            plan.join_reads
                .iter()
                .any(|t| t.eq_ignore_ascii_case(table))
        };
        let (what, why) = match self.txn_mode(txn).0 {
            Isolation::ReadUncommitted => return None,
            Isolation::ReadCommitted => {
                let held = self.locks.all().any(|(row, holders)| {
                    joined(&row.table)
                        && (holders.iter()).any(|(h, m)| *h != txn && *m == LockMode::MsExclusive)
                });
                if !held {
                    return None;
                }
                (
                    "A join under READ COMMITTED while another transaction holds an exclusive lock on a row of its tables",
                    "SQL Server takes a shared lock on each row a join reads and waits for that row, which the lab does not model for joins",
                )
            }
            Isolation::RepeatableRead | Isolation::Serializable => (
                "A join under REPEATABLE READ or SERIALIZABLE",
                "SQL Server keeps a shared lock on each row a join reads to the end of the transaction, which the lab does not model for joins",
            ),
        };
        Some(unsupported_with(
            self.dialect,
            what,
            &format!("{why}; read each table in a query of its own (IN (SELECT ...) over the other), or set READ_COMMITTED_SNAPSHOT ON"),
        ))
    }
}
