//! Dialect front-ends: each reads one vendor's SQL and plans what runs on SQLite.
//!
//! Everything that differs between vendors is asked of [`Dialect`] through a named capability
//! method, never by comparing dialects inside the engine.

pub mod catalog;
pub mod client;
pub mod common;
pub mod concurrency;
pub mod ddl;
pub mod dml;
pub mod exprs;
pub mod front;
pub mod locks;
pub mod mssql;
pub mod mysql;
pub mod plan;
pub mod postgres;
pub mod ring_hint;
pub mod split;
pub mod walk;

pub use plan::{InsertMode, Plan, PlanKind};

use crate::trace::StepError;

/// Plans one parsed statement for SQLite, with the front-end of `dialect`.
pub fn plan(
    dialect: Dialect,
    stmt: &sqlparser::ast::Statement,
    catalog: &catalog::Catalog,
) -> Result<Plan, StepError> {
    match dialect {
        Dialect::MySql => mysql::plan(stmt, catalog),
        Dialect::Postgres => postgres::plan(stmt, catalog),
        Dialect::MsSql => mssql::plan(stmt, catalog),
    }
}

// The enum itself lives in the bottom layer (plain data names a vendor); the capability
// methods below stay here, with the front-ends they describe.
pub use crate::vendor::Dialect;

impl Dialect {
    /// Whether an upsert that changes an existing row counts 2 affected rows and an unchanged
    /// one 0, as MySQL's `INSERT ... ON DUPLICATE KEY UPDATE` does
    /// (<https://dev.mysql.com/doc/refman/8.4/en/insert-on-duplicate.html>). PostgreSQL's
    /// `ON CONFLICT DO UPDATE` counts 1 either way.
    pub fn upsert_update_counts_two(self) -> bool {
        self == Dialect::MySql
    }

    /// Whether UPDATE reports rows *changed* rather than rows matched (MySQL's default, see
    /// `CLIENT_FOUND_ROWS` in <https://dev.mysql.com/doc/c-api/8.4/en/mysql-affected-rows.html>).
    pub fn update_counts_changed_rows(self) -> bool {
        self == Dialect::MySql
    }
}
