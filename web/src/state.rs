//! The app's whole state and every way it can change: an [`Action`] enum and a pure reducer.
//!
//! The UI renders `trace.steps[cursor]` and nothing else, so stepping back is `cursor - 1`, never
//! an undo stack. Running the engine here is fine: `run_script` is deterministic and does no IO.
//! Persistence (local storage, URL) lives in `hooks/`, never in the reducer.

use queuelab::examples::{self, Example};
use queuelab::scenario::schedule::Schedule;
use queuelab::scenario::spec::{looks_like_spec, Spec};
use queuelab::sim::snapshot::Snapshot as Frame;
use queuelab::sim::{run_permutation_traced, Config};
use queuelab::source::{Pos, Span};
use queuelab::trace::{Diagnostic, Outcome, Step, Trace};
use queuelab::trace::{Event, EventKind};
use queuelab::{run_script, Dialect, RunConfig};
use std::rc::Rc;

/// Ring sizes a user may pick: below 1 there is no ring, above this the circle is unreadable.
pub const MAX_RING_SIZE: i64 = 32;

#[derive(Debug, Clone, PartialEq)]
pub struct LabState {
    /// The editor's text, exactly as typed or pasted.
    pub text: String,
    pub dialect: Dialect,
    /// The run of `text`; `None` until the user runs or steps (editing drops it).
    pub trace: Option<Rc<Trace>>,
    /// Index into `trace.steps` of the statement shown; `None` = no statement run yet.
    pub cursor: Option<usize>,
    /// The user's ring-size overrides, by table name (passed to `RunConfig::ring_sizes`).
    pub ring_sizes: Vec<(String, i64)>,
    /// The statement list, derived from the fields above; kept here so it is computed once per
    /// change rather than once per component that shows it.
    pub outline: Rc<Outline>,
    /// Multi-session specs: the steps chosen so far, in order (step back = drop the last).
    pub scenario_steps: Vec<String>,
    /// The spec read from `text` and the run of `scenario_steps`; `None` when the text is a
    /// plain script. Derived, recomputed whenever the text or the steps change.
    pub scenario: Option<Rc<Scenario>>,
}

/// A spec and the run of the steps chosen so far: what the scenario view draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub spec: Spec,
    pub permutations: Vec<Vec<String>>,
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
    /// The permutation entries run, as the engine read them: `c1pop`, or `c1pop(statements 1)`
    /// for a step stopped after a statement.
    pub steps: Vec<String>,
    /// Every event of the run so far, newest last (`still_waiting` left out: stepping by hand,
    /// a session that waits is simply still waiting).
    pub events: Vec<Event>,
    /// For each of `events`: the step stopped after its statement limit, its session still
    /// inside it. The engine reports such a run as a plain `ok`; only the frame after it tells.
    pub partial: Vec<bool>,
    /// One frame per step run; the view shows the last.
    pub frames: Vec<Frame>,
}

/// A chosen entry (`c1pop(statements 1)`): the step's name and its statement limit.
pub use queuelab::scenario::schedule::entry_parts as split_entry;

/// The most permutations the permutation menu lists.
const LISTED: usize = 1000;

impl Scenario {
    fn compute(text: &str, steps: &[String]) -> Scenario {
        let resolved = queuelab::scenario::resolve(text);
        let schedule = Schedule::parse(&steps.join(" "), &resolved.spec).unwrap_or_default();
        let (run, frames) = run_permutation_traced(&resolved.spec, &schedule, &Config::default());
        let permutations = resolved
            .schedules()
            .take(LISTED)
            .map(|s| s.names(&resolved.spec))
            .collect();
        let events: Vec<Event> = run
            .events
            .into_iter()
            .filter(|e| e.kind != EventKind::StillWaiting)
            .collect();
        Scenario {
            partial: partial_events(&events, &frames),
            events,
            steps: run.steps,
            frames,
            spec: resolved.spec,
            permutations,
            errors: resolved.errors,
            warnings: resolved.warnings,
        }
    }

    /// The state after the last step run.
    pub fn frame(&self) -> Option<&Frame> {
        self.frames.last()
    }

    /// The run stopped: a step was chosen for a session that was still waiting.
    pub fn stopped(&self) -> bool {
        self.events
            .iter()
            .any(|e| e.kind == EventKind::InvalidPermutation)
    }

    /// The sessions `session` waits for in the last frame (empty when it does not wait).
    pub fn waits_for(&self, session: &str) -> &[String] {
        self.frame()
            .and_then(|f| f.sessions.iter().find(|s| s.name == session))
            .map_or(&[], |s| s.waits_for.as_slice())
    }

    /// The step `session` stopped partway through, to go on with (`None` between steps).
    pub fn inside(&self, session: &str) -> Option<&str> {
        self.frame()?
            .sessions
            .iter()
            .find(|s| s.name == session)?
            .inside
            .as_deref()
    }

    /// The step the session's Step buttons run: the one it is inside, else the step after the
    /// last one of its steps run (its first when none ran); `None` when it has no step left.
    pub fn next_step(&self, session: &str) -> Option<&str> {
        if let Some(step) = self.inside(session) {
            return Some(step);
        }
        let def = self.spec.sessions.iter().find(|s| s.name == session)?;
        let last = self.steps.iter().rev().find_map(|entry| {
            let (name, _) = split_entry(entry);
            def.steps.iter().position(|st| st.name == name)
        });
        let next = last.map_or(0, |i| i + 1);
        def.steps.get(next).map(|st| st.name.as_str())
    }

