//! Queries: WITH, set operations, VALUES, ORDER BY, LIMIT, FETCH and row locks. SELECT is
//! in `query_select.rs`, FROM and joins in `query_from.rs`.
//!
//! What neither the parser nor the engine ever puts in a query (ClickHouse's SETTINGS and
//! FORMAT, T-SQL's FOR XML, pipe operators, MERGE as a body, INTERPOLATE, `ORDER BY ALL`,
//! `LIMIT .. BY`) copies as a placeholder that prints as [`crate::sql::print::UNPRINTABLE`].
//! Fields of plain words and flags (`Copy` enums, identifiers, tokens) are copied as they
//! are, whatever the printer makes of them: that costs no code of another node's `Clone`.

use super::{marker_expr, Duplicate};
use sqlparser::ast::{
    Cte, Expr, Fetch, LimitClause, LockClause, Offset, OrderBy, OrderByExpr, OrderByKind,
    OrderByOptions, OrderBySort, Parens, Query, SetExpr, Values, With, WithFill,
};

impl Duplicate for Query {
    fn copy_of(&self) -> Self {
        if self.for_clause.is_some()
            || self.settings.is_some()
            || self.format_clause.is_some()
            || !self.pipe_operators.is_empty()
        {
            return marker_query();
        }
        Query {
            with: self.with.copy_of(),
            body: self.body.copy_of(),
            order_by: self.order_by.copy_of(),
            limit_clause: self.limit_clause.copy_of(),
            fetch: self.fetch.copy_of(),
            locks: self.locks.copy_of(),
            for_clause: None,
            settings: None,
            format_clause: None,
            pipe_operators: vec![],
        }
    }
}

/// The placeholder of a query the copy does not cover: a select of the marker.
pub(crate) fn marker_query() -> Query {
    Query {
        with: None,
        body: Box::new(marker_body()),
        order_by: None,
        limit_clause: None,
        fetch: None,
        locks: vec![],
        for_clause: None,
        settings: None,
        format_clause: None,
        pipe_operators: vec![],
    }
}

fn marker_body() -> SetExpr {
    SetExpr::Select(Box::new(super::query_select::marker_select()))
}

impl Duplicate for With {
    fn copy_of(&self) -> Self {
        With {
            with_token: self.with_token.copy_of(),
            recursive: self.recursive,
            cte_tables: self.cte_tables.copy_of(),
        }
    }
}

impl Duplicate for Cte {
    fn copy_of(&self) -> Self {
        Cte {
            alias: self.alias.copy_of(),
            query: self.query.copy_of(),
            from: self.from.clone(),
            materialized: self.materialized,
            closing_paren_token: self.closing_paren_token.copy_of(),
        }
    }
}

impl Duplicate for SetExpr {
    fn copy_of(&self) -> Self {
        match self {
            SetExpr::Select(select) => SetExpr::Select(select.copy_of()),
            SetExpr::Query(query) => SetExpr::Query(query.copy_of()),
            SetExpr::SetOperation {
                left,
                op,
                set_quantifier,
                right,
            } => SetExpr::SetOperation {
                left: left.copy_of(),
                op: *op,
                set_quantifier: *set_quantifier,
                right: right.copy_of(),
            },
            SetExpr::Values(values) => SetExpr::Values(values.copy_of()),
            // `TABLE [schema.]name`: two strings.
            SetExpr::Table(table) => SetExpr::Table(table.clone()),
            SetExpr::Insert(_) | SetExpr::Update(_) | SetExpr::Delete(_) | SetExpr::Merge(_) => {
                statement_body(self)
            }
        }
    }
}

/// A body that is a statement, apart: its statement's temporaries (a statement is as big as
/// a body) would otherwise be in the frame of every body a nested query copies.
fn statement_body(body: &SetExpr) -> SetExpr {
    match body {
        SetExpr::Insert(statement) => SetExpr::Insert(statement.copy_of()),
        SetExpr::Update(statement) => SetExpr::Update(statement.copy_of()),
        SetExpr::Delete(statement) => SetExpr::Delete(statement.copy_of()),
        // The parser refuses MERGE by name.
        _ => marker_body(),
    }
}

