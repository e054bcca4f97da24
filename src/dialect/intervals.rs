//! Rule: time plus or minus an interval, which SQLite has no type for. Queues compute
//! visibility timeouts and retry times this way: PostgreSQL's `now() + interval '30
//! seconds'`, `vt + make_interval(secs => 30)` (pgmq), `run_at + exp(attempts) * interval '1
//! second'` (graphile-worker's backoff), `'5 minutes'::interval`; MariaDB's `NOW() +
//! INTERVAL 30 SECOND` and `DATE_ADD(NOW(), INTERVAL 5 MINUTE)`. Each becomes a call of the
//! engine's function (`engine::time_fns`), which moves the time as the server does: the
//! amount as the server reads it (`interval_text.rs`), months first (January 31 plus a
//! month is the end of February), a fraction of a second kept, MariaDB's DATE plus days
//! still a DATE. SQLite's `datetime()` does none of these. An interval used any other way
//! (on its own, between two times, divided) and any other arithmetic on a time (`now() -
//! vt`, `d + 1`) are refused by name: SQLite would treat the time as a number or a string
//! and answer something no server answers.

use super::common::unsupported_with;
use super::exprs::{call, parenthesized};
use super::int_types::Columns;
use super::interval_text::{self, Count, Span, Unit};
use super::num_types::{self, NumType};
use super::temporal::Temporal;
use super::types::Admits;
use super::walk;
use super::Dialect;
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArgOperator,
    FunctionArguments, Interval, Statement, UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// `ql_pg_time_shift(t, months, days, micros, secs, factor)` (`engine::time_fns`).
pub const PG_SHIFT_FN: &str = "ql_pg_time_shift";
/// `ql_my_time_shift(t, months, days, micros, scale, keep_date)` (`engine::time_fns`).
pub const MY_SHIFT_FN: &str = "ql_my_time_shift";

const INSTEAD: &str = "the engine adds an interval to a time or subtracts one from it (time ± interval, an interval of constant text, times a number, make_interval) and compares times; compute other uses in the application";

