//! The app's state, by concern, and every way it can change: an [`Action`] enum and a pure
//! reducer.
//!
//! - [`document`]: the text, its dialect, what it is (an example, a spec);
//! - [`run`]: what the engine made of it (a script's steps, or a spec's snapshots) and the
//!   cursor into it;
//! - [`view`]: ring sizes, the permutation picked;
//! - [`mine`]: the user's own scripts, which examples and links never replace;
//! - [`outline`]: the statement list, derived from the document and the script's run.
//!
//! The reducer runs no engine: every engine result (a trace, a snapshot) comes inside the
//! action, made by `driver.rs` before dispatching. The UI renders the snapshot (or step) at
//! the cursor and nothing else, so stepping back is `cursor - 1`, never an undo stack.
//! Persistence (local storage, URL) lives in `hooks/`, never in the reducer.

pub mod document;
pub mod fixes;
pub mod mine;
pub mod outline;
pub mod run;
pub mod story;
pub mod view;

use document::Document;
use mine::Mine;
use outline::{owners, parse_outline, progress, Outline, OutlineItem};
use queuelab::examples::{self, Example};
use queuelab::sim::snapshot::Snapshot;
use queuelab::sim::{Choice, Schedule};
use queuelab::trace::{Step, Trace};
use queuelab::Dialect;
use run::{Run, ScriptRun, SpecRun};
use std::rc::Rc;
use view::View;

#[derive(Debug, Clone, PartialEq)]
pub struct AppState {
    pub document: Document,
    pub run: Run,
    pub view: View,
    /// The statement list, derived from the document and the script's run; kept here so it
    /// is computed once per change rather than once per component that shows it.
    pub outline: Rc<Outline>,
    pub mine: Rc<Mine>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The user typed in the editor: the run no longer matches the text.
    Edit(String),
    SetDialect(Dialect),
    /// Replace the whole script (an example, a share link): start over, overrides dropped.
    /// The user's own scripts stay, to come back to.
    Load {
        text: String,
        dialect: Dialect,
    },
    /// Open the user's own script `i` (newest first) again.
    OpenMine(usize),
    /// Replace the text with an engine-provided fix; `trace` is the new text's run when the
    /// old one had been run (the cursor stays).
    ApplyFix {
        text: String,
        trace: Option<Rc<Trace>>,
    },
    /// Script: the run of the text, made by the engine (the cursor stays, clamped).
    Traced(Rc<Trace>),
    /// Script: show every statement run, the next one, the one before, none.
    Run,
    Next,
    Back,
    Reset,
    /// Script: show the first step that ran statement `i` of the statement list.
    Jump(usize),
    /// Override (`Some`) or restore (`None`) a table's ring size; `trace` is the run with
    /// the new sizes, when there was a run.
    SetRingSize {
        table: String,
        size: Option<i64>,
        trace: Option<Rc<Trace>>,
    },
    /// Spec: a move made after the first `at` moves, and the snapshot after it.
    Moved {
        at: usize,
        choice: Choice,
        snapshot: Rc<Snapshot>,
    },
    /// Spec: a whole schedule run from the start, one snapshot per move.
    Ran {
        schedule: Schedule,
        snapshots: Vec<Rc<Snapshot>>,
    },
    /// Spec: show the snapshot before the last move, or none.
    ScenarioBack,
    ScenarioReset,
    /// Spec: show the snapshot after move `n` of the schedule (a replay stops where its
    /// check first fails).
    ScenarioShow(usize),
    /// Spec: mark the rows whose first column holds one of these values (what a replayed
    /// check found at fault); empty to mark none.
    Highlight(Vec<String>),
    /// Spec: pick permutation `i` in the menu.
    PickPermutation(usize),
    /// Show (`Some`) or dismiss (`None`) the notice above the page.
    Notice(Option<String>),
}

impl AppState {
    /// A fresh state on `text`, nothing run.
    pub fn new(text: String, dialect: Dialect) -> AppState {
        let document = Document::new(text, dialect);
        let mut s = AppState {
            run: fresh_run(&document),
            outline: Rc::new(parse_outline(dialect, &document.text)),
            document,
            view: View::default(),
            mine: Rc::default(),
        };
        s.refresh_outline(None);
        s
    }

