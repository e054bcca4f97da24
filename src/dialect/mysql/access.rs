//! The rows an InnoDB UPDATE or DELETE reads, and so locks ([`WriteScan`]): its access path
//! is the part of its WHERE that an index serves. All of a unique key pinned by equalities
//! is a lookup of one row; conditions on the leading column of the primary key or of an index
//! read that range, and so do those on its next column while every one before it is pinned
//! (`state = 'a' AND priority < 30` with `KEY (state, priority)`); anything else reads every
//! row of the table.

use super::super::catalog::{ident, Catalog, TableDef};
use super::super::conditions::{self, is_value};
use super::super::exprs::last_ident;
use super::super::locks::{GapScan, LockRead, WriteScan, LOCKED_FN};
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use sqlparser::ast::{
    AssignmentTarget, BinaryOperator, Delete, Expr, FromTable, InTarget, OrderByExpr, Query,
    Select, SetExpr, TableFactor, TableWithJoins, Update,
};
use std::ops::ControlFlow;

/// InnoDB's plain SELECT in a SERIALIZABLE transaction: a shared-lock read of the rows its
/// access path reads, as `LOCK IN SHARE MODE` (`LockRead::serializable_only`).
pub fn of_select(q: &Query, catalog: &Catalog, id: usize) -> Option<LockRead> {
    let (mut read, _) = shared_read(q, catalog, id)?;
    read.serializable_only = true;
    Some(read)
}

/// InnoDB's `INSERT ... SELECT` at REPEATABLE READ reading one table through a key (`WHERE
/// id = 2`): shared locks on the rows that lookup reads only; `None` when the read scans the
/// whole table (then every row is locked: `locks::source_scan`).
pub fn of_insert_source(q: &Query, catalog: &Catalog, id: usize) -> Option<LockRead> {
    let (mut read, keyed) = shared_read(q, catalog, id)?;
    read.repeatable_read_only = true;
    keyed.then_some(read)
}

/// A SELECT of one table (its FROM has one entry, which names a table): the SELECT, that
/// entry (with its joins, if any) and the table's name.
pub fn one_table(q: &Query) -> Option<(&Select, &TableWithJoins, String)> {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return None;
    };
    let [from] = select.from.as_slice() else {
        return None;
    };
    let TableFactor::Table { name, .. } = &from.relation else {
        return None;
    };
    Some((select, from, last_ident(name)))
}

/// A single-table SELECT's access path read in shared mode, and whether that path is a key
/// (not a scan of the whole table).
fn shared_read(q: &Query, catalog: &Catalog, id: usize) -> Option<(LockRead, bool)> {
    let (select, target, table) = one_table(q)?;
    let def = catalog.table(&table)?;
    let conjuncts = select
        .selection
        .as_ref()
        .map(conditions::conjuncts)
        .unwrap_or_default();
    let keyed = !access_path(def, &conjuncts, false, catalog)
        .conjuncts
        .is_empty();
    // Columns not named: not the row after a secondary index's range, as a shared read the
    // index covers locks only that index's entries (seen on MariaDB 10.11), which the lab
    // does not keep.
    let mut read = scan(
        target,
        select.selection.as_ref(),
        (&[], None, (true, None)),
        catalog,
        (id, None),
    )?;
    read.exclusive = false;
    Some((read, keyed))
}

/// What the lab says of a read MariaDB may make by scanning the whole table
/// ([`GapScan::may_scan_table`]); its rule, from MariaDB 10.11's optimizer trace on tables
/// of one page, is `my-access-full-scan`'s known difference.
pub const MAY_SCAN_TABLE: &str = "MariaDB scans the whole table instead of this index range where its row estimates make that cheaper (a range of k entries in n rows: once 6k >= n + 15, deleted rows' entries counted until purge), locking every row it reads. The lab reads the range";

/// The write scan of a single-table UPDATE.
pub fn of_update(u: &Update, catalog: &Catalog, id: usize) -> Option<LockRead> {
    if u.from.is_some() {
        return None;
    }
    let order = (&u.order_by[..], u.limit.as_ref(), (false, None));
    // A row the SET leaves as it was is not written, and weighs nothing in a deadlock. As
    // InnoDB compares them, byte by byte: 'DONE' over 'done' is a change.
    let (mut set, mut same) = (Vec::new(), Vec::new());
    for a in &u.assignments {
        if let AssignmentTarget::ColumnName(n) = &a.target {
            let column = last_ident(n);
            let value = super::gaps::text(&a.value);
            same.push(format!("{} IS ({value}) COLLATE BINARY", ident(&column)));
            set.push(column);
        }
    }
    scan(
        &u.table,
        u.selection.as_ref(),
        order,
        catalog,
        (id, Some((&set, &same.join(" AND ")))),
    )
}

