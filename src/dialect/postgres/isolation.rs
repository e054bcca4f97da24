//! What PostgreSQL's isolationtester prints for a step's result, so that a spec's text
//! transcript is its output byte for byte: result sets in libpq's `PQprint` layout (columns
//! joined by `|`, widths in bytes, a column of numbers right-aligned, header included),
//! `(N rows)` and a blank line; nothing for a command; the error's primary message only.
//! The rules were read off the real isolationtester of PostgreSQL 15.

use crate::trace::{Outcome, Value};

/// The first line of every transcript (isolationtester says "sessions" for one too).
pub fn header(sessions: usize) -> String {
    format!("Parsed test spec with {sessions} sessions\n")
}

/// What isolationtester prints after `step NAME: ...` for `outcome`.
pub fn result(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok(s) => match &s.columns {
            Some(columns) => table(columns, &s.rows),
            None => String::new(),
        },
        Outcome::Error(e) => format!("ERROR:  {}\n", e.message),
    }
}

fn table(columns: &[String], rows: &[Vec<Value>]) -> String {
    // NULL and the empty string both print as blanks.
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|v| v.text().unwrap_or_default()).collect())
        .collect();
    let widths: Vec<usize> = (0..columns.len())
        .map(|i| {
            cells
                .iter()
                .filter_map(|r| r.get(i))
                .map(String::len)
                .chain([columns[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let numeric: Vec<bool> = (0..columns.len())
        .map(|i| {
            cells
                .iter()
                .filter_map(|r| r.get(i))
                .all(|c| looks_numeric(c))
        })
        .collect();
    let line = |texts: Vec<&str>| -> String {
        let parts: Vec<String> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| pad_bytes(t, widths[i], numeric[i]))
            .collect();
        parts.join("|") + "\n"
    };
    let mut out = line(columns.iter().map(String::as_str).collect());
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&(rule.join("+") + "\n"));
    for r in &cells {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    let n = rows.len();
    out.push_str(&format!(
        "({n} {})\n\n",
        if n == 1 { "row" } else { "rows" }
    ));
    out
}

/// Whether libpq takes a value for a number: digits, `.`, `-`, `e`, `E` and spaces only (so
/// `1e5` and `-3` are numbers, `+1` and `t` are not). An empty value does not decide.
fn looks_numeric(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'e' | b'E' | b' '))
}

/// `s` padded with spaces to `width` bytes, on the left when `right` is set.
fn pad_bytes(s: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(s.len()));
    if right {
        format!("{fill}{s}")
    } else {
        format!("{s}{fill}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Success;

    fn ok(columns: &[&str], rows: Vec<Vec<Value>>) -> Outcome {
        Outcome::Ok(Success {
            columns: Some(columns.iter().map(|c| c.to_string()).collect()),
            rows,
            ..Success::default()
        })
    }

    #[test]
    fn tables_are_laid_out_as_isolationtester_prints_them() {
        // As PostgreSQL 15's isolationtester printed `SELECT * FROM t ORDER BY id`.
        let out = result(&ok(
            &["id", "name", "amount", "flag"],
            vec![
                vec![
                    Value::Int(-4),
                    Value::Text("a|b c".into()),
                    Value::Text("1000".into()),
                    Value::Text("t".into()),
                ],
                vec![
                    Value::Int(1),
                    Value::Text("apples".into()),
                    Value::Text("2.5".into()),
                    Value::Text("t".into()),
                ],
                vec![
                    Value::Int(22),
                    Value::Null,
                    Value::Text("-3".into()),
                    Value::Text("f".into()),
                ],
                vec![
                    Value::Int(333),
                    Value::Text(String::new()),
                    Value::Null,
                    Value::Null,
                ],
            ],
        ));
        assert_eq!(
            out,
            " id|name  |amount|flag\n---+------+------+----\n -4|a|b c |  1000|t   \n  1|apples|   2.5|t   \n 22|      |    -3|f   \n333|      |      |    \n(4 rows)\n\n"
        );
        let out = result(&ok(&["id"], vec![]));
        assert_eq!(out, "id\n--\n(0 rows)\n\n");
        // Widths count bytes; `+1` is not a number, `1e5` is.
        let out = result(&ok(
            &["p", "e", "acc"],
            vec![vec![
                Value::Text("+1".into()),
                Value::Text("1e5".into()),
                Value::Text("é".into()),
            ]],
        ));
        assert_eq!(out, "p |  e|acc\n--+---+---\n+1|1e5|é \n(1 row)\n\n");
    }
}
