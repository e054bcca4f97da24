//! MySQL's `ROW_COUNT()`: what the session's previous statement counted, as MariaDB keeps it
//! (probed on 10.11): an INSERT's, UPDATE's, DELETE's or REPLACE's affected rows (the count
//! the lab reports, `engine/count.rs`), -1 after a statement that returned rows (a SELECT, a
//! write with RETURNING, `SELECT ROW_COUNT()` itself) or failed, 0 after any other
//! (transaction control, DDL). Queue code reads it after a claim: `UPDATE jobs SET owner = 7
//! WHERE owner IS NULL LIMIT 1`, then `SELECT ROW_COUNT()` says whether it got one.
//!
//! `ROW_COUNT()` is the named parameter [`PARAM`], bound per statement to the session's value,
//! as `LAST_INSERT_ID()` is (`last_insert_id.rs`).

use super::super::walk;
use sqlparser::ast::{Expr, Statement};
use std::ops::ControlFlow;

/// The parameter `ROW_COUNT()` reads (as `@` + this name).
pub const PARAM: &str = "ql_row_count";

/// Rewrites the calls of `stmt`; the note, if there was one.
pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    let is_call =
        |e: &Expr| super::super::exprs::call_args(e, "row_count").is_some_and(|a| a.is_empty());
    super::super::headers::keep_as_written(stmt, &is_call);
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        if is_call(e) {
            *e = Expr::Identifier(sqlparser::ast::Ident::new(format!("@{PARAM}")));
            fired = true;
        }
        ControlFlow::Continue(())
    });
    fired.then(|| {
        "ROW_COUNT() reads what the session's previous statement counted (its affected rows; -1 after rows returned or an error)".into()
    })
}
