//! A one-session run as a client session: each statement echoed after the prompt, then what
//! the client prints. Remarks (`-- note:`) come first, as the lesson's voice.

use crate::dialect::Dialect;
use crate::trace::Trace;

/// The client's prompt.
pub fn prompt(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Postgres => "postgres=#",
        _ => "mysql>",
    }
}

/// A statement echoed as the client shows it while it is typed: the prompt, then `->` before
/// each continuation line, and the closing `;`.
pub fn echo(dialect: Dialect, source: &str) -> String {
    let prompt = prompt(dialect);
    let mut out = String::new();
    for (i, l) in source.lines().enumerate() {
        if i == 0 {
            out.push_str(&format!("{prompt} {l}"));
        } else {
            out.push_str(&format!("\n{:>width$} {l}", "->", width = prompt.len()));
        }
    }
    out.push(';');
    out
}

pub fn text(trace: &Trace) -> String {
    let mut out = String::new();
    for s in &trace.steps {
        for r in &s.remarks {
            out.push_str(&format!("-- note: {r}\n"));
        }
        out.push_str(&echo(trace.dialect, &s.source));
        out.push('\n');
        out.push_str(&s.client_text);
        if !s.client_text.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
    out
}
