//! Rule: RETURNING in an UPDATE ... FROM or a DELETE ... USING (the statement itself, or one
//! inside WITH). PostgreSQL's `RETURNING *` there gives the target's columns and then every
//! other FROM item's, and RETURNING may name another item's columns (`sub.id`); the lab's
//! RETURNING (`engine/store/returning.rs`) sees the target only: `*` is the target's columns (the lab silently left the
//! others out) and another item's column is not found. Until the lab carries the joined row
//! into RETURNING, both are refused by name; `RETURNING jobs.*` and the target's own columns
//! run as on the server. A target's column named alone that another FROM item also has is
//! ambiguous to the server (42702), where SQLite took the target's: that error is the
//! server's here, and such a name is refused where the lab cannot list the item's columns.

use crate::dialect::catalog::Catalog;
use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::last_ident;
use crate::dialect::Dialect;
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, FromTable, Query, SelectItem, SelectItemQualifiedWildcardKind, SetExpr, Statement,
    TableFactor, TableWithJoins, UpdateTableFromKind, With,
};
use std::ops::ControlFlow;

pub fn refuse(stmt: &mut Statement, catalog: &Catalog) -> Result<(), StepError> {
    check(stmt, None, catalog)?;
    crate::dialect::walk::try_queries(stmt, &mut |q| match q.body.as_ref() {
        SetExpr::Update(s) | SetExpr::Delete(s) => check(s, q.with.as_ref(), catalog),
        _ => Ok(()),
    })
}

/// One UPDATE or DELETE, under the WITH of its statement, if any.
fn check(stmt: &Statement, with: Option<&With>, catalog: &Catalog) -> Result<(), StepError> {
    let (target, others, returning) = match stmt {
        Statement::Update(u) => match &u.from {
            Some(UpdateTableFromKind::BeforeSet(f) | UpdateTableFromKind::AfterSet(f)) => {
                (&u.table, f, &u.returning)
            }
            None => return Ok(()),
        },
        Statement::Delete(d) => match (&d.from, &d.using) {
            (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t), Some(using))
                if t.len() == 1 =>
            {
                (&t[0], using, &d.returning)
            }
            _ => return Ok(()),
        },
        _ => return Ok(()),
    };
    let Some(items) = returning else {
        return Ok(());
    };
    let TableFactor::Table { name, alias, .. } = &target.relation else {
        return Ok(());
    };
    let table = last_ident(name);
    let called = alias
        .as_ref()
        .map_or(table.clone(), |a| a.name.value.clone());
    let own_columns = catalog.table(&table).map(|d| &d.columns);
    let is_own =
        |c: &str| own_columns.is_some_and(|cs| cs.iter().any(|x| x.name.eq_ignore_ascii_case(c)));
    let columns: Vec<_> = crate::dialect::walk::factors(others)
        .map(|f| factor_columns(f, with, catalog))
        .collect();
    // The server's error comes before the lab's refusal of another item's column.
    for item in items {
        if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
            ambiguous(e, &is_own, &columns)?;
        }
    }
    let others = names(others);
    for item in items {
        let named_other = match item {
            SelectItem::Wildcard(_) => Some("*".to_string()),
            SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(n), _)
                if !last_ident(n).eq_ignore_ascii_case(&called) =>
            {
                Some(format!("{}.*", n.to_sql()))
            }
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                other_column(e, &others, &is_own)
            }
            _ => None,
        };
        if let Some(what) = named_other {
            let verb = if matches!(stmt, Statement::Update(_)) {
                "UPDATE ... FROM"
            } else {
                "DELETE ... USING"
            };
            return Err(unsupported_with(
                Dialect::Postgres,
                &format!("RETURNING {what} in {verb}"),
                &format!("the server returns the other FROM items' columns too, the lab's RETURNING reads {called}'s changed rows only: return {called}.* or its columns, and read the others with a SELECT"),
            ));
        }
    }
    Ok(())
}

