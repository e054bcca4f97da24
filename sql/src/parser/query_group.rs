//! The clauses of a SELECT after FROM that group or filter: GROUP BY (with MySQL's WITH
//! ROLLUP and PostgreSQL's GROUPING SETS, CUBE and ROLLUP), WINDOW, QUALIFY, and the ones
//! sqlparser reads in every dialect: LATERAL VIEW and START WITH.

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    ConnectByKind, Expr, GroupByExpr, GroupByWithModifier, LateralView, NamedWindowDefinition,
    NamedWindowExpr, Select,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

/// Words that end a LATERAL VIEW's column aliases.
const LATERAL_VIEW_ALIAS_END: &[Keyword] = &[
    Keyword::WHERE,
    Keyword::GROUP,
    Keyword::CLUSTER,
    Keyword::HAVING,
    Keyword::LATERAL,
];

impl Parser {
    /// Hive's `LATERAL VIEW [OUTER] expr name [AS] alias, ...`, which sqlparser reads in
    /// every dialect.
    pub(super) fn query_lateral_views(&mut self) -> Result<Vec<LateralView>, ParserError> {
        let mut views = vec![];
        while self.parse_keywords(&[Keyword::LATERAL, Keyword::VIEW]) {
            let outer = self.parse_keyword(Keyword::OUTER);
            let lateral_view = self.parse_expr()?;
            let lateral_view_name = self.parse_object_name()?;
            let aliases = self.parse_comma_separated(|p| {
                p.query_optional_alias(|explicit, kw| {
                    explicit || !LATERAL_VIEW_ALIAS_END.contains(&kw)
                })
            })?;
            views.push(LateralView {
                lateral_view,
                lateral_view_name,
                lateral_col_alias: aliases.into_iter().flatten().collect(),
                outer,
            });
        }
        Ok(views)
    }

    /// Oracle's `START WITH cond` and `CONNECT BY [NOCYCLE] relationship, ...`, in any order
    /// (sqlparser reads them in every dialect).
    pub(super) fn query_connect_by(&mut self) -> Result<Vec<ConnectByKind>, ParserError> {
        let mut clauses = vec![];
        loop {
            if self.parse_keywords(&[Keyword::START, Keyword::WITH]) {
                let start_token = self.get_current_token().clone();
                clauses.push(ConnectByKind::StartWith {
                    start_token: start_token.into(),
                    condition: Box::new(self.parse_expr()?),
                });
            } else if self.parse_keywords(&[Keyword::CONNECT, Keyword::BY]) {
                let connect_token = self.get_current_token().clone();
                let nocycle = self.parse_keyword(Keyword::NOCYCLE);
                let relationships = self.query_connect_by_relationships()?;
                clauses.push(ConnectByKind::ConnectBy {
                    connect_token: connect_token.into(),
                    nocycle,
                    relationships,
                });
            } else {
                return Ok(clauses);
            }
        }
    }

    /// CONNECT BY's relationships. sqlparser reads `PRIOR x` in them as an operator, which the
    /// expression part does not: a relationship that takes PRIOR in is refused, not misread.
    fn query_connect_by_relationships(&mut self) -> Result<Vec<Expr>, ParserError> {
        let start = self.index();
        let relationships = self.parse_comma_separated(Parser::parse_expr)?;
        let prior = (start..self.index()).find(
            |&i| matches!(&self.token_at(i).token, Token::Word(w) if w.keyword == Keyword::PRIOR),
        );
        if let Some(at) = prior {
            return self.expected("no PRIOR (not supported)", self.token_at(at).clone());
        }
        Ok(relationships)
    }

