//! Waits the server ends by itself when nobody releases the lock in time: MariaDB's
//! `innodb_lock_wait_timeout`, PostgreSQL's `lock_timeout` / `statement_timeout`.

use super::{Completion, Finished, Lab};
use crate::dialect::plan::WaitLimit;
use crate::trace::{ErrorClass, StepError};

impl Lab {
    /// Ends the lock waits that the server ends by itself when nobody releases the lock in
    /// time, as a permutation's end does: every MariaDB wait (`innodb_lock_wait_timeout`,
    /// 1205, only the statement undone: locks it got before waiting stay held, so no other
    /// waiter goes on), and a PostgreSQL wait under `lock_timeout` / `statement_timeout`
    /// (55P03 / 57014, the transaction aborted: its locks go, and a waiter they held up may
    /// finish). In the order the waits end: the shorter limit first, then the order the
    /// waits began. A completion for each, and for each wait they let finish.
    pub fn time_out_waits(&mut self) -> Vec<Completion> {
        let mut ending: Vec<(usize, u64)> = self
            .wait_order
            .iter()
            .filter_map(|&s| match self.sessions[s].wait_limits.first() {
                _ if self.dialect.lock_waits_time_out() => Some((s, 0)),
                Some((_, ms)) => Some((s, ms)),
                None => None,
            })
            .collect();
        crate::sort::sort_by(&mut ending, |a, b| a.1.cmp(&b.1));
        let mut out = Vec::new();
        for (s, _) in ending {
            let Some(w) = self.sessions[s].waiting.take() else {
                continue;
            };
            self.wait_order.retain(|x| *x != s);
            if let Some(t) = self.sessions[s].txn {
                self.waits.stop_waiting(t);
            }
            let table = w.resume.wanted.as_ref().map(|(r, _)| r.table.clone());
            let finished = match self.sessions[s].wait_limits.first() {
                Some((limit, _)) if !self.dialect.lock_waits_time_out() => {
                    self.cancel_statement(s, limit)
                }
                _ => self.fail_statement(
                    s,
                    ErrorClass::LockNotAvailable,
                    table.as_deref().unwrap_or(""),
                ),
            };
            out.push(Completion {
                session: s,
                tag: w.tag,
                finished,
            });
            out.extend(self.wake());
        }
        out
    }

    /// PostgreSQL cancels a statement that waited past its limit.
    pub(super) fn cancel_statement(&mut self, s: usize, limit: WaitLimit) -> Finished {
        let (class, native, message) = self.dialect.wait_limit_error(limit);
        let err = StepError {
            class,
            native,
            message,
            pos: None,
            fixed_text: None,
        };
        self.fail_with(s, err)
    }
}
