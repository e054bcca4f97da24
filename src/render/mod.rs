//! Turning outcomes into text: the vendors' client output and the JSON lines of
//! `spec-format.md`. Pure functions of the trace.

pub mod jsonl;
pub mod mysql;
pub mod psql;
pub mod sqlcmd;
pub mod transcript;

use crate::dialect::Dialect;
use crate::trace::{Outcome, Value};

/// What the vendor's command-line client prints for one statement.
pub fn client_text(dialect: Dialect, source: &str, outcome: &Outcome) -> String {
    let verb = first_words(source);
    match dialect {
        Dialect::Postgres => psql::render(&verb, outcome),
        Dialect::MsSql => sqlcmd::render(outcome, false),
        Dialect::MySql => mysql::render(&verb, outcome),
    }
}

/// The statement's leading keywords, upper-cased (`INSERT`, `CREATE TABLE`, ...).
fn first_words(source: &str) -> String {
    source
        .split_whitespace()
        .filter(|w| !matches!(*w, "mysql>" | "->"))
        .take(2)
        .map(|w| w.trim_end_matches(';').to_ascii_uppercase())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A result set laid out for a fixed-width font: each cell's text, and per column its width
/// and whether it holds numbers (right-aligned by both clients).
pub struct Grid {
    pub header: Vec<String>,
    pub cells: Vec<Vec<String>>,
    pub widths: Vec<usize>,
    pub numeric: Vec<bool>,
}

impl Grid {
    pub fn new(columns: &[String], rows: &[Vec<Value>], null: &str) -> Grid {
        let cells: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| v.text().unwrap_or_else(|| null.into()))
                    .collect()
            })
            .collect();
        let widths = (0..columns.len())
            .map(|i| {
                cells
                    .iter()
                    .map(|r| r.get(i).map_or(0, |c| c.chars().count()))
                    .chain(std::iter::once(columns[i].chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let numeric = (0..columns.len())
            .map(|i| {
                let mut vals = rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .filter(|v| **v != Value::Null);
                let first = vals.next();
                first.is_some_and(|v| v.is_numeric()) && vals.all(|v| v.is_numeric())
            })
            .collect();
        Grid {
            header: columns.to_vec(),
            cells,
            widths,
            numeric,
        }
    }
}

/// Pads `s` to `width` characters, on the left when `right` is set.
pub fn pad(s: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(s.chars().count()));
    if right {
        format!("{fill}{s}")
    } else {
        format!("{s}{fill}")
    }
}
