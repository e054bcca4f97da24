//! Rule (PostgreSQL): elapsed time compared with an interval, a reaper's test of a stale
//! lock: `now() - locked_at > interval '5 minutes'`. On the server `timestamp - timestamp`
//! is an interval of days and time, and intervals compare by their length with a month as 30
//! days and a day as 24 hours. SQLite has no intervals, so the rule compares microseconds:
//! the elapsed time (`ql_pg_elapsed`) with the interval's length
//! (`ql_pg_interval_value`), both the engine's functions (`engine::time_fns`). A date minus a
//! date is an integer on the server, not an interval: left to `intervals.rs`, which refuses
//! it, as it refuses every other use of an elapsed time.

use super::exprs::call;
use super::int_types::Columns;
use super::intervals::{is_interval, pg_amount, time_kind};
use crate::sql::Duplicate;
use sqlparser::ast::{BinaryOperator, Expr, Value};

/// `ql_pg_elapsed(a, b)`: `a - b` in microseconds.
pub const ELAPSED_FN: &str = "ql_pg_elapsed";
/// `ql_pg_interval_value(months, days, micros, secs, factor)`: an interval's length in
/// microseconds, as the server compares intervals.
pub const INTERVAL_VALUE_FN: &str = "ql_pg_interval_value";

/// Rewrites `e` if it is `a - b <op> interval` or `interval <op> a - b` (`a` and `b` times,
/// not both dates); whether it did.
pub fn compare(e: &mut Expr, columns: &Columns) -> bool {
    use BinaryOperator::*;
    let Expr::BinaryOp { left, op, right } = e else {
        return false;
    };
    if !matches!(op, Eq | NotEq | Lt | LtEq | Gt | GtEq) {
        return false;
    }
    let (l, r) = match (
        elapsed(left, columns),
        elapsed(right, columns),
        is_interval(left),
        is_interval(right),
    ) {
        (Some(d), None, false, true) => (Some(d), length(right)),
        (None, Some(d), true, false) => (length(left), Some(d)),
        _ => return false,
    };
    let (Some(l), Some(r)) = (l, r) else {
        return false;
    };
    (**left, **right) = (l, r);
    true
}

/// `ql_pg_elapsed(a, b)` for `a - b` of two times, not both dates.
fn elapsed(e: &Expr, columns: &Columns) -> Option<Expr> {
    match e {
        Expr::Nested(inner) => elapsed(inner, columns),
        Expr::BinaryOp {
            left,
            op: BinaryOperator::Minus,
            right,
        } if matches!(
            (time_kind(left, columns), time_kind(right, columns)),
            (Some(_), Some(false)) | (Some(false), Some(true))
        ) =>
        {
            Some(call(
                ELAPSED_FN,
                vec![*left.duplicate(), *right.duplicate()],
            ))
        }
        _ => None,
    }
}

/// `ql_pg_interval_value(...)` of an interval the interval rule reads.
fn length(iv: &Expr) -> Option<Expr> {
    let ([months, days, micros, secs], factor) = pg_amount(iv)?;
    let factor = factor.unwrap_or_else(|| Expr::value(Value::Number("1".into(), false)));
    Some(call(
        INTERVAL_VALUE_FN,
        vec![months, days, micros, secs, factor],
    ))
}
