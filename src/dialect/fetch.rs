//! The standard `FETCH FIRST n ROWS ONLY` (PostgreSQL, MariaDB) as the `LIMIT n` SQLite reads
//! and the engine's locking reads count from.

use super::common::unsupported_with;
use super::exprs::int_expr;
use super::walk;
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{LimitClause, OffsetRows, Query, Statement};
use std::ops::ControlFlow;

/// `FETCH FIRST n ROWS ONLY` (or `FETCH NEXT ROW ONLY`, one row) as `LIMIT n`, and `OFFSET n
/// ROWS` as `OFFSET n`: the same rows, in the form SQLite reads and the engine's locking
/// reads count from. WITH TIES and PERCENT are refused by name.
pub fn as_limit(stmt: &mut Statement, dialect: Dialect) -> Result<(), StepError> {
    let mut refused = None;
    walk::queries(stmt, &mut |q| {
        refused = refused.take().or_else(|| beyond_limit(q, dialect));
        if let Some(LimitClause::LimitOffset {
            offset: Some(o), ..
        }) = q.limit_clause.as_mut()
        {
            o.rows = OffsetRows::None;
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
        ControlFlow::Continue(())
    });
    refused.map_or(Ok(()), Err)
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
