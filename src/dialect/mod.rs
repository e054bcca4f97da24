//! Dialect front-ends: each reads one vendor's SQL and plans what runs on SQLite.
//!
//! Everything that differs between vendors is asked of [`Dialect`] through a named capability
//! method, never by comparing dialects inside the engine.

mod arity;
pub mod bounds;
pub mod catalog;
pub mod client;
pub mod clock_parts;
pub mod common;
pub mod concurrency;
pub mod conditions;
pub mod counts;
pub mod cte_names;
pub mod ddl;
pub mod decimal_arith;
pub mod division;
pub mod dml;
pub mod dotted_keywords;
pub mod elapsed;
pub mod errors;
pub mod exprs;
pub mod extremes;
mod fetch;
pub mod foreign;
pub mod foreign_keys;
pub mod front;
mod gathering;
pub mod general_ci;
mod grouping;
pub mod guess;
pub mod headers;
pub mod indexes;
pub mod innermost;
pub mod int_types;
pub mod int_writes;
pub mod interval_text;
pub mod intervals;
pub mod join_locks;
pub mod lengths;
pub mod locks;
mod merged_joins;
pub mod mssql;
pub mod mysql;
mod national;
pub mod num_as_text;
pub mod num_text;
pub mod num_types;
mod order_names;
pub mod outline;
mod placeholders;
pub mod plan;
pub mod postgres;
mod quantified;
pub mod read_only;
mod returning_list;
pub mod ring_hint;
pub mod scalar_rows;
pub mod scan_order;
pub mod schemas;
pub mod scripts;
pub mod split;
mod sqlite_names;
pub mod substrings;
pub mod table_locks;
pub mod temporal;
pub mod text_forms;
pub mod types;
pub mod walk;
mod writes;

pub use plan::{InsertMode, Plan, PlanKind};

use crate::trace::StepError;

/// Plans one parsed statement for SQLite, with the front-end of `dialect`.
pub fn plan(
    dialect: Dialect,
    stmt: &sqlparser::ast::Statement,
    catalog: &catalog::Catalog,
) -> Result<Plan, StepError> {
    let mut plan = match dialect {
        Dialect::MySql => mysql::plan(stmt, catalog),
        Dialect::Postgres => postgres::plan(stmt, catalog),
        Dialect::MsSql => mssql::plan(stmt, catalog),
    }?;
    if let PlanKind::Delete {
        table,
        truncate: false,
    } = &plan.kind
    {
        plan.notes
            .extend(foreign_keys::cascade_note(catalog, table, dialect));
    }
    plan.read_only_refusal = read_only::refusal(dialect, stmt);
    plan.begins_no_transaction = read_only::begins_no_transaction(dialect, stmt);
    Ok(plan)
}

// The enum itself lives in the bottom layer (plain data names a vendor); its capability
// methods stay in this module's files (`counts.rs`, `concurrency.rs`, `client.rs`,
// `errors.rs`, ...), with the front-ends they describe.
pub use crate::vendor::Dialect;
