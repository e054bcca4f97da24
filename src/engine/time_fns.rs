//! The functions `dialect/intervals.rs` puts in a statement for `time ± interval`: the time
//! moved as the server moves it (`calendar::shift`), which SQLite's `datetime()` does not do
//! (it drops a fraction of a second, and January 31 plus a month is March 2 there). And
//! `date(t)` and `time(t)` (MariaDB's DATE() and TIME(), PostgreSQL's `date(t)` cast), in
//! place of SQLite's, which the build leaves out: SQLite's drops a fraction of a second and
//! gives NULL for `'2000-1-1'`, which the servers read.

use crate::calendar::{shift, ShiftError};
use crate::dialect::intervals::{MY_SHIFT_FN, PG_SHIFT_FN};
use crate::dialect::temporal::Temporal;
use rusqlite::functions::Context;
use rusqlite::types::Value as Sql;

/// Which server's arithmetic.
#[derive(Clone, Copy)]
pub enum ShiftCall {
    /// `ql_pg_time_shift(t, months, days, micros, secs, factor)`: PostgreSQL's interval (the
    /// seconds of make_interval rounded to the microsecond) times `factor` (its `interval *
    /// float8`, with the sign of a subtraction), added to `t`.
    Postgres,
    /// `ql_my_time_shift(t, months, days, micros, scale, keep_date)`: MariaDB's whole
    /// amounts, each times `scale` (a computed amount's unit, with the sign), added to `t`; a
    /// DATE stays one when `keep_date`.
    MariaDb,
}

impl ShiftCall {
    pub fn name(self) -> &'static str {
        match self {
            ShiftCall::Postgres => PG_SHIFT_FN,
            ShiftCall::MariaDb => MY_SHIFT_FN,
        }
    }
}

/// The arguments of either shift function: the time and five numbers.
pub const SHIFT_ARITY: i32 = 6;

use super::errors::refused_in_function as refused;

/// A value as a number, `None` for NULL.
fn number(v: Sql) -> rusqlite::Result<Option<f64>> {
    match v {
        Sql::Null => Ok(None),
        Sql::Integer(i) => Ok(Some(i as f64)),
        Sql::Real(r) => Ok(Some(r)),
        _ => Err(refused(
            "A string as an interval's amount",
            "write the amount as a number",
        )),
    }
}

/// The five numbers from argument `from` on; `None` if one is NULL (SQLite has checked the
/// number of arguments).
fn five_numbers(ctx: &Context, from: usize) -> rusqlite::Result<Option<[f64; 5]>> {
    let mut v = [0.0; 5];
    for (i, slot) in v.iter_mut().enumerate() {
        match number(ctx.get::<Sql>(from + i)?)? {
            Some(x) => *slot = x,
            None => return Ok(None),
        }
    }
    Ok(Some(v))
}

/// PostgreSQL's interval of `[months, days, micros, secs, factor]`: make_interval's seconds
/// rounded to the microsecond (rint, as the server), the whole times `factor`.
fn pg_span([months, days, micros, secs, factor]: [f64; 5]) -> rusqlite::Result<(i64, i64, i64)> {
    let micros = micros + (secs * 1e6).round_ties_even();
    times(whole(months)?, whole(days)?, micros, factor)
}

/// A whole amount: a fraction is refused (MariaDB rounds it by the amount's type, which the
/// engine's value no longer tells; PostgreSQL's make_interval takes integers there).
fn whole(x: f64) -> rusqlite::Result<i64> {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        return Ok(x as i64);
    }
    Err(refused(
        &format!(
            "A computed interval amount with a fraction ({})",
            crate::float_text::display(x)
        ),
        "the engine takes whole months, days and (for MariaDB) units; round it in the statement (ROUND(x))",
    ))
}

pub fn call(kind: ShiftCall, ctx: &Context) -> rusqlite::Result<Sql> {
    let t = match ctx.get::<Sql>(0)? {
        Sql::Null => return Ok(Sql::Null),
        Sql::Text(t) => t,
        _ => {
            return Err(refused(
                "time ± interval over a number",
                "the engine moves dates and timestamps only",
            ))
        }
    };
    // The counts, then PostgreSQL's seconds and factor or MariaDB's scale and keep_date.
    let Some(v) = five_numbers(ctx, 1)? else {
        return Ok(Sql::Null);
    };
    let moved = match kind {
        ShiftCall::Postgres => {
            let (months, days, micros) = pg_span(v)?;
            shift(&t, months, days, micros, false)
        }
        ShiftCall::MariaDb => {
            let [months, days, micros, scale, keep] = v;
            let (months, days) = (whole(months)?, whole(days)?);
            let (scale, micros) = (whole(scale)?, whole(micros)?);
            match (
                months.checked_mul(scale),
                days.checked_mul(scale),
                micros.checked_mul(scale),
            ) {
                (Some(mo), Some(d), Some(us)) => shift(&t, mo, d, us, keep == 1.0),
                _ => Err(ShiftError::OutOfRange),
            }
        }
    };
    match moved {
        Ok(s) => Ok(Sql::Text(s)),
        Err(ShiftError::NotATime) => Err(refused(
            &format!("time ± interval over '{t}'"),
            "the engine moves a date or a timestamp kept in the server's form (YYYY-MM-DD HH:MM:SS[.ffffff]); a time of day or other text is not modelled",
        )),
        Err(ShiftError::OutOfRange) => Err(refused(
            &format!("A time moved from '{t}' past the years 1 to 9999"),
            "the lab keeps four-digit years (the servers answer otherwise there: MariaDB with NULL and a warning, PostgreSQL with years of five digits)",
        )),
    }
}

