//! Rule: MariaDB's arithmetic on unsigned integers. `a + b`, `a - b` and `a * b` over
//! integers are unsigned when either operand is (a column of an `UNSIGNED` integer type, `max()` or `min()` of
//! one, or such arithmetic itself), and a result below zero is the server's error 1690
//! (`BIGINT UNSIGNED value is out of range in '`test`.`jobs`.`tries` - 1'`), where SQLite
//! computes -1: a retry counter `tries - 1` at zero fails on the server. Each such
//! operation becomes `ql_my_unsigned(a - b, 'the operation as the server prints it')`, which
//! the engine fails when the value is negative. A decimal or float operand, a cast to
//! SIGNED, `coalesce()` and `sum()` make no unsigned result, as on the server.

use crate::dialect::common::unsupported_with;
use crate::dialect::int_types::{column_named, Columns};
use crate::dialect::types::Admits;
use crate::dialect::{walk, Dialect};
use crate::trace::StepError;
use queuelab_sql::{Duplicate, ToSql};
use sqlparser::ast::{BinaryOperator, Expr, Statement, UnaryOperator, Value};

/// The engine's check of an unsigned result: `ql_my_unsigned(value, printed)`.
pub const UNSIGNED_FN: &str = "ql_my_unsigned";

/// The server's message for a negative unsigned result of the operation `printed`.
pub fn out_of_range(printed: &str) -> String {
    format!("BIGINT UNSIGNED value is out of range in '{printed}'")
}

/// Checks each unsigned operation of `stmt`; says so when one is checked.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> Result<Option<String>, StepError> {
    // MariaDB names a result column by its text as written.
    crate::dialect::headers::keep_as_written(stmt, &|e| checked(e, columns));
    let fired = walk::replace_exprs(stmt, &|e| {
        if !checked(e, columns) {
            return Ok(None);
        }
        let printed = printed(e, columns).ok_or_else(|| {
            unsupported_with(
                Dialect::MySql,
                &format!("Arithmetic on an unsigned integer ({})", e.to_sql()),
                "the lab checks it only over columns, integer constants, max() and min(); CAST(x AS SIGNED) makes a signed operand",
            )
        })?;
        Ok(Some(crate::dialect::exprs::call(
            UNSIGNED_FN,
            vec![
                e.duplicate(),
                Expr::Value(Value::SingleQuotedString(printed).into()),
            ],
        )))
    })?;
    Ok(fired.then(|| {
        "arithmetic on an UNSIGNED integer checked by ql_my_unsigned(): below zero is MariaDB's error 1690".into()
    }))
}

/// Whether `e` is `a + b`, `a - b` or `a * b` of integers, one of them unsigned.
fn checked(e: &Expr, columns: &Columns) -> bool {
    let Expr::BinaryOp { left, op, right } = e else {
        return false;
    };
    if !matches!(
        op,
        BinaryOperator::Plus | BinaryOperator::Minus | BinaryOperator::Multiply
    ) {
        return false;
    }
    let (l, r) = (unsigned(left, columns), unsigned(right, columns));
    let integer = |x: &Expr, is_unsigned: bool| is_unsigned || columns.int_type(x).is_some();
    (l || r) && integer(left, l) && integer(right, r)
}

/// Whether `e` is an unsigned integer: an unsigned column, `max()` / `min()` of one, an
/// operation this rule checked.
fn unsigned(e: &Expr, columns: &Columns) -> bool {
    match e {
        Expr::Nested(inner) => unsigned(inner, columns),
        Expr::Function(f) => {
            let name = f.name.to_sql().to_ascii_lowercase();
            let args = crate::dialect::exprs::call_args(e, &name);
            match (name.as_str(), args.as_deref()) {
                (UNSIGNED_FN, _) => true,
                ("max" | "min", Some([arg])) => unsigned(arg, columns),
                _ => false,
            }
        }
        e => column_named(e).is_some_and(|(q, name)| {
            columns
                .admits(q, name, |a| match a {
                    Admits::Integer { min, .. } => Some(*min == 0),
                    _ => None,
                })
                .unwrap_or(false)
        }),
    }
}

/// `e` as MariaDB prints it in the message: columns as `` `test`.`table`.`column` `` (the
/// name the statement calls the table by), numbers as written, operators between spaces,
/// parentheses only where the order needs them, function names in lower case.
fn printed(e: &Expr, columns: &Columns) -> Option<String> {
    Some(match e {
        Expr::Nested(inner) => printed(inner, columns)?,
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.clone(),
            _ => return None,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => match &**expr {
            Expr::Value(_) => format!("-{}", printed(expr, columns)?),
            _ => return None,
        },
        Expr::BinaryOp { left, op, right } => {
            let rank = precedence(op)?;
            let side = |x: &Expr, wrap_at: u8| -> Option<String> {
                let text = printed(x, columns)?;
                Some(match strip(x) {
                    Expr::BinaryOp { op, .. } if precedence(op)? <= wrap_at => {
                        format!("({text})")
                    }
                    _ => text,
                })
            };
            // Left-associative: the left side keeps its own order, the right side needs
            // parentheses at the same precedence (`a - (b - c)`).
            format!(
                "{} {} {}",
                side(left, rank - 1)?,
                op.to_sql(),
                side(right, rank)?
            )
        }
        Expr::Function(f) => {
            let name = f.name.to_sql().to_ascii_lowercase();
            let args = crate::dialect::exprs::call_args(e, &name)?;
            match (name.as_str(), args.as_slice()) {
                (UNSIGNED_FN, [inner, _]) => printed(inner, columns)?,
                ("max" | "min", [arg]) => format!("{name}({})", printed(arg, columns)?),
                _ => return None,
            }
        }
        e => {
            let (q, name) = column_named(e)?;
            let table = columns.called(q, name)?;
            // The column's name as declared (`TRIES - 1` prints `tries`).
            let declared = columns.columns_give(q, name, |c| Some(c.name.clone()))?;
            format!("`test`.`{table}`.`{declared}`")
        }
    })
}

/// How tightly an operator binds, for the parentheses of [`printed`].
fn precedence(op: &BinaryOperator) -> Option<u8> {
    match op {
        BinaryOperator::Plus | BinaryOperator::Minus => Some(1),
        BinaryOperator::Multiply => Some(2),
        _ => None,
    }
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Nested(inner) => strip(inner),
        e => e,
    }
}
