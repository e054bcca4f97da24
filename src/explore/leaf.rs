//! The end of a path: a complete schedule (every step given) or a dead end. A complete one
//! ends as a permutation does ([`Sim::end`]: MariaDB's lock waits time out), then its SQL
//! checks run in a fresh session and its outcome is read. All of it is undone afterwards.

use super::tracker::{step_result, Tracker};
use crate::scenario::expect::{Expect, ExpectLine};
use crate::sim::fingerprint::Fnv;
use crate::sim::fresh::FreshQuery;
use crate::sim::Sim;
use crate::trace::{Event, EventKind, Outcome, Value};
use std::fmt::Write;
use std::hash::Hash;

/// What a state with no move left is.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaf {
    /// Every step was given: a schedule ends here. Otherwise a session waits forever with
    /// steps left.
    pub complete: bool,
    /// Per check: whether the schedules ending here violate it.
    pub broken: Vec<bool>,
    /// The outcome's key (see [`Ending`]).
    pub outcome: u64,
}

/// How a schedule ended, for people: each step's result and the tables' sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    pub steps: Vec<(String, String)>,
    pub tables: Vec<(String, usize)>,
}

/// Judges the state `sim` is in, which has no move left. `tracker` has seen every move.
pub fn judge(sim: &mut Sim, checks: &[ExpectLine], tracker: &Tracker) -> (Leaf, Option<Ending>) {
    if !sim.is_complete() {
        let leaf = Leaf {
            complete: false,
            broken: vec![false; checks.len()],
            outcome: 0,
        };
        return (leaf, None);
    }
    let mark = sim.save();
    let mut tracker = tracker.clone();
    let end = sim.end();
    tracker.observe(checks, sim, &end);
    let broken = checks
        .iter()
        .enumerate()
        .map(|(i, c)| match &c.check {
            Expect::Sql { query, .. } => sql_fails(sim, query).is_some(),
            _ => tracker.broken(i),
        })
        .collect();
    let (key, ending) = ending(sim, &end);
    sim.restore(mark);
    let leaf = Leaf {
        complete: true,
        broken,
        outcome: key,
    };
    (leaf, Some(ending))
}

/// Why an SQL check fails now, or `None` when it holds: the query must return one row whose
/// first column is true (`t`, `true` or `1`).
pub fn sql_fails(sim: &mut Sim, query: &str) -> Option<String> {
    match sim.query_as_new_session(query) {
        FreshQuery::Waits(on) => Some(format!(
            "the check query would wait for a lock held by {}",
            on.join(", ")
        )),
        FreshQuery::Done(Outcome::Error(e)) => Some(format!(
            "the check query failed: {} {}",
            e.native, e.message
        )),
        FreshQuery::Done(Outcome::Ok(s)) => {
            let first = s.rows.first().and_then(|r| r.first());
            let truthy = first
                .and_then(Value::text)
                .is_some_and(|t| matches!(t.to_ascii_lowercase().as_str(), "t" | "true" | "1"));
            if s.rows.len() == 1 && truthy {
                None
            } else if s.rows.len() != 1 {
                Some(format!(
                    "the check query returned {} rows, not one",
                    s.rows.len()
                ))
            } else {
                let shown = first.and_then(Value::text).unwrap_or_else(|| "NULL".into());
                Some(format!("the check query returned {shown}"))
            }
        }
    }
}

/// The outcome of the schedule `sim` has just ended (`end`: its end events): a key that
/// tells outcomes apart, and what a person reads of it.
fn ending(sim: &Sim, end: &[Event]) -> (u64, Ending) {
    let mut h = Fnv::default();
    let events: Vec<&Event> = sim.events().iter().chain(end).collect();
    let mut steps = Vec::new();
    for st in sim.spec().sessions.iter().flat_map(|s| &s.steps) {
        let mine: Vec<&&Event> = events.iter().filter(|e| e.step == st.name).collect();
        let waited = mine.iter().any(|e| e.kind == EventKind::Waiting);
        let last = mine.iter().rposition(|e| e.kind != EventKind::Waiting);
        // Statement by statement, a step's result set may come in an earlier move.
        let earlier = last.and_then(|at| {
            mine[..at]
                .iter()
                .rev()
                .filter_map(|e| e.outcome.as_ref())
                .find(|o| matches!(o, Outcome::Ok(s) if s.columns.is_some()))
        });
        let last = last.map(|at| mine[at]);
        let result = match last {
            Some(e) if e.kind == EventKind::StillWaiting => "still waiting".to_string(),
            Some(e) => e
                .outcome
                .as_ref()
                .map(|o| result_text(step_result(earlier, o)))
                .unwrap_or_default(),
            None => "waiting".to_string(),
        };
        let shown = if waited && last.is_some_and(|e| e.kind != EventKind::StillWaiting) {
            format!("waited, then {result}")
        } else {
            result
        };
        let _ = write!(h, "{}={shown};", st.name);
        steps.push((st.name.clone(), shown));
    }
    let mut tables = Vec::new();
    if let Ok(all) = sim.lab().store.tables() {
        for t in all {
            let _ = write!(h, "T{}", t.name);
            for (_, values) in &t.rows {
                values.hash(&mut h);
            }
            tables.push((t.name.clone(), t.rows.len()));
        }
    }
    (h.finish(), Ending { steps, tables })
}

/// A step's result in a few words: the rows it returned (first column), how many rows it
/// changed, or its error.
pub fn result_text(o: &Outcome) -> String {
    match o {
        Outcome::Error(e) => format!("error {} ({})", e.class.as_str(), e.native),
        Outcome::Ok(s) if s.columns.is_some() => {
            if s.rows.is_empty() {
                return "no rows".into();
            }
            let values: Vec<String> = s
                .rows
                .iter()
                .map(|r| {
                    r.first()
                        .and_then(Value::text)
                        .unwrap_or_else(|| "NULL".into())
                })
                .collect();
            values.join(", ")
        }
        Outcome::Ok(s) => match s.affected {
            Some(1) => "1 row changed".into(),
            Some(n) => format!("{n} rows changed"),
            None => "ok".into(),
        },
    }
}