/// The write scan of a single-table DELETE.
pub fn of_delete(d: &Delete, catalog: &Catalog, id: usize) -> Option<LockRead> {
    if !d.tables.is_empty() || d.using.is_some() {
        return None;
    }
    let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &d.from;
    let [target] = t.as_slice() else {
        return None;
    };
    let order = (&d.order_by[..], d.limit.as_ref(), (false, None));
    scan(target, d.selection.as_ref(), order, catalog, (id, None))
}

/// The rows a single-table locking SELECT reads through its access path, in the order it
/// reads them ([`LockRead::scan_sql`]).
pub fn locking_scan(q: &Query, catalog: &Catalog) -> Option<(String, Option<GapScan>)> {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return None;
    };
    let [target] = select.from.as_slice() else {
        return None;
    };
    let order_by = super::filesort::order_keys(q);
    // The read's own LIMIT cuts the rows elsewhere (`LockRead::limit`); here it tells the
    // scan whether it sorts.
    let limit = super::filesort::limit_of(q);
    let needed = super::filesort::needed(q, catalog);
    let order = (order_by, limit, (true, needed.as_deref()));
    let read = scan(target, select.selection.as_ref(), order, catalog, (0, None))?;
    Some((read.rowid_sql, read.gaps))
}

/// `ORDER BY ... LIMIT n`, and whether a SELECT reads, with the columns it needs
/// (`filesort::Reader`).
type Order<'a> = (
    &'a [OrderByExpr],
    Option<&'a Expr>,
    super::filesort::Reader<'a>,
);

