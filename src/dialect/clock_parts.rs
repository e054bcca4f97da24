//! Rule: today's date and the time of day read the scenario clock. SQLite answers
//! `CURRENT_DATE` and `CURRENT_TIME` from the machine's clock, so a run would change from one
//! day to the next and differ between two machines; the engine's clock
//! (`engine::clock`) is the one every run reads. `CURRENT_DATE` (and MariaDB's `CURDATE()`)
//! becomes the clock's date, MariaDB's `CURRENT_TIME` / `CURTIME()` and PostgreSQL's
//! `LOCALTIME` its time of day. PostgreSQL's `CURRENT_TIME` is a time with a time zone
//! (`09:00:00+00`), which the engine does not keep: refused by name.
//!
//! PostgreSQL's `now()`, `CURRENT_TIMESTAMP`, `transaction_timestamp()`, `LOCALTIMESTAMP`,
//! `CURRENT_DATE` and `LOCALTIME` are the time the transaction began, the same in each of
//! its statements (`ql_txn_now()`); `statement_timestamp()` and `clock_timestamp()` move
//! with the statements, as MariaDB's and SQL Server's clocks do (`ql_now()`).

use super::common::unsupported_with;
use super::exprs::{call, now_expr, TXN_NOW_FN};
use super::walk;
use super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Value};
use std::ops::ControlFlow;

/// Which part of the clock a function reads in `dialect`: `Some(true)` the date,
/// `Some(false)` the time of day.
pub fn part(dialect: Dialect, name: &str) -> Option<bool> {
    match (dialect, name.to_ascii_uppercase().as_str()) {
        (_, "CURRENT_DATE") | (Dialect::MySql, "CURDATE") => Some(true),
        (Dialect::MySql, "CURRENT_TIME" | "CURTIME")
        | (Dialect::Postgres, "LOCALTIME" | "CURRENT_TIME") => Some(false),
        _ => None,
    }
}

/// Whether PostgreSQL's `name` reads the time the transaction began.
fn transaction_clock(name: &str) -> bool {
    [
        "now",
        "current_timestamp",
        "transaction_timestamp",
        "localtimestamp",
    ]
    .iter()
    .any(|n| n.eq_ignore_ascii_case(name))
}

/// Rewrites the clock's parts in `stmt`; the note, if one changed; an error for
/// PostgreSQL's `CURRENT_TIME`.
pub fn rewrite(
    dialect: Dialect,
    stmt: &mut sqlparser::ast::Statement,
) -> Result<Option<String>, StepError> {
    let reads_part =
        |e: &Expr| matches!(e, Expr::Function(f) if part(dialect, &f.name.to_sql()).is_some());
    if dialect == Dialect::MySql {
        // MariaDB names a result column as written (`CURDATE()`).
        super::headers::keep_as_written(stmt, &reads_part);
    }
    let mut refused = false;
    let mut changed = false;
    walk::exprs(stmt, &mut |e| {
        let Expr::Function(f) = e else {
            return ControlFlow::Continue(());
        };
        let name = f.name.to_sql();
        let txn_clock = || call(TXN_NOW_FN, Vec::new());
        if dialect == Dialect::Postgres && transaction_clock(&name) {
            *e = txn_clock();
            changed = true;
            return ControlFlow::Continue(());
        }
        let Some(date) = part(dialect, &name) else {
            return ControlFlow::Continue(());
        };
        if dialect == Dialect::Postgres && name.eq_ignore_ascii_case("CURRENT_TIME") {
            refused = true;
            return ControlFlow::Break(());
        }
        // `YYYY-MM-DD HH:MM:SS`: the first ten characters, or the eight from the twelfth.
        let (from, len) = if date { (1, 10) } else { (12, 8) };
        let n = |v: i64| Expr::value(Value::Number(v.to_string(), false));
        let clock = if dialect == Dialect::Postgres {
            txn_clock()
        } else {
            now_expr()
        };
        *e = call("substr", vec![clock, n(from), n(len)]);
        changed = true;
        ControlFlow::Continue(())
    });
    if refused {
        return Err(unsupported_with(
            dialect,
            "CURRENT_TIME",
            "PostgreSQL's CURRENT_TIME is a time with a time zone, which the engine does not keep; use LOCALTIME (the time of day) or now()",
        ));
    }
    Ok(changed.then(|| match dialect {
        Dialect::Postgres => format!(
            "now(), CURRENT_TIMESTAMP, CURRENT_DATE read the scenario clock when the transaction began ({TXN_NOW_FN}()): PostgreSQL's now() is the same in every statement of a transaction"
        ),
        _ => "CURRENT_DATE, CURDATE(), CURTIME() read the scenario clock's date or time of day".into(),
    }))
}
