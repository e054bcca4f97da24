//! sqlcmd's output: a result set under a dashed header, `(n rows affected)` unless
//! `SET NOCOUNT ON`, and `Msg n, Level l, State s, Line k` before an error's message.

use super::tsql::interp::Interp;
use crate::dialect::client::{pad, Grid};
use crate::trace::{Outcome, StepError, Success};

/// sqlcmd's prompt: the number of the batch's first line.
pub const PROMPT: &str = "1>";

/// sqlcmd numbers the lines of the batch being typed: `1> `, `2> ` ...; a step is one
/// statement, so each starts again at 1.
pub fn echo(source: &str) -> String {
    source
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{}> {l}", i + 1))
        .collect::<Vec<_>>()
        .join("\n")
}

impl Interp {
    /// What sqlcmd prints for a result of this session, with NOCOUNT as the session has it
    /// now (a result also carries whether NOCOUNT was on as it ran).
    pub fn client_text(&self, outcome: &Outcome) -> String {
        render(outcome, self.nocount)
    }
}

/// sqlcmd's output for one result. `nocount`: NOCOUNT is on now; a result also carries whether it was on as it ran.
pub fn render(outcome: &Outcome, nocount: bool) -> String {
    match outcome {
        Outcome::Ok(s) => success(s, nocount || s.quiet),
        Outcome::Error(e) => error(e),
    }
}

fn success(s: &Success, nocount: bool) -> String {
    let mut out = String::new();
    if let Some(columns) = &s.columns {
        let g = Grid::new(columns, &s.rows, "NULL");
        let line = |cells: &[String], numeric: &[bool]| {
            cells
                .iter()
                .enumerate()
                .map(|(i, c)| pad(c, g.widths[i], numeric.get(i).copied().unwrap_or(false)))
                .collect::<Vec<_>>()
                .join(" ")
                .trim_end()
                .to_string()
        };
        out.push_str(&line(&g.header, &[]));
        out.push('\n');
        out.push_str(
            &g.widths
                .iter()
                .map(|w| "-".repeat((*w).max(1)))
                .collect::<Vec<_>>()
                .join(" "),
        );
        out.push('\n');
        for r in &g.cells {
            out.push_str(&line(r, &g.numeric));
            out.push('\n');
        }
        if !nocount {
            out.push('\n');
            out.push_str(&affected(s.rows.len() as u64));
        }
        return out.trim_end().to_string();
    }
    let mut parts = Vec::new();
    if let Some(info) = &s.info {
        parts.push(info.clone());
    }
    if let (Some(n), false) = (s.affected, nocount) {
        parts.push(affected(n));
    }
    if parts.is_empty() {
        return "Commands completed successfully.".into();
    }
    parts.join("\n")
}

fn affected(n: u64) -> String {
    format!("({n} {} affected)", if n == 1 { "row" } else { "rows" })
}

/// `Msg 2627, Level 14, State 1, Line 3` and the message.
fn error(e: &StepError) -> String {
    let (level, state) = match e.native.as_str() {
        "1205" => (13, 51),
        "2627" | "2601" => (14, 1),
        "102" | "111" | "156" => (15, 1),
        _ => (16, 1),
    };
    let line = e.pos.map(|p| p.line).unwrap_or(1);
    match e.native.parse::<u32>() {
        Ok(n) => format!(
            "Msg {n}, Level {level}, State {state}, Line {line}\n{}",
            e.message
        ),
        Err(_) => e.message.clone(),
    }
}
