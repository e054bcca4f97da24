//! Rule: RETURNING in an UPDATE ... FROM or a DELETE ... USING (the statement itself, or one
//! inside WITH). PostgreSQL's `RETURNING *` there gives the target's columns and then every
//! other FROM item's, and RETURNING may name another item's columns (`sub.id`); SQLite's
//! RETURNING sees the target only: `*` is the target's columns (the lab silently left the
//! others out) and another item's column is not found. Until the lab carries the joined row
//! into RETURNING, both are refused by name; `RETURNING jobs.*` and the target's own columns
//! run as on the server.

use crate::dialect::catalog::Catalog;
use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::last_ident;
use crate::dialect::Dialect;
use crate::trace::StepError;
use queuelab_sql::{Duplicate, ToSql};
use sqlparser::ast::{
    Expr, FromTable, SelectItem, SelectItemQualifiedWildcardKind, SetExpr, Statement, TableFactor,
    TableWithJoins, UpdateTableFromKind,
};
use std::ops::ControlFlow;

pub fn refuse(stmt: &mut Statement, catalog: &Catalog) -> Result<(), StepError> {
    check(stmt, catalog)?;
    crate::dialect::walk::try_queries(stmt, &mut |q| match q.body.as_mut() {
        SetExpr::Update(s) | SetExpr::Delete(s) => check(s, catalog),
        _ => Ok(()),
    })
}

/// One UPDATE or DELETE.
fn check(stmt: &Statement, catalog: &Catalog) -> Result<(), StepError> {
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
                &format!("the server returns the other FROM items' columns too, SQLite's RETURNING sees {called} only: return {called}.* or its columns, and read the others with a SELECT"),
            ));
        }
    }
    Ok(())
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
