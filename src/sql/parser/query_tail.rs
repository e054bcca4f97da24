//! What may follow a query body: ORDER BY, LIMIT and OFFSET, FETCH and the row locks (FOR
//! UPDATE/SHARE). T-SQL's FOR XML/JSON/BROWSE and ClickHouse's clauses are refused.

use super::super::Parser;
use super::refused::{FORMAT, FOR_CLAUSES, SETTINGS};
use sqlparser::ast::{
    Expr, Fetch, LimitClause, LockClause, LockType, NonBlock, Offset, OffsetRows, OrderBy,
    OrderByKind, Query,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// What may follow a query body: ORDER BY, LIMIT/OFFSET, FETCH, FOR UPDATE/SHARE and a
    /// LIMIT after the locks; set into `query` one by one.
    pub(super) fn query_tail(&mut self, query: &mut Query) -> Result<(), ParserError> {
        query.order_by = self.query_order_by()?;
        query.limit_clause = self.query_limit_clause()?;
        self.query_refuse_generic(SETTINGS)?;
        if self.parse_keyword(Keyword::FETCH) {
            query.fetch = Some(self.query_fetch()?);
        }
        while self.parse_keyword(Keyword::FOR) {
            if let Some((_, name)) = FOR_CLAUSES.iter().find(|(k, _)| self.peek_keyword(k[0])) {
                return self.query_refuse_current(name);
            }
            query.locks.extend(self.query_lock()?);
        }
        // PostgreSQL takes LIMIT after the locks too; sqlparser accepts it in every dialect.
        if query.limit_clause.is_none() {
            query.limit_clause = self.query_limit_clause()?;
        }
        self.query_refuse_generic(FORMAT)?;
        if self.flavor.query_supports_pipe_operator()
            && matches!(
                self.peek_token_ref().token,
                Token::VerticalBarRightAngleBracket
            )
        {
            return self.refuse_next("a pipe operator (`|>`)");
        }
        Ok(())
    }

    /// `ORDER BY item, ...` (each item the expression part's).
    pub(super) fn query_order_by(&mut self) -> Result<Option<OrderBy>, ParserError> {
        if !self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            return Ok(None);
        }
        let exprs = self.parse_comma_separated(Parser::parse_order_by_expr)?;
        self.query_refuse_generic(&[(&[Keyword::INTERPOLATE], "INTERPOLATE")])?;
        Ok(Some(OrderBy {
            kind: OrderByKind::Expressions(exprs),
            interpolate: None,
        }))
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
        if self.parse_keyword(Keyword::LIMIT) {
            // `LIMIT ALL` reads as no limit.
            let expr = if self.parse_keyword(Keyword::ALL) {
                None
            } else {
                Some(self.parse_expr()?)
            };
            // `LIMIT offset, count`. The expression is moved, never cloned: a clone of an
            // `Expr` here linked a second copy of sqlparser's whole Clone tree into the app.
            let expr = match expr {
                Some(first)
                    if self.flavor.query_supports_limit_comma()
                        && offset.is_none()
                        && self.consume_token(&Token::Comma) =>
                {
                    return Ok(Some(LimitClause::OffsetCommaLimit {
                        offset: first,
                        limit: self.parse_expr()?,
                    }));
                }
                expr => expr,
            };
            if self.flavor.query_supports_limit_by() && self.peek_keyword(Keyword::BY) {
                return self.refuse_next("LIMIT ... BY");
            }
            limit = Some(expr);
        }
        if offset.is_none() && limit.is_some() && self.parse_keyword(Keyword::OFFSET) {
            offset = Some(self.query_offset()?);
        }
        let has_limit = matches!(limit, Some(Some(_)));
        if offset.is_none() && !has_limit {
            return Ok(None);
        }
        Ok(Some(LimitClause::LimitOffset {
            limit: limit.flatten(),
            offset,
            limit_by: vec![],
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

    /// `UPDATE|SHARE [OF t [, u ...]] [NOWAIT | SKIP LOCKED]` (FOR read). sqlparser knows no
    /// `NO KEY UPDATE` or `KEY SHARE`: they fail here as there. A clause's tree names one
    /// table: `OF t, u` gives a clause of each, which locks as the one clause does.
    pub(super) fn query_lock(&mut self) -> Result<Vec<LockClause>, ParserError> {
        let lock_type = match self.expect_one_of_keywords(&[Keyword::UPDATE, Keyword::SHARE])? {
            Keyword::UPDATE => LockType::Update,
            _ => LockType::Share,
        };
        let mut of = Vec::new();
        if self.parse_keyword(Keyword::OF) {
            of.push(Some(self.parse_object_name()?));
            while self.consume_token(&Token::Comma) {
                of.push(Some(self.parse_object_name()?));
            }
        } else {
            of.push(None);
        }
        let nonblock = if self.parse_keyword(Keyword::NOWAIT) {
            Some(NonBlock::Nowait)
        } else if self.parse_keywords(&[Keyword::SKIP, Keyword::LOCKED]) {
            Some(NonBlock::SkipLocked)
        } else {
            None
        };
        Ok(of
            .into_iter()
            .map(|of| LockClause {
                lock_type,
                of,
                nonblock,
            })
            .collect())
    }
}