    /// The bundled default example, loaded but not run.
    pub fn default_example() -> AppState {
        let text = examples::DEFAULT_TEXT;
        AppState::new(text.to_string(), queuelab::dialect_for(text, None))
    }

    #[cfg(test)]
    pub fn from_example(e: &Example) -> AppState {
        AppState::new(e.sql.to_string(), queuelab::dialect_for(e.sql, None))
    }

    /// The pure transition function behind the yew reducer.
    pub fn apply(&self, action: Action) -> AppState {
        let mut s = self.clone();
        match action {
            Action::Edit(text) => {
                if text != s.document.text {
                    let resume = self.kept_position(&text);
                    s.view.highlight.clear();
                    s.set_text(text);
                    s.follow_paste();
                    s.wrote();
                    if let Run::Script(r) = &mut s.run {
                        r.resume = resume;
                    }
                }
            }
            Action::SetDialect(d) => {
                s.view.dialect_picked = true;
                if d != s.document.dialect {
                    // The dialect line follows the menu, so the two never disagree.
                    let text = s.document.text_for(d);
                    s.document = Document::new(text, d);
                    s.run = fresh_run(&s.document);
                    if s.mine.current.is_some() {
                        s.wrote();
                    }
                }
            }
            Action::Load { text, dialect } => {
                s = AppState::new(text, dialect);
                s.mine = Rc::new(self.mine.left());
            }
            Action::OpenMine(i) => {
                if let Some(own) = self.mine.scripts.get(i) {
                    s = AppState::new(own.text.clone(), own.dialect());
                    s.mine = Rc::new(self.mine.opened(i));
                }
            }
            Action::Notice(n) => s.view.notice = n,
            Action::ApplyFix { text, trace } => {
                s.set_text(text);
                s.wrote();
                if let (Run::Script(r), Some(t)) = (&mut s.run, trace) {
                    // The fix keeps the statements: show the same one, now fixed.
                    r.cursor = self.script().and_then(|r| r.cursor);
                    r.rerun(t);
                }
            }
            Action::Traced(t) => {
                if let Run::Script(r) = &mut s.run {
                    r.rerun(t);
                }
            }
            Action::Run | Action::Next | Action::Back | Action::Reset | Action::Jump(_) => {
                s.move_script(action)
            }
            Action::SetRingSize { table, size, trace } => {
                s.view.ring_sizes = s.view.with_ring_size(&table, size);
                if let (Run::Script(r), Some(t)) = (&mut s.run, trace) {
                    r.rerun(t);
                }
            }
            Action::Moved {
                at,
                choice,
                snapshot,
            } => {
                if let Run::Spec(r) = &mut s.run {
                    r.moved(at, choice, snapshot);
                }
            }
            Action::Ran {
                schedule,
                snapshots,
            } => {
                s.view.highlight.clear();
                if let Run::Spec(r) = &mut s.run {
                    *r = SpecRun {
                        cursor: snapshots.len(),
                        schedule,
                        snapshots,
                    };
                }
            }
            Action::ScenarioBack => {
                if let Run::Spec(r) = &mut s.run {
                    r.cursor = r.cursor.saturating_sub(1);
                }
            }
            Action::ScenarioReset => {
                if let Run::Spec(r) = &mut s.run {
                    r.cursor = 0;
                }
            }
            Action::Highlight(values) => s.view.highlight = values,
            Action::ScenarioShow(n) => {
                if let Run::Spec(r) = &mut s.run {
                    r.cursor = n.min(r.snapshots.len());
                }
            }
            Action::PickPermutation(i) => s.view.permutation = i,
        }
        s.refresh_outline(Some(self));
        s
    }

    /// The script's run; `None` when the document is a spec.
    pub fn script(&self) -> Option<&ScriptRun> {
        match &self.run {
            Run::Script(r) => Some(r),
            Run::Spec(_) => None,
        }
    }

    /// The spec's run; `None` when the document is a script.
    pub fn spec_run(&self) -> Option<&SpecRun> {
        match &self.run {
            Run::Spec(r) => Some(r),
            Run::Script(_) => None,
        }
    }

