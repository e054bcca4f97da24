//! The app's whole state and every way it can change: an [`Action`] enum and a pure reducer.
//!
//! The UI renders `trace.steps[cursor]` and nothing else, so stepping back is `cursor - 1`, never
//! an undo stack. Running the engine here is fine: `run_script` is deterministic and does no IO.
//! Persistence (local storage, URL) lives in `hooks/`, never in the reducer.

use queuelab::examples::{self, Example};
use queuelab::trace::{Diagnostic, Outcome, Step, Trace};
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
    /// Show statement `i` (from the statement list).
    Jump(usize),
    /// Override (`Some`) or restore (`None`) the ring size of a table, keeping the cursor.
    SetRingSize {
        table: String,
        size: Option<i64>,
    },
}

/// How far a statement has got, for the statement list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Pending,
    Ok,
    Error,
}

/// The statement list, and what stopped the script from being split into statements.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outline {
    pub items: Vec<OutlineItem>,
    pub diagnostics: Vec<Diagnostic>,
}

/// One line of the statement list.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineItem {
    /// 1-based line of the statement's start in the editor.
    pub line: u32,
    pub end_line: u32,
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
        };
        s.outline = Rc::new(s.compute_outline());
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
                    s.cursor = s.step_count().checked_sub(1).map(|last| i.min(last));
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
        }
        // The outline depends on these alone; skip the re-parse when none changed.
        let same_inputs = s.text == self.text
            && s.dialect == self.dialect
            && s.cursor == self.cursor
            && match (&s.trace, &self.trace) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            };
        if !same_inputs {
            s.outline = Rc::new(s.compute_outline());
        }
        s
    }

    /// Whether the chosen dialect has a front-end (T-SQL does not yet).
    pub fn can_run(&self) -> bool {
        self.dialect.is_supported()
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

    /// The bundled example whose text is in the editor, untouched.
    pub fn example(&self) -> Option<&'static Example> {
        examples::EXAMPLES.iter().find(|e| e.sql == self.text)
    }

    /// The statement list: from the trace once there is one, else from a parse of the text
    /// (cheap: no SQLite), so the list shows before anything runs.
    fn compute_outline(&self) -> Outline {
        if let Some(t) = &self.trace {
            let items = t
                .steps
                .iter()
                .enumerate()
                .map(|(i, step)| {
                    let progress = match (self.cursor, &step.outcome) {
                        (Some(c), Outcome::Ok(_)) if i <= c => Progress::Ok,
                        (Some(c), Outcome::Error(_)) if i <= c => Progress::Error,
                        _ => Progress::Pending,
                    };
                    item(
                        &step.source,
                        step.span.start.line,
                        step.span.end.line,
                        progress,
                    )
                })
                .collect();
            return Outline {
                items,
                diagnostics: t.diagnostics.clone(),
            };
        }
        // Before a run: a parse only (no SQLite), so the list shows before anything runs.
        let (statements, diagnostics) = queuelab::outline(self.dialect, &self.text);
        let items = statements
            .iter()
            .map(|s| {
                item(
                    &s.source,
                    s.span.start.line,
                    s.span.end.line,
                    Progress::Pending,
                )
            })
            .collect();
        Outline { items, diagnostics }
    }

    fn invalidate(&mut self) {
        self.trace = None;
        self.cursor = None;
    }

    /// Computes the trace if missing; false when the dialect cannot run.
    fn ensure_trace(&mut self) -> bool {
        if !self.can_run() {
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
        if !self.can_run() {
            self.invalidate();
            return;
        }
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

fn item(source: &str, line: u32, end_line: u32, progress: Progress) -> OutlineItem {
    OutlineItem {
        line,
        end_line,
        title: source_lines(source).next().unwrap_or_default(),
        progress,
    }
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

    #[test]
    fn tsql_does_not_run() {
        let s = odku().apply(Action::SetDialect(Dialect::MsSql));
        let s = s.apply(Action::Next).apply(Action::Run);
        assert!(s.trace.is_none());
        assert_eq!(s.cursor, None);
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
