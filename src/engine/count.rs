//! Affected-row counts and the client's info line, as each vendor reports them, computed from
//! the rows the store saw change.

use super::store::{ChangeKind, RowChange};
use crate::dialect::{Dialect, InsertMode, PlanKind};

/// What a write statement reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    pub affected: Option<u64>,
    pub info: Option<String>,
    /// Warnings the statement raised (MySQL prints their count after the affected rows).
    pub warnings: u64,
}

pub fn count(
    dialect: Dialect,
    kind: &PlanKind,
    changes: &[RowChange],
    source_rows: Option<u64>,
) -> Counted {
    match kind {
        PlanKind::Insert {
            table,
            mode,
            multi_row_source,
            ..
        } => {
            let mut inserted = 0u64;
            let mut updated_changed = 0u64;
            let mut updated_same = 0u64;
            let mut deleted = 0u64;
            let mut replaced_records = 0u64;
            let mut pending_delete = false;
            for c in on_table(changes, table) {
                match c.kind {
                    ChangeKind::Insert => {
                        inserted += 1;
                        if pending_delete {
                            replaced_records += 1;
                        }
                        pending_delete = false;
                    }
                    ChangeKind::Delete => {
                        deleted += 1;
                        pending_delete = true;
                    }
                    ChangeKind::Update if c.old == c.new && c.old_rowid == c.new_rowid => {
                        updated_same += 1
                    }
                    ChangeKind::Update => updated_changed += 1,
                }
            }
            let updated = updated_changed + updated_same;
            let affected = match mode {
                InsertMode::Replace if dialect.replace_counts_deleted_rows() => inserted + deleted,
                _ if dialect.upsert_update_counts_two() => inserted + 2 * updated_changed,
                _ => inserted + updated,
            };
            let (records, duplicates) = match mode {
                InsertMode::Replace => (inserted, replaced_records),
                InsertMode::Upsert => (inserted + updated, updated),
                InsertMode::Ignore => {
                    let records = source_rows.unwrap_or(inserted);
                    (records, records.saturating_sub(inserted))
                }
                InsertMode::Plain => (inserted, 0),
            };
            // MySQL turns each row INSERT IGNORE skips into a warning.
            let warnings = if *mode == InsertMode::Ignore {
                duplicates
            } else {
                0
            };
            let info = if *multi_row_source {
                dialect.insert_info(records, duplicates, warnings)
            } else {
                None
            };
            Counted {
                affected: Some(affected),
                info,
                warnings,
            }
        }
        PlanKind::Update { table } => {
            let matched = on_table(changes, table)
                .filter(|c| c.kind == ChangeKind::Update)
                .count() as u64;
            let changed = on_table(changes, table)
                .filter(|c| c.kind == ChangeKind::Update && c.writes())
                .count() as u64;
            Counted {
                affected: Some(if dialect.update_counts_changed_rows() {
                    changed
                } else {
                    matched
                }),
                info: dialect.update_info(matched, changed),
                warnings: 0,
            }
        }
        // No server reports a row count for TRUNCATE (the MySQL client's "0 rows affected"
        // is its text for any statement without one).
        PlanKind::Delete { truncate: true, .. } => Counted {
            affected: None,
            info: None,
            warnings: 0,
        },
        PlanKind::Delete { table, .. } => Counted {
            affected: Some(
                on_table(changes, table)
                    .filter(|c| c.kind == ChangeKind::Delete)
                    .count() as u64,
            ),
            info: None,
            warnings: 0,
        },
        _ => Counted {
            affected: None,
            info: None,
            warnings: 0,
        },
    }
}

fn on_table<'a>(changes: &'a [RowChange], table: &'a str) -> impl Iterator<Item = &'a RowChange> {
    changes
        .iter()
        .filter(move |c| c.table.eq_ignore_ascii_case(table))
}
