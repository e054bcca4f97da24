//! The explorer: every schedule of a scenario, judged against its `#! expect` checks.
//!
//! A **schedule** is a valid permutation of the spec's steps, as isolationtester means it:
//! every step of every session is given once, each session's steps in their order, and no
//! step is given to a session whose previous step is still waiting for a lock. (A step that
//! waits when the schedule ends is fine: it ends as `Sim::end` says.) Orders that would give
//! a step to a waiting session are not schedules; neither are orders that get stuck, with a
//! session waiting forever while it still has steps to take: those are counted as dead ends.
//!
//! How: a depth-first search over [`Sim::step`], going back with `save`/`restore`, so no
//! prefix is run twice. A state met before (same [`Sim::fingerprint`] and the same state of
//! the checks that read the order across sessions) is not explored again: the search builds
//! the graph of states, whose paths from the start to a complete state are the schedules.
//! One pass over that graph in topological order then counts, exactly, the schedules through
//! each state, and the fewest moves and session switches that reach it: billions of schedules
//! are counted without being run one by one. States are told apart by a 64-bit hash; two
//! different states sharing one is possible in principle, about once in 10^13 pairs.
//!
//! - `tracker.rs`: the checks' state along one path;
//! - `search.rs`: the depth-first search and its graph;
//! - `leaf.rs`: what a complete schedule ends in (its end events, SQL checks, outcome);
//! - `tally.rs`: counts, shortest counterexamples, outcomes, from the graph;
//! - `report.rs`: the text and JSON lines `queuelab explore` prints.

mod leaf;
mod node_index;
pub mod report;
mod search;
mod tally;
mod tracker;

use crate::scenario::expect::ExpectLine;
use crate::scenario::spec::Spec;
use crate::sim::{Config, Schedule};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What one move of a schedule is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Granularity {
    /// A whole step, as in a permutation line: the spec's schedules.
    #[default]
    Steps,
    /// One statement: other sessions may move between the statements of a step, T-SQL
    /// procedure bodies included (a pop inside a procedure is a few statements).
    Statements,
}

/// How far the explorer has come, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Distinct states found so far.
    pub states: usize,
    /// The share of all interleavings already decided (0 to 1): those below every finished
    /// branch, whether explored or met before.
    pub done: f64,
}

/// Why an exploration stopped before the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stopped {
    /// [`ExploreConfig::max_states`] states were found.
    States(usize),
    /// [`ExploreConfig::max_time`] passed.
    Time(Duration),
    /// The cancel flag was raised, or the progress callback said stop.
    Cancelled,
}

/// Told how far the exploration has come; returns false to stop it.
pub type ProgressFn = Box<dyn FnMut(&Progress) -> bool>;

/// Knobs of an exploration.
pub struct ExploreConfig {
    pub granularity: Granularity,
    /// Stop once this many distinct states are found (each costs about 100 bytes and one
    /// fingerprint). The report then says the counts are those seen.
    pub max_states: usize,
    /// Stop after this long, read from `clock`; ignored without a clock.
    pub max_time: Option<Duration>,
    /// Time since some fixed start: `Instant` natively, `performance.now()` in a browser
    /// (the engine reads no clock of its own).
    pub clock: Option<Box<dyn Fn() -> Duration>>,
    /// Called every `progress_every` new states; returning false stops the exploration.
    pub progress: Option<ProgressFn>,
    pub progress_every: usize,
    /// Raised by another thread to stop the exploration.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Checks to judge besides the spec's `#! expect` lines (the UI's check boxes).
    pub extra_checks: Vec<ExpectLine>,
    pub sim: Config,
}

/// The most states an exploration keeps by default: about 100 MB.
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

impl Default for ExploreConfig {
    fn default() -> Self {
        ExploreConfig {
            granularity: Granularity::Steps,
            max_states: DEFAULT_MAX_STATES,
            max_time: None,
            clock: None,
            progress: None,
            progress_every: 1000,
            cancel: None,
            extra_checks: Vec::new(),
            sim: Config::default(),
        }
    }
}

