//! A one-session run as a client session: each statement echoed after the prompt, then what
//! the client prints. Remarks (`-- note:`) come first, as the lesson's voice.

use crate::dialect::Dialect;
use crate::trace::Trace;

/// The client's prompt.
pub fn prompt(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Postgres => "postgres=#",
        Dialect::MsSql => "1>",
        Dialect::MySql => "mysql>",
    }
}

/// A statement echoed as the client shows it while it is typed: the prompt, then `->` before
/// each continuation line, and the closing `;`.
pub fn echo(dialect: Dialect, source: &str) -> String {
    if dialect == Dialect::MsSql {
        return sqlcmd_echo(source);
    }
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

/// sqlcmd numbers the lines of the batch being typed: `1> `, `2> ` ...; a step is one
/// statement, so each starts again at 1.
fn sqlcmd_echo(source: &str) -> String {
    source
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{}> {l}", i + 1))
        .collect::<Vec<_>>()
        .join("\n")
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

/// A spec run in isolationtester's layout: `starting permutation:`, `step NAME: SQL`, the
/// result, `<waiting ...>`, `step NAME: <... completed>`.
pub fn spec_text(
    dialect: Dialect,
    spec: &crate::scenario::spec::Spec,
    runs: &[crate::trace::PermutationRun],
) -> String {
    use crate::trace::EventKind;
    let mut out = String::new();
    for run in runs {
        out.push_str(&format!(
            "\nstarting permutation: {}\n",
            run.steps.join(" ")
        ));
        for e in &run.events {
            let sql = spec
                .step(&e.step)
                .map(|(_, s)| s.sql.sql.clone())
                .unwrap_or_default();
            match e.kind {
                EventKind::Waiting => {
                    out.push_str(&format!("step {}: {sql} <waiting ...>\n", e.step))
                }
                EventKind::Completed => {
                    out.push_str(&format!("step {}: <... completed>\n", e.step))
                }
                EventKind::InvalidPermutation => out.push_str(&format!(
                    "step {}: invalid permutation detected (its session is still waiting)\n",
                    e.step
                )),
                EventKind::StillWaiting => {
                    out.push_str(&format!("step {}: still waiting at the end\n", e.step))
                }
                EventKind::Ok | EventKind::Error => {
                    out.push_str(&format!("step {}: {sql}\n", e.step))
                }
            }
            if let Some(o) = &e.outcome {
                let text = crate::render::client_text(dialect, &sql, o);
                let quiet = matches!(o, crate::trace::Outcome::Ok(s) if s.columns.is_none());
                if !quiet {
                    out.push_str(&text);
                    if !text.ends_with('\n') {
                        out.push('\n');
                    }
                }
            }
        }
    }
    out
}