/// `ql_pg_elapsed(a, b)`: `a - b` in microseconds, which is how PostgreSQL compares the
/// interval that `timestamp - timestamp` makes with another interval.
pub fn elapsed(ctx: &Context) -> rusqlite::Result<Sql> {
    let mut at = [0i64; 2];
    for (i, slot) in at.iter_mut().enumerate() {
        match ctx.get::<Sql>(i)? {
            Sql::Null => return Ok(Sql::Null),
            Sql::Text(t) => {
                *slot = crate::calendar::micros_since_epoch(&t).ok_or_else(|| {
                    refused(
                        &format!("time - time over '{t}'"),
                        "the engine subtracts dates and timestamps kept in the server's form",
                    )
                })?
            }
            _ => return Err(refused("time - time over a number", "subtract two times")),
        }
    }
    Ok(Sql::Integer(at[0] - at[1]))
}

/// `ql_my_timestampdiff(unit, a, b)`: MariaDB's `TIMESTAMPDIFF(unit, a, b)`, whole units
/// from `a` to `b`, truncated toward zero (`mysql/timestampdiff.rs` names the unit: a count
/// of microseconds, or 0 for months, -3 for quarters, -12 for years).
pub fn my_timestampdiff(ctx: &Context) -> rusqlite::Result<Sql> {
    let unit: i64 = ctx.get(0)?;
    let mut times = Vec::with_capacity(2);
    for i in 1..3 {
        let v = ctx.get::<Sql>(i)?;
        let read = match &v {
            Sql::Null => return Ok(Sql::Null),
            Sql::Text(t) => crate::calendar::micros_since_epoch(t).map(|m| (t.clone(), m)),
            _ => None,
        };
        let Some(time) = read else {
            return Err(refused(
                &format!("TIMESTAMPDIFF over {}", shown(v)),
                "the engine counts between dates and times kept in the server's form (2025-01-01 09:00:00)",
            ));
        };
        times.push(time);
    }
    let ((a, from), (b, to)) = (&times[0], &times[1]);
    let n = if unit > 0 {
        (to - from) / unit
    } else {
        crate::calendar::months_between(a, b).unwrap_or(0) / unit.abs().max(1)
    };
    Ok(Sql::Integer(n))
}

/// A value a time function could not read, as a refusal names it: text quoted, else "a number".
fn shown(v: Sql) -> String {
    match v {
        Sql::Text(t) => format!("'{t}'"),
        _ => "a number".into(),
    }
}

/// `ql_my_unix_timestamp(t)`: MariaDB's `UNIX_TIMESTAMP(t)` of a time without fractions of a
/// second (`mysql/unix_time.rs`), in UTC: whole seconds since 1970, NULL outside the
/// server's range (1970-01-01 00:00:00 to 2038-01-19 03:14:07) and for NULL. A fraction
/// is refused: the server answers a DECIMAL with its digits.
pub fn my_unix_timestamp(ctx: &Context) -> rusqlite::Result<Sql> {
    let v = ctx.get::<Sql>(0)?;
    let seconds = match &v {
        Sql::Null => return Ok(Sql::Null),
        Sql::Text(t) if !t.contains('.') => crate::calendar::micros_since_epoch(t),
        _ => None,
    };
    let Some(micros) = seconds else {
        return Err(refused(
            &format!("UNIX_TIMESTAMP({})", shown(v)),
            "the lab computes it of a date or time in the server's form without fractions of a second (2025-01-01 09:00:00)",
        ));
    };
    let s = micros.div_euclid(1_000_000);
    Ok(if (0..=i64::from(i32::MAX)).contains(&s) {
        Sql::Integer(s)
    } else {
        Sql::Null
    })
}

