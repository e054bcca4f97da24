//! Rule: SQL Server's conversions, `CAST(x AS type)` and `CONVERT(type, x)`. SQLite takes any
//! type name in a cast and gives it an affinity, so `CAST(GETDATE() AS datetime2)` would
//! silently be the number 2025, `CAST(5 AS bit)` 5, `CAST('12abc' AS int)` 12, and
//! `CONVERT(varchar(10), id)` no call SQLite knows. The conversions the lab writes as the
//! server does go through:
//! - to `int`, `bigint`, `smallint` of an integer whose type fits in the target;
//! - to `varchar(n)` / `nvarchar(n)` of an integer (its digits; when they do not fit in n,
//!   SQL Server gives `*` for varchar, which the lab writes too, and fails for nvarchar,
//!   refused here where the type's longest value could not fit) or of text (cut to n
//!   characters, 30 when no length is written).
//!
//! Every other conversion is refused by name, with what to write instead: to a date or time,
//! `bit`, `float` (SQLite's text of a double is not SQL Server's: `123.0` for 123), a decimal (its text keeps the scale, which T-SQL results do not show yet), `char(n)`
//! (padded with spaces), of a value whose type the planner cannot tell, `TRY_CAST` /
//! `TRY_CONVERT` (NULL where the conversion fails), and CONVERT with a style.

use super::super::common::unsupported_with;
use super::super::exprs::int_expr;
use super::super::int_types::{Columns, IntType};
use super::super::types::Admits;
use super::super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{CastKind, CharacterLength, DataType, Expr, Value};
use std::ops::ControlFlow;

/// SQL Server's length of a `varchar` written without one, in CAST and CONVERT.
const DEFAULT_LENGTH: u64 = 30;

/// Why a conversion is refused, each with what to write instead.
#[derive(Clone, Copy)]
enum Why {
    /// TRY_CAST / TRY_CONVERT.
    Try,
    /// CONVERT with a style.
    Style,
    /// A target type the lab does not convert to.
    Type,
    /// A decimal, float or money target: its text is SQL Server's.
    Number,
    /// To an integer type, of a value not known to be an integer that fits.
    Int,
    /// To an nvarchar too short for the longest value of the integer type.
    Short,
    /// To text, of a value neither an integer nor text.
    Text,
}

impl Why {
    fn instead(self) -> &'static str {
        match self {
            Why::Try => "NULL where a value does not convert is not modelled; use CAST",
            Why::Style => "styles are not modelled; CONVERT(type, x) without one runs as CAST does",
            Why::Type => "SQLite has no such type; write a time as its text ('2025-01-01 09:00:00'), which SQL Server compares as a time, a bit as 1 or 0",
            Why::Number => "SQL Server prints a decimal with its scale (1.50) and a float in digits of its own, which T-SQL results do not show yet; leave the number as it is",
            Why::Int => "SQL Server truncates a decimal and fails on text that is no number (245) or a value out of range (8115); the lab converts integers to wider integer types",
            Why::Short => "SQL Server fails (8115) on a number too long for it; give room for the longest (int: 11, bigint: 20)",
            Why::Text => "the text of a decimal, a float or a time follows SQL Server's styles, which are not modelled; convert an integer or text",
        }
    }
}

/// Rewrites each conversion of `stmt` that the lab models into SQLite's, or refuses the
/// statement at the first it does not; `columns` types the operands.
pub fn rewrite(stmt: &mut sqlparser::ast::Statement, columns: &Columns) -> Result<(), StepError> {
    let mut refused = None;
    super::super::walk::exprs(stmt, &mut |e| {
        let written = e.to_sql();
        match converted(e, columns) {
            Ok(()) => ControlFlow::Continue(()),
            Err(why) => {
                refused = Some(unsupported_with(Dialect::MsSql, &written, why.instead()));
                ControlFlow::Break(())
            }
        }
    });
    refused.map_or(Ok(()), Err)
}

