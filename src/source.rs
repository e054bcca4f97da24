//! What a user pastes, made ready for a tokenizer without moving any character.
//!
//! Articles carry client prompts (`mysql>`, `->`), non-breaking spaces and typographic quotes.
//! Prompts and non-breaking spaces are blanked *in place* (same number of characters), so every
//! line and column a later error reports still points at the text the user sees in the editor.

use serde::{Deserialize, Serialize};

/// A 1-based line and column, counted in characters, in the text the user typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Default)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A range of the user's text, from `start` up to and including `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Span {
    pub start: Pos,
    pub end: Pos,
}

/// The prompts the vendors' command-line clients print before each line of a statement.
const PROMPTS: &[&str] = &[
    "mysql>",
    "MariaDB [(none)]>",
    "->",
    "postgres=#",
    "postgres-#",
];

/// Blanks client prompts at the start of lines and turns non-breaking spaces into spaces.
pub fn clean_paste(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        let prompt = PROMPTS.iter().find(|p| {
            rest.starts_with(*p)
                && rest[p.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| c == ' ' || c == '\t')
        });
        out.push_str(&line[..indent]);
        let body = match prompt {
            Some(p) => {
                out.extend(std::iter::repeat_n(' ', p.chars().count()));
                &rest[p.len()..]
            }
            None => rest,
        };
        out.extend(body.chars().map(|c| if c == '\u{a0}' { ' ' } else { c }));
    }
    out
}

/// Removes client prompts (and the one space after them) from the start of each line: the
/// statement as the user meant it, for transcripts and the statement list.
pub fn strip_prompts(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            let indent = line.len() - line.trim_start().len();
            let rest = &line[indent..];
            PROMPTS
                .iter()
                .find_map(|p| {
                    let after = rest.strip_prefix(p)?;
                    match after.chars().next() {
                        None => Some(after),
                        Some(' ') | Some('\t') => Some(&after[1..]),
                        _ => None,
                    }
                })
                .map(|s| s.to_string())
                .unwrap_or_else(|| line.to_string())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A typographic quote found outside any string literal: SQL only knows straight quotes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurlyQuote {
    pub pos: Pos,
    pub quote: char,
}

/// Finds typographic quotes (‘ ’ “ ”) that stand where SQL expects a straight quote, i.e. outside
/// string literals, quoted identifiers and comments.
pub fn find_curly_quotes(text: &str) -> Vec<CurlyQuote> {
    let mut found = Vec::new();
    let mut in_quote: Option<char> = None;
    let mut in_line_comment = false;
    let mut in_block_comment = false;
    let (mut line, mut column) = (1u32, 0u32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        column += 1;
        if c == '\n' {
            line += 1;
            column = 0;
            in_line_comment = false;
            continue;
        }
        if in_line_comment {
            continue;
        }
        if in_block_comment {
            if c == '*' && chars.peek() == Some(&'/') {
                chars.next();
                column += 1;
                in_block_comment = false;
            }
            continue;
        }
        if let Some(q) = in_quote {
            if c == q {
                in_quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' | '`' => in_quote = Some(c),
            '#' => in_line_comment = true,
            '-' if chars.peek() == Some(&'-') => in_line_comment = true,
            '/' if chars.peek() == Some(&'*') => in_block_comment = true,
            '‘' | '’' | '“' | '”' => found.push(CurlyQuote {
                pos: Pos { line, column },
                quote: c,
            }),
            _ => {}
        }
    }
    found
}

/// The text with every typographic quote outside literals made straight: the fix offered to
/// the user when [`find_curly_quotes`] finds any.
pub fn straighten_quotes(text: &str) -> String {
    let bad = find_curly_quotes(text);
    let mut out = String::with_capacity(text.len());
    let (mut line, mut column) = (1u32, 0u32);
    for c in text.chars() {
        column += 1;
        if c == '\n' {
            line += 1;
            column = 0;
        }
        let here = Pos { line, column };
        if bad.iter().any(|q| q.pos == here) {
            out.push(if matches!(c, '‘' | '’') {
                '\''
            } else {
                '"'
            });
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads a `-- dialect: NAME` or `# dialect: NAME` first line.
pub fn dialect_header(text: &str) -> Option<&str> {
    let first = text.lines().find(|l| !l.trim().is_empty())?.trim();
    let rest = first
        .strip_prefix("--")
        .or_else(|| first.strip_prefix('#'))?
        .trim_start();
    let name = rest.strip_prefix("dialect:")?.trim();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_are_blanked_in_place() {
        let pasted = "mysql> SELECT 1\n    -> FROM q;";
        let clean = clean_paste(pasted);
        assert_eq!(clean, "       SELECT 1\n       FROM q;");
        assert_eq!(clean.chars().count(), pasted.chars().count());
    }

    #[test]
    fn prompts_are_stripped_for_display() {
        assert_eq!(
            strip_prompts("SELECT\n-> 1\n  -> FROM q"),
            "SELECT\n1\nFROM q"
        );
        assert_eq!(strip_prompts("a -> b"), "a -> b");
    }

    #[test]
    fn arrows_inside_sql_stay() {
        assert_eq!(clean_paste("SELECT a -> b"), "SELECT a -> b");
        assert_eq!(clean_paste("->x"), "->x");
    }

    #[test]
    fn non_breaking_spaces_become_spaces() {
        assert_eq!(clean_paste("SELECT\u{a0}1"), "SELECT 1");
    }

    #[test]
    fn curly_quotes_outside_literals_are_found_with_positions() {
        let q = find_curly_quotes("SELECT food\nWHERE kind=’f’ AND x='it’s'");
        assert_eq!(q.len(), 2);
        assert_eq!(
            q[0].pos,
            Pos {
                line: 2,
                column: 12
            }
        );
        assert_eq!(
            q[1].pos,
            Pos {
                line: 2,
                column: 14
            }
        );
    }

    #[test]
    fn straightening_fixes_only_the_bad_quotes() {
        assert_eq!(
            straighten_quotes("kind=’f’ AND x='it’s'"),
            "kind='f' AND x='it’s'"
        );
    }

    #[test]
    fn dialect_header_is_read_from_first_line() {
        assert_eq!(dialect_header("-- dialect: mysql\nSELECT 1"), Some("mysql"));
        assert_eq!(dialect_header("# dialect: postgres\n"), Some("postgres"));
        assert_eq!(dialect_header("SELECT 1"), None);
    }
}
