//! Reading a WHERE the way a server's planner does: its top-level AND-ed conditions, and
//! which expressions are known before any row is read. Shared by the rules that decide what
//! a statement reads (`mysql/access.rs`, `mysql/filesort.rs`) or whether it can match at all
//! (`mysql/impossible.rs`).

use super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{BinaryOperator, Expr, InTarget};
use std::ops::ControlFlow;

/// `(a) AND b`, or `b` alone.
pub fn and(a: Option<Expr>, b: Expr) -> Expr {
    match a {
        Some(a) => Expr::BinaryOp {
            left: Box::new(Expr::Nested(Box::new(a))),
            op: BinaryOperator::And,
            right: Box::new(b),
        },
        None => b,
    }
}

/// The conditions AND-ed at the top of `e` (through parentheses), in order.
pub fn conjuncts(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    split(e, &mut out);
    out
}

fn split<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::BinaryOp {
            left,
            op: BinaryOperator::And,
            right,
        } => {
            split(left, out);
            split(right, out);
        }
        Expr::Nested(inner) => split(inner, out),
        other => out.push(other),
    }
}

/// Known before any row is read: no column and no subquery in it (MySQL's user variables,
/// `@j`, are values).
pub fn is_value(e: &Expr) -> bool {
    let mut e = e.duplicate();
    let mut value = true;
    walk::exprs(&mut e, &mut |x| {
        let row_bound = match x {
            Expr::Identifier(i) => !i.value.starts_with('@'),
            Expr::CompoundIdentifier(_)
            | Expr::Subquery(_)
            | Expr::Exists { .. }
            | Expr::In {
                target: InTarget::Subquery(_),
                ..
            } => true,
            _ => false,
        };
        if row_bound {
            value = false;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    value
}
