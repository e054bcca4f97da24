//! PostgreSQL's `LISTEN channel`, `UNLISTEN channel | *` and `NOTIFY channel [, payload]`,
//! read as sqlparser 0.64 reads them (`parse_listen`, `parse_unlisten`, `parse_notify`),
//! quirks included: a channel may be any word (a keyword too) or a quoted string. A payload
//! that is a word, which sqlparser reads when it is none of its keywords, is refused by
//! name (PostgreSQL reads a string constant only). In the other flavours these
//! words begin no statement, as in sqlparser's other dialects.

use super::super::Parser;
use crate::sql::Flavor;
use sqlparser::ast::{Ident, Statement};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// `LISTEN`, `UNLISTEN`, `NOTIFY`.
    pub(super) fn stmt_listen_notify(self) -> bool {
        self == Flavor::Postgres
    }
}

impl Parser {
    /// After `LISTEN`.
    pub(super) fn parse_listen(&mut self) -> Result<Statement, ParserError> {
        Ok(Statement::LISTEN {
            channel: self.parse_identifier()?,
        })
    }

    /// After `UNLISTEN`. sqlparser holds `*` as an unquoted name `*` (the text of its
    /// wildcard expression); anything that is no name fails at that token with sqlparser's
    /// own words, not `parse_identifier`'s.
    pub(super) fn parse_unlisten(&mut self) -> Result<Statement, ParserError> {
        let channel = if self.consume_token(&Token::Mul) {
            Ident::new("*")
        } else {
            match self.parse_identifier() {
                Ok(name) => name,
                Err(_) => {
                    // parse_identifier consumed the offending token: step back so the error
                    // names it and its position, as sqlparser's does.
                    self.prev_token();
                    return self.expected_ref("wildcard or identifier", self.peek_token_ref());
                }
            }
        };
        Ok(Statement::UNLISTEN { channel })
    }

    /// After `NOTIFY`: PostgreSQL reads a payload that is a string constant only.
    pub(super) fn parse_notify(&mut self) -> Result<Statement, ParserError> {
        let channel = self.parse_identifier()?;
        let payload = if self.consume_token(&Token::Comma) {
            Some(self.parse_literal_string("A NOTIFY payload that is a name")?)
        } else {
            None
        };
        Ok(Statement::NOTIFY { channel, payload })
    }
}