    /// The entry a Step button appends for `session`: its next step, or with `Some(n)` only the
    /// next `n` statements of it. `None` when the session cannot step (it waits, the run
    /// stopped, or it has no step left).
    pub fn next_entry(&self, session: &str, statements: Option<u32>) -> Option<String> {
        if self.stopped() || !self.waits_for(session).is_empty() {
            return None;
        }
        let step = self.next_step(session)?;
        Some(match statements {
            Some(n) => format!("{step}(statements {n})"),
            None => step.to_string(),
        })
    }

    /// How many statements of the step `session` is inside have run (`None` when it is inside
    /// none). Each entry that left it inside ran exactly its limit, so the count is the sum of
    /// the limits of the session's latest entries naming that step.
    pub fn statements_run(&self, session: &str) -> Option<u32> {
        let step = self.inside(session)?;
        let def = self.spec.sessions.iter().find(|s| s.name == session)?;
        let mut total = 0u32;
        for entry in self.steps.iter().rev() {
            let (name, limit) = split_entry(entry);
            if !def.steps.iter().any(|st| st.name == name) {
                continue; // another session's step
            }
            match limit {
                Some(n) if name == step => total = total.saturating_add(n),
                _ => break,
            }
        }
        Some(total)
    }

    /// The latest event with a result (ok, error, completed) of `session`, and whether it is a
    /// step stopped partway (its result is the statements' so far).
    pub fn last_result(&self, session: &str) -> Option<(&Event, bool)> {
        self.events
            .iter()
            .zip(&self.partial)
            .rev()
            .find(|(e, _)| {
                e.session == session
                    && e.outcome.is_some()
                    && matches!(
                        e.kind,
                        EventKind::Ok | EventKind::Error | EventKind::Completed
                    )
            })
            .map(|(e, p)| (e, *p))
    }
}

/// Which events are steps stopped after their statement limit: the event that opens a frame
/// whose session is, in that frame, inside the event's step. A frame's events are a run of the
/// run's events, in order; events without a frame (a step that could not be read, an invalid
/// permutation) may come between, so each frame is looked for from where the last one ended.
fn partial_events(events: &[Event], frames: &[Frame]) -> Vec<bool> {
    let mut out = vec![false; events.len()];
    let mut at = 0;
    for f in frames {
        let Some(own) = f.events.first() else {
            continue;
        };
        let Some(k) = (at..events.len()).find(|&k| events[k..].starts_with(&f.events)) else {
            break;
        };
        at = k + f.events.len();
        out[k] = matches!(own.kind, EventKind::Ok | EventKind::Error)
            && f.sessions
                .iter()
                .any(|s| s.name == own.session && s.inside.as_deref() == Some(own.step.as_str()));
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The user typed in the editor: the trace no longer matches the text.
    Edit(String),
    SetDialect(Dialect),
    /// Replace the whole script (an example, a share link): start over, overrides dropped.
    Load {
        text: String,
        dialect: Dialect,
    },
    /// Replace the text with an engine-provided fix and re-run, keeping the cursor.
    ApplyFix(String),
    /// Run every statement and show the last one.
    Run,
    /// Run the next statement (computing the trace first if needed).
    Next,
    Back,
    /// Back to "no statement run"; the trace is kept since the text did not change.
    Reset,
    /// Run up to statement `i` of the statement list: show the first step that ran it.
    Jump(usize),
    /// Override (`Some`) or restore (`None`) the ring size of a table, keeping the cursor.
    SetRingSize {
        table: String,
        size: Option<i64>,
    },
    /// Scenario: run the next step of this session (the rest of the step it is inside), or with
    /// `statements: Some(n)` only its next `n` statements.
    ScenarioStep {
        session: String,
        statements: Option<u32>,
    },
    /// Scenario: replace the chosen steps with permutation `i`.
    ScenarioRun(usize),
    /// Scenario: drop the last chosen step.
    ScenarioBack,
    /// Scenario: no step chosen.
    ScenarioReset,
}

/// How far a statement has got, for the statement list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Pending,
    Ok,
    Error,
}

/// The statement list, and what stopped the script from being split into statements.
///
/// The list is always the script's statements as written (`queuelab::outline`), never the
/// trace's steps: in T-SQL an EXEC runs the procedure's body one statement per step, and those
/// statements live inside the CREATE PROCEDURE, so a trace has more steps than the script has
/// statements. Each step is tied to the listed statement it belongs to (`owners`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outline {
    pub items: Vec<OutlineItem>,
    pub diagnostics: Vec<Diagnostic>,
    /// For each step of the trace (empty before a run), the item it belongs to: the statement
    /// whose text it is, or for a statement of a procedure body the EXEC that called it, or for
    /// a statement inside IF / WHILE / BEGIN ... END the block. `None`: a step of no listed
    /// statement (a T-SQL batch that could not be read runs as one failed step).
    pub owners: Vec<Option<usize>>,
}

/// One line of the statement list.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineItem {
    /// Where the statement is in the editor (1-based lines).
    pub span: Span,
    /// First line of the statement, client prompts removed.
    pub title: String,
    pub progress: Progress,
}

impl LabState {
    /// A fresh state on `text`, nothing run.
    pub fn new(text: String, dialect: Dialect) -> LabState {
        let mut s = LabState {
            text,
            dialect,
            trace: None,
            cursor: None,
            ring_sizes: Vec::new(),
            outline: Rc::default(),
            scenario_steps: Vec::new(),
            scenario: None,
        };
        s.outline = Rc::new(parse_outline(s.dialect, &s.text));
        s.scenario = s.compute_scenario();
        s
    }

