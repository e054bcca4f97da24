//! The standard `FETCH FIRST n ROWS ONLY` (PostgreSQL, MariaDB) as the `LIMIT n` SQLite reads
//! and the engine's locking reads count from; and the servers' errors for the row counts and
//! positions SQLite reads otherwise (a negative LIMIT, `ORDER BY 3` past the select list).

use super::common::unsupported_with;
use super::exprs::int_expr;
use super::walk;
use super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, GroupByExpr, LimitClause, OffsetRows, OrderByKind, Query, SelectItem, SetExpr, Statement,
    UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// `FETCH FIRST n ROWS ONLY` (or `FETCH NEXT ROW ONLY`, one row) as `LIMIT n`, and `OFFSET n
/// ROWS` as `OFFSET n`: the same rows, in the form SQLite reads and the engine's locking
/// reads count from. WITH TIES and PERCENT are refused by name.
pub fn as_limit(stmt: &mut Statement, dialect: Dialect) -> Result<(), StepError> {
    let mut refused = None;
    walk::queries(stmt, &mut |q| {
        refused = refused.take().or_else(|| beyond_limit(q, dialect));
        if let Some(LimitClause::LimitOffset { limit, offset, .. }) = q.limit_clause.as_mut() {
            if let Some(o) = offset.as_mut() {
                o.rows = OffsetRows::None;
            }
            // PostgreSQL reads a NULL count as none (LIMIT NULL: every row; OFFSET NULL: 0),
            // where SQLite fails (datatype mismatch); MariaDB: a syntax error (`negative`).
            if dialect == Dialect::Postgres {
                if limit.as_ref().is_some_and(is_null) {
                    *limit = None;
                }
                if offset.as_ref().is_some_and(|o| is_null(&o.value)) {
                    *offset = None;
                }
            }
        }
        if q.fetch.as_ref().is_some_and(|f| !f.with_ties && !f.percent) {
            let quantity = q
                .fetch
                .take()
                .and_then(|f| f.quantity)
                .unwrap_or_else(|| int_expr(1));
            match q.limit_clause.as_mut() {
                Some(LimitClause::LimitOffset { limit, .. }) => *limit = Some(quantity),
                _ => {
                    q.limit_clause = Some(LimitClause::LimitOffset {
                        limit: Some(quantity),
                        offset: None,
                        limit_by: Vec::new(),
                    })
                }
            }
        }
        refused = refused
            .take()
            .or_else(|| negative(q, dialect))
            .or_else(|| position_past_the_list(q, dialect));
        ControlFlow::Continue(())
    });
    refused.map_or(Ok(()), Err)
}

/// A LIMIT or OFFSET of a negative constant: PostgreSQL's 2201W / 2201X, a syntax error to
/// MariaDB (as is NULL there); SQLite reads a negative LIMIT as none and a negative OFFSET as 0.
fn negative(q: &Query, dialect: Dialect) -> Option<StepError> {
    let Some(LimitClause::LimitOffset { limit, offset, .. }) = &q.limit_clause else {
        return None;
    };
    let (what, code, e) = match (limit, offset) {
        (Some(e), _) if is_negative(e) || is_null(e) => ("LIMIT", "2201W", e),
        (_, Some(o)) if is_negative(&o.value) || is_null(&o.value) => ("OFFSET", "2201X", &o.value),
        _ => return None,
    };
    Some(match dialect {
        Dialect::Postgres => StepError::other(code, format!("{what} must not be negative")),
        _ => {
            let mut err = StepError::other(
                super::front::syntax_code(dialect),
                format!("syntax error: {what} takes a count, not {}", e.to_sql()),
            );
            err.pos = expr_pos(e);
            err
        }
    })
}

/// `ORDER BY 3` or `GROUP BY 3` over a select list of fewer items: the servers' error
/// (SQLite's words were an internal error).
fn position_past_the_list(q: &Query, dialect: Dialect) -> Option<StepError> {
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    if s.projection.iter().any(|i| {
        matches!(
            i,
            SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..)
        )
    }) {
        return None;
    }
    let ordered = match q.order_by.as_ref().map(|o| &o.kind) {
        Some(OrderByKind::Expressions(keys)) => keys.iter().map(|k| &k.expr).collect(),
        _ => Vec::new(),
    };
    let grouped = match &s.group_by {
        GroupByExpr::Expressions(keys, _) => keys.iter().collect(),
        GroupByExpr::All(_) => Vec::new(),
    };
    let past = |e: &&Expr| {
        matches!(e, Expr::Value(v) if matches!(&v.value, Value::Number(n, _)
            if n.parse::<usize>().is_ok_and(|n| n == 0 || n > s.projection.len())))
    };
    let (clause, e) = (grouped.into_iter().find(past).map(|e| ("GROUP BY", e)))
        .or_else(|| ordered.into_iter().find(past).map(|e| ("ORDER BY", e)))?;
    let n = e.to_sql();
    Some(match dialect {
        Dialect::Postgres => StepError::other(
            "42P10",
            format!("{clause} position {n} is not in select list"),
        ),
        _ => StepError::other("1054", format!("Unknown column '{n}' in '{clause}'")),
    })
}

fn is_negative(e: &Expr) -> bool {
    match e {
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => matches!(expr.as_ref(), Expr::Value(_)),
        Expr::Value(v) => matches!(&v.value, Value::Number(n, _) if n.starts_with('-')),
        _ => false,
    }
}

/// NULL, or NULL cast to a type (`NULL::int`).
fn is_null(e: &Expr) -> bool {
    match e {
        Expr::Cast { expr, .. } => is_null(expr),
        _ => super::exprs::is_null(e),
    }
}

/// Where a negative constant starts, as the user's line and column.
fn expr_pos(e: &Expr) -> Option<crate::source::Pos> {
    let Expr::UnaryOp { expr, .. } = e else {
        return None;
    };
    let Expr::Value(v) = expr.as_ref() else {
        return None;
    };
    let start = v.span.start;
    (start.line > 0).then(|| crate::source::Pos {
        line: start.line as u32,
        column: start.column.saturating_sub(1) as u32,
    })
}

fn beyond_limit(q: &Query, dialect: Dialect) -> Option<StepError> {
    let fetch = q.fetch.as_ref()?;
    let what = if fetch.with_ties {
        "FETCH ... WITH TIES"
    } else if fetch.percent {
        "FETCH ... PERCENT"
    } else {
        return None;
    };
    Some(unsupported_with(
        dialect,
        what,
        "the engine counts rows with LIMIT; write FETCH FIRST n ROWS ONLY, or LIMIT n",
    ))
}
