//! Statements other than queries: INSERT, UPDATE, DELETE, DDL, transactions, SET, DECLARE.

use super::Parser;
use sqlparser::ast::Statement;
use sqlparser::parser::ParserError;

impl Parser {
    /// One statement (sqlparser's `Parser::parse_statement`).
    pub fn parse_statement(&mut self) -> Result<Statement, ParserError> {
        self.expected("an SQL statement", self.peek_token())
    }
}
