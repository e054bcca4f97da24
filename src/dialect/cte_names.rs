//! Rule: a WITH query's name hides a table of the same name in the statement that gives it
//! (`WITH jobs AS (SELECT 7 AS n) SELECT n FROM jobs` reads the WITH query, not the table),
//! so the rules that read a FROM name as a catalog table first ask here. The lab does not
//! track where each WITH's name is in scope: a WITH query named like a table whose own body
//! reads that table (`WITH jobs AS (SELECT * FROM jobs) ...`, where the inner name is the
//! table's) is refused by name rather than read one way throughout.

use super::catalog::Catalog;
use super::walk;
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::Statement;
use std::ops::ControlFlow;

/// The names every WITH of `stmt` gives, lower-cased.
pub fn of(stmt: &mut Statement) -> Vec<String> {
    let mut out = Vec::new();
    walk::queries(stmt, &mut |q| {
        if let Some(with) = &q.with {
            let names = with.cte_tables.iter();
            out.extend(names.map(|c| c.alias.name.value.to_ascii_lowercase()));
        }
        ControlFlow::Continue(())
    });
    out
}

/// Whether an unqualified FROM name of `stmt` is a WITH query's (`ctes` from [`of`]).
pub fn hides(ctes: &[String], name: &sqlparser::ast::ObjectName) -> bool {
    name.0.len() == 1 && ctes.contains(&super::exprs::last_ident(name).to_ascii_lowercase())
}

/// Refuses a WITH query named like a catalog table whose body reads a table of that name.
pub fn refuse_self_named(
    dialect: Dialect,
    stmt: &mut Statement,
    catalog: &Catalog,
) -> Result<(), StepError> {
    let mut found = None;
    walk::queries(stmt, &mut |q| {
        let Some(with) = &mut q.with else {
            return ControlFlow::Continue(());
        };
        for cte in &mut with.cte_tables {
            let name = cte.alias.name.value.to_ascii_lowercase();
            if catalog.table(&name).is_none() {
                continue;
            }
            walk::relations(cte.query.as_mut(), &mut |r| {
                if super::exprs::last_ident(r).eq_ignore_ascii_case(&name) {
                    found = Some(name.clone());
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
        }
        match found {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    });
    match found {
        Some(name) => Err(super::common::unsupported_with(
            dialect,
            &format!("A WITH query named {name} that reads the table {name}"),
            "give the WITH query a name of its own",
        )),
        None => Ok(()),
    }
}
