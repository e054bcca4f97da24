//! The parser's cursor over the tokens and its entry points. The grammar is split by what it
//! reads: `expr.rs` (expressions, literals, data types), `query.rs` (SELECT and set
//! operations, FROM, ORDER BY, LIMIT, row locks) and `stmt.rs` (every other statement).
//!
//! The cursor keeps sqlparser's conventions, so that the two can be compared step by step:
//! whitespace tokens stay in the list and are skipped; `index` is one past the last token
//! consumed; errors read `Expected: X, found: Y at Line: L, Column: C`.

mod expr;
mod memo_vec;
mod query;
mod stmt;

use crate::sql::lexer::keyword_name;
use crate::sql::print::{Sql, ToSql};
use crate::sql::{Duplicate, Flavor};
use memo_vec::Memo;
use sqlparser::ast::{Ident, ObjectName, ObjectNamePart, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Location, Span, Token, TokenWithSpan};

/// How deep statements, queries, expressions and table factors may nest (sqlparser's own
/// default, which the engine's limits are set against).
pub const MAX_DEPTH: usize = 50;

pub struct Parser {
    tokens: Vec<TokenWithSpan>,
    /// One past the last token consumed.
    index: usize,
    pub(crate) flavor: Flavor,
    /// Nesting levels left before [`ParserError::RecursionLimitExceeded`].
    depth_left: usize,
    /// Expression starts that failed, by what was tried and the token index where
    /// (`expr_memo.rs`): kept for the parser's life, as sqlparser keeps it, so that a start
    /// met again fails at once and nested failures cost linear time, not exponential.
    /// Keyed by twice the index, plus one for a keyword form (`expr_memo.rs`); the value is
    /// the failure's kind.
    pub(crate) failed_starts: Memo,
    /// Whether a column definition's options are being read, where `NOT NULL` and
    /// `COLLATE` belong to the column, not to the expression before them (sqlparser's
    /// `ParserState::ColumnDefinition`).
    pub(crate) in_column_definition: bool,
    /// Token indexes (just after a `(`) where a derived table failed to parse: each failure
    /// is followed by a try as a nested join, which would try the next `(` as a derived
    /// table again, in time exponential in the depth (`FROM ((SELECT ... ((SELECT ...`).
    /// Kept for the parser's life, as sqlparser keeps it.
    pub(crate) failed_derived_tables: Memo,
    /// Token indexes (just after an IN's `(`) where a subquery was tried and failed, or was
    /// read without its `)` (the index after it): sqlparser's `failed_in_subquery_positions`,
    /// which keeps `IN ((SELECT ... IN ((SELECT ...` linear.
    /// (The index plus one; 0 for a subquery that failed.)
    pub(crate) failed_in_subqueries: Memo,
}

fn eof() -> TokenWithSpan {
    TokenWithSpan {
        token: Token::EOF,
        span: Span::empty(),
    }
}

/// `Err(ParserError::ParserError("{message} at Line: L, Column: C"))`.
// Generic over the result only: the error is built by one function, not one copy per
// message and result type (a few KB of the browser download).
pub(crate) fn parser_err<T>(
    message: impl std::fmt::Display,
    at: Location,
) -> Result<T, ParserError> {
    Err(error_at(&message, at))
}

#[inline(never)]
fn error_at(message: &dyn std::fmt::Display, at: Location) -> ParserError {
    ParserError::ParserError(format!("{message}{at}"))
}

/// The error of [`Parser::expected`]: `Expected: what, found: token`, at the token.
#[inline(never)]
fn expected_error(expected: &str, found: &TokenWithSpan) -> ParserError {
    error_at(
        &format_args!("Expected: {expected}, found: {}", Sql(&found.token)),
        found.span.start,
    )
}

/// Whether `token` is an `expected`, a token with no text of its own (a parenthesis, a
/// comma, an operator: what the parser expects by token), whose kind is the whole token. By
/// kind, not `==`: sqlparser's derived `PartialEq` of a token compares every kind's text
/// (1 KB of the download's code).
fn same_kind(token: &Token, expected: &Token) -> bool {
    debug_assert!(
        crate::sql::print::spelling(expected).is_some(),
        "a token with text of its own is compared by kind: {}",
        crate::sql::lexer::token_debug(expected)
    );
    std::mem::discriminant(token) == std::mem::discriminant(expected)
}

