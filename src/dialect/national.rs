//! Rule: a national string constant (`N'abc'`) is the string itself where the server makes it
//! one. SQLite has no such constant (it reads `N` as a name and fails before the quote).
//! SQL Server's `N'...'` is an NVARCHAR, and MariaDB's a string in the national character
//! set (utf8): the lab's strings are both already, so the `N` goes. PostgreSQL's is a
//! `bpchar` (trailing spaces dropped, compared blank-padded against an untyped literal,
//! headed `bpchar`), which the lab does not model: refused by name there.

use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Statement, Value};
use std::ops::ControlFlow;

/// Turns every `N'...'` of `stmt` into `'...'` (SQL Server, MariaDB), or refuses the
/// statement that holds one (PostgreSQL). Run after the result names are taken, so a header
/// written with the constant keeps its `N`.
pub fn rewrite(dialect: Dialect, stmt: &mut Statement) -> Result<(), StepError> {
    let mut found = false;
    super::walk::exprs(stmt, &mut |e| {
        if let Expr::Value(v) = e {
            if let Value::NationalStringLiteral(s) = &mut v.value {
                found = true;
                if dialect != Dialect::Postgres {
                    v.value = Value::SingleQuotedString(std::mem::take(s));
                }
            }
        }
        ControlFlow::<()>::Continue(())
    });
    if found && dialect == Dialect::Postgres {
        return Err(super::common::unsupported_with(
            dialect,
            "N'...' (a national character constant)",
            "PostgreSQL makes it a bpchar (trailing spaces dropped, compared blank-padded), which the lab does not model; write the string as '...'",
        ));
    }
    Ok(())
}
