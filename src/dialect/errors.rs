//! SQLite's failures told as each vendor's server tells them. The engine says what failed in
//! words no vendor owns ([`StoreFailure`]) and asks [`Dialect::store_error`] for the vendor's
//! number and message; each vendor's words are in its folder (`mysql/errors.rs`,
//! `postgres/errors.rs`, `mssql/errors.rs`).

use super::{mssql, mysql, postgres, Dialect};
use crate::trace::{ErrorClass, StepError};

/// A statement's failure in SQLite, as the engine understood it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreFailure {
    /// The statement used up its step budget and was interrupted (SQLite's message).
    Interrupted(String),
    /// A unique or primary key would have held a value twice.
    Duplicate {
        table: String,
        /// The key's name in the catalog, or its columns joined with `,`.
        key: String,
        /// Whether the key is the table's primary key.
        primary: bool,
        /// For an INSERT, the value that clashed, its columns joined with `-` (`0-f`).
        value: Option<String>,
    },
    /// A NULL went into a NOT NULL column.
    NotNull { table: String, column: String },
    /// A row failed a CHECK constraint (the name the server gave it).
    Check { table: String, name: String },
    /// A statement named a table that does not exist.
    NoTable(String),
    /// A statement named a column that does not exist (`name` as SQLite printed it, `t.c` when
    /// qualified). `target`: the table, when the column is one the statement writes (an
    /// INSERT's column list, UPDATE's SET); `clause`: where the name was, in MariaDB's words
    /// (`WHERE`, `ORDER BY`, `INSERT INTO`, ...), when SQLite said.
    NoColumn {
        name: String,
        target: Option<String>,
        clause: Option<&'static str>,
    },
    /// A statement named a column that more than one of its tables has, without saying
    /// whose (`id` in `UPDATE t SET id = id + 1 FROM c WHERE t.id = c.id`); `clause` as for
    /// `NoColumn`.
    Ambiguous {
        name: String,
        clause: Option<&'static str>,
    },
    /// The statement went over one of Queue Lab's limits (the message names it).
    OverLimit(String),
    /// A division or remainder by zero where the server checks for it (`dialect::division`).
    DivisionByZero,
    /// A subquery used as a value returned more than one row (`dialect::scalar_rows`).
    ManyRows,
    /// `SELECT *` without a table (MariaDB's `FROM DUAL` names none).
    NoTables,
    /// An error the engine's own SQLite function raised in the server's words, with its
    /// code (PostgreSQL's integer checks, `postgres::int_values`).
    Server {
        native: &'static str,
        message: String,
    },
    /// The translated statement calls a function SQLite (and the engine) does not have.
    NoFunction(String),
    /// The translated statement is not SQLite: a construct the engine does not translate,
    /// near this word.
    Untranslated(String),
    /// `ON CONFLICT (columns)` names no unique key that holds for every row (a partial
    /// unique index on them needs its predicate in the target).
    NoConflictTarget,
    /// One of the engine's functions met a value it does not model, and refused it by name
    /// (`... is not supported here: ...`, after `REFUSED`).
    Refused(String),
    /// Anything else (SQLite's message).
    Other(String),
}

impl StoreFailure {
    /// The class the simulator gives the failure, the same for every vendor.
    pub fn class(&self) -> ErrorClass {
        match self {
            StoreFailure::Duplicate { .. } => ErrorClass::UniqueViolation,
            _ => ErrorClass::Other,
        }
    }
}

impl Dialect {
    /// The error the vendor's server reports for a failure SQLite had: MySQL's error numbers,
    /// PostgreSQL's SQLSTATEs, SQL Server's message numbers, each with the server's wording.
    pub fn store_error(self, failure: &StoreFailure) -> StepError {
        let (native, message) = match self {
            Dialect::MySql => mysql::errors::store_error(failure),
            Dialect::Postgres => postgres::errors::store_error(failure),
            Dialect::MsSql => mssql::errors::store_error(failure),
        };
        StepError {
            class: failure.class(),
            native: native.to_string(),
            message,
            pos: None,
            fixed_text: None,
        }
    }
}

/// How the engine's own SQLite functions begin a refusal by name: the rest is the message.
pub const REFUSED: &str = "ql: refused: ";

/// What a refusal of a failure the engine cannot run says, in the words every refusal uses
/// (`common::unsupported_with`): the server has the construct, the engine does not.
pub fn refusal(failure: &StoreFailure) -> String {
    match failure {
        StoreFailure::NoFunction(f) => format!(
            "the function {f}() is not supported here: the engine runs the functions it knows (now(), greatest, coalesce, ...); compute the value another way, or before the statement"
        ),
        StoreFailure::Refused(message) => message.clone(),
        StoreFailure::Untranslated(near) => format!(
            "the construct near \"{near}\" is not supported here: the engine does not translate it yet; write the statement with more common SQL"
        ),
        // A key or type failure only PostgreSQL's plans raise: never reached from the others.
        _ => "the statement is not supported here: the engine does not run it in this dialect; write it with more common SQL".into(),
    }
}
