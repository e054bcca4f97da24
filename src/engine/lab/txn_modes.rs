//! `SET [SESSION] TRANSACTION ...`: a transaction's isolation level and access mode (READ
//! ONLY / READ WRITE), for the open transaction, the next one or the session, with each
//! server's rules, as recorded (`pg-read-only`, `my-read-only`):
//! - PostgreSQL sets the open transaction only; outside a transaction block it warns and does
//!   nothing. Once a query has run in it (its first snapshot), a transaction keeps its level
//!   and can become READ ONLY but no longer READ WRITE (25001, aborting it as any error).
//! - MariaDB sets the next transaction, and refuses while one is open (1568). A READ ONLY for
//!   the next transaction goes with the first transaction that begins, an autocommit
//!   statement's included; a statement it refuses begins none, nor does a query that reads
//!   no table (`SELECT 1 + 1`: `Plan::begins_no_transaction`).
//! - `SESSION` (PostgreSQL: `SET SESSION CHARACTERISTICS AS TRANSACTION`) sets every later
//!   transaction's, not the open one's.

use super::{ok, Finished, Lab};
use crate::dialect::plan::Isolation;
use crate::dialect::read_only::{self, SetTransactionScope};
use crate::trace::Success;

impl Lab {
    pub(super) fn set_transaction(
        &mut self,
        s: usize,
        level: Option<Isolation>,
        read_only: Option<bool>,
        session: bool,
    ) -> Finished {
        let sess = &mut self.sessions[s];
        if session {
            if let Some(level) = level {
                sess.default_isolation = level;
            }
            if let Some(ro) = read_only {
                sess.default_read_only = ro;
            }
            return ok(Success::default(), Vec::new());
        }
        let open = sess
            .txn
            .filter(|t| self.txns.get(*t).is_some_and(|x| x.explicit));
        match (self.dialect.set_transaction_scope(), open) {
            (SetTransactionScope::OpenBlock, None) => ok(
                Success {
                    notices: vec![read_only::OUTSIDE_BLOCK_WARNING.into()],
                    ..Success::default()
                },
                Vec::new(),
            ),
            (SetTransactionScope::OpenBlock, Some(t)) => {
                let Some(txn) = self.txns.get_mut(t) else {
                    return ok(Success::default(), Vec::new());
                };
                if let Some(level) = level.filter(|l| *l != txn.isolation) {
                    if txn.queried {
                        return self.fail_with(s, read_only::too_late_error(true));
                    }
                    txn.isolation = level;
                }
                match read_only {
                    Some(false) if txn.read_only && txn.queried => {
                        self.fail_with(s, read_only::too_late_error(false))
                    }
                    Some(ro) => {
                        txn.read_only = ro;
                        ok(Success::default(), Vec::new())
                    }
                    None => ok(Success::default(), Vec::new()),
                }
            }
            (SetTransactionScope::Next, Some(_)) => {
                self.fail_with(s, read_only::in_progress_error())
            }
            (SetTransactionScope::OpenOrNext, Some(t)) => {
                if let (Some(level), Some(txn)) = (level, self.txns.get_mut(t)) {
                    txn.isolation = level;
                }
                ok(Success::default(), Vec::new())
            }
            (_, None) => {
                let sess = &mut self.sessions[s];
                if level.is_some() {
                    sess.next_isolation = level;
                }
                if read_only.is_some() {
                    sess.next_read_only = read_only;
                }
                ok(Success::default(), Vec::new())
            }
        }
    }

    /// Whether a statement of session `s` runs read only now: in its open transaction, or in
    /// the one an autocommit statement would begin.
    pub(super) fn read_only_now(&self, s: usize) -> bool {
        let sess = &self.sessions[s];
        // Only MariaDB sets a next transaction's mode outside one (`SetTransactionScope`).
        match sess.txn.and_then(|t| self.txns.get(t)) {
            Some(txn) => txn.read_only,
            None => sess.next_read_only.unwrap_or(sess.default_read_only),
        }
    }
}
