//! PostgreSQL's 42P01 `missing FROM-clause entry for table "x"`: a column qualified by a name
//! that no relation of the statement is called by (`SELECT x.id FROM jobs j`), or `invalid
//! reference to FROM-clause entry for table "jobs"` when that name is a table the statement
//! calls by an alias. SQLite says `no such column: x.id`, which the lab reported as 42703.
//!
//! Checked only where the statement's relations are all known (`Columns` reads them; a set
//! operation's branches and a relation the catalog lacks are not, and the server's error for
//! a missing relation comes first): elsewhere SQLite's error stands.

use super::super::catalog::Catalog;
use super::super::exprs::last_ident;
use super::super::int_types::Columns;
use super::super::walk;
use crate::trace::StepError;
use sqlparser::ast::{Expr, SetExpr, Statement};
use std::ops::ControlFlow;

pub fn check(stmt: &mut Statement, columns: &Columns, catalog: &Catalog) -> Result<(), StepError> {
    let mut known = true;
    walk::queries(stmt, &mut |q| {
        known &= matches!(q.body.as_ref(), SetExpr::Select(_) | SetExpr::Values(_));
        ControlFlow::Continue(())
    });
    walk::relations(stmt, &mut |name| {
        known &= catalog.table(&last_ident(name)).is_some();
        ControlFlow::Continue(())
    });
    let mut missing = None;
    if known {
        walk::exprs(stmt, &mut |e| {
            if let Expr::CompoundIdentifier(p) = e {
                if let [t, _] = p.as_slice() {
                    if !columns.calls(&t.value) {
                        let kind = match columns.aliases_table(&t.value) {
                            true => "invalid reference to",
                            false => "missing",
                        };
                        missing = Some((kind, super::names::folded(t)));
                        return ControlFlow::Break(());
                    }
                }
            }
            ControlFlow::Continue(())
        });
    }
    match missing {
        None => Ok(()),
        Some((kind, t)) => Err(StepError::other(
            "42P01",
            format!("{kind} FROM-clause entry for table \"{t}\""),
        )),
    }
}
