//! Rule: time plus or minus an interval, which SQLite has no type for. Queues compute
//! visibility timeouts and retry times this way: PostgreSQL's `now() + interval '30
//! seconds'`, MySQL's `NOW() + INTERVAL 30 SECOND` and `DATE_ADD(NOW(), INTERVAL 5 MINUTE)`.
//! Each becomes SQLite's `datetime(t, '+30 seconds')`, whose text (`2025-01-01 09:00:30`)
//! orders as the time does, like every timestamp the engine keeps. An interval used any
//! other way (multiplied, on its own, between two times) is refused by name: SQLite would
//! treat it as a number or a string and answer something no server answers.

use super::common::unsupported_with;
use super::exprs::call;
use super::walk;
use super::Dialect;
use crate::trace::StepError;
use queuelab_sql::Duplicate;
use queuelab_sql::Sql;
use queuelab_sql::ToSql;
use sqlparser::ast::{
    BinaryOperator, DateTimeField, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Interval,
    Statement, Value,
};
use std::ops::ControlFlow;

/// Rewrites every `time ± interval` of `stmt`; the note, if one fired; an error naming an
/// interval the engine cannot compute.
pub fn rewrite(dialect: Dialect, stmt: &mut Statement) -> Result<Option<String>, StepError> {
    if dialect == Dialect::MySql {
        super::headers::keep_as_written(stmt, &|e| shifted(e).is_some() || date_add(e).is_some());
    }
    let mut fired = false;
    let mut refused: Option<String> = None;
    walk::exprs(stmt, &mut |e| {
        let Some((time, sign, iv)) = take_shift(e) else {
            return ControlFlow::Continue(());
        };
        match modifiers(&iv, sign) {
            Ok(mods) => {
                *e = call("datetime", std::iter::once(time).chain(mods).collect());
                fired = true;
            }
            Err(what) => {
                refused.get_or_insert(what);
                // Put back something harmless: the statement is refused anyway.
                *e = Expr::value(Value::Null);
            }
        }
        ControlFlow::Continue(())
    });
    // What is left is an interval used otherwise (a child is seen before its parent, so
    // this cannot be told in the pass above).
    walk::exprs(stmt, &mut |e| {
        if let Expr::Interval(iv) = e {
            refused.get_or_insert_with(|| format!("INTERVAL {}", Sql(iv.value.as_ref())));
        }
        ControlFlow::Continue(())
    });
    if let Some(what) = refused {
        return Err(unsupported_with(
            dialect,
            &what,
            "the engine adds an interval to a time (time + interval, time - interval) in seconds, minutes, hours, days, weeks, months or years; compute other uses in the application",
        ));
    }
    Ok(fired.then(|| {
        "time ± interval as SQLite's datetime(time, '±N unit'): timestamps are kept as text that sorts as time does".into()
    }))
}

/// `time ± interval` (or `interval + time`), or MySQL's `DATE_ADD` / `DATE_SUB`: the time,
/// the sign (+1 or -1) and the interval, moved out of `e`.
fn take_shift(e: &mut Expr) -> Option<(Expr, i8, Interval)> {
    let (interval_right, sign) = match (shifted(e), date_add(e)) {
        (Some(s), _) => s,
        (None, Some(sign)) => {
            let Expr::Function(f) = e else { return None };
            let FunctionArguments::List(list) = &mut f.args else {
                return None;
            };
            let mut args = std::mem::take(&mut list.args).into_iter();
            let (
                Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(time))),
                Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Interval(iv)))),
                None,
            ) = (args.next(), args.next(), args.next())
            else {
                return None;
            };
            return Some((time, sign, iv));
        }
        _ => return None,
    };
    let Expr::BinaryOp { left, right, .. } = std::mem::replace(e, Expr::value(Value::Null)) else {
        return None;
    };
    let (time, iv) = if interval_right {
        (*left, *right)
    } else {
        (*right, *left)
    };
    let Expr::Interval(iv) = iv else { return None };
    Some((time, sign, iv))
}

