//! Rule: SQL Server's `DATEADD(part, n, t)` and `DATEDIFF(part, a, b)`, with which T-SQL
//! queues set and test visibility timeouts (`WHERE visible_at <= SYSUTCDATETIME()` after
//! `SET visible_at = DATEADD(second, 30, SYSUTCDATETIME())`, a reaper's
//! `DATEDIFF(minute, locked_at, GETUTCDATE()) > 5`). SQLite has neither and read the part as
//! a column (`Invalid column name 'second'`).
//! - DATEADD moves the time with the engine's calendar arithmetic (`engine::time_fns`, the
//!   function MariaDB's `+ INTERVAL` uses): months first, a month's end kept (January 31
//!   plus a month is February 28, as SQL Server has it), `n` truncated to an integer.
//! - DATEDIFF counts the boundaries of the part crossed from `a` to `b`, as SQL Server does
//!   (`DATEDIFF(minute, '10:00:59', '10:01:00')` is 1): both times cut down to the part's
//!   start, then the whole parts between them (`ql_my_timestampdiff`).
//!
//! Refused by name: parts under a second in DATEADD (datetime's 1/300 s steps, datetime2's
//! 100 ns, the lab's microseconds: no one answer is right for both); in DATEDIFF weeks
//! and quarters (boundaries the text of a time does not show) and parts under a second;
//! DATEADD of a time part to a `date` (SQL Server's error 9810).

use super::super::exprs::{call, call_args, int_expr};
use super::super::int_types::{column_named, Columns};
use super::super::intervals::MY_SHIFT_FN;
use super::super::mysql::timestampdiff::FUNCTION as DIFF_FN;
use super::super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, CastKind, DataType, Expr, Value};
use std::ops::ControlFlow;

/// SQL Server's date parts, by their names: what one unit adds in DATEADD (months, days,
/// microseconds), and for DATEDIFF how many characters of `YYYY-MM-DD HH:MM:SS` the part's
/// start keeps (0: not counted by the lab).
const PARTS: [(&str, [i64; 3], usize); 11] = [
    ("year yy yyyy", [12, 0, 0], 4),
    ("quarter qq q", [3, 0, 0], 0),
    ("month mm m", [1, 0, 0], 7),
    ("dayofyear dy y day dd d", [0, 1, 0], 10),
    ("weekday dw w", [0, 1, 0], 0),
    ("week wk ww", [0, 7, 0], 0),
    ("hour hh", [0, 0, 3_600_000_000], 13),
    ("minute mi n", [0, 0, 60_000_000], 16),
    ("second ss s", [0, 0, 1_000_000], 19),
    ("millisecond ms", [0, 0, 1_000], 0),
    ("microsecond mcs", [0, 0, 1], 0),
];

/// A part's entry of [`PARTS`].
fn part(name: &str) -> Option<([i64; 3], usize)> {
    (PARTS.iter())
        .find(|(names, ..)| names.split(' ').any(|n| n == name))
        .map(|&(_, added, kept)| (added, kept))
}

/// What completes a part's start cut to `kept` characters: the rest of the first instant.
const FIRST: &str = "0001-01-01 00:00:00";