/// `ql_pg_interval_value(months, days, micros, secs, factor)`: the interval as PostgreSQL
/// compares intervals, in microseconds (a month is 30 days, a day 24 hours).
pub fn interval_value(ctx: &Context) -> rusqlite::Result<Sql> {
    let Some(v) = five_numbers(ctx, 0)? else {
        return Ok(Sql::Null);
    };
    let (months, days, micros) = pg_span(v)?;
    let whole_days = months.checked_mul(30).and_then(|m| m.checked_add(days));
    Ok(
        match whole_days
            .and_then(|d| d.checked_mul(86_400_000_000))
            .and_then(|d| d.checked_add(micros))
        {
            Some(n) => Sql::Integer(n),
            // Past 64 bits: the comparison only needs the size.
            None => Sql::Real((months * 30 + days) as f64 * 86_400e6 + micros as f64),
        },
    )
}

/// `date(t)` (`date`: true) or `time(t)` of a date or timestamp in the stored form (`time`
/// also of a time of day): the date, or the time of day with its fraction. Other text is
/// refused by name (the servers read more forms than the engine keeps).
pub fn part(date: bool, ctx: &Context) -> rusqlite::Result<Sql> {
    let t = match ctx.get::<Sql>(0)? {
        Sql::Null => return Ok(Sql::Null),
        Sql::Text(t) => t,
        _ => String::new(),
    };
    let out = if Temporal::Date.stored(&t) {
        Some(if date { t.clone() } else { "00:00:00".into() })
    } else if Temporal::DateTime(6).stored(&t) {
        Some(if date { &t[..10] } else { &t[11..] }.to_string())
    } else if !date && Temporal::Time(6).stored(&t) {
        Some(t.clone())
    } else {
        None
    };
    out.map(Sql::Text).ok_or_else(|| {
        let name = if date { "DATE" } else { "TIME" };
        refused(
            &format!("{name}() of '{t}'"),
            "the engine reads a date or a time kept in the server's form (YYYY-MM-DD HH:MM:SS[.ffffff]); write the value so",
        )
    })
}

/// PostgreSQL's `interval * factor` (its `interval_mul`): whole months and days stay, their
/// fractions move down (a month as 30 days, a day as 24 hours), each rounded to the
/// microsecond; the time is rounded to the nearest microsecond, ties to even.
fn times(months: i64, days: i64, micros: f64, factor: f64) -> rusqlite::Result<(i64, i64, i64)> {
    let out_of_range = || {
        rusqlite::Error::UserFunctionError(
            format!(
                "{}22008 interval out of range",
                crate::dialect::postgres::int_values::SERVER_ERROR
            )
            .into(),
        )
    };
    if factor == 1.0 {
        return Ok((months, days, micros as i64));
    }
    let fits = |x: f64| x.is_finite() && x.abs() <= f64::from(i32::MAX);
    let (m, d) = (months as f64 * factor, days as f64 * factor);
    if !fits(m) || !fits(d) {
        return Err(out_of_range());
    }
    let (new_months, mut new_days) = (m.trunc(), d.trunc());
    let round_micro = |x: f64| (x * 1e6).round_ties_even() / 1e6;
    let month_rest_days = round_micro((m - new_months) * 30.0);
    let mut sec_rest = round_micro((d - new_days + month_rest_days.fract()) * 86_400.0);
    if sec_rest.abs() >= 86_400.0 {
        let whole_days = (sec_rest / 86_400.0).trunc();
        new_days += whole_days;
        sec_rest -= whole_days * 86_400.0;
    }
    new_days += month_rest_days.trunc();
    let time = (micros * factor + sec_rest * 1e6).round_ties_even();
    if !time.is_finite() || time.abs() > 9.2e18 {
        return Err(out_of_range());
    }
    Ok((new_months as i64, new_days as i64, time as i64))
}

#[cfg(test)]
mod tests {
    use super::times;

    // Each as PostgreSQL 15 prints the product.
    #[test]
    fn multiplies_intervals_as_postgresql() {
        let t = |mo, d, us, f| times(mo, d, us, f).unwrap();
        assert_eq!(t(0, 0, 1.5e6, 2.0), (0, 0, 3_000_000));
        assert_eq!(t(1, 0, 0.0, 1.5), (1, 15, 0));
        assert_eq!(t(0, 1, 0.0, 0.3), (0, 0, 25_920_000_000));
        assert_eq!(t(1, 1, 0.0, 0.7), (0, 21, 60_480_000_000));
        assert_eq!(t(0, 0, 1e6, 1.0 / 3.0), (0, 0, 333_333));
        assert_eq!(t(0, 0, 1e6, 3f64.exp()), (0, 0, 20_085_537));
        assert_eq!(t(1, 0, 0.0, -1.0), (-1, 0, 0));
        assert!(times(1, 0, 0.0, 1e12).is_err());
    }
}
