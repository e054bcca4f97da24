//! Rule: MariaDB's `TIMESTAMPDIFF(unit, a, b)`, the whole units from `a` to `b`, truncated
//! toward zero (a reaper's `TIMESTAMPDIFF(SECOND, locked_at, NOW()) > 300`). SQLite has no
//! such function and read the unit as a column (`Unknown column 'SECOND'`). It becomes
//! `ql_my_timestampdiff(unit, a, b)` (`engine::time_fns`): microseconds apart divided by
//! the unit, or whole months as the server counts them (`calendar::months_between`).
//! `TIMESTAMPADD(unit, n, t)` becomes `DATE_ADD(t, INTERVAL n unit)`, which `intervals.rs`
//! moves as the server does.

use super::super::exprs::{call, call_args, int_expr};
use super::super::walk;
use crate::trace::StepError;
use queuelab_sql::Duplicate;
use sqlparser::ast::Expr;
use std::ops::ControlFlow;

pub const FUNCTION: &str = "ql_my_timestampdiff";

/// The unit as the engine's function takes it: microseconds per unit, or the months per
/// unit negated (0 for a month).
fn unit(name: &str) -> Option<i64> {
    let name = name.to_ascii_uppercase();
    Some(match name.strip_prefix("SQL_TSI_").unwrap_or(&name) {
        "MICROSECOND" => 1,
        "SECOND" => 1_000_000,
        "MINUTE" => 60_000_000,
        "HOUR" => 3_600_000_000,
        "DAY" => 86_400_000_000,
        "WEEK" => 604_800_000_000,
        "MONTH" => 0,
        "QUARTER" => -3,
        "YEAR" => -12,
        _ => return None,
    })
}

/// `TIMESTAMPADD(unit, n, t)` as `DATE_ADD(t, INTERVAL n unit)`, which the server computes
/// alike (checked: months past a month's end, weeks, quarters, microseconds, a date, NULL).
fn add(args: &[&Expr]) -> Result<Expr, String> {
    use sqlparser::ast::DateTimeField as F;
    let [Expr::Identifier(u), n, t] = args else {
        return Err("TIMESTAMPADD takes a unit, an amount and a time".into());
    };
    let field = match unit(&u.value) {
        Some(1) => F::Microsecond,
        Some(1_000_000) => F::Second,
        Some(60_000_000) => F::Minute,
        Some(3_600_000_000) => F::Hour,
        Some(86_400_000_000) => F::Day,
        Some(604_800_000_000) => F::Week(None),
        Some(0) => F::Month,
        Some(-3) => F::Quarter,
        Some(-12) => F::Year,
        _ => return Err(format!("TIMESTAMPADD has no unit {}", u.value)),
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
                    Some(n) => Ok(call(
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
