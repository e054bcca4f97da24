//! Rule: PostgreSQL's `ILIKE` (`LIKE` ignoring case) as `lower(a) LIKE lower(b)`: the
//! engine's SQLite compares case in LIKE for a PostgreSQL scenario, as PostgreSQL does
//! (`engine::lab::Lab::new`), and has no ILIKE.

use super::super::exprs::call;
use super::super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{Expr, Statement};
use std::ops::ControlFlow;

pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        if let Expr::ILike {
            negated,
            any,
            expr,
            pattern,
            escape_char,
        } = e
        {
            *e = Expr::Like {
                negated: *negated,
                any: *any,
                expr: Box::new(call("lower", vec![(**expr).duplicate()])),
                pattern: Box::new(call("lower", vec![(**pattern).duplicate()])),
                escape_char: escape_char.duplicate(),
            };
            fired = true;
        }
        ControlFlow::Continue(())
    });
    fired.then(|| "ILIKE as lower(a) LIKE lower(b): SQLite has no ILIKE".into())
}
