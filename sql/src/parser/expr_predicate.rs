//! The infix forms led by a keyword: IS ..., AT TIME ZONE, [NOT] IN / BETWEEN / LIKE /
//! ILIKE / SIMILAR TO / REGEXP, NOTNULL and MEMBER OF.

use super::Prec;
use crate::parser::{parser_err, Parser};
use sqlparser::ast::{Expr, JsonKeyUniqueness, JsonPredicateType, MemberOf, NormalizationForm};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

const IS_EXPECTED: &str = "[NOT] NULL | TRUE | FALSE | DISTINCT | [NOT] JSON [VALUE | SCALAR | ARRAY | OBJECT] [WITH | WITHOUT UNIQUE [KEYS]] | [form] NORMALIZED FROM after IS";

impl Parser {
    /// The infix form led by the keyword `keyword` (just consumed as `tok`).
    pub(super) fn keyword_infix(
        &mut self,
        expr: Expr,
        keyword: Keyword,
        precedence: u8,
        tok: &TokenWithSpan,
    ) -> Result<Expr, ParserError> {
        match keyword {
            Keyword::IS => self.is_predicate(expr, precedence),
            Keyword::AT => {
                self.expect_keywords(&[Keyword::TIME, Keyword::ZONE])?;
                Ok(Expr::AtTimeZone {
                    timestamp: Box::new(expr),
                    time_zone: Box::new(self.parse_subexpr(precedence)?),
                })
            }
            Keyword::NOT
            | Keyword::IN
            | Keyword::BETWEEN
            | Keyword::LIKE
            | Keyword::ILIKE
            | Keyword::SIMILAR
            | Keyword::REGEXP
            | Keyword::RLIKE => {
                self.prev_token();
                self.negatable_predicate(expr)
            }
            Keyword::NOTNULL if self.flavor.expr_notnull_operator() => {
                Ok(Expr::IsNotNull(Box::new(expr)))
            }
            Keyword::MEMBER => {
                if !self.parse_keyword(Keyword::OF) {
                    return self.expected_ref("OF after MEMBER", self.peek_token_ref());
                }
                self.expect_token(&Token::LParen)?;
                let array = self.parse_expr()?;
                self.expect_token(&Token::RParen)?;
                Ok(Expr::MemberOf(MemberOf {
                    value: Box::new(expr),
                    array: Box::new(array),
                }))
            }
            _ => parser_err(
                format!("No infix parser for token {:?}", tok.token),
                tok.span.start,
            ),
        }
    }

