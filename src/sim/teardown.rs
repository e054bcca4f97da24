//! The sessions' teardown blocks at the end of a permutation, for the text transcript:
//! isolationtester runs each session's teardown on its connection and prints what comes
//! back (a notice such as `b: WARNING:  there is no transaction in progress` after a
//! `ROLLBACK` with nothing to roll back, a result set). The JSON lines have no event for it.

use super::program::{advance, Stop, Ticks};
use super::{engine_session, SessionId, Sim};
use crate::trace::Outcome;

impl Sim {
    /// Runs every session's teardown, in the spec's order, once the permutation has ended
    /// with no step left waiting (isolationtester would still be waiting for it); each
    /// session's name with its block's outcome.
    pub fn teardown(&mut self) -> Vec<(String, Outcome)> {
        if self.over || self.seats.iter().any(|s| s.waiting.is_some()) {
            return Vec::new();
        }
        let spec = self.spec.clone();
        let mut out = Vec::new();
        for (i, session) in spec.sessions.iter().enumerate() {
            let Some(block) = &session.teardown else {
                continue;
            };
            let s = engine_session(SessionId(i as u32));
            let outcome = match self.cache.work(&self.lab, block) {
                Ok(work) => {
                    let seat = &mut self.seats[i];
                    let ran = advance(
                        &mut self.lab,
                        &mut seat.interp,
                        s,
                        work,
                        (None, Ticks::EngineStatements),
                        usize::MAX,
                    );
                    match ran.stop {
                        Stop::Ended { outcome, .. } => outcome,
                        // It waits for another session's lock: the server's client would
                        // wait on; nothing more is printed.
                        Stop::Waiting { .. } => return out,
                    }
                }
                Err(e) => Outcome::Error(e),
            };
            out.push((session.name.clone(), outcome));
        }
        out
    }
}
