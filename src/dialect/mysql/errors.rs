//! SQLite's failures as MySQL / MariaDB number and word them
//! (<https://dev.mysql.com/doc/mysql-errors/8.4/en/server-error-reference.html>).

use crate::dialect::errors::StoreFailure;

/// ER_PARSE_ERROR: the statement could not be read.
pub const SYNTAX_ERROR: &str = "1064";

/// ER_STACK_OVERRUN_NEED_MORE, what the server reports for a statement too deep for its
/// stack: a statement over one of Queue Lab's size limits (`limits.rs`).
pub const TOO_COMPLEX: &str = "1436";

/// The server's error number and message for `f`.
pub fn store_error(f: &StoreFailure) -> (&'static str, String) {
    match f {
        // ER_QUERY_INTERRUPTED
        StoreFailure::Interrupted(msg) => ("1317", msg.clone()),
        // ER_DUP_ENTRY
        StoreFailure::Duplicate { key, value, .. } => (
            "1062",
            match value {
                Some(v) => format!("Duplicate entry '{v}' for key '{key}'"),
                None => format!("Duplicate entry for key '{key}'"),
            },
        ),
        // ER_BAD_NULL_ERROR
        // ER_CONSTRAINT_FAILED
        StoreFailure::Check { table, name } => (
            "4025",
            format!("CONSTRAINT `{name}` failed for `test`.`{table}`"),
        ),
        StoreFailure::NotNull { column, .. } => {
            ("1048", format!("Column '{column}' cannot be null"))
        }
        // ER_NO_SUCH_TABLE, in the database `test`
        StoreFailure::NoTable(t) => ("1146", format!("Table 'test.{t}' doesn't exist")),
        // ER_BAD_FIELD_ERROR
        // ('field list' is what older servers said for every clause.)
        StoreFailure::NoColumn { name, clause, .. } => (
            "1054",
            format!(
                "Unknown column '{name}' in '{}'",
                clause.unwrap_or("field list")
            ),
        ),
        // ER_NON_UNIQ_ERROR
        StoreFailure::Ambiguous { name, clause } => (
            "1052",
            format!(
                "Column '{name}' in {} is ambiguous",
                clause.unwrap_or("field list")
            ),
        ),
        // ER_UNKNOWN_ERROR: no server error says "over a limit of the simulator"
        StoreFailure::OverLimit(msg) => ("1105", msg.clone()),
        // ER_DIVISION_BY_ZERO (strict sql_mode, in the values an INSERT or UPDATE writes)
        StoreFailure::DivisionByZero => ("1365", "Division by 0".into()),
        StoreFailure::ManyRows => ("1242", "Subquery returns more than 1 row".into()),
        StoreFailure::NoTables => ("1096", "No tables used".into()),
        // ER_DATA_OUT_OF_RANGE: unsigned arithmetic below zero; ER_WRONG_ARGUMENTS: an
        // ESCAPE of two characters (`engine/like_fn.rs`).
        StoreFailure::Server {
            native: native @ ("1690" | "1210"),
            message,
        } => (native, message.clone()),
        // ER_UNKNOWN_ERROR. (Only PostgreSQL plans the integer checks and ON CONFLICT targets.)
        f @ (StoreFailure::NoFunction(_)
        | StoreFailure::Untranslated(_)
        | StoreFailure::Refused(_)
        | StoreFailure::Server { .. }
        | StoreFailure::NoConflictTarget) => (SYNTAX_ERROR, crate::dialect::errors::refusal(f)),
        StoreFailure::Other(msg) => ("1105", format!("SQLite: {msg}")),
    }
}
