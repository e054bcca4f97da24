//! What the vendors' command-line clients print, asked through [`Dialect`]. Each client lives
//! with its vendor (`mysql/client.rs`, `postgres/client.rs`, `mssql/client.rs`); the result
//! grid and the padding they share are here.

use super::{mssql, mysql, postgres, Dialect};
use crate::trace::{Outcome, Value};

impl Dialect {
    /// What the vendor's command-line client prints for one statement: mysql's boxed tables
    /// and `Query OK`, psql's aligned output and command tags, sqlcmd's dashed header and
    /// `Msg` lines.
    pub fn client_text(self, source: &str, outcome: &Outcome) -> String {
        let verb = first_words(source);
        match self {
            Dialect::Postgres => postgres::client::render(&verb, outcome),
            Dialect::MsSql => mssql::client::render(outcome, false),
            Dialect::MySql => mysql::client::render(&verb, outcome),
        }
    }

    /// Whether the spec's text transcript shows the sessions' teardowns (isolationtester
    /// prints their notices, rows and failures; the other vendors have no such tool).
    pub fn transcript_shows_teardowns(self) -> bool {
        self == Dialect::Postgres
    }

    /// The first line of a spec's text transcript: PostgreSQL's isolationtester names the
    /// sessions; the other vendors have no such tool, and their transcripts start with the
    /// first permutation.
    pub fn spec_header(self, sessions: usize) -> String {
        match self {
            Dialect::Postgres => postgres::isolation::header(sessions),
            Dialect::MySql | Dialect::MsSql => String::new(),
        }
    }

    /// What a spec's text transcript prints after `step NAME: ...`: isolationtester's own
    /// layout for PostgreSQL (byte for byte, checked against it), the client's text for the
    /// others, nothing for a statement that returned no rows and succeeded.
    pub fn spec_result(self, source: &str, outcome: &Outcome) -> String {
        if self == Dialect::Postgres {
            return postgres::isolation::result(outcome);
        }
        if matches!(outcome, Outcome::Ok(s) if s.columns.is_none()) {
            return String::new();
        }
        let mut text = self.client_text(source, outcome);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text
    }

    /// The client's prompt: `mysql>`, psql's `postgres=#`, sqlcmd's `1>`.
    pub fn prompt(self) -> &'static str {
        match self {
            Dialect::Postgres => postgres::client::PROMPT,
            Dialect::MsSql => mssql::client::PROMPT,
            Dialect::MySql => mysql::client::PROMPT,
        }
    }

    /// Whether the client reports a statement that returns no rows and no count only at the
    /// end of its batch (sqlcmd's "Commands completed successfully."), so a step stopped
    /// partway shows nothing for it; mysql and psql answer each statement.
    pub fn reports_success_at_batch_end(self) -> bool {
        self == Dialect::MsSql
    }

    /// A statement echoed as the client shows it while it is typed: mysql and psql print the
    /// prompt, `->` before each continuation line and the closing `;`; sqlcmd numbers the
    /// lines.
    pub fn echo(self, source: &str) -> String {
        match self {
            Dialect::MsSql => mssql::client::echo(source),
            Dialect::MySql | Dialect::Postgres => continued(self.prompt(), source),
        }
    }
}

/// `source` after `prompt`, each continuation line after `->` under the prompt's end, and the
/// closing `;`.
fn continued(prompt: &str, source: &str) -> String {
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

/// The statement's leading keywords, upper-cased (`INSERT`, `CREATE TABLE`, ...).
fn first_words(source: &str) -> String {
    let words: Vec<String> = source
        .split_whitespace()
        .filter(|w| !matches!(*w, "mysql>" | "->"))
        .map(|w| w.trim_end_matches(';').to_ascii_uppercase())
        .collect();
    if words.first().is_some_and(|w| w == "WITH") {
        if let Some(verb) = after_with(source) {
            return verb.into();
        }
    }
    // `DEALLOCATE PREPARE ALL`: the third word decides psql's tag.
    let n = if words.starts_with(&["DEALLOCATE".into(), "PREPARE".into()]) {
        3
    } else {
        2
    };
    words.into_iter().take(n).collect::<Vec<_>>().join(" ")
}

/// The statement a `WITH ...` prefix leads to: the first of SELECT, INSERT, UPDATE, DELETE
/// outside the CTEs' parentheses and quotes (the clients name a statement by it).
fn after_with(source: &str) -> Option<&'static str> {
    let mut depth = 0i32;
    let mut quoted: Option<char> = None;
    let mut word = String::new();
    for c in source.chars().chain(std::iter::once(' ')) {
        if let Some(q) = quoted {
            if c == q {
                quoted = None;
            }
            continue;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c.to_ascii_uppercase());
            continue;
        }
        if depth == 0 {
            let verb = match word.as_str() {
                "SELECT" => Some("SELECT"),
                "INSERT" => Some("INSERT"),
                "UPDATE" => Some("UPDATE"),
                "DELETE" => Some("DELETE"),
                _ => None,
            };
            if verb.is_some() {
                return verb;
            }
        }
        word.clear();
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '\'' | '"' => quoted = Some(c),
            _ => {}
        }
    }
    None
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