/// One expression: a conversion becomes SQLite's, or why it is refused (the expression then
/// as it was); anything else is left.
fn converted(e: &mut Expr, columns: &Columns) -> Result<(), Why> {
    match e {
        Expr::Convert { is_try: true, .. }
        | Expr::Cast {
            kind: CastKind::TryCast | CastKind::SafeCast,
            ..
        } => return Err(Why::Try),
        Expr::Convert {
            data_type: data_type @ Some(_),
            charset: None,
            styles,
            expr,
            ..
        } => {
            if !styles.is_empty() {
                return Err(Why::Style);
            }
            let t = data_type.take().ok_or(Why::Type)?;
            let value = std::mem::replace(&mut **expr, null());
            *e = Expr::Cast {
                kind: CastKind::Cast,
                expr: Box::new(value),
                data_type: t,
                format: None,
            };
        }
        Expr::Convert { .. } => return Err(Why::Type),
        _ => {}
    }
    let Expr::Cast {
        kind: CastKind::Cast,
        expr,
        data_type,
        ..
    } = e
    else {
        return Ok(());
    };
    match target(data_type).ok_or_else(|| not_a_target(data_type))? {
        Target::Int(to) => match int_type(expr, columns) {
            Some(from) if from.bits() <= to.bits() => Ok(()),
            _ => Err(Why::Int),
        },
        Target::Text { max, national } => {
            if let Some(from) = int_type(expr, columns) {
                let short = max.filter(|&n| n < longest_digits(from));
                // SQL Server writes `*` for an int, smallint or tinyint only; a bigint too
                // long fails as nvarchar's do.
                if short.is_some() && (national || from == IntType::Int8) {
                    return Err(Why::Short);
                }
                *e = int_text(std::mem::replace(&mut **expr, null()), short);
                return Ok(());
            }
            if !is_text(expr, columns) {
                return Err(Why::Text);
            }
            *e = cut(as_text(std::mem::replace(&mut **expr, null())), max);
            Ok(())
        }
    }
}

/// A conversion target the lab models.
enum Target {
    Int(IntType),
    /// At most `max` characters (`None`: MAX); `national`: nvarchar.
    Text {
        max: Option<u64>,
        national: bool,
    },
}

fn target(t: &DataType) -> Option<Target> {
    let length = |l: &Option<CharacterLength>| match l {
        None => Some(Some(DEFAULT_LENGTH)),
        Some(CharacterLength::IntegerLength { length, .. }) => Some(Some(*length)),
        Some(CharacterLength::Max) => Some(None),
    };
    Some(match t {
        DataType::Varchar(l) => Target::Text {
            max: length(l)?,
            national: false,
        },
        DataType::Nvarchar(l) => Target::Text {
            max: length(l)?,
            national: true,
        },
        other => Target::Int(IntType::of_cast(other)?),
    })
}

/// The integer type of `e` in SQL Server: COUNT is an int there (COUNT_BIG a bigint),
/// where the planner's typing, PostgreSQL's and MariaDB's, makes it a bigint.
fn int_type(e: &Expr, columns: &Columns) -> Option<IntType> {
    match e {
        Expr::Function(f) if f.name.to_sql().eq_ignore_ascii_case("count") => Some(IntType::Int4),
        _ => columns.int_type(e),
    }
}

/// Why a type is no target: a number type's text, or a type SQLite has no model of.
fn not_a_target(t: &DataType) -> Why {
    match t {
        DataType::Decimal(_) | DataType::Numeric(_) | DataType::Float(_) | DataType::Real => {
            Why::Number
        }
        DataType::Custom(name, _) if name.to_sql().to_ascii_lowercase().ends_with("money") => {
            Why::Number
        }
        _ => Why::Type,
    }
}

/// The most characters an integer of type `t` takes as text (its sign included).
fn longest_digits(t: IntType) -> u64 {
    match t {
        IntType::Int2 => 6,
        IntType::Int4 => 11,
        IntType::Int8 => 20,
    }
}

/// An integer as text; where it may not fit in `max` characters, `*`, as SQL Server writes a
/// number too long for a varchar.
fn int_text(value: Expr, max: Option<u64>) -> Expr {
    let text = as_text(value);
    let Some(n) = max else { return text };
    let fits = format!("length({}) <= {n}", text.to_sql());
    let sql = format!("CASE WHEN {fits} THEN {} ELSE '*' END", text.to_sql());
    super::super::exprs::parse_sqlite_expr(&sql).unwrap_or(text)
}

/// Text cut to `max` characters (all of it for MAX).
fn cut(text: Expr, max: Option<u64>) -> Expr {
    match max {
        None => text,
        Some(n) => super::super::exprs::call("substr", vec![text, int_expr(1), int_expr(n as i64)]),
    }
}

fn as_text(value: Expr) -> Expr {
    Expr::Cast {
        kind: CastKind::Cast,
        expr: Box::new(value),
        data_type: DataType::Text,
        format: None,
    }
}

/// Whether `e` is text for certain: a string constant or a character column.
fn is_text(e: &Expr, columns: &Columns) -> bool {
    match e {
        Expr::Nested(inner) => is_text(inner, columns),
        Expr::Value(v) => matches!(v.value, Value::SingleQuotedString(_)),
        _ => super::super::int_types::column_named(e).is_some_and(|(q, name)| {
            columns
                .admits(q, name, |a| Some(matches!(a, Admits::Chars { .. })))
                .unwrap_or(false)
        }),
    }
}

fn null() -> Expr {
    Expr::Value(Value::Null.into())
}