    /// Spec: the moves made (also those after the cursor) and how many are shown, as a link
    /// or the saved work carries them; `None` before the first move and for a script.
    pub fn shared_moves(&self) -> Option<crate::share::Moves> {
        let doc = self.document.spec.as_ref()?;
        let run = self.spec_run().filter(|r| !r.schedule.0.is_empty())?;
        Some(crate::share::Moves {
            schedule: run.schedule.text(&doc.spec),
            at: run.cursor,
        })
    }

    /// Spec: the picked permutation's next move after the moves shown, as (session, step,
    /// statement limit); `None` when the moves shown are not a start of it, or it is done.
    pub fn next_in_permutation(&self) -> Option<(String, String, Option<u32>)> {
        let doc = self.document.spec.as_ref()?;
        let run = self.spec_run()?;
        let perm = doc
            .permutations
            .get(self.view.picked(doc.permutations.len()))?;
        let chosen = run.chosen();
        if !perm.0.starts_with(chosen) {
            return None;
        }
        let next = perm.0.get(chosen.len())?;
        let session = doc.spec.sessions.get(next.step.session.0 as usize)?;
        let step = queuelab::scenario::schedule::step_name(&doc.spec, next.step);
        Some((session.name.clone(), step.to_string(), next.statements))
    }

    /// The script's step on screen.
    pub fn current(&self) -> Option<&Step> {
        self.script()?.current()
    }

    pub fn cursor(&self) -> Option<usize> {
        self.script()?.cursor
    }

    pub fn trace(&self) -> Option<&Rc<Trace>> {
        self.script()?.trace.as_ref()
    }

    pub fn step_count(&self) -> usize {
        self.script().map_or(0, ScriptRun::step_count)
    }

    /// The listed statement the step on screen belongs to (for a procedure body's statement,
    /// the EXEC that called it).
    pub fn current_statement(&self) -> Option<usize> {
        self.outline.owners.get(self.cursor()?).copied().flatten()
    }

    /// How far down the list the run has got: the statement of the latest step on screen or
    /// before it that belongs to one (a batch that could not be read belongs to none).
    pub fn statements_reached(&self) -> usize {
        // A position waiting to be shown again (after an edit or a reload) is where it is.
        if let Some(k) = self.script().and_then(|r| r.resume) {
            return k + 1;
        }
        let Some(c) = self.cursor() else { return 0 };
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

    /// Whether the script's view has a ring to show: one drawn in some step of its run, or,
    /// before it runs, a `mod` or `%` in the text that may make one (the panel explains what
    /// will appear there).
    pub fn ring_expected(&self) -> bool {
        match self.trace() {
            Some(t) => t.steps.iter().any(|s| !s.rings.is_empty()),
            None => {
                let t = self.document.text.as_bytes();
                let word = |i: usize| t.get(i).is_none_or(|c| !c.is_ascii_alphanumeric());
                t.contains(&b'%')
                    || t.windows(3).enumerate().any(|(i, w)| {
                        w.eq_ignore_ascii_case(b"mod") && word(i.wrapping_sub(1)) && word(i + 3)
                    })
            }
        }
    }

    /// The bundled example whose text is in the editor, untouched.
    pub fn example(&self) -> Option<&'static Example> {
        self.document.example()
    }

    /// A script pasted or typed without a dialect line, whose SQL clearly belongs to another
    /// vendor (GO lines, `mysql>` prompts ...), switches to that vendor with a notice, until
    /// the user picks a dialect in the menu.
    fn follow_paste(&mut self) {
        let d = &self.document;
        if self.view.dialect_picked
            || d.spec.is_some()
            || queuelab::source::dialect_header(&d.text).is_some()
        {
            return;
        }
        let Some((guess, marks)) = Dialect::guess(&d.text) else {
            return;
        };
        if guess != d.dialect {
            self.document = Document::new(d.text.clone(), guess);
            self.run = fresh_run(&self.document);
            self.view.notice = Some(format!(
                "This looks like {}, from its {}: the dialect is now {}. Pick another in the Dialect menu if it is not.",
                guess.label(),
                queuelab::join::join(&marks, ", "),
                guess.label()
            ));
        }
    }

