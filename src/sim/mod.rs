//! The step-driven simulator: a scenario's sessions on the multi-session engine, moved one
//! [`Choice`] at a time. Every way of running a scenario is a loop over [`Sim::step`]: a
//! permutation ([`run_permutation`]), all of them, the app's Step buttons, the explorer.
//!
//! - [`Sim::runnable`]: the sessions that can take a step now;
//! - [`Sim::step`]: run one step (or its next n statements) and say what happened;
//! - [`Sim::save`] / [`Sim::restore`]: nested marks, last in first out, so that a search can go
//!   down a schedule and back without running the prefix again;
//! - [`Sim::fingerprint`]: a hash of everything that decides what can happen next.

pub mod fingerprint;
pub mod fresh;
pub mod player;
pub mod program;
pub mod run;
pub mod script;
pub mod setup;
pub mod snapshot;
mod teardown;

use crate::dialect::mssql::tsql::interp::Interp;
use crate::dialect::Dialect;
use crate::engine::lab::{Checkpoint, Completion, Lab};
use crate::engine::store::{RowChange, StoreError};
pub use crate::scenario::schedule::{Choice, Schedule, SessionId, StepId};
use crate::scenario::spec::Spec;
pub use crate::trace::PermutationRun;
use crate::trace::{Event, EventKind, Outcome};
use program::{advance, deliver_waited, Ran, StatementInfo, Stop, Ticks, Work};
pub use run::{run_permutation, run_permutation_traced, run_permutations};
use setup::{set_up, PlanCache};
use std::collections::VecDeque;
use std::sync::Arc;

/// Knobs of a simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// SQLite VM instructions one statement may take before it is interrupted.
    pub step_budget: u64,
    /// Where the scenario clock starts (seconds since the Unix epoch).
    pub clock_start: i64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            step_budget: 20_000_000,
            clock_start: crate::engine::clock::DEFAULT_START,
        }
    }
}

/// Where the sessions' steps come from.
#[derive(Debug, Clone, PartialEq)]
enum Source {
    /// A spec: each step's SQL is read and planned when the step starts.
    Spec,
    /// A plain script: one session with one step, the whole script, whose statements are
    /// planned one by one as they come (a table created above exists for the next).
    Script,
}

/// What one [`Sim::step`] did.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepOutcome {
    /// The chosen step's event (ok, error, waiting or invalid_permutation), then a
    /// `completed` event for each waiting step it let finish, in the order they finished.
    pub events: Vec<Event>,
    /// Every row changed by the step and by the waiting steps it let finish.
    pub changes: Vec<RowChange>,
    /// How many statements the chosen step ran (0 when it ran none: it waits from before,
    /// the run is over, or it had none left).
    pub statements: u32,
    /// The deadlocks the move ran into (their victims' errors are among `events`).
    pub deadlocks: Vec<crate::engine::lab::Deadlock>,
}

/// A place to come back to with [`Sim::restore`].
#[derive(Debug)]
#[must_use = "a mark is given back to Sim::restore"]
pub struct Mark {
    depth: usize,
}

/// A session's side of the simulation: where it is in its steps and what it waits for.
#[derive(Debug, Clone)]
struct Seat {
    /// T-SQL: cursors, variables and @@TRANCOUNT outlive a step.
    interp: Interp,
    /// The next step in the spec's order (what the explorer and the Step button run).
    next: u32,
    /// The step whose statement waits for locks.
    waiting: Option<Waiter>,
    /// A step stopped after `(statements n)`, to go on when it is chosen again.
    inside: Option<(u32, Work)>,
    /// The statement it ran last.
    last: Option<StatementInfo>,
}

/// A step waiting for locks: what it has left after the waiting statement, and how many
/// more statements its limit lets it run once the wait ends.
#[derive(Debug, Clone)]
struct Waiter {
    step: u32,
    work: Work,
    left: Option<u32>,
}

