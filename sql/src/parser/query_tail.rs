//! What may follow a query body: ORDER BY, LIMIT and OFFSET, FETCH, the row locks (FOR
//! UPDATE/SHARE), T-SQL's FOR XML/JSON/BROWSE, and the generic dialect's SETTINGS and FORMAT.

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    Expr, Fetch, ForClause, ForJson, ForXml, FormatClause, Interpolate, InterpolateExpr,
    LimitClause, LockClause, LockType, NonBlock, Offset, OffsetRows, OrderBy, OrderByKind, Query,
    Setting,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// What may follow a query body: ORDER BY, LIMIT/OFFSET, FETCH, FOR UPDATE/SHARE (or
    /// T-SQL's FOR XML/JSON/BROWSE), a LIMIT after the locks, and the generic dialect's
    /// SETTINGS and FORMAT; set into `query` one by one.
    pub(super) fn query_tail(&mut self, query: &mut Query) -> Result<(), ParserError> {
        query.order_by = self.query_order_by()?;
        query.limit_clause = self.query_limit_clause()?;
        query.settings = self.query_settings()?;
        if self.parse_keyword(Keyword::FETCH) {
            query.fetch = Some(self.query_fetch()?);
        }
        while self.parse_keyword(Keyword::FOR) {
            if let Some(clause) = self.query_for_clause()? {
                query.for_clause = Some(clause);
                break;
            }
            query.locks.push(self.query_lock()?);
        }
        // PostgreSQL takes LIMIT after the locks too; sqlparser accepts it in every dialect.
        if query.limit_clause.is_none() {
            query.limit_clause = self.query_limit_clause()?;
        }
        query.format_clause = self.query_format_clause()?;
        if self.flavor.query_supports_pipe_operator()
            && self.peek_token_ref().token == Token::VerticalBarRightAngleBracket
        {
            return self.expected(
                "end of query (pipe operators are not supported)",
                self.peek_token(),
            );
        }
        Ok(())
    }

    /// `ORDER BY item, ...` (each item the expression part's).
    pub(super) fn query_order_by(&mut self) -> Result<Option<OrderBy>, ParserError> {
        if !self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            return Ok(None);
        }
        let exprs = self.parse_comma_separated(Parser::parse_order_by_expr)?;
        let interpolate = if self.flavor == Flavor::Generic {
            self.query_interpolate()?
        } else {
            None
        };
        Ok(Some(OrderBy {
            kind: OrderByKind::Expressions(exprs),
            interpolate,
        }))
    }

    /// ClickHouse's `INTERPOLATE [(column [AS expr], ...)]` after ORDER BY, which the generic
    /// dialect reads.
    fn query_interpolate(&mut self) -> Result<Option<Interpolate>, ParserError> {
        if !self.parse_keyword(Keyword::INTERPOLATE) {
            return Ok(None);
        }
        if !self.consume_token(&Token::LParen) {
            return Ok(Some(Interpolate { exprs: None }));
        }
        let exprs = if self.peek_token_ref().token == Token::RParen {
            vec![]
        } else {
            self.parse_comma_separated(|p| {
                let column = p.parse_identifier()?;
                let expr = if p.parse_keyword(Keyword::AS) {
                    Some(p.parse_expr()?)
                } else {
                    None
                };
                Ok(InterpolateExpr { column, expr })
            })?
        };
        self.expect_token(&Token::RParen)?;
        Ok(Some(Interpolate { exprs: Some(exprs) }))
    }

    /// `[OFFSET n [ROW|ROWS]] [LIMIT n|ALL [, m]] [OFFSET n]` in sqlparser's combinations;
    /// `LIMIT a, b` where the flavour reads it (MySQL, SQLite).
    pub(super) fn query_limit_clause(&mut self) -> Result<Option<LimitClause>, ParserError> {
        let mut offset = if self.parse_keyword(Keyword::OFFSET) {
            Some(self.query_offset()?)
        } else {
            None
        };
        let mut limit = None;
        let mut limit_by = None;
        if self.parse_keyword(Keyword::LIMIT) {
            // `LIMIT ALL` reads as no limit.
            let expr = if self.parse_keyword(Keyword::ALL) {
                None
            } else {
                Some(self.parse_expr()?)
            };
            if let Some(first) = &expr {
                if self.flavor.query_supports_limit_comma()
                    && offset.is_none()
                    && self.consume_token(&Token::Comma)
                {
                    return Ok(Some(LimitClause::OffsetCommaLimit {
                        offset: first.clone(),
                        limit: self.parse_expr()?,
                    }));
                }
            }
            if self.flavor.query_supports_limit_by() && self.parse_keyword(Keyword::BY) {
                limit_by = Some(self.parse_comma_separated(Parser::parse_expr)?);
            }
            limit = Some(expr);
        }
        if offset.is_none() && limit.is_some() && self.parse_keyword(Keyword::OFFSET) {
            offset = Some(self.query_offset()?);
        }
        let has_limit = matches!(limit, Some(Some(_)));
        if offset.is_none() && !has_limit && limit_by.is_none() {
            return Ok(None);
        }
        Ok(Some(LimitClause::LimitOffset {
            limit: limit.flatten(),
            offset,
            limit_by: limit_by.unwrap_or_default(),
        }))
    }

    pub(super) fn query_offset(&mut self) -> Result<Offset, ParserError> {
        let value = self.parse_expr()?;
        let rows = if self.parse_keyword(Keyword::ROW) {
            OffsetRows::Row
        } else if self.parse_keyword(Keyword::ROWS) {
            OffsetRows::Rows
        } else {
            OffsetRows::None
        };
        Ok(Offset { value, rows })
    }

    /// `FETCH {FIRST|NEXT} [n [PERCENT]] {ROW|ROWS} {ONLY|WITH TIES}` (FETCH read).
    pub(super) fn query_fetch(&mut self) -> Result<Fetch, ParserError> {
        let _ = self.parse_one_of_keywords(&[Keyword::FIRST, Keyword::NEXT]);
        let (quantity, percent) = if self
            .parse_one_of_keywords(&[Keyword::ROW, Keyword::ROWS])
            .is_some()
        {
            (None, false)
        } else {
            let quantity = Expr::Value(self.parse_value()?);
            let percent = self.parse_keyword(Keyword::PERCENT);
            let _ = self.parse_one_of_keywords(&[Keyword::ROW, Keyword::ROWS]);
            (Some(quantity), percent)
        };
        let with_ties = if self.parse_keyword(Keyword::ONLY) {
            false
        } else {
            self.parse_keywords(&[Keyword::WITH, Keyword::TIES])
        };
        Ok(Fetch {
            with_ties,
            percent,
            quantity,
        })
    }

    /// `UPDATE|SHARE [OF t] [NOWAIT | SKIP LOCKED]` (FOR read). sqlparser knows no
    /// `NO KEY UPDATE` or `KEY SHARE`: they fail here as there.
    pub(super) fn query_lock(&mut self) -> Result<LockClause, ParserError> {
        let lock_type = match self.expect_one_of_keywords(&[Keyword::UPDATE, Keyword::SHARE])? {
            Keyword::UPDATE => LockType::Update,
            _ => LockType::Share,
        };
        let of = if self.parse_keyword(Keyword::OF) {
            Some(self.parse_object_name()?)
        } else {
            None
        };
        let nonblock = if self.parse_keyword(Keyword::NOWAIT) {
            Some(NonBlock::Nowait)
        } else if self.parse_keywords(&[Keyword::SKIP, Keyword::LOCKED]) {
            Some(NonBlock::SkipLocked)
        } else {
            None
        };
        Ok(LockClause {
            lock_type,
            of,
            nonblock,
        })
    }

    /// T-SQL's `FOR XML ...`, `FOR JSON ...`, `FOR BROWSE` (FOR read; sqlparser reads them in
    /// every dialect); `None` when FOR starts a row lock instead.
    pub(super) fn query_for_clause(&mut self) -> Result<Option<ForClause>, ParserError> {
        if self.parse_keyword(Keyword::XML) {
            Ok(Some(self.query_for_xml()?))
        } else if self.parse_keyword(Keyword::JSON) {
            Ok(Some(self.query_for_json()?))
        } else if self.parse_keyword(Keyword::BROWSE) {
            Ok(Some(ForClause::Browse))
        } else {
            Ok(None)
        }
    }

    pub(super) fn query_for_xml(&mut self) -> Result<ForClause, ParserError> {
        let for_xml = if self.parse_keyword(Keyword::RAW) {
            ForXml::Raw(self.query_optional_element_name()?)
        } else if self.parse_keyword(Keyword::AUTO) {
            ForXml::Auto
        } else if self.parse_keyword(Keyword::EXPLICIT) {
            ForXml::Explicit
        } else if self.parse_keyword(Keyword::PATH) {
            ForXml::Path(self.query_optional_element_name()?)
        } else {
            return Err(ParserError::ParserError(
                "Expected FOR XML [RAW | AUTO | EXPLICIT | PATH ]".to_string(),
            ));
        };
        let (mut elements, mut binary_base64, mut root, mut r#type) = (false, false, None, false);
        // Unknown options after a comma are skipped, as sqlparser skips them.
        while self.consume_token(&Token::Comma) {
            if self.parse_keyword(Keyword::ELEMENTS) {
                elements = true;
            } else if self.parse_keyword(Keyword::BINARY) {
                self.expect_keyword_is(Keyword::BASE64)?;
                binary_base64 = true;
            } else if self.parse_keyword(Keyword::ROOT) {
                root = Some(self.parse_parenthesized(Parser::query_literal_string)?);
            } else if self.parse_keyword(Keyword::TYPE) {
                r#type = true;
            }
        }
        Ok(ForClause::Xml {
            for_xml,
            elements,
            binary_base64,
            root,
            r#type,
        })
    }

    pub(super) fn query_for_json(&mut self) -> Result<ForClause, ParserError> {
        let for_json = if self.parse_keyword(Keyword::AUTO) {
            ForJson::Auto
        } else if self.parse_keyword(Keyword::PATH) {
            ForJson::Path
        } else {
            return Err(ParserError::ParserError(
                "Expected FOR JSON [AUTO | PATH ]".to_string(),
            ));
        };
        let (mut root, mut include_null_values, mut without_array_wrapper) = (None, false, false);
        while self.consume_token(&Token::Comma) {
            if self.parse_keyword(Keyword::ROOT) {
                root = Some(self.parse_parenthesized(Parser::query_literal_string)?);
            } else if self.parse_keyword(Keyword::INCLUDE_NULL_VALUES) {
                include_null_values = true;
            } else if self.parse_keyword(Keyword::WITHOUT_ARRAY_WRAPPER) {
                without_array_wrapper = true;
            }
        }
        Ok(ForClause::Json {
            for_json,
            root,
            include_null_values,
            without_array_wrapper,
        })
    }

    /// RAW's and PATH's optional `('element')`.
    pub(super) fn query_optional_element_name(&mut self) -> Result<Option<String>, ParserError> {
        if self.peek_token_ref().token == Token::LParen {
            Ok(Some(
                self.parse_parenthesized(Parser::query_literal_string)?,
            ))
        } else {
            Ok(None)
        }
    }

    /// A string given as a literal or a bare non-keyword word (sqlparser's
    /// `parse_literal_string`).
    pub(crate) fn query_literal_string(&mut self) -> Result<String, ParserError> {
        let next = self.next_token();
        match next.token {
            Token::Word(w) if w.keyword == Keyword::NoKeyword => Ok(w.value),
            Token::SingleQuotedString(s) | Token::DoubleQuotedString(s) => Ok(s),
            Token::EscapedStringLiteral(s)
                if matches!(self.flavor, Flavor::Postgres | Flavor::Generic) =>
            {
                Ok(s)
            }
            Token::UnicodeStringLiteral(s) => Ok(s),
            _ => self.expected("literal string", next),
        }
    }

    /// The generic dialect's `SETTINGS key = value, ...`.
    pub(super) fn query_settings(&mut self) -> Result<Option<Vec<Setting>>, ParserError> {
        if !self.flavor.query_supports_settings() || !self.parse_keyword(Keyword::SETTINGS) {
            return Ok(None);
        }
        let settings = self.parse_comma_separated(|p| {
            let key = p.parse_identifier()?;
            p.expect_token(&Token::Eq)?;
            let value = p.parse_expr()?;
            Ok(Setting { key, value })
        })?;
        Ok(Some(settings))
    }

    /// The generic dialect's `FORMAT name | FORMAT NULL`.
    pub(super) fn query_format_clause(&mut self) -> Result<Option<FormatClause>, ParserError> {
        if !self.flavor.query_supports_settings() || !self.parse_keyword(Keyword::FORMAT) {
            return Ok(None);
        }
        if self.parse_keyword(Keyword::NULL) {
            return Ok(Some(FormatClause::Null));
        }
        Ok(Some(FormatClause::Identifier(self.parse_identifier()?)))
    }
}
