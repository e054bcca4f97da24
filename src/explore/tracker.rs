//! The checks' state along one path of the search: what each built-in check has seen so
//! far, updated after every move. Its digest joins the simulation's fingerprint in the key
//! of a state, since the order in which sessions finished steps (which `ordered-results`
//! reads) is not part of the fingerprint.

use crate::ids::TxnId;
use crate::scenario::expect::{Expect, ExpectLine};
use crate::sim::fingerprint::Fnv;
use crate::sim::{SessionId, Sim};
use crate::trace::{ErrorClass, Event, EventKind, Outcome};
use std::cmp::Ordering;
use std::fmt::Write;
use std::hash::Hash;

#[derive(Debug, Clone, PartialEq)]
enum State {
    /// `unique-results`: values of committed results, and those of transactions still open
    /// (by session and transaction) that count once they commit.
    Unique {
        /// Sorted, each once (a `BTreeSet` type compiles its own tree code into the download).
        committed: Vec<String>,
        pending: Vec<(SessionId, TxnId, String)>,
        twice: Option<String>,
    },
    /// `ordered-results`: the last value returned, and the first pair out of order.
    Ordered {
        last: Option<String>,
        broken: Option<(String, String)>,
    },
    /// `no-error`, `no-deadlock`, `no-wait`: the first step that broke it.
    Never { by: Option<String> },
    /// `sql`: judged at the end of a schedule, not along it.
    AtEnd,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tracker {
    states: Vec<State>,
    /// Per session: the last result set of the step it is inside, statement by statement.
    carry: Vec<Option<Outcome>>,
}

/// What a step returned, when it ran in several moves: its last move's result, or, when that
/// move returned no rows (a T-SQL procedure's last statements), the last result set before.
pub fn step_result<'a>(earlier: Option<&'a Outcome>, last: &'a Outcome) -> &'a Outcome {
    match (earlier, last) {
        (Some(e), Outcome::Ok(s)) if s.columns.is_none() => e,
        _ => last,
    }
}

fn is_result_set(o: &Outcome) -> bool {
    matches!(o, Outcome::Ok(s) if s.columns.is_some())
}

impl Tracker {
    pub fn new(checks: &[ExpectLine]) -> Tracker {
        let states = checks
            .iter()
            .map(|c| match &c.check {
                Expect::UniqueResults { .. } => State::Unique {
                    committed: Vec::new(),
                    pending: Vec::new(),
                    twice: None,
                },
                Expect::OrderedResults { .. } => State::Ordered {
                    last: None,
                    broken: None,
                },
                Expect::NoError | Expect::NoDeadlock | Expect::NoWait => State::Never { by: None },
                Expect::Sql { .. } => State::AtEnd,
            })
            .collect();
        Tracker {
            states,
            carry: Vec::new(),
        }
    }

    /// Takes the events of one move (or of the schedule's end), in order.
    pub fn observe(&mut self, checks: &[ExpectLine], sim: &Sim, events: &[Event]) {
        for e in events {
            let Some(session) = session_of(sim, &e.session) else {
                continue;
            };
            // A step stopped partway (statement by statement) has not finished: its result
            // so far is not what it returns.
            let finished = matches!(
                e.kind,
                EventKind::Ok | EventKind::Error | EventKind::Completed
            );
            let inside = sim.inside(session).map(|id| sim.step_name(id)) == Some(e.step.as_str());
            let i = session.0 as usize;
            if self.carry.len() <= i {
                self.carry.resize(i + 1, None);
            }
            let result = match e.outcome.as_ref() {
                Some(o) if finished && inside => {
                    if is_result_set(o) {
                        self.carry[i] = Some(o.clone());
                    }
                    continue;
                }
                Some(o) if finished => {
                    let carried = self.carry[i].take();
                    Some(step_result(carried.as_ref(), o).clone())
                }
                _ => None,
            };
            for (state, line) in self.states.iter_mut().zip(checks) {
                observe_one(state, &line.check, sim, session, e, result.as_ref());
            }
        }
        for state in &mut self.states {
            if let State::Unique {
                committed,
                pending,
                twice,
            } = state
            {
                settle(sim, committed, pending, twice);
            }
        }
    }