/// What [`Sim::save`] keeps.
struct Saved {
    /// The engine's mark; `None` when SQLite lost it (see [`Sim::restore`]).
    lab: Option<Checkpoint>,
    seats: Vec<Seat>,
    taken: usize,
    events: usize,
    over: bool,
}

pub struct Sim {
    spec: Arc<Spec>,
    source: Source,
    config: Config,
    lab: Lab,
    seats: Vec<Seat>,
    cache: PlanCache,
    /// The moves made so far: the schedule that leads here.
    taken: Vec<Choice>,
    /// Every event so far.
    events: Vec<Event>,
    /// An invalid permutation ended the run: nothing more runs.
    /// A setup statement failed (isolationtester's words for it): no step runs.
    setup_failed: Option<String>,
    over: bool,
    marks: Vec<Saved>,
    /// Whether a step may read rows in PostgreSQL's heap order (`engine::heap_order`): only
    /// then is that order part of the state (see `fingerprint.rs`).
    heap_read: bool,
    /// The last catalog fingerprinted and its digest (see `fingerprint.rs`).
    catalog_digest: std::cell::RefCell<Option<(Arc<crate::dialect::catalog::Catalog>, u64)>>,
}

/// The engine session of a scenario session (the setup's hidden session is engine session 0).
fn engine_session(s: SessionId) -> usize {
    s.0 as usize + 1
}

impl Sim {
    /// A simulation of `spec` with its setup and the sessions' setups run.
    pub fn new(spec: Arc<Spec>, config: Config) -> Result<Sim, StoreError> {
        Sim::build(spec, Source::Spec, config)
    }

    /// A simulation of a plain script: one session, named `session`, with one step (the whole
    /// script) that [`Sim::step`] runs a statement at a time when asked for `(statements 1)`.
    pub fn script(
        dialect: Dialect,
        text: &str,
        session: &str,
        config: Config,
    ) -> Result<Sim, StoreError> {
        let at = crate::source::Pos { line: 1, column: 1 };
        let spec = Spec {
            dialect: Some(dialect.name().to_string()),
            sessions: vec![crate::scenario::spec::SessionDef {
                name: session.to_string(),
                pos: at,
                setup: None,
                steps: vec![crate::scenario::spec::StepDef {
                    name: session.to_string(),
                    pos: at,
                    sql: crate::scenario::spec::Block {
                        sql: text.to_string(),
                        pos: at,
                    },
                }],
                teardown: None,
            }],
            ..Default::default()
        };
        Sim::build(Arc::new(spec), Source::Script, config)
    }

    fn build(spec: Arc<Spec>, source: Source, config: Config) -> Result<Sim, StoreError> {
        let mut cache = PlanCache::default();
        let (lab, interps, setup_failed) = set_up(&spec, dialect_of(&spec), &config, &mut cache)?;
        let heap_read = match source {
            Source::Spec => lab.dialect.scans_in_write_order() && cache.heap_read(&lab, &spec),
            Source::Script => lab.dialect.scans_in_write_order(),
        };
        Ok(Sim {
            heap_read,
            setup_failed,
            seats: interps.into_iter().map(Seat::new).collect(),
            spec,
            source,
            config,
            lab,
            cache,
            taken: Vec::new(),
            events: Vec::new(),
            over: false,
            marks: Vec::new(),
            catalog_digest: Default::default(),
        })
    }

    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn dialect(&self) -> Dialect {
        self.lab.dialect
    }

    /// The engine, for pictures of its state.
    pub fn lab(&self) -> &Lab {
        &self.lab
    }

