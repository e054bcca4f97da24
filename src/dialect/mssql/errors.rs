//! SQLite's failures as SQL Server numbers and words them
//! (<https://learn.microsoft.com/en-us/sql/relational-databases/errors-events/database-engine-events-and-errors>).

use crate::dialect::errors::StoreFailure;

/// Msg 102, "Incorrect syntax near ...": the batch could not be read.
pub const SYNTAX_ERROR: &str = "102";

/// "Some part of your SQL statement is nested too deeply": a statement over one of Queue
/// Lab's size limits (`limits.rs`).
pub const TOO_COMPLEX: &str = "191";

/// The message number and text SQL Server reports for `f`.
pub fn store_error(f: &StoreFailure) -> (&'static str, String) {
    match f {
        // The statement was cancelled.
        StoreFailure::Interrupted(msg) => ("3617", msg.clone()),
        StoreFailure::Duplicate {
            table,
            key,
            primary,
            value,
        } => {
            // SQL Server lists the key's values separated by `, `.
            let value = value
                .as_ref()
                .map(|v| format!(" The duplicate key value is ({}).", v.replace('-', ", ")))
                .unwrap_or_default();
            (
                "2627",
                format!(
                    "Violation of {} constraint '{key}'. Cannot insert duplicate key in object 'dbo.{table}'.{value}",
                    if *primary { "PRIMARY KEY" } else { "UNIQUE KEY" }
                ),
            )
        }
        // The INSERT/UPDATE statement conflicted with the CHECK constraint (never reached:
        // CHECK is refused in a SQL Server CREATE TABLE).
        StoreFailure::Check { table, name } => (
            "547",
            format!("The statement conflicted with the CHECK constraint \"{name}\". The conflict occurred in database \"test\", table \"dbo.{table}\"."),
        ),
        StoreFailure::NotNull { table, column } => (
            "515",
            format!("Cannot insert the value NULL into column '{column}', table 'queuelab.dbo.{table}'; column does not allow nulls. INSERT fails."),
        ),
        StoreFailure::NoTable(t) => ("208", format!("Invalid object name '{t}'.")),
        // The column's own name, also when it was qualified.
        StoreFailure::NoColumn { name, .. } => (
            "207",
            format!(
                "Invalid column name '{}'.",
                name.rsplit('.').next().unwrap_or(name)
            ),
        ),
        StoreFailure::Ambiguous { name, .. } => {
            ("209", format!("Ambiguous column name '{name}'."))
        }
        // A user-defined error's number: SQL Server has none for "the simulator's SQLite failed".
        // A user-defined message: SQL Server has no number for the simulator's limits.
        StoreFailure::OverLimit(msg) => ("50000", msg.clone()),
        StoreFailure::DivisionByZero => ("8134", "Divide by zero error encountered.".into()),
        StoreFailure::ManyRows => ("512", "Subquery returned more than 1 value. This is not permitted when the subquery follows =, !=, <, <= , >, >= or when the subquery is used as an expression.".into()),
        StoreFailure::NoTables => ("263", "Must specify table to select from.".into()),
        // A SUBSTRING's negative length (`dialect/substrings.rs`).
        StoreFailure::Server {
            native: "537",
            message,
        } => ("537", message.clone()),
        // (Only PostgreSQL plans the integer checks and ON CONFLICT targets.)
        f @ (StoreFailure::NoFunction(_)
        | StoreFailure::Untranslated(_)
        | StoreFailure::Refused(_)
        | StoreFailure::Server { .. }
        | StoreFailure::NoConflictTarget) => {
            (SYNTAX_ERROR, crate::dialect::errors::refusal(f))
        }
        StoreFailure::Other(msg) => ("50000", format!("SQLite: {msg}")),
    }
}
