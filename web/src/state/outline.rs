//! The statement list of a one-session script: the statements as written, which run step
//! belongs to which statement, and how far each has got. A parse only, no SQLite.

use queuelab::source::{Pos, Span};
use queuelab::trace::{Diagnostic, Outcome, Step};
use queuelab::Dialect;

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

/// The statements as written and what stopped the text from being read: a parse only, no
/// SQLite, so the list shows before anything runs.
pub fn parse_outline(dialect: Dialect, text: &str) -> Outline {
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
pub fn owners(items: &[OutlineItem], steps: &[Step]) -> Vec<Option<usize>> {
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
pub fn progress(
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