    /// The moves made so far.
    pub fn taken(&self) -> Schedule {
        Schedule(self.taken.clone())
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The sessions that can take a step now: not waiting, with a step left (or inside one),
    /// in the spec's order. Empty once an invalid permutation has ended the run.
    pub fn runnable(&self) -> Vec<SessionId> {
        (0..self.seats.len() as u32)
            .map(SessionId)
            .filter(|s| self.next_choice(*s).is_some())
            .collect()
    }

    /// The move a session makes next in the spec's order: the rest of the step it is inside,
    /// else its next step. `None` when it waits, has no step left, or the run is over.
    pub fn next_choice(&self, s: SessionId) -> Option<Choice> {
        let seat = self.seats.get(s.0 as usize)?;
        if self.over || self.setup_failed.is_some() || seat.waiting.is_some() {
            return None;
        }
        let index = match &seat.inside {
            Some((i, _)) => *i,
            None => seat.next,
        };
        let steps = self.spec.sessions.get(s.0 as usize)?.steps.len() as u32;
        (index < steps).then_some(Choice::whole(StepId { session: s, index }))
    }

    /// The step a session is stopped inside (after `(statements n)`), if any.
    pub fn inside(&self, s: SessionId) -> Option<StepId> {
        let seat = self.seats.get(s.0 as usize)?;
        seat.inside.as_ref().map(|(index, _)| StepId {
            session: s,
            index: *index,
        })
    }

    /// The statement a session ran last, as written and as it ran.
    pub fn last_statement(&self, s: SessionId) -> Option<&StatementInfo> {
        self.seats.get(s.0 as usize)?.last.as_ref()
    }

    /// A session's T-SQL interpreter (its `SET NOCOUNT`, `@@TRANCOUNT`, cursors).
    pub fn interp(&self, s: SessionId) -> Option<&Interp> {
        self.seats.get(s.0 as usize).map(|x| &x.interp)
    }

    /// The name of a step.
    pub fn step_name(&self, id: StepId) -> &str {
        crate::scenario::schedule::step_name(&self.spec, id)
    }

    /// Whether every session has been given all its steps (the last may still wait): the
    /// schedule is complete. False after an invalid permutation.
    pub fn is_complete(&self) -> bool {
        !self.over
            && self
                .seats
                .iter()
                .zip(&self.spec.sessions)
                .all(|(seat, def)| seat.inside.is_none() && seat.next as usize >= def.steps.len())
    }

    /// How many of its steps a session has been given (a step it is inside or waits in
    /// counts as given).
    pub fn steps_given(&self, s: SessionId) -> u32 {
        self.seats.get(s.0 as usize).map_or(0, |x| x.next)
    }

    /// The transaction a session has open now, if any.
    pub fn open_txn(&self, s: SessionId) -> Option<crate::ids::TxnId> {
        self.lab.sessions.get(engine_session(s))?.txn
    }

    /// The setup statement that failed, as isolationtester reports it (`setup failed:
    /// ERROR:  ...`): then no step runs.
    pub fn setup_failed(&self) -> Option<&str> {
        self.setup_failed.as_deref()
    }

    /// Whether an invalid permutation ended the run.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether a session's step waits for locks.
    pub fn is_waiting(&self, s: SessionId) -> bool {
        self.seats
            .get(s.0 as usize)
            .is_some_and(|x| x.waiting.is_some())
    }

    /// Runs one move. A step of a session that waits, or another step of a session inside
    /// one, makes the schedule invalid: an `invalid_permutation` event, and nothing runs from
    /// then on.
    pub fn step(&mut self, choice: Choice) -> StepOutcome {
        let before = self.events.len();
        let mut changes = Vec::new();
        self.lab.take_deadlocks(); // a restore may have left some from a move undone
        self.taken.push(choice);
        let statements = self.play(choice, &mut changes);
        let mut deadlocks = self.lab.take_deadlocks();
        if self.marks.iter().any(|m| m.lab.is_some()) && !self.lab.store.in_transaction() {
            // An interrupted statement made SQLite roll back the marks' transaction with it:
            // the rows are wrong. Run the schedule again on a new engine, without marks.
            self.rebuild(self.taken.len());
            changes = Vec::new();
            // The replay found the same cycles: keep those of this move only.
            let replayed = self.lab.take_deadlocks();
            deadlocks = replayed[replayed.len().saturating_sub(deadlocks.len())..].to_vec();
        }
        StepOutcome {
            events: self.events[before..].to_vec(),
            changes,
            statements,
            deadlocks,
        }
    }

    /// Ends the permutation as `spec-format.md` says, and returns its last events. After an
    /// invalid permutation nothing more is reported (the waiting statement is cancelled).
    /// Otherwise a wait the server would end by itself given time ends now: MariaDB's lock
    /// wait timeout fails each waiting statement with 1205, `completed` in the order the
    /// waits began; what still waits then reports `still_waiting`, in session order.
    pub fn end(&mut self) -> Vec<Event> {
        if self.over {
            return Vec::new();
        }
        let before = self.events.len();
        for c in self.lab.time_out_waits() {
            let Some(seat_ix) = c.session.checked_sub(1) else {
                continue;
            };
            let Some(w) = self.seats.get_mut(seat_ix).and_then(|x| x.waiting.take()) else {
                continue;
            };
            let s = SessionId(seat_ix as u32);
            let mut work = w.work;
            let mut outcome = c.finished.outcome;
            if work.is_plans() {
                // A spec step shows its results so far with the error that ended the wait.
                deliver_waited(&mut work, &mut self.seats[seat_ix].interp, outcome);
                outcome = work.shown();
            }
            let mut ev = self.finished(s, w.step, EventKind::Completed, outcome);
            ev.earlier = work.earlier();
            self.events.push(ev);
        }
        let mut out = self.events[before..].to_vec();
        out.extend(self.still_waiting());
        out
    }

    /// The `still_waiting` events of the steps that wait now, in session order.
    pub fn still_waiting(&self) -> Vec<Event> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(s, seat)| {
                let w = seat.waiting.as_ref()?;
                Some(self.bare(SessionId(s as u32), w.step, EventKind::StillWaiting))
            })
            .collect()
    }

    /// Marks the present state; [`Sim::restore`] comes back to it. Marks nest: restore the
    /// newest first.
    pub fn save(&mut self) -> Mark {
        let depth = self.marks.len();
        let lab = self.lab.save(&format!("ql_mark_{depth}"));
        self.marks.push(Saved {
            lab,
            seats: self.seats.clone(),
            taken: self.taken.len(),
            events: self.events.len(),
            over: self.over,
        });
        Mark { depth }
    }

    /// Goes back to the state of `mark` and keeps it, to come back again (how a spec's
    /// permutations share one run of its setup); newer marks are dropped.
    pub fn rewind(&mut self, mark: &Mark) {
        self.marks.truncate(mark.depth + 1);
        let Some(saved) = self.marks.last() else {
            return;
        };
        let back = saved.lab.as_ref().is_some_and(|c| self.lab.rewind(c));
        if !back {
            self.rebuild(saved.taken);
            return;
        }
        self.seats = saved.seats.clone();
        self.taken.truncate(saved.taken);
        self.events.truncate(saved.events);
        self.over = saved.over;
    }

    /// Goes back to the state of `mark`, dropping every newer mark.
    ///
    /// SQLite rolls back a whole transaction when a statement inside it is interrupted by the
    /// step budget, taking the marks' savepoints with it; such a mark is restored by running
    /// its schedule again on a new engine (slower, never wrong).
    pub fn restore(&mut self, mark: Mark) {
        self.marks.truncate(mark.depth + 1);
        let Some(saved) = self.marks.pop() else {
            return;
        };
        let back = saved.lab.as_ref().is_some_and(|c| self.lab.restore(c));
        if !back {
            self.rebuild(saved.taken);
            return;
        }
        self.seats = saved.seats;
        self.taken.truncate(saved.taken);
        self.events.truncate(saved.events);
        self.over = saved.over;
    }

    /// A new engine with the first `n` moves run again; every mark left is lost (restored
    /// the same way).
    fn rebuild(&mut self, n: usize) {
        let moves: Vec<Choice> = self.taken[..n.min(self.taken.len())].to_vec();
        for m in &mut self.marks {
            m.lab = None;
        }
        let dialect = self.lab.dialect;
        let Ok((lab, interps, setup_failed)) =
            set_up(&self.spec, dialect, &self.config, &mut self.cache)
        else {
            return; // SQLite could not open: keep what there is
        };
        self.lab = lab;
        self.setup_failed = setup_failed;
        self.seats = interps.into_iter().map(Seat::new).collect();
        self.taken.clear();
        self.events.clear();
        self.over = false;
        for c in moves {
            self.taken.push(c);
            let _ = self.play(c, &mut Vec::new());
        }
    }

    /// Runs a move; how many statements the chosen step ran.
    fn play(&mut self, choice: Choice, changes: &mut Vec<RowChange>) -> u32 {
        // After an invalid permutation, or a setup that failed, nothing runs.
        if self.over || self.setup_failed.is_some() {
            return 0;
        }
        let s = choice.step.session;
        let index = choice.step.index;
        let Some(seat) = self.seats.get_mut(s.0 as usize) else {
            return 0;
        };
        if seat.waiting.is_some() {
            self.invalid(s, index);
            return 0;
        }
        let resumed = match seat.inside.take() {
            Some((i, w)) if i == index => Some(w),
            Some(other) => {
                seat.inside = Some(other);
                self.invalid(s, index);
                return 0;
            }
            None => None,
        };
        let spec = self.spec.clone(); // a reference count, not the SQL: the block is borrowed
        let Some(block) = spec
            .sessions
            .get(s.0 as usize)
            .and_then(|d| d.steps.get(index as usize))
            .map(|st| &st.sql)
        else {
            return 0;
        };
        let work = match (resumed, &self.source) {
            (Some(w), _) => Ok(w),
            (None, Source::Script) => Ok(Work::script(self.lab.dialect, &block.sql)),
            (None, Source::Spec) => self.cache.work(&self.lab, block),
        };
        self.seats[s.0 as usize].next = index + 1;
        let work = match work {
            Ok(w) => w,
            Err(e) => {
                // A step that cannot be read or planned fails as a whole, and that error
                // counts as the server's (a PostgreSQL transaction is aborted by it).
                let (undone, done) = self.lab.fail_unplanned(engine_session(s));
                changes.extend(undone);
                let ev = self.finished(s, index, EventKind::Error, Outcome::Error(e));
                self.events.push(ev);
                self.report(done, changes);
                return 0;
            }
        };
        let tag = self.taken.len() - 1;
        let ticks = self.ticks();
        let seat = &mut self.seats[s.0 as usize];
        let ran = advance(
            &mut self.lab,
            &mut seat.interp,
            engine_session(s),
            work,
            (choice.statements, ticks),
            tag,
        );
        changes.extend(ran.changes.iter().cloned());
        if ran.last.is_some() {
            self.seats[s.0 as usize].last = ran.last;
        }
        self.settle_own(s, index, ran.stop);
        self.report(ran.completions, changes);
        ran.count
    }

    /// Records where the chosen step stopped, and its event.
    fn settle_own(&mut self, s: SessionId, index: u32, stop: Stop) {
        let ev = match stop {
            Stop::Ended {
                outcome,
                earlier,
                rest,
            } => {
                if let Some(rest) = rest {
                    self.seats[s.0 as usize].inside = Some((index, rest));
                }
                let kind = match outcome {
                    Outcome::Ok(_) => EventKind::Ok,
                    Outcome::Error(_) => EventKind::Error,
                };
                Event {
                    earlier,
                    ..self.finished(s, index, kind, outcome)
                }
            }
            Stop::Waiting { on, work, left } => {
                self.seats[s.0 as usize].waiting = Some(Waiter {
                    step: index,
                    work,
                    left,
                });
                let mut e = self.bare(s, index, EventKind::Waiting);
                e.waits_for = on
                    .iter()
                    .filter_map(|x| self.lab.sessions.get(*x).map(|x| x.name.clone()))
                    .collect();
                e
            }
        };
        self.events.push(ev);
    }

    /// Reports the waiting steps that finished; one with statements left runs them (which may
    /// release or block others in turn). One that stops partway is inside its step.
    fn report(&mut self, completions: Vec<Completion>, changes: &mut Vec<RowChange>) {
        let ticks = self.ticks();
        let mut queue: VecDeque<Completion> = completions.into();
        while let Some(c) = queue.pop_front() {
            changes.extend(c.finished.changes.iter().cloned());
            let Some(seat_ix) = c.session.checked_sub(1) else {
                continue; // the setup's session never waits
            };
            let s = SessionId(seat_ix as u32);
            let Some(w) = self.seats.get_mut(seat_ix).and_then(|x| x.waiting.take()) else {
                continue;
            };
            let Waiter {
                step,
                mut work,
                left,
            } = w;
            let seat = &mut self.seats[seat_ix];
            let go_on = deliver_waited(&mut work, &mut seat.interp, c.finished.outcome);
            if work.is_plans() && (!go_on || work.is_spent_list() || left == Some(0)) {
                // The waiting statement was the step's last (or its limit's last), or it
                // failed, which ends the step.
                let mut ev = self.finished(s, step, EventKind::Completed, work.shown());
                ev.earlier = work.earlier();
                self.events.push(ev);
                if go_on && !work.is_spent_list() {
                    self.seats[seat_ix].inside = Some((step, work.fresh()));
                }
                continue;
            }
            let Ran {
                stop,
                completions,
                changes: more,
                last,
                ..
            } = advance(
                &mut self.lab,
                &mut seat.interp,
                c.session,
                work,
                (left, ticks),
                c.tag,
            );
            changes.extend(more);
            if last.is_some() {
                self.seats[seat_ix].last = last;
            }
            match stop {
                Stop::Ended {
                    outcome,
                    earlier,
                    rest,
                } => {
                    if let Some(rest) = rest {
                        self.seats[seat_ix].inside = Some((step, rest));
                    }
                    let mut ev = self.finished(s, step, EventKind::Completed, outcome);
                    ev.earlier = earlier;
                    self.events.push(ev);
                }
                Stop::Waiting { work, left, .. } => {
                    self.seats[seat_ix].waiting = Some(Waiter { step, work, left });
                }
            }
            queue.extend(completions);
        }
    }

    fn ticks(&self) -> Ticks {
        match self.source {
            Source::Script => Ticks::EveryStatement,
            Source::Spec => Ticks::EngineStatements,
        }
    }

    fn invalid(&mut self, s: SessionId, index: u32) {
        let ev = self.bare(s, index, EventKind::InvalidPermutation);
        self.events.push(ev);
        self.over = true;
    }

    fn bare(&self, s: SessionId, index: u32, kind: EventKind) -> Event {
        let session = self.spec.sessions.get(s.0 as usize);
        Event {
            step: session
                .and_then(|d| d.steps.get(index as usize))
                .map(|st| st.name.clone())
                .unwrap_or_default(),
            session: session.map(|d| d.name.clone()).unwrap_or_default(),
            kind,
            outcome: None,
            earlier: Vec::new(),
            waits_for: Vec::new(),
            notifications: Vec::new(),
        }
    }

    /// The event of a step that ended, with the notifications its session's client received
    /// by then.
    fn finished(&mut self, s: SessionId, index: u32, kind: EventKind, outcome: Outcome) -> Event {
        Event {
            outcome: Some(outcome),
            notifications: self.lab.take_notifications(engine_session(s)),
            ..self.bare(s, index, kind)
        }
    }
}

impl Seat {
    fn new(interp: Interp) -> Seat {
        Seat {
            interp,
            next: 0,
            waiting: None,
            inside: None,
            last: None,
        }
    }
}

/// The dialect a spec is written in (`# dialect:`), PostgreSQL when it says none.
pub fn dialect_of(spec: &Spec) -> Dialect {
    spec.dialect
        .as_deref()
        .and_then(Dialect::from_name)
        .unwrap_or(Dialect::SPEC_DEFAULT)
}
