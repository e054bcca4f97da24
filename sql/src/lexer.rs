//! The lexer: SQL text to sqlparser's tokens, with their line and column, as sqlparser's
//! tokenizer (with unescaping on) reads them for the flavour's dialect: whitespace and
//! comments are tokens too, and every token's span runs from its first character to the
//! position after its last.
//!
//! `scan.rs` holds the token loop and picks the family each token belongs to; `strings.rs`
//! (with `escapes.rs`), `numbers.rs` and `operators.rs` read the families; `rules.rs` says
//! what each flavour accepts. The lexer never panics and reads each character a bounded
//! number of times, whatever the input.

mod cursor;
mod escapes;
mod keywords;
mod numbers;
mod operators;
mod rules;
mod scan;
mod strings;
#[cfg(test)]
mod tests;

use crate::Flavor;
use cursor::Cursor;
pub use keywords::{as_known, keyword_name, known, token_debug, word};
use rules::Rules;
use scan::Lexer;
use sqlparser::tokenizer::{Location, Span, Token, TokenWithSpan, TokenizerError, Whitespace};

/// Every token of `sql`, whitespace and comments included, each with its span.
pub fn tokenize(flavor: Flavor, sql: &str) -> Result<Vec<TokenWithSpan>, TokenizerError> {
    let rules = Rules(flavor);
    let mut lexer = Lexer {
        rules,
        cur: Cursor::new(sql, Location::new(1, 1)),
    };
    let mut tokens: Vec<TokenWithSpan> = Vec::new();
    loop {
        let start = lexer.cur.location();
        let Some(token) = lexer.next_token(tokens.last().map(|t| &t.token))? else {
            return Ok(tokens);
        };
        let span = Span::new(start, lexer.cur.location());
        match token {
            Token::Whitespace(Whitespace::MultiLineComment(text))
                if rules.comment_hints() && text.starts_with('!') =>
            {
                read_hint(rules, &text, start, &mut tokens)?;
            }
            token => tokens.push(TokenWithSpan::new(token, span)),
        }
    }
}

/// MySQL's `/*!50110 KEY_BLOCK_SIZE = 1024 */`: the comment's text (`text`, starting with
/// its '!'), less the version number, is read as SQL in place of the comment.
///
/// As sqlparser does, the hint's tokens are placed as if its text began where the comment
/// began (`at`), and comments inside are kept as comments, never read as hints.
fn read_hint(
    rules: Rules,
    text: &str,
    at: Location,
    tokens: &mut Vec<TokenWithSpan>,
) -> Result<(), TokenizerError> {
    let hint = text
        .strip_prefix('!')
        .unwrap_or(text)
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let mut lexer = Lexer {
        rules,
        cur: Cursor::new(hint, at),
    };
    loop {
        let start = lexer.cur.location();
        let Some(token) = lexer.next_token(tokens.last().map(|t| &t.token))? else {
            return Ok(());
        };
        let span = Span::new(start, lexer.cur.location());
        tokens.push(TokenWithSpan::new(token, span));
    }
}