    /// The statement to show again after the text becomes `text`: the one on screen, when it
    /// and every line before its end are unchanged (the run up to it would be the same).
    fn kept_position(&self, text: &str) -> Option<usize> {
        // Counts a position still waiting to be shown: typing on before the run caught up
        // keeps it.
        let reached = self.statements_reached().checked_sub(1)?;
        let lines = self.outline.items.get(reached)?.span.end.line as usize;
        let same = self
            .document
            .text
            .split_inclusive('\n')
            .take(lines)
            .eq(text.split_inclusive('\n').take(lines));
        same.then_some(reached)
    }

    /// The text in the editor is the user's: it becomes (or updates) their current script.
    fn wrote(&mut self) {
        self.mine = Rc::new(self.mine.wrote(&self.document.text, self.document.dialect));
    }

    fn set_text(&mut self, text: String) {
        if text == self.document.text {
            return;
        }
        self.document = Document::new(text, self.document.dialect);
        self.run = fresh_run(&self.document);
    }

    /// The one-session moves; they do nothing on a spec, or before the engine made a trace.
    fn move_script(&mut self, action: Action) {
        let jump = match action {
            Action::Jump(i) => self.first_step_of(i),
            _ => None,
        };
        let Run::Script(r) = &mut self.run else {
            return;
        };
        // Any move replaces a position waiting to be shown again.
        r.resume = None;
        let n = r.step_count();
        let traced = r.trace.is_some();
        r.cursor = match action {
            Action::Run if traced => n.checked_sub(1),
            Action::Next if traced => match r.cursor {
                _ if n == 0 => None,
                None => Some(0),
                Some(i) => Some((i + 1).min(n - 1)),
            },
            Action::Back => r.cursor.and_then(|i| i.checked_sub(1)),
            Action::Reset => None,
            Action::Jump(_) if traced => jump,
            _ => r.cursor,
        };
    }

    /// The step that runs listed statement `i` (the EXEC itself, not its body): the first one
    /// it owns. A statement that never ran (its batch stopped early) gives the last step before
    /// it; past the end of the list, the last step.
    fn first_step_of(&self, i: usize) -> Option<usize> {
        let steps = &self.trace()?.steps;
        if i >= self.outline.items.len() {
            return steps.len().checked_sub(1);
        }
        let owners = owners(&self.outline.items, steps);
        owners
            .iter()
            .position(|o| *o == Some(i))
            .or_else(|| owners.iter().rposition(|o| o.is_some_and(|k| k < i)))
    }

    /// Brings the statement list up to date after a transition from `before`: the parse only
    /// when the text changed, the step owners only when the trace changed, the marks always.
    fn refresh_outline(&mut self, before: Option<&AppState>) {
        let same_text = before.is_some_and(|b| {
            self.document.text == b.document.text && self.document.dialect == b.document.dialect
        });
        let same_trace = before.is_some_and(|b| match (self.trace(), b.trace()) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        });
        let same_cursor = before.is_some_and(|b| self.cursor() == b.cursor());
        if same_text && same_trace && same_cursor {
            return;
        }
        let mut outline = match before {
            Some(b) if same_text => (*b.outline).clone(),
            _ => parse_outline(self.document.dialect, &self.document.text),
        };
        let trace = self.trace().cloned();
        if !same_text || !same_trace {
            outline.owners = trace
                .as_ref()
                .map(|t| owners(&outline.items, &t.steps))
                .unwrap_or_default();
            // Problems found while running (SQLite could not open) come on top of the parse's.
            for d in trace.iter().flat_map(|t| &t.diagnostics) {
                if !outline.diagnostics.contains(d) {
                    outline.diagnostics.push(d.clone());
                }
            }
        }
        let steps = trace.as_ref().map_or(&[][..], |t| &t.steps[..]);
        let marks = progress(outline.items.len(), &outline.owners, steps, self.cursor());
        for (item, mark) in outline.items.iter_mut().zip(marks) {
            item.progress = mark;
        }
        self.outline = Rc::new(outline);
    }
}

/// The empty run a document starts with.
fn fresh_run(d: &Document) -> Run {
    match d.spec {
        Some(_) => Run::Spec(SpecRun::default()),
        None => Run::Script(ScriptRun::default()),
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for AppState {
    type Action = Action;

    fn reduce(self: std::rc::Rc<Self>, action: Action) -> std::rc::Rc<Self> {
        Rc::new(self.apply(action))
    }
}