/// Whether `e` is `time ± interval` (the interval on the right: true) or `interval + time`,
/// and its sign.
fn shifted(e: &Expr) -> Option<(bool, i8)> {
    let Expr::BinaryOp { left, op, right } = e else {
        return None;
    };
    let sign = match op {
        BinaryOperator::Plus => 1,
        BinaryOperator::Minus => -1,
        _ => return None,
    };
    match (left.as_ref(), right.as_ref()) {
        (Expr::Interval(_), Expr::Interval(_)) => None,
        (_, Expr::Interval(_)) => Some((true, sign)),
        (Expr::Interval(_), _) if sign == 1 => Some((false, 1)),
        _ => None,
    }
}

/// MySQL's `DATE_ADD(t, INTERVAL ...)` / `ADDDATE` (+1) and `DATE_SUB` / `SUBDATE` (-1).
fn date_add(e: &Expr) -> Option<i8> {
    let Expr::Function(f) = e else { return None };
    let FunctionArguments::List(list) = &f.args else {
        return None;
    };
    let second_is_interval = matches!(
        list.args.get(1),
        Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Interval(
            _
        ))))
    );
    if list.args.len() != 2 || !second_is_interval {
        return None;
    }
    match f.name.to_sql().to_ascii_lowercase().as_str() {
        "date_add" | "adddate" => Some(1),
        "date_sub" | "subdate" => Some(-1),
        _ => None,
    }
}

