//! Check: PostgreSQL has no operator between a string and a number, a boolean and a number or
//! a string, or a time and a number or a string or a boolean, and no assignment of a string,
//! a boolean or a number to a column of another of those kinds. `WHERE status = 1` on a
//! text column is the server's 42883, `operator does not exist: text = integer`; `SET tries
//! = label` on an integer column its 42804, `column "tries" is of type integer but
//! expression is of type text` (probed on 15). SQLite compares and stores them all, so the
//! lab ran such a statement where the server fails it. A string constant is of no type yet
//! (`'5'`: the server reads it as the other side's type), so only typed values are checked:
//! columns, number constants, `||`, casts.

use super::super::int_types::{column_named, Columns};
use super::super::types::Admits;
use super::super::walk;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, CastKind, DataType, Expr, InTarget, Statement, Value};
use std::ops::ControlFlow;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Text,
    Number,
    Bool,
    Time,
}

/// A typed value: its kind and the server's name of its type.
type Typed = (Kind, &'static str);

/// The server's error for the first operator or write of `stmt` that mixes kinds.
pub fn check(
    stmt: &mut Statement,
    columns: &Columns,
    catalog: &super::super::catalog::Catalog,
) -> Result<(), StepError> {
    let mut failure = None;
    walk::exprs(stmt, &mut |e| {
        failure = operator(e, columns);
        match failure {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    });
    if let Some(f) = failure {
        return Err(f);
    }
    super::super::writes::each(stmt, catalog, &mut |def, column, value| {
        let (Some(c), None) = (def.column(column), &failure) else {
            return false;
        };
        if let (Some(to), Some(from)) = (column_type(&c.admits, &c.sql_type), typed(value, columns))
        {
            if !assignable(from.0, to.0) {
                failure = Some(StepError::other(
                    "42804",
                    format!(
                        "column \"{}\" is of type {} but expression is of type {}",
                        c.name, to.1, from.1
                    ),
                ));
            }
        }
        false
    });
    failure.map_or(Ok(()), Err)
}

/// 42883 for an operator `e` applies to two values of kinds with no operator between them.
fn operator(e: &Expr, columns: &Columns) -> Option<StepError> {
    use BinaryOperator::*;
    let pairs: Vec<(&Expr, &str, &Expr)> = match e {
        Expr::BinaryOp {
            left,
            op: Eq | NotEq | Lt | LtEq | Gt | GtEq | Plus | Minus | Multiply | Divide | Modulo,
            right,
        } => vec![(left, "", right)],
        Expr::In {
            expr,
            target: InTarget::List(list),
            ..
        } => list.iter().map(|x| (&**expr, "=", x)).collect(),
        Expr::Between {
            expr, low, high, ..
        } => vec![(expr, ">=", low), (expr, "<=", high)],
        _ => return None,
    };
    let op_text = match e {
        Expr::BinaryOp { op, .. } => op.to_sql(),
        _ => String::new(),
    };
    pairs.into_iter().find_map(|(a, op, b)| {
        let (x, y) = (typed(a, columns)?, typed(b, columns)?);
        let arithmetic = matches!(
            e,
            Expr::BinaryOp {
                op: Plus | Minus | Multiply | Divide | Modulo,
                ..
            }
        );
        let clash = x.0 != y.0 && !(arithmetic && (x.0 == Kind::Time || y.0 == Kind::Time));
        let op = if op.is_empty() { op_text.as_str() } else { op };
        clash.then(|| {
            StepError::other(
                "42883",
                format!("operator does not exist: {} {op} {}", x.1, y.1),
            )
        })
    })
}

/// Whether the server assigns a value of kind `from` to a column of kind `to`: anything to a
/// string column (its text), else only its own kind.
fn assignable(from: Kind, to: Kind) -> bool {
    to == Kind::Text || from == to
}

/// The type of `e`, where it is typed and the check knows it.
fn typed(e: &Expr, columns: &Columns) -> Option<Typed> {
    match e {
        Expr::Nested(inner) => typed(inner, columns),
        Expr::UnaryOp { expr, .. } => typed(expr, columns).filter(|t| t.0 == Kind::Number),
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => Some((Kind::Number, number_type(n))),
            Value::Boolean(_) => Some((Kind::Bool, "boolean")),
            _ => None,
        },
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
            let (q, name) = column_named(e)?;
            columns.columns_give(q, name, |c| column_type(&c.admits, &c.sql_type))
        }
        Expr::BinaryOp {
            op: BinaryOperator::StringConcat,
            ..
        } => Some((Kind::Text, "text")),
        Expr::Cast {
            kind: CastKind::Cast | CastKind::DoubleColon,
            data_type,
            ..
        } => cast_type(data_type),
        _ => None,
    }
}

/// A number constant's type: integer, bigint, or numeric (a fraction, an exponent, or past
/// 64 bits).
fn number_type(n: &str) -> &'static str {
    match n.parse::<i64>() {
        Ok(v) if i32::try_from(v).is_ok() => "integer",
        Ok(_) => "bigint",
        Err(_) => "numeric",
    }
}

fn cast_type(t: &DataType) -> Option<Typed> {
    Some(match t {
        DataType::Text => (Kind::Text, "text"),
        DataType::Varchar(_) | DataType::CharacterVarying(_) => (Kind::Text, "character varying"),
        DataType::Int(_) | DataType::Integer(_) | DataType::Int4(_) => (Kind::Number, "integer"),
        DataType::BigInt(_) | DataType::Int8(_) => (Kind::Number, "bigint"),
        DataType::SmallInt(_) | DataType::Int2(_) => (Kind::Number, "smallint"),
        DataType::Bool | DataType::Boolean => (Kind::Bool, "boolean"),
        _ => return None,
    })
}

/// A column's type, from what it admits and its declared name.
fn column_type(a: &Admits, sql_type: &str) -> Option<Typed> {
    Some(match a {
        Admits::Integer { name, .. } => (Kind::Number, *name),
        Admits::Double => (Kind::Number, "double precision"),
        Admits::Decimal { .. } => (Kind::Number, "numeric"),
        Admits::Chars { name, .. } if name.starts_with("character(") => (Kind::Text, "character"),
        Admits::Chars { .. } => (Kind::Text, "character varying"),
        Admits::Anything => match sql_type.to_ascii_lowercase().as_str() {
            "text" => (Kind::Text, "text"),
            "bool" | "boolean" => (Kind::Bool, "boolean"),
            _ => return None,
        },
        Admits::Temporal(_) => {
            let t = sql_type.to_ascii_lowercase();
            let name = if t.starts_with("date") {
                "date"
            } else if t.contains("tz") || t.contains("with time zone") {
                "timestamp with time zone"
            } else if t.starts_with("timestamp") {
                "timestamp without time zone"
            } else {
                "time without time zone"
            };
            (Kind::Time, name)
        }
        _ => return None,
    })
}