/// What an exploration found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub granularity: Granularity,
    /// Complete schedules (exact when `stopped` is `None`).
    pub schedules: u128,
    /// Distinct states met.
    pub states: usize,
    /// Why the exploration stopped early, if it did: the counts are then those seen.
    pub stopped: Option<Stopped>,
    /// One per check, in the order declared (the spec's, then the extra ones).
    pub checks: Vec<CheckResult>,
    /// The distinct outcomes, most frequent first.
    pub outcomes: Vec<OutcomeResult>,
    /// Orders that get stuck: a session waits forever with steps left.
    pub dead_ends: DeadEnds,
}

impl Report {
    pub fn complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// Whether some check is violated by some schedule.
    pub fn violated(&self) -> bool {
        self.checks.iter().any(|c| c.violations > 0)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The text after `#! expect `.
    pub text: String,
    /// How many schedules violate it.
    pub violations: u128,
    /// The shortest schedule that violates it, if any.
    pub shortest: Option<Counterexample>,
}

/// A schedule that violates a check: the fewest moves, then the fewest switches between
/// sessions, then the first found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Counterexample {
    pub schedule: Schedule,
    /// How many of its moves are made when the check first fails (the schedule's length
    /// when it fails only at the end: SQL checks, waits that time out).
    pub fails_after: usize,
    /// What went wrong, in a sentence.
    pub detail: String,
    /// The values at fault (the one delivered twice, the pair out of order), for a picture
    /// to point at; empty when the check names none.
    #[serde(default)]
    pub values: Vec<String>,
}

/// One distinct way a schedule can end: each step's result, and the final tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutcomeResult {
    pub schedules: u128,
    /// Its schedule with the fewest switches between sessions.
    pub example: Schedule,
    /// Each step, in spec order, with what it ended in (`1`, `waited, then 2`,
    /// `error deadlock (40P01)`, `still waiting`).
    pub steps: Vec<(String, String)>,
    /// Each table with its row count at the end.
    pub tables: Vec<(String, usize)>,
    /// The checks (indexes into [`Report::checks`]) it violates.
    pub violates: Vec<usize>,
}

/// Orders that can't be completed into a schedule.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DeadEnds {
    /// Distinct stuck states.
    pub states: usize,
    /// The shortest order that gets stuck.
    pub example: Option<Schedule>,
}

/// One schedule judged on its own, as the explorer judges the schedules it counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Per check (the spec's, in order): whether this schedule violates it.
    pub broken: Vec<bool>,
    /// Tells outcomes apart: equal for schedules that end with the same step results and
    /// the same tables.
    pub outcome: u64,
}

/// Runs one schedule and judges the spec's checks on it; `None` when it is not a schedule
/// (a step given to a waiting session, or a step never given). What the explorer counts,
/// one schedule at a time: the tests compare the two.
pub fn judge_schedule(spec: &Spec, schedule: &Schedule, config: &Config) -> Option<Verdict> {
    let checks = &spec.expects;
    let mut sim = crate::sim::Sim::new(Arc::new(spec.clone()), config.clone()).ok()?;
    let mut tracker = tracker::Tracker::new(checks);
    for c in &schedule.0 {
        let out = sim.step(*c);
        if sim.is_over() {
            return None;
        }
        tracker.observe(checks, &sim, &out.events);
    }
    let (leaf, _) = leaf::judge(&mut sim, checks, &tracker);
    leaf.complete.then_some(Verdict {
        broken: leaf.broken,
        outcome: leaf.outcome,
    })
}

/// Explores every schedule of `spec` (its permutation lines are not used: the explorer makes
/// its own) and judges its checks. `Err` when the spec's setup can't even start.
pub fn explore(spec: &Spec, config: ExploreConfig) -> Result<Report, String> {
    let checks: Vec<ExpectLine> = spec
        .expects
        .iter()
        .chain(&config.extra_checks)
        .cloned()
        .collect();
    let spec = Arc::new(spec.clone());
    let granularity = config.granularity;
    let sim = config.sim.clone();
    let graph = search::search(spec.clone(), &checks, config)?;
    Ok(tally::tally(&spec, &checks, graph, granularity, &sim))
}