/// Rewrites every DATEADD and DATEDIFF of `stmt`; `columns` tells a `date` column.
pub fn rewrite(stmt: &mut sqlparser::ast::Statement, columns: &Columns) -> Result<(), StepError> {
    let mut refused = None;
    super::super::walk::exprs(stmt, &mut |e| {
        let made = if let Some(args) = call_args(e, "dateadd") {
            date_add(&args, columns)
        } else if let Some(args) = call_args(e, "datediff") {
            date_diff(&args)
        } else {
            return ControlFlow::Continue(());
        };
        match made {
            Ok(made) => {
                *e = made;
                ControlFlow::Continue(())
            }
            Err(err) => {
                refused = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    refused.map_or(Ok(()), Err)
}

/// The part's name, lower-cased, if the first argument is a bare name.
fn part_of(e: &Expr) -> Option<String> {
    match e {
        Expr::Identifier(i) if i.quote_style.is_none() => Some(i.value.to_ascii_lowercase()),
        _ => None,
    }
}

/// The part's name, checked: SQL Server's 155 for a name that is none of its parts,
/// else the refusal of one the lab does not model here.
fn unmodelled(function: &str, part: &str, instead: &str) -> StepError {
    let known = self::part(part).is_some() || matches!(part, "nanosecond" | "ns");
    if !known {
        return StepError::other(
            "155",
            format!("'{part}' is not a recognized {function} option."),
        );
    }
    let what = format!("{} by {part}", function.to_ascii_uppercase());
    super::super::common::unsupported_with(Dialect::MsSql, &what, instead)
}

/// SQL Server's 174 for a call with another number of arguments.
fn arity(function: &str) -> StepError {
    StepError::other(
        "174",
        format!("The {function} function requires 3 argument(s)."),
    )
}

fn date_add(args: &[&Expr], columns: &Columns) -> Result<Expr, StepError> {
    let [part, n, t] = args else {
        return Err(arity("dateadd"));
    };
    let part = part_of(part).unwrap_or_default();
    let Some(([months, days, micros], _)) = self::part(&part) else {
        return Err(unmodelled(
            "dateadd",
            &part,
            "the lab moves times by years, quarters, months, weeks, days, hours, minutes and seconds",
        ));
    };
    // datetime keeps 1/300 of a second (DATEADD(ms, 1, ...) of a datetime is .000 again, 2
    // ms is .003) and datetime2 100 ns: the lab's times keep microseconds, and would be wrong.
    if (1..1_000_000).contains(&micros) {
        return Err(unmodelled(
            "dateadd",
            &part,
            "SQL Server rounds a datetime to 1/300 of a second (.003, .007), which the lab does not; add seconds",
        ));
    }
    let date = is_date_column(t, columns);
    if date && micros != 0 {
        return Err(StepError::other(
            "9810",
            format!(
                "The datepart {part} is not supported by date function dateadd for data type date."
            ),
        ));
    }
    // SQL Server takes n as an integer: a fraction is cut off.
    let n = Expr::Cast {
        kind: CastKind::Cast,
        expr: Box::new(n.duplicate()),
        data_type: DataType::Integer(None),
        format: None,
    };
    Ok(call(
        MY_SHIFT_FN,
        vec![
            t.duplicate(),
            int_expr(months),
            int_expr(days),
            int_expr(micros),
            n,
            int_expr(i64::from(date)),
        ],
    ))
}

fn date_diff(args: &[&Expr]) -> Result<Expr, StepError> {
    let [part, a, b] = args else {
        return Err(arity("datediff"));
    };
    let part = part_of(part).unwrap_or_default();
    let Some(([months, days, micros], kept @ 1..)) = self::part(&part) else {
        return Err(unmodelled(
            "datediff",
            &part,
            "the lab counts years, months, days, hours, minutes and seconds between two times; for weeks, count days and divide by 7",
        ));
    };
    // The unit `ql_my_timestampdiff` counts in: microseconds, 0 for months, or the months
    // of a year negated.
    let unit = match months {
        0 => days * 86_400_000_000 + micros,
        1 => 0,
        m => -m,
    };
    let start = |t: &Expr| part_start(t.duplicate(), kept, &FIRST[kept..]);
    Ok(call(DIFF_FN, vec![int_expr(unit), start(a), start(b)]))
}

/// The start of the part `t` falls in: its text as `YYYY-MM-DD HH:MM:SS` (a date gets
/// midnight), cut to `kept` characters, completed by `rest`.
fn part_start(t: Expr, kept: usize, rest: &str) -> Expr {
    let text = |s: &str| Expr::Value(Value::SingleQuotedString(s.into()).into());
    let concat = |left: Expr, right: Expr| Expr::BinaryOp {
        left: Box::new(left),
        op: BinaryOperator::StringConcat,
        right: Box::new(right),
    };
    let whole = call(
        "substr",
        vec![concat(t, text(" 00:00:00")), int_expr(1), int_expr(19)],
    );
    let cut = call("substr", vec![whole, int_expr(1), int_expr(kept as i64)]);
    if rest.is_empty() {
        cut
    } else {
        concat(cut, text(rest))
    }
}

/// Whether `t` names a column declared `date`.
fn is_date_column(t: &Expr, columns: &Columns) -> bool {
    column_named(t).is_some_and(|(q, name)| {
        columns
            .columns_give(q, name, |c| {
                Some(c.sql_type.trim().eq_ignore_ascii_case("date"))
            })
            .unwrap_or(false)
    })
}
