//! Rule: the order InnoDB reads a table's rows in, where a statement gives none, written out
//! as an ORDER BY. InnoDB keeps a table in its primary key's order (the clustered index): a
//! scan of the table, a range of the key and a lookup of equal values in a secondary index
//! all give the rows in that order. SQLite gives them in its rowids' order, the order they
//! were inserted in. Without the rule `SELECT * FROM q` listed the ring in the order its
//! slots were first written after an upsert had moved a row's id, and
//! `UPDATE jobs SET state = 'taken' WHERE state = 'ready' LIMIT 1` took the first job
//! inserted rather than the lowest id, as the server does.
//!
//! Where MariaDB's optimizer may read a secondary index instead (the WHERE bounds its first
//! column without pinning all of its columns, or the index holds every column the query
//! needs), the order is the optimizer's choice, made from statistics and costs the lab does
//! not keep: a read whose LIMIT picks rows is refused by name, and a read of every match
//! lists its rows in the primary key's order with a note saying the server may not. Reads of
//! one table only: joins, grouping, DISTINCT and windows are left as they are.

use super::super::catalog::{Catalog, KeyDef, TableDef};
use super::super::common::unsupported_with;
use super::super::conditions::conjuncts;
use super::super::exprs::{last_ident, table_called};
use super::super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{
    BinaryOperator, Expr, GroupByExpr, Ident, OrderBy, OrderByExpr, OrderByKind, OrderByOptions,
    Query, SelectItem, SetExpr, Statement, TableFactor,
};
use std::ops::ControlFlow;

/// What the optimizer's choices make of a read's order.
enum Order {
    /// One row at most, or the table has no primary key (SQLite's rowids are InnoDB's hidden
    /// row ids then): nothing to add.
    Kept,
    /// The primary key's order, whatever path the optimizer takes.
    Key(Vec<String>),
    /// A secondary index might give its own order: the index's columns, and the primary
    /// key's (a scan of the table gives those).
    Optimizer(Vec<String>, Vec<String>),
}