    /// The bundled default example, loaded but not run.
    pub fn default_example() -> LabState {
        match examples::by_id(examples::DEFAULT_EXAMPLE).or(examples::EXAMPLES.first()) {
            Some(e) => LabState::from_example(e),
            None => LabState::new(String::new(), Dialect::MySql),
        }
    }

    pub fn from_example(e: &Example) -> LabState {
        LabState::new(e.sql.to_string(), queuelab::dialect_for(e.sql, None))
    }

    /// The pure transition function behind the yew reducer.
    pub fn apply(&self, action: Action) -> LabState {
        let mut s = self.clone();
        match action {
            Action::Edit(text) => {
                if text != s.text {
                    s.text = text;
                    s.invalidate();
                    s.scenario_steps.clear();
                }
            }
            Action::SetDialect(d) => {
                if d != s.dialect {
                    s.dialect = d;
                    s.invalidate();
                }
            }
            Action::Load { text, dialect } => s = LabState::new(text, dialect),
            Action::ApplyFix(text) => {
                if text != s.text {
                    s.scenario_steps.clear();
                }
                s.text = text;
                if s.trace.is_some() {
                    s.rerun();
                }
            }
            Action::Run => {
                if s.ensure_trace() {
                    s.cursor = s.step_count().checked_sub(1);
                }
            }
            Action::Next => {
                if s.ensure_trace() {
                    let n = s.step_count();
                    s.cursor = match s.cursor {
                        _ if n == 0 => None,
                        None => Some(0),
                        Some(i) => Some((i + 1).min(n - 1)),
                    };
                }
            }
            Action::Back => s.cursor = s.cursor.and_then(|i| i.checked_sub(1)),
            Action::Reset => s.cursor = None,
            Action::Jump(i) => {
                if s.ensure_trace() {
                    s.cursor = s.first_step_of(i);
                }
            }
            Action::SetRingSize { table, size } => {
                s.ring_sizes
                    .retain(|(t, _)| !t.eq_ignore_ascii_case(&table));
                if let Some(n) = size {
                    s.ring_sizes.push((table, n.clamp(1, MAX_RING_SIZE)));
                }
                if s.trace.is_some() {
                    s.rerun();
                }
            }
            Action::ScenarioStep {
                session,
                statements,
            } => {
                if let Some(entry) = s
                    .scenario
                    .as_ref()
                    .and_then(|sc| sc.next_entry(&session, statements))
                {
                    s.scenario_steps.push(entry);
                }
            }
            Action::ScenarioRun(i) => {
                if let Some(p) = s.scenario.as_ref().and_then(|sc| sc.permutations.get(i)) {
                    s.scenario_steps = p.clone();
                }
            }
            Action::ScenarioBack => {
                s.scenario_steps.pop();
            }
            Action::ScenarioReset => s.scenario_steps.clear(),
        }
        if s.text != self.text || s.scenario_steps != self.scenario_steps {
            s.scenario = s.compute_scenario();
        }
        s.refresh_outline(self);
        s
    }

    /// The spec's run when the text is a multi-session spec.
    fn compute_scenario(&self) -> Option<Rc<Scenario>> {
        looks_like_spec(&self.text)
            .then(|| Rc::new(Scenario::compute(&self.text, &self.scenario_steps)))
    }

