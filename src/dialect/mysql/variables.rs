//! MySQL user variables (`@name`), as queue pops use them: `SET @j = NULL`,
//! `SELECT id INTO @j FROM jobs ... FOR UPDATE SKIP LOCKED`, then `DELETE ... WHERE id = @j`.
//!
//! - `SET @a = e1, @b = e2` plans as the query `SELECT e1, e2`, and `SELECT ... INTO @a, @b`
//!   as the query without its INTO; [`Plan::assign`] names the variables its one row goes
//!   into. The engine stores them in the session when the statement ends, so a SELECT that
//!   waited for a lock assigns what it read after the wait.
//! - A variable read anywhere stays `@a` in the SQLite text: an SQLite named parameter, which
//!   the store binds from the session's variables when the statement runs (NULL when never
//!   set, as in MySQL). The plan is the same whatever the values, so plans stay cached.
//! - What is not modelled is refused by name: system variables (`@@name`), assignment inside
//!   an expression (`@a := ...`), quoted variable names, and INTO anything but user variables.

use super::super::common::unsupported_with;
use super::super::walk;
use super::super::{Dialect, Plan};
use crate::dialect::catalog::Catalog;
use crate::sql::Duplicate;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, Expr, Query, SelectItem, Set, SetExpr, Statement};
use std::ops::ControlFlow;

/// The name a user variable is stored under: MySQL's names are case-insensitive.
pub fn key(name: &str) -> String {
    name.trim_start_matches('@').to_ascii_lowercase()
}

/// `SET @a = ...` (every target a user variable) planned as a query whose row is assigned;
/// `None` for any other SET.
pub fn plan_set(stmt: &Statement, catalog: &Catalog) -> Option<Result<Plan, StepError>> {
    let Statement::Set(set) = stmt else {
        return None;
    };
    let pairs: Vec<(String, &Expr)> = match set {
        Set::SingleAssignment {
            variable, values, ..
        } if values.len() == 1 => vec![(variable.to_sql(), &values[0])],
        Set::MultipleAssignments { assignments } => assignments
            .iter()
            .map(|a| (a.name.to_sql(), &a.value))
            .collect(),
        _ => return None,
    };
    let user = |n: &str| n.starts_with('@') && !n.starts_with("@@");
    match pairs.iter().filter(|(n, _)| user(n)).count() {
        0 => return None,
        n if n < pairs.len() => {
            return Some(Err(unsupported_with(
                Dialect::MySql,
                "SET of user variables and server settings in one statement",
                "set the user variables (@name) in a SET of their own",
            )))
        }
        _ => {}
    }
    let select = pairs
        .iter()
        .map(|(_, e)| e.to_sql())
        .collect::<Vec<_>>()
        .join(", ");
    let query = select_of(pairs.iter().map(|(_, e)| (*e).duplicate()).collect())?;
    let names: Vec<String> = pairs.iter().map(|(n, _)| key(n)).collect();
    Some(super::plan(&query, catalog).map(|mut plan| {
        plan.notes.push(format!(
            "SET runs as SELECT {select}: its value is kept in the session's user variables ({}), which later statements read",
            at_names(&names)
        ));
        plan.assign = Some(names);
        plan
    }))
}

/// `SELECT e1, e2, ...` as a tree: a bare SELECT's tree with the expressions put in.
fn select_of(exprs: Vec<Expr>) -> Option<Statement> {
    let parsed = crate::dialect::front::parse_script(Dialect::MySql, "SELECT 1");
    let mut stmt = parsed.statements.into_iter().next()?.ast.ok()?;
    let Statement::Query(q) = &mut stmt else {
        return None;
    };
    let SetExpr::Select(select) = q.body.as_mut() else {
        return None;
    };
    select.projection = exprs.into_iter().map(SelectItem::UnnamedExpr).collect();
    Some(stmt)
}

/// Takes `INTO @a, @b` off a SELECT: the variables its row goes into. Any other INTO
/// target (a table, a local variable, a file) is refused.
pub fn take_into(q: &mut Query) -> Result<Option<Vec<String>>, StepError> {
    let SetExpr::Select(select) = q.body.as_mut() else {
        return Ok(None);
    };
    let Some(into) = select.into.take() else {
        return Ok(None);
    };
    let names: Option<Vec<String>> = into
        .targets
        .iter()
        .map(|t| match t {
            Expr::Identifier(i) if i.value.starts_with('@') && !i.value.starts_with("@@") => {
                Some(key(&i.value))
            }
            _ => None,
        })
        .collect();
    match names {
        Some(n) if !into.table && !into.temporary && !n.is_empty() => Ok(Some(n)),
        _ => Err(unsupported_with(
            Dialect::MySql,
            "SELECT ... INTO a table or local variable",
            "SELECT ... INTO @name keeps a row in user variables; for a table, use INSERT INTO ... SELECT",
        )),
    }
}

/// Refuses what reads or writes variables in a way the engine does not model.
pub fn refuse_unmodelled(stmt: &mut Statement) -> Result<(), StepError> {
    let mut found: Option<StepError> = None;
    walk::exprs(stmt, &mut |e| {
        let refusal = match e {
            Expr::Identifier(i) if i.value.starts_with("@@") => Some(unsupported_with(
                Dialect::MySql,
                &format!("the system variable {}", i.value),
                "server settings are not readable here; the isolation level is shown in the session's header",
            )),
            Expr::BinaryOp {
                op: BinaryOperator::Assignment,
                ..
            } => Some(unsupported_with(
                Dialect::MySql,
                "assigning a user variable inside an expression (@name := ...)",
                "use SET @name = ... or SELECT ... INTO @name",
            )),
            _ => None,
        };
        match refusal {
            Some(r) => {
                found = Some(r);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    });
    found.map_or(Ok(()), Err)
}

fn at_names(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("@{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}