/// The words every refusal carries (see [`unsupported`]).
const REFUSAL: &str = "is not supported by Queue Lab's parser";

/// The refusal of a construct sqlparser reads and Queue Lab's parser does not.
pub(crate) fn unsupported(what: &str) -> String {
    format!("{what} {REFUSAL}")
}

/// Whether `e` is a refusal by name. Refusals are never backtracked over: sqlparser reads the
/// construct there, so another reading of the same tokens would build another tree.
pub(crate) fn is_refusal(e: &ParserError) -> bool {
    matches!(e, ParserError::ParserError(m) if m.contains(REFUSAL))
}

impl Parser {
    /// A parser over `tokens` as [`crate::sql::lexer::tokenize`] gives them (whitespace included).
    pub fn new(flavor: Flavor, tokens: Vec<TokenWithSpan>) -> Self {
        Parser {
            tokens,
            index: 0,
            flavor,
            depth_left: MAX_DEPTH,
            failed_starts: Memo::new(),
            in_column_definition: false,
            failed_derived_tables: Memo::new(),
            failed_in_subqueries: Memo::new(),
        }
    }

    /// A parser over `sql`, read by the lexer of `flavor`.
    pub fn from_sql(flavor: Flavor, sql: &str) -> Result<Self, ParserError> {
        let tokens = crate::sql::lexer::tokenize(flavor, sql)
            .map_err(|e| ParserError::TokenizerError(e.to_string()))?;
        Ok(Parser::new(flavor, tokens))
    }

    /// Every statement of `sql`, separated by semicolons (sqlparser's `Parser::parse_sql`).
    pub fn parse_sql(flavor: Flavor, sql: &str) -> Result<Vec<Statement>, ParserError> {
        Parser::from_sql(flavor, sql)?.parse_statements()
    }

    /// Statements separated by semicolons, up to the end of the tokens.
    pub fn parse_statements(&mut self) -> Result<Vec<Statement>, ParserError> {
        let mut stmts = Vec::new();
        let mut expecting_statement_delimiter = false;
        loop {
            while self.consume_token(&Token::SemiColon) {
                expecting_statement_delimiter = false;
            }
            match &self.peek_token_ref().token {
                Token::EOF => break,
                // An END right after a statement closes the list (as in a block's body).
                Token::Word(w) if expecting_statement_delimiter && w.keyword == Keyword::END => {
                    break
                }
                _ => {}
            }
            if expecting_statement_delimiter {
                return self.expected("end of statement", self.peek_token());
            }
            stmts.push(self.parse_statement()?);
            expecting_statement_delimiter = true;
        }
        Ok(stmts)
    }

    /// Runs `f` one nesting level deeper, refusing past [`MAX_DEPTH`].
    pub(crate) fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<T, ParserError> {
        if self.depth_left == 0 {
            return Err(ParserError::RecursionLimitExceeded);
        }
        self.depth_left -= 1;
        let result = f(self);
        self.depth_left += 1;
        result
    }

    // ---- the cursor ----

    /// The next token that is not whitespace, or EOF; nothing is consumed.
    pub fn peek_token(&self) -> TokenWithSpan {
        self.peek_nth_token(0)
    }

    pub fn peek_token_ref(&self) -> &TokenWithSpan {
        self.peek_nth_token_ref(0)
    }

    pub fn peek_nth_token(&self, n: usize) -> TokenWithSpan {
        self.peek_nth_token_ref(n).copy_of()
    }

    pub fn peek_nth_token_ref(&self, mut n: usize) -> &TokenWithSpan {
        static EOF: std::sync::OnceLock<TokenWithSpan> = std::sync::OnceLock::new();
        let mut index = self.index;
        loop {
            match self.tokens.get(index) {
                Some(TokenWithSpan {
                    token: Token::Whitespace(_),
                    ..
                }) => {}
                Some(t) if n == 0 => return t,
                Some(_) => n -= 1,
                None => return EOF.get_or_init(eof),
            }
            index += 1;
        }
    }