    pub fn step_count(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.steps.len())
    }

    /// The step on screen.
    pub fn current(&self) -> Option<&Step> {
        let i = self.cursor?;
        self.trace.as_ref()?.steps.get(i)
    }

    /// The user's override for `table`, if any.
    pub fn ring_size_override(&self, table: &str) -> Option<i64> {
        self.ring_sizes
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(table))
            .map(|(_, n)| *n)
    }

    /// The listed statement the step on screen belongs to (for a procedure body's statement,
    /// the EXEC that called it).
    pub fn current_statement(&self) -> Option<usize> {
        self.outline.owners.get(self.cursor?).copied().flatten()
    }

    /// How far down the list the run has got: the statement of the latest step on screen or
    /// before it that belongs to one (a batch that could not be read belongs to none).
    pub fn statements_reached(&self) -> usize {
        let Some(c) = self.cursor else { return 0 };
        let owners = &self.outline.owners;
        owners[..(c + 1).min(owners.len())]
            .iter()
            .rev()
            .find_map(|o| *o)
            .map_or(0, |i| i + 1)
    }

    /// The statement that called the one on screen, when that one is not a listed statement
    /// but runs inside it (a procedure's body after EXEC, a statement of a WHILE loop).
    pub fn caller(&self) -> Option<&OutlineItem> {
        let step = self.current()?;
        let item = self.outline.items.get(self.current_statement()?)?;
        (item.span.start != step.span.start).then_some(item)
    }

    /// The bundled example whose text is in the editor, untouched.
    pub fn example(&self) -> Option<&'static Example> {
        examples::EXAMPLES.iter().find(|e| e.sql == self.text)
    }

    /// Brings the statement list up to date after a transition from `before`: the parse only
    /// when the text changed, the step owners only when the trace changed, the marks always.
    fn refresh_outline(&mut self, before: &LabState) {
        let same_text = self.text == before.text && self.dialect == before.dialect;
        let same_trace = match (&self.trace, &before.trace) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same_text && same_trace && self.cursor == before.cursor {
            return;
        }
        let mut outline = if same_text {
            (*before.outline).clone()
        } else {
            parse_outline(self.dialect, &self.text)
        };
        if !same_text || !same_trace {
            outline.owners = self
                .trace
                .as_ref()
                .map(|t| owners(&outline.items, &t.steps))
                .unwrap_or_default();
            // Problems found while running (SQLite could not open) come on top of the parse's.
            for d in self.trace.iter().flat_map(|t| &t.diagnostics) {
                if !outline.diagnostics.contains(d) {
                    outline.diagnostics.push(d.clone());
                }
            }
        }
        let steps = self.trace.as_ref().map_or(&[][..], |t| &t.steps[..]);
        let marks = progress(outline.items.len(), &outline.owners, steps, self.cursor);
        for (item, mark) in outline.items.iter_mut().zip(marks) {
            item.progress = mark;
        }
        self.outline = Rc::new(outline);
    }

    /// The step that runs listed statement `i` (the EXEC itself, not its body): the first one
    /// it owns. A statement that never ran (its batch stopped early) gives the last step before
    /// it; past the end of the list, the last step.
    fn first_step_of(&self, i: usize) -> Option<usize> {
        let steps = &self.trace.as_ref()?.steps;
        if i >= self.outline.items.len() {
            return steps.len().checked_sub(1);
        }
        let owners = owners(&self.outline.items, steps);
        owners
            .iter()
            .position(|o| *o == Some(i))
            .or_else(|| owners.iter().rposition(|o| o.is_some_and(|k| k < i)))
    }

    fn invalidate(&mut self) {
        self.trace = None;
        self.cursor = None;
    }

    /// Computes the trace if missing; false when the text is a spec, not a script.
    fn ensure_trace(&mut self) -> bool {
        // A spec is no script: its sessions are stepped in the scenario view.
        if self.scenario.is_some() {
            return false;
        }
        if self.trace.is_none() {
            self.trace = Some(Rc::new(self.compute()));
        }
        true
    }

    /// Re-runs after a change that keeps the statements (ring size, quote fix): same cursor,
    /// clamped in case the statement count changed.
    fn rerun(&mut self) {
        let trace = self.compute();
        let last = trace.steps.len().checked_sub(1);
        self.cursor = match (self.cursor, last) {
            (Some(c), Some(l)) => Some(c.min(l)),
            _ => None,
        };
        self.trace = Some(Rc::new(trace));
    }

    fn compute(&self) -> Trace {
        let config = RunConfig {
            ring_sizes: self.ring_sizes.clone(),
            ..RunConfig::default()
        };
        run_script(self.dialect, &self.text, &config)
    }
}

/// The statements as written and what stopped the text from being read: a parse only, no
/// SQLite, so the list shows before anything runs.
fn parse_outline(dialect: Dialect, text: &str) -> Outline {
    let (statements, diagnostics) = queuelab::outline(dialect, text);
    let items = statements
        .iter()
        .map(|s| OutlineItem {
            span: s.span,
            title: source_lines(&s.source).next().unwrap_or_default(),
            progress: Progress::Pending,
        })
        .collect();
    Outline {
        items,
        diagnostics,
        owners: Vec::new(),
    }
}

/// The listed statement each step belongs to (see [`Outline::owners`]).
fn owners(items: &[OutlineItem], steps: &[Step]) -> Vec<Option<usize>> {
    let mut out: Vec<Option<usize>> = Vec::with_capacity(steps.len());
    for step in steps {
        let start = step.span.start;
        let owner = items
            .iter()
            .position(|it| it.span.start == start)
            .or_else(|| {
                let inside = items.iter().position(|it| contains(it.span, start))?;
                // Inside a listed statement without being one: a procedure body's statement,
                // which the step before it (the EXEC, or an earlier body statement) led to, or
                // a block's, whose step before it is the block's own. Either way, the owner
                // carries over; the containing statement is only a fallback.
                Some(out.last().copied().flatten().unwrap_or(inside))
            });
        out.push(owner);
    }
    out
}

fn contains(span: Span, p: Pos) -> bool {
    span.start <= p && p <= span.end
}

/// Each statement's mark: done when a step it owns ran (up to the cursor), failed when one of
/// them failed. One pass over the steps: a loop can make thousands of them.
fn progress(
    n: usize,
    owners: &[Option<usize>],
    steps: &[Step],
    cursor: Option<usize>,
) -> Vec<Progress> {
    let mut out = vec![Progress::Pending; n];
    let ran = cursor.map_or(0, |c| c + 1);
    for (owner, step) in owners.iter().zip(steps).take(ran) {
        let Some(p) = owner.and_then(|i| out.get_mut(i)) else {
            continue;
        };
        *p = match (&step.outcome, *p) {
            (Outcome::Error(_), _) | (_, Progress::Error) => Progress::Error,
            (Outcome::Ok(_), _) => Progress::Ok,
        };
    }
    out
}

