//! Rule: MariaDB's `TIMESTAMPDIFF(unit, a, b)`, the whole units from `a` to `b`, truncated
//! toward zero (a reaper's `TIMESTAMPDIFF(SECOND, locked_at, NOW()) > 300`). SQLite has no
//! such function and read the unit as a column (`Unknown column 'SECOND'`). It becomes
//! `ql_my_timestampdiff(unit, a, b)` (`engine::time_fns`): microseconds apart divided by
//! the unit, or whole months as the server counts them (`calendar::months_between`).
//! `TIMESTAMPADD(unit, n, t)` becomes `DATE_ADD(t, INTERVAL n unit)`, which `intervals.rs`
//! moves as the server does.

use super::super::exprs::{call, call_args, int_expr};
use super::super::walk;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{DateTimeField, Expr};
use std::ops::ControlFlow;

pub const FUNCTION: &str = "ql_my_timestampdiff";

/// A unit: as the engine's function takes it (microseconds per unit, or the months per unit
/// negated, 0 for a month), and as an INTERVAL names it.
fn unit(name: &str) -> Option<(i64, DateTimeField)> {
    use DateTimeField as F;
    let name = name.to_ascii_uppercase();
    Some(match name.strip_prefix("SQL_TSI_").unwrap_or(&name) {
        "MICROSECOND" => (1, F::Microsecond),
        "SECOND" => (1_000_000, F::Second),
        "MINUTE" => (60_000_000, F::Minute),
        "HOUR" => (3_600_000_000, F::Hour),
        "DAY" => (86_400_000_000, F::Day),
        "WEEK" => (604_800_000_000, F::Week(None)),
        "MONTH" => (0, F::Month),
        "QUARTER" => (-3, F::Quarter),
        "YEAR" => (-12, F::Year),
        _ => return None,
    })
}

/// `TIMESTAMPADD(unit, n, t)` as `DATE_ADD(t, INTERVAL n unit)`, which the server computes
/// alike (checked: months past a month's end, weeks, quarters, microseconds, a date, NULL).
fn add(args: &[&Expr]) -> Result<Expr, String> {
    let [Expr::Identifier(u), n, t] = args else {
        return Err("TIMESTAMPADD takes a unit, an amount and a time".into());
    };
    let Some((_, field)) = unit(&u.value) else {
        return Err(format!("TIMESTAMPADD has no unit {}", u.value));
    };
    let interval = Expr::Interval(sqlparser::ast::Interval {
        value: Box::new(n.duplicate()),
        leading_field: Some(field),
        leading_precision: None,
        last_field: None,
        fractional_seconds_precision: None,
    });
    Ok(call("DATE_ADD", vec![t.duplicate(), interval]))
}

/// Rewrites every TIMESTAMPDIFF and TIMESTAMPADD of `stmt`; a note when it did.
pub fn rewrite(stmt: &mut sqlparser::ast::Statement) -> Result<Option<String>, StepError> {
    let mut fired = false;
    let mut bad = None;
    walk::exprs(stmt, &mut |e| {
        let made = if let Some(args) = call_args(e, "TIMESTAMPDIFF") {
            match args.as_slice() {
                [Expr::Identifier(u), a, b] => match unit(&u.value) {
                    Some((n, _)) => Ok(call(
                        FUNCTION,
                        vec![int_expr(n), a.duplicate(), b.duplicate()],
                    )),
                    None => Err(format!("TIMESTAMPDIFF has no unit {}", u.value)),
                },
                _ => Err("TIMESTAMPDIFF takes a unit and two times".to_string()),
            }
        } else if let Some(args) = call_args(e, "TIMESTAMPADD") {
            add(&args)
        } else {
            return ControlFlow::Continue(());
        };
        match made {
            Ok(made) => {
                *e = made;
                fired = true;
                ControlFlow::Continue(())
            }
            Err(why) => {
                bad = Some(why);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(why) = bad {
        return Err(StepError::other(
            "1064",
            format!("You have an error in your SQL syntax: {why}"),
        ));
    }
    Ok(fired.then(|| {
        format!("TIMESTAMPDIFF(unit, a, b) becomes {FUNCTION}(...): whole units from a to b, as the server counts them")
    }))
}
