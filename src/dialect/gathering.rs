//! Rule: the order an aggregate that gathers values (`string_agg`, `array_agg`, MariaDB's
//! `GROUP_CONCAT`) takes its rows in, where the call gives none: the order the server feeds
//! them, which is the order it reads the table in (`scan_order.rs`). Without the rule the
//! lab gathered them in the order they were inserted: `string_agg(id::text, ',')` gave
//! '1,2,3' where PostgreSQL, after row 1 was updated, gives '2,3,1'.

use super::catalog::Catalog;
use super::common::unsupported_with;
use super::exprs::{last_ident, table_called};
use super::scan_order::{
    keys, names, order_of, postgres_order, PgOrder, HEAP_ORDER, KEY_ORDER, PLANNER_ORDER,
};
use super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, FunctionArgumentClause, GroupByExpr, Ident, InTarget, OrderBy, OrderByExpr, OrderByKind,
    Query, SelectItem, SetExpr, TableFactor,
};
use std::ops::ControlFlow;

/// The aggregates whose value follows the order their input comes in.
const GATHERING: [&str; 3] = ["string_agg", "array_agg", "group_concat"];

/// The rule over every query of `stmt` (subqueries and CTEs included): the last note, or
/// the first refusal.
/// `ctes`: the statement's WITH names (`cte_names::of`), which the caller has read already.
pub fn statement(
    stmt: &mut sqlparser::ast::Statement,
    (catalog, ctes): (&Catalog, &[String]),
    dialect: Dialect,
) -> Result<Option<&'static str>, StepError> {
    let mut note = None;
    let mut failed = None;
    super::walk::queries(stmt, &mut |q| match order(q, (catalog, ctes), dialect) {
        Ok(n) => {
            note = n.or(note);
            ControlFlow::Continue(())
        }
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    });
    failed.map_or(Ok(note), Err)
}

/// Gives each `string_agg` / `array_agg` (PostgreSQL) or `GROUP_CONCAT` (MariaDB) of the
/// query's projection that has no ORDER BY of its own the order the server feeds it rows
/// in, for an ungrouped read of one table: PostgreSQL's heap order where it surely scans,
/// InnoDB's primary key order where every access path gives it. Its note; PostgreSQL's
/// planner note where an index may be read; a refusal by name where the order is the
/// plan's (grouped, joined, subqueries and WITH queries (`ctes`), MariaDB's choice of an
/// index).
fn order(
    q: &mut Query,
    (catalog, ctes): (&Catalog, &[String]),
    dialect: Dialect,
) -> Result<Option<&'static str>, StepError> {
    let SetExpr::Select(s) = q.body.as_mut() else {
        return Ok(None);
    };
    let (mut gathering, mut nested) = (0, false);
    for item in s.projection.iter_mut() {
        super::walk::exprs(item, &mut |e| {
            gathering += usize::from(unordered_gathering(e).is_some());
            nested |= matches!(
                e,
                Expr::Subquery(_)
                    | Expr::Exists { .. }
                    | Expr::In {
                        target: InTarget::Subquery(_),
                        ..
                    }
            );
            ControlFlow::Continue(())
        });
    }
    if gathering == 0 {
        return Ok(None);
    }
    let grouped = !matches!(&s.group_by, GroupByExpr::Expressions(g, _) if g.is_empty());
    let table = match s.from.as_slice() {
        [from] if from.joins.is_empty() && !grouped && !nested => match &from.relation {
            TableFactor::Table { name, alias, .. } if !super::cte_names::hides(ctes, name) => {
                Some(table_called(name, alias.as_ref()))
            }
            _ => None,
        },
        _ => None,
    };
    let Some((table, called)) = table else {
        return Err(unplanned_gathering(dialect));
    };
    if dialect == Dialect::MySql {
        let Some(def) = catalog.table(&table) else {
            return Ok(None);
        };
        let mut needed = Vec::new();
        for item in &s.projection {
            match item {
                SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                    names(e, &mut needed);
                }
                _ => needed.extend(def.columns.iter().map(|c| c.name.clone())),
            }
        }
        let keys = match order_of(def, s.selection.as_ref(), Some(needed)) {
            Ok(Some(_)) => keys(order_of(def, None, None), Some(&called))?,
            Ok(None) => return Ok(None),
            Err(_) => return Err(unplanned_gathering(dialect)),
        };
        add_gathering_order(s, &keys);
        return Ok(Some(KEY_ORDER));
    }
    let order = postgres_order(
        catalog,
        &table,
        Ident::with_quote('"', called),
        s.selection.as_ref(),
    );
    let keys = match order {
        PgOrder::Scan(OrderBy {
            kind: OrderByKind::Expressions(keys),
            ..
        }) => keys,
        PgOrder::Planner => return Ok(Some(PLANNER_ORDER)),
        _ => return Ok(None),
    };
    add_gathering_order(s, &keys);
    Ok(Some(HEAP_ORDER))
}

/// Writes `keys` into each gathering aggregate of the projection without an order.
fn add_gathering_order(s: &mut sqlparser::ast::Select, keys: &[OrderByExpr]) {
    for item in s.projection.iter_mut() {
        super::walk::exprs(item, &mut |e| {
            if let Some(clauses) = unordered_gathering(e) {
                let order = keys.iter().map(Duplicate::duplicate).collect();
                clauses.push(FunctionArgumentClause::OrderBy(order));
            }
            ControlFlow::Continue(())
        });
    }
}

fn unplanned_gathering(dialect: Dialect) -> StepError {
    let (what, instead) = match dialect {
        Dialect::Postgres => ("string_agg or array_agg without ORDER BY over a join, groups, subqueries or a WITH query", "the order of its values follows the server's plan; write it in the call: string_agg(x, ',' ORDER BY ...)"),
        _ => ("GROUP_CONCAT without ORDER BY over a join, groups, subqueries, a WITH query or a secondary index", "the order of its values follows the optimizer's plan; write it in the call: GROUP_CONCAT(x ORDER BY ...)"),
    };
    unsupported_with(dialect, what, instead)
}

/// The argument clauses of a `string_agg` / `array_agg` / `GROUP_CONCAT` call without ORDER
/// BY of its own.
fn unordered_gathering(e: &mut Expr) -> Option<&mut Vec<FunctionArgumentClause>> {
    let Expr::Function(f) = e else {
        return None;
    };
    let name = last_ident(&f.name).to_ascii_lowercase();
    let sqlparser::ast::FunctionArguments::List(list) = &mut f.args else {
        return None;
    };
    let ordered = (list.clauses.iter()).any(|c| matches!(c, FunctionArgumentClause::OrderBy(_)));
    (GATHERING.contains(&name.as_str()) && !ordered && f.over.is_none())
        .then_some(&mut list.clauses)
}
