//! Rule: `FROM DUAL` names no table. MariaDB reads `SELECT 1 FROM DUAL WHERE ...` as `SELECT
//! 1 WHERE ...` (DUAL is a reserved word: no table can have that name unquoted), the form of
//! the conditional insert `INSERT INTO t (...) SELECT ... FROM DUAL WHERE NOT EXISTS (...)`.
//! SQLite would look for a table `DUAL`, so the FROM goes.

use crate::dialect::walk;
use sqlparser::ast::{SetExpr, Statement, TableFactor};
use std::ops::ControlFlow;

/// Drops every `FROM DUAL` of `stmt` (DUAL alone, unquoted, with no alias or join).
pub fn drop_dual(stmt: &mut Statement) {
    walk::queries(stmt, &mut |q| {
        if let SetExpr::Select(select) = q.body.as_mut() {
            let dual = match select.from.as_slice() {
                [from] if from.joins.is_empty() => matches!(&from.relation,
                    TableFactor::Table { name, alias: None, args: None, .. }
                        if matches!(name.0.as_slice(), [part] if part.as_ident().is_some_and(
                            |i| i.quote_style.is_none() && i.value.eq_ignore_ascii_case("dual")))),
                _ => false,
            };
            if dual {
                select.from.clear();
            }
        }
        ControlFlow::Continue(())
    });
}
