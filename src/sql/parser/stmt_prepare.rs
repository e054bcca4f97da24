//! PostgreSQL's prepared statements, read as sqlparser reads them:
//! `PREPARE name [(type, ...)] AS statement`, `EXECUTE name [(expr, ...)]` and
//! `DEALLOCATE [PREPARE] {name | ALL}` (ALL is a name to sqlparser: `Ident("ALL")`, unquoted).
//! What sqlparser reads there for other databases and PostgreSQL does not (a name in single
//! quotes or qualified; another statement than a query or INSERT, UPDATE, DELETE after AS;
//! T-SQL's EXECUTE without parentheses, INTO, USING, OUTPUT, DEFAULT) is refused by name. In
//! the other flavours these words stay refused as statements (`known_statement` in
//! `stmt.rs`).

use super::super::{parser_err, unsupported, Parser};
use crate::sql::lexer::keyword_name;
use crate::sql::Flavor;
use sqlparser::ast::{Ident, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// `PREPARE`, `EXECUTE` and `DEALLOCATE` as PostgreSQL's prepared statements.
    pub(super) fn stmt_prepared_statements(self) -> bool {
        self == Flavor::Postgres
    }
}

/// Words sqlparser reads after EXECUTE's parameters (T-SQL's, BigQuery's), never PostgreSQL.
const EXECUTE_TAIL: [Keyword; 4] = [
    Keyword::INTO,
    Keyword::USING,
    Keyword::OUTPUT,
    Keyword::DEFAULT,
];

impl Parser {
    /// After `PREPARE`.
    pub(super) fn parse_prepare(&mut self) -> Result<Statement, ParserError> {
        let name = self.prepared_name()?;
        let data_types = if self.consume_token(&Token::LParen) {
            let types = self.parse_comma_separated(|p| p.parse_data_type())?;
            self.expect_token(&Token::RParen)?;
            types
        } else {
            vec![]
        };
        self.expect_keyword_is(Keyword::AS)?;
        // Read whole, as sqlparser does, then held to what PostgreSQL prepares.
        let at = self.peek_token_ref().span.start;
        let statement = self.parse_statement()?;
        if !matches!(
            statement,
            Statement::Query(_)
                | Statement::Insert(_)
                | Statement::Update(_)
                | Statement::Delete(_)
        ) {
            return parser_err(
                unsupported(
                    "PREPARE of a statement other than SELECT, VALUES, INSERT, UPDATE or DELETE",
                ),
                at,
            );
        }
        Ok(Statement::Prepare {
            name,
            data_types,
            statement: Box::new(statement),
        })
    }

    /// After `EXECUTE`. `EXECUTE q` has no parentheses, `EXECUTE q()` has them (and no
    /// parameters: sqlparser takes it, PostgreSQL does not).
    pub(super) fn parse_execute(&mut self) -> Result<Statement, ParserError> {
        if matches!(self.peek_token_ref().token, Token::LParen) {
            // sqlparser reads T-SQL's `EXECUTE (expression)`, with no name.
            return self.refuse_next("EXECUTE without a prepared statement's name");
        }
        let at = self.peek_token_ref().span.start;
        let name = self.prepared_name()?;
        if matches!(self.peek_token_ref().token, Token::Period) {
            return parser_err(unsupported("a qualified prepared statement name"), at);
        }
        let has_parentheses = self.consume_token(&Token::LParen);
        let mut parameters = vec![];
        if has_parentheses {
            if !matches!(self.peek_token_ref().token, Token::RParen) {
                parameters = self.parse_comma_separated(|p| p.parse_expr())?;
            }
            self.expect_token(&Token::RParen)?;
        }
        if let Some(word) = self.peek_one_of_keywords(&EXECUTE_TAIL) {
            return self.refuse_next(&format!("EXECUTE ... {}", keyword_name(word)));
        }
        if !has_parentheses && !matches!(self.peek_token_ref().token, Token::EOF | Token::SemiColon)
        {
            // sqlparser reads T-SQL's `EXEC p 1, 2` here: an expression that does not parse
            // is its error, one that does is refused.
            let at = self.peek_token_ref().span.start;
            self.parse_expr()?;
            return parser_err(unsupported("EXECUTE's parameters without parentheses"), at);
        }
        Ok(Statement::Execute {
            name: Some(crate::sql::build::name(name)),
            parameters,
            has_parentheses,
            immediate: false,
            into: vec![],
            using: vec![],
            output: false,
            default: false,
        })
    }

    /// After `DEALLOCATE`. `DEALLOCATE PREPARE` alone is an error to sqlparser (PostgreSQL
    /// reads a statement named `prepare`).
    pub(super) fn parse_deallocate(&mut self) -> Result<Statement, ParserError> {
        let prepare = self.parse_keyword(Keyword::PREPARE);
        let name = self.prepared_name()?;
        Ok(Statement::Deallocate { name, prepare })
    }

    /// A prepared statement's name: one identifier. sqlparser takes a string there too
    /// (`'q'`), PostgreSQL does not.
    fn prepared_name(&mut self) -> Result<Ident, ParserError> {
        let at = self.peek_token_ref().span.start;
        let name = self.parse_identifier()?;
        if name.quote_style == Some('\'') {
            return parser_err(
                unsupported("a prepared statement name in single quotes"),
                at,
            );
        }
        Ok(name)
    }
}
