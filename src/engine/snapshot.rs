//! Tables as the UI draws them after a statement: every row, marked with what the statement
//! did to it, and the rows it deleted kept as ghosts.

use super::store::{ChangeKind, RowChange, StoredTable};
use crate::dialect::catalog::Catalog;
use crate::dialect::plan::TextForm;
use crate::dialect::text_forms::of_stored_column;
use crate::dialect::Dialect;
use crate::trace::{Mark, RowView, Rows, TableView, Value};
use crate::vec_map::VecMap;

/// How the server prints each column of `table` (`columns`, the store's): a DATETIME(6) with
/// its six digits of a second, a DECIMAL(10,2) with two, a PostgreSQL boolean as t or f.
pub fn column_forms(
    (catalog, dialect): (&Catalog, Dialect),
    table: &str,
    columns: &[String],
) -> Vec<Option<TextForm>> {
    let def = catalog.table(table);
    columns
        .iter()
        .map(|c| {
            let column = def.and_then(|d| d.column(c))?;
            of_stored_column(dialect, column)
        })
        .collect()
}

/// `values` as the server prints them.
pub fn printed(values: &[Value], forms: &[Option<TextForm>]) -> Vec<Value> {
    let mut out = values.to_vec();
    for (v, form) in out.iter_mut().zip(forms) {
        if let Some(f) = form {
            f.apply(v);
        }
    }
    out
}

/// Every table after a statement, rows marked with what `changes` did, values as the server
/// prints them (`column_forms`); rows equal to those of the same table in `previous` (the
/// picture before) share its memory.
pub fn table_views(
    tables: Vec<StoredTable>,
    changes: &[RowChange],
    previous: &[TableView],
    vendor: (&Catalog, Dialect),
) -> Vec<TableView> {
    tables
        .into_iter()
        .map(|t| {
            let forms = column_forms(vendor, &t.name, &t.columns);
            let mine: Vec<&RowChange> = changes
                .iter()
                .filter(|c| c.table.eq_ignore_ascii_case(&t.name))
                .collect();
            // The changes that leave a row behind, by the rowid they leave it at: a statement
            // may touch every row of a large table, so each row finds its own at once.
            // (Indexes into `mine`; sorted vectors rather than hash maps, whose code would
            // weigh on the download. Changes and rows come mostly in rowid order, so the
            // vectors grow at their ends.)
            let mut touching: VecMap<i64, Vec<usize>> = VecMap::new();
            for (i, c) in mine.iter().enumerate() {
                if c.kind != ChangeKind::Delete {
                    touching.get_or_insert_with(c.new_rowid, Vec::new).push(i);
                }
            }
            let mut rows: Vec<RowView> = t
                .rows
                .into_iter()
                .map(|(rowid, values)| RowView {
                    mark: mark_of(&values, &mine, touching.get(&rowid), &t.columns),
                    rowid,
                    values: printed(&values, &forms),
                })
                .collect();
            // Where each rowid is drawn (a ghost may share its rowid with a live row): the
            // live rows, and the ghosts apart, so that a ghost never shifts the live ones.
            let mut live: VecMap<i64, Vec<usize>> = VecMap::new();
            for (i, r) in rows.iter().enumerate() {
                live.get_or_insert_with(r.rowid, Vec::new).push(i);
            }
            let mut ghosts: VecMap<i64, Vec<usize>> = VecMap::new();
            for c in mine.iter().filter(|c| c.kind == ChangeKind::Delete) {
                let old = printed(&c.old, &forms);
                let at = [live.get(&c.old_rowid), ghosts.get(&c.old_rowid)];
                let replaced_in_place =
                    (at.into_iter().flatten().flatten()).any(|&i| rows[i].values == old);
                if !replaced_in_place {
                    ghosts
                        .get_or_insert_with(c.old_rowid, Vec::new)
                        .push(rows.len());
                    rows.push(RowView {
                        rowid: c.old_rowid,
                        values: old,
                        mark: Mark::Deleted,
                    });
                }
            }
            let before = previous.iter().find(|p| p.name == t.name).map(|p| &p.rows);
            let schema = vendor.0.table(&t.name).and_then(|d| d.schema.clone());
            TableView {
                rows: Rows::new(rows, before),
                schema,
                name: t.name,
                columns: t.columns,
            }
        })
        .collect()
}

fn mark_of(
    values: &[crate::trace::Value],
    mine: &[&RowChange],
    touching: Option<&Vec<usize>>,
    columns: &[String],
) -> Mark {
    let touching = touching.map(Vec::as_slice).unwrap_or_default();
    if touching.iter().any(|&i| mine[i].kind == ChangeKind::Insert) {
        return Mark::Inserted;
    }
    let Some(first) = touching.first().map(|&i| mine[i]) else {
        return Mark::Unchanged;
    };
    // Compare what the row was before the statement with what it is now.
    let changed: Vec<String> = columns
        .iter()
        .enumerate()
        .filter(|(i, _)| first.old.get(*i) != values.get(*i))
        .map(|(_, c)| c.clone())
        .collect();
    Mark::Updated(changed)
}
