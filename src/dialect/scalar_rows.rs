//! Rule: a subquery used as a value returns one row at most. Where it returns more, the
//! servers stop the statement (PostgreSQL's 21000 "more than one row returned by a subquery
//! used as an expression", MariaDB's 1242, SQL Server's 512); SQLite takes the first row and
//! goes on. So the classic claim bug, `UPDATE jobs SET ... WHERE id = (SELECT id FROM jobs
//! WHERE state = 'ready' FOR UPDATE SKIP LOCKED)` without LIMIT 1, ran in the lab and
//! claimed a job, where the server fails as soon as two jobs are ready.
//!
//! A subquery that may return more than one row becomes
//! `(SELECT CASE WHEN count(*) > 1 THEN ql_many_rows() ELSE max(v) END FROM (q LIMIT 2))`:
//! its one value, NULL for no row, the server's error for two. The LIMIT 2 stops the read at
//! the second row, as the servers stop there (so a locking subquery locks two rows, not
//! every row it could). Left as they are: a subquery with LIMIT 1 (or 0, or FETCH FIRST 1
//! ROW), one of aggregates without GROUP BY, one without FROM, a VALUES list, `SELECT *`.

use super::exprs::{int_expr, parse_sqlite_expr};
use super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{
    Expr, Ident, LimitClause, Query, Select, SelectItem, SetExpr, Statement, TableFactor, Value,
};
use std::ops::ControlFlow;

/// The engine's function that fails as the server does for a second row.
pub const MANY_ROWS_FN: &str = "ql_many_rows";

/// What `ql_many_rows()` raises, for `engine::errors` to tell.
pub const MANY_ROWS: &str = "ql: a subquery returned more than one row";

/// The name the guarded subquery's value goes by when it has none of its own.
const VALUE: &str = "ql_v";

/// Guards every scalar subquery of `stmt` that may return more than one row.
pub fn guard(stmt: &mut Statement) {
    walk::exprs(stmt, &mut |e| {
        if let Expr::Subquery(q) = e {
            if let Some(guarded) = guarded(q) {
                *q = guarded;
            }
        }
        ControlFlow::Continue(())
    });
}

/// `q` as a guarded query, or `None` if it returns one row at most (or is left as it is).
pub fn guarded(q: &Query) -> Option<Box<Query>> {
    if at_most_one_row(q) {
        return None;
    }
    let mut inner = q.duplicate();
    // A UNION's value is named by its first SELECT.
    let s = first_select(inner.body.as_mut())?;
    let [item] = s.projection.as_mut_slice() else {
        return None;
    };
    let name = match item {
        SelectItem::ExprWithAlias { alias, .. } => alias.clone(),
        SelectItem::UnnamedExpr(Expr::Identifier(i)) => i.clone(),
        SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts)) => parts.last()?.clone(),
        SelectItem::UnnamedExpr(e) => {
            let expr = e.duplicate();
            *item = SelectItem::ExprWithAlias {
                expr,
                alias: Ident::new(VALUE),
            };
            Ident::new(VALUE)
        }
        _ => return None,
    };
    if inner.limit_clause.is_none() && inner.fetch.is_none() {
        inner.limit_clause = Some(LimitClause::LimitOffset {
            limit: Some(int_expr(2)),
            offset: None,
            limit_by: Vec::new(),
        });
    }
    let template = format!(
        "(SELECT CASE WHEN count(*) > 1 THEN {MANY_ROWS_FN}() ELSE max({}) END FROM (SELECT 1) AS ql_one)",
        crate::sql::ToSql::to_sql(&name)
    );
    let Some(Expr::Subquery(mut outer)) = parse_sqlite_expr(&template) else {
        return None;
    };
    let SetExpr::Select(s) = outer.body.as_mut() else {
        return None;
    };
    let TableFactor::Derived { subquery, .. } = &mut s.from.first_mut()?.relation else {
        return None;
    };
    **subquery = inner;
    Some(outer)
}

/// The first SELECT of a query body (the left one of a UNION, INTERSECT or EXCEPT).
fn first_select(body: &mut SetExpr) -> Option<&mut Select> {
    match body {
        SetExpr::Select(s) => Some(s),
        SetExpr::SetOperation { left, .. } => first_select(left),
        SetExpr::Query(q) => first_select(q.body.as_mut()),
        _ => None,
    }
}

/// Whether `q` returns one row at most, by its form.
fn at_most_one_row(q: &Query) -> bool {
    let limited = match &q.limit_clause {
        Some(LimitClause::LimitOffset {
            limit: Some(Expr::Value(v)),
            ..
        }) => matches!(&v.value, Value::Number(n, _) if n == "0" || n == "1"),
        _ => false,
    };
    let fetched = q
        .fetch
        .as_ref()
        .and_then(|f| f.quantity.as_ref())
        .is_some_and(
            |n| matches!(n, Expr::Value(v) if matches!(&v.value, Value::Number(n, _) if n == "1")),
        );
    let SetExpr::Select(s) = q.body.as_ref() else {
        // A UNION: its rows are counted; a VALUES list is left as it is.
        return limited || fetched || !matches!(q.body.as_ref(), SetExpr::SetOperation { .. });
    };
    let grouped =
        !matches!(&s.group_by, sqlparser::ast::GroupByExpr::Expressions(g, _) if g.is_empty());
    let aggregate = !grouped
        && s.projection.iter().any(|item| match item {
            SelectItem::UnnamedExpr(Expr::Function(f))
            | SelectItem::ExprWithAlias {
                expr: Expr::Function(f),
                ..
            } => {
                f.over.is_none()
                    && super::grouping::is_aggregate(
                        &super::exprs::last_ident(&f.name).to_ascii_lowercase(),
                    )
            }
            _ => false,
        });
    limited || fetched || aggregate || s.from.is_empty()
}
