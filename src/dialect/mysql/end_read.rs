//! InnoDB's read of one end of an index. The ring push `INSERT ... SELECT coalesce(max(id),
//! -1) + 1, ... FROM q` reads only the last entry of the index on `id`: at REPEATABLE READ it
//! locks that row (shared) and, first, the gaps from the entry before it to the index's end,
//! so a second push of the first producer waits for it. `min(id)` reads the first entry. The
//! other rows stay free, where a scan of the whole table (`locks::source_scan`) locks them all.

use super::super::catalog::{ident, Catalog};
use super::super::exprs::{call_args, last_ident};
use super::super::locks::{GapScan, LockRead, RangeEnd, WriteScan};
use crate::sql::Duplicate;
use sqlparser::ast::{Expr, GroupByExpr, Query, SetExpr, TableFactor};
use std::ops::ControlFlow;

/// The end `q` reads, if it is such a read (`SELECT max(id) FROM q`, no WHERE, `id` leading
/// an index): the table, the column, whether it is max(), and the index.
struct EndRead {
    table: String,
    column: String,
    max: bool,
    index: usize,
}

fn end_read(q: &Query, catalog: &Catalog) -> Option<EndRead> {
    let SetExpr::Select(select) = q.body.as_ref() else {
        return None;
    };
    let plain = select.selection.is_none()
        && select.having.is_none()
        && select.distinct.is_none()
        && matches!(&select.group_by, GroupByExpr::Expressions(g, _) if g.is_empty());
    let ([from], true) = (select.from.as_slice(), plain) else {
        return None;
    };
    let TableFactor::Table { name, .. } = &from.relation else {
        return None;
    };
    if !from.joins.is_empty() {
        return None;
    }
    let table = last_ident(name);
    let def = catalog.table(&table)?;
    let (column, max) = only_extreme(select)?;
    let index = def
        .innodb_keys()
        .iter()
        .position(|k| k.first().is_some_and(|c| c.eq_ignore_ascii_case(&column)))?;
    Some(EndRead {
        table: def.name.clone(),
        column,
        max,
        index,
    })
}

/// Whether `q` reads one end of an index. As a subquery MariaDB's optimizer reads it before
/// the statement runs (its plan says "Select tables optimized away"), locking nothing.
pub fn reads_index_end(q: &Query, catalog: &Catalog) -> bool {
    end_read(q, catalog).is_some()
}

/// The lock read of an INSERT's source query that is such a read, if it is one.
pub fn of_insert_source(q: &Query, catalog: &Catalog, id: usize) -> Option<LockRead> {
    let EndRead {
        table,
        column,
        max,
        index,
    } = end_read(q, catalog)?;
    let def = catalog.table(&table)?;
    let keys = def.innodb_keys();
    let t = ident(&table);
    let c = ident(&column);
    let (direction, extreme, inside, before) = if max {
        ("DESC", "max", ">=", "<")
    } else {
        ("ASC", "min", "<=", "<")
    };
    let rowid_sql = format!(
        "SELECT rowid AS ql_rowid FROM {t} ORDER BY {c} {direction}, rowid {direction} LIMIT 1"
    );
    let end_value = format!("(SELECT {extreme}({c}) FROM {t})");
    let fields: Vec<String> = keys[index].iter().map(|k| ident(k)).collect();
    let below = if max {
        format!("{c} {before} {end_value}")
    } else {
        "0".into()
    };
    let entries_sql = format!(
        "SELECT rowid, {}, CASE WHEN ({below}) THEN 1 ELSE 0 END, CASE WHEN ({c} {inside} {end_value}) THEN 1 ELSE 0 END FROM {t} ORDER BY {}",
        fields.join(", "),
        fields.join(", ")
    );
    // min(): the scan stops at the first entry, locking the gap before it only.
    let limit = (!max).then_some(1);
    Some(LockRead {
        repeatable_read_only: true,
        write_scan: Some(WriteScan {
            matching_sql: rowid_sql.clone(),
            changing_sql: None,
            semi_consistent: false,
            changes_as_read: true,
            buffered: false,
            keeps_range_end: false,
        }),
        gaps: Some(GapScan {
            index,
            entries_sql,
            key_len: fields.len(),
            ranges: 1,
            end: RangeEnd::Range,
            from_end: max,
            end_row: index == 0,
            descending: false,
            may_scan_table: false,
        }),
        ..LockRead::plain(id, def.name.clone(), rowid_sql, limit)
    })
}

/// The one column every column reference of the select list is the argument of max() (or
/// of min()), and whether it is max; `None` for any other list.
fn only_extreme(select: &sqlparser::ast::Select) -> Option<(String, bool)> {
    let mut items = select.projection.duplicate();
    let (mut names, mut extremes) = (0usize, Vec::new());
    super::super::walk::exprs(&mut items, &mut |e| {
        match e {
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => names += 1,
            _ => {
                for (f, max) in [("max", true), ("min", false)] {
                    if let Some([Expr::Identifier(i)]) = call_args(e, f).as_deref() {
                        extremes.push((i.value.clone(), max));
                    }
                }
            }
        }
        ControlFlow::<()>::Continue(())
    });
    let (first, rest) = extremes.split_first()?;
    let same = rest
        .iter()
        .all(|(c, m)| c.eq_ignore_ascii_case(&first.0) && *m == first.1);
    (same && names == extremes.len()).then(|| first.clone())
}
