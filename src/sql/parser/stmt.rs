//! Statements other than queries: INSERT, UPDATE, DELETE, DDL, transactions, SET, DECLARE.
//!
//! This file holds the dispatch on a statement's first keyword (with the dialects' own
//! overrides first, as sqlparser runs them) and the transaction-control statements; the
//! rest of the grammar is split into the `stmt_*.rs` files declared below.

#[path = "stmt_constraint.rs"]
mod constraint;
#[path = "stmt_ddl.rs"]
mod ddl;
#[path = "stmt_dml.rs"]
mod dml;
#[path = "stmt_lock.rs"]
mod lock;
#[path = "stmt_misc.rs"]
mod misc;
#[path = "stmt_notify.rs"]
mod notify;
#[path = "stmt_options.rs"]
mod options;
#[path = "stmt_prepare.rs"]
mod prepare;
#[path = "stmt_schema.rs"]
mod schema;
#[path = "stmt_sequence.rs"]
mod sequence;
#[path = "stmt_table.rs"]
mod table;
#[cfg(test)]
#[path = "stmt_tests.rs"]
mod tests;
#[path = "stmt_tsql.rs"]
mod tsql;
#[path = "stmt_type.rs"]
mod type_enum;

pub(crate) use super::unsupported;
use super::{parser_err, Parser};
use crate::sql::Flavor;
use sqlparser::ast::{
    BeginTransactionKind, Statement, TransactionAccessMode, TransactionIsolationLevel,
    TransactionMode, TransactionModifier,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// The dialect questions the statement grammar asks, answered as sqlparser's dialects answer
/// them for the five flavours.
impl Flavor {
    /// `BEGIN DEFERRED | IMMEDIATE | EXCLUSIVE | TRY | CATCH` (SQLite's and T-SQL's
    /// modifiers; the generic dialect takes them too).
    pub(crate) fn stmt_start_transaction_modifier(self) -> bool {
        matches!(self, Flavor::Sqlite | Flavor::MsSql | Flavor::Generic)
    }

    /// `END TRY` / `END CATCH` (T-SQL only).
    pub(crate) fn stmt_end_transaction_modifier(self) -> bool {
        self == Flavor::MsSql
    }

    /// `REPLACE INTO ...` as MySQL's statement (SQLite reads it as `INSERT OR REPLACE`).
    pub(crate) fn stmt_replace_statement(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// Comments of the form `/*+ ... */` right after INSERT, UPDATE or DELETE are kept
    /// as optimizer hints.
    pub(crate) fn stmt_optimizer_hints(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Postgres | Flavor::Generic)
    }

    /// `COMMENT ON ...`.
    fn stmt_comment_on(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// DuckDB's `DETACH`, `INSTALL` and ClickHouse's `OPTIMIZE TABLE`, which the generic
    /// dialect reads too.
    fn stmt_generic_extras(self) -> bool {
        self.is_generic()
    }
}

impl Parser {
    /// One statement (sqlparser's `Parser::parse_statement`).
    pub fn parse_statement(&mut self) -> Result<Statement, ParserError> {
        self.nested(|p| p.statement_in_flavor())
    }

    /// The flavour's own statements first, then the common ones.
    fn statement_in_flavor(&mut self) -> Result<Statement, ParserError> {
        if let Some(stmt) = self.flavor_statement() {
            return stmt;
        }
        let next = self.next_token();
        match &next.token {
            Token::Word(w) => {
                let keyword = w.keyword;
                self.statement_by_keyword(keyword, next)
            }
            Token::LParen => {
                self.prev_token();
                Ok(Statement::Query(self.parse_query()?))
            }
            _ => self.expected("an SQL statement", next),
        }
    }

    /// What sqlparser's dialects read before the common grammar: MySQL's LOCK / UNLOCK
    /// TABLES, SQLite's REPLACE, T-SQL's BEGIN ... END blocks, IF and CREATE TRIGGER.
    fn flavor_statement(&mut self) -> Option<Result<Statement, ParserError>> {
        match self.flavor {
            Flavor::MySql => {
                let at = self.peek_token_ref().span.start;
                if self.peek_keywords(&[Keyword::LOCK, Keyword::TABLES]) {
                    Some(parser_err(unsupported("LOCK TABLES"), at))
                } else if self.peek_keywords(&[Keyword::UNLOCK, Keyword::TABLES]) {
                    Some(parser_err(unsupported("UNLOCK TABLES"), at))
                } else {
                    None
                }
            }
            Flavor::Sqlite => {
                if self.peek_keyword(Keyword::REPLACE) {
                    // INSERT's own conflict clause reads the REPLACE.
                    let token = self.peek_token();
                    Some(self.parse_insert(token))
                } else {
                    None
                }
            }
            Flavor::MsSql => self.tsql_statement(),
            Flavor::Postgres | Flavor::Generic => None,
        }
    }

    /// T-SQL's overrides: `BEGIN` opening a block rather than a transaction, `IF`, and
    /// `CREATE [OR ALTER] TRIGGER`.
    fn tsql_statement(&mut self) -> Option<Result<Statement, ParserError>> {
        let at = self.peek_token_ref().span.start;
        if self.parse_keyword(Keyword::BEGIN) {
            if self.begins_transaction() {
                self.prev_token();
                None
            } else {
                Some(self.parse_begin_end_block())
            }
        } else if self.peek_keyword(Keyword::IF) {
            Some(self.parse_tsql_if())
        } else if self.peek_keywords(&[Keyword::CREATE, Keyword::TRIGGER])
            || self.peek_keywords(&[
                Keyword::CREATE,
                Keyword::OR,
                Keyword::ALTER,
                Keyword::TRIGGER,
            ])
        {
            Some(parser_err(unsupported("CREATE TRIGGER"), at))
        } else {
            None
        }
    }

    /// After T-SQL's `BEGIN`: whether a transaction follows (a modifier, TRANSACTION, WORK,
    /// TRAN, or nothing) rather than a block of statements. Nothing is consumed.
    fn begins_transaction(&mut self) -> bool {
        let start = self.index();
        let transaction = self.transaction_modifier().is_some()
            || self
                .parse_one_of_keywords(&[Keyword::TRANSACTION, Keyword::WORK, Keyword::TRAN])
                .is_some()
            || matches!(self.peek_token_ref().token, Token::SemiColon | Token::EOF);
        self.set_index(start);
        transaction
    }

    /// The statements sqlparser knows by their first keyword (already consumed).
    fn statement_by_keyword(
        &mut self,
        keyword: Keyword,
        first: TokenWithSpan,
    ) -> Result<Statement, ParserError> {
        match keyword {
            Keyword::SELECT | Keyword::WITH | Keyword::VALUES | Keyword::FROM => {
                self.prev_token();
                Ok(Statement::Query(self.parse_query()?))
            }
            Keyword::INSERT => self.parse_insert(first),
            Keyword::REPLACE => self.parse_replace(first),
            Keyword::UPDATE => self.parse_update(first),
            Keyword::DELETE => self.parse_delete(first),
            Keyword::CREATE => self.parse_create(),
            Keyword::DROP => self.parse_drop(),
            Keyword::TRUNCATE => self.parse_truncate(),
            Keyword::ALTER => self.parse_alter(),
            Keyword::DECLARE => self.parse_declare(),
            Keyword::SET => self.parse_set(),
            Keyword::USE => self.parse_use(),
            Keyword::START => self.parse_start_transaction(),
            Keyword::BEGIN => self.parse_begin(),
            Keyword::END => self.parse_end(),
            Keyword::COMMIT => self.parse_commit(),
            Keyword::ROLLBACK => self.parse_rollback(),
            Keyword::ABORT => Ok(Statement::Rollback {
                chain: self.commit_rollback_chain()?,
                savepoint: None,
            }),
            Keyword::SAVEPOINT => Ok(Statement::Savepoint {
                name: self.parse_identifier()?,
            }),
            Keyword::LOCK if self.flavor.stmt_lock_table() => self.parse_lock_table(),
            Keyword::PREPARE if self.flavor.stmt_prepared_statements() => self.parse_prepare(),
            Keyword::EXECUTE if self.flavor.stmt_prepared_statements() => self.parse_execute(),
            Keyword::DEALLOCATE if self.flavor.stmt_prepared_statements() => {
                self.parse_deallocate()
            }
            Keyword::LISTEN if self.flavor.stmt_listen_notify() => self.parse_listen(),
            Keyword::UNLISTEN if self.flavor.stmt_listen_notify() => self.parse_unlisten(),
            Keyword::NOTIFY if self.flavor.stmt_listen_notify() => self.parse_notify(),
            Keyword::RELEASE => {
                let _ = self.parse_keyword(Keyword::SAVEPOINT);
                Ok(Statement::ReleaseSavepoint {
                    name: self.parse_identifier()?,
                })
            }
            _ => match known_statement(self.flavor, keyword) {
                Some(name) => parser_err(unsupported(name), first.span.start),
                None => self.expected("an SQL statement", first),
            },
        }
    }

    // ---- transactions ----

    /// `START TRANSACTION [modes]`.
    fn parse_start_transaction(&mut self) -> Result<Statement, ParserError> {
        self.expect_keyword_is(Keyword::TRANSACTION)?;
        Ok(Statement::StartTransaction {
            modes: self.transaction_modes()?,
            begin: false,
            transaction: Some(BeginTransactionKind::Transaction),
            modifier: None,
            statements: vec![],
            exception: None,
            has_end_keyword: false,
        })
    }

    /// `BEGIN [modifier] [TRANSACTION | WORK | TRAN] [modes]`.
    fn parse_begin(&mut self) -> Result<Statement, ParserError> {
        let modifier = self.transaction_modifier();
        let transaction =
            match self.parse_one_of_keywords(&[Keyword::TRANSACTION, Keyword::WORK, Keyword::TRAN])
            {
                Some(Keyword::TRANSACTION) => Some(BeginTransactionKind::Transaction),
                Some(Keyword::WORK) => Some(BeginTransactionKind::Work),
                Some(Keyword::TRAN) => Some(BeginTransactionKind::Tran),
                _ => None,
            };
        Ok(Statement::StartTransaction {
            modes: self.transaction_modes()?,
            begin: true,
            transaction,
            modifier,
            statements: vec![],
            exception: None,
            has_end_keyword: false,
        })
    }

    /// T-SQL's `BEGIN stmt; stmt; ... END` (BEGIN consumed). sqlparser reads it as its
    /// generic `BEGIN ... [EXCEPTION ...] END` block: each statement ends with `;`.
    fn parse_begin_end_block(&mut self) -> Result<Statement, ParserError> {
        let statements = self.statements_until(&[Keyword::EXCEPTION, Keyword::END])?;
        if self.peek_keyword(Keyword::EXCEPTION) {
            let at = self.peek_token_ref().span.start;
            return parser_err(unsupported("BEGIN ... EXCEPTION"), at);
        }
        self.expect_keyword_is(Keyword::END)?;
        Ok(Statement::StartTransaction {
            begin: true,
            statements,
            exception: None,
            has_end_keyword: true,
            transaction: None,
            modifier: None,
            modes: vec![],
        })
    }

    /// Statements each followed by `;`, up to EOF or an unquoted terminal keyword.
    fn statements_until(&mut self, terminals: &[Keyword]) -> Result<Vec<Statement>, ParserError> {
        let mut statements = vec![];
        loop {
            match &self.peek_token_ref().token {
                Token::EOF => break,
                Token::Word(w) if w.quote_style.is_none() && terminals.contains(&w.keyword) => {
                    break
                }
                _ => {}
            }
            statements.push(self.parse_statement()?);
            self.expect_token(&Token::SemiColon)?;
        }
        Ok(statements)
    }

    /// `END [TRY | CATCH]`: a COMMIT to sqlparser.
    fn parse_end(&mut self) -> Result<Statement, ParserError> {
        let modifier = if !self.flavor.stmt_end_transaction_modifier() {
            None
        } else if self.parse_keyword(Keyword::TRY) {
            Some(TransactionModifier::Try)
        } else if self.parse_keyword(Keyword::CATCH) {
            Some(TransactionModifier::Catch)
        } else {
            None
        };
        Ok(Statement::Commit {
            chain: self.commit_rollback_chain()?,
            end: true,
            modifier,
        })
    }

    fn parse_commit(&mut self) -> Result<Statement, ParserError> {
        Ok(Statement::Commit {
            chain: self.commit_rollback_chain()?,
            end: false,
            modifier: None,
        })
    }

    /// `ROLLBACK [TRANSACTION | WORK | TRAN] [AND [NO] CHAIN] [TO [SAVEPOINT] name]`.
    fn parse_rollback(&mut self) -> Result<Statement, ParserError> {
        let chain = self.commit_rollback_chain()?;
        let savepoint = if self.parse_keyword(Keyword::TO) {
            let _ = self.parse_keyword(Keyword::SAVEPOINT);
            Some(self.parse_identifier()?)
        } else {
            None
        };
        Ok(Statement::Rollback { chain, savepoint })
    }

    /// `[TRANSACTION | WORK | TRAN] [AND [NO] CHAIN]` after COMMIT, ROLLBACK or END.
    fn commit_rollback_chain(&mut self) -> Result<bool, ParserError> {
        let _ = self.parse_one_of_keywords(&[Keyword::TRANSACTION, Keyword::WORK, Keyword::TRAN]);
        if self.parse_keyword(Keyword::AND) {
            let chain = !self.parse_keyword(Keyword::NO);
            self.expect_keyword_is(Keyword::CHAIN)?;
            Ok(chain)
        } else {
            Ok(false)
        }
    }

    fn transaction_modifier(&mut self) -> Option<TransactionModifier> {
        if !self.flavor.stmt_start_transaction_modifier() {
            return None;
        }
        match self.parse_one_of_keywords(&[
            Keyword::DEFERRED,
            Keyword::IMMEDIATE,
            Keyword::EXCLUSIVE,
            Keyword::TRY,
            Keyword::CATCH,
        ])? {
            Keyword::DEFERRED => Some(TransactionModifier::Deferred),
            Keyword::IMMEDIATE => Some(TransactionModifier::Immediate),
            Keyword::EXCLUSIVE => Some(TransactionModifier::Exclusive),
            Keyword::TRY => Some(TransactionModifier::Try),
            _ => Some(TransactionModifier::Catch),
        }
    }

    /// `ISOLATION LEVEL ...`, `READ ONLY`, `READ WRITE`, separated by optional commas (a
    /// comma makes another mode required).
    pub(crate) fn transaction_modes(&mut self) -> Result<Vec<TransactionMode>, ParserError> {
        let mut modes = vec![];
        let mut required = false;
        loop {
            let mode = if self.parse_keywords(&[Keyword::ISOLATION, Keyword::LEVEL]) {
                TransactionMode::IsolationLevel(self.isolation_level()?)
            } else if self.parse_keywords(&[Keyword::READ, Keyword::ONLY]) {
                TransactionMode::AccessMode(TransactionAccessMode::ReadOnly)
            } else if self.parse_keywords(&[Keyword::READ, Keyword::WRITE]) {
                TransactionMode::AccessMode(TransactionAccessMode::ReadWrite)
            } else if required {
                return self.expected_ref("transaction mode", self.peek_token_ref());
            } else {
                break;
            };
            modes.push(mode);
            required = self.consume_token(&Token::Comma);
        }
        Ok(modes)
    }

    fn isolation_level(&mut self) -> Result<TransactionIsolationLevel, ParserError> {
        if self.parse_keywords(&[Keyword::READ, Keyword::UNCOMMITTED]) {
            Ok(TransactionIsolationLevel::ReadUncommitted)
        } else if self.parse_keywords(&[Keyword::READ, Keyword::COMMITTED]) {
            Ok(TransactionIsolationLevel::ReadCommitted)
        } else if self.parse_keywords(&[Keyword::REPEATABLE, Keyword::READ]) {
            Ok(TransactionIsolationLevel::RepeatableRead)
        } else if self.parse_keyword(Keyword::SERIALIZABLE) {
            Ok(TransactionIsolationLevel::Serializable)
        } else if self.parse_keyword(Keyword::SNAPSHOT) {
            Ok(TransactionIsolationLevel::Snapshot)
        } else {
            self.expected_ref("isolation level", self.peek_token_ref())
        }
    }
}

/// The name of a statement sqlparser would read from `keyword` in `flavor` (and this parser
/// does not), or `None` when sqlparser too expects another statement.
fn known_statement(flavor: Flavor, keyword: Keyword) -> Option<&'static str> {
    let name = match keyword {
        // Statements the engine does not run are refused here, by name, rather than read
        // into trees only to be refused: their grammar would be download size for nothing.
        // (T-SQL's PRINT, WAITFOR and EXEC never reach the parser: its batch reader runs
        // them.)
        Keyword::GRANT => "GRANT",
        Keyword::DESC | Keyword::DESCRIBE => "DESCRIBE",
        Keyword::EXPLAIN => "EXPLAIN",
        Keyword::LOCK => "LOCK",
        Keyword::PRINT => "PRINT",
        Keyword::WAITFOR => "WAITFOR",
        Keyword::EXECUTE | Keyword::EXEC => "EXECUTE",
        Keyword::KILL => "KILL",
        Keyword::FLUSH => "FLUSH",
        Keyword::ANALYZE => "ANALYZE",
        Keyword::CASE => "CASE",
        Keyword::IF => "IF",
        Keyword::WHILE => "WHILE",
        Keyword::RAISE => "RAISE",
        Keyword::ATTACH => "ATTACH",
        Keyword::MSCK => "MSCK",
        Keyword::CACHE => "CACHE",
        Keyword::UNCACHE => "UNCACHE",
        Keyword::DISCARD => "DISCARD",
        Keyword::FETCH => "FETCH",
        Keyword::CALL => "CALL",
        Keyword::COPY => "COPY",
        Keyword::OPEN => "OPEN",
        Keyword::CLOSE => "CLOSE",
        Keyword::SHOW => "SHOW",
        Keyword::DENY => "DENY",
        Keyword::REVOKE => "REVOKE",
        Keyword::RAISERROR => "RAISERROR",
        Keyword::THROW => "THROW",
        Keyword::ASSERT => "ASSERT",
        Keyword::DEALLOCATE => "DEALLOCATE",
        Keyword::PREPARE => "PREPARE",
        Keyword::MERGE => "MERGE",
        Keyword::PRAGMA => "PRAGMA",
        Keyword::UNLOAD => "UNLOAD",
        Keyword::RENAME => "RENAME",
        Keyword::LOAD => "LOAD",
        Keyword::RETURN => "RETURN",
        Keyword::EXPORT => "EXPORT",
        Keyword::VACUUM => "VACUUM",
        Keyword::RESET => "RESET",
        Keyword::REFRESH => "REFRESH",
        Keyword::COMMENT if flavor.stmt_comment_on() => "COMMENT",
        Keyword::DETACH if flavor.stmt_generic_extras() => "DETACH",
        Keyword::INSTALL if flavor.stmt_generic_extras() => "INSTALL",
        Keyword::OPTIMIZE if flavor.stmt_generic_extras() => "OPTIMIZE",
        _ => return None,
    };
    Some(name)
}
