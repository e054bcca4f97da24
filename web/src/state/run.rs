//! The run of the document, as the engine made it (the engine itself lives outside the
//! state, see `driver.rs`): for a script, its steps and a cursor; for a spec, the schedule
//! chosen so far, one snapshot per move and a cursor. Stepping back is `cursor - 1`.

use queuelab::scenario::schedule::step_id;
use queuelab::scenario::spec::Spec;
use queuelab::sim::snapshot::{SessionState, Snapshot};
use queuelab::sim::{Choice, Schedule};
use queuelab::trace::{Event, EventKind, Step, Trace};
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq)]
pub enum Run {
    Script(ScriptRun),
    Spec(SpecRun),
}

/// A one-session script's run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScriptRun {
    /// The run of the text; `None` until the user runs or steps (editing drops it).
    pub trace: Option<Rc<Trace>>,
    /// Index into `trace.steps` of the statement shown; `None` = no statement run yet.
    pub cursor: Option<usize>,
    /// Before the run: the listed statement to show once the script runs again (an edit after
    /// it, a reload), so the view stays where it was.
    pub resume: Option<usize>,
}

/// A spec's run: `schedule.0[i]` is move `i` and `snapshots[i]` the state after it. The
/// moves after the cursor stay until another move replaces them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpecRun {
    pub schedule: Schedule,
    pub snapshots: Vec<Rc<Snapshot>>,
    /// How many moves are shown: 0 before the first.
    pub cursor: usize,
}

impl ScriptRun {
    pub fn step_count(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.steps.len())
    }

    /// The step on screen.
    pub fn current(&self) -> Option<&Step> {
        self.trace.as_ref()?.steps.get(self.cursor?)
    }

    /// A new run of the same statements (ring size, quote fix): same cursor, clamped in case
    /// the statement count changed.
    pub fn rerun(&mut self, trace: Rc<Trace>) {
        let last = trace.steps.len().checked_sub(1);
        self.cursor = match (self.cursor, last) {
            (Some(c), Some(l)) => Some(c.min(l)),
            _ => None,
        };
        self.trace = Some(trace);
    }
}

impl SpecRun {
    /// The moves chosen so far (up to the cursor).
    pub fn chosen(&self) -> &[Choice] {
        &self.schedule.0[..self.cursor.min(self.schedule.0.len())]
    }

    /// The snapshot on screen; `None` before the first move.
    pub fn shown(&self) -> Option<&Snapshot> {
        self.snapshots
            .get(self.cursor.checked_sub(1)?)
            .map(|s| &**s)
    }

    /// Records a move made after the first `at` moves, dropping any moves after them.
    pub fn moved(&mut self, at: usize, choice: Choice, snapshot: Rc<Snapshot>) {
        let at = at.min(self.snapshots.len());
        self.schedule.0.truncate(at);
        self.snapshots.truncate(at);
        self.schedule.0.push(choice);
        self.snapshots.push(snapshot);
        self.cursor = at + 1;
    }

    /// The run stopped: a step was chosen for a session that was still waiting.
    pub fn stopped(&self) -> bool {
        self.shown().is_some_and(|s| s.over)
    }

    /// A session as the shown snapshot has it.
    pub fn session(&self, name: &str) -> Option<&SessionState> {
        self.shown()?.sessions.iter().find(|s| s.name == name)
    }

    /// The sessions `name` waits for (empty when it does not wait).
    pub fn waits_for(&self, name: &str) -> &[String] {
        self.session(name).map_or(&[], |s| s.waits_for.as_slice())
    }

    /// Whether `name` waits for a PostgreSQL advisory lock (which its holder may keep past
    /// its transaction, until it unlocks).
    pub fn waits_for_advisory(&self, name: &str) -> bool {
        self.shown().is_some_and(|s| {
            s.waits
                .iter()
                .any(|e| e.waiter == name && e.advisory.is_some())
        })
    }

    /// The step `name` stopped partway through, to go on with (`None` between steps).
    pub fn inside(&self, name: &str) -> Option<&str> {
        self.session(name)?.inside.as_deref()
    }