    /// `GROUP BY [ALL | item, ...] [WITH ROLLUP|CUBE|TOTALS ...] [GROUPING SETS (...)]`.
    pub(super) fn query_group_by(&mut self) -> Result<Option<GroupByExpr>, ParserError> {
        if !self.parse_keywords(&[Keyword::GROUP, Keyword::BY]) {
            return Ok(None);
        }
        let expressions = if self.parse_keyword(Keyword::ALL) {
            None
        } else {
            Some(self.parse_comma_separated(Parser::query_group_by_item)?)
        };
        let mut modifiers = vec![];
        if self.flavor.query_supports_group_by_with_modifier() {
            while self.parse_keyword(Keyword::WITH) {
                let keyword = self.expect_one_of_keywords(&[
                    Keyword::ROLLUP,
                    Keyword::CUBE,
                    Keyword::TOTALS,
                ])?;
                modifiers.push(match keyword {
                    Keyword::ROLLUP => GroupByWithModifier::Rollup,
                    Keyword::CUBE => GroupByWithModifier::Cube,
                    _ => GroupByWithModifier::Totals,
                });
            }
        }
        if self.parse_keywords(&[Keyword::GROUPING, Keyword::SETS]) {
            self.expect_token(&Token::LParen)?;
            let sets = self.parse_comma_separated(|p| {
                if p.peek_token_ref().token == Token::LParen {
                    p.query_tuple()
                } else {
                    Ok(vec![p.parse_expr()?])
                }
            })?;
            self.expect_token(&Token::RParen)?;
            modifiers.push(GroupByWithModifier::GroupingSets(Expr::GroupingSets(sets)));
        }
        Ok(Some(match expressions {
            None => GroupByExpr::All(modifiers),
            Some(exprs) => GroupByExpr::Expressions(exprs, modifiers),
        }))
    }

    /// One GROUP BY item; PostgreSQL (and the generic dialect) also take GROUPING SETS,
    /// CUBE, ROLLUP and `()`.
    pub(super) fn query_group_by_item(&mut self) -> Result<Expr, ParserError> {
        if !self.flavor.query_supports_group_by_expr() {
            return self.parse_expr();
        }
        if self.parse_keywords(&[Keyword::GROUPING, Keyword::SETS]) {
            return Ok(Expr::GroupingSets(self.query_tuple_list()?));
        }
        if self.parse_keyword(Keyword::CUBE) {
            return Ok(Expr::Cube(self.query_tuple_list()?));
        }
        if self.parse_keyword(Keyword::ROLLUP) {
            return Ok(Expr::Rollup(self.query_tuple_list()?));
        }
        if self.consume_tokens(&[Token::LParen, Token::RParen]) {
            return Ok(Expr::Tuple(vec![]));
        }
        self.parse_expr()
    }

    /// `(tuple, ...)` where each tuple is `(a, b)`, `()` or a lone expression.
    pub(super) fn query_tuple_list(&mut self) -> Result<Vec<Vec<Expr>>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let tuples = self.parse_comma_separated(|p| {
            if p.peek_token_ref().token == Token::LParen {
                p.query_tuple()
            } else {
                Ok(vec![p.parse_expr()?])
            }
        })?;
        self.expect_token(&Token::RParen)?;
        Ok(tuples)
    }

    /// `(a, b, ...)` or `()`.
    pub(super) fn query_tuple(&mut self) -> Result<Vec<Expr>, ParserError> {
        self.expect_token(&Token::LParen)?;
        if self.consume_token(&Token::RParen) {
            return Ok(vec![]);
        }
        let exprs = self.parse_comma_separated(Parser::parse_expr)?;
        self.expect_token(&Token::RParen)?;
        Ok(exprs)
    }

    /// WINDOW and QUALIFY, in either order; the flag says whether WINDOW came first.
    pub(super) fn query_window_and_qualify(
        &mut self,
        select: &mut Select,
    ) -> Result<(), ParserError> {
        if self.parse_keyword(Keyword::WINDOW) {
            select.named_window = self.parse_comma_separated(Parser::query_named_window)?;
            select.qualify = self.query_optional_expr_after(Keyword::QUALIFY)?;
            select.window_before_qualify = true;
        } else if self.parse_keyword(Keyword::QUALIFY) {
            select.qualify = Some(self.parse_expr()?);
            if self.parse_keyword(Keyword::WINDOW) {
                select.named_window = self.parse_comma_separated(Parser::query_named_window)?;
            }
        }
        Ok(())
    }

    /// `name AS (spec)`, or `name AS other` in the generic dialect.
    pub(super) fn query_named_window(&mut self) -> Result<NamedWindowDefinition, ParserError> {
        let name = self.parse_identifier()?;
        self.expect_keyword_is(Keyword::AS)?;
        let window = if self.consume_token(&Token::LParen) {
            NamedWindowExpr::WindowSpec(self.parse_window_spec()?)
        } else if self.flavor == Flavor::Generic {
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

    /// `keywords expr, ...`, or nothing when the keywords are not next.
    pub(super) fn query_exprs_after(
        &mut self,
        keywords: &[Keyword],
    ) -> Result<Vec<Expr>, ParserError> {
        if self.parse_keywords(keywords) {
            self.parse_comma_separated(Parser::parse_expr)
        } else {
            Ok(vec![])
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
