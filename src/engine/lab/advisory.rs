//! PostgreSQL's advisory locks: locks on numbers that the application names. What the
//! server does, as recorded on PostgreSQL 15 (`tests/conformance/specs/pg-advisory-*`):
//! - a session-level lock is held by the session, not its transaction: a ROLLBACK, an error
//!   or a deadlock does not release it, only `pg_advisory_unlock` (once per time it was
//!   taken) or `pg_advisory_unlock_all()`;
//! - a transaction-level lock goes when the transaction ends (an error aborts it at once),
//!   or at ROLLBACK TO a savepoint taken before it; unlock calls do not reach it;
//! - the locks of one session never block each other; shared locks of others block only an
//!   exclusive request, and an exclusive one blocks both;
//! - unlocking a lock the session does not hold answers `f` with a WARNING;
//! - a wait is a lock wait like a row lock's: deadlocks through it, `lock_timeout`.
//!
//! A session holding a lock need not be in a transaction, but the wait-for graph joins
//! transactions: a waiter waits for the holders' transactions of the moment, and when a
//! holder begins a transaction its waiters are made to wait for that one too
//! ([`Lab::link_advisory_waiters`]), so a deadlock it closes later is found.

use super::{ok, Exec, Lab, Resume};
use crate::dialect::plan::{AdvisoryCall, AdvisoryKey, AdvisoryOp};
use crate::engine::locks::TxnId;
use crate::trace::{Success, Value};

/// One advisory lock a session holds (a lock taken twice is two holds).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hold {
    pub key: AdvisoryKey,
    pub shared: bool,
    /// Held by the transaction (released when it ends), not the session.
    pub xact: bool,
}

impl Hold {
    /// How the pictures name it: the key, then `shared`, then `until commit` for a
    /// transaction's lock.
    pub fn label(&self) -> String {
        let mut out = self.key.to_string();
        if self.shared {
            out.push_str(" shared");
        }
        if self.xact {
            out.push_str(" until commit");
        }
        out
    }
}

/// What a list of advisory calls has done when one of them must wait: the values of the
/// calls before it and their notices, and the lock it waits for.
#[derive(Debug, Clone, Default, PartialEq, Hash)]
pub struct Progress {
    pub values: Vec<Value>,
    pub notices: Vec<String>,
    pub wanted: Option<(AdvisoryKey, bool)>,
}

impl Lab {
    /// Carries out the plan's advisory calls in order, from where a wait left off.
    pub(super) fn advisory(
        &mut self,
        s: usize,
        calls: &[AdvisoryCall],
        mut resume: Resume,
    ) -> Exec {
        let txn = self.ensure_txn(s, false);
        let mut done = resume.advisory.take().unwrap_or_default();
        done.wanted = None;
        for call in &calls[done.values.len()..] {
            let value = match (call.op, call.key) {
                (AdvisoryOp::Lock { xact, try_only }, Some(key)) => {
                    let holders = self.advisory_holders(s, key, call.shared);
                    if !holders.is_empty() {
                        if try_only {
                            done.values.push(boolean(false));
                            continue;
                        }
                        let blockers = self.current_txns(&holders);
                        done.wanted = Some((key, call.shared));
                        resume.advisory = Some(done);
                        return Exec::Wait(blockers, resume);
                    }
                    self.sessions[s].advisory.push(Hold {
                        key,
                        shared: call.shared,
                        xact,
                    });
                    if try_only {
                        boolean(true)
                    } else {
                        void()
                    }
                }
                (AdvisoryOp::Unlock, Some(key)) => {
                    let holds = &mut self.sessions[s].advisory;
                    let mine = holds
                        .iter()
                        .rposition(|h| h.key == key && h.shared == call.shared && !h.xact);
                    match mine {
                        Some(i) => {
                            holds.remove(i);
                            boolean(true)
                        }
                        None => {
                            let mode = if call.shared {
                                "ShareLock"
                            } else {
                                "ExclusiveLock"
                            };
                            done.notices
                                .push(format!("WARNING:  you don't own a lock of type {mode}"));
                            boolean(false)
                        }
                    }
                }
                _ => {
                    self.sessions[s].advisory.retain(|h| h.xact);
                    void()
                }
            };
            done.values.push(value);
        }
        if self.txns.get(txn).is_some_and(|t| !t.explicit) {
            self.commit(txn);
        }
        Exec::Done(ok(
            Success {
                columns: Some(calls.iter().map(|c| c.column.clone()).collect()),
                rows: vec![done.values],
                notices: done.notices,
                ..Success::default()
            },
            Vec::new(),
        ))
    }

    /// The other sessions whose holds keep session `s` from taking `key` (`shared` or not).
    pub(super) fn advisory_holders(&self, s: usize, key: AdvisoryKey, shared: bool) -> Vec<usize> {
        self.sessions
            .iter()
            .enumerate()
            .filter(|(o, other)| {
                *o != s
                    && other
                        .advisory
                        .iter()
                        .any(|h| h.key == key && !(shared && h.shared))
            })
            .map(|(o, _)| o)
            .collect()
    }

    /// The sessions a waiting advisory call of session `s` waits for, if it is one.
    pub(super) fn advisory_blockers(&self, s: usize) -> Option<Vec<usize>> {
        let w = self.sessions.get(s)?.waiting.as_ref()?;
        let (key, shared) = w.resume.advisory.as_ref()?.wanted?;
        Some(self.advisory_holders(s, key, shared))
    }

    fn current_txns(&self, sessions: &[usize]) -> Vec<TxnId> {
        sessions
            .iter()
            .filter_map(|&o| self.sessions[o].txn)
            .collect()
    }

    /// Session `s` began transaction `t`: whoever waits for an advisory lock `s` holds now
    /// waits for `t` too (a wait it joins later can close a cycle through it).
    pub(super) fn link_advisory_waiters(&mut self, s: usize, t: TxnId) {
        if self.sessions[s].advisory.is_empty() {
            return;
        }
        for w in 0..self.sessions.len() {
            let blocked = self.advisory_blockers(w).is_some_and(|b| b.contains(&s));
            let Some(waiter) = self.sessions[w].txn.filter(|_| blocked) else {
                continue;
            };
            self.waits.wait(waiter, &[t]);
            if let Some(susp) = self.sessions[w].waiting.as_mut() {
                susp.blockers.push(t);
            }
        }
    }

    /// Transaction-level advisory locks of session `s` beyond the first `kept` go (its
    /// transaction ended: `kept` 0; or it rolled back to a savepoint).
    pub(super) fn release_xact_advisory(&mut self, s: usize, kept: usize) {
        let mut seen = 0;
        self.sessions[s].advisory.retain(|h| {
            if !h.xact {
                return true;
            }
            seen += 1;
            seen <= kept
        });
    }

    pub(super) fn xact_advisory_count(&self, s: usize) -> usize {
        self.sessions[s].advisory.iter().filter(|h| h.xact).count()
    }
}

fn boolean(b: bool) -> Value {
    Value::Text(if b { "t" } else { "f" }.into())
}

/// A `void` result: an empty string, not NULL.
fn void() -> Value {
    Value::Text(String::new())
}
