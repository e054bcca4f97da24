//! One tree walk for every rewrite: `crate::sql::walk`, Queue Lab's own, in place of
//! sqlparser's `VisitMut` (whose walk covers every node of every database and links it all
//! into the browser download). Its callbacks are `dyn` closures, so no rule compiles its own
//! copy of the walk; sqlparser's order is kept exactly (see `crate::sql::walk`).

use crate::sql::walk::{self, ExprFn, NameFn, QueryFn, Walk};
use sqlparser::ast::{Query, Select, SetExpr, TableFactor, TableWithJoins};

/// Calls `f` on every expression under `node`, inner ones first.
pub fn exprs<N: Walk + ?Sized>(node: &mut N, f: ExprFn<'_>) {
    let _ = walk::exprs(node, f);
}

/// Calls `f` on every query under `node` (subqueries and CTEs included), outer ones first.
pub fn queries<N: Walk + ?Sized>(node: &mut N, f: QueryFn<'_>) {
    let _ = walk::queries(node, f);
}

/// The relations of a FROM list, each table's joined ones after it (no subquery entered).
pub fn factors(from: &[TableWithJoins]) -> impl Iterator<Item = &TableFactor> {
    from.iter()
        .flat_map(|t| std::iter::once(&t.relation).chain(t.joins.iter().map(|j| &j.relation)))
}

/// Calls `f` on every query under `node` (outer ones first), up to the first error.
pub fn try_queries<N: Walk + ?Sized>(
    node: &mut N,
    f: &mut dyn FnMut(&mut sqlparser::ast::Query) -> Result<(), crate::trace::StepError>,
) -> Result<(), crate::trace::StepError> {
    let mut failed = None;
    queries(node, &mut |q| match f(q) {
        Ok(()) => std::ops::ControlFlow::Continue(()),
        Err(e) => {
            failed = Some(e);
            std::ops::ControlFlow::Break(())
        }
    });
    failed.map_or(Ok(()), Err)
}

/// Calls `f` on every table name under `node`.
pub fn relations<N: Walk + ?Sized>(node: &mut N, f: NameFn<'_>) {
    let _ = walk::relations(node, f);
}

/// Calls `check` on every expression under `node`, inner ones first, up to the first error.
pub fn check_exprs<N: Walk + ?Sized, E>(
    node: &mut N,
    check: &dyn Fn(&sqlparser::ast::Expr) -> Result<(), E>,
) -> Result<(), E> {
    let mut failed = None;
    exprs(node, &mut |e| match check(e) {
        Ok(()) => std::ops::ControlFlow::Continue(()),
        Err(err) => {
            failed = Some(err);
            std::ops::ControlFlow::Break(())
        }
    });
    failed.map_or(Ok(()), Err)
}

/// Replaces each expression under `node` that `f` gives a replacement for (inner ones first),
/// up to the first error; whether any was replaced.
pub fn replace_exprs<N: Walk + ?Sized>(
    node: &mut N,
    f: &dyn Fn(
        &sqlparser::ast::Expr,
    ) -> Result<Option<sqlparser::ast::Expr>, crate::trace::StepError>,
) -> Result<bool, crate::trace::StepError> {
    let mut changed = false;
    let mut failed = None;
    exprs(node, &mut |e| match f(e) {
        Ok(Some(new)) => {
            *e = new;
            changed = true;
            std::ops::ControlFlow::Continue(())
        }
        Ok(None) => std::ops::ControlFlow::Continue(()),
        Err(err) => {
            failed = Some(err);
            std::ops::ControlFlow::Break(())
        }
    });
    failed.map_or(Ok(changed), Err)
}

/// The SELECTs a query's body combines: both sides of a set operation, nested ones included.
pub fn selects(body: &SetExpr) -> Box<dyn Iterator<Item = &Select> + '_> {
    match body {
        SetExpr::Select(s) => Box::new(std::iter::once(&**s)),
        SetExpr::SetOperation { left, right, .. } => Box::new(selects(left).chain(selects(right))),
        SetExpr::Query(q) => selects(&q.body),
        _ => Box::new(std::iter::empty()),
    }
}

/// The SELECT whose items name a query's result columns: its own, a set operation's first
/// branch, or the one inside parentheses.
pub fn result_select(q: &Query) -> Option<&Select> {
    let mut body = q.body.as_ref();
    loop {
        match body {
            SetExpr::SetOperation { left, .. } => body = left,
            SetExpr::Query(inner) => body = &inner.body,
            SetExpr::Select(s) => return Some(s),
            _ => return None,
        }
    }
}

/// [`result_select`], to change.
pub fn result_select_mut(q: &mut Query) -> Option<&mut Select> {
    let mut body = q.body.as_mut();
    loop {
        match body {
            SetExpr::SetOperation { left, .. } => body = left,
            SetExpr::Query(inner) => body = &mut inner.body,
            SetExpr::Select(s) => return Some(s),
            _ => return None,
        }
    }
}
