//! `GO` lines cut a T-SQL script into batches, as sqlcmd and SSMS do: `GO` alone on its line
//! (any case), optionally with a repeat count, outside strings and comments.

use crate::sql::Duplicate;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

/// One batch: its tokens (whitespace and comments dropped) and how many times `GO` runs it.
#[derive(Debug, Clone)]
pub struct BatchTokens {
    pub tokens: Vec<TokenWithSpan>,
    pub repeat: u32,
}

/// Cuts `tokens` (a whole script, trivia included) on `GO` lines.
pub fn split_batches(tokens: Vec<TokenWithSpan>) -> Vec<BatchTokens> {
    // Group tokens by line to find lines holding only `GO [n]`.
    let mut out = Vec::new();
    let mut current: Vec<TokenWithSpan> = Vec::new();
    let mut line: Vec<TokenWithSpan> = Vec::new();
    let flush_line = |line: &mut Vec<TokenWithSpan>,
                      current: &mut Vec<TokenWithSpan>,
                      out: &mut Vec<BatchTokens>| {
        let words: Vec<&TokenWithSpan> = line.iter().filter(|t| !is_trivia(&t.token)).collect();
        let go = match words.as_slice() {
            [w] if is_go(&w.token) => Some(1),
            [w, n] if is_go(&w.token) => match &n.token {
                Token::Number(s, _) => s.parse().ok(),
                _ => None,
            },
            _ => None,
        };
        match go {
            Some(repeat) => out.push(BatchTokens {
                tokens: std::mem::take(current),
                repeat,
            }),
            None => current.extend(
                line.iter()
                    .filter(|t| !is_trivia(&t.token))
                    .map(Duplicate::copy_of),
            ),
        }
        line.clear();
    };
    for t in tokens {
        let newline = matches!(t.token, Token::Whitespace(Whitespace::Newline))
            || matches!(
                &t.token,
                Token::Whitespace(Whitespace::SingleLineComment { .. })
            );
        line.push(t);
        if newline {
            flush_line(&mut line, &mut current, &mut out);
        }
    }
    flush_line(&mut line, &mut current, &mut out);
    out.push(BatchTokens {
        tokens: current,
        repeat: 1,
    });
    out.retain(|b| !b.tokens.is_empty());
    out
}

fn is_trivia(t: &Token) -> bool {
    matches!(t, Token::Whitespace(_))
}

fn is_go(t: &Token) -> bool {
    matches!(t, Token::Word(w) if w.quote_style.is_none() && w.value.eq_ignore_ascii_case("go"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::{lexer, Flavor};
    use sqlparser::tokenizer::TokenizerError;

    fn batches(sql: &str) -> Result<Vec<(usize, u32)>, TokenizerError> {
        Ok(split_batches(lexer::tokenize(Flavor::MsSql, sql)?)
            .iter()
            .map(|b| (b.tokens.len(), b.repeat))
            .collect())
    }

    #[test]
    fn go_lines_cut_batches_in_any_case_with_a_count() -> Result<(), TokenizerError> {
        assert_eq!(
            batches("select 1\ngo\nselect 2\n  GO 3\nselect 3")?,
            vec![(2, 1), (2, 3), (2, 1)]
        );
        Ok(())
    }

    #[test]
    fn go_inside_a_line_or_a_string_is_not_a_separator() -> Result<(), TokenizerError> {
        assert_eq!(batches("select 'go'\nselect go_time from t")?, vec![(6, 1)]);
        Ok(())
    }
}