    /// Whether check `i` is broken on this path so far (SQL checks: never along it).
    pub fn broken(&self, i: usize) -> bool {
        self.detail(i).is_some()
    }

    /// What broke check `i`, in a sentence.
    pub fn detail(&self, i: usize) -> Option<String> {
        match self.states.get(i)? {
            State::Unique { twice, .. } => twice
                .as_ref()
                .map(|v| format!("{v} was returned by two committed steps")),
            State::Ordered { broken, .. } => broken
                .as_ref()
                .map(|(a, b)| format!("{b} was returned after {a}")),
            State::Never { by } => by.clone(),
            State::AtEnd => None,
        }
    }

    /// The values that broke check `i`: the one returned twice, or the pair out of order.
    pub fn values(&self, i: usize) -> Vec<String> {
        match self.states.get(i) {
            Some(State::Unique { twice: Some(v), .. }) => vec![v.clone()],
            Some(State::Ordered {
                broken: Some((a, b)),
                ..
            }) => vec![a.clone(), b.clone()],
            _ => Vec::new(),
        }
    }

    /// Everything that decides the checks' future verdicts, hashed.
    pub fn digest(&self, h: &mut Fnv) {
        for s in &self.states {
            match s {
                State::Unique {
                    committed,
                    pending,
                    twice,
                } => {
                    h.bytes(b"U");
                    (committed, twice.is_some()).hash(h);
                    // By session, not in the order the values came: states that differ only
                    // in which session moved first are one state.
                    let mut open: Vec<(u32, &str)> =
                        pending.iter().map(|(s, _, v)| (s.0, v.as_str())).collect();
                    crate::sort::sort(&mut open);
                    for (s, v) in open {
                        let _ = write!(h, "{s}:{v};");
                    }
                }
                State::Ordered { last, broken } => {
                    h.bytes(b"O");
                    (last, broken.is_some()).hash(h);
                }
                State::Never { by } => {
                    let _ = write!(h, "N{}", by.is_some());
                }
                State::AtEnd => {}
            }
        }
    }
}

/// One event for one check; `result` is the step's result when the event ends the step.
fn observe_one(
    state: &mut State,
    check: &Expect,
    sim: &Sim,
    session: SessionId,
    e: &Event,
    result: Option<&Outcome>,
) {
    let ended = result.is_some();
    let error = match result {
        Some(Outcome::Error(err)) => Some(err),
        _ => None,
    };
    match (state, check) {
        (State::Never { by }, Expect::NoWait) if by.is_none() && e.kind == EventKind::Waiting => {
            *by = Some(format!("{} waited for {}", e.step, e.waits_for.join(", ")));
        }
        (State::Never { by }, Expect::NoError) if by.is_none() => {
            if let Some(err) = error {
                *by = Some(format!("{} failed: {} {}", e.step, err.native, err.message));
            }
        }
        (State::Never { by }, Expect::NoDeadlock) if by.is_none() => {
            if let Some(err) = error.filter(|err| err.class == ErrorClass::Deadlock) {
                *by = Some(format!(
                    "{} was the deadlock victim ({})",
                    e.step, err.native
                ));
            }
        }
        (
            State::Unique {
                committed,
                pending,
                twice,
            },
            Expect::UniqueResults { steps },
        ) if ended && steps.contains(&e.step) => {
            let open = sim.open_txn(session).filter(|t| is_active(sim, *t));
            for v in first_values(result) {
                match open {
                    Some(t) => pending.push((session, t, v)),
                    None => commit(committed, twice, v),
                }
            }
        }
        (State::Ordered { last, broken }, Expect::OrderedResults { steps })
            if ended && steps.contains(&e.step) =>
        {
            for v in first_values(result) {
                if let Some(prev) = last.as_ref() {
                    if broken.is_none() && compare(&v, prev) == Ordering::Less {
                        *broken = Some((prev.clone(), v.clone()));
                    }
                }
                *last = Some(v);
            }
        }
        _ => {}
    }
}

/// Moves the values of transactions that ended: committed ones count, rolled back ones are
/// dropped.
fn settle(
    sim: &Sim,
    committed: &mut Vec<String>,
    pending: &mut Vec<(SessionId, TxnId, String)>,
    twice: &mut Option<String>,
) {
    use crate::engine::txn::TxnState;
    let mut keep = Vec::new();
    for (s, t, v) in pending.drain(..) {
        match sim.lab().txns.get(t).map(|x| x.state) {
            Some(TxnState::Active) => keep.push((s, t, v)),
            Some(TxnState::Committed(_)) => commit(committed, twice, v),
            _ => {}
        }
    }
    *pending = keep;
}

fn commit(committed: &mut Vec<String>, twice: &mut Option<String>, v: String) {
    match committed.binary_search(&v) {
        Ok(_) if twice.is_none() => *twice = Some(v),
        Ok(_) => {}
        Err(at) => committed.insert(at, v),
    }
}

fn is_active(sim: &Sim, t: TxnId) -> bool {
    sim.lab()
        .txns
        .get(t)
        .is_some_and(|x| x.state == crate::engine::txn::TxnState::Active)
}

/// The first column of each row a step returned, NULLs left out.
fn first_values(result: Option<&Outcome>) -> Vec<String> {
    match result {
        Some(Outcome::Ok(s)) if s.columns.is_some() => s
            .rows
            .iter()
            .filter_map(|r| r.first().and_then(|v| v.text()))
            .collect(),
        _ => Vec::new(),
    }
}

/// Values as numbers when both are, else as text. Integers compare exactly whatever their
/// length (a numeric(30) key too), by sign and digits, with no parse into a fixed width.
fn compare(a: &str, b: &str) -> Ordering {
    if let (Some(x), Some(y)) = (integer(a), integer(b)) {
        // -0 is 0: an empty magnitude has no sign.
        let magnitude = x.1.len().cmp(&y.1.len()).then_with(|| x.1.cmp(y.1));
        return match (x.0 && !x.1.is_empty(), y.0 && !y.1.is_empty()) {
            (false, false) => magnitude,
            (true, true) => magnitude.reverse(),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
        };
    }
    match (crate::decimal::parse_f64(a), crate::decimal::parse_f64(b)) {
        (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        _ => a.cmp(b),
    }
}

/// An integer's text as (negative, its digits without leading zeros).
fn integer(t: &str) -> Option<(bool, &str)> {
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    whole.then(|| (negative, digits.trim_start_matches('0')))
}

fn session_of(sim: &Sim, name: &str) -> Option<SessionId> {
    sim.spec()
        .sessions
        .iter()
        .position(|s| s.name == name)
        .map(|i| SessionId(i as u32))
}

#[cfg(test)]
mod tests {
    use super::compare;
    use std::cmp::Ordering;

    #[test]
    fn numbers_compare_as_numbers() {
        assert_eq!(compare("9", "10"), Ordering::Less);
        assert_eq!(compare("b", "a"), Ordering::Greater);
        assert_eq!(compare("2.5", "2.50"), Ordering::Equal);
    }

    #[test]
    fn integers_compare_exactly_at_any_length() {
        // Past a double's 15 digits and past i64.
        assert_eq!(
            compare("12345678901234567891", "12345678901234567890"),
            Ordering::Greater
        );
        assert_eq!(compare("-100000000000000000000", "-99"), Ordering::Less);
        assert_eq!(compare("-5", "3"), Ordering::Less);
        assert_eq!(compare("-3", "-5"), Ordering::Greater);
        assert_eq!(compare("007", "+7"), Ordering::Equal);
        assert_eq!(compare("-0", "0"), Ordering::Equal);
        assert_eq!(compare("-1", "0"), Ordering::Less);
    }
}
