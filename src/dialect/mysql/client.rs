//! The mysql command-line client's output: boxed tables, `Query OK, n rows affected`, the
//! info line, and `ERROR nnnn (SQLSTATE): message`. Timings are left out: runs are
//! deterministic.

use crate::dialect::client::{pad, Grid};
use crate::trace::{Outcome, StepError, Success};

/// The mysql client's prompt.
pub const PROMPT: &str = "mysql>";

/// The mysql client's output for one result; `verb` is the statement's first keywords.
pub fn render(verb: &str, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok(s) => success(verb, s),
        Outcome::Error(e) => error_line(e),
    }
}

fn success(verb: &str, s: &Success) -> String {
    if let Some(columns) = &s.columns {
        if s.rows.is_empty() {
            return "Empty set".into();
        }
        let n = s.rows.len();
        return format!(
            "{}{} in set",
            boxed(&Grid::new(columns, &s.rows, "NULL")),
            plural(n as u64, "row")
        );
    }
    if verb.starts_with("USE") {
        return "Database changed".into();
    }
    let mut out = format!(
        "Query OK, {} affected",
        plural(s.affected.unwrap_or(0), "row")
    );
    if s.warnings > 0 {
        out.push_str(&format!(", {}", plural(s.warnings, "warning")));
    }
    // ALTER TABLE and CREATE [UNIQUE] INDEX (an ALTER TABLE to the server) report records.
    let altered = verb.starts_with("ALTER")
        || verb.starts_with("CREATE INDEX")
        || verb.starts_with("CREATE UNIQUE");
    let info = match (&s.info, altered) {
        (Some(i), _) => Some(i.clone()),
        (None, true) => Some("Records: 0  Duplicates: 0  Warnings: 0".to_string()),
        _ => None,
    };
    if let Some(info) = info {
        out.push('\n');
        out.push_str(&info);
    }
    out
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A table drawn with `+---+` borders, as `mysql` prints to a terminal.
pub fn boxed(g: &Grid) -> String {
    let rule: String = g
        .widths
        .iter()
        .map(|w| format!("+{}", "-".repeat(w + 2)))
        .collect::<String>()
        + "+\n";
    let line = |cells: &[String], numeric: &[bool]| {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| format!("| {} ", pad(c, g.widths[i], numeric[i])))
            .collect::<String>()
            + "|\n"
    };
    let mut out = rule.clone();
    out.push_str(&line(&g.header, &vec![false; g.header.len()]));
    out.push_str(&rule);
    for r in &g.cells {
        out.push_str(&line(r, &g.numeric));
    }
    out.push_str(&rule);
    out
}

/// `ERROR 1062 (23000): Duplicate entry '0' for key 'modulo'`.
pub fn error_line(e: &StepError) -> String {
    format!(
        "ERROR {} ({}): {}",
        e.native,
        sqlstate(&e.native),
        e.message
    )
}

/// The SQLSTATE the server sends with each error number.
fn sqlstate(code: &str) -> &'static str {
    match code {
        "1062" | "1048" | "4025" | "1052" => "23000",
        "1136" => "21S01",
        "1064" | "1061" | "1072" | "1049" => "42000",
        "1146" | "1051" => "42S02",
        "1054" => "42S22",
        "1050" => "42S01",
        "1060" => "42S21",
        "1213" => "40001",
        "1317" => "70100",
        "1365" => "22012",
        "1264" | "1690" => "22003",
        "1406" => "22001",
        "1366" => "22007",
        "1265" => "01000",
        _ => "HY000",
    }
}
