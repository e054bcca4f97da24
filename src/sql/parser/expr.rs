//! Expressions, literals and data types, built as sqlparser's parser builds them for the
//! five flavours, so that the engine behind the parser cannot tell the two apart.
//!
//! Here: the entry points, ORDER BY items, the column-definition state and the
//! precedence-climbing loop. Beside it: `expr_precedence.rs` (each flavour's binding
//! strengths), `expr_prefix.rs` (what an expression starts with), `expr_access.rs` (`.field`,
//! `[i]`), `expr_special.rs` and `expr_datetime.rs` (the keyword-led forms: CASE, CAST,
//! EXTRACT, INTERVAL, ...), `expr_call.rs` (function calls and windows), `expr_infix.rs` and
//! `expr_predicate.rs` (operators), `expr_type.rs` and `expr_type_args.rs` (data types),
//! `expr_typed.rs` (PostgreSQL's typed strings of any type), `expr_memo.rs` (the memory of
//! failed starts).

#[path = "expr_access.rs"]
mod access;
#[path = "expr_call.rs"]
mod call;
#[path = "expr_datetime.rs"]
mod datetime;
#[path = "expr_infix.rs"]
mod infix;
#[path = "expr_memo.rs"]
mod memo;
#[path = "expr_precedence.rs"]
mod precedence;
#[path = "expr_predicate.rs"]
mod predicate;
#[path = "expr_prefix.rs"]
mod prefix;
#[path = "expr_special.rs"]
mod special;
#[path = "expr_type_args.rs"]
mod type_args;
#[path = "expr_typed.rs"]
mod typed;
#[path = "expr_type.rs"]
mod types;

