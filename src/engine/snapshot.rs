//! Tables as the UI draws them after a statement: every row, marked with what the statement
//! did to it, and the rows it deleted kept as ghosts.

use super::store::{ChangeKind, RowChange, StoredTable};
use crate::trace::{Mark, RowView, Rows, TableView};
use std::collections::HashMap;

/// Every table after a statement, rows marked with what `changes` did; rows equal to those of
/// the same table in `previous` (the picture before) share its memory.
pub fn table_views(
    tables: Vec<StoredTable>,
    changes: &[RowChange],
    previous: &[TableView],
) -> Vec<TableView> {
    tables
        .into_iter()
        .map(|t| {
            let mine: Vec<&RowChange> = changes
                .iter()
                .filter(|c| c.table.eq_ignore_ascii_case(&t.name))
                .collect();
            // The changes that leave a row behind, by the rowid they leave it at: a statement
            // may touch every row of a large table, so each row finds its own at once.
            let mut touching: HashMap<i64, Vec<&RowChange>> = HashMap::new();
            for c in mine.iter().filter(|c| c.kind != ChangeKind::Delete) {
                touching.entry(c.new_rowid).or_default().push(c);
            }
            let mut rows: Vec<RowView> = t
                .rows
                .into_iter()
                .map(|(rowid, values)| RowView {
                    mark: mark_of(&values, touching.get(&rowid), &t.columns),
                    rowid,
                    values,
                })
                .collect();
            // Where each rowid is drawn (a ghost may share its rowid with a live row).
            let mut drawn: HashMap<i64, Vec<usize>> = HashMap::new();
            for (i, r) in rows.iter().enumerate() {
                drawn.entry(r.rowid).or_default().push(i);
            }
            for c in mine.iter().filter(|c| c.kind == ChangeKind::Delete) {
                let replaced_in_place = drawn
                    .get(&c.old_rowid)
                    .is_some_and(|at| at.iter().any(|&i| rows[i].values == c.old));
                if !replaced_in_place {
                    drawn.entry(c.old_rowid).or_default().push(rows.len());
                    rows.push(RowView {
                        rowid: c.old_rowid,
                        values: c.old.clone(),
                        mark: Mark::Deleted,
                    });
                }
            }
            let before = previous.iter().find(|p| p.name == t.name).map(|p| &p.rows);
            TableView {
                rows: Rows::new(rows, before),
                name: t.name,
                columns: t.columns,
            }
        })
        .collect()
}

fn mark_of(
    values: &[crate::trace::Value],
    touching: Option<&Vec<&RowChange>>,
    columns: &[String],
) -> Mark {
    let touching = touching.map(Vec::as_slice).unwrap_or_default();
    if touching.iter().any(|c| c.kind == ChangeKind::Insert) {
        return Mark::Inserted;
    }
    let Some(first) = touching.first() else {
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
