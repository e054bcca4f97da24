//! PostgreSQL's `CREATE TYPE name AS ENUM ('a', 'b', ...)`, the one form of CREATE TYPE the
//! lab models (job queues keep a job's state in such a type: Oban, River, pg-boss). The other
//! forms (composite, range, base types) are refused by name.

use super::super::Parser;
use crate::sql::Flavor;
use sqlparser::ast::{Statement, UserDefinedTypeRepresentation};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// `CREATE TYPE ... AS ENUM`.
    pub(super) fn stmt_create_type(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// After `CREATE TYPE`.
    pub(super) fn parse_create_type(&mut self) -> Result<Statement, ParserError> {
        let name = self.stmt_object_name()?;
        if !self.parse_keywords(&[Keyword::AS, Keyword::ENUM]) {
            return self
                .refuse_next("CREATE TYPE other than AS ENUM (a composite, range or base type)");
        }
        self.expect_token(&Token::LParen)?;
        let labels = if matches!(self.peek_token_ref().token, Token::RParen) {
            Vec::new()
        } else {
            self.parse_comma_separated(|p| {
                let next = p.next_token();
                match next.token {
                    Token::SingleQuotedString(s) => Ok(sqlparser::ast::Ident::with_quote('\'', s)),
                    _ => p.expected("a label in single quotes", next),
                }
            })?
        };
        self.expect_token(&Token::RParen)?;
        Ok(Statement::CreateType {
            name,
            representation: Some(UserDefinedTypeRepresentation::Enum { labels }),
        })
    }
}
