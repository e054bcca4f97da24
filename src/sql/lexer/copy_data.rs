//! PostgreSQL's `COPY ... FROM STDIN;` followed by its rows, which sqlparser's tokenizer
//! (PostgreSQL's and the generic dialect's) reads raw: after the statement's `;` and the rest
//! of its line, the lines up to one holding only `\.` become one `CopyData` token, placed
//! before the `;`.

use super::scan::{Lexed, Lexer};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Span, Token, TokenWithSpan, Whitespace};

/// Whether the statement being read is a `COPY ... FROM STDIN` (sqlparser's
/// `CopyStatementTracker`): its first token COPY, and STDIN right after a FROM outside
/// parentheses.
#[derive(Default)]
pub(super) struct CopyTracker {
    first_seen: bool,
    copy: bool,
    after_from: bool,
    stdin: bool,
    depth: u32,
}

impl CopyTracker {
    /// Whether the `;` that ends this statement is followed by rows.
    pub(super) fn captures(&self) -> bool {
        self.copy && self.stdin
    }

    /// Takes note of a token (whitespace aside); a `;` starts the next statement.
    pub(super) fn note(&mut self, token: &Token) {
        match token {
            Token::SemiColon => {
                *self = CopyTracker::default();
                return;
            }
            Token::Whitespace(_) => return,
            Token::LParen => self.depth += 1,
            Token::RParen => self.depth = self.depth.saturating_sub(1),
            Token::Word(w) => {
                if !self.first_seen {
                    self.copy = w.keyword == Keyword::COPY;
                }
                self.stdin |= self.after_from && w.keyword == Keyword::STDIN && self.depth == 0;
            }
            _ => {}
        }
        self.first_seen = true;
        self.after_from = matches!(token, Token::Word(w) if w.keyword == Keyword::FROM);
    }
}

impl Lexer<'_> {
    /// After the `;` of a `COPY ... FROM STDIN`: the rest of its line as tokens (`rest`), then
    /// the rows as the `CopyData` token, none when there are no rows and no `\.`.
    pub(super) fn copy_data(
        &mut self,
        rest: &mut Vec<TokenWithSpan>,
    ) -> Lexed<Option<TokenWithSpan>> {
        let mut prev_word = false;
        loop {
            let start = self.cur.location();
            let prev = rest.last().map_or(&Token::SemiColon, |t| &t.token);
            let Some(token) = self.next_token(Some(prev), prev_word)? else {
                break;
            };
            match token {
                Token::Whitespace(_) => {}
                Token::Word(_) => prev_word = true,
                _ => prev_word = false,
            }
            let newline = matches!(token, Token::Whitespace(Whitespace::Newline));
            rest.push(TokenWithSpan::new(
                token,
                Span::new(start, self.cur.location()),
            ));
            if newline {
                break;
            }
        }
        let start = self.cur.location();
        let mut data = String::new();
        let terminated = loop {
            let line = self.cur.take_while(|c| c != '\n' && c != '\r');
            if line == "\\." {
                self.cur.eat('\r');
                self.cur.eat('\n');
                break true;
            }
            data.push_str(line);
            if self.cur.eat('\n') {
                data.push('\n');
            } else if self.cur.eat('\r') {
                data.push('\r');
                if self.cur.eat('\n') {
                    data.push('\n');
                }
            } else {
                break false;
            }
        };
        if data.is_empty() && !terminated {
            return Ok(None);
        }
        let span = Span::new(start, self.cur.location());
        Ok(Some(TokenWithSpan::new(
            Token::CopyData { data, terminated },
            span,
        )))
    }
}