    /// The step the session's Step buttons name: the one it is inside or runs next; for a
    /// session that waits (or a stopped run), the step after the one it is stuck in.
    pub fn next_step<'a>(&'a self, spec: &'a Spec, name: &str) -> Option<&'a str> {
        let Some(st) = self.session(name) else {
            let def = spec.sessions.iter().find(|s| s.name == name)?;
            return def.steps.first().map(|s| s.name.as_str());
        };
        if let Some(step) = st.inside.as_deref().or(st.next_step.as_deref()) {
            return Some(step);
        }
        let stuck = !st.waits_for.is_empty() || self.stopped();
        if !stuck {
            return None;
        }
        let last = self
            .chosen()
            .iter()
            .rev()
            .find(|c| session_name(spec, c) == Some(name))?;
        let def = spec.sessions.get(last.step.session.0 as usize)?;
        def.steps
            .get(last.step.index as usize + 1)
            .map(|s| s.name.as_str())
    }

    /// How many statements of the step `name` is inside have run (`None` when it is inside
    /// none). Each move that left it inside ran exactly its limit, so the count is the sum of
    /// the limits of the session's latest moves of that step.
    pub fn statements_run(&self, spec: &Spec, name: &str) -> Option<u32> {
        let inside = step_id(spec, self.inside(name)?)?;
        let mut total = 0u32;
        for c in self.chosen().iter().rev() {
            if c.step.session != inside.session {
                continue; // another session's move
            }
            match c.statements {
                Some(n) if c.step == inside => total = total.saturating_add(n),
                _ => break,
            }
        }
        Some(total)
    }

    /// Every event so far, oldest first.
    pub fn events(&self) -> Vec<Event> {
        self.shown().map(|s| s.log.to_vec()).unwrap_or_default()
    }

    /// For each of [`SpecRun::events`]: the move's own event when the move stopped after its
    /// statement limit (the engine reports it as a plain `ok`; its snapshot has the session
    /// still inside the step).
    pub fn partial(&self) -> Vec<bool> {
        let shown = &self.snapshots[..self.cursor.min(self.snapshots.len())];
        shown
            .iter()
            .flat_map(|s| {
                let own = stopped_partway(s);
                (0..s.events.len()).map(move |i| i == 0 && own)
            })
            .collect()
    }

    /// For each of [`SpecRun::events`]: for a move that ran only some statements of its step
    /// (`Step 1 statement`), the move's own event gets the statement it ran last, `line 7:
    /// FETCH NEXT FROM c INTO @id`, so the log says how far the step got.
    pub fn statements_ran(&self) -> Vec<Option<String>> {
        let n = self.cursor.min(self.snapshots.len());
        self.snapshots[..n]
            .iter()
            .zip(&self.schedule.0)
            .flat_map(|(s, c)| {
                let own = c.statements.and_then(|_| last_statement(s));
                (0..s.events.len()).map(move |i| own.clone().filter(|_| i == 0))
            })
            .collect()
    }

    /// The latest event with a result (ok, error, completed) of `name`, and whether it is a
    /// step stopped partway (its result is the statements' so far).
    pub fn last_result(&self, name: &str) -> Option<(Event, bool)> {
        // Newest first, without copying the log: this runs for every session on every render.
        let e = self.shown()?.log.rev().find(|e| {
            e.session == name
                && e.outcome.is_some()
                && matches!(
                    e.kind,
                    EventKind::Ok | EventKind::Error | EventKind::Completed
                )
        })?;
        let partial = matches!(e.kind, EventKind::Ok | EventKind::Error)
            && self.inside(name) == Some(e.step.as_str());
        Some((e.clone(), partial))
    }
}

/// The statement the moving session ran last, as its first line with its line number.
fn last_statement(s: &Snapshot) -> Option<String> {
    let own = s.events.first()?;
    let v = s.sessions.iter().find(|v| v.name == own.session)?;
    let st = v.statement.as_ref()?;
    let first = st.source.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(format!("line {}: {first}", st.span.start.line))
}

/// Whether a move's own event is a step stopped after its statement limit: its session is,
/// after the move, inside that step.
pub(crate) fn stopped_partway(s: &Snapshot) -> bool {
    let Some(own) = s.events.first() else {
        return false;
    };
    matches!(own.kind, EventKind::Ok | EventKind::Error)
        && s.sessions
            .iter()
            .any(|v| v.name == own.session && v.inside.as_deref() == Some(own.step.as_str()))
}

fn session_name<'a>(spec: &'a Spec, c: &Choice) -> Option<&'a str> {
    spec.sessions
        .get(c.step.session.0 as usize)
        .map(|s| s.name.as_str())
}
