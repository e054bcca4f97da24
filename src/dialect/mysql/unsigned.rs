//! Rule: MariaDB's arithmetic on unsigned integers. `a + b`, `a - b` and `a * b` over
//! integers are unsigned when either operand is (a column of an `UNSIGNED` integer type,
//! `max()` or `min()` of one, or such arithmetic itself), and a result below zero is the
//! server's error 1690 (`BIGINT UNSIGNED value is out of range in '`test`.`jobs`.`tries` -
//! 1'`), where SQLite computes -1: a retry counter `tries - 1` at zero fails on the server.
//! Each such operation becomes `ql_not_negative(a - b, failure)`, the failure holding the
//! operation as the server prints it, which the engine raises when the value is negative. A decimal or float operand, a cast to
//! SIGNED, `coalesce()` and `sum()` make no unsigned result, as on the server.

use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::NOT_NEGATIVE_FN;
use crate::dialect::int_types::{column_named, Columns};
use crate::dialect::types::Admits;
use crate::dialect::{walk, Dialect};
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, Expr, Statement, UnaryOperator, Value};

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
                "CAST(x AS SIGNED) makes a signed operand",
            )
        })?;
        // The engine's whole failure, made here: `ql: server error 1690 BIGINT UNSIGNED ...`.
        let failure = format!(
            "{}1690 BIGINT UNSIGNED value is out of range in '{printed}'",
            crate::dialect::postgres::int_values::SERVER_ERROR
        );
        Ok(Some(crate::dialect::exprs::call(
            NOT_NEGATIVE_FN,
            vec![
                e.duplicate(),
                Expr::Value(Value::SingleQuotedString(failure).into()),
            ],
        )))
    })?;
    Ok(fired.then(|| "UNSIGNED arithmetic below zero: error 1690".into()))
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
                (NOT_NEGATIVE_FN, _) => true,
                ("max" | "min", Some([arg])) => unsigned(arg, columns),
                _ => false,
            }
        }
        e => column_named(e)
            .and_then(|(q, name)| columns.owner(q, name))
            .is_some_and(|(_, c)| matches!(c.admits, Admits::Integer { min: 0, .. })),
    }
}

/// `e` as MariaDB prints it in the message: columns as `` `test`.`table`.`column` `` (the
/// name the statement calls the table by), numbers as written, operators between spaces,
/// parentheses only where the order needs them, function names in lower case.
fn printed(e: &Expr, columns: &Columns) -> Option<String> {
    let mut out = String::new();
    print_into(&mut out, e, columns)?;
    Some(out)
}

/// Appends `e` as [`printed`] prints it to `out`.
fn print_into(out: &mut String, e: &Expr, columns: &Columns) -> Option<()> {
    match e {
        Expr::Nested(inner) => print_into(out, inner, columns)?,
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => out.push_str(n),
            _ => return None,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } if matches!(**expr, Expr::Value(_)) => {
            out.push('-');
            print_into(out, expr, columns)?;
        }
        Expr::BinaryOp { left, op, right } => {
            let rank = precedence(op)?;
            // Left-associative: the left side keeps its own order, the right side needs
            // parentheses at the same precedence (`a - (b - c)`).
            print_side(out, left, rank - 1, columns)?;
            out.push(' ');
            out.push_str(&op.to_sql());
            out.push(' ');
            print_side(out, right, rank, columns)?;
        }
        Expr::Function(f) => {
            let name = f.name.to_sql().to_ascii_lowercase();
            let args = crate::dialect::exprs::call_args(e, &name)?;
            match (name.as_str(), args.as_slice()) {
                (NOT_NEGATIVE_FN, [inner, _]) => print_into(out, inner, columns)?,
                ("max" | "min", [arg]) => {
                    out.push_str(&name);
                    out.push('(');
                    print_into(out, arg, columns)?;
                    out.push(')');
                }
                _ => return None,
            }
        }
        e => {
            let (q, name) = column_named(e)?;
            // The relation as the statement calls it, the column as declared (`TRIES`
            // prints `tries`).
            let (table, column) = columns.owner(q, name)?;
            for part in ["test", table, &column.name] {
                out.push('`');
                out.push_str(part);
                out.push_str("`.");
            }
            out.pop();
        }
    }
    Some(())
}

/// An operand of an operation of precedence above `wrap_at`, in parentheses if it binds
/// less tightly.
fn print_side(out: &mut String, x: &Expr, wrap_at: u8, columns: &Columns) -> Option<()> {
    let wrap = matches!(strip(x), Expr::BinaryOp { op, .. } if precedence(op).is_some_and(|p| p <= wrap_at));
    if wrap {
        out.push('(');
    }
    print_into(out, x, columns)?;
    if wrap {
        out.push(')');
    }
    Some(())
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
