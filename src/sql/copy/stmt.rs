//! Statements: the dispatch on the statement's kind, transactions, DROP, TRUNCATE, USE,
//! LOCK TABLE and PostgreSQL's LISTEN, UNLISTEN and NOTIFY.
//! INSERT, UPDATE and DELETE are in `stmt_dml.rs`, CREATE and ALTER in `stmt_ddl.rs` and
//! `stmt_constraint.rs`, SET, DECLARE, IF, PREPARE, EXECUTE and DEALLOCATE in
//! `stmt_session.rs`.

use super::{marker_name, Duplicate};
use sqlparser::ast::{Lock, LockTableTarget, Statement, Truncate, TruncateTableTarget, Use};

#[cfg(test)]
#[path = "stmt_tests.rs"]
mod stmt_tests;

impl Duplicate for Statement {
    fn copy_of(&self) -> Self {
        match self {
            Statement::Query(query) => Statement::Query(query.copy_of()),
            Statement::Insert(insert) => Statement::Insert(insert.copy_of()),
            Statement::Update(update) => Statement::Update(update.copy_of()),
            Statement::Delete(delete) => Statement::Delete(delete.copy_of()),
            Statement::CreateTable(table) => Statement::CreateTable(table.copy_of()),
            Statement::CreateIndex(index) => Statement::CreateIndex(index.copy_of()),
            Statement::AlterTable(alter) => Statement::AlterTable(alter.copy_of()),
            Statement::CreateSequence { .. } => super::stmt_ddl::copy_create_sequence(self),
            Statement::CreateType { .. } => super::stmt_ddl::copy_create_type(self),
            Statement::CreateSchema { .. } => super::stmt_ddl::copy_create_schema(self),
            Statement::Drop { .. } => copy_drop(self),
            Statement::StartTransaction { .. } => copy_start_transaction(self),
            // Transaction modifiers are field-less enums, savepoint names plain idents.
            Statement::Commit {
                chain,
                end,
                modifier,
            } => Statement::Commit {
                chain: *chain,
                end: *end,
                modifier: *modifier,
            },
            Statement::Rollback { chain, savepoint } => Statement::Rollback {
                chain: *chain,
                savepoint: savepoint.clone(),
            },
            Statement::Savepoint { name } => Statement::Savepoint { name: name.clone() },
            Statement::ReleaseSavepoint { name } => {
                Statement::ReleaseSavepoint { name: name.clone() }
            }
            // A channel is a plain ident and a payload a string: their own `Clone`s are small.
            Statement::LISTEN { channel } => Statement::LISTEN {
                channel: channel.clone(),
            },
            Statement::UNLISTEN { channel } => Statement::UNLISTEN {
                channel: channel.clone(),
            },
            Statement::NOTIFY { channel, payload } => Statement::NOTIFY {
                channel: channel.clone(),
                payload: payload.clone(),
            },
            Statement::Set(set) => Statement::Set(set.copy_of()),
            Statement::Declare { stmts, separator } => Statement::Declare {
                stmts: stmts.copy_of(),
                separator: *separator,
            },
            Statement::If(statement) => Statement::If(statement.copy_of()),
            Statement::Truncate(truncate) => Statement::Truncate(truncate.copy_of()),
            Statement::Use(use_stmt) => Statement::Use(use_stmt.copy_of()),
            Statement::Lock(lock) => Statement::Lock(Lock {
                tables: lock
                    .tables
                    .iter()
                    .map(|t| LockTableTarget {
                        name: t.name.copy_of(),
                        only: t.only,
                        has_asterisk: t.has_asterisk,
                    })
                    .collect(),
                // Field-less.
                lock_mode: lock.lock_mode.clone(),
                nowait: lock.nowait,
            }),
            Statement::Prepare { .. }
            | Statement::Execute { .. }
            | Statement::Deallocate { .. } => super::stmt_session::copy_prepared(self),
            _ => marker_statement(),
        }
    }
}

/// The placeholder of a statement the copy does not cover: `USE` and the marker.
pub(crate) fn marker_statement() -> Statement {
    Statement::Use(Use::Object(marker_name()))
}

fn copy_drop(statement: &Statement) -> Statement {
    let Statement::Drop {
        object_type,
        if_exists,
        names,
        cascade,
        restrict,
        purge,
        temporary,
        table,
    } = statement
    else {
        return marker_statement();
    };
    Statement::Drop {
        object_type: *object_type,
        if_exists: *if_exists,
        names: names.copy_of(),
        cascade: *cascade,
        restrict: *restrict,
        purge: *purge,
        temporary: *temporary,
        table: table.copy_of(),
    }
}

/// BEGIN and START TRANSACTION, with T-SQL's and BigQuery's blocks; the EXCEPTION handlers
/// of the latter are not covered.
fn copy_start_transaction(statement: &Statement) -> Statement {
    let Statement::StartTransaction {
        modes,
        begin,
        transaction,
        modifier,
        statements,
        exception: None,
        has_end_keyword,
    } = statement
    else {
        return marker_statement();
    };
    Statement::StartTransaction {
        // Transaction modes are isolation levels and access modes, field-less enums.
        modes: modes.clone(),
        begin: *begin,
        transaction: transaction.clone(),
        modifier: *modifier,
        statements: statements.copy_of(),
        exception: None,
        has_end_keyword: *has_end_keyword,
    }
}

impl Duplicate for Truncate {
    fn copy_of(&self) -> Self {
        Truncate {
            table_names: self.table_names.copy_of(),
            partitions: self.partitions.copy_of(),
            table: self.table,
            if_exists: self.if_exists,
            // Field-less enums, and an ident.
            identity: self.identity.clone(),
            cascade: self.cascade.clone(),
            on_cluster: self.on_cluster.clone(),
        }
    }
}

impl Duplicate for TruncateTableTarget {
    fn copy_of(&self) -> Self {
        TruncateTableTarget {
            name: self.name.copy_of(),
            only: self.only,
            has_asterisk: self.has_asterisk,
        }
    }
}

impl Duplicate for Use {
    fn copy_of(&self) -> Self {
        match self {
            Use::Object(name) => Use::Object(name.copy_of()),
            _ => Use::Object(marker_name()),
        }
    }
}
