//! Queries: WITH, SELECT, set operations, FROM and joins, ORDER BY, LIMIT, row locks.

use super::Parser;
use sqlparser::ast::{Query, SelectItem, TableWithJoins};
use sqlparser::parser::ParserError;

impl Parser {
    /// A query (sqlparser's `Parser::parse_query`).
    pub fn parse_query(&mut self) -> Result<Box<Query>, ParserError> {
        self.expected("a query", self.peek_token())
    }

    /// A table with its joins, as after FROM (sqlparser's `parse_table_and_joins`); also
    /// read by UPDATE and DELETE.
    pub fn parse_table_and_joins(&mut self) -> Result<TableWithJoins, ParserError> {
        self.expected("a table name", self.peek_token())
    }

    /// One item of a select list (sqlparser's `parse_select_item`); also read by RETURNING.
    pub fn parse_select_item(&mut self) -> Result<SelectItem, ParserError> {
        self.expected("an expression", self.peek_token())
    }
}
