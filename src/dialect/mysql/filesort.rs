//! Which reads InnoDB sorts itself (a "filesort") rather than walking an index in their
//! ORDER BY's order. A locking read that sorts fetches and locks every row its access path
//! reads (matching its WHERE or not, `LockRead::scan_sql`) before it sorts them and cuts at
//! its LIMIT, so `ORDER BY created LIMIT 1 FOR UPDATE SKIP LOCKED` with no index on
//! `created` leaves a second consumer nothing. A read that walks an index stops locking at
//! its LIMIT (`dialect/locks.rs` serves both).
//!
//! An index in the ORDER BY's order is not enough: MariaDB 10.11 weighs walking it against
//! reading the table and sorting, and on a table whose statistics ANALYZE TABLE did not
//! gather (every table the lab makes) it walked an index used only for its order for
//! `LIMIT 1` and sorted for `LIMIT 2` or more, at 4 rows as at 5,000. It walks the index
//! the WHERE reads through (the primary key when no index serves it: a scan of the table
//! is in its order) when that index is in the ORDER BY's order; where the WHERE reads
//! another index, it sorts, except that for a SELECT with `LIMIT 1` it weighs the two by its
//! row estimates (`access::walk` reads such a claim in the ORDER BY's order over the WHERE's
//! range); where no index serves the WHERE, it walks one in order for `LIMIT 1` or one that
//! holds every column the read needs. An UPDATE or DELETE that no index serves walks the
//! primary key in its ORDER BY's order only with a LIMIT, and sorts without one; an UPDATE
//! sorts rather than walk an index whose entries its SET changes (`access::scan`). A unique
//! index gives no order past its own columns (`ORDER BY priority, id` sorts with `UNIQUE
//! (priority)`).

use super::super::catalog::{Catalog, TableDef};
use super::super::conditions::conjuncts;
use super::super::int_types::column_named;
use super::super::scan_order::{covers, names};
use sqlparser::ast::{Expr, LimitClause, OrderByExpr, OrderByKind, OrderBySort, Query, SetExpr};

/// Whether `q` sorts the rows it reads rather than walking an index (for one table).
pub fn filesort(q: &Query, catalog: &Catalog) -> bool {
    let keys = order_keys(q);
    if keys.is_empty() {
        return false;
    }
    let Some((select, _, table)) = super::access::one_table(q) else {
        return false;
    };
    let Some(def) = catalog.table(&table) else {
        return false;
    };
    let needed = needed(q, catalog);
    let selection = select.selection.as_ref();
    let conjuncts = selection.map(conjuncts).unwrap_or_default();
    let reader = (true, needed.as_deref());
    let walk = (keys, limit(limit_of(q)));
    (super::access::walk(def, (selection, &conjuncts), walk, reader, catalog).1).is_none()
}

/// The columns a SELECT of one table needs, its WHERE's and ORDER BY's too (an index holding
/// all of them covers it; a `*`: every column), or none it can name (a join, a grouping).
pub fn needed(q: &Query, catalog: &Catalog) -> Option<Vec<String>> {
    let (_, _, mut needed) = super::super::scan_order::single_read(q, catalog, &[])?;
    if let SetExpr::Select(s) = q.body.as_ref() {
        s.selection.iter().for_each(|w| _ = names(w, &mut needed));
    }
    for key in order_keys(q) {
        _ = names(&key.expr, &mut needed);
    }
    Some(needed)
}

/// The keys of a query's ORDER BY (none for `ORDER BY ALL`).
pub fn order_keys(q: &Query) -> &[OrderByExpr] {
    match q.order_by.as_ref().map(|o| &o.kind) {
        Some(OrderByKind::Expressions(e)) => e,
        _ => &[],
    }
}

/// The expression of a query's `LIMIT`.
pub fn limit_of(q: &Query) -> Option<&Expr> {
    match &q.limit_clause {
        Some(LimitClause::LimitOffset { limit, .. }) => limit.as_ref(),
        _ => None,
    }
}