fn scan(
    target: &TableWithJoins,
    selection: Option<&Expr>,
    (order_by, limit, reader): Order<'_>,
    catalog: &Catalog,
    (id, set): (usize, Option<(&[String], &str)>),
) -> Option<LockRead> {
    if !target.joins.is_empty() {
        return None;
    }
    let TableFactor::Table { name, alias, .. } = &target.relation else {
        return None;
    };
    let table = last_ident(name);
    let def = catalog.table(&table)?;
    let from = match alias {
        Some(a) => format!("{} AS {}", ident(&table), Sql(&a.name)),
        None => ident(&table),
    };
    let qualifier = alias.as_ref().map_or(ident(&table), |a| a.name.to_sql());
    // Read in an index's order, the scan stops once it has locked LIMIT matching rows; a
    // sort of its own (no index in that order) reads and locks every row first.
    let limit: Option<u64> = match limit {
        Some(Expr::Value(v)) => Some(v.value.to_sql().parse().ok()?),
        Some(_) => return None,
        None => None,
    };
    let conjuncts = selection.map(conditions::conjuncts).unwrap_or_default();
    let (mut access, mut walked) = walk(
        def,
        (selection, &conjuncts),
        (order_by, limit),
        reader,
        catalog,
    );
    let keys = def.innodb_keys();
    // Whether the UPDATE's SET changes a column of index `i`'s entries (a secondary index's
    // hold the primary key too).
    let moves = |i: usize| {
        (keys.get(i)).is_some_and(|index| {
            set.is_some_and(|(set, _)| {
                index
                    .iter()
                    .any(|c| set.iter().any(|s| s.eq_ignore_ascii_case(c)))
            })
        })
    };
    // Over a scan, an UPDATE does not walk an index its SET changes for its ORDER BY: it
    // sorts, reading the table (MariaDB 10.11's EXPLAIN: "Using filesort" for `SET id = id +
    // 100 ... ORDER BY id LIMIT 1`, and for `SET a = a + 1 ... ORDER BY a LIMIT 1` with
    // `KEY (a)`; `my-sort-what-it-moves`).
    if access.conjuncts.is_empty() && walked.is_some_and(|(i, _)| moves(i)) {
        walked = None;
        access.index = 0;
    }
    let in_order = walked.is_some();
    let descending = walked.is_some_and(|w| w.1);
    // The order it reads the rows in: the entries of the index it walks or reads through
    // (ending with the primary key), down them for an ORDER BY ... DESC. Not the ORDER BY's
    // own terms: a column the WHERE fixes (`WHERE a = 1 ORDER BY a, id` walks the primary
    // key) still orders the rows failing it, which the scan reads and locks too.
    let (index, down) = walked.unwrap_or((access.index, false));
    let down = if down { " DESC" } else { "" };
    let entries = keys.get(index).map_or(&[][..], |k| &k[..]);
    let order = (entries
        .iter()
        .map(|c| format!("{qualifier}.{}{down}", ident(c))))
    .chain([format!("{qualifier}.rowid{down}")])
    .collect::<Vec<_>>()
    .join(", ");
    let limit = limit.filter(|_| in_order || order_by.is_empty());
    let rowids = |w: Option<String>| {
        let mut sql = format!("SELECT {qualifier}.rowid AS ql_rowid FROM {from}");
        if let Some(w) = w {
            sql.push_str(&format!(" WHERE {w}"));
        }
        sql.push_str(&format!(" ORDER BY {order}"));
        sql
    };
    // (A walk down an index checks no end in it, not even down the entries of one key: it
    // fetches the row below the range and locks it, at READ COMMITTED too, whatever the
    // SELECT reads; seen on MariaDB 10.11, `my-desc-walk-row-below`.)
    let point = access.conjuncts.iter().all(|e| is_eq(e));
    let end_row = match (reader, keys.get(access.index)) {
        ((true, needed), Some(index)) if access.index > 0 && !descending => {
            needed.is_some_and(|n| super::super::scan_order::covers(def, index, n))
        }
        _ => true,
    };
    // A range of a secondary index is MariaDB's choice by its row estimates, against a scan
    // of the whole table. Not where it walks another index, or its own down, for the ORDER
    // BY, nor for an ORDER BY ... LIMIT (a LIMIT below the table's rows keeps the range),
    // nor for a SELECT of columns the index holds (its `end_row`), which reads no row.
    let secondary = access.index > 0 && !access.unique && !access.conjuncts.is_empty();
    let own_order = walked.is_none_or(|w| w == (access.index, false));
    let sorted_limit = !order_by.is_empty() && limit.is_some();
    let mut gaps = super::gaps::scan(def, (&from, &qualifier), &access, (end_row, descending));
    gaps.may_scan_table = secondary && own_order && !sorted_limit && !(reader.0 && end_row);
    // An UPDATE that sets a column of the index it reads the rows through reads them all
    // before it changes one, in that order (MariaDB's "Using buffer": the rows' new places in
    // that index would be read again), as does one that sorts them itself.
    let moves_index = moves(access.index);
    // So does one that walks an index in the order of its ORDER BY ... LIMIT, up to its
    // LIMIT of matching rows (EXPLAIN says "Using buffer" there too; seen on MariaDB 10.11:
    // `my-walk-fixed-order`'s sweep has changed no row when its read of job 30 waits).
    let walks_then_changes = set.is_some() && in_order && sorted_limit;
    let sorts_first = !(in_order || order_by.is_empty());
    // A SELECT the index does not cover hands InnoDB the WHERE's conditions on that index's
    // columns ("Using index condition"): it locks the entries failing them, not their rows.
    // Only where it reads a range of that index, not a walk of another's order.
    let mut read_by = access.conjuncts.clone();
    let ranged = !access.conjuncts.is_empty() && walked.is_none_or(|w| w.0 == access.index);
    if let (false, true, Some(index)) = (end_row, ranged, keys.get(access.index)) {
        read_by.extend(conjuncts.iter().filter(|e| pushed(e, index)));
    }
    let text = |parts: &[&Expr]| {
        (!parts.is_empty()).then(|| {
            let parts: Vec<String> = parts.iter().map(|e| super::gaps::text(e)).collect();
            parts.join(" AND ")
        })
    };
    Some(LockRead {
        exclusive: true,
        write_scan: Some(WriteScan {
            matching_sql: rowids(text(&conjuncts)),
            changing_sql: set.map(|(_, same)| rowids(Some(format!("NOT ({same})")))),
            // Not through a sort of its own: the sort's reads wait (seen on MariaDB 10.11).
            // Nor through a secondary index: InnoDB passes a row over only where it reads the
            // clustered index (seen on 10.11: `WHERE s = 'x' AND b = 0` read through KEY (b)
            // waited for a row whose committed version had s = 'w').
            semi_consistent: set.is_some() && !access.unique && !sorts_first && index == 0,
            changes_as_read: !sorts_first,
            buffered: moves_index || walks_then_changes,
            keeps_range_end: access.index > 0 && (!point || descending),
        }),
        gaps: Some(gaps),
        ..LockRead::plain(id, table, rowids(text(&read_by)), limit)
    })
}

