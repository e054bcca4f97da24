//! What a READ ONLY transaction refuses (`START TRANSACTION READ ONLY`, `SET TRANSACTION
//! READ ONLY`), as recorded on the servers (`pg-read-only`, `my-read-only`):
//! - PostgreSQL refuses, before it runs, every statement that writes or locks rows: INSERT,
//!   UPDATE, DELETE, any locking read (named by its first locking clause, `SELECT FOR NO KEY
//!   UPDATE`), a SELECT whose WITH changes rows, DDL and NOTIFY. Error 25006, naming the
//!   command.
//! - MariaDB refuses INSERT, REPLACE, UPDATE, DELETE and `FOR UPDATE` with 1792; a shared
//!   locking read (`LOCK IN SHARE MODE`) runs, and DDL ends the transaction first, as always.
//!
//! The plan only says what the statement is called ([`Plan::read_only_refusal`]); whether
//! its transaction is read only is the engine's to know when it runs.
//!
//! [`Plan::read_only_refusal`]: super::plan::Plan::read_only_refusal

use super::postgres::lock_strength::{KEY_SHARE, NO_KEY_UPDATE};
use super::Dialect;
use crate::sql::ToSql;
use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{LockType, Statement};
use std::ops::ControlFlow;

/// The command's name when a read-only transaction refuses it; `None` when one runs it.
pub fn refusal(dialect: Dialect, stmt: &Statement) -> Option<String> {
    let name = match stmt {
        Statement::Insert(_) => "INSERT".to_string(),
        Statement::Update(_) => "UPDATE".into(),
        Statement::Delete(_) => "DELETE".into(),
        Statement::Query(q) => match (dialect, first_lock(stmt)) {
            (Dialect::Postgres, _) if super::dml::modifying_with(q) => "SELECT".into(),
            (Dialect::Postgres, Some(strength)) => format!("SELECT FOR {strength}"),
            (Dialect::MySql, Some("UPDATE")) => "SELECT FOR UPDATE".into(),
            _ => return None,
        },
        Statement::CreateTable(_) if dialect == Dialect::Postgres => "CREATE TABLE".into(),
        Statement::CreateIndex(_) if dialect == Dialect::Postgres => "CREATE INDEX".into(),
        Statement::CreateSequence { .. } if dialect == Dialect::Postgres => {
            "CREATE SEQUENCE".into()
        }
        Statement::AlterTable(_) if dialect == Dialect::Postgres => "ALTER TABLE".into(),
        Statement::Truncate(_) if dialect == Dialect::Postgres => "TRUNCATE TABLE".into(),
        // LISTEN and UNLISTEN run (they change no data); NOTIFY is refused.
        Statement::NOTIFY { .. } => "NOTIFY".into(),
        Statement::Drop { object_type, .. } if dialect == Dialect::Postgres => {
            format!("DROP {}", object_type.to_sql().to_ascii_uppercase())
        }
        _ => return None,
    };
    (dialect != Dialect::MsSql).then_some(name)
}

/// The error a read-only transaction answers a statement named `name` with.
pub fn error(dialect: Dialect, name: &str) -> StepError {
    let (native, message) = match dialect {
        Dialect::Postgres => (
            "25006".to_string(),
            format!("cannot execute {name} in a read-only transaction"),
        ),
        _ => (
            "1792".to_string(),
            "Cannot execute statement in a READ ONLY transaction".to_string(),
        ),
    };
    StepError {
        class: ErrorClass::Other,
        native,
        message,
        pos: None,
        fixed_text: None,
    }
}

/// Where `SET TRANSACTION` (without `SESSION`) takes effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetTransactionScope {
    /// PostgreSQL: the open transaction block only; outside one it warns and does nothing.
    OpenBlock,
    /// MariaDB: the next transaction; refused while one is open (1568).
    Next,
    /// SQL Server: the open transaction at once, else the next.
    OpenOrNext,
}

impl Dialect {
    /// Where this server's `SET TRANSACTION` takes effect.
    pub fn set_transaction_scope(self) -> SetTransactionScope {
        match self {
            Dialect::Postgres => SetTransactionScope::OpenBlock,
            Dialect::MySql => SetTransactionScope::Next,
            Dialect::MsSql => SetTransactionScope::OpenOrNext,
        }
    }

    /// Whether a query that reads no table begins a transaction (InnoDB's begins at the first
    /// table it reads; the others' at the first statement).
    fn tableless_query_begins_transaction(self) -> bool {
        self != Dialect::MySql
    }
}

/// PostgreSQL's warning for `SET TRANSACTION` outside a transaction block.
pub const OUTSIDE_BLOCK_WARNING: &str =
    "WARNING:  SET TRANSACTION can only be used in transaction blocks";

/// PostgreSQL's refusal (25001) of a setting a transaction can no longer change once a query
/// has run in it: its isolation level (`isolation`), or READ WRITE after READ ONLY.
pub fn too_late_error(isolation: bool) -> StepError {
    let message = if isolation {
        "SET TRANSACTION ISOLATION LEVEL must be called before any query"
    } else {
        "transaction read-write mode must be set before any query"
    };
    StepError {
        class: ErrorClass::Other,
        native: "25001".into(),
        message: message.into(),
        pos: None,
        fixed_text: None,
    }
}

/// MariaDB's refusal (1568) of `SET TRANSACTION` while a transaction is open.
pub fn in_progress_error() -> StepError {
    StepError {
        class: ErrorClass::Other,
        native: "1568".into(),
        message: "Transaction characteristics can't be changed while a transaction is in progress"
            .into(),
        pos: None,
        fixed_text: None,
    }
}

/// Whether the statement begins no transaction of its own: a query that reads no table
/// (`SELECT 1 + 1`) where InnoDB begins none, so it leaves MariaDB's next-transaction
/// settings to the first statement that reads one (`my-next-transaction-tableless`).
pub fn begins_no_transaction(dialect: Dialect, stmt: &Statement) -> bool {
    if dialect.tableless_query_begins_transaction() || !matches!(stmt, Statement::Query(_)) {
        return false;
    }
    let mut none = true;
    // The walk is over a tree it may change; this one is only read.
    let mut stmt = crate::sql::Duplicate::duplicate(stmt);
    super::walk::relations(&mut stmt, &mut |_| {
        none = false;
        ControlFlow::Break(())
    });
    none
}

/// The strength of the statement's first locking clause, as PostgreSQL names it.
fn first_lock(stmt: &Statement) -> Option<&'static str> {
    if !matches!(stmt, Statement::Query(_)) {
        return None;
    }
    let mut found = None;
    // The walk is over a tree it may change; this one is only read.
    let mut stmt = crate::sql::Duplicate::duplicate(stmt);
    super::walk::queries(&mut stmt, &mut |q| {
        if let Some(lock) = q.locks.first() {
            let marker = lock.of.as_ref().map(|o| o.to_sql().to_ascii_lowercase());
            found = Some(match (&lock.lock_type, marker.as_deref()) {
                (LockType::Update, Some(NO_KEY_UPDATE)) => "NO KEY UPDATE",
                (LockType::Share, Some(KEY_SHARE)) => "KEY SHARE",
                (LockType::Update, _) => "UPDATE",
                (LockType::Share, _) => "SHARE",
            });
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}
