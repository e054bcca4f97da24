//! Statements: the dispatch on the statement's kind, transactions, DROP, TRUNCATE, USE,
//! LOCK TABLE and PostgreSQL's LISTEN, UNLISTEN and NOTIFY.
//! INSERT, UPDATE and DELETE are in `stmt_dml.rs`, CREATE and ALTER in `stmt_ddl.rs` and
//! `stmt_constraint.rs`, SET, DECLARE, IF, PREPARE, EXECUTE and DEALLOCATE in
//! `stmt_session.rs`.

use super::{comma, separated, unprintable, ToSql};
use sqlparser::ast::{
    BeginTransactionKind, CascadeOption, DeclareSeparator, Lock, LockTableMode, ObjectType,
    Statement, TransactionAccessMode, TransactionIsolationLevel, TransactionMode,
    TransactionModifier, Truncate, TruncateIdentityOption, TruncateTableTarget, Use,
};

#[cfg(test)]
#[path = "stmt_tests.rs"]
mod stmt_tests;

impl ToSql for Statement {
    fn write_sql(&self, out: &mut String) {
        match self {
            Statement::Query(query) => query.write_sql(out),
            Statement::Insert(insert) => insert.write_sql(out),
            Statement::Update(update) => update.write_sql(out),
            Statement::Delete(delete) => delete.write_sql(out),
            Statement::CreateTable(table) => table.write_sql(out),
            Statement::CreateIndex(index) => index.write_sql(out),
            Statement::AlterTable(alter) => alter.write_sql(out),
            Statement::CreateSequence { .. } => super::stmt_ddl::write_create_sequence(self, out),
            Statement::CreateType { .. } => super::stmt_ddl::write_create_type(self, out),
            Statement::CreateSchema { .. } => super::stmt_ddl::write_create_schema(self, out),
            Statement::Drop { .. } => write_drop(self, out),
            Statement::StartTransaction { .. } => write_start_transaction(self, out),
            Statement::Commit {
                chain,
                end,
                modifier,
            } => {
                // COMMIT has no modifier in sqlparser's text, even when one is held.
                if *end {
                    out.push_str("END");
                    if let Some(modifier) = modifier {
                        out.push(' ');
                        modifier.write_sql(out);
                    }
                } else {
                    out.push_str("COMMIT");
                }
                and_chain(out, *chain);
            }
            Statement::Rollback { chain, savepoint } => {
                out.push_str("ROLLBACK");
                and_chain(out, *chain);
                super::opt(out, " TO SAVEPOINT ", savepoint);
            }
            Statement::Savepoint { name } => {
                out.push_str("SAVEPOINT ");
                name.write_sql(out);
            }
            Statement::ReleaseSavepoint { name } => {
                out.push_str("RELEASE SAVEPOINT ");
                name.write_sql(out);
            }
            Statement::LISTEN { channel } => {
                out.push_str("LISTEN ");
                channel.write_sql(out);
            }
            // `UNLISTEN *` holds `*` as an unquoted name, which prints as itself.
            Statement::UNLISTEN { channel } => {
                out.push_str("UNLISTEN ");
                channel.write_sql(out);
            }
            Statement::NOTIFY { channel, payload } => {
                out.push_str("NOTIFY ");
                channel.write_sql(out);
                if let Some(payload) = payload {
                    // Display's text exactly: quotes inside are not doubled, so a payload
                    // holding a `'` prints as text that does not read back as the same tree.
                    out.push_str(", '");
                    out.push_str(payload);
                    out.push('\'');
                }
            }
            Statement::Set(set) => set.write_sql(out),
            Statement::Declare { stmts, separator } => {
                out.push_str("DECLARE ");
                separated(
                    out,
                    stmts,
                    match separator {
                        DeclareSeparator::Comma => ", ",
                        DeclareSeparator::Semicolon => "; ",
                    },
                );
            }
            Statement::If(statement) => statement.write_sql(out),
            Statement::Truncate(truncate) => truncate.write_sql(out),
            Statement::Use(use_stmt) => use_stmt.write_sql(out),
            Statement::Lock(lock) => write_lock(lock, out),
            Statement::Prepare { .. }
            | Statement::Execute { .. }
            | Statement::Deallocate { .. } => super::stmt_session::write_prepared(self, out),
            _ => unprintable(out),
        }
    }
}

/// PostgreSQL's `LOCK TABLE`.
fn write_lock(lock: &Lock, out: &mut String) {
    out.push_str("LOCK TABLE ");
    for (i, target) in lock.tables.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if target.only {
            out.push_str("ONLY ");
        }
        target.name.write_sql(out);
        if target.has_asterisk {
            out.push_str(" *");
        }
    }
    if let Some(mode) = &lock.lock_mode {
        out.push_str(" IN ");
        out.push_str(lock_mode_words(mode));
        out.push_str(" MODE");
    }
    if lock.nowait {
        out.push_str(" NOWAIT");
    }
}

/// A `LOCK TABLE` mode in PostgreSQL's words.
fn lock_mode_words(mode: &LockTableMode) -> &'static str {
    match mode {
        LockTableMode::AccessShare => "ACCESS SHARE",
        LockTableMode::RowShare => "ROW SHARE",
        LockTableMode::RowExclusive => "ROW EXCLUSIVE",
        LockTableMode::ShareUpdateExclusive => "SHARE UPDATE EXCLUSIVE",
        LockTableMode::Share => "SHARE",
        LockTableMode::ShareRowExclusive => "SHARE ROW EXCLUSIVE",
        LockTableMode::Exclusive => "EXCLUSIVE",
        LockTableMode::AccessExclusive => "ACCESS EXCLUSIVE",
    }
}