/// The server's 42702 for a column `e` names alone that is the target's and another FROM
/// item's (`columns`: each item's, `None` where the lab cannot list them).
fn ambiguous(
    e: &Expr,
    is_own: &dyn Fn(&str) -> bool,
    columns: &[Option<Vec<String>>],
) -> Result<(), StepError> {
    let mut failed = None;
    let mut e = e.duplicate();
    crate::dialect::walk::exprs(&mut e, &mut |x| {
        let Expr::Identifier(i) = x else {
            return ControlFlow::Continue(());
        };
        let name = &i.value;
        if !is_own(name) {
            return ControlFlow::Continue(());
        }
        let has = |cs: &Option<Vec<String>>| {
            cs.as_ref()
                .map(|cs| cs.iter().any(|c| c.eq_ignore_ascii_case(name)))
        };
        failed = match columns.iter().map(has).find(|h| *h != Some(false)) {
            Some(Some(_)) => Some(StepError::other(
                "42702",
                format!("column reference \"{name}\" is ambiguous"),
            )),
            Some(None) => Some(unsupported_with(
                Dialect::Postgres,
                &format!("RETURNING {name} in a statement with a FROM item whose columns the lab cannot list"),
                "the server finds the name ambiguous where that item has such a column too: name the table it belongs to (RETURNING jobs.id)",
            )),
            None => None,
        };
        match failed {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    });
    failed.map_or(Ok(()), Err)
}

/// The columns of a FROM item: a table's, a WITH query's or a subquery's (their alias's
/// column list, or the names of their select list); `None` where the lab cannot tell.
fn factor_columns(f: &TableFactor, with: Option<&With>, catalog: &Catalog) -> Option<Vec<String>> {
    let (query, listed) = match f {
        TableFactor::Table { name, .. } => {
            let table = last_ident(name);
            let cte = with.and_then(|w| {
                (w.cte_tables.iter()).find(|c| c.alias.name.value.eq_ignore_ascii_case(&table))
            });
            match cte {
                Some(c) => (c.query.as_ref(), &c.alias.columns),
                None => {
                    let def = catalog.table(&table)?;
                    return Some(def.columns.iter().map(|c| c.name.clone()).collect());
                }
            }
        }
        TableFactor::Derived {
            subquery, alias, ..
        } => (subquery.as_ref(), &alias.as_ref()?.columns),
        _ => return None,
    };
    if !listed.is_empty() {
        return Some(listed.iter().map(|c| c.name.value.clone()).collect());
    }
    select_names(query, catalog)
}

/// The names of a query's columns (`modifying_ctes::names_of`), `*` over one table.
fn select_names(q: &Query, catalog: &Catalog) -> Option<Vec<String>> {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return None;
    };
    let all = || match select.from.as_slice() {
        [from] if from.joins.is_empty() => match &from.relation {
            TableFactor::Table { name, .. } => catalog
                .table(&last_ident(name))
                .map(|d| d.columns.iter().map(|c| c.name.clone()).collect()),
            _ => None,
        },
        _ => None,
    };
    super::modifying_ctes::names_of(&select.projection, &all).ok()
}

/// The names the FROM items other than the target are called by (lower-cased).
fn names(from: &[TableWithJoins]) -> Vec<String> {
    let called = |f: &TableFactor| match f {
        TableFactor::Table { name, alias, .. } => Some(
            alias
                .as_ref()
                .map_or(last_ident(name), |a| a.name.value.clone()),
        ),
        TableFactor::Derived { alias, .. } => alias.as_ref().map(|a| a.name.value.clone()),
        _ => None,
    };
    crate::dialect::walk::factors(from)
        .filter_map(called)
        .map(|n| n.to_ascii_lowercase())
        .collect()
}

/// The first column of another FROM item `e` reads: named with that item, or alone and not
/// a column of the target.
fn other_column(e: &Expr, others: &[String], is_own: &dyn Fn(&str) -> bool) -> Option<String> {
    let mut found = None;
    let mut e = e.duplicate();
    crate::dialect::walk::exprs(&mut e, &mut |x| {
        let other = match x {
            Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
                others.contains(&parts[0].value.to_ascii_lowercase())
            }
            Expr::Identifier(i) => !is_own(&i.value),
            _ => false,
        };
        if other {
            found = Some(x.to_sql());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}
