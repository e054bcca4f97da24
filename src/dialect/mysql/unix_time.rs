//! Rule: MariaDB's `UNIX_TIMESTAMP()` and `UNIX_TIMESTAMP(t)`, the seconds since 1970 (UTC,
//! the lab's clock and the session time zone the conformance servers run in). Queues that
//! keep times as integers compare with it (`WHERE available_at <= UNIX_TIMESTAMP()`,
//! Laravel's jobs table). SQLite has no such function. It becomes
//! `ql_my_unix_timestamp(t)` (`engine::time_fns`), with `NOW()` for no argument: an
//! integer, NULL before 1970 and after 2038-01-19 03:14:07 (the server's range, probed on
//! 10.11), NULL for NULL.
//!
//! The server answers a DECIMAL with the fraction's digits for a time that has fractions of
//! a second (`UNIX_TIMESTAMP(NOW(6))` is `1735722000.000000`), so the argument must be one
//! whose type has none: the clock without a precision, a DATETIME or TIMESTAMP column
//! without one, a DATE column, or a constant (a constant with a fraction is refused when it
//! runs). Anything else is refused by name: compute with the integers instead.

use super::super::exprs::{call, call_args};
use super::super::int_types::Columns;
use super::super::temporal::Temporal;
use super::super::types::Admits;
use super::super::walk;
use super::super::Dialect;
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{Expr, Statement, Value};
use std::ops::ControlFlow;

pub const FUNCTION: &str = "ql_my_unix_timestamp";

/// Rewrites every `UNIX_TIMESTAMP(...)` of `stmt`; a note when it did.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> Result<Option<String>, StepError> {
    let mut fired = false;
    let mut refused = None;
    walk::exprs(stmt, &mut |e| {
        let Some(args) = call_args(e, "unix_timestamp") else {
            return ControlFlow::Continue(());
        };
        let time = match args.as_slice() {
            [] => call("NOW", Vec::new()),
            [t] if whole_seconds(t, columns) => t.duplicate(),
            _ => {
                refused = Some(e.to_sql());
                return ControlFlow::Break(());
            }
        };
        *e = call(FUNCTION, vec![time]);
        fired = true;
        ControlFlow::Continue(())
    });
    if let Some(what) = refused {
        return Err(super::super::common::unsupported_with(
            Dialect::MySql,
            &what,
            "the lab computes it of NOW(), a DATETIME, TIMESTAMP or DATE column without fractions of a second, or a constant; compute with the integers (UNIX_TIMESTAMP() - 90)",
        ));
    }
    Ok(fired.then(|| {
        format!("UNIX_TIMESTAMP(t) becomes {FUNCTION}(t): the seconds since 1970 in UTC, the lab's clock")
    }))
}

/// Whether `t`'s type has no fractions of a second: the clock without a precision (or of
/// precision 0), a constant, or a column of such a type.
fn whole_seconds(t: &Expr, columns: &Columns) -> bool {
    for clock in ["now", "current_timestamp", "localtimestamp", "sysdate"] {
        if let Some(args) = call_args(t, clock) {
            return match args.as_slice() {
                [] => true,
                [Expr::Value(v)] => matches!(&v.value, Value::Number(n, _) if n == "0"),
                _ => false,
            };
        }
    }
    match t {
        Expr::Nested(inner) => whole_seconds(inner, columns),
        // A constant's fraction, or a number, is refused when it runs; NULL gives NULL.
        Expr::Value(_) => true,
        _ => super::super::int_types::column_named(t).is_some_and(|(q, name)| {
            columns
                .admits(q, name, |a| {
                    Some(matches!(
                        a,
                        Admits::Temporal(Temporal::Date | Temporal::DateTime(0))
                    ))
                })
                .unwrap_or(false)
        }),
    }
}