use super::Parser;
use crate::sql::print::ToSql;
use crate::sql::Flavor;
pub(crate) use precedence::Prec;
use sqlparser::ast::{DataType, Expr, OrderByExpr, OrderByOptions, OrderBySort, WithFill};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// One expression (sqlparser's `Parser::parse_expr`).
    pub fn parse_expr(&mut self) -> Result<Expr, ParserError> {
        self.subexpr(0).map(|e| *e)
    }

    /// A data type, as in a column definition or CAST (sqlparser's `parse_data_type`).
    pub fn parse_data_type(&mut self) -> Result<DataType, ParserError> {
        self.data_type_outer()
    }

    /// One ORDER BY item: an expression with ASC/DESC and NULLS FIRST/LAST
    /// (sqlparser's `parse_order_by_expr`), also used by window specifications.
    pub fn parse_order_by_expr(&mut self) -> Result<OrderByExpr, ParserError> {
        let expr = *self.subexpr(0)?;
        let options = if self.flavor == Flavor::Postgres && self.parse_keyword(Keyword::USING) {
            let op = self.order_by_using_operator()?;
            OrderByOptions {
                sort: Some(OrderBySort::Using(op)),
                nulls_first: self.parse_nulls_first_last(),
            }
        } else {
            let sort = if self.parse_keyword(Keyword::ASC) {
                Some(OrderBySort::Asc)
            } else if self.parse_keyword(Keyword::DESC) {
                Some(OrderBySort::Desc)
            } else {
                None
            };
            OrderByOptions {
                sort,
                nulls_first: self.parse_nulls_first_last(),
            }
        };
        let with_fill =
            if self.flavor.is_generic() && self.parse_keywords(&[Keyword::WITH, Keyword::FILL]) {
                Some(self.with_fill()?)
            } else {
                None
            };
        Ok(OrderByExpr {
            expr,
            options,
            with_fill,
        })
    }

    /// ClickHouse's `WITH FILL [FROM x] [TO y] [STEP z]` (generic dialect), after FILL.
    fn with_fill(&mut self) -> Result<WithFill, ParserError> {
        let bound = |p: &mut Self, keyword| -> Result<Option<Expr>, ParserError> {
            if p.parse_keyword(keyword) {
                Ok(Some(*p.subexpr(0)?))
            } else {
                Ok(None)
            }
        };
        let from = bound(self, Keyword::FROM)?;
        let to = bound(self, Keyword::TO)?;
        let step = bound(self, Keyword::STEP)?;
        Ok(WithFill { from, to, step })
    }

    /// `NULLS FIRST` (true) or `NULLS LAST` (false), if there.
    pub(crate) fn parse_nulls_first_last(&mut self) -> Option<bool> {
        if self.parse_keywords(&[Keyword::NULLS, Keyword::FIRST]) {
            Some(true)
        } else if self.parse_keywords(&[Keyword::NULLS, Keyword::LAST]) {
            Some(false)
        } else {
            None
        }
    }

    /// PostgreSQL's `ORDER BY x USING <`: the operator, as one name.
    fn order_by_using_operator(&mut self) -> Result<sqlparser::ast::ObjectName, ParserError> {
        if self.parse_keyword(Keyword::OPERATOR) {
            self.expect_token(&Token::LParen)?;
            let parts = self.pg_operator_name_parts_until_rparen()?;
            let idents: Vec<sqlparser::ast::Ident> =
                parts.into_iter().map(sqlparser::ast::Ident::new).collect();
            return Ok(crate::sql::build::name_of(idents));
        }
        let token = self.next_token();
        Ok(crate::sql::build::name(sqlparser::ast::Ident::new(
            token.token.to_sql(),
        )))
    }

    /// The parts of an operator name up to `)`, as in `OPERATOR(pg_catalog.+)`.
    fn pg_operator_name_parts_until_rparen(&mut self) -> Result<Vec<String>, ParserError> {
        let mut parts = Vec::new();
        loop {
            let t = self.next_token();
            parts.push(t.token.to_sql());
            if !self.consume_token(&Token::Period) {
                break;
            }
        }
        self.expect_token(&Token::RParen)?;
        Ok(parts)
    }

    /// Whether a column definition's options are being read (see
    /// [`Parser::in_column_definition`]'s field).
    pub(crate) fn in_column_definition(&self) -> bool {
        self.in_column_definition
    }

    /// Runs `f` with the column-definition state set to `on` (sqlparser's `with_state`):
    /// `true` around a column's options, `false` inside parentheses and CHECK.
    pub(crate) fn with_column_definition<T>(
        &mut self,
        on: bool,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<T, ParserError> {
        let before = std::mem::replace(&mut self.in_column_definition, on);
        let result = f(self);
        self.in_column_definition = before;
        result
    }

    /// One or more expressions separated by commas.
    pub(crate) fn expr_list(&mut self) -> Result<Vec<Expr>, ParserError> {
        let mut list = Vec::new();
        loop {
            list.push(*self.subexpr(0)?);
            if !self.consume_token(&Token::Comma) {
                return Ok(list);
            }
        }
    }

    /// An expression whose operators bind tighter than `precedence` (sqlparser's
    /// `parse_subexpr`), one nesting level deeper, boxed. The expression parser passes its trees boxed
    /// between the functions that recurse, so that each level of nesting holds pointers on
    /// the stack, not whole trees (which matters in unoptimised builds, whose frames keep
    /// every temporary apart).
    pub(super) fn subexpr(&mut self, precedence: u8) -> Result<Box<Expr>, ParserError> {
        self.nested(|p| p.subexpr_at(precedence))
    }

    fn subexpr_at(&mut self, precedence: u8) -> Result<Box<Expr>, ParserError> {
        let mut expr = self.operand()?;
        loop {
            let next = self.next_precedence();
            if precedence >= next || matches!(self.peek_token_ref().token, Token::Period) {
                return Ok(expr);
            }
            expr = self.infix(expr, next)?;
        }
    }

    /// A prefix with its accessors (`.field`, `[i]`) and a COLLATE after them.
    fn operand(&mut self) -> Result<Box<Expr>, ParserError> {
        let prefix = self.prefix_boxed()?;
        let expr = self.compound(prefix)?;
        self.collated(expr)
    }

    fn collated(&mut self, expr: Box<Expr>) -> Result<Box<Expr>, ParserError> {
        if !self.in_column_definition() && self.parse_keyword(Keyword::COLLATE) {
            let collation = self.parse_object_name()?;
            return Ok(Box::new(Expr::Collate { expr, collation }));
        }
        Ok(expr)
    }
}

#[cfg(test)]
#[path = "expr_tests.rs"]
mod tests;
#[cfg(test)]
#[path = "expr_tests_random.rs"]
mod tests_random;
