//! Cuts a script into statements on top-level semicolons, keeping each one's tokens (for the
//! parser), its text and span (for the editor) and the `-- note:` remarks written above it.

use crate::source::{Pos, Span};
use crate::sql::{lexer, Flavor};
use crate::trace::Diagnostic;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Whitespace};

/// One statement as written.
#[derive(Debug)]
pub struct RawStatement {
    pub text: String,
    pub span: Span,
    pub tokens: Vec<TokenWithSpan>,
    pub remarks: Vec<String>,
}

// The tokens are copied with `Duplicate` (sql/copy/token.rs says why).
impl Clone for RawStatement {
    fn clone(&self) -> Self {
        RawStatement {
            text: self.text.clone(),
            span: self.span,
            tokens: crate::sql::copy_all(&self.tokens),
            remarks: self.remarks.clone(),
        }
    }
}

/// The prefix that turns a comment into a remark shown beside the statement below it.
const REMARK: &str = "note:";

pub fn pos(loc: Location) -> Pos {
    Pos {
        line: loc.line as u32,
        column: loc.column as u32,
    }
}

/// Tokenizes `cleaned` (the user's text after [`crate::source::clean_paste`]) and splits it.
/// `original` is the text as typed, used for each statement's `text`.
pub fn split(
    flavor: Flavor,
    cleaned: &str,
    original: &str,
) -> Result<Vec<RawStatement>, Diagnostic> {
    let tokens = lexer::tokenize(flavor, cleaned).map_err(|e| Diagnostic {
        pos: pos(e.location),
        message: e.message,
        fixed_text: None,
    })?;
    let lines = LineIndex::new(original);
    let mut out = Vec::new();
    let mut current: Vec<TokenWithSpan> = Vec::new();
    let mut remarks = Vec::new();
    for t in tokens {
        match &t.token {
            Token::SemiColon => {
                flush(&mut current, &mut remarks, &lines, &mut out);
            }
            Token::Whitespace(Whitespace::SingleLineComment { comment, .. })
                if current.iter().all(is_trivia) =>
            {
                if let Some(r) = comment.trim().strip_prefix(REMARK) {
                    remarks.push(r.trim().to_string());
                }
                current.push(t);
            }
            _ => current.push(t),
        }
    }
    flush(&mut current, &mut remarks, &lines, &mut out);
    Ok(out)
}

pub fn is_trivia(t: &TokenWithSpan) -> bool {
    matches!(t.token, Token::Whitespace(_))
}

fn flush(
    current: &mut Vec<TokenWithSpan>,
    remarks: &mut Vec<String>,
    lines: &LineIndex,
    out: &mut Vec<RawStatement>,
) {
    let tokens = std::mem::take(current);
    let Some(first) = tokens.iter().find(|t| !is_trivia(t)) else {
        return; // only comments and blanks: remarks carry over to the next statement
    };
    let last = tokens.iter().rev().find(|t| !is_trivia(t)).unwrap_or(first);
    let span = Span {
        start: pos(first.span.start),
        end: pos(last.span.end),
    };
    out.push(RawStatement {
        text: crate::source::strip_prompts(&lines.slice(span.start, span.end)),
        span,
        tokens: tokens.into_iter().filter(|t| !is_trivia(t)).collect(),
        remarks: std::mem::take(remarks),
    });
}

/// Maps 1-based (line, character column) positions to text.
pub struct LineIndex<'a> {
    lines: Vec<&'a str>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        LineIndex {
            lines: text.split('\n').collect(),
        }
    }

    /// Text from `start` (inclusive) to `end` (exclusive), as sqlparser reports token ends.
    pub fn slice(&self, start: Pos, end: Pos) -> String {
        let mut out = String::new();
        for l in start.line..=end.line {
            let Some(line) = self.lines.get(l as usize - 1) else {
                break;
            };
            let from = if l == start.line { start.column } else { 1 };
            let to = if l == end.line { end.column } else { u32::MAX };
            let part: String = line
                .chars()
                .skip(from as usize - 1)
                .take((to.saturating_sub(from)) as usize)
                .collect();
            if l != start.line {
                out.push('\n');
            }
            out.push_str(part.trim_end_matches('\r'));
        }
        out
    }
}

/// Reads the `at Line: L, Column: C` sqlparser appends to its messages.
pub fn parser_error(message: &str) -> (String, Option<Pos>) {
    let Some(at) = message.rfind(" at Line: ") else {
        return (message.to_string(), None);
    };
    let rest = &message[at + " at Line: ".len()..];
    let mut nums = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty());
    let line = nums.next().and_then(|n| n.parse().ok());
    let column = nums.next().and_then(|n| n.parse().ok());
    match (line, column) {
        (Some(line), Some(column)) => (message[..at].to_string(), Some(Pos { line, column })),
        _ => (message.to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(sql: &str) -> Result<Vec<String>, Diagnostic> {
        Ok(split(Flavor::MySql, sql, sql)?
            .into_iter()
            .map(|s| s.text)
            .collect())
    }

    #[test]
    fn splits_on_semicolons_outside_strings() -> Result<(), Diagnostic> {
        assert_eq!(
            texts("select 1;\n  select ';' ;\n")?,
            vec!["select 1", "select ';'"]
        );
        Ok(())
    }

    #[test]
    fn statement_text_spans_lines() -> Result<(), Diagnostic> {
        let s = split(Flavor::MySql, "\n select\n  1 ;", "\n select\n  1 ;")?;
        assert_eq!(s[0].text, "select\n  1");
        assert_eq!(s[0].span.start, Pos { line: 2, column: 2 });
        Ok(())
    }

    #[test]
    fn remarks_attach_to_the_next_statement() -> Result<(), Diagnostic> {
        let s = split(
            Flavor::MySql,
            "-- note: watch slot 0\n-- plain comment\nselect 1;",
            "-- note: watch slot 0\n-- plain comment\nselect 1;",
        )?;
        assert_eq!(s[0].remarks, vec!["watch slot 0"]);
        assert_eq!(s[0].text, "select 1");
        Ok(())
    }

    #[test]
    fn parser_locations_are_read() {
        let (msg, pos) = parser_error("Expected: end, found: x at Line: 3, Column: 7");
        assert_eq!(msg, "Expected: end, found: x");
        assert_eq!(pos, Some(Pos { line: 3, column: 7 }));
    }
}
