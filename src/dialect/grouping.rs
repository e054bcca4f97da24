//! Columns of a grouped query that are neither grouped nor inside an aggregate ("bare"
//! columns), which SQLite answers with a value from one row of the group:
//! - PostgreSQL refuses them (42803) unless the table's primary key is grouped, so without
//!   this rule the lab answered `SELECT id, count(*) FROM jobs GROUP BY queue`.
//! - MariaDB (without ONLY_FULL_GROUP_BY, its default) answers with the first row of the
//!   group in the order of the index it reads (the primary key's for a scan); SQLite's first
//!   row is the first it inserted (its rowid order), and beside `min()` or `max()` the row
//!   holding the extreme, so `SELECT name, max(tries) FROM jobs` named another job than the
//!   server. The lab refuses them by name.
//!
//! Checked for a query over one table, in the expressions it reads (operators, calls, casts,
//! CASE, IS NULL); what it does not read (a join, a subquery, other expressions) is never
//! refused by it.

use super::catalog::{Catalog, TableDef};
use super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, OrderByKind, Query,
    SelectItem, SetExpr, Statement, TableFactor, Value,
};
use std::ops::ControlFlow;

/// PostgreSQL's and MariaDB's aggregates (a name the other lacks fails there anyway).
const AGGREGATES: [&str; 27] = [
    "count",
    "sum",
    "avg",
    "min",
    "max",
    "array_agg",
    "string_agg",
    "bool_and",
    "bool_or",
    "every",
    "json_agg",
    "jsonb_agg",
    "json_object_agg",
    "jsonb_object_agg",
    "bit_and",
    "bit_or",
    "bit_xor",
    "group_concat",
    "std",
    "stddev",
    "stddev_pop",
    "stddev_samp",
    "variance",
    "var_pop",
    "var_samp",
    "json_arrayagg",
    "json_objectagg",
];

/// Whether `name` (lower case) is an aggregate function's.
pub(super) fn is_aggregate(name: &str) -> bool {
    AGGREGATES.contains(&name)
}

/// PostgreSQL's 42803 for the first column of a grouped query that is not grouped.
pub fn postgres(stmt: &mut Statement, catalog: &Catalog) -> Result<(), StepError> {
    match first_bare(stmt, catalog, true) {
        None => Ok(()),
        Some(column) => Err(StepError::other(
            "42803",
            format!("column \"{column}\" must appear in the GROUP BY clause or be used in an aggregate function"),
        )),
    }
}

/// The lab's refusal of a bare column in MariaDB.
pub fn mariadb(stmt: &mut Statement, catalog: &Catalog) -> Result<(), StepError> {
    match first_bare(stmt, catalog, false) {
        None => Ok(()),
        Some(column) => Err(super::common::unsupported_with(
            Dialect::MySql,
            &format!("A column of a grouped query that is neither grouped nor in an aggregate ({column})"),
            "MariaDB takes it from the first row it reads, in an order the lab's store does not follow; group by it, or read one row with ORDER BY ... LIMIT 1",
        )),
    }
}

/// The first bare column of a grouped query in `stmt`, as `table.column`. HAVING alone
/// groups in PostgreSQL (`having_groups`); MariaDB's filters rows as WHERE does.
fn first_bare(stmt: &mut Statement, catalog: &Catalog, having_groups: bool) -> Option<String> {
    let mut bad = None;
    crate::dialect::walk::queries(stmt, &mut |q| {
        bad = ungrouped(q, catalog, having_groups);
        if bad.is_some() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    bad
}

/// What a query's expressions are checked against.
struct Groups<'a> {
    /// The GROUP BY expressions as printed without the table's qualifier (an ordinal or an
    /// output name: the item's).
    texts: Vec<String>,
    /// The name the server qualifies the table's columns with (its alias, else its name).
    shown: &'a str,
    table: &'a TableDef,
    aggregate: bool,
    ungrouped: Option<String>,
    /// Whether a name is not one of the table's columns (or is another table's).
    unknown: bool,
}

/// `shown.column` for the query's first ungrouped column, if it is a grouped query.
fn ungrouped(q: &Query, catalog: &Catalog, having_groups: bool) -> Option<String> {
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    let [from] = s.from.as_slice() else {
        return None;
    };
    let (TableFactor::Table { name, alias, .. }, true) = (&from.relation, from.joins.is_empty())
    else {
        return None;
    };
    let table = catalog.table(&name.0.last()?.as_ident()?.value)?;
    let GroupByExpr::Expressions(group_by, _) = &s.group_by else {
        return None;
    };
    let items: Vec<(&Expr, Option<&str>)> = s
        .projection
        .iter()
        .filter_map(|item| match item {
            SelectItem::UnnamedExpr(e) => Some((e, None)),
            SelectItem::ExprWithAlias { expr, alias } => Some((expr, Some(alias.value.as_str()))),
            _ => None,
        })
        .collect();
    let shown = alias.as_ref().map_or(&table.name, |a| &a.name.value);
    let is_output =
        |n: &str| (items.iter()).any(|(_, a)| a.is_some_and(|a| a.eq_ignore_ascii_case(n)));
    let texts = group_by
        .iter()
        .map(|g| match g {
            Expr::Value(v) => match &v.value {
                Value::Number(n, _) => n
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get(i.checked_sub(1)?))
                    .map_or_else(|| g.to_sql(), |(e, _)| e.to_sql()),
                _ => g.to_sql(),
            },
            Expr::Identifier(i) if table.column(&i.value).is_none() => items
                .iter()
                .find(|(_, a)| a.is_some_and(|a| a.eq_ignore_ascii_case(&i.value)))
                .map_or_else(|| g.to_sql(), |(e, _)| e.to_sql()),
            _ => g.to_sql(),
        })
        .map(|t| unqualified(&t, shown))
        .collect();
    let mut groups = Groups {
        texts,
        shown,
        table,
        aggregate: false,
        ungrouped: None,
        unknown: group_by.iter().any(|g| match g {
            Expr::Identifier(i) => table.column(&i.value).is_none() && !is_output(&i.value),
            Expr::CompoundIdentifier(p) => !matches!(p.as_slice(),
                [t, c] if t.value.eq_ignore_ascii_case(shown) && table.column(&c.value).is_some()),
            _ => false,
        }),
    };
    if groups.key_grouped() {
        return None;
    }
    for (e, _) in &items {
        groups.read(e);
    }
    if let Some(h) = &s.having {
        groups.read(h);
    }
    if let Some(OrderByKind::Expressions(order)) = q.order_by.as_ref().map(|o| &o.kind) {
        for o in order {
            // An output column's name is grouped if its expression is.
            let output = matches!(&o.expr, Expr::Identifier(i) if is_output(&i.value));
            if !output {
                groups.read(&o.expr);
            }
        }
    }
    let grouped = !group_by.is_empty() || (having_groups && s.having.is_some()) || groups.aggregate;
    // A name the table lacks is the server's unknown-column error first (SQLite's here).
    groups.ungrouped.filter(|_| grouped && !groups.unknown)
}

