//! psql's aligned output: a header centred over each column, `(n rows)`, command tags such as
//! `INSERT 0 1`, and `ERROR:  message`.

use crate::dialect::client::{pad, Grid};
use crate::trace::{Outcome, Success};

/// psql's prompt, connected to the database `postgres` as a superuser.
pub const PROMPT: &str = "postgres=#";

/// psql's output for one result; `verb` is the statement's first keywords.
pub fn render(verb: &str, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok(s) => success(verb, s),
        Outcome::Error(e) => format!("ERROR:  {}", e.message),
    }
}

fn success(verb: &str, s: &Success) -> String {
    // psql prints the server's notices (to stderr) before the result.
    let mut out: String = s.notices.iter().map(|n| format!("{n}\n")).collect();
    if let Some(columns) = &s.columns {
        out.push_str(&aligned(&Grid::new(columns, &s.rows, "")));
        let n = s.rows.len();
        out.push_str(&format!("({n} {})", if n == 1 { "row" } else { "rows" }));
        if !verb.starts_with("SELECT") && !verb.starts_with("WITH") {
            // psql leaves a blank line between the rows of a RETURNING and the command tag.
            out.push_str("\n\n");
            out.push_str(&tag(verb, s));
        }
        return out;
    }
    out.push_str(&tag(verb, s));
    out
}

fn tag(verb: &str, s: &Success) -> String {
    let n = s.affected.unwrap_or(0);
    let first = verb.split(' ').next().unwrap_or("");
    match first {
        "INSERT" => format!("INSERT 0 {n}"),
        "UPDATE" | "DELETE" => format!("{first} {n}"),
        "BEGIN" => "BEGIN".into(),
        "START" => "START TRANSACTION".into(),
        // psql's tags name the command alone: `SAVEPOINT a` is SAVEPOINT, `ROLLBACK TO a`
        // ROLLBACK, `END` COMMIT, `SET LOCAL x = 1` SET (checked with psql).
        // COMMIT of an aborted transaction rolls it back, and the server's tag says so.
        "COMMIT" | "END" if s.rolled_back => "ROLLBACK".into(),
        "COMMIT" | "END" => "COMMIT".into(),
        "ROLLBACK" | "ABORT" => "ROLLBACK".into(),
        "SAVEPOINT" | "RELEASE" | "SET" | "RESET" => first.into(),
        // `TRUNCATE jobs`, `LOCK jobs`: the tag names the command, not the table.
        "TRUNCATE" => "TRUNCATE TABLE".into(),
        "LOCK" => "LOCK TABLE".into(),
        // `PREPARE claim(text) AS ...`, `DEALLOCATE claim`: the command alone; `DEALLOCATE
        // [PREPARE] ALL` says ALL.
        "PREPARE" => "PREPARE".into(),
        "LISTEN" | "UNLISTEN" | "NOTIFY" => first.into(),
        "DEALLOCATE" if verb.ends_with(" ALL") => "DEALLOCATE ALL".into(),
        "DEALLOCATE" => "DEALLOCATE".into(),
        // CREATE UNIQUE INDEX, CREATE INDEX CONCURRENTLY: the tag names the object only.
        "CREATE" if verb.contains("INDEX") || verb.starts_with("CREATE UNIQUE") => {
            "CREATE INDEX".into()
        }
        _ => verb.to_string(),
    }
}

fn aligned(g: &Grid) -> String {
    let header: Vec<String> = g
        .header
        .iter()
        .zip(&g.widths)
        .map(|(h, &w)| {
            let left = (w - h.chars().count()) / 2;
            pad(&format!("{}{h}", " ".repeat(left)), w, false)
        })
        .collect();
    let mut out = format!(" {} \n", header.join(" | "));
    out.push_str(
        &g.widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("+"),
    );
    out.push('\n');
    // psql pads every cell to its column's width but a left-aligned one in the last column,
    // so a line may end in spaces: ` a | ` for a NULL text there, ` a |         ` for a
    // NULL integer (right-aligned: the padding comes first).
    let last = g.widths.len().saturating_sub(1);
    for r in &g.cells {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == last && !g.numeric[i] {
                    c.clone()
                } else {
                    pad(c, g.widths[i], g.numeric[i])
                }
            })
            .collect();
        out.push(' ');
        out.push_str(&cells.join(" | "));
        out.push('\n');
    }
    out
}