/// The statement's lines without the client prompts (`mysql>`, `->`) pasted from articles.
pub fn source_lines(source: &str) -> impl Iterator<Item = String> + '_ {
    source.lines().map(|l| {
        let t = l.trim_start();
        ["mysql>", "->", "postgres=#", "postgres-#"]
            .iter()
            .find_map(|p| t.strip_prefix(p))
            .map_or(l, |rest| rest.strip_prefix(' ').unwrap_or(rest))
            .to_string()
    })
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for LabState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn odku() -> LabState {
        LabState::default_example()
    }

    fn example(id: &str) -> LabState {
        match examples::by_id(id) {
            Some(e) => LabState::from_example(e),
            None => panic!("no example {id}"),
        }
    }

    /// The Step button of `session`.
    fn step(session: &str) -> Action {
        Action::ScenarioStep {
            session: session.into(),
            statements: None,
        }
    }

    /// The "Step 1 statement" button of `session`.
    fn statement(session: &str) -> Action {
        Action::ScenarioStep {
            session: session.into(),
            statements: Some(1),
        }
    }

    fn kinds(s: &LabState) -> Vec<&'static str> {
        s.scenario
            .as_ref()
            .map(|sc| sc.events.iter().map(|e| e.kind.as_str()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn scripts_have_no_scenario_specs_do() {
        assert!(odku().scenario.is_none());
        let s = example("pg-for-update-wait");
        let Some(sc) = &s.scenario else {
            panic!("a spec has a scenario")
        };
        assert!(sc.errors.is_empty());
        assert_eq!(sc.permutations.len(), 3);
        assert!(sc.frame().is_none());
        assert_eq!(sc.next_step("c1"), Some("c1pop"));
        // The one-session actions do nothing on a spec.
        let s = s.apply(Action::Next).apply(Action::Run);
        assert!(s.trace.is_none());
        assert_eq!(s.cursor, None);
    }

    #[test]
    fn scenario_step_waits_and_completes() {
        let s = example("pg-for-update-wait")
            .apply(step("c1"))
            .apply(step("c2"));
        assert_eq!(s.scenario_steps, ["c1pop", "c2lock"]);
        assert_eq!(kinds(&s), ["ok", "waiting"]);
        let Some(sc) = s.scenario.clone() else {
            panic!("scenario")
        };
        assert_eq!(sc.waits_for("c2"), ["c1"]);
        let frame = sc.frame().map(|f| f.locks.clone()).unwrap_or_default();
        assert!(frame
            .iter()
            .any(|l| l.session == "c1" && l.mode == "FOR UPDATE"));
        // A waiting session cannot step.
        let same = s.apply(step("c2"));
        assert_eq!(same.scenario_steps, s.scenario_steps);
        let s = s.apply(step("c1"));
        assert_eq!(s.scenario_steps, ["c1pop", "c2lock", "c1c"]);
        assert_eq!(kinds(&s), ["ok", "waiting", "ok", "completed"]);
        assert!(s
            .scenario
            .as_ref()
            .is_some_and(|sc| sc.waits_for("c2").is_empty()));
        // Unknown sessions are ignored.
        let same = s.apply(step("nope"));
        assert_eq!(same.scenario_steps, s.scenario_steps);
    }

    fn scenario(s: &LabState) -> Rc<Scenario> {
        match &s.scenario {
            Some(sc) => sc.clone(),
            None => panic!("a spec has a scenario"),
        }
    }

    /// The first column's text of the rows of the last frame's `table` that `session` holds a
    /// lock on, with the lock's mode.
    fn locked(s: &LabState, table: &str, column: &str, session: &str) -> Vec<(String, String)> {
        let sc = scenario(s);
        let Some(frame) = sc.frame() else {
            return Vec::new();
        };
        let Some(t) = frame.tables.iter().find(|t| t.name == table) else {
            return Vec::new();
        };
        let Some(c) = t.columns.iter().position(|x| x == column) else {
            panic!("no column {column} in {:?}", t.columns)
        };
        frame
            .locks
            .iter()
            .filter(|l| l.table == table && l.session == session)
            .filter_map(|l| {
                let row = t.rows.iter().find(|r| r.rowid == l.rowid)?;
                Some((row.values[c].text()?, l.mode.to_string()))
            })
            .collect()
    }

    fn result_rows(e: &Event) -> Vec<Vec<String>> {
        match &e.outcome {
            Some(Outcome::Ok(ok)) => ok
                .rows
                .iter()
                .map(|r| r.iter().map(|v| v.text().unwrap_or_default()).collect())
                .collect(),
            other => panic!("no rows: {other:?}"),
        }
    }

    #[test]
    fn cursor_pop_one_statement_at_a_time_then_the_rest() {
        let mut s = example("mssql-cursor-pop");
        for _ in 0..7 {
            s = s.apply(statement("c1"));
        }
        // EXEC .. OPEN: c1 is inside its pop, the cursor open but nothing fetched or locked.
        let sc = scenario(&s);
        assert_eq!(sc.inside("c1"), Some("c1pop"));
        assert_eq!(sc.statements_run("c1"), Some(7));
        assert_eq!(locked(&s, "RequestsQueue", "request", "c1"), []);

        // The FETCH: an X lock on the oldest row, held inside the open transaction.
        let s = s.apply(statement("c1"));
        assert_eq!(s.scenario_steps, vec!["c1pop(statements 1)"; 8]);
        let sc = scenario(&s);
        assert_eq!(sc.inside("c1"), Some("c1pop"));
        assert_eq!(sc.statements_run("c1"), Some(8));
        assert_eq!(
            sc.next_step("c1"),
            Some("c1pop"),
            "a step inside is not finished"
        );
        assert_eq!(
            locked(&s, "RequestsQueue", "request", "c1"),
            [("first".to_string(), "X".to_string())]
        );
        assert_eq!(sc.partial, vec![true; 8]);
        assert!(sc.last_result("c1").is_some_and(|(_, partial)| partial));

        // c2's pop reads the same row first and waits for c1's lock; waiting, it cannot step.
        let s = s.apply(step("c2"));
        assert_eq!(s.scenario_steps.last().map(String::as_str), Some("c2pop"));
        let sc = scenario(&s);
        assert_eq!(sc.waits_for("c2"), ["c1"]);
        assert_eq!(sc.inside("c2"), None);
        let same = s.apply(statement("c2"));
        assert_eq!(same.scenario_steps, s.scenario_steps);

        // Step on c1 runs the rest of its pop: it returns "first", and c2 completes on "second".
        let s = s.apply(step("c1"));
        assert_eq!(s.scenario_steps.last().map(String::as_str), Some("c1pop"));
        let sc = scenario(&s);
        assert_eq!(sc.inside("c1"), None);
        assert_eq!(sc.next_step("c1"), None);
        assert_eq!(sc.next_step("c2"), Some("c2left"));
        let Some((c1, false)) = sc.last_result("c1") else {
            panic!("c1 finished its pop")
        };
        assert_eq!(result_rows(c1)[0][1], "first");
        let Some((c2, false)) = sc.last_result("c2") else {
            panic!("c2 finished its pop")
        };
        assert_eq!(c2.kind, EventKind::Completed);
        assert_eq!(result_rows(c2)[0][1], "second");
        let mut expected = vec!["ok"; 8];
        expected.extend(["waiting", "ok", "completed"]);
        assert_eq!(kinds(&s), expected);
        assert_eq!(sc.partial.iter().filter(|p| **p).count(), 8);

        // Back drops one entry: c1 is inside again, with the lock, and c2 waits.
        let b = s.apply(Action::ScenarioBack);
        let sc = scenario(&b);
        assert_eq!(sc.inside("c1"), Some("c1pop"));
        assert_eq!(sc.waits_for("c2"), ["c1"]);
    }

    #[test]
    fn a_permutation_with_statement_limits_reads_as_the_buttons_do() {
        let s = example("mssql-cursor-pop").apply(Action::ScenarioRun(0));
        assert_eq!(
            s.scenario_steps,
            ["c1pop(statements 8)", "c2pop", "c1pop", "c2left"]
        );
        let sc = scenario(&s);
        assert_eq!(sc.partial, [true, false, false, false, false]);
        assert_eq!(kinds(&s), ["ok", "waiting", "ok", "completed", "ok"]);
        // Four entries, but c1pop ran once: every step has run, none is left.
        assert_eq!(sc.next_step("c1"), None);
        assert_eq!(sc.next_step("c2"), None);
        let b = s.apply(Action::ScenarioBack).apply(Action::ScenarioBack);
        let sc = scenario(&b);
        assert_eq!(sc.statements_run("c1"), Some(8));
        // Step 1 statement goes on inside c1pop: the 9th statement, its IF, locks no more.
        let one = b.apply(statement("c1"));
        assert_eq!(
            one.scenario_steps.last().map(String::as_str),
            Some("c1pop(statements 1)")
        );
        assert_eq!(scenario(&one).statements_run("c1"), Some(9));
    }

    #[test]
    fn one_statement_of_a_postgres_step_with_several() {
        let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a'); }
session a
step a1 { BEGIN; UPDATE t SET v = 'b' WHERE id = 1; COMMIT; }
step a2 { SELECT v FROM t; }
session b
step b1 { UPDATE t SET v = 'c' WHERE id = 1; }
";
        let s = LabState::new(text.into(), Dialect::Postgres)
            .apply(statement("a"))
            .apply(statement("a"));
        let sc = scenario(&s);
        assert_eq!(s.scenario_steps, ["a1(statements 1)", "a1(statements 1)"]);
        assert_eq!(sc.inside("a"), Some("a1"));
        assert_eq!(sc.statements_run("a"), Some(2));
        assert!(sc
            .frame()
            .is_some_and(|f| f.sessions.iter().any(|v| v.name == "a" && v.in_transaction)));
        // b's UPDATE waits for a's row lock, taken by the statement a stopped after.
        let s = s.apply(step("b"));
        assert_eq!(scenario(&s).waits_for("b"), ["a"]);
        // The last statement, one more press: a1 is done (COMMIT), b completes, a moves on.
        let s = s.apply(statement("a"));
        let sc = scenario(&s);
        assert_eq!(sc.inside("a"), None);
        assert!(sc.waits_for("b").is_empty());
        assert_eq!(sc.next_step("a"), Some("a2"));
        assert_eq!(kinds(&s), ["ok", "ok", "waiting", "ok", "completed"]);
        assert_eq!(sc.partial, [true, true, false, false, false]);
        // A step of one statement runs whole with either button.
        let s = s.apply(statement("a"));
        assert_eq!(scenario(&s).inside("a"), None);
        assert_eq!(scenario(&s).next_step("a"), None);
    }

    #[test]
    fn scenario_back_reset_run_and_edit() {
        let s = example("pg-for-update-wait").apply(Action::ScenarioRun(0));
        assert_eq!(s.scenario_steps, ["c1pop", "c2lock", "c1c", "c2c"]);
        assert_eq!(s.scenario.as_ref().map(|sc| sc.frames.len()), Some(4));
        let s = s.apply(Action::ScenarioBack);
        assert_eq!(s.scenario_steps, ["c1pop", "c2lock", "c1c"]);
        assert_eq!(s.scenario.as_ref().map(|sc| sc.frames.len()), Some(3));
        assert_eq!(
            s.apply(Action::ScenarioRun(99)).scenario_steps,
            s.scenario_steps
        );
        let r = s.apply(Action::ScenarioReset);
        assert!(r.scenario_steps.is_empty());
        assert!(r.scenario.as_ref().is_some_and(|sc| sc.events.is_empty()));
        assert!(r.apply(Action::ScenarioBack).scenario_steps.is_empty());
        let e = s.apply(Action::Edit(format!("{}\n", s.text)));
        assert!(e.scenario_steps.is_empty());
        assert!(e.scenario.is_some());
        let e = e.apply(Action::Edit("SELECT 1;".into()));
        assert!(e.scenario.is_none());
    }

    #[test]
    fn scenario_invalid_permutation_stops() {
        let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1); }
session a
setup { BEGIN; }
step a1 { SELECT id FROM t FOR UPDATE; }
step a2 { COMMIT; }
session b
setup { BEGIN; }
step b1 { SELECT id FROM t FOR UPDATE; }
step b2 { COMMIT; }
permutation a1 b1 b2 a2
";
        let s = LabState::new(text.into(), Dialect::Postgres).apply(Action::ScenarioRun(0));
        assert_eq!(kinds(&s), ["ok", "waiting", "invalid_permutation"]);
        assert!(s.scenario.as_ref().is_some_and(|sc| sc.stopped()));
        // Once stopped, no session steps; Back drops the steps one at a time.
        let same = s.apply(step("a"));
        assert_eq!(same.scenario_steps, s.scenario_steps);
        let s = s.apply(Action::ScenarioBack).apply(Action::ScenarioBack);
        assert_eq!(kinds(&s), ["ok", "waiting"]);
    }

    #[test]
    fn scenario_reports_errors_with_positions() {
        let s = LabState::new("session a\nstep x SELECT 1;\n".into(), Dialect::Postgres);
        let errors = s
            .scenario
            .as_ref()
            .map(|sc| sc.errors.clone())
            .unwrap_or_default();
        assert_eq!(
            errors.first().map(|d| (d.pos.line, d.pos.column)),
            Some((2, 8))
        );
    }

    #[test]
    fn starts_ready_to_step() {
        let s = odku();
        assert_eq!(s.cursor, None);
        assert!(s.trace.is_none());
        assert_eq!(s.outline.items.len(), 11);
        assert_eq!(s.example().map(|e| e.id), Some("ring-odku"));
    }

    #[test]
    fn next_back_run_reset() {
        let s = odku().apply(Action::Next);
        assert_eq!(s.cursor, Some(0));
        let s = s.apply(Action::Next).apply(Action::Next);
        assert_eq!(s.cursor, Some(2));
        assert_eq!(s.outline.items[2].progress, Progress::Ok);
        assert_eq!(s.outline.items[3].progress, Progress::Pending);
        let s = s.apply(Action::Back);
        assert_eq!(s.cursor, Some(1));
        let s = s.apply(Action::Run);
        assert_eq!(s.cursor, Some(10));
        assert_eq!(s.apply(Action::Next).cursor, Some(10));
        let s = s.apply(Action::Reset);
        assert_eq!(s.cursor, None);
        assert!(s.trace.is_some());
        assert_eq!(s.apply(Action::Back).cursor, None);
    }

    #[test]
    fn editing_invalidates() {
        let s = odku().apply(Action::Run);
        let s = s.apply(Action::Edit(format!("{}\n", s.text)));
        assert!(s.trace.is_none());
        assert_eq!(s.cursor, None);
    }

    fn item_titled(s: &LabState, prefix: &str) -> usize {
        match s
            .outline
            .items
            .iter()
            .position(|i| i.title.starts_with(prefix))
        {
            Some(i) => i,
            None => panic!("no statement {prefix}"),
        }
    }

    fn source(s: &LabState) -> String {
        s.current().map(|st| st.source.clone()).unwrap_or_default()
    }

    #[test]
    fn tsql_runs_and_steps_into_procedure_bodies() {
        let s = example("tsql-heap-fifo");
        assert_eq!(s.dialect, Dialect::MsSql);
        let listed = s.outline.items.len();
        let exec = item_titled(&s, "exec usp_dequeueHeap");
        let create = item_titled(&s, "create procedure usp_dequeueHeap");

        // Clicking the EXEC shows the call itself, not the end of its body.
        let s = s.apply(Action::Jump(exec));
        assert_eq!(source(&s), "exec usp_dequeueHeap");
        assert_eq!(s.current_statement(), Some(exec));
        assert!(s.caller().is_none());

        // Two steps on: the body's DELETE, written inside the CREATE PROCEDURE, still owned by
        // the EXEC that called it.
        let s = s.apply(Action::Next).apply(Action::Next);
        let Some(step) = s.current() else {
            panic!("a step on screen")
        };
        assert!(source(&s).starts_with("delete top(1) from HeapQueue"));
        let body = s.outline.items[create].span;
        assert!(body.start < step.span.start && step.span.end <= body.end);
        assert_eq!(s.current_statement(), Some(exec));
        assert_eq!(
            s.caller().map(|c| c.span.start),
            Some(s.outline.items[exec].span.start)
        );
        assert_eq!(s.statements_reached(), exec + 1);
        let rows = match &step.outcome {
            Outcome::Ok(ok) => ok.rows.clone(),
            Outcome::Error(e) => panic!("{}", e.message),
        };
        assert_eq!(rows.len(), 1, "one row dequeued");
        assert_eq!(s.outline.items[exec].progress, Progress::Ok);
        assert_eq!(s.outline.items[exec + 1].progress, Progress::Pending);

        // Run all: the bodies make the trace longer than the list; every statement ran.
        let s = s.apply(Action::Run);
        assert!(s.step_count() > listed);
        assert_eq!(s.outline.owners.len(), s.step_count());
        assert_eq!(s.statements_reached(), listed);
        assert!(s.outline.items.iter().all(|i| i.progress == Progress::Ok));
    }

    #[test]
    fn tsql_loops_belong_to_their_block_and_unreadable_batches_to_none() {
        let text = "declare @i int = 0
while @i < 2
begin
  set @i = @i + 1
end
go
select from where
go
select @@rowcount as n
go
";
        let s = LabState::new(text.into(), Dialect::MsSql);
        assert_eq!(s.outline.items.len(), 3, "{:?}", s.outline.items);
        assert_eq!(s.outline.diagnostics.len(), 1);
        let s = s.apply(Action::Run);
        let owners = &s.outline.owners;
        // The loop's statements run as steps of their own, all owned by the WHILE.
        assert!(
            owners.iter().filter(|o| **o == Some(1)).count() >= 3,
            "{owners:?}"
        );
        let broken = owners.iter().position(|o| o.is_none());
        assert_eq!(broken, Some(owners.len() - 2), "{owners:?}");
        assert_eq!(owners.last(), Some(&Some(2)));
        assert_eq!(s.outline.items[2].progress, Progress::Ok);
        // On the unreadable batch's step, the list has nothing to highlight but counts the
        // statements before it as reached.
        let s = s.apply(Action::Back);
        assert_eq!(s.current_statement(), None);
        assert_eq!(s.statements_reached(), 2);
        assert_eq!(s.apply(Action::Jump(2)).cursor, Some(owners.len() - 1));
    }

    #[test]
    fn a_failure_inside_a_procedure_marks_its_exec_failed() {
        let text = "create table t (id int primary key)
go
create procedure p as
  insert into t values (1);
  insert into t values (1);
  select 1 as after_dup;
go
exec p
go
";
        let s = LabState::new(text.into(), Dialect::MsSql).apply(Action::Jump(2));
        assert_eq!(s.outline.items[2].progress, Progress::Ok);
        // The duplicate key fails; the body goes on, and the EXEC stays marked failed.
        let s = s.apply(Action::Next).apply(Action::Next);
        assert_eq!(s.outline.items[2].progress, Progress::Error);
        let s = s.apply(Action::Next);
        assert_eq!(source(&s), "select 1 as after_dup");
        assert_eq!(s.outline.items[2].progress, Progress::Error);
        assert_eq!(s.outline.items[1].progress, Progress::Ok);
    }

    #[test]
    fn tsql_unreadable_batch_is_a_step_of_its_own() {
        let s = LabState::new("selec 1\ngo\nselect 2 as two\ngo\n".into(), Dialect::MsSql);
        assert_eq!(s.outline.items.len(), 1);
        assert_eq!(s.outline.diagnostics.len(), 1);
        let s = s.apply(Action::Next);
        assert!(matches!(
            s.current().map(|st| &st.outcome),
            Some(Outcome::Error(_))
        ));
        assert_eq!((s.current_statement(), s.statements_reached()), (None, 0));
        assert_eq!(s.outline.items[0].progress, Progress::Pending);
        let s = s.apply(Action::Next);
        assert_eq!(source(&s), "select 2 as two");
        assert_eq!(s.outline.items[0].progress, Progress::Ok);
    }

    #[test]
    fn ring_size_override_keeps_cursor() {
        let s = odku().apply(Action::Jump(8));
        assert_eq!(s.current().map(|st| st.rings[0].size), Some(5));
        let s = s.apply(Action::SetRingSize {
            table: "q".into(),
            size: Some(7),
        });
        assert_eq!(s.cursor, Some(8));
        assert_eq!(s.current().map(|st| st.rings[0].size), Some(7));
        let s = s.apply(Action::SetRingSize {
            table: "Q".into(),
            size: None,
        });
        assert!(s.ring_sizes.is_empty());
        assert_eq!(s.current().map(|st| st.rings[0].size), Some(5));
    }

    #[test]
    fn outline_reports_unsplittable_scripts() {
        let s = LabState::new("select 'abc;\n".into(), Dialect::MySql);
        let o = s.outline.clone();
        assert!(o.items.is_empty());
        assert_eq!(o.diagnostics.len(), 1);
        assert_eq!(s.apply(Action::Run).outline, o);
    }

    #[test]
    fn jump_clamps() {
        let s = odku().apply(Action::Jump(999));
        assert_eq!(s.cursor, Some(10));
    }

    #[test]
    fn prompts_are_stripped_from_titles() {
        let lines: Vec<String> = source_lines("REPLACE INTO q\n-> SELECT\n  -> 1").collect();
        assert_eq!(lines, ["REPLACE INTO q", "SELECT", "1"]);
    }

    #[test]
    fn fix_reruns_at_same_cursor() {
        let text = "select 1;\nselect ’a’;\n".to_string();
        let s = LabState::new(text, Dialect::MySql).apply(Action::Run);
        assert_eq!(s.cursor, Some(1));
        let fixed = match s.current().map(|st| &st.outcome) {
            Some(Outcome::Error(e)) => e.fixed_text.clone(),
            _ => None,
        };
        let Some(fixed) = fixed else {
            panic!("expected a fix for the curly quotes")
        };
        let s = s.apply(Action::ApplyFix(fixed));
        assert_eq!(s.cursor, Some(1));
        assert!(matches!(
            s.current().map(|st| &st.outcome),
            Some(Outcome::Ok(_))
        ));
    }
}