/// The SQLite modifiers for `sign` times the interval: string literals when the amount is
/// written (`'+30 seconds'`, one per unit of `'1 day 2 hours'`), else an expression that
/// builds one (`(n * 10) || ' seconds'`).
fn modifiers(iv: &Interval, sign: i8) -> Result<Vec<Expr>, String> {
    let unit = match &iv.leading_field {
        None => None,
        Some(f) => Some(unit_of_field(f).ok_or_else(|| format!("INTERVAL ... {}", Sql(f)))?),
    };
    if iv.last_field.is_some() {
        return Err(format!("INTERVAL {}", Sql(iv.value.as_ref())));
    }
    let text = match iv.value.as_ref() {
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) | Value::DoubleQuotedString(s) => Some(s.clone()),
            Value::Number(n, _) => Some(n.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(text) = text else {
        // A computed amount (MySQL's `INTERVAL attempts * 10 SECOND`).
        let Some((unit, factor)) = unit else {
            return Err(format!("INTERVAL {}", Sql(iv.value.as_ref())));
        };
        let amount = Expr::BinaryOp {
            left: Box::new(Expr::Nested(iv.value.duplicate())),
            op: BinaryOperator::Multiply,
            right: Box::new(Expr::value(Value::Number(
                (factor * i64::from(sign)).to_string(),
                false,
            ))),
        };
        return Ok(vec![Expr::BinaryOp {
            left: Box::new(Expr::Nested(Box::new(amount))),
            op: BinaryOperator::StringConcat,
            right: Box::new(Expr::value(Value::SingleQuotedString(format!(" {unit}")))),
        }]);
    };
    let parts = match unit {
        Some((unit, factor)) => {
            let n = crate::decimal::parse_f64(text.trim())
                .ok_or_else(|| format!("INTERVAL '{text}'"))?;
            vec![(n * factor as f64, unit)]
        }
        None => parse_amounts(&text).ok_or_else(|| format!("INTERVAL '{text}'"))?,
    };
    Ok(parts
        .iter()
        .map(|(n, unit)| {
            // SQLite's modifier: the amount with its sign, `+30 seconds`, `-1.5 days`.
            let n = n * f64::from(sign);
            let plus = if n.is_sign_negative() { "" } else { "+" };
            let amount = crate::float_text::display(n);
            Expr::value(Value::SingleQuotedString(format!("{plus}{amount} {unit}")))
        })
        .collect())
}

/// A field as SQLite's unit and how many of it one is (a week is 7 days).
fn unit_of_field(f: &DateTimeField) -> Option<(&'static str, i64)> {
    use DateTimeField::*;
    Some(match f {
        Second | Seconds => ("seconds", 1),
        Minute | Minutes => ("minutes", 1),
        Hour | Hours => ("hours", 1),
        Day | Days => ("days", 1),
        Week(None) | Weeks => ("days", 7),
        Month | Months => ("months", 1),
        Year | Years => ("years", 1),
        _ => return None,
    })
}

/// PostgreSQL's interval text: `30 seconds`, `5 min`, `1 hour`, `2 days`, or `00:05:00`.
fn parse_amounts(text: &str) -> Option<Vec<(f64, &'static str)>> {
    let text = text.trim();
    if let Some(secs) = clock_amount(text) {
        return Some(vec![(secs, "seconds")]);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for pair in words.chunks(2) {
        let [n, unit] = pair else { return None };
        let n = crate::decimal::parse_f64(n)?;
        let (unit, factor) = match unit.to_ascii_lowercase().as_str() {
            "s" | "sec" | "secs" | "second" | "seconds" => ("seconds", 1.0),
            "m" | "min" | "mins" | "minute" | "minutes" => ("minutes", 1.0),
            "h" | "hr" | "hrs" | "hour" | "hours" => ("hours", 1.0),
            "d" | "day" | "days" => ("days", 1.0),
            "w" | "week" | "weeks" => ("days", 7.0),
            "mon" | "mons" | "month" | "months" => ("months", 1.0),
            "y" | "year" | "years" => ("years", 1.0),
            _ => return None,
        };
        out.push((n * factor, unit));
    }
    (!out.is_empty()).then_some(out)
}

/// `HH:MM:SS` (or `HH:MM`) as seconds.
fn clock_amount(text: &str) -> Option<f64> {
    let parts: Vec<&str> = text.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let mut secs = 0.0;
    for (i, p) in parts.iter().enumerate() {
        let n = crate::decimal::parse_f64(p)?;
        secs += n * [3600.0, 60.0, 1.0][i];
    }
    Some(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(dialect: Dialect, sql: &str) -> Result<String, StepError> {
        let script = crate::dialect::front::parse_script(dialect, sql);
        let mut stmt = script.statements[0].ast.duplicate()?;
        rewrite(dialect, &mut stmt)?;
        Ok(stmt.to_sql())
    }

    #[test]
    fn time_plus_or_minus_an_interval_becomes_datetime() -> Result<(), StepError> {
        let pg = rewritten(
            Dialect::Postgres,
            "SELECT id FROM q WHERE vt <= now() - interval '5 minutes' AND at < now() + interval '00:00:30'",
        )?;
        assert!(pg.contains("datetime(now(), '-5 minutes')"), "{pg}");
        assert!(pg.contains("datetime(now(), '+30 seconds')"), "{pg}");
        let my = rewritten(
            Dialect::MySql,
            "UPDATE jobs SET run_at = NOW() + INTERVAL attempts * 10 SECOND, t = DATE_SUB(NOW(), INTERVAL 2 WEEK)",
        )?;
        assert!(
            my.contains("datetime(NOW(), ((attempts * 10) * 1) || ' seconds')"),
            "{my}"
        );
        assert!(my.contains("datetime(NOW(), '-14 days')"), "{my}");
        Ok(())
    }

    #[test]
    fn other_uses_of_an_interval_are_refused_by_name() -> Result<(), StepError> {
        let e = rewritten(Dialect::Postgres, "SELECT interval '1 day' * 3").expect_err("refused");
        assert!(e.message.contains("INTERVAL '1 day'"), "{}", e.message);
        let two = rewritten(Dialect::Postgres, "SELECT now() - interval '1 day 2 hours'")?;
        assert!(
            two.contains("datetime(now(), '-1 days', '-2 hours')"),
            "{two}"
        );
        let e = rewritten(Dialect::Postgres, "SELECT now() + interval '2 fortnights'")
            .expect_err("refused");
        assert!(
            e.message.contains("INTERVAL '2 fortnights'"),
            "{}",
            e.message
        );
        Ok(())
    }
}