impl Groups<'_> {
    /// Whether every column of the table's primary key is grouped (the rest then depends on
    /// it, as PostgreSQL reasons).
    fn key_grouped(&self) -> bool {
        self.table.primary_key.as_ref().is_some_and(|pk| {
            pk.columns
                .iter()
                .all(|c| self.texts.iter().any(|t| self.names(t, c)))
        })
    }

    /// Whether the printed expression `text` is the table's column `column`.
    fn names(&self, text: &str, column: &str) -> bool {
        let bare = text.rsplit('.').next().unwrap_or(text).trim_matches('"');
        bare.eq_ignore_ascii_case(column)
    }

    /// Reads `e`, noting an aggregate and the first ungrouped column. An aggregate after that
    /// column still counts (`SELECT id, count(*)` is a grouped query).
    fn read(&mut self, e: &Expr) {
        // Without GROUP BY nothing is grouped by its text: most queries, printed for nothing.
        let grouped_text = || self.texts.contains(&unqualified(&e.to_sql(), self.shown));
        if !self.texts.is_empty() && grouped_text() {
            return;
        }
        match e {
            Expr::Identifier(i) => self.column(None, &i.value),
            Expr::CompoundIdentifier(parts) => {
                if let [t, c] = parts.as_slice() {
                    self.column(Some(&t.value), &c.value)
                }
            }
            Expr::Function(f) => {
                let name = f.name.to_sql().to_ascii_lowercase();
                if f.over.is_none() && AGGREGATES.contains(&name.as_str()) {
                    self.aggregate = true;
                } else if let FunctionArguments::List(list) = &f.args {
                    for arg in &list.args {
                        if let FunctionArg::Unnamed(FunctionArgExpr::Expr(a)) = arg {
                            self.read(a);
                        }
                    }
                }
            }
            Expr::BinaryOp { left, right, .. } => {
                self.read(left);
                self.read(right);
            }
            Expr::UnaryOp { expr, .. }
            | Expr::Nested(expr)
            | Expr::Cast { expr, .. }
            | Expr::IsNull(expr)
            | Expr::IsNotNull(expr) => self.read(expr),
            Expr::Case {
                operand,
                conditions,
                else_result,
                ..
            } => {
                let whens = conditions.iter().flat_map(|w| [&w.condition, &w.result]);
                for x in operand.iter().map(|b| &**b).chain(whens) {
                    self.read(x);
                }
                if let Some(x) = else_result {
                    self.read(x);
                }
            }
            _ => {}
        }
    }

    /// A column of the table, as written: ungrouped unless a GROUP BY item names it.
    fn column(&mut self, qualifier: Option<&str>, name: &str) {
        let ours = qualifier.is_none_or(|q| q.eq_ignore_ascii_case(self.shown));
        let known = ours && self.table.column(name).is_some();
        self.unknown |= !known;
        let grouped = self.texts.iter().any(|t| self.names(t, name));
        if known && !grouped && self.ungrouped.is_none() {
            self.ungrouped = Some(format!("{}.{}", self.shown, name.to_ascii_lowercase()));
        }
    }
}

/// An expression's text with the table's qualifier left out (`lower(j.queue)` is
/// `lower(queue)` in a query over `jobs j`, as the server resolves both).
fn unqualified(text: &str, shown: &str) -> String {
    text.replace(&format!("{shown}."), "")
}