/// Adds the order to the statement's reads; the note for a read whose order it cannot tell.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let mut note = None;
    match stmt {
        Statement::Update(u) if u.limit.is_some() && u.order_by.is_empty() => {
            if let TableFactor::Table { name, .. } = &u.table.relation {
                let def = catalog.table(&last_ident(name));
                let order = def.map(|d| order_of(d, u.selection.as_ref(), None));
                u.order_by = keys(order, None, true)?;
            }
        }
        Statement::Delete(d) if d.limit.is_some() && d.order_by.is_empty() => {
            let from = match &d.from {
                sqlparser::ast::FromTable::WithFromKeyword(f)
                | sqlparser::ast::FromTable::WithoutKeyword(f) => f,
            };
            if let [t] = from.as_slice() {
                if let TableFactor::Table { name, .. } = &t.relation {
                    let def = catalog.table(&last_ident(name));
                    let order = def.map(|def| order_of(def, d.selection.as_ref(), None));
                    d.order_by = keys(order, None, true)?;
                }
            }
        }
        _ => {}
    }
    let top = match stmt {
        Statement::Query(q) => Some(q.as_ref() as *const Query),
        Statement::Insert(i) => i.source.as_deref().map(|q| q as *const Query),
        _ => None,
    };
    let mut failed = None;
    super::super::walk::queries(stmt, &mut |q| {
        // The statement's own read lists every row; a subquery's order matters only where
        // its LIMIT picks rows.
        let limited = q.limit_clause.is_some();
        if !limited && top != Some(q as *const Query) || q.order_by.is_some() {
            return ControlFlow::Continue(());
        }
        let Some((order, called)) = read_order(q, catalog) else {
            return ControlFlow::Continue(());
        };
        let order = match (order, limited) {
            (Order::Optimizer(index, key), false) => {
                note = Some(format!("no ORDER BY: MariaDB may read these rows through the index on ({}) and list them in its order, where the lab lists them in the primary key's; add ORDER BY to choose", index.join(", ")));
                Order::Key(key)
            }
            (order, _) => order,
        };
        match keys(Some(order), Some(&called), limited) {
            Ok(k) if !k.is_empty() => {
                q.order_by = Some(OrderBy {
                    kind: OrderByKind::Expressions(k),
                    interpolate: None,
                });
            }
            Ok(_) => {}
            Err(e) => {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    failed.map_or(Ok(note), Err)
}

/// A read of one table with no grouping, DISTINCT, aggregate or window: its order, and the
/// name its table is called by.
fn read_order(q: &Query, catalog: &Catalog) -> Option<(Order, String)> {
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    let [from] = s.from.as_slice() else {
        return None;
    };
    let TableFactor::Table { name, alias, .. } = &from.relation else {
        return None;
    };
    let grouped = !matches!(&s.group_by, GroupByExpr::Expressions(g, _) if g.is_empty());
    if !from.joins.is_empty() || grouped || s.having.is_some() || s.distinct.is_some() {
        return None;
    }
    let mut needed = Vec::new();
    let mut summary = false;
    for item in &s.projection {
        match item {
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                needed.extend(names(e));
                let mut e = e.clone();
                super::super::walk::exprs(&mut e, &mut |x| {
                    // An aggregate or a window: one row, or an order of its own.
                    if let Expr::Function(f) = x {
                        summary |= f.over.is_some() || is_aggregate(f);
                    }
                    ControlFlow::Continue(())
                });
            }
            // Every column.
            _ => needed.push("*".into()),
        }
    }
    if summary {
        return None;
    }
    let (table, called) = table_called(name, alias.as_ref());
    let def = catalog.table(&table)?;
    Some((order_of(def, s.selection.as_ref(), Some(&needed)), called))
}

/// The order InnoDB reads `def` in for the WHERE `selection`; `needed` are the columns a
/// SELECT returns (an index holding them and the WHERE's may be scanned instead of the
/// table; `*` is every column).
fn order_of(def: &TableDef, selection: Option<&Expr>, needed: Option<&[String]>) -> Order {
    let Some(pk) = &def.primary_key else {
        return Order::Kept;
    };
    let terms = selection.map(conjuncts).unwrap_or_default();
    let pinned: Vec<String> = terms.iter().filter_map(|e| pinned_column(e)).collect();
    let has = |list: &[String], c: &str| list.iter().any(|m| m.eq_ignore_ascii_case(c));
    if def
        .unique_keys()
        .any(|k| k.columns.iter().all(|c| has(&pinned, c)))
    {
        return Order::Kept;
    }
    let mut mentioned = Vec::new();
    for t in &terms {
        mentioned.extend(names(t));
    }
    let needed: Option<Vec<String>> = needed.map(|n| match n.iter().any(|c| c == "*") {
        true => def.columns.iter().map(|c| c.name.clone()).collect(),
        false => n.iter().chain(&mentioned).cloned().collect(),
    });
    if needed.as_ref().is_some_and(|n| n.is_empty()) {
        return Order::Kept; // `SELECT 1 FROM jobs LIMIT 1`: any row gives the same
    }
    let secondary: Vec<&Vec<String>> = (def.uniques.iter().chain(def.indexes.iter()))
        .map(|k: &KeyDef| &k.columns)
        .collect();
    let all_pinned = |k: &Vec<String>| k.iter().all(|c| has(&pinned, c));
    // A range of a secondary index, or a scan of the table: the optimizer's costs choose.
    if let Some(k) = secondary
        .iter()
        .find(|k| !all_pinned(k) && k.first().is_some_and(|c| has(&mentioned, c)))
    {
        return Order::Optimizer(k.to_vec(), pk.columns.clone());
    }
    // A lookup of equal keys (the primary key's order among them) beats any scan.
    if secondary.iter().any(|k| all_pinned(k)) {
        return Order::Key(pk.columns.clone());
    }
    // An index that holds every column the read needs (InnoDB's secondary entries hold the
    // primary key's too) may be scanned instead of the table: MariaDB takes the path its cost
    // model finds cheaper, from the lengths of the index's entries and of the table's rows.
    let covering = secondary.iter().find(|k| {
        needed
            .as_ref()
            .is_some_and(|n| n.iter().all(|c| has(k, c) || has(&pk.columns, c)))
    });
    match covering {
        None => Order::Key(pk.columns.clone()),
        Some(k) => Order::Optimizer(k.to_vec(), pk.columns.clone()),
    }
}

/// The column names `e` reads (the last part of a qualified one).
fn names(e: &Expr) -> Vec<String> {
    let mut out = Vec::new();
    let mut e = e.clone();
    super::super::walk::exprs(&mut e, &mut |x| {
        match x {
            Expr::Identifier(i) => out.push(i.value.clone()),
            Expr::CompoundIdentifier(p) => out.extend(p.last().map(|i| i.value.clone())),
            _ => {}
        }
        ControlFlow::Continue(())
    });
    out
}

/// `col = value` (a value not naming a column) or `col IS NULL`: the column, whose matching
/// index entries then share one key.
fn pinned_column(e: &Expr) -> Option<String> {
    if let Expr::IsNull(c) = e {
        return names(c)
            .pop()
            .filter(|_| matches!(**c, Expr::Identifier(_) | Expr::CompoundIdentifier(_)));
    }
    let Expr::BinaryOp {
        left,
        op: BinaryOperator::Eq,
        right,
    } = e
    else {
        return None;
    };
    super::access::column_against_value(left, right)
}

/// The ORDER BY keys for `order` (columns qualified by `called`, for a SELECT), or the
/// refusal of a LIMIT whose rows the optimizer's choice picks.
fn keys(
    order: Option<Order>,
    called: Option<&str>,
    limited: bool,
) -> Result<Vec<OrderByExpr>, StepError> {
    let columns = match order {
        Some(Order::Key(c)) => c,
        Some(Order::Optimizer(index, _)) if limited => {
            return Err(unsupported_with(
                Dialect::MySql,
                "LIMIT without ORDER BY over a table with an index",
                &format!("MariaDB's optimizer may read the rows through the index on ({}) and then picks other rows than through the primary key, by statistics the lab does not keep; add ORDER BY", index.join(", ")),
            ))
        }
        _ => return Ok(Vec::new()),
    };
    Ok(columns
        .into_iter()
        .map(|c| {
            let expr = match called {
                Some(t) => Expr::CompoundIdentifier(vec![name(t), name(&c)]),
                None => Expr::Identifier(name(&c)),
            };
            OrderByExpr {
                expr,
                options: OrderByOptions::default(),
                with_fill: None,
            }
        })
        .collect())
}

/// A name quoted for SQLite (a key column may be named by a keyword).
fn name(n: &str) -> Ident {
    Ident::with_quote('"', n)
}

fn is_aggregate(f: &sqlparser::ast::Function) -> bool {
    super::super::grouping::is_aggregate(&last_ident(&f.name).to_ascii_lowercase())
}
