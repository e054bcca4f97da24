//! Tables as the UI draws them after a statement: every row, marked with what the statement
//! did to it, and the rows it deleted kept as ghosts.

use super::store::{ChangeKind, RowChange, StoredTable};
use crate::trace::{Mark, RowView, Rows, TableView};

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
            let mut rows: Vec<RowView> = t
                .rows
                .into_iter()
                .map(|(rowid, values)| RowView {
                    mark: mark_of(rowid, &values, &mine, &t.columns),
                    rowid,
                    values,
                })
                .collect();
            for c in mine.iter().filter(|c| c.kind == ChangeKind::Delete) {
                let replaced_in_place = rows
                    .iter()
                    .any(|r| r.rowid == c.old_rowid && r.values == c.old);
                if !replaced_in_place {
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
    rowid: i64,
    values: &[crate::trace::Value],
    changes: &[&RowChange],
    columns: &[String],
) -> Mark {
    let touching: Vec<&&RowChange> = changes
        .iter()
        .filter(|c| c.kind != ChangeKind::Delete && c.new_rowid == rowid)
        .collect();
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
