//! Expressions, literals and data types.

use super::Parser;
use sqlparser::ast::{DataType, Expr, OrderByExpr};
use sqlparser::parser::ParserError;

impl Parser {
    /// One expression (sqlparser's `Parser::parse_expr`).
    pub fn parse_expr(&mut self) -> Result<Expr, ParserError> {
        self.expected("an expression", self.peek_token())
    }

    /// A data type, as in a column definition or CAST (sqlparser's `parse_data_type`).
    pub fn parse_data_type(&mut self) -> Result<DataType, ParserError> {
        self.expected("a data type name", self.peek_token())
    }

    /// One ORDER BY item: an expression with ASC/DESC and NULLS FIRST/LAST
    /// (sqlparser's `parse_order_by_expr`), also used by window specifications.
    pub fn parse_order_by_expr(&mut self) -> Result<OrderByExpr, ParserError> {
        self.expected("an expression", self.peek_token())
    }
}
