//! SQLite's failures as PostgreSQL's SQLSTATEs and messages
//! (<https://www.postgresql.org/docs/current/errcodes-appendix.html>).

use crate::dialect::errors::StoreFailure;

/// syntax_error: the statement could not be read.
pub const SYNTAX_ERROR: &str = "42601";

/// statement_too_complex: a statement over one of Queue Lab's size limits (`limits.rs`).
pub const TOO_COMPLEX: &str = "54001";

/// The SQLSTATE and message PostgreSQL reports for `f`.
pub fn store_error(f: &StoreFailure) -> (&'static str, String) {
    match f {
        // query_canceled
        StoreFailure::Interrupted(msg) => ("57014", msg.clone()),
        // unique_violation
        StoreFailure::Duplicate { key, .. } => (
            "23505",
            format!("duplicate key value violates unique constraint \"{key}\""),
        ),
        // not_null_violation
        // check_violation
        StoreFailure::Check { table, name } => (
            "23514",
            format!("new row for relation \"{table}\" violates check constraint \"{name}\""),
        ),
        StoreFailure::NotNull { table, column } => (
            "23502",
            format!(
                "null value in column \"{column}\" of relation \"{table}\" violates not-null constraint"
            ),
        ),
        // undefined_table
        StoreFailure::NoTable(t) => ("42P01", format!("relation \"{t}\" does not exist")),
        // undefined_column
        // A qualified name is printed without quotes: `column j.x does not exist`.
        StoreFailure::NoColumn { name, target, .. } => (
            "42703",
            match target {
                Some(t) => format!("column \"{name}\" of relation \"{t}\" does not exist"),
                None if name.contains('.') => format!("column {name} does not exist"),
                None => format!("column \"{name}\" does not exist"),
            },
        ),
        // ambiguous_column
        StoreFailure::Ambiguous { name, .. } => {
            ("42702", format!("column reference \"{name}\" is ambiguous"))
        }
        // internal_error
        // program_limit_exceeded
        StoreFailure::OverLimit(msg) => ("54000", msg.clone()),
        // division_by_zero
        StoreFailure::DivisionByZero => ("22012", "division by zero".into()),
        StoreFailure::ManyRows => (
            "21000",
            "more than one row returned by a subquery used as an expression".into(),
        ),
        StoreFailure::NoTables => (
            "42601",
            "SELECT * with no tables specified is not valid".into(),
        ),
        StoreFailure::Server { native, message } => (native, message.clone()),
        // invalid_column_reference
        StoreFailure::NoConflictTarget => (
            "42P10",
            "there is no unique or exclusion constraint matching the ON CONFLICT specification"
                .into(),
        ),
        f @ (StoreFailure::NoFunction(_)
        | StoreFailure::Untranslated(_)
        | StoreFailure::Refused(_)) => {
            (SYNTAX_ERROR, crate::dialect::errors::refusal(f))
        }
        StoreFailure::Other(msg) => ("XX000", format!("SQLite: {msg}")),
    }
}