    /// The very next token, whitespace included (EOF past the end).
    pub fn peek_token_no_skip(&self) -> TokenWithSpan {
        self.tokens
            .get(self.index)
            .map(Duplicate::copy_of)
            .unwrap_or_else(eof)
    }

    /// Consumes the next token that is not whitespace and returns it (EOF past the end).
    pub fn next_token(&mut self) -> TokenWithSpan {
        self.advance_token();
        self.get_current_token().copy_of()
    }

    pub fn advance_token(&mut self) {
        loop {
            self.index += 1;
            match self.tokens.get(self.index - 1) {
                Some(TokenWithSpan {
                    token: Token::Whitespace(_),
                    ..
                }) => continue,
                _ => break,
            }
        }
    }

    /// The token consumed last (EOF past the end).
    pub fn get_current_token(&self) -> &TokenWithSpan {
        self.token_at(self.index.saturating_sub(1))
    }

    pub fn token_at(&self, index: usize) -> &TokenWithSpan {
        static EOF: std::sync::OnceLock<TokenWithSpan> = std::sync::OnceLock::new();
        self.tokens
            .get(index)
            .unwrap_or_else(|| EOF.get_or_init(eof))
    }

    /// Steps back over the last token consumed (and the whitespace before it).
    pub fn prev_token(&mut self) {
        while self.index > 0 {
            self.index -= 1;
            if !matches!(
                self.tokens.get(self.index),
                Some(TokenWithSpan {
                    token: Token::Whitespace(_),
                    ..
                })
            ) {
                return;
            }
        }
    }

    pub fn index(&self) -> usize {
        self.index
    }

    pub fn set_index(&mut self, index: usize) {
        self.index = index;
    }

    // ---- errors ----

    pub fn expected<T>(&self, expected: &str, found: TokenWithSpan) -> Result<T, ParserError> {
        Err(expected_error(expected, &found))
    }

    pub fn expected_ref<T>(&self, expected: &str, found: &TokenWithSpan) -> Result<T, ParserError> {
        Err(expected_error(expected, found))
    }

    /// The refusal by name of a construct this parser leaves out, at the next token.
    pub(crate) fn refuse_next<T>(&self, what: &str) -> Result<T, ParserError> {
        parser_err(unsupported(what), self.peek_token_ref().span.start)
    }

    // ---- keywords and punctuation ----

    pub fn peek_keyword(&self, expected: Keyword) -> bool {
        matches!(&self.peek_token_ref().token, Token::Word(w) if w.keyword == expected)
    }

    #[must_use]
    pub fn parse_keyword(&mut self, expected: Keyword) -> bool {
        if self.peek_keyword(expected) {
            self.advance_token();
            true
        } else {
            false
        }
    }

    /// Consumes the whole run of `keywords`, or nothing.
    #[must_use]
    pub fn parse_keywords(&mut self, keywords: &[Keyword]) -> bool {
        let start = self.index;
        for &k in keywords {
            if !self.parse_keyword(k) {
                self.index = start;
                return false;
            }
        }
        true
    }

    pub fn peek_keywords(&mut self, keywords: &[Keyword]) -> bool {
        let start = self.index;
        let matched = self.parse_keywords(keywords);
        self.index = start;
        matched
    }

    #[must_use]
    pub fn peek_one_of_keywords(&self, keywords: &[Keyword]) -> Option<Keyword> {
        keywords.iter().copied().find(|&k| self.peek_keyword(k))
    }

    #[must_use]
    pub fn parse_one_of_keywords(&mut self, keywords: &[Keyword]) -> Option<Keyword> {
        let found = match &self.peek_token_ref().token {
            Token::Word(w) => keywords.iter().copied().find(|&k| k == w.keyword),
            _ => None,
        };
        if found.is_some() {
            self.advance_token();
        }
        found
    }

    pub fn expect_one_of_keywords(&mut self, keywords: &[Keyword]) -> Result<Keyword, ParserError> {
        match self.parse_one_of_keywords(keywords) {
            Some(k) => Ok(k),
            None => {
                let names: Vec<&str> = keywords.iter().map(|&k| keyword_name(k)).collect();
                self.expected_ref(
                    &format!("one of {}", crate::join::join(&names, " or ")),
                    self.peek_token_ref(),
                )
            }
        }
    }