    /// What follows `IS`.
    fn is_predicate(&mut self, expr: Expr, precedence: u8) -> Result<Expr, ParserError> {
        let e = Box::new(expr);
        if self.parse_keyword(Keyword::NULL) {
            Ok(Expr::IsNull(e))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::NULL]) {
            Ok(Expr::IsNotNull(e))
        } else if self.parse_keyword(Keyword::TRUE) {
            Ok(Expr::IsTrue(e))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::TRUE]) {
            Ok(Expr::IsNotTrue(e))
        } else if self.parse_keyword(Keyword::FALSE) {
            Ok(Expr::IsFalse(e))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::FALSE]) {
            Ok(Expr::IsNotFalse(e))
        } else if self.parse_keyword(Keyword::UNKNOWN) {
            Ok(Expr::IsUnknown(e))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::UNKNOWN]) {
            Ok(Expr::IsNotUnknown(e))
        } else if self.parse_keywords(&[Keyword::DISTINCT, Keyword::FROM]) {
            // The right side binds as tightly as IS itself: `a IS DISTINCT FROM b AND c`
            // is `(a IS DISTINCT FROM b) AND c`.
            Ok(Expr::IsDistinctFrom(
                e,
                Box::new(self.parse_subexpr(precedence)?),
            ))
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::DISTINCT, Keyword::FROM]) {
            Ok(Expr::IsNotDistinctFrom(
                e,
                Box::new(self.parse_subexpr(precedence)?),
            ))
        } else if self.parse_keyword(Keyword::JSON) {
            self.is_json(e, false)
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::JSON]) {
            self.is_json(e, true)
        } else {
            self.is_normalized(e)
        }
    }

    /// `IS [NOT] JSON [VALUE|SCALAR|ARRAY|OBJECT] [WITH|WITHOUT UNIQUE [KEYS]]`.
    fn is_json(&mut self, expr: Box<Expr>, negated: bool) -> Result<Expr, ParserError> {
        let kind = match self.parse_one_of_keywords(&[
            Keyword::VALUE,
            Keyword::SCALAR,
            Keyword::ARRAY,
            Keyword::OBJECT,
        ]) {
            Some(Keyword::VALUE) => Some(JsonPredicateType::Value),
            Some(Keyword::SCALAR) => Some(JsonPredicateType::Scalar),
            Some(Keyword::ARRAY) => Some(JsonPredicateType::Array),
            Some(Keyword::OBJECT) => Some(JsonPredicateType::Object),
            _ => None,
        };
        let unique_keys = match self.parse_one_of_keywords(&[Keyword::WITH, Keyword::WITHOUT]) {
            Some(k) => {
                self.expect_keyword_is(Keyword::UNIQUE)?;
                let _ = self.parse_keyword(Keyword::KEYS);
                Some(if k == Keyword::WITH {
                    JsonKeyUniqueness::WithUniqueKeys
                } else {
                    JsonKeyUniqueness::WithoutUniqueKeys
                })
            }
            None => None,
        };
        Ok(Expr::IsJson {
            expr,
            kind,
            unique_keys,
            negated,
        })
    }

    /// `IS [NOT] [NFC|NFD|NFKC|NFKD] NORMALIZED`, the last thing IS may be; a `NOT` read
    /// here stays read when nothing fits, as sqlparser leaves it.
    fn is_normalized(&mut self, expr: Box<Expr>) -> Result<Expr, ParserError> {
        let negated = self.parse_keyword(Keyword::NOT);
        let form = match self.parse_one_of_keywords(&[
            Keyword::NFC,
            Keyword::NFD,
            Keyword::NFKC,
            Keyword::NFKD,
        ]) {
            Some(Keyword::NFC) => Some(NormalizationForm::NFC),
            Some(Keyword::NFD) => Some(NormalizationForm::NFD),
            Some(Keyword::NFKC) => Some(NormalizationForm::NFKC),
            Some(Keyword::NFKD) => Some(NormalizationForm::NFKD),
            _ => None,
        };
        if self.parse_keyword(Keyword::NORMALIZED) {
            return Ok(Expr::IsNormalized {
                expr,
                form,
                negated,
            });
        }
        self.expected_ref(IS_EXPECTED, self.peek_token_ref())
    }

    /// `[NOT] IN | BETWEEN | LIKE | ILIKE | SIMILAR TO`, `[NOT] REGEXP | RLIKE`, and
    /// `NOT NULL` (outside column definitions), from the `NOT` or the keyword itself.
    fn negatable_predicate(&mut self, expr: Expr) -> Result<Expr, ParserError> {
        let negated = self.parse_keyword(Keyword::NOT);
        let regexp = self.parse_keyword(Keyword::REGEXP);
        let rlike = self.parse_keyword(Keyword::RLIKE);
        let null = !self.in_column_definition() && self.parse_keyword(Keyword::NULL);
        let like_prec = self.flavor.expr_prec(Prec::Like);
        if regexp || rlike {
            return Ok(Expr::RLike {
                negated,
                expr: Box::new(expr),
                pattern: Box::new(self.parse_subexpr(like_prec)?),
                regexp,
            });
        }
        if negated && null {
            return Ok(Expr::IsNotNull(Box::new(expr)));
        }
        if self.parse_keyword(Keyword::IN) {
            return self.in_list_or_subquery(expr, negated);
        }
        if self.parse_keyword(Keyword::BETWEEN) {
            let between = self.flavor.expr_prec(Prec::Between);
            let low = self.parse_subexpr(between)?;
            self.expect_keyword_is(Keyword::AND)?;
            let high = self.parse_subexpr(between)?;
            return Ok(Expr::Between {
                expr: Box::new(expr),
                negated,
                low: Box::new(low),
                high: Box::new(high),
            });
        }
        let expr = Box::new(expr);
        if self.parse_keyword(Keyword::LIKE) {
            let any = self.parse_keyword(Keyword::ANY);
            let pattern = Box::new(self.parse_subexpr(like_prec)?);
            let escape_char = self.escape_char()?;
            return Ok(Expr::Like {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            });
        }
        if self.parse_keyword(Keyword::ILIKE) {
            let any = self.parse_keyword(Keyword::ANY);
            let pattern = Box::new(self.parse_subexpr(like_prec)?);
            let escape_char = self.escape_char()?;
            return Ok(Expr::ILike {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            });
        }
        if self.parse_keywords(&[Keyword::SIMILAR, Keyword::TO]) {
            let pattern = Box::new(self.parse_subexpr(like_prec)?);
            let escape_char = self.escape_char()?;
            return Ok(Expr::SimilarTo {
                negated,
                expr,
                pattern,
                escape_char,
            });
        }
        self.expected_ref("IN or BETWEEN after NOT", self.peek_token_ref())
    }

    /// `ESCAPE <expr>` after a LIKE pattern, if there.
    fn escape_char(&mut self) -> Result<Option<Box<Expr>>, ParserError> {
        if !self.parse_keyword(Keyword::ESCAPE) {
            return Ok(None);
        }
        let like_prec = self.flavor.expr_prec(Prec::Like);
        Ok(Some(Box::new(self.parse_subexpr(like_prec)?)))
    }

    /// What follows `[NOT] IN`: `(subquery)` or `(list)` (SQLite's may be empty), or
    /// `UNNEST(array)`.
    fn in_list_or_subquery(&mut self, expr: Expr, negated: bool) -> Result<Expr, ParserError> {
        if self.parse_keyword(Keyword::UNNEST) {
            self.expect_token(&Token::LParen)?;
            let array_expr = self.parse_expr()?;
            self.expect_token(&Token::RParen)?;
            return Ok(Expr::InUnnest {
                expr: Box::new(expr),
                array_expr: Box::new(array_expr),
                negated,
            });
        }
        self.expect_token(&Token::LParen)?;
        let result = match self.maybe_parse(|p| p.parse_query())? {
            Some(subquery) => Expr::InSubquery {
                expr: Box::new(expr),
                subquery,
                negated,
            },
            None => {
                let empty_allowed = self.flavor == crate::Flavor::Sqlite;
                let list = if empty_allowed && self.peek_token_ref().token == Token::RParen {
                    Vec::new()
                } else {
                    self.parse_comma_separated(Parser::parse_expr)?
                };
                Expr::InList {
                    expr: Box::new(expr),
                    list,
                    negated,
                }
            }
        };
        self.expect_token(&Token::RParen)?;
        Ok(result)
    }
}
