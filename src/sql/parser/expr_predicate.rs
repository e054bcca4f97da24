//! The infix forms led by a keyword: IS ..., AT TIME ZONE, [NOT] IN / BETWEEN / LIKE /
//! ILIKE / REGEXP and NOTNULL. SIMILAR TO, MEMBER OF, IS JSON and IS NORMALIZED are refused
//! by name where sqlparser would read them: SQLite, which runs the engine's SQL, has none of
//! them, and their grammar would be download size for nothing.

use super::Prec;
use crate::sql::lexer::token_debug;
use crate::sql::parser::{is_refusal, parser_err, unsupported, Parser};
use crate::sql::Flavor;
use sqlparser::ast::{BinaryOperator, Expr, InTarget};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

const IS_EXPECTED: &str = "[NOT] NULL | TRUE | FALSE | DISTINCT | [NOT] JSON [VALUE | SCALAR | ARRAY | OBJECT] [WITH | WITHOUT UNIQUE [KEYS]] | [form] NORMALIZED FROM after IS";

impl Parser {
    /// The infix form led by the keyword `keyword` (just consumed as `tok`).
    pub(super) fn keyword_infix(
        &mut self,
        left: Box<Expr>,
        keyword: Keyword,
        precedence: u8,
        tok: &TokenWithSpan,
    ) -> Result<Box<Expr>, ParserError> {
        match keyword {
            Keyword::IS => self.is_predicate(left, precedence),
            Keyword::AT => self.at_time_zone(left, precedence),
            Keyword::NOT
            | Keyword::IN
            | Keyword::BETWEEN
            | Keyword::LIKE
            | Keyword::ILIKE
            | Keyword::SIMILAR
            | Keyword::REGEXP
            | Keyword::RLIKE => {
                self.prev_token();
                self.negatable_predicate(left)
            }
            Keyword::NOTNULL if self.flavor.expr_notnull_operator() => {
                Ok(Box::new(Expr::IsNotNull(left)))
            }
            Keyword::MEMBER => parser_err(unsupported("MEMBER OF"), tok.span.start),
            // PostgreSQL's `x::text COLLATE "C"`: COLLATE binds looser than `::` there.
            Keyword::COLLATE => Ok(Box::new(Expr::Collate {
                expr: left,
                collation: self.parse_object_name()?,
            })),
            _ => parser_err(
                format!("No infix parser for token {}", token_debug(&tok.token)),
                tok.span.start,
            ),
        }
    }

    /// `AT TIME ZONE zone`, after AT.
    fn at_time_zone(&mut self, left: Box<Expr>, precedence: u8) -> Result<Box<Expr>, ParserError> {
        self.expect_keywords(&[Keyword::TIME, Keyword::ZONE])?;
        let time_zone = self.subexpr(precedence)?;
        Ok(Box::new(Expr::AtTimeZone {
            timestamp: left,
            time_zone,
        }))
    }

