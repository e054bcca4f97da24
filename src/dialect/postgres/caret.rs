//! Rule: PostgreSQL's `a ^ b` is `power(a, b)` (Que's retry backoff, `(error_count ^ 4) + 3`
//! seconds). SQLite has no `^`. Run after the result names are taken, so an unaliased
//! `a ^ b` keeps its header `?column?`.

use crate::dialect::exprs::call;
use crate::dialect::walk;
use sqlparser::ast::{BinaryOperator, Expr, Statement, Value};
use std::ops::ControlFlow;

pub fn rewrite(stmt: &mut Statement) {
    walk::exprs(stmt, &mut |e| {
        if let Expr::BinaryOp {
            op: BinaryOperator::PGExp,
            left,
            right,
        } = e
        {
            let null = || Expr::value(Value::Null);
            let (a, b) = (
                std::mem::replace(&mut **left, null()),
                std::mem::replace(&mut **right, null()),
            );
            *e = call("power", vec![a, b]);
        }
        ControlFlow::<()>::Continue(())
    });
}
