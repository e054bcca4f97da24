//! PostgreSQL's InitPlans: a scalar subquery that reads nothing of the outer row, such as
//! `DELETE FROM jobs WHERE id = (SELECT min(id) FROM jobs)`, is computed once, before the
//! statement's first row, and its value is kept when the statement waits for a row lock and
//! re-checks that row afterwards (EvalPlanQual re-evaluates the target row only). So a
//! second consumer that waited for job 1 deletes nothing once job 1 is gone, though job 2 is
//! there: `min(id)` stays 1.
//!
//! Each such subquery of an UPDATE's or DELETE's own clauses becomes the named parameter
//! `@ql_init_N`; the plan keeps its SQLite text (`Plan::init_plans`), which the engine runs
//! in the statement's view on the first try and binds, keeping the values for every retry.
//! Subqueries with a locking clause are left to the lock requests, and a subquery that might
//! read the outer row (a column no table of its own has) is left as it is.

use super::super::catalog::Catalog;
use super::super::exprs::{last_ident, rewrite_all};
use super::super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{Expr, Ident, Query, SetExpr, Statement, TableFactor};
use std::ops::ControlFlow;

/// The parameter name of the `n`th InitPlan (no user SQL can name it: `@` is an operator in
/// PostgreSQL, and the engine's `ql_` names are refused).
pub fn param(n: usize) -> String {
    format!("ql_init_{n}")
}

/// Replaces the InitPlans of an UPDATE's or DELETE's own clauses by their parameters;
/// returns their queries, in the order the parameters are numbered (inner ones first, so
/// each may read the ones before it).
pub fn freeze(stmt: &mut Statement, catalog: &Catalog) -> Vec<Query> {
    let mut found = Vec::new();
    let mut take = |e: &mut Expr| {
        if let Expr::Subquery(q) = e {
            if is_init_plan(q, catalog) {
                let mut q = (**q).duplicate();
                rewrite_all(&mut q);
                *e = Expr::Identifier(Ident::new(format!("@{}", param(found.len()))));
                found.push(q);
            }
        }
        ControlFlow::Continue(())
    };
    match stmt {
        Statement::Delete(d) => {
            if let Some(w) = d.selection.as_mut() {
                walk::exprs(w, &mut take);
            }
        }
        Statement::Update(u) => {
            if let Some(w) = u.selection.as_mut() {
                walk::exprs(w, &mut take);
            }
            for a in &mut u.assignments {
                walk::exprs(&mut a.value, &mut take);
            }
        }
        _ => {}
    }
    found
}

/// A subquery with no locking clause whose every column is one of its own tables': it
/// cannot read the outer row.
fn is_init_plan(q: &Query, catalog: &Catalog) -> bool {
    let mut q = q.duplicate();
    let mut tables: Vec<(String, String)> = Vec::new(); // (name or alias, table)
    let mut plain = true;
    walk::queries(&mut q, &mut |inner| {
        if !inner.locks.is_empty() || inner.with.is_some() {
            plain = false;
            return ControlFlow::Break(());
        }
        let SetExpr::Select(s) = inner.body.as_ref() else {
            plain = false;
            return ControlFlow::Break(());
        };
        for factor in walk::factors(&s.from) {
            let TableFactor::Table { name, alias, .. } = factor else {
                plain = false;
                return ControlFlow::Break(());
            };
            let table = last_ident(name);
            let known = alias
                .as_ref()
                .map_or(table.clone(), |a| a.name.value.clone());
            tables.push((known, table));
        }
        ControlFlow::Continue(())
    });
    if !plain || tables.is_empty() {
        return false;
    }
    let own_column = |c: &str| {
        tables
            .iter()
            .any(|(_, t)| catalog.table(t).is_some_and(|def| def.column(c).is_some()))
    };
    let own_qualifier = |name: &str| tables.iter().any(|(k, _)| k.eq_ignore_ascii_case(name));
    let mut inside = true;
    walk::exprs(&mut q, &mut |e| {
        inside &= match e {
            Expr::Identifier(i) => own_column(&i.value),
            Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
                own_qualifier(&parts[0].value) && own_column(&parts[1].value)
            }
            Expr::CompoundIdentifier(_) => false,
            _ => true,
        };
        if inside {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    inside
}
