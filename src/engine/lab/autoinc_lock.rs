//! InnoDB's AUTO-INC table lock (`innodb_autoinc_lock_mode` 1, MariaDB's default): an INSERT
//! ... SELECT into a table with an AUTO_INCREMENT column takes it at its first row and keeps
//! it to its end, so while it waits for a row lock in its writes (a duplicate key, a gap)
//! every other insert that asks the table for a value waits too (probed on MariaDB 10.11: a
//! plain `INSERT ... VALUES` waited until the INSERT ... SELECT finished), and a deadlock
//! closed through that lock ends with error 1467 for its victim. The lab has no
//! statement-long table lock: such an insert is refused by name while that statement waits,
//! one with ids of its own too (InnoDB moves the counter past them under the same lock: an
//! id of 50 waited as long). An INSERT ... SELECT that waits in its reads (a locking
//! subquery) holds no AUTO-INC lock yet (probed too), nor one whose rows give their own ids.

use super::Lab;
use crate::dialect::common::unsupported_with;
use crate::dialect::Plan;
use crate::trace::StepError;

impl Lab {
    /// The refusal of session `s`'s `plan` where another session's INSERT ... SELECT holds
    /// the AUTO-INC lock of the table it inserts into.
    pub(super) fn autoinc_held(&self, s: usize, plan: &Plan) -> Option<StepError> {
        if !self.dialect.bulk_inserts_hold_auto_inc_lock() {
            return None;
        }
        // Rows that give their own ids wait too: InnoDB moves the counter past a given id
        // under the same lock (probed: id 50 waited as long).
        let table = &plan.auto_ids.as_ref()?.table;
        let holds = |w: &super::Suspended| {
            let bulk = (w.plan.auto_ids.as_ref()).is_some_and(|a| {
                a.automatic && a.rows.is_none() && a.table.eq_ignore_ascii_case(table)
            });
            bulk && w.resume.auto_first.is_some() && !w.resume.read_waited
        };
        let (_, holder) = (self.sessions.iter().enumerate())
            .find(|(i, other)| *i != s && other.waiting.as_ref().is_some_and(holds))?;
        Some(unsupported_with(
            self.dialect,
            &format!("An INSERT into {table} while {}'s INSERT ... SELECT into it waits", holder.name),
            "that statement holds InnoDB's AUTO-INC lock on the table from its first row to its end, and every other insert into the table waits for it (a deadlock through it ends in error 1467), which the lab does not model: run this insert once that statement has ended",
        ))
    }
}