    /// What follows `IS`.
    fn is_predicate(&mut self, e: Box<Expr>, precedence: u8) -> Result<Box<Expr>, ParserError> {
        let simple = if self.parse_keyword(Keyword::NULL) {
            Expr::IsNull
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::NULL]) {
            Expr::IsNotNull
        } else if self.parse_keyword(Keyword::TRUE) {
            Expr::IsTrue
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::TRUE]) {
            Expr::IsNotTrue
        } else if self.parse_keyword(Keyword::FALSE) {
            Expr::IsFalse
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::FALSE]) {
            Expr::IsNotFalse
        } else {
            return self.is_predicate_rest(e, precedence);
        };
        Ok(Box::new(simple(e)))
    }

    /// `IS [NOT] DISTINCT FROM`, SQLite's `IS [NOT] expr`, `IS [NOT] UNKNOWN`, `IS [NOT]
    /// JSON`, `IS [NOT] [form] NORMALIZED`.
    fn is_predicate_rest(
        &mut self,
        e: Box<Expr>,
        precedence: u8,
    ) -> Result<Box<Expr>, ParserError> {
        if self.parse_keywords(&[Keyword::DISTINCT, Keyword::FROM]) {
            // The right side binds as tightly as IS itself: `a IS DISTINCT FROM b AND c`
            // is `(a IS DISTINCT FROM b) AND c`.
            let right = self.subexpr(precedence)?;
            Ok(Box::new(Expr::IsDistinctFrom(e, right)))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::DISTINCT, Keyword::FROM]) {
            let right = self.subexpr(precedence)?;
            Ok(Box::new(Expr::IsNotDistinctFrom(e, right)))
        } else if self.flavor == Flavor::Sqlite {
            // SQLite's IS compares any two values, binding as `=` does.
            let op = if self.parse_keyword(Keyword::NOT) {
                BinaryOperator::IsNot
            } else {
                BinaryOperator::Is
            };
            let right = self.subexpr(self.flavor.expr_prec(Prec::Eq))?;
            Ok(Box::new(Expr::BinaryOp { left: e, op, right }))
        } else if self.parse_keyword(Keyword::UNKNOWN) {
            Ok(Box::new(Expr::IsUnknown(e)))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::UNKNOWN]) {
            Ok(Box::new(Expr::IsNotUnknown(e)))
        } else if self.peek_keyword(Keyword::JSON)
            || self.peek_keywords(&[Keyword::NOT, Keyword::JSON])
        {
            self.refuse_next("IS JSON")
        } else {
            // `IS [NOT] [NFC|NFD|NFKC|NFKD] NORMALIZED`, the last thing IS may be; a `NOT`
            // read here stays read when nothing fits, as sqlparser leaves it.
            let _ = self.parse_keyword(Keyword::NOT);
            let normalized = [
                Keyword::NFC,
                Keyword::NFD,
                Keyword::NFKC,
                Keyword::NFKD,
                Keyword::NORMALIZED,
            ];
            if self.peek_one_of_keywords(&normalized).is_some() {
                return self.refuse_next("IS NORMALIZED");
            }
            self.expected_ref(IS_EXPECTED, self.peek_token_ref())
        }
    }

    /// `[NOT] IN | BETWEEN | LIKE | ILIKE | SIMILAR TO`, `[NOT] REGEXP | RLIKE`, and
    /// `NOT NULL` (outside column definitions), from the `NOT` or the keyword itself.
    fn negatable_predicate(&mut self, expr: Box<Expr>) -> Result<Box<Expr>, ParserError> {
        let negated = self.parse_keyword(Keyword::NOT);
        let regexp = self.parse_keyword(Keyword::REGEXP);
        let rlike = self.parse_keyword(Keyword::RLIKE);
        let null = !self.in_column_definition() && self.parse_keyword(Keyword::NULL);
        if regexp || rlike {
            self.rlike(expr, negated, regexp)
        } else if negated && null {
            Ok(Box::new(Expr::IsNotNull(expr)))
        } else if self.parse_keyword(Keyword::IN) {
            self.in_list_or_subquery(expr, negated)
        } else if self.parse_keyword(Keyword::BETWEEN) {
            self.between(expr, negated)
        } else if self.parse_keyword(Keyword::LIKE) {
            self.like(expr, negated, Pattern::Like)
        } else if self.parse_keyword(Keyword::ILIKE) {
            self.like(expr, negated, Pattern::ILike)
        } else if self.peek_keywords(&[Keyword::SIMILAR, Keyword::TO]) {
            self.refuse_next("SIMILAR TO")
        } else {
            self.expected_ref("IN or BETWEEN after NOT", self.peek_token_ref())
        }
    }

    /// `[NOT] REGEXP|RLIKE pattern`, after the keyword.
    fn rlike(
        &mut self,
        expr: Box<Expr>,
        negated: bool,
        regexp: bool,
    ) -> Result<Box<Expr>, ParserError> {
        let pattern = self.subexpr(self.flavor.expr_prec(Prec::Like))?;
        Ok(Box::new(Expr::RLike {
            negated,
            expr,
            pattern,
            regexp,
        }))
    }

    /// `[NOT] BETWEEN low AND high`, after BETWEEN. SQLite's low bound takes everything
    /// that binds tighter than AND; PostgreSQL's (and the generic dialect's) one comparison.
    fn between(&mut self, expr: Box<Expr>, negated: bool) -> Result<Box<Expr>, ParserError> {
        let between = self.flavor.expr_prec(Prec::Between);
        let low_bound = match self.flavor {
            Flavor::Sqlite => self.flavor.expr_prec(Prec::And),
            _ => between,
        };
        let mut low = self.subexpr(low_bound)?;
        if matches!(self.flavor, Flavor::Postgres | Flavor::Generic)
            && matches!(
                self.peek_token_ref().token,
                Token::Eq
                    | Token::DoubleEq
                    | Token::Neq
                    | Token::Lt
                    | Token::LtEq
                    | Token::Gt
                    | Token::GtEq
                    | Token::Spaceship
            )
        {
            low = self.infix(low, between)?;
        }
        self.expect_keyword_is(Keyword::AND)?;
        let high = self.subexpr(between)?;
        Ok(Box::new(Expr::Between {
            expr,
            negated,
            low,
            high,
        }))
    }

    /// `[NOT] LIKE|ILIKE [ANY] pattern [ESCAPE e]`.
    fn like(
        &mut self,
        expr: Box<Expr>,
        negated: bool,
        kind: Pattern,
    ) -> Result<Box<Expr>, ParserError> {
        let any = self.parse_keyword(Keyword::ANY);
        let pattern = self.subexpr(self.flavor.expr_prec(Prec::Like))?;
        let escape_char = self.escape_char()?;
        Ok(Box::new(match kind {
            Pattern::Like => Expr::Like {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            },
            Pattern::ILike => Expr::ILike {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            },
        }))
    }

    /// `ESCAPE <expr>` after a LIKE pattern, if there.
    fn escape_char(&mut self) -> Result<Option<Box<Expr>>, ParserError> {
        if !self.parse_keyword(Keyword::ESCAPE) {
            return Ok(None);
        }
        self.subexpr(self.flavor.expr_prec(Prec::Like)).map(Some)
    }

    /// What follows `[NOT] IN`: `(subquery)` or `(list)` (SQLite's may be empty), or
    /// `UNNEST(array)`. SQLite's and the generic dialect's `IN table` is refused by name.
    fn in_list_or_subquery(
        &mut self,
        expr: Box<Expr>,
        negated: bool,
    ) -> Result<Box<Expr>, ParserError> {
        let target = if self.parse_keyword(Keyword::UNNEST) {
            self.expect_token(&Token::LParen)?;
            let array_expr = self.subexpr(0)?;
            self.expect_token(&Token::RParen)?;
            InTarget::Unnest(array_expr)
        } else if matches!(self.flavor, Flavor::Sqlite | Flavor::Generic)
            && matches!(self.peek_token_ref().token, Token::Word(_))
        {
            return self.refuse_next("IN <table>");
        } else {
            self.in_parenthesized()?
        };
        Ok(Box::new(Expr::In {
            expr,
            target,
            negated,
            global: false,
        }))
    }

    /// `(subquery)` or `(list)` after IN: a leading query is the subquery only when `)`
    /// follows it, else the list's first item (`IN ((SELECT 1), 2)`). Where the query lacked
    /// its `)` and the list fails no further in, that `)` is the error (sqlparser's
    /// `parse_in_parenthesized_target`, with its memo of the starts tried).
    fn in_parenthesized(&mut self) -> Result<InTarget, ParserError> {
        self.expect_token(&Token::LParen)?;
        let start = self.index;
        let missing_rparen = match self.failed_in_subqueries.get(start) {
            Some(cached) => cached.checked_sub(1),
            None => {
                let mut missing_rparen = None;
                if let Some(subquery) = self.maybe_parse(|p| p.parse_query())? {
                    if self.consume_token(&Token::RParen) {
                        return Ok(InTarget::Subquery(subquery));
                    }
                    missing_rparen = Some(self.index);
                    self.index = start;
                }
                (self.failed_in_subqueries).insert(start, missing_rparen.map_or(0, |i| i + 1));
                missing_rparen
            }
        };
        let empty_allowed = self.flavor == Flavor::Sqlite;
        let list = if empty_allowed && matches!(self.peek_token_ref().token, Token::RParen) {
            Ok(Vec::new())
        } else {
            self.expr_list()
        };
        match list.and_then(|list| self.expect_token(&Token::RParen).map(|_| list)) {
            Ok(list) => Ok(InTarget::List(list)),
            Err(ParserError::RecursionLimitExceeded) => Err(ParserError::RecursionLimitExceeded),
            Err(e) if is_refusal(&e) => Err(e),
            Err(e) => match missing_rparen {
                Some(index) if self.index <= index => {
                    self.index = index;
                    self.expected_ref(")", self.peek_token_ref())
                }
                _ => Err(e),
            },
        }
    }
}

/// The pattern predicates.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pattern {
    Like,
    ILike,
}
