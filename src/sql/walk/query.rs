//! Queries: WITH, set operations, VALUES, ORDER BY, LIMIT and FETCH. SELECT, FROM and joins
//! are in `query_from.rs`.
//!
//! Not walked into, as the printer does not print them: ClickHouse's SETTINGS and FORMAT,
//! T-SQL's FOR XML, pipe operators, MERGE as a body, INTERPOLATE and `LIMIT .. BY`. Row
//! locks hold only the names after OF, which sqlparser does not mark as relations.

use super::{Callbacks, Walk};
use sqlparser::ast::{
    Cte, LimitClause, OrderBy, OrderByExpr, OrderByKind, Query, SetExpr, Values, With,
};
use std::ops::ControlFlow;

impl Walk for Query {
    /// The query itself first (sqlparser's `pre_visit_query`), then its contents as the
    /// callback left them.
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        c.query(self)?;
        self.with.walk(c)?;
        self.body.walk(c)?;
        self.order_by.walk(c)?;
        self.limit_clause.walk(c)?;
        match &mut self.fetch {
            Some(fetch) => fetch.quantity.walk(c),
            None => ControlFlow::Continue(()),
        }
    }
}

impl Walk for With {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.cte_tables.walk(c)
    }
}

impl Walk for Cte {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.alias.walk(c)?;
        self.query.walk(c)
    }
}

impl Walk for SetExpr {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            SetExpr::Select(select) => select.walk(c),
            SetExpr::Query(query) => query.walk(c),
            SetExpr::SetOperation { left, right, .. } => {
                left.walk(c)?;
                right.walk(c)
            }
            SetExpr::Values(values) => values.walk(c),
            SetExpr::Insert(statement)
            | SetExpr::Update(statement)
            | SetExpr::Delete(statement) => statement.walk(c),
            // `TABLE name` holds two strings; MERGE is refused by the parser.
            SetExpr::Table(_) | SetExpr::Merge(_) => ControlFlow::Continue(()),
        }
    }
}

impl Walk for Values {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        for row in &mut self.rows {
            row.content.walk(c)?;
        }
        ControlFlow::Continue(())
    }
}

impl Walk for OrderBy {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match &mut self.kind {
            OrderByKind::Expressions(exprs) => exprs.walk(c),
            // `ORDER BY ALL` holds its options only.
            OrderByKind::All(_) => ControlFlow::Continue(()),
        }
    }
}

impl Walk for OrderByExpr {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.expr.walk(c)?;
        match &mut self.with_fill {
            Some(fill) => {
                fill.from.walk(c)?;
                fill.to.walk(c)?;
                fill.step.walk(c)
            }
            None => ControlFlow::Continue(()),
        }
    }
}

impl Walk for LimitClause {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            LimitClause::LimitOffset { limit, offset, .. } => {
                limit.walk(c)?;
                match offset {
                    Some(offset) => offset.value.walk(c),
                    None => ControlFlow::Continue(()),
                }
            }
            LimitClause::OffsetCommaLimit { offset, limit } => {
                offset.walk(c)?;
                limit.walk(c)
            }
        }
    }
}
