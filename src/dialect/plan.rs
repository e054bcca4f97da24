//! What a front-end hands the engine for one statement: the SQLite to run and how to count it.

use super::catalog::TableDef;

/// How an INSERT treats rows whose keys already exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InsertMode {
    /// A duplicate key is an error.
    Plain,
    /// Rows with a duplicate key are skipped (`INSERT IGNORE`, `ON CONFLICT DO NOTHING`).
    Ignore,
    /// Conflicting rows are deleted first (`REPLACE`).
    Replace,
    /// The conflicting row is updated (`ON DUPLICATE KEY UPDATE`, `ON CONFLICT DO UPDATE`).
    Upsert,
}

/// The kind of statement, which decides how its effect is counted and printed.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanKind {
    Query,
    Insert {
        table: String,
        mode: InsertMode,
        /// `INSERT ... SELECT` or a multi-row VALUES: the MySQL client prints a Records line.
        multi_row_source: bool,
        /// The inserted columns, in order (empty: all of the table's).
        columns: Vec<String>,
        /// The query giving the rows to insert: counted for `INSERT IGNORE`'s Records, and
        /// searched for the clashing value when a duplicate-key error must name it.
        source_query: Option<String>,
    },
    Update {
        table: String,
    },
    Delete {
        table: String,
    },
    /// CREATE, ALTER, DROP and friends: the catalog changes with it.
    Ddl {
        change: CatalogChange,
    },
    /// Accepted and does nothing here (e.g. `USE test`); the note says why.
    Noop,
    /// `BEGIN`, `COMMIT`, `ROLLBACK` and `SET` statements (one session: every statement commits).
    Transaction,
}

/// How the catalog changes when a DDL plan succeeds.
#[derive(Debug, Clone, PartialEq)]
pub enum CatalogChange {
    Create(TableDef),
    Replace(TableDef),
    Drop(String),
    None,
}

/// One statement, planned for SQLite.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub kind: PlanKind,
    /// SQLite statements, run in order inside one savepoint.
    pub sqlite: Vec<String>,
    /// One line per rewrite rule that fired, for the "what ran" panel.
    pub notes: Vec<String>,
    /// A ring this statement reveals (`... mod N` into a unique key column).
    pub ring: Option<super::catalog::RingHint>,
    /// Row locks the statement's locking reads ask for, served by the engine before it runs.
    pub lock_reads: Vec<super::locks::LockRead>,
}

impl Plan {
    pub fn new(kind: PlanKind, sqlite: Vec<String>) -> Plan {
        Plan {
            kind,
            sqlite,
            notes: Vec::new(),
            ring: None,
            lock_reads: Vec::new(),
        }
    }
}
