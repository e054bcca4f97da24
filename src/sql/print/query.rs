//! Queries: WITH, set operations, VALUES, ORDER BY, LIMIT, FETCH and row locks. SELECT is
//! in `query_select.rs`, FROM and joins in `query_from.rs`.
//!
//! What neither the parser nor the engine ever puts in a query (ClickHouse's SETTINGS and
//! FORMAT, T-SQL's FOR XML, pipe operators, INTERPOLATE, `LIMIT .. BY`) prints as
//! [`super::UNPRINTABLE`].

use super::{comma, opt, separated, unprintable, ToSql};
use sqlparser::ast::{
    Cte, CteAsMaterialized, Fetch, LimitClause, LockClause, LockType, NonBlock, Offset, OffsetRows,
    OrderBy, OrderByExpr, OrderByKind, OrderByOptions, OrderBySort, Query, SetExpr, SetOperator,
    SetQuantifier, Table, Values, With, WithFill,
};

impl ToSql for Query {
    fn write_sql(&self, out: &mut String) {
        if let Some(with) = &self.with {
            with.write_sql(out);
            out.push(' ');
        }
        self.body.write_sql(out);
        opt(out, " ", &self.order_by);
        if let Some(limit) = &self.limit_clause {
            limit.write_sql(out);
        }
        if self.settings.is_some() {
            unprintable(out);
        }
        opt(out, " ", &self.fetch);
        if !self.locks.is_empty() {
            out.push(' ');
            separated(out, &self.locks, " ");
        }
        if self.for_clause.is_some()
            || self.format_clause.is_some()
            || !self.pipe_operators.is_empty()
        {
            unprintable(out);
        }
    }
}

impl ToSql for With {
    fn write_sql(&self, out: &mut String) {
        out.push_str(if self.recursive {
            "WITH RECURSIVE "
        } else {
            "WITH "
        });
        comma(out, &self.cte_tables);
    }
}

impl ToSql for Cte {
    fn write_sql(&self, out: &mut String) {
        self.alias.write_sql(out);
        out.push_str(" AS ");
        if let Some(materialized) = &self.materialized {
            materialized.write_sql(out);
            out.push(' ');
        }
        out.push('(');
        self.query.write_sql(out);
        out.push(')');
        opt(out, " FROM ", &self.from);
    }
}

impl ToSql for CteAsMaterialized {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            CteAsMaterialized::Materialized => "MATERIALIZED",
            CteAsMaterialized::NotMaterialized => "NOT MATERIALIZED",
        });
    }
}

impl ToSql for SetExpr {
    fn write_sql(&self, out: &mut String) {
        match self {
            SetExpr::Select(select) => select.write_sql(out),
            SetExpr::Query(query) => {
                out.push('(');
                query.write_sql(out);
                out.push(')');
            }
            SetExpr::SetOperation {
                left,
                op,
                set_quantifier,
                right,
            } => {
                left.write_sql(out);
                out.push(' ');
                op.write_sql(out);
                if *set_quantifier != SetQuantifier::None {
                    out.push(' ');
                    set_quantifier.write_sql(out);
                }
                out.push(' ');
                right.write_sql(out);
            }
            SetExpr::Values(values) => values.write_sql(out),
            SetExpr::Insert(statement)
            | SetExpr::Update(statement)
            | SetExpr::Delete(statement) => statement.write_sql(out),
            SetExpr::Table(table) => table.write_sql(out),
            // The parser refuses MERGE by name.
            SetExpr::Merge(_) => unprintable(out),
        }
    }
}

impl ToSql for SetOperator {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            SetOperator::Union => "UNION",
            SetOperator::Except => "EXCEPT",
            SetOperator::Intersect => "INTERSECT",
            SetOperator::Minus => "MINUS",
        });
    }
}

impl ToSql for SetQuantifier {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            SetQuantifier::All => "ALL",
            SetQuantifier::Distinct => "DISTINCT",
            SetQuantifier::ByName => "BY NAME",
            SetQuantifier::AllByName => "ALL BY NAME",
            SetQuantifier::DistinctByName => "DISTINCT BY NAME",
            SetQuantifier::None => "",
        });
    }
}

/// `TABLE [schema.]name` as a query body.
impl ToSql for Table {
    fn write_sql(&self, out: &mut String) {
        out.push_str("TABLE");
        if let Some(table) = &self.table_name {
            out.push(' ');
            if let Some(schema) = &self.schema_name {
                schema.write_sql(out);
                out.push('.');
            }
            table.write_sql(out);
        }
    }
}