/// Whether InnoDB checks the conjunct `e` on the entries of `index` (its columns): it names
/// no other column, and calls no function and reads no subquery.
fn pushed(e: &Expr, index: &[String]) -> bool {
    let mut plain = true;
    super::super::walk::exprs(&mut e.duplicate(), &mut |x| {
        let name = super::super::int_types::column_named(x).map(|(_, n)| n);
        plain &= name.is_none_or(|n| index.iter().any(|c| c.eq_ignore_ascii_case(n)))
            && !matches!(
                x,
                Expr::Function(_)
                    | Expr::Subquery(_)
                    | Expr::Exists { .. }
                    | Expr::In {
                        target: InTarget::Subquery(_),
                        ..
                    }
            );
        ControlFlow::Continue(())
    });
    plain
}

/// The access path of a read in the ORDER BY `order_by` with the WHERE `selection` (its
/// `conjuncts`), and the index it walks in the ORDER BY's order, if it walks one, with
/// whether it walks it down (`filesort::walks_index`): the one the WHERE reads through, or,
/// where no index serves the WHERE, one read from its start.
/// A SELECT with `LIMIT 1` whose WHERE reads through another index walks the ORDER BY's one
/// where that range holds much of the table and sorts the range where it holds little
/// (MariaDB weighs their costs by its row estimates): it is read in the ORDER BY's order over
/// the rows the range holds, which locks what either plan does at both ends.
pub(super) fn walk<'a>(
    def: &TableDef,
    (selection, conjuncts): (Option<&Expr>, &[&'a Expr]),
    (order_by, limit): (&[OrderByExpr], Option<u64>),
    reader: super::filesort::Reader<'_>,
    catalog: &Catalog,
) -> (Access<'a>, Option<(usize, bool)>) {
    let access = access_path(def, conjuncts, limit.is_some(), catalog);
    let read = super::filesort::Read {
        def,
        selection,
        access: (!access.conjuncts.is_empty()).then_some(access.index),
        limit,
        reader,
    };
    let walked = super::filesort::walks_index(&read, order_by);
    match walked {
        Some((index, _)) if index != access.index && access.conjuncts.is_empty() => {
            let conjuncts = Vec::new();
            (
                Access {
                    conjuncts,
                    unique: false,
                    index,
                },
                walked,
            )
        }
        _ => (access, walked),
    }
}

/// The access path InnoDB takes: the conjuncts an index serves, whether they pin one row of
/// a unique key, and which index (`TableDef::innodb_keys`' number; 0 for a scan of every row).
pub struct Access<'a> {
    pub conjuncts: Vec<&'a Expr>,
    pub unique: bool,
    pub index: usize,
}

/// `limited`: the read has a LIMIT, below which MariaDB keeps a range of a `<>` (two ranges,
/// `range_on`) whatever its row estimates; without one, such a range (which holds most of an
/// index where a queue's states are few) is mostly traded for a scan of the table, which the
/// lab reads then.
pub(in crate::dialect) fn access_path<'a>(
    def: &TableDef,
    conjuncts: &[&'a Expr],
    limited: bool,
    catalog: &Catalog,
) -> Access<'a> {
    // `innodb_keys` puts the hidden row id first when there is no primary key.
    let shift = usize::from(def.primary_key.is_none());
    for (i, key) in def.unique_keys().enumerate() {
        let pinned: Vec<&Expr> =
            key.columns
                .iter()
                .filter_map(|c| {
                    conjuncts.iter().copied().find(|e| {
                        equality_on(e, catalog).is_some_and(|x| x.eq_ignore_ascii_case(c))
                    })
                })
                .collect();
        if pinned.len() == key.columns.len() {
            let index = i + shift;
            return Access {
                conjuncts: pinned,
                unique: true,
                index,
            };
        }
    }
    // Of the indexes whose range a WHERE reads, MariaDB weighs their row estimates; those
    // favour the one whose range spans the most of its columns (`queue = 'q2' AND state =
    // 'ready' AND priority > 20` reads `(queue, state, priority)`, not `(queue, priority)`);
    // of equals, the first.
    let mut best = (0, Vec::new(), 0);
    for (i, key) in def.unique_keys().chain(def.indexes.iter()).enumerate() {
        // The first column's conditions, and the next column's while every one before it
        // is pinned to one value (`state = 'a' AND priority < 30` reads one range of
        // `(state, priority)`), in the key's order.
        // An IN list pins its column to each of its values in turn (one list: the ranges
        // of two would be their cross product, which the lab does not model).
        let mut served: Vec<&Expr> = Vec::new();
        let mut parts = 0;
        let mut lists = 0;
        for column in &key.columns {
            let on = |e: &&&Expr| {
                range_on(e).is_some_and(|x| x.eq_ignore_ascii_case(column))
                    && (limited || !is_not_eq(e))
            };
            let before = served.len();
            served.extend(conjuncts.iter().filter(on));
            let list = served[before..]
                .iter()
                .any(|e| matches!(e, Expr::In { .. }));
            if list && lists > 0 {
                served.truncate(before);
                break;
            }
            lists += usize::from(list);
            parts += usize::from(served.len() > before);
            if !list && !served[before..].iter().any(|e| is_eq(e)) {
                break;
            }
        }
        if parts > best.0 {
            best = (parts, served, i + shift);
        }
    }
    Access {
        conjuncts: best.1,
        unique: false,
        index: best.2,
    }
}

