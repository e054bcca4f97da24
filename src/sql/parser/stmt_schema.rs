//! PostgreSQL's `CREATE SCHEMA [IF NOT EXISTS] name` (pgmq keeps its queues in a schema of
//! their own). A schema given to a role (AUTHORIZATION) or made with objects inside it is
//! refused by name.

use super::super::Parser;
use crate::sql::Flavor;
use sqlparser::ast::{SchemaName, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;

impl Flavor {
    /// `CREATE SCHEMA`.
    pub(super) fn stmt_create_schema(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// After `CREATE SCHEMA`.
    pub(super) fn parse_create_schema(&mut self) -> Result<Statement, ParserError> {
        let if_not_exists = self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]);
        if self.peek_keyword(Keyword::AUTHORIZATION) {
            return self.refuse_next("CREATE SCHEMA AUTHORIZATION");
        }
        let name = self.stmt_object_name()?;
        if self.peek_keyword(Keyword::AUTHORIZATION) {
            return self.refuse_next("CREATE SCHEMA ... AUTHORIZATION");
        }
        if self
            .peek_one_of_keywords(&[Keyword::CREATE, Keyword::GRANT])
            .is_some()
        {
            return self.refuse_next("CREATE SCHEMA with objects inside it");
        }
        Ok(Statement::CreateSchema {
            schema_name: SchemaName::Simple(name),
            if_not_exists,
            with: None,
            options: None,
            default_collate_spec: None,
            clone: None,
            or_replace: false,
        })
    }
}
