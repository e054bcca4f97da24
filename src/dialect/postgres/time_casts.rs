//! Rule: PostgreSQL's casts to `timestamp`, `timestamptz` and `date`, and the UTC time zone
//! conversions `timezone('UTC', x)` and `x AT TIME ZONE 'UTC'` (Oban writes
//! `timezone('UTC', now())` in its columns' defaults and its queries). SQLite has none of
//! these types, and the cast rule refused them.
//!
//! The lab keeps every time as its text in UTC, the session's zone, so most of these only
//! change the type, which decides how the value prints (`+00` for a timestamptz,
//! `text_forms.rs`, read before this rule changes anything):
//! - a conversion in UTC turns a timestamptz into a timestamp of the same wall time and a
//!   timestamp into a timestamptz: it becomes the cast to the other type ([`zones`]), an
//!   untyped string being read as a timestamptz, as the server resolves it; any other zone
//!   is refused by name (the lab has no zone database);
//! - a cast of a time to a timestamp or timestamptz keeps its value, of a date adds
//!   midnight, of a time to a date keeps the day (the engine's `date()`); a cast of a string
//!   constant reads it as the server does (`literals::timestamp`: its zone converted to UTC
//!   for a timestamptz, dropped for a timestamp); ([`casts`]);
//! - refused by name: a cast with a precision (`timestamp(3)` rounds), of a string the lab
//!   does not read (`'now'`, `'Jan 1 2000'`), of a text column or another computed value.

use crate::dialect::common::unsupported_with;
use crate::dialect::int_types::{column_named, Columns};
use crate::dialect::plan::TextForm;
use crate::dialect::text_forms::{is_zoned_clock, of_type_name};
use crate::dialect::{walk, Dialect};
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{
    CastKind, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, TimezoneInfo, Value,
};

/// The zones that are UTC by another name.
const UTC_NAMES: [&str; 6] = ["utc", "gmt", "z", "etc/utc", "etc/gmt", "zulu"];

/// Turns each conversion in UTC of `stmt` into a cast; run before the result forms are read.
pub fn zones(
    stmt: &mut sqlparser::ast::Statement,
    columns: &Columns,
) -> Result<Option<String>, StepError> {
    // The server names such a result column `timezone`, which the cast would not be.
    crate::dialect::headers::name_items(stmt, &|e| {
        conversion(strip(e)).map(|_| "timezone".to_string())
    });
    let fired = walk::replace_exprs(stmt, &|e| {
        let Some((zone, time)) = conversion(e) else {
            return Ok(None);
        };
        if !is_utc(zone) {
            return Err(refused(
                &format!("the time zone {}", zone.to_sql()),
                "the lab's one time zone is UTC",
            ));
        }
        let to_zoned = match zoned(time, columns) {
            Some(z) => !z,
            None => return Err(refused(&e.to_sql(), "convert a time column or the clock")),
        };
        let time = match time {
            // An untyped string is read as a timestamptz.
            Expr::Value(_) => cast(time.duplicate(), timestamp(true)),
            _ => time.duplicate(),
        };
        Ok(Some(cast(time, timestamp(to_zoned))))
    })?;
    Ok(fired.then(|| "a conversion in UTC as a cast".into()))
}

/// Rewrites each cast to a timestamp, timestamptz or date of `stmt` to the value SQLite
/// keeps; run before the cast rule, which refuses what is left.
pub fn casts(
    stmt: &mut sqlparser::ast::Statement,
    columns: &Columns,
) -> Result<Option<String>, StepError> {
    let fired = walk::replace_exprs(stmt, &|e| {
        let Expr::Cast {
            kind: CastKind::Cast | CastKind::DoubleColon,
            expr,
            data_type,
            ..
        } = e
        else {
            return Ok(None);
        };
        let Some(target) = Target::of(data_type)? else {
            return Ok(None);
        };
        target.apply(expr, columns).map(Some)
    })?;
    Ok(fired.then(|| "a time cast: the text in UTC is kept".into()))
}

/// What a cast makes.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    Timestamp { zoned: bool },
    Date,
}

impl Target {
    /// The target of a cast to `t`, if it is a time type; a precision is refused.
    fn of(t: &DataType) -> Result<Option<Target>, StepError> {
        Ok(Some(match t {
            DataType::Date => Target::Date,
            DataType::Timestamp(precision, tz) => {
                if precision.is_some_and(|p| p != 6) {
                    return Err(refused(
                        &format!("a cast to {}", t.to_sql()),
                        "the lab does not round to a precision; cast to timestamp",
                    ));
                }
                Target::Timestamp {
                    zoned: matches!(tz, TimezoneInfo::WithTimeZone | TimezoneInfo::Tz),
                }
            }
            _ => return Ok(None),
        }))
    }