/// Whether `e` is `a <> b`.
fn is_not_eq(e: &Expr) -> bool {
    matches!(
        e,
        Expr::BinaryOp {
            op: BinaryOperator::NotEq,
            ..
        }
    )
}

/// Whether `e` is an equality (`a = b`).
fn is_eq(e: &Expr) -> bool {
    matches!(
        e,
        Expr::BinaryOp {
            op: BinaryOperator::Eq,
            ..
        }
    )
}

/// `col = value`: the column. The value may be a subquery MariaDB's optimizer runs before
/// the statement reads anything, which then looks up the key it gave: a locking one (its
/// rows locked first) or one reading an end of an index (`SELECT min(id) FROM jobs`).
fn equality_on(e: &Expr, catalog: &Catalog) -> Option<String> {
    let Expr::BinaryOp {
        left,
        op: BinaryOperator::Eq,
        right,
    } = e
    else {
        return None;
    };
    let runs_first = |e: &Expr| {
        is_locked_subquery(e)
            || matches!(e, Expr::Subquery(q) if super::end_read::reads_index_end(q, catalog))
    };
    column_against_value(left, right).or_else(|| match (column(left), column(right)) {
        (Some(c), None) if runs_first(right) => Some(c),
        (None, Some(c)) if runs_first(left) => Some(c),
        _ => None,
    })
}

/// A scalar subquery whose rows a lock request of the statement picks (`ql_locked(k, rowid)`
/// in it, `locking_reads::as_run`).
pub fn is_locked_subquery(e: &Expr) -> bool {
    let Expr::Subquery(q) = e else {
        return false;
    };
    let mut q = q.duplicate();
    let mut locked = false;
    super::super::walk::exprs(&mut q, &mut |x| {
        if let Expr::Function(f) = x {
            locked |= super::super::exprs::last_ident(&f.name) == LOCKED_FN;
        }
        ControlFlow::Continue(())
    });
    locked
}

/// `col op value` (a comparison, IN a list, BETWEEN): the column. `col <> value` is two
/// ranges to MariaDB's optimizer, below the value and above it (EXPLAIN on 10.11: `range` of
/// `KEY (b)` for `b <> 2`).
pub(super) fn range_on(e: &Expr) -> Option<String> {
    use BinaryOperator::*;
    match e {
        Expr::BinaryOp {
            left,
            op: Eq | Lt | LtEq | Gt | GtEq | NotEq,
            right,
        } => column_against_value(left, right),
        Expr::In {
            expr,
            target: InTarget::List(list),
            negated: false,
            ..
        } if list.iter().all(is_value) => column(expr),
        Expr::Between {
            expr,
            negated: false,
            low,
            high,
        } if is_value(low) && is_value(high) => column(expr),
        _ => None,
    }
}

/// `col op value` or `value op col`: the column.
pub(in crate::dialect) fn column_against_value(a: &Expr, b: &Expr) -> Option<String> {
    match (column(a), column(b)) {
        (Some(c), None) if is_value(b) => Some(c),
        (None, Some(c)) if is_value(a) => Some(c),
        _ => None,
    }
}

fn column(e: &Expr) -> Option<String> {
    match e {
        Expr::Identifier(i) if !i.value.starts_with('@') => Some(i.value.clone()),
        Expr::CompoundIdentifier(parts) => parts.last().map(|p| p.value.clone()),
        Expr::Nested(inner) => column(inner),
        _ => None,
    }
}