impl ToSql for Values {
    fn write_sql(&self, out: &mut String) {
        out.push_str(if self.value_keyword {
            "VALUE"
        } else {
            "VALUES"
        });
        for (i, row) in self.rows.iter().enumerate() {
            out.push_str(if i > 0 { ", " } else { " " });
            if self.explicit_row {
                out.push_str("ROW");
            }
            out.push('(');
            comma(out, &row.content);
            out.push(')');
        }
    }
}

impl ToSql for OrderBy {
    fn write_sql(&self, out: &mut String) {
        out.push_str("ORDER BY ");
        match &self.kind {
            OrderByKind::Expressions(exprs) => comma(out, exprs),
            // `ORDER BY ALL` is DuckDB's and ClickHouse's; the parser never builds it.
            OrderByKind::All(_) => unprintable(out),
        }
        if self.interpolate.is_some() {
            unprintable(out);
        }
    }
}

impl ToSql for OrderByExpr {
    fn write_sql(&self, out: &mut String) {
        self.expr.write_sql(out);
        self.options.write_sql(out);
        opt(out, " ", &self.with_fill);
    }
}

/// Each option with its own leading space, as `Display` prints them: none prints nothing.
impl ToSql for OrderByOptions {
    fn write_sql(&self, out: &mut String) {
        match &self.sort {
            Some(OrderBySort::Asc) => out.push_str(" ASC"),
            Some(OrderBySort::Desc) => out.push_str(" DESC"),
            Some(OrderBySort::Using(op)) => {
                // A schema-qualified operator needs PostgreSQL's OPERATOR() around it.
                let qualified = op.0.len() > 1;
                out.push_str(if qualified {
                    " USING OPERATOR("
                } else {
                    " USING "
                });
                op.write_sql(out);
                if qualified {
                    out.push(')');
                }
            }
            None => {}
        }
        match self.nulls_first {
            Some(true) => out.push_str(" NULLS FIRST"),
            Some(false) => out.push_str(" NULLS LAST"),
            None => {}
        }
    }
}

impl ToSql for WithFill {
    fn write_sql(&self, out: &mut String) {
        out.push_str("WITH FILL");
        opt(out, " FROM ", &self.from);
        opt(out, " TO ", &self.to);
        opt(out, " STEP ", &self.step);
    }
}

/// With its own leading space, as `Display` prints it.
impl ToSql for LimitClause {
    fn write_sql(&self, out: &mut String) {
        match self {
            LimitClause::LimitOffset {
                limit,
                offset,
                limit_by,
            } => {
                opt(out, " LIMIT ", limit);
                opt(out, " ", offset);
                // ClickHouse's `LIMIT n BY`: refused by the parser.
                if !limit_by.is_empty() {
                    unprintable(out);
                }
            }
            LimitClause::OffsetCommaLimit { offset, limit } => {
                out.push_str(" LIMIT ");
                offset.write_sql(out);
                out.push_str(", ");
                limit.write_sql(out);
            }
        }
    }
}

impl ToSql for Offset {
    fn write_sql(&self, out: &mut String) {
        out.push_str("OFFSET ");
        self.value.write_sql(out);
        out.push_str(match self.rows {
            OffsetRows::None => "",
            OffsetRows::Row => " ROW",
            OffsetRows::Rows => " ROWS",
        });
    }
}

/// Always `FIRST` and `ROWS`, whichever words were read: the tree keeps neither.
impl ToSql for Fetch {
    fn write_sql(&self, out: &mut String) {
        out.push_str("FETCH FIRST ");
        if let Some(quantity) = &self.quantity {
            quantity.write_sql(out);
            if self.percent {
                out.push_str(" PERCENT");
            }
            out.push(' ');
        }
        out.push_str(if self.with_ties {
            "ROWS WITH TIES"
        } else {
            "ROWS ONLY"
        });
    }
}

impl ToSql for LockClause {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self.lock_type {
            LockType::Share => "FOR SHARE",
            LockType::Update => "FOR UPDATE",
        });
        opt(out, " OF ", &self.of);
        match self.nonblock {
            Some(NonBlock::Nowait) => out.push_str(" NOWAIT"),
            Some(NonBlock::SkipLocked) => out.push_str(" SKIP LOCKED"),
            None => {}
        }
    }
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod query_tests;