    pub fn expect_keyword(&mut self, expected: Keyword) -> Result<TokenWithSpan, ParserError> {
        if self.parse_keyword(expected) {
            Ok(self.get_current_token().copy_of())
        } else {
            self.expected_ref(keyword_name(expected), self.peek_token_ref())
        }
    }

    pub fn expect_keyword_is(&mut self, expected: Keyword) -> Result<(), ParserError> {
        self.expect_keyword(expected).map(|_| ())
    }

    pub fn expect_keywords(&mut self, expected: &[Keyword]) -> Result<(), ParserError> {
        for &k in expected {
            self.expect_keyword_is(k)?;
        }
        Ok(())
    }

    #[must_use]
    pub fn consume_token(&mut self, expected: &Token) -> bool {
        if same_kind(&self.peek_token_ref().token, expected) {
            self.advance_token();
            true
        } else {
            false
        }
    }

    #[must_use]
    pub fn consume_tokens(&mut self, tokens: &[Token]) -> bool {
        let start = self.index;
        for t in tokens {
            if !self.consume_token(t) {
                self.index = start;
                return false;
            }
        }
        true
    }

    pub fn expect_token(&mut self, expected: &Token) -> Result<TokenWithSpan, ParserError> {
        if same_kind(&self.peek_token_ref().token, expected) {
            Ok(self.next_token())
        } else {
            self.expected_ref(&expected.to_sql(), self.peek_token_ref())
        }
    }

    // ---- combinators ----

    /// Runs `f`, going back to where it started if it fails; a recursion-limit error or a
    /// refusal is passed on, any other error becomes `None`.
    pub fn maybe_parse<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<Option<T>, ParserError> {
        match self.try_parse(f) {
            Ok(t) => Ok(Some(t)),
            Err(ParserError::RecursionLimitExceeded) => Err(ParserError::RecursionLimitExceeded),
            Err(e) if is_refusal(&e) => Err(e),
            Err(_) => Ok(None),
        }
    }

    /// Runs `f`, going back to where it started if it fails.
    pub fn try_parse<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<T, ParserError> {
        let start = self.index;
        let result = f(self);
        if result.is_err() {
            self.index = start;
        }
        result
    }

    /// One or more items separated by commas (no trailing comma: sqlparser's default).
    pub fn parse_comma_separated<T>(
        &mut self,
        mut f: impl FnMut(&mut Self) -> Result<T, ParserError>,
    ) -> Result<Vec<T>, ParserError> {
        let mut items = vec![f(self)?];
        while self.consume_token(&Token::Comma) {
            items.push(f(self)?);
        }
        Ok(items)
    }

    pub fn parse_parenthesized<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<T, ParserError> {
        self.expect_token(&Token::LParen)?;
        let value = f(self)?;
        self.expect_token(&Token::RParen)?;
        Ok(value)
    }

    // ---- names ----

    /// A name: a word (quoted or not) or, as sqlparser allows, a quoted string.
    pub fn parse_identifier(&mut self) -> Result<Ident, ParserError> {
        let next = self.next_token();
        match next.token {
            Token::Word(w) => Ok(w.into_ident(next.span)),
            Token::SingleQuotedString(s) => Ok(Ident::with_quote('\'', s)),
            Token::DoubleQuotedString(s) => Ok(Ident::with_quote('"', s)),
            _ => self.expected("identifier", next),
        }
    }

    /// A possibly qualified name, `a.b.c`; in T-SQL also `db..t`, whose empty middle part
    /// means the default schema.
    pub fn parse_object_name(&mut self) -> Result<ObjectName, ParserError> {
        let mut parts = vec![ObjectNamePart::Identifier(self.parse_identifier()?)];
        while self.consume_token(&Token::Period) {
            let default_schema = self.flavor == Flavor::MsSql
                && parts.len() == 1
                && matches!(self.peek_token_ref().token, Token::Period);
            let part = if default_schema {
                Ident::new("")
            } else {
                self.parse_identifier()?
            };
            parts.push(ObjectNamePart::Identifier(part));
        }
        Ok(ObjectName(parts))
    }
}
