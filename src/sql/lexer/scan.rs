//! The token loop: which family of token the next character starts, and the simple
//! families (whitespace, comments, words).

use super::cursor::Cursor;
use super::rules::Rules;
use sqlparser::tokenizer::{Location, Token, TokenizerError, Whitespace};

pub(super) type Lexed<T> = Result<T, TokenizerError>;

pub(super) fn error<T>(location: Location, message: impl Into<String>) -> Lexed<T> {
    Err(TokenizerError {
        message: message.into(),
        location,
    })
}

pub(super) struct Lexer<'a> {
    pub(super) rules: Rules,
    pub(super) cur: Cursor<'a>,
}

impl Lexer<'_> {
    /// The next token, or `None` at the end. `prev` is the token read last (whitespace
    /// included), `prev_word` whether the last one not whitespace is a word: a few tokens
    /// read differently after a word or a period.
    pub(super) fn next_token(
        &mut self,
        prev: Option<&Token>,
        prev_word: bool,
    ) -> Lexed<Option<Token>> {
        let Some(c) = self.cur.peek() else {
            return Ok(None);
        };
        let rules = self.rules;
        let token = match c {
            c if matches!(prev, Some(Token::Period))
                && c.is_ascii_alphabetic()
                && rules.word_after_period() =>
            {
                self.cur.bump();
                self.word_from(c.to_string())
            }
            ' ' | '\t' | '\n' | '\r' => self.whitespace(c),
            'b' | 'B' | 'r' | 'R' | 'n' | 'N' | 'q' | 'Q' | 'e' | 'E' | 'u' | 'U' | 'x' | 'X' => {
                self.prefixed_string_or_word(c)?
            }
            '\'' => self.single_quoted()?,
            // MySQL's double-quoted strings; elsewhere `"` quotes identifiers.
            '"' if !rules.is_delimited_identifier_start(c) => self.double_quoted()?,
            c if rules.is_delimited_identifier_start(c) => self.quoted_identifier(c)?,
            '0'..='9' | '.' => self.number_or_period(c, prev, prev_word)?,
            '#' if rules.hash_comments() => {
                self.cur.bump();
                self.line_comment("#")
            }
            '-' | '/' | '+' | '*' | '%' | '|' | '=' | '!' | '<' | '>' | ':' | ';' | '\\' | '['
            | ']' | '&' | '^' | '{' | '}' | '~' | '#' | '@' | '?' | '(' | ')' | ',' => {
                self.operator(c)?
            }
            c if rules.is_identifier_start(c) => {
                self.cur.bump();
                self.word_from(c.to_string())
            }
            '$' => self.dollar()?,
            // After the identifier test: MySQL, PostgreSQL and SQLite take much of Unicode's
            // whitespace for identifier characters.
            c if c.is_whitespace() => {
                self.cur.bump();
                Token::Whitespace(Whitespace::Space)
            }
            c => {
                self.cur.bump();
                Token::Char(c)
            }
        };
        Ok(Some(token))
    }

    fn whitespace(&mut self, c: char) -> Token {
        self.cur.bump();
        Token::Whitespace(match c {
            ' ' => Whitespace::Space,
            '\t' => Whitespace::Tab,
            _ => {
                // `\r\n` is one newline.
                if c == '\r' {
                    self.cur.eat('\n');
                }
                Whitespace::Newline
            }
        })
    }

    /// A word whose first characters (`start`) are read already: the identifier characters
    /// that follow are added, and an unquoted word is looked up among the keywords.
    pub(super) fn word_from(&mut self, mut start: String) -> Token {
        let rules = self.rules;
        start.push_str(self.cur.take_while(|c| rules.is_identifier_part(c)));
        super::word(&start, None)
    }

    /// A `--` or `#` comment, its prefix read: up to the end of the line, the newline left
    /// for a token of its own.
    pub(super) fn line_comment(&mut self, prefix: &str) -> Token {
        let stop_at_cr = self.rules.comment_ends_at_cr();
        let comment = self
            .cur
            .take_while(|c| c != '\n' && !(stop_at_cr && c == '\r'))
            .to_string();
        Token::Whitespace(Whitespace::SingleLineComment {
            comment,
            prefix: prefix.to_string(),
        })
    }

    /// A `/* ... */` comment, its `/*` read. Where comments nest, each inner `/*` needs its
    /// own `*/`, and the inner delimiters stay in the text.
    pub(super) fn block_comment(&mut self) -> Lexed<Token> {
        let nests = self.rules.nested_comments();
        let mut text = String::new();
        let mut depth = 1u32;
        loop {
            let Some(c) = self.cur.bump() else {
                if self.rules.unterminated_comments() {
                    return Ok(Token::Whitespace(Whitespace::MultiLineComment(text)));
                }
                return error(
                    self.cur.location(),
                    "Unexpected EOF while in a multi-line comment",
                );
            };
            if c == '/' && nests && self.cur.eat('*') {
                text.push_str("/*");
                depth = depth.saturating_add(1);
            } else if c == '*' && self.cur.eat('/') {
                depth -= 1;
                if depth == 0 {
                    return Ok(Token::Whitespace(Whitespace::MultiLineComment(text)));
                }
                text.push_str("*/");
            } else {
                text.push(c);
            }
        }
    }
}
