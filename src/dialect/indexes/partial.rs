//! The WHERE of PostgreSQL's partial unique index, as the catalog keeps it: SQLite text over
//! the table's own column names, which SQLite's `CREATE UNIQUE INDEX ... WHERE` enforces on
//! the rows it holds and the engine's key checks evaluate on rows of other transactions.
//!
//! Only what such a predicate needs in a queue is admitted: columns, constants, comparisons,
//! AND / OR / NOT, IS [NOT] NULL, IN lists, BETWEEN, LIKE (the engine's `like` is the
//! vendor's, and deterministic, as SQLite wants of an index's WHERE) and CASE (an enum's
//! order, `state < 'completed'`, arrives here as a CASE over its labels). A subquery is the
//! server's own error; a function call (the server admits immutable ones) is refused by name.

use super::super::catalog::TableDef;
use super::super::common::unsupported_with;
use super::super::exprs::rewrite_all;
use super::super::walk;
use super::super::Dialect;
use crate::sql::{Duplicate, Sql, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{Expr, InTarget};

pub fn predicate(p: &Expr, def: &TableDef) -> Result<String, StepError> {
    let mut p = p.duplicate();
    walk::check_exprs(&mut p, &|e| admitted(e, def))?;
    rewrite_all(&mut p);
    Ok(p.to_sql())
}

fn admitted(e: &Expr, def: &TableDef) -> Result<(), StepError> {
    match e {
        Expr::Subquery(_) | Expr::Exists { .. } | Expr::In { target: InTarget::Subquery(_), .. } => Err(
            StepError::other("0A000", "cannot use subquery in index predicate".into()),
        ),
        Expr::Identifier(i) => match def.column(&i.value) {
            Some(_) => Ok(()),
            None => Err(StepError::other(
                "42703",
                format!("column \"{}\" does not exist", i.value),
            )),
        },
        Expr::Value(_)
        | Expr::BinaryOp { .. }
        | Expr::UnaryOp { .. }
        | Expr::Nested(_)
        | Expr::IsNull(_)
        | Expr::IsNotNull(_)
        | Expr::IsTrue(_)
        | Expr::IsNotTrue(_)
        | Expr::IsFalse(_)
        | Expr::IsNotFalse(_)
        | Expr::In {
            target: InTarget::List(_),
            ..
        }
        | Expr::Between { .. }
        | Expr::Like { .. }
        | Expr::Case { .. } => Ok(()),
        other => Err(unsupported_with(
            Dialect::Postgres,
            &format!("{} in a partial index's WHERE", Sql(other)),
            "write the predicate with the table's columns, constants and comparisons (state = 'ready', finished_at IS NULL)",
        )),
    }
}
