//! PostgreSQL constructs the engine has no model for, refused by name before SQLite could
//! answer in its own words (`no such column: ctid`, a syntax error at LATERAL).

use super::super::catalog::Catalog;
use super::super::common::unsupported_with;
use super::super::walk;
use super::super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{Distinct, Expr, Query, SetExpr, Statement, TableFactor};
use std::ops::ControlFlow;

/// The system columns every PostgreSQL table has: a physical row address and the ids of
/// transactions and commands, which SQLite's rows do not carry.
const SYSTEM_COLUMNS: [&str; 6] = ["ctid", "xmin", "xmax", "cmin", "cmax", "tableoid"];

/// Refuses what is left unmodelled; `xmax = 0` in an INSERT's RETURNING is rewritten first
/// (`xmax.rs`), and its note returned.
pub fn refuse(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let xmax_note = if is_system_column("xmax", catalog) {
        super::xmax::rewrite(stmt, catalog)
    } else {
        None
    };
    if let Some(name) = system_column(stmt, catalog) {
        return Err(unsupported_with(
            Dialect::Postgres,
            &format!("the system column {name}"),
            "the lab's rows carry no physical address or transaction ids; pick a row by its key (WHERE id = (SELECT id ... FOR UPDATE SKIP LOCKED)); an upsert's insert is told from its update by (xmax = 0) in the INSERT's own RETURNING, the one use of xmax the lab models",
        ));
    }
    collations(stmt)?;
    let mut refused: Option<StepError> = None;
    walk::queries(stmt, &mut |q| {
        refused = unmodelled_select(q);
        if refused.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    refused.map_or(Ok(xmax_note), Err)
}

/// `x COLLATE "C"`: the lab compares text byte by byte, as the server's C collation (and its
/// default here, C.UTF-8) does, so a byte-order collation is left out and any other refused
/// by name (SQLite would answer "no such collation sequence").
fn collations(stmt: &mut Statement) -> Result<(), StepError> {
    walk::replace_exprs(stmt, &|e| {
        let Expr::Collate { expr, collation } = e else {
            return Ok(None);
        };
        let name = super::super::exprs::last_ident(collation);
        let byte_order = ["c", "posix", "c.utf-8", "c.utf8", "ucs_basic", "default"];
        if byte_order.contains(&name.to_ascii_lowercase().as_str()) {
            return Ok(Some((**expr).duplicate()));
        }
        Err(unsupported_with(
            Dialect::Postgres,
            &format!("COLLATE \"{name}\""),
            "the lab compares text byte by byte, as the server's C collation does; leave the COLLATE out",
        ))
    })
    .map(|_| ())
}

fn system_column(stmt: &mut Statement, catalog: &Catalog) -> Option<String> {
    let mut found = None;
    walk::exprs(stmt, &mut |e| {
        let name = match e {
            Expr::Identifier(i) => Some(&i.value),
            Expr::CompoundIdentifier(parts) => parts.last().map(|p| &p.value),
            _ => None,
        };
        if let Some(n) = name.filter(|n| is_system_column(n, catalog)) {
            found = Some(n.clone());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}

/// A system column's name that no table of the catalog has as a column of its own.
fn is_system_column(name: &str, catalog: &Catalog) -> bool {
    SYSTEM_COLUMNS.contains(&name)
        && !catalog
            .tables()
            .any(|t| t.columns.iter().any(|c| c.name == name))
}

/// A SELECT clause the lab has no model of: DISTINCT ON, or LATERAL in its FROM.
fn unmodelled_select(q: &Query) -> Option<StepError> {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return None;
    };
    if matches!(select.distinct, Some(Distinct::On(_))) {
        return Some(unsupported_with(
            Dialect::Postgres,
            "DISTINCT ON",
            "the lab's row store keeps no first row per group; pick it by its key (WHERE id IN (SELECT min(id) FROM jobs GROUP BY queue))",
        ));
    }
    let lateral = walk::factors(&select.from)
        .any(|f| matches!(f, TableFactor::Derived { lateral: true, .. }));
    lateral.then(|| {
        unsupported_with(
            Dialect::Postgres,
            "LATERAL",
            "the lab's row store has no subquery in FROM that reads the rows before it; for one value per outer row, use a subquery in the SELECT list (SELECT q.name, (SELECT min(id) FROM jobs WHERE queue = q.name) FROM queues q)",
        )
    })
}
