//! Which locking reads InnoDB sorts itself (a "filesort"): those whose ORDER BY no index of
//! the table gives. Such a read fetches and locks every row its access path reads (matching
//! its WHERE or not, `LockRead::scan_sql`) before it sorts them and cuts at its LIMIT, so
//! `ORDER BY created LIMIT 1 FOR UPDATE SKIP LOCKED` with no index on `created` leaves a
//! second consumer nothing. With an index in that order
//! the read walks it and stops locking at its LIMIT (`dialect/locks.rs` serves both).

use super::super::catalog::{Catalog, TableDef};
use sqlparser::ast::{BinaryOperator, Expr, OrderByKind, Query};

/// Whether `q` sorts without an index giving its ORDER BY's first key (for one table).
pub fn filesort(q: &Query, catalog: &Catalog) -> bool {
    let Some(first) = q.order_by.as_ref().and_then(|o| match &o.kind {
        OrderByKind::Expressions(exprs) => exprs.first(),
        OrderByKind::All(_) => None,
    }) else {
        return false;
    };
    let Some((select, _, table)) = super::access::one_table(q) else {
        return false;
    };
    let Some(def) = catalog.table(&table) else {
        return false;
    };
    !index_gives_order(def, &first.expr, select.selection.as_ref())
}

/// Whether an index of `def` reads rows in the order of `key` (an ORDER BY's first key),
/// given the WHERE `selection`.
pub fn index_gives_order(def: &TableDef, key: &Expr, selection: Option<&Expr>) -> bool {
    let Some(column) = column_name(key) else {
        return false; // an expression: only a sort gives its order
    };
    let mut pinned = Vec::new();
    if let Some(w) = selection {
        equalities(w, &mut pinned);
    }
    def.innodb_keys()
        .iter()
        .any(|key| ordered_by(key, &column, &pinned))
}

/// The column an ORDER BY key names, if it is a plain column.
fn column_name(e: &Expr) -> Option<String> {
    match e {
        Expr::Identifier(i) => Some(i.value.clone()),
        Expr::CompoundIdentifier(parts) => parts.last().map(|p| p.value.clone()),
        Expr::Nested(inner) => column_name(inner),
        _ => None,
    }
}

/// Whether an index on `key` gives rows in `column`'s order once the WHERE pins every
/// column before it to one value.
fn ordered_by(key: &[String], column: &str, pinned: &[String]) -> bool {
    for k in key {
        if k.eq_ignore_ascii_case(column) {
            return true;
        }
        if !pinned.iter().any(|p| p.eq_ignore_ascii_case(k)) {
            return false;
        }
    }
    false
}

/// Columns a WHERE pins to one value (`col = value` in its top-level AND).
fn equalities(e: &Expr, out: &mut Vec<String>) {
    for c in super::super::conditions::conjuncts(e) {
        if let Expr::BinaryOp {
            left,
            op: BinaryOperator::Eq,
            right,
        } = c
        {
            for (a, b) in [(left, right), (right, left)] {
                if let (Some(col), None) = (column_name(a), column_name(b)) {
                    out.push(col);
                }
            }
        }
    }
}