/// A `LIMIT n` of a number.
fn limit(e: Option<&Expr>) -> Option<u64> {
    match e {
        Some(Expr::Value(v)) => match &v.value {
            sqlparser::ast::Value::Number(n, _) => n.parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a SELECT reads (not an UPDATE or DELETE), and the columns it needs, where the
/// lab can name them (`needed`).
pub type Reader<'a> = (bool, Option<&'a [String]>);

/// A read of one table, as the optimizer weighs its order.
pub struct Read<'a> {
    pub def: &'a TableDef,
    pub selection: Option<&'a Expr>,
    /// The index its WHERE reads through (`access::Access::index`); `None`: no index serves
    /// the WHERE, the table is scanned (in its primary key's order). Made by `access::walk`.
    pub access: Option<usize>,
    pub limit: Option<u64>,
    /// Whether a SELECT reads (not an UPDATE or DELETE), and the columns it needs, where
    /// the lab can name them.
    pub reader: Reader<'a>,
}

/// The index InnoDB walks to read the rows in the order of the ORDER BY `keys`, and whether
/// it walks it down (the first key the WHERE does not pin is DESC: an ORDER BY of pinned keys
/// alone orders nothing); `None` when it sorts them.
pub fn walks_index(read: &Read<'_>, keys: &[OrderByExpr]) -> Option<(usize, bool)> {
    let (select, needed) = read.reader;
    // An UPDATE or DELETE with an ORDER BY sorts unless its WHERE reads a range of an index
    // in that order or it has a LIMIT: over a scan it then walks the primary key where that
    // gives the order, down it for DESC, and another index only for LIMIT 1 (MariaDB 10.11's
    // EXPLAIN: "index PRIMARY" for `ORDER BY id DESC LIMIT 3` and for `WHERE a = 1 ORDER BY
    // a, id LIMIT 2`, "Using filesort" without the LIMIT; `my-walk-down-for-limit`).
    if keys.is_empty() || (!select && read.access.is_none() && read.limit.is_none()) {
        return None;
    }
    let pinned: Vec<String> = (read
        .selection
        .map(conjuncts)
        .unwrap_or_default()
        .into_iter())
    .filter_map(super::super::scan_order::pinned_column)
    .collect();
    let scans = read.access.is_none();
    let at = (orders(read.def).iter().enumerate()).position(|(i, index)| {
        gives_order(index, keys, &pinned)
            && (read.access.unwrap_or(0) == i
                || (read.limit == Some(1) && (scans || select))
                || (scans && needed.is_some_and(|n| covers(read.def, index, n))))
    })?;
    let free = |k: &&OrderByExpr| {
        column_named(&k.expr).is_none_or(|(_, n)| !pinned.iter().any(|p| p.eq_ignore_ascii_case(n)))
    };
    Some((at, keys.iter().find(free).is_some_and(descending)))
}

/// The orders `def`'s indexes (numbered as `TableDef::innodb_keys`) read rows in. A
/// secondary index's entries end with the primary key, which orders equal entries of one
/// that is not unique; MariaDB does not order by the primary key after a unique index's
/// columns (`ORDER BY prio, id` sorts with `UNIQUE
/// (prio)`, and walks `KEY (prio)`).
fn orders(def: &TableDef) -> Vec<Vec<String>> {
    let mut keys = def.innodb_keys();
    for (k, unique) in keys
        .iter_mut()
        .skip(1)
        .zip(def.uniques.iter().map(|u| u.columns.len()))
    {
        k.truncate(unique);
    }
    keys
}

/// Whether an index on `index` gives rows in the order of `keys`, all one way, once the
/// WHERE pins columns to one value (`pinned`, which either may skip).
fn gives_order(index: &[String], keys: &[OrderByExpr], pinned: &[String]) -> bool {
    let pinned_name = |c: &str| pinned.iter().any(|p| p.eq_ignore_ascii_case(c));
    if keys.iter().any(|k| descending(k) != descending(&keys[0])) {
        return false;
    }
    let mut columns = index.iter().filter(|c| !pinned_name(c));
    for key in keys {
        let Some((_, name)) = column_named(&key.expr) else {
            return false; // an expression: only a sort gives its order
        };
        if pinned_name(name) {
            continue;
        }
        // Past a unique index's columns MariaDB still sorts by later keys (`ORDER BY id,
        // state` sorts), though they order nothing.
        if !columns.next().is_some_and(|c| c.eq_ignore_ascii_case(name)) {
            return false;
        }
    }
    true
}

/// Whether an ORDER BY key is DESC (matched, not compared: the AST's derived equality would
/// compile into the download).
pub fn descending(k: &OrderByExpr) -> bool {
    matches!(k.options.sort, Some(OrderBySort::Desc))
}

/// What the lab says of a SELECT that sorts its rows itself by keys that may tie.
const TIES: &str = "rows equal on the ORDER BY: MariaDB's own sort leaves them in an order of its making (with a LIMIT, its priority queue's), which the lab does not model; it lists them by primary key. End the ORDER BY with the primary key for one order";

/// The note for the statement's SELECTs that sort their rows (`filesort`) by keys no unique
/// key's columns are all among: equal rows come in the order of MariaDB's sort, which the
/// lab does not follow (`my-sort-ties`, a known difference).
pub fn ties_note(stmt: &mut sqlparser::ast::Statement, catalog: &Catalog) -> Option<String> {
    let mut ties = false;
    super::super::walk::queries(stmt, &mut |q| {
        ties |= sorts_ties(q, catalog);
        std::ops::ControlFlow::Continue(())
    });
    ties.then(|| TIES.into())
}

fn sorts_ties(q: &Query, catalog: &Catalog) -> bool {
    let Some(def) = super::access::one_table(q).and_then(|(_, _, t)| catalog.table(&t)) else {
        return false;
    };
    if !filesort(q, catalog) {
        return false;
    }
    !super::super::scan_order::names_unique_key(order_keys(q), def)
}
