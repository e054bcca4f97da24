//! The lexer: SQL text to sqlparser's tokens, with their line and column, as sqlparser's
//! tokenizer (with unescaping on) reads them for the flavour's dialect: whitespace and
//! comments are tokens too, and every token's span runs from its first character to the
//! position after its last.
//!
//! `scan.rs` holds the token loop and picks the family each token belongs to; `strings.rs`
//! (with `escapes.rs`), `numbers.rs` and `operators.rs` read the families; `copy_data.rs`
//! reads the rows after a `COPY ... FROM STDIN;`; `rules.rs` says what each flavour accepts.
//! The lexer never panics and reads each character a bounded number of times, whatever the
//! input.

mod copy_data;
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

use crate::sql::Flavor;
use copy_data::CopyTracker;
use cursor::Cursor;
pub use keywords::{as_known, debug_quoted, keyword_name, known, token_debug, word};
use rules::Rules;
use scan::Lexer;
use sqlparser::tokenizer::{Location, Span, Token, TokenWithSpan, TokenizerError, Whitespace};

/// Every token of `sql`, whitespace and comments included, each with its span.
pub fn tokenize(flavor: Flavor, sql: &str) -> Result<Vec<TokenWithSpan>, TokenizerError> {
    let rules = Rules(flavor);
    let copies = rules.copy_data();
    let mut lexer = Lexer {
        rules,
        cur: Cursor::new(sql, Location::new(1, 1)),
    };
    let mut tokens: Vec<TokenWithSpan> = Vec::new();
    // Whether the last token that is not whitespace is a word.
    let mut prev_word = false;
    let mut copy = copies.then(CopyTracker::default);
    let mut rest = Vec::new();
    loop {
        let start = lexer.cur.location();
        let Some(token) = lexer.next_token(tokens.last().map(|t| &t.token), prev_word)? else {
            return Ok(tokens);
        };
        let span = Span::new(start, lexer.cur.location());
        if let Some(copy) = &mut copy {
            // The rows of a `COPY ... FROM STDIN;` come before its `;`, the rest of the
            // `;`'s line after it.
            if matches!(token, Token::SemiColon) && copy.captures() {
                if let Some(data) = lexer.copy_data(&mut rest)? {
                    push(&mut tokens, data, &mut prev_word);
                }
            }
            copy.note(&token);
        }
        match token {
            Token::Whitespace(Whitespace::MultiLineComment(text))
                if rules.comment_hints() && text.starts_with('!') =>
            {
                read_hint(rules, &text, start, &mut tokens, &mut prev_word)?;
            }
            token => push(&mut tokens, TokenWithSpan::new(token, span), &mut prev_word),
        }
        for token in rest.drain(..) {
            if let Some(copy) = &mut copy {
                copy.note(&token.token);
            }
            push(&mut tokens, token, &mut prev_word);
        }
    }
}

/// Appends `token`, keeping `prev_word` (whether the last token not whitespace is a word).
fn push(tokens: &mut Vec<TokenWithSpan>, token: TokenWithSpan, prev_word: &mut bool) {
    match token.token {
        Token::Whitespace(_) => {}
        Token::Word(_) => *prev_word = true,
        _ => *prev_word = false,
    }
    tokens.push(token);
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
    prev_word: &mut bool,
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
        let Some(token) = lexer.next_token(tokens.last().map(|t| &t.token), *prev_word)? else {
            return Ok(());
        };
        let span = Span::new(start, lexer.cur.location());
        push(tokens, TokenWithSpan::new(token, span), prev_word);
    }
}
