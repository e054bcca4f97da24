//! The clauses of a SELECT after FROM that group: GROUP BY and WINDOW. Grouping sets, CUBE,
//! ROLLUP, QUALIFY and the like are refused (`query_refused.rs`).

use super::super::Parser;
use super::refused::{GROUPINGS, GROUP_BY_MODIFIERS, QUALIFY};
use crate::sql::Flavor;
use sqlparser::ast::{Expr, GroupByExpr, NamedWindowDefinition, NamedWindowExpr, Select};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// `GROUP BY [ALL | item, ...]`.
    pub(super) fn query_group_by(&mut self) -> Result<Option<GroupByExpr>, ParserError> {
        if !self.parse_keywords(&[Keyword::GROUP, Keyword::BY]) {
            return Ok(None);
        }
        let expressions = if self.parse_keyword(Keyword::ALL) {
            None
        } else {
            Some(self.parse_comma_separated(Parser::query_group_by_item)?)
        };
        if self.flavor.query_supports_group_by_with_modifier() {
            self.query_refuse(GROUP_BY_MODIFIERS)?;
        }
        self.query_refuse(&GROUPINGS[..1])?;
        let modifiers = vec![];
        Ok(Some(match expressions {
            None => GroupByExpr::All(modifiers),
            Some(exprs) => GroupByExpr::Expressions(exprs, modifiers),
        }))
    }

    /// One GROUP BY item; PostgreSQL (and the generic dialect) also take `()` (and would take
    /// GROUPING SETS, CUBE and ROLLUP).
    pub(super) fn query_group_by_item(&mut self) -> Result<Expr, ParserError> {
        if !self.flavor.query_supports_group_by_expr() {
            return self.parse_expr();
        }
        self.query_refuse(GROUPINGS)?;
        if self.consume_tokens(&[Token::LParen, Token::RParen]) {
            return Ok(Expr::Tuple(vec![]));
        }
        self.parse_expr()
    }

    /// WINDOW (QUALIFY, before or after it, is refused).
    pub(super) fn query_window(&mut self, select: &mut Select) -> Result<(), ParserError> {
        self.query_refuse(QUALIFY)?;
        if self.parse_keyword(Keyword::WINDOW) {
            select.named_window = self.parse_comma_separated(Parser::query_named_window)?;
            select.window_before_qualify = true;
            self.query_refuse(QUALIFY)?;
        }
        Ok(())
    }

    /// `name AS (spec)`, or `name AS other` in the generic dialect.
    pub(super) fn query_named_window(&mut self) -> Result<NamedWindowDefinition, ParserError> {
        let name = self.parse_identifier()?;
        self.expect_keyword_is(Keyword::AS)?;
        let window = if self.consume_token(&Token::LParen) {
            NamedWindowExpr::WindowSpec(self.parse_window_spec()?)
        } else if self.flavor.is_generic() {
            NamedWindowExpr::NamedWindow(self.parse_identifier()?)
        } else {
            return self.expected("(", self.peek_token());
        };
        Ok(NamedWindowDefinition(name, window))
    }

    /// `keyword expr`, or nothing when the keyword is not next.
    pub(super) fn query_optional_expr_after(
        &mut self,
        keyword: Keyword,
    ) -> Result<Option<Expr>, ParserError> {
        if self.parse_keyword(keyword) {
            Ok(Some(self.parse_expr()?))
        } else {
            Ok(None)
        }
    }
}

/// The questions sqlparser's dialects answer for GROUP BY.
impl Flavor {
    /// `GROUP BY ... WITH ROLLUP`.
    fn query_supports_group_by_with_modifier(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// GROUPING SETS, CUBE, ROLLUP and `()` as GROUP BY items.
    fn query_supports_group_by_expr(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}