impl Duplicate for Values {
    fn copy_of(&self) -> Self {
        Values {
            explicit_row: self.explicit_row,
            value_keyword: self.value_keyword,
            rows: self.rows.iter().map(row).collect(),
        }
    }
}

/// One parenthesised row of VALUES.
fn row(row: &Parens<Vec<Expr>>) -> Parens<Vec<Expr>> {
    Parens {
        opening_token: row.opening_token.copy_of(),
        content: row.content.copy_of(),
        closing_token: row.closing_token.copy_of(),
    }
}

impl Duplicate for OrderBy {
    fn copy_of(&self) -> Self {
        match &self.kind {
            OrderByKind::Expressions(exprs) if self.interpolate.is_none() => OrderBy {
                kind: OrderByKind::Expressions(exprs.copy_of()),
                interpolate: None,
            },
            // `ORDER BY ALL` and INTERPOLATE: DuckDB's and ClickHouse's, never read.
            _ => OrderBy {
                kind: OrderByKind::Expressions(vec![OrderByExpr {
                    expr: marker_expr(),
                    options: OrderByOptions::default(),
                    with_fill: None,
                }]),
                interpolate: None,
            },
        }
    }
}

impl Duplicate for OrderByExpr {
    fn copy_of(&self) -> Self {
        OrderByExpr {
            expr: self.expr.copy_of(),
            options: self.options.copy_of(),
            with_fill: self.with_fill.copy_of(),
        }
    }
}

impl Duplicate for OrderByOptions {
    fn copy_of(&self) -> Self {
        OrderByOptions {
            sort: self.sort.copy_of(),
            nulls_first: self.nulls_first,
        }
    }
}

impl Duplicate for OrderBySort {
    fn copy_of(&self) -> Self {
        match self {
            OrderBySort::Asc => OrderBySort::Asc,
            OrderBySort::Desc => OrderBySort::Desc,
            OrderBySort::Using(operator) => OrderBySort::Using(operator.copy_of()),
        }
    }
}

impl Duplicate for WithFill {
    fn copy_of(&self) -> Self {
        WithFill {
            from: self.from.copy_of(),
            to: self.to.copy_of(),
            step: self.step.copy_of(),
        }
    }
}

impl Duplicate for LimitClause {
    fn copy_of(&self) -> Self {
        match self {
            LimitClause::LimitOffset {
                limit,
                offset,
                limit_by,
            } if limit_by.is_empty() => LimitClause::LimitOffset {
                limit: limit.copy_of(),
                offset: offset.copy_of(),
                limit_by: vec![],
            },
            LimitClause::OffsetCommaLimit { offset, limit } => LimitClause::OffsetCommaLimit {
                offset: offset.copy_of(),
                limit: limit.copy_of(),
            },
            // ClickHouse's `LIMIT n BY`: refused by the parser.
            LimitClause::LimitOffset { .. } => LimitClause::LimitOffset {
                limit: Some(marker_expr()),
                offset: None,
                limit_by: vec![],
            },
        }
    }
}

impl Duplicate for Offset {
    fn copy_of(&self) -> Self {
        Offset {
            value: self.value.copy_of(),
            rows: self.rows,
        }
    }
}

impl Duplicate for Fetch {
    fn copy_of(&self) -> Self {
        Fetch {
            with_ties: self.with_ties,
            percent: self.percent,
            quantity: self.quantity.copy_of(),
        }
    }
}

impl Duplicate for LockClause {
    fn copy_of(&self) -> Self {
        LockClause {
            lock_type: self.lock_type,
            of: self.of.copy_of(),
            nonblock: self.nonblock,
        }
    }
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod query_tests;
