//! MySQL's `LAST_INSERT_ID()`: the first id the session's last INSERT generated, or the value
//! last given to `LAST_INSERT_ID(x)`, which returns `x` and remembers it for the session's
//! next statements. Queues on MySQL pop with it: `UPDATE jobs SET id = LAST_INSERT_ID(id),
//! status = 'running' WHERE status = 'ready' ORDER BY id LIMIT 1`, then `SELECT
//! LAST_INSERT_ID()` reads the claimed id without a second query on the table.
//!
//! `LAST_INSERT_ID()` is the named parameter [`PARAM`], bound per statement to the session's
//! value; `LAST_INSERT_ID(x)` is the engine's SQLite function [`SET_FN`], which records `x`
//! for the engine to keep in the session when the statement ends.

use super::super::exprs::call;
use super::super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{Expr, Statement};
use std::ops::ControlFlow;

/// The parameter `LAST_INSERT_ID()` reads (as `@` + this name).
pub const PARAM: &str = "ql_last_insert_id";

/// The SQLite function `LAST_INSERT_ID(x)` becomes.
pub const SET_FN: &str = "ql_set_last_insert_id";

/// Rewrites the calls of `stmt`; the note, if there was one.
pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    super::super::headers::keep_as_written(stmt, &|e| is_call(e).is_some());
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        match is_call(e) {
            Some(None) => {
                *e = Expr::Identifier(sqlparser::ast::Ident::new(format!("@{PARAM}")));
                fired = true;
            }
            Some(Some(x)) => {
                *e = call(SET_FN, vec![x]);
                fired = true;
            }
            None => {}
        }
        ControlFlow::Continue(())
    });
    fired.then(|| {
        "LAST_INSERT_ID() reads the session's last generated id (or the value last given to LAST_INSERT_ID(x), kept when the statement ends)".into()
    })
}

/// `Some(None)` for `LAST_INSERT_ID()`, `Some(Some(x))` for `LAST_INSERT_ID(x)`.
fn is_call(e: &Expr) -> Option<Option<Expr>> {
    match super::super::exprs::call_args(e, "last_insert_id")?.as_slice() {
        [] => Some(None),
        [x] => Some(Some((*x).duplicate())),
        _ => None,
    }
}
