//! `#! expect` lines: what must hold in every schedule of a spec (`spec-format.md`, section
//! "Checks"). They are comments to PostgreSQL's isolationtester, so a spec with checks still
//! runs there. This file reads them; the explorer judges them.

use crate::source::Pos;
use crate::trace::Diagnostic;
use serde::Serialize;

/// One `#! expect` line as written, where it starts, and what it asks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExpectLine {
    /// The text after `#! expect `: how reports name the check.
    pub text: String,
    pub pos: Pos,
    pub check: Expect,
}

/// What a check asks of every schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Expect {
    /// No first-column value is returned twice by these steps' committed results: no
    /// double delivery.
    UniqueResults { steps: Vec<String> },
    /// The first-column values these steps return, in the order the steps finished, never
    /// decrease: FIFO delivery.
    OrderedResults { steps: Vec<String> },
    /// No step ends in an error.
    NoError,
    /// No step ends in a deadlock error.
    NoDeadlock,
    /// No step waits for a lock.
    NoWait,
    /// After the last step, `query` run in a fresh autocommit session returns one row whose
    /// first column is true.
    Sql { name: String, query: String },
}

/// The built-in checks, as written after `#! expect`.
pub const BUILT_INS: [&str; 5] = [
    "unique-results",
    "ordered-results",
    "no-error",
    "no-deadlock",
    "no-wait",
];

/// Reads the text after `#! expect` (`pos`: where that text starts).
pub fn parse_expect(text: &str, pos: Pos) -> Result<ExpectLine, Diagnostic> {
    let text = text.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    let steps = || {
        rest.split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let needs_steps = |kind: &str, steps: Vec<String>| {
        if steps.len() < 2 {
            Err(at(
                pos,
                format!("`#! expect {kind}` compares the results of two or more steps: name them, e.g. `#! expect {kind} c1pop c2pop`"),
            ))
        } else {
            Ok(steps)
        }
    };
    let no_args = |check: Expect| {
        if rest.is_empty() {
            Ok(check)
        } else {
            Err(at(
                pos,
                format!("`#! expect {word}` takes nothing after it, found `{rest}`"),
            ))
        }
    };
    let check = match word {
        "unique-results" => Expect::UniqueResults {
            steps: needs_steps(word, steps())?,
        },
        "ordered-results" => Expect::OrderedResults {
            steps: needs_steps(word, steps())?,
        },
        "no-error" => no_args(Expect::NoError)?,
        "no-deadlock" => no_args(Expect::NoDeadlock)?,
        "no-wait" => no_args(Expect::NoWait)?,
        "sql" => sql_check(rest, pos)?,
        "" => {
            return Err(at(
                pos,
                format!(
                    "`#! expect` needs a check: one of {}, or `sql NAME: SELECT ...`",
                    crate::join::join(&BUILT_INS, ", ")
                ),
            ))
        }
        other => {
            return Err(at(
                pos,
                format!(
                    "unknown check `{other}`: expected one of {}, or `sql NAME: SELECT ...`",
                    crate::join::join(&BUILT_INS, ", ")
                ),
            ))
        }
    };
    Ok(ExpectLine {
        text: text.to_string(),
        pos,
        check,
    })
}

fn sql_check(rest: &str, pos: Pos) -> Result<Expect, Diagnostic> {
    let Some((name, query)) = rest.split_once(':') else {
        return Err(at(
            pos,
            "`#! expect sql` needs a name and a query: `#! expect sql NAME: SELECT ...`".into(),
        ));
    };
    let name = name.trim();
    let query = query.trim();
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(at(
            pos,
            format!("`#! expect sql` needs a one-word name before the `:`, found `{name}`"),
        ));
    }
    if query.is_empty() {
        return Err(at(
            pos,
            format!("`#! expect sql {name}:` has no query after the `:`"),
        ));
    }
    Ok(Expect::Sql {
        name: name.to_string(),
        query: query.to_string(),
    })
}

impl Expect {
    /// The steps a check reads, to be checked against the spec's step names.
    pub fn steps(&self) -> &[String] {
        match self {
            Expect::UniqueResults { steps } | Expect::OrderedResults { steps } => steps,
            _ => &[],
        }
    }
}

fn at(pos: Pos, message: String) -> Diagnostic {
    Diagnostic {
        pos,
        message,
        fixed_text: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Expect, String> {
        parse_expect(
            text,
            Pos {
                line: 3,
                column: 11,
            },
        )
        .map(|l| l.check)
        .map_err(|d| d.message)
    }

    #[test]
    fn reads_every_check_of_the_contract() {
        assert_eq!(
            read("unique-results c1pop c2pop c3pop"),
            Ok(Expect::UniqueResults {
                steps: vec!["c1pop".into(), "c2pop".into(), "c3pop".into()]
            })
        );
        assert_eq!(
            read("ordered-results c1pop  c2pop"),
            Ok(Expect::OrderedResults {
                steps: vec!["c1pop".into(), "c2pop".into()]
            })
        );
        assert_eq!(read("no-error"), Ok(Expect::NoError));
        assert_eq!(read("no-deadlock "), Ok(Expect::NoDeadlock));
        assert_eq!(read("no-wait"), Ok(Expect::NoWait));
        assert_eq!(
            read("sql ring_bound: SELECT count(*) <= 5 FROM q"),
            Ok(Expect::Sql {
                name: "ring_bound".into(),
                query: "SELECT count(*) <= 5 FROM q".into()
            })
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert!(read("unique-result c1 c2")
            .unwrap_err()
            .contains("unknown check `unique-result`"));
        assert!(read("unique-results c1")
            .unwrap_err()
            .contains("two or more steps"));
        assert!(read("no-error c1")
            .unwrap_err()
            .contains("takes nothing after it"));
        assert!(read("sql SELECT 1")
            .unwrap_err()
            .contains("a name and a query"));
        assert!(read("sql two words: SELECT 1")
            .unwrap_err()
            .contains("one-word name"));
        assert!(read("sql empty:").unwrap_err().contains("no query"));
        assert!(read("").unwrap_err().contains("needs a check"));
    }

    #[test]
    fn a_line_keeps_its_text_and_position() -> Result<(), Diagnostic> {
        let l = parse_expect(
            " no-wait ",
            Pos {
                line: 7,
                column: 11,
            },
        )?;
        assert_eq!(l.text, "no-wait");
        assert_eq!(
            l.pos,
            Pos {
                line: 7,
                column: 11
            }
        );
        Ok(())
    }
}
