//! Rule: a parameter placeholder (`$1` in PostgreSQL, `?` in MariaDB) has a value only in a
//! prepared statement. Anywhere else the servers refuse it: PostgreSQL with 42P02 `there is
//! no parameter $1` (also for `$0`, or a `$n` past a PREPARE's parameters), MariaDB with a
//! syntax error. SQLite would read it as a parameter left unbound, a NULL.

use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Statement, Value};
use std::ops::ControlFlow;

/// The error for the first placeholder in `stmt`, the planner's own copy (PREPARE is planned
/// before: EXECUTE puts its arguments where its `$n` stand, `postgres/prepared.rs`).
pub fn refuse(dialect: Dialect, stmt: &mut Statement) -> Result<(), StepError> {
    let mut found = None;
    super::walk::exprs(stmt, &mut |e| {
        if let Expr::Value(v) = e {
            if let Value::Placeholder(p) = &v.value {
                found.get_or_insert_with(|| p.clone());
            }
        }
        ControlFlow::Continue(())
    });
    let Some(p) = found else { return Ok(()) };
    Err(match dialect {
        // undefined_parameter
        Dialect::Postgres => StepError::other("42P02", format!("there is no parameter {p}")),
        _ => StepError::other(
            "1064",
            format!("syntax error: the placeholder {p} has a value only in a prepared statement, which the lab does not model for MariaDB; write the value, or a user variable (@id), in its place"),
        ),
    })
}