    /// The expression the cast of `value` becomes.
    fn apply(self, value: &Expr, columns: &Columns) -> Result<Expr, StepError> {
        match strip(value) {
            Expr::Value(v) => match &v.value {
                Value::Null => Ok(value.duplicate()),
                Value::SingleQuotedString(s) => self.read(s),
                _ => Err(self.unread(value)),
            },
            inner => match (crate::dialect::intervals::time_kind(inner, columns), self) {
                (Some(false), Target::Timestamp { .. }) | (Some(true), Target::Date) => {
                    Ok(value.duplicate())
                }
                (Some(false), Target::Date) => {
                    Ok(crate::dialect::exprs::call("date", vec![value.duplicate()]))
                }
                // Midnight of the day.
                (Some(true), Target::Timestamp { .. }) => Ok(Expr::BinaryOp {
                    left: Box::new(value.duplicate()),
                    op: sqlparser::ast::BinaryOperator::StringConcat,
                    right: Box::new(Expr::Value(
                        Value::SingleQuotedString(" 00:00:00".into()).into(),
                    )),
                }),
                (None, _) => Err(self.unread(value)),
            },
        }
    }

    /// A string constant read as the server reads it, or refused by name.
    fn read(self, s: &str) -> Result<Expr, StepError> {
        let zoned = self == (Target::Timestamp { zoned: true });
        let text = super::literals::timestamp(s, zoned)
            .map(|t| match self {
                Target::Date => t[..10].to_string(),
                _ => t,
            })
            .ok_or_else(|| {
                refused(
                    &format!("the time '{s}'"),
                    "the lab reads YYYY-MM-DD[ HH:MM[:SS[.ffffff]]] with an optional zone (Z, +02, -05:30); write the time in that form",
                )
            })?;
        Ok(Expr::Value(Value::SingleQuotedString(text).into()))
    }

    fn unread(self, value: &Expr) -> StepError {
        refused(
            &format!("the cast of {} to a time", value.to_sql()),
            "the lab casts a time column, the clock or a string constant",
        )
    }
}

/// `timezone(zone, time)` or `time AT TIME ZONE zone`: the zone and the time.
fn conversion(e: &Expr) -> Option<(&Expr, &Expr)> {
    match e {
        Expr::AtTimeZone {
            timestamp,
            time_zone,
        } => Some((time_zone, timestamp)),
        Expr::Function(f) if f.name.to_sql().eq_ignore_ascii_case("timezone") => {
            let FunctionArguments::List(list) = &f.args else {
                return None;
            };
            match list.args.as_slice() {
                [FunctionArg::Unnamed(FunctionArgExpr::Expr(zone)), FunctionArg::Unnamed(FunctionArgExpr::Expr(time))] => {
                    Some((zone, time))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_utc(zone: &Expr) -> bool {
    matches!(strip(zone), Expr::Value(v) if matches!(&v.value, Value::SingleQuotedString(z) if UTC_NAMES.contains(&z.trim().to_ascii_lowercase().as_str())))
}

/// Whether `e` is a timestamptz (`Some(true)`) or a timestamp (`Some(false)`); an untyped
/// string is read as a timestamptz; `None` for anything else (a date included).
fn zoned(e: &Expr, columns: &Columns) -> Option<bool> {
    match strip(e) {
        Expr::Value(v) => matches!(v.value, Value::SingleQuotedString(_)).then_some(true),
        Expr::Cast { data_type, .. } => match Target::of(data_type).ok()?? {
            Target::Timestamp { zoned } => Some(zoned),
            Target::Date => None,
        },
        Expr::Function(f) => {
            let name = f.name.to_sql().to_ascii_lowercase();
            if is_zoned_clock(&name) {
                Some(true)
            } else {
                (name == "localtimestamp").then_some(false)
            }
        }
        e => {
            let (q, name) = column_named(e)?;
            columns.columns_give(q, name, |c| {
                let t = c.sql_type.to_ascii_lowercase();
                match of_type_name(&t) {
                    Some(TextForm::PgTimestampTz) => Some(true),
                    _ => t.starts_with("timestamp").then_some(false),
                }
            })
        }
    }
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Nested(inner) => strip(inner),
        e => e,
    }
}

fn cast(expr: Expr, data_type: DataType) -> Expr {
    Expr::Cast {
        kind: CastKind::DoubleColon,
        expr: Box::new(expr),
        data_type,
        format: None,
    }
}

fn timestamp(zoned: bool) -> DataType {
    DataType::Timestamp(
        None,
        if zoned {
            TimezoneInfo::WithTimeZone
        } else {
            TimezoneInfo::WithoutTimeZone
        },
    )
}

fn refused(what: &str, instead: &str) -> StepError {
    unsupported_with(Dialect::Postgres, what, instead)
}
