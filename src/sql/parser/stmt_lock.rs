//! PostgreSQL's `LOCK [TABLE] [ONLY] name [*], ... [IN mode MODE] [NOWAIT]`, read as
//! sqlparser reads it. MySQL's LOCK TABLES is another statement (refused in `stmt.rs`).

use super::super::Parser;
use crate::sql::Flavor;
use sqlparser::ast::{Lock, LockTableMode, LockTableTarget, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// PostgreSQL's `LOCK TABLE`.
    pub(super) fn stmt_lock_table(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// After `LOCK`.
    pub(super) fn parse_lock_table(&mut self) -> Result<Statement, ParserError> {
        if self.peek_keyword(Keyword::TABLES) {
            return self.expected_ref("TABLE or a table name", self.peek_token_ref());
        }
        let _ = self.parse_keyword(Keyword::TABLE);
        let tables = self.parse_comma_separated(|p| {
            let only = p.parse_keyword(Keyword::ONLY);
            let name = p.stmt_object_name()?;
            let has_asterisk = p.consume_token(&Token::Mul);
            Ok(LockTableTarget {
                name,
                only,
                has_asterisk,
            })
        })?;
        let lock_mode = if self.parse_keyword(Keyword::IN) {
            let mode = self.lock_table_mode()?;
            self.expect_keyword(Keyword::MODE)?;
            Some(mode)
        } else {
            None
        };
        let nowait = self.parse_keyword(Keyword::NOWAIT);
        Ok(Statement::Lock(Lock {
            tables,
            lock_mode,
            nowait,
        }))
    }

    fn lock_table_mode(&mut self) -> Result<LockTableMode, ParserError> {
        // Keywords named in full: the keyword list's test finds them by `Keyword::` in the
        // sources.
        let modes: [(&[Keyword], LockTableMode); 8] = [
            (
                &[Keyword::ACCESS, Keyword::SHARE],
                LockTableMode::AccessShare,
            ),
            (
                &[Keyword::ACCESS, Keyword::EXCLUSIVE],
                LockTableMode::AccessExclusive,
            ),
            (&[Keyword::ROW, Keyword::SHARE], LockTableMode::RowShare),
            (
                &[Keyword::ROW, Keyword::EXCLUSIVE],
                LockTableMode::RowExclusive,
            ),
            (
                &[Keyword::SHARE, Keyword::UPDATE, Keyword::EXCLUSIVE],
                LockTableMode::ShareUpdateExclusive,
            ),
            (
                &[Keyword::SHARE, Keyword::ROW, Keyword::EXCLUSIVE],
                LockTableMode::ShareRowExclusive,
            ),
            (&[Keyword::SHARE], LockTableMode::Share),
            (&[Keyword::EXCLUSIVE], LockTableMode::Exclusive),
        ];
        for (words, mode) in modes {
            if self.parse_keywords(words) {
                return Ok(mode);
            }
        }
        self.expected_ref("a PostgreSQL LOCK TABLE mode", self.peek_token_ref())
    }
}
