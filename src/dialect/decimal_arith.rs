//! Rule: arithmetic on decimals is exact, as on the servers. SQLite computes `0.1 + 0.2` in
//! binary floating point and gets 0.30000000000000004; PostgreSQL's numeric and MariaDB's
//! DECIMAL get 0.3, and a row written with it, or a comparison with `0.3`, differs. The exact
//! result has no more decimals than its type's scale (`num_types.rs`: `+` and `-` the larger
//! of the two, `*` their sum), and the float's error is far below the last of them, so
//! rounding the float to that scale gives the exact result back (to the 15 digits a double
//! holds, which `types.rs` keeps decimal columns to). Each outermost `+ - *` of decimals
//! becomes `round(expr, scale)`; a chain gets one `round`, at its top.

use super::exprs::int_expr;
use super::int_types::Columns;
use super::num_types::{self, NumType};
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, Expr, Statement};
use std::ops::ControlFlow;

/// Rounds `stmt`'s decimal arithmetic to its scale; the rule's note if it did. Refuses `%`
/// of fractions: SQLite's makes integers of both sides first (`7.5 % 2` is 1, where
/// PostgreSQL's numeric and MariaDB give 1.5).
pub fn round(
    dialect: Dialect,
    stmt: &mut Statement,
    columns: &Columns,
) -> Result<Option<String>, StepError> {
    // MariaDB names a result column by its text as written, not the round() put on it
    // (PostgreSQL's names are given before).
    super::headers::keep_as_written(stmt, &|e| {
        decimal_arithmetic(e, columns, dialect).is_some() || double_round(e, columns, dialect)
    });
    let mut any = false;
    let mut modulo = false;
    let mut no_such = false;
    super::walk::exprs(stmt, &mut |e| {
        if double_round(e, columns, dialect) {
            no_such |= round_of_double(e, dialect);
        }
        if let Expr::BinaryOp {
            op: BinaryOperator::Modulo,
            ..
        } = e
        {
            modulo |= matches!(
                num_types::of(e, columns, dialect),
                Some(NumType::Double | NumType::Numeric) | Some(NumType::Decimal(1..))
            );
        }
        if let Some(scale) = decimal_arithmetic(e, columns, dialect) {
            if let Expr::BinaryOp { left, right, .. } = e {
                // Inner ones first: a `round` this rule put on an operand gives way to the
                // one on top (same result: the outer scale is at least the inner one).
                for side in [left, right] {
                    if is_own_round(side, columns, dialect) {
                        unwrap_round(side);
                    }
                }
            }
            let sum = std::mem::replace(e, int_expr(0));
            *e = super::exprs::call("round", vec![sum, int_expr(i64::from(scale))]);
            any = true;
        }
        ControlFlow::<()>::Continue(())
    });
    if no_such {
        return Err(StepError::other(
            "42883",
            "function round(double precision, integer) does not exist".into(),
        ));
    }
    if modulo {
        return Err(super::common::unsupported_with(
            dialect,
            "% of a number with a fraction",
            "SQLite's % makes integers of both sides first (7.5 % 2 would be 1); use % on integers",
        ));
    }
    Ok(any.then(|| {
        "+ - * of decimals rounded to their scale with round(x, scale): exact, as the server's decimal arithmetic (SQLite's floats would give 0.1 + 0.2 = 0.30000000000000004)".into()
    }))
}

/// Whether `e` is `round(x [, n])` of a double, which both servers round as a double: scaled
/// by 10^n, half to even (`round(2.5::float8)` is 2, MariaDB's `ROUND(1.005e0, 2)` 1.00 and
/// `ROUND(2.675e0, 2)` 2.68), not as the decimal written, as they round a decimal.
fn double_round(e: &Expr, columns: &Columns, dialect: Dialect) -> bool {
    super::exprs::call_args(e, "round").is_some_and(|args| {
        args.len() <= 2
            && args
                .first()
                .and_then(|x| num_types::of(x, columns, dialect))
                == Some(NumType::Double)
    })
}

/// Makes `round(x [, n])` of a double the engine's `round(x, n, 1)` (engine/store.rs); `true`
/// for PostgreSQL's `round(x, n)`, which has no double form (42883 on the server).
fn round_of_double(e: &mut Expr, dialect: Dialect) -> bool {
    use sqlparser::ast::{FunctionArg, FunctionArgExpr, FunctionArguments};
    let Expr::Function(f) = e else { return false };
    let FunctionArguments::List(list) = &mut f.args else {
        return false;
    };
    if list.args.len() == 2 && dialect == Dialect::Postgres {
        return true;
    }
    let arg = |n| FunctionArg::Unnamed(FunctionArgExpr::Expr(int_expr(n)));
    if list.args.len() == 1 {
        list.args.push(arg(0));
    }
    list.args.push(arg(1));
    false
}

/// The scale of `e`, if it is `+ - *` of decimals with digits after the point.
fn decimal_arithmetic(e: &Expr, columns: &Columns, dialect: Dialect) -> Option<u32> {
    let Expr::BinaryOp { op, .. } = e else {
        return None;
    };
    if !matches!(
        op,
        BinaryOperator::Plus | BinaryOperator::Minus | BinaryOperator::Multiply
    ) {
        return None;
    }
    match num_types::of(e, columns, dialect)? {
        NumType::Decimal(s) if s > 0 => Some(s),
        _ => None,
    }
}

/// Whether `e` is `round(x, s)` with `x` decimal arithmetic of scale `s`: what this rule made
/// (or the same `round` written by the user, which changes nothing either).
fn is_own_round(e: &Expr, columns: &Columns, dialect: Dialect) -> bool {
    let Some(args) = super::exprs::call_args(e, "round") else {
        return false;
    };
    let [x, Expr::Value(v)] = args.as_slice() else {
        return false;
    };
    let sqlparser::ast::Value::Number(n, _) = &v.value else {
        return false;
    };
    n.parse().ok() == decimal_arithmetic(x, columns, dialect)
}

/// `round(x, s)` → `x`, moved out (no copy of a long chain).
fn unwrap_round(e: &mut Expr) {
    use sqlparser::ast::{FunctionArg, FunctionArgExpr, FunctionArguments};
    let Expr::Function(f) = e else { return };
    let FunctionArguments::List(list) = &mut f.args else {
        return;
    };
    let Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(x))) = list.args.first_mut() else {
        return;
    };
    let x = std::mem::replace(x, int_expr(0));
    *e = x;
}