/// Rewrites every `time ± interval` of `stmt`; the note, if one fired; an error naming an
/// interval or a time the engine cannot compute with.
pub fn rewrite(
    dialect: Dialect,
    stmt: &mut Statement,
    columns: &Columns,
) -> Result<Option<String>, StepError> {
    if dialect == Dialect::MySql {
        super::headers::keep_as_written(stmt, &|e| shifted(e).is_some() || date_add(e).is_some());
    }
    let mut fired = false;
    let mut refused: Option<String> = None;
    walk::exprs(stmt, &mut |e| {
        if dialect == Dialect::Postgres && super::elapsed::compare(e, columns) {
            fired = true;
            return ControlFlow::Continue(());
        }
        let Some((time, sign, iv)) = take_shift(e) else {
            return ControlFlow::Continue(());
        };
        match shift_call(dialect, time, sign, iv, columns) {
            Ok(c) => {
                *e = c;
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
    // What is left is an interval used otherwise, or arithmetic on a time (a child is seen
    // before its parent, so this cannot be told in the pass above).
    walk::exprs(stmt, &mut |e| {
        if refused.is_some() {
            return ControlFlow::Break(());
        }
        let on_time = match &*e {
            Expr::Interval(iv) => {
                refused = Some(format!("INTERVAL {}", Sql(iv.value.as_ref())));
                false
            }
            // SQLite would say only "syntax error near FROM" or "near >".
            Expr::Extract { field, .. } => {
                refused = Some(format!("EXTRACT({} FROM ...)", Sql(field)));
                false
            }
            Expr::Function(f) if is_interval(e) => {
                refused = Some(format!("{} as a value", Sql(f)));
                false
            }
            Expr::BinaryOp { left, op, right } => {
                super::int_types::arithmetic(op)
                    && (is_time(left, columns) || is_time(right, columns))
            }
            _ => false,
        };
        if on_time {
            refused = Some(format!("Arithmetic on a time ({})", Sql(&*e)));
        }
        ControlFlow::Continue(())
    });
    if let Some(what) = refused {
        return Err(unsupported_with(dialect, &what, INSTEAD));
    }
    Ok(fired.then(|| {
        "time ± interval (and time - time compared with an interval) by the engine's functions, which compute as the server does (months first, fractions of a second kept)".into()
    }))
}

/// Whether `e` is a date or a time: a column of one, the clock, a time moved, a cast to one.
pub(super) fn is_time(e: &Expr, columns: &Columns) -> bool {
    time_kind(e, columns).is_some()
}

/// What `e` is if it is a date or a time (a column of one, the clock, a time moved, a cast
/// to one, the min, max or coalesce of one): `Some(true)` a date alone, `Some(false)` a time.
pub(super) fn time_kind(e: &Expr, columns: &Columns) -> Option<bool> {
    match e {
        Expr::Nested(inner) => time_kind(inner, columns),
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
            let (q, name) = super::int_types::column_named(e)?;
            columns.admits(q, name, |a| match a {
                Admits::Temporal(t) => Some(*t == Temporal::Date),
                _ => None,
            })
        }
        Expr::Function(f) => {
            let name = f.name.to_sql().to_ascii_lowercase();
            // What hands back one of its arguments has its type (`max(vt) - min(vt)`).
            if matches!(
                name.as_str(),
                "min" | "max" | "coalesce" | "greatest" | "least" | "nullif"
            ) {
                return time_kind(super::exprs::call_args(e, &name)?.first()?, columns);
            }
            let clock = name == super::exprs::NOW_FN
                || name == super::exprs::TXN_NOW_FN
                || name == PG_SHIFT_FN
                || name == MY_SHIFT_FN
                || super::exprs::is_clock(&name);
            let part = super::clock_parts::part(Dialect::MySql, &name)
                .or_else(|| super::clock_parts::part(Dialect::Postgres, &name));
            part.or(clock.then_some(false))
        }
        Expr::Cast { data_type, .. } => match data_type {
            DataType::Date => Some(true),
            DataType::Datetime(_) | DataType::Timestamp(..) => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `e` is an interval the rule computes: `interval '...'`, `'...'::interval`,
/// `make_interval(...)`, one times a number, in parentheses or not. (For the result
/// forms, `text_forms.rs`, which look through `time ± interval`.)
pub fn is_interval(e: &Expr) -> bool {
    match e {
        Expr::Interval(_) => true,
        Expr::Nested(inner) => is_interval(inner),
        Expr::Cast {
            data_type: DataType::Interval { .. },
            ..
        } => true,
        Expr::Function(f) => f.name.to_sql().eq_ignore_ascii_case("make_interval"),
        Expr::BinaryOp {
            left,
            op: BinaryOperator::Multiply,
            right,
        } => is_interval(left) != is_interval(right),
        _ => false,
    }
}

/// `time ± interval` (or `interval + time`), or MySQL's `DATE_ADD` / `DATE_SUB`: the time,
/// the sign (+1 or -1) and the interval, moved out of `e`.
fn take_shift(e: &mut Expr) -> Option<(Expr, i8, Expr)> {
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
                Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(iv))),
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
    Some(if interval_right {
        (*left, sign, *right)
    } else {
        (*right, sign, *left)
    })
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
    match (is_interval(left), is_interval(right)) {
        (false, true) => Some((true, sign)),
        (true, false) if sign == 1 => Some((false, 1)),
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

fn int(n: i64) -> Expr {
    Expr::value(Value::Number(n.to_string(), false))
}

/// The engine's call that moves `time` by `sign` times `iv`; else what to refuse.
fn shift_call(
    dialect: Dialect,
    time: Expr,
    sign: i8,
    iv: Expr,
    columns: &Columns,
) -> Result<Expr, String> {
    let args = match dialect {
        Dialect::Postgres => {
            // The server reads an untyped string beside an interval as another interval.
            if let Some(text) = string_of(&time) {
                return Err(format!("A string plus or minus an interval ('{text}')"));
            }
            let ([months, days, micros, secs], factor) =
                pg_amount(&iv).ok_or_else(|| format!("The interval {}", Sql(&iv)))?;
            let factor = match factor {
                None => int(sign.into()),
                Some(f) if sign == 1 => f,
                Some(f) => Expr::BinaryOp {
                    left: Box::new(parenthesized(f)),
                    op: BinaryOperator::Multiply,
                    right: Box::new(int(-1)),
                },
            };
            vec![time, months, days, micros, secs, factor]
        }
        _ => {
            let ([months, days, micros], scale, keep) = match &iv {
                Expr::Interval(i) => my_amount(i, columns),
                _ => None,
            }
            .ok_or_else(|| format!("The interval {}", Sql(&iv)))?;
            let scale = int(scale * i64::from(sign));
            vec![time, months, days, micros, scale, int(keep.into())]
        }
    };
    let name = match dialect {
        Dialect::Postgres => PG_SHIFT_FN,
        _ => MY_SHIFT_FN,
    };
    Ok(call(name, args))
}

fn constant(s: Span) -> [Expr; 3] {
    [int(s.months), int(s.days), int(s.micros)]
}

/// A constant PostgreSQL interval's counts: no seconds from make_interval.
fn pg_counts(s: Span) -> [Expr; 4] {
    let [months, days, micros] = constant(s);
    [months, days, micros, int(0)]
}

/// A PostgreSQL interval's counts (months, days, microseconds, and seconds as a double, from
/// make_interval) as expressions, and the factor it is multiplied by, if any; `None` for
/// one the rule does not read.
pub(super) fn pg_amount(iv: &Expr) -> Option<([Expr; 4], Option<Expr>)> {
    Some(match iv {
        Expr::Nested(inner) => return pg_amount(inner),
        Expr::Interval(iv) => (pg_counts(pg_constant(iv)?), None),
        Expr::Cast {
            kind: CastKind::Cast | CastKind::DoubleColon,
            expr,
            ..
        } => (pg_counts(interval_text::postgres(&string_of(expr)?)?), None),
        Expr::BinaryOp { left, right, .. } => {
            let (iv, n) = if is_interval(left) {
                (left, right)
            } else {
                (right, left)
            };
            match pg_amount(iv)? {
                (counts, None) => (counts, Some(*n.duplicate())),
                // Twice multiplied: not read.
                _ => return None,
            }
        }
        Expr::Function(f) => (make_interval(f)?, None),
        _ => return None,
    })
}

/// A constant string's text.
fn string_of(e: &Expr) -> Option<String> {
    match e {
        Expr::Nested(inner) => string_of(inner),
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// `interval '1 day 2 hours'`, or `interval '30' second` (a whole number of the unit: the
/// server cuts a fraction to the unit, `interval '1.5' minute` is one minute).
fn pg_constant(iv: &Interval) -> Option<Span> {
    if iv.last_field.is_some() || iv.fractional_seconds_precision.is_some() {
        return None;
    }
    let text = string_of(&iv.value)?;
    match &iv.leading_field {
        None => interval_text::postgres(&text),
        Some(f) => Unit::of_field(f)?.whole(text.trim().parse().ok()?),
    }
}

/// `make_interval(years, months, weeks, days, hours, mins, secs)`, by position or by
/// name, each defaulting to zero: months, days, microseconds and the seconds (a double the
/// engine's function rounds to the microsecond, as the server does).
fn make_interval(f: &sqlparser::ast::Function) -> Option<[Expr; 4]> {
    const NAMES: [&str; 7] = ["years", "months", "weeks", "days", "hours", "mins", "secs"];
    if !f.name.to_sql().eq_ignore_ascii_case("make_interval") {
        return None;
    }
    let slot_of = |n: &str| NAMES.iter().position(|x| x.eq_ignore_ascii_case(n));
    let FunctionArguments::List(list) = &f.args else {
        return None;
    };
    let mut given: [Option<Expr>; 7] = Default::default();
    for (i, arg) in list.args.iter().enumerate() {
        use FunctionArgOperator::{Assignment, RightArrow};
        let (slot, value) = match arg {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => (i, e),
            FunctionArg::Named {
                name,
                arg: FunctionArgExpr::Expr(e),
                operator: RightArrow | Assignment,
            }
            | FunctionArg::ExprNamed {
                name: Expr::Identifier(name),
                arg: FunctionArgExpr::Expr(e),
                operator: RightArrow | Assignment,
            } => (slot_of(&name.value)?, e),
            _ => return None,
        };
        if given.get(slot)?.is_some() {
            return None;
        }
        given[slot] = Some(parenthesized(value.duplicate()));
    }
    let [years, months, weeks, days, hours, mins, secs] = given;
    let times = |e: Option<Expr>, scale: &str| -> Option<Expr> {
        e.map(|e| match scale {
            "1" => e,
            s => Expr::BinaryOp {
                left: Box::new(e),
                op: BinaryOperator::Multiply,
                right: Box::new(Expr::value(Value::Number(s.into(), false))),
            },
        })
    };
    let sum = |parts: [Option<Expr>; 3]| -> Expr {
        parts
            .into_iter()
            .flatten()
            .reduce(|a, b| Expr::BinaryOp {
                left: Box::new(a),
                op: BinaryOperator::Plus,
                right: Box::new(b),
            })
            .unwrap_or_else(|| int(0))
    };
    Some([
        sum([times(years, "12"), times(months, "1"), None]),
        sum([times(weeks, "7"), times(days, "1"), None]),
        sum([times(hours, "3600000000"), times(mins, "60000000"), None]),
        secs.unwrap_or_else(|| int(0)),
    ])
}

/// A MariaDB `INTERVAL amount unit`: its counts, the scale each is multiplied by (1 for a
/// constant, read here; the unit's size for a computed amount, which the engine's
/// function checks is whole), and whether a DATE stays one. A computed amount that is a
/// DOUBLE (`POW(2, attempts)`) is read as the server reads it (checked on 10.11): to the
/// microsecond, cut toward zero, for SECOND (`EXP(3)` is 20.085536 seconds); rounded to a
/// whole unit for the others (`POW(2, 0.5) MINUTE` is one minute).
fn my_amount(iv: &Interval, columns: &Columns) -> Option<([Expr; 3], i64, bool)> {
    if iv.last_field.is_some() {
        return None;
    }
    let unit = Unit::of_field(iv.leading_field.as_ref()?)?;
    let double = num_types::of(&iv.value, columns, Dialect::MySql) == Some(NumType::Double);
    if let Some((text, string)) = my_constant(&iv.value).filter(|_| !double) {
        let (span, _digits) = interval_text::mariadb(&text, string, unit)?;
        return Some((constant(span), 1, unit.keeps_date()));
    }
    let (count, mut size) = unit.count();
    let mut amount = parenthesized(*iv.value.duplicate());
    if double {
        amount = if unit == Unit::Second {
            size = 1;
            Expr::Cast {
                kind: CastKind::Cast,
                expr: Box::new(Expr::BinaryOp {
                    left: Box::new(amount),
                    op: BinaryOperator::Multiply,
                    right: Box::new(int(1_000_000)),
                }),
                data_type: DataType::Integer(None),
                format: None,
            }
        } else {
            call("round", vec![amount])
        };
    }
    let counts = match count {
        Count::Months => [amount, int(0), int(0)],
        Count::Days => [int(0), amount, int(0)],
        Count::Micros => [int(0), int(0), amount],
    };
    Some((counts, size, unit.keeps_date()))
}

/// A constant amount's text, and whether it is a string: `1.5`, `-1.5`, `'1.9'`.
fn my_constant(e: &Expr) -> Option<(String, bool)> {
    match e {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => Some((n.clone(), false)),
            Value::SingleQuotedString(s) | Value::DoubleQuotedString(s) => Some((s.clone(), true)),
            _ => None,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => match my_constant(expr)? {
            (n, false) => Some((format!("-{n}"), false)),
            _ => None,
        },
        _ => None,
    }
}

/// The digits of a second MariaDB prints for `time ± interval` (`e`), given those of the
/// time (`text_forms.rs`): the more of the two.
pub fn mariadb_digits(
    e: &Expr,
    columns: &Columns,
    time_digits: &dyn Fn(&Expr) -> u8,
) -> Option<u8> {
    let (time, iv) = match e {
        Expr::BinaryOp { left, right, .. } => match shifted(e)? {
            (true, _) => (left.as_ref(), right.as_ref()),
            (false, _) => (right.as_ref(), left.as_ref()),
        },
        Expr::Function(f) => {
            date_add(e)?;
            let FunctionArguments::List(list) = &f.args else {
                return None;
            };
            match (&list.args[0], &list.args[1]) {
                (
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(t)),
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(i)),
                ) => (t, i),
                _ => return None,
            }
        }
        _ => return None,
    };
    let Expr::Interval(iv) = iv else { return None };
    let unit = Unit::of_field(iv.leading_field.as_ref()?)?;
    let double = num_types::of(&iv.value, columns, Dialect::MySql) == Some(NumType::Double);
    let amount_digits = match (unit, my_constant(&iv.value).filter(|_| !double)) {
        (Unit::Microsecond, _) => 6,
        (Unit::Second, Some((text, string))) => interval_text::mariadb(&text, string, unit)?.1,
        (Unit::Second, None) => match num_types::of(&iv.value, columns, Dialect::MySql) {
            Some(NumType::Double) => 6,
            Some(NumType::Decimal(s)) => s.min(6) as u8,
            _ => 0,
        },
        _ => 0,
    };
    Some(amount_digits.max(time_digits(time)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::Duplicate;

    fn rewritten(dialect: Dialect, sql: &str) -> Result<String, StepError> {
        let catalog = crate::dialect::catalog::Catalog::default();
        let script = crate::dialect::front::parse_script(dialect, sql);
        let mut stmt = script.statements[0].ast.duplicate()?;
        let columns = Columns::of(&mut stmt.duplicate(), &catalog);
        rewrite(dialect, &mut stmt, &columns)?;
        Ok(stmt.to_sql())
    }

    /// `sql` rewritten holds each of `parts`.
    fn holds(dialect: Dialect, sql: &str, parts: &[&str]) -> Result<(), StepError> {
        let out = rewritten(dialect, sql)?;
        for part in parts {
            assert!(out.contains(part), "{part} in {out}");
        }
        Ok(())
    }

    #[test]
    fn time_plus_or_minus_an_interval_becomes_the_engines_call() -> Result<(), StepError> {
        holds(
            Dialect::Postgres,
            "SELECT id FROM q WHERE vt <= now() - interval '5 minutes' AND at < now() + interval '00:00:30'",
            &[
                "ql_pg_time_shift(now(), 0, 0, 300000000, 0, -1)",
                "ql_pg_time_shift(now(), 0, 0, 30000000, 0, 1)",
            ],
        )?;
        holds(
            Dialect::MySql,
            "UPDATE jobs SET run_at = NOW() + INTERVAL attempts * 10 SECOND, t = DATE_SUB(NOW(), INTERVAL 2 WEEK)",
            &[
                "ql_my_time_shift(NOW(), 0, 0, (attempts * 10), 1000000, 0)",
                "ql_my_time_shift(NOW(), 0, 14, 0, -1, 1)",
            ],
        )
    }

    #[test]
    fn products_casts_and_make_interval_are_read() -> Result<(), StepError> {
        holds(
            Dialect::Postgres,
            "SELECT run_at + exp(n) * interval '1 second', vt - '1 month'::interval, vt + make_interval(days => 1, secs => s)",
            &[
                "ql_pg_time_shift(run_at, 0, 0, 1000000, 0, exp(n))",
                "ql_pg_time_shift(vt, 1, 0, 0, 0, -1)",
                "ql_pg_time_shift(vt, 0, 1, 0, s, 1)",
            ],
        )
    }

    #[test]
    fn other_uses_of_an_interval_or_a_time_are_refused_by_name() {
        for (dialect, sql, words) in [
            (
                Dialect::Postgres,
                "SELECT interval '1 day' * 3",
                "INTERVAL '1 day'",
            ),
            (
                Dialect::Postgres,
                "SELECT now() + interval '2 fortnights'",
                "INTERVAL '2 fortnights'",
            ),
            (
                Dialect::Postgres,
                "SELECT '2000-01-01' + interval '1 day'",
                "A string plus or minus",
            ),
            (
                Dialect::Postgres,
                "SELECT now() - now()",
                "Arithmetic on a time (now() - now())",
            ),
            (Dialect::MySql, "SELECT NOW() + 1", "Arithmetic on a time"),
            (
                Dialect::MySql,
                "SELECT NOW() + INTERVAL '1:30' HOUR TO MINUTE",
                "INTERVAL",
            ),
            (
                Dialect::Postgres,
                "SELECT extract(epoch FROM now())",
                "EXTRACT(EPOCH FROM ...)",
            ),
            (
                Dialect::MySql,
                "SELECT EXTRACT(SECOND FROM NOW())",
                "EXTRACT(SECOND FROM ...)",
            ),
            (
                Dialect::Postgres,
                "SELECT make_interval(secs => 3)",
                "make_interval(secs => 3) as a value",
            ),
        ] {
            let e = rewritten(dialect, sql).expect_err("refused");
            assert!(e.message.contains(words), "{sql}: {}", e.message);
            assert!(e.message.contains("is not supported here"), "{sql}");
        }
    }
}