fn and_chain(out: &mut String, chain: bool) {
    if chain {
        out.push_str(" AND CHAIN");
    }
}

/// Statements each followed by `;` (a block's body).
pub(crate) fn statement_list(out: &mut String, statements: &[Statement]) {
    separated(out, statements, "; ");
    out.push(';');
}

fn write_drop(statement: &Statement, out: &mut String) {
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
        return unprintable(out);
    };
    out.push_str("DROP ");
    if *temporary {
        out.push_str("TEMPORARY ");
    }
    object_type.write_sql(out);
    if *if_exists {
        out.push_str(" IF EXISTS");
    }
    out.push(' ');
    comma(out, names);
    if *cascade {
        out.push_str(" CASCADE");
    }
    if *restrict {
        out.push_str(" RESTRICT");
    }
    if *purge {
        out.push_str(" PURGE");
    }
    super::opt(out, " ON ", table);
}

fn write_start_transaction(statement: &Statement, out: &mut String) {
    let Statement::StartTransaction {
        modes,
        begin,
        transaction,
        modifier,
        statements,
        exception,
        has_end_keyword,
    } = statement
    else {
        return unprintable(out);
    };
    if exception.is_some() {
        return unprintable(out);
    }
    if *begin {
        out.push_str("BEGIN");
        if let Some(modifier) = modifier {
            out.push(' ');
            modifier.write_sql(out);
        }
    } else {
        out.push_str("START");
    }
    if let Some(kind) = transaction {
        out.push(' ');
        kind.write_sql(out);
    }
    if !modes.is_empty() {
        out.push(' ');
        comma(out, modes);
    }
    if !statements.is_empty() {
        out.push(' ');
        statement_list(out, statements);
    }
    if *has_end_keyword {
        out.push_str(" END");
    }
}

impl ToSql for TransactionModifier {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            TransactionModifier::Deferred => "DEFERRED",
            TransactionModifier::Immediate => "IMMEDIATE",
            TransactionModifier::Exclusive => "EXCLUSIVE",
            TransactionModifier::Try => "TRY",
            TransactionModifier::Catch => "CATCH",
        });
    }
}

impl ToSql for BeginTransactionKind {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            BeginTransactionKind::Transaction => "TRANSACTION",
            BeginTransactionKind::Work => "WORK",
            BeginTransactionKind::Tran => "TRAN",
        });
    }
}

impl ToSql for TransactionMode {
    fn write_sql(&self, out: &mut String) {
        match self {
            TransactionMode::AccessMode(mode) => mode.write_sql(out),
            TransactionMode::IsolationLevel(level) => {
                out.push_str("ISOLATION LEVEL ");
                level.write_sql(out);
            }
        }
    }
}

impl ToSql for TransactionAccessMode {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            TransactionAccessMode::ReadOnly => "READ ONLY",
            TransactionAccessMode::ReadWrite => "READ WRITE",
        });
    }
}

impl ToSql for TransactionIsolationLevel {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            TransactionIsolationLevel::ReadUncommitted => "READ UNCOMMITTED",
            TransactionIsolationLevel::ReadCommitted => "READ COMMITTED",
            TransactionIsolationLevel::RepeatableRead => "REPEATABLE READ",
            TransactionIsolationLevel::Serializable => "SERIALIZABLE",
            TransactionIsolationLevel::Snapshot => "SNAPSHOT",
        });
    }
}

impl ToSql for ObjectType {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            ObjectType::Collation => "COLLATION",
            ObjectType::Table => "TABLE",
            ObjectType::ForeignTable => "FOREIGN TABLE",
            ObjectType::View => "VIEW",
            ObjectType::MaterializedView => "MATERIALIZED VIEW",
            ObjectType::Index => "INDEX",
            ObjectType::Schema => "SCHEMA",
            ObjectType::Database => "DATABASE",
            ObjectType::Role => "ROLE",
            ObjectType::Group => "GROUP",
            ObjectType::Sequence => "SEQUENCE",
            ObjectType::Stage => "STAGE",
            ObjectType::Type => "TYPE",
            ObjectType::User => "USER",
            ObjectType::Stream => "STREAM",
            ObjectType::Warehouse => "WAREHOUSE",
        });
    }
}

impl ToSql for Truncate {
    fn write_sql(&self, out: &mut String) {
        out.push_str("TRUNCATE ");
        if self.table {
            out.push_str("TABLE ");
        }
        if self.if_exists {
            out.push_str("IF EXISTS ");
        }
        comma(out, &self.table_names);
        match self.identity {
            Some(TruncateIdentityOption::Restart) => out.push_str(" RESTART IDENTITY"),
            Some(TruncateIdentityOption::Continue) => out.push_str(" CONTINUE IDENTITY"),
            None => {}
        }
        match self.cascade {
            Some(CascadeOption::Cascade) => out.push_str(" CASCADE"),
            Some(CascadeOption::Restrict) => out.push_str(" RESTRICT"),
            None => {}
        }
        if let Some(partitions) = &self.partitions {
            if !partitions.is_empty() {
                out.push_str(" PARTITION (");
                comma(out, partitions);
                out.push(')');
            }
        }
        super::opt(out, " ON CLUSTER ", &self.on_cluster);
    }
}

impl ToSql for TruncateTableTarget {
    fn write_sql(&self, out: &mut String) {
        if self.only {
            out.push_str("ONLY ");
        }
        self.name.write_sql(out);
        if self.has_asterisk {
            out.push_str(" *");
        }
    }
}

impl ToSql for Use {
    fn write_sql(&self, out: &mut String) {
        match self {
            Use::Object(name) => {
                out.push_str("USE ");
                name.write_sql(out);
            }
            _ => unprintable(out),
        }
    }
}
