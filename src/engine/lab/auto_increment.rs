//! MySQL's AUTO_INCREMENT as InnoDB hands it out (`innodb_autoinc_lock_mode` 1, MariaDB's
//! default), recorded in `my-autoinc-gaps`. The counter stands outside every transaction:
//! - a VALUES list of N rows reserves N values when its first row asks for one; an
//!   `INSERT ... SELECT` reserves 1, then 2, 4, ... as it runs out; what a statement reserved
//!   is gone whether it inserts, fails or is rolled back later;
//! - the rows it inserts take the reserved values in order: a row ignored (INSERT IGNORE) or
//!   turned into an update (ON DUPLICATE KEY UPDATE) gives its value to the next row;
//! - a statement that waits for a row it writes has drawn its values before the wait and
//!   keeps them; one that waits in its reads (a locking subquery) draws after the wait.
//!
//! SQLite's AUTOINCREMENT (`sqlite_sequence`) keeps the counter, so a rewind puts it back with
//! the rows. SQLite numbers every row it processes, ignored ones too, so the rows a statement
//! inserted are renumbered to the values InnoDB gives them, and the counter is set to the end
//! of the reservation.

use super::{Exec, Lab, Resume};
use crate::dialect::catalog::ident;
use crate::dialect::plan::{AutoIds, Plan};
use crate::engine::store::{Executed, RowChange};
use crate::ids::ChangeKind;
use crate::trace::{ErrorClass, Outcome, Value};

/// A statement into a table with an AUTO_INCREMENT column whose rows all ask for a value.
pub(super) struct AutoRun {
    ids: AutoIds,
    /// The first value the statement draws.
    first: i64,
    /// SQLite's counter before the statement ran, and right after (before any rollback).
    sqlite_before: i64,
    sqlite_after: i64,
    /// The SQLite id of the last row the statement inserted (0: none).
    sqlite_last_insert: i64,
    /// Rows it inserted before it failed (the changes SQLite logged).
    inserted_before_failure: i64,
}

impl Lab {
    /// Before a statement runs: where its values start (kept from its first try).
    pub(super) fn auto_start(&self, plan: &Plan, resume: &Resume) -> Option<AutoRun> {
        let ids = plan.auto_ids.as_ref().filter(|a| a.automatic)?;
        let before = self.auto_last(&ids.table);
        Some(AutoRun {
            ids: ids.clone(),
            first: resume.auto_first.unwrap_or(before + 1),
            sqlite_before: before,
            sqlite_after: before,
            sqlite_last_insert: 0,
            inserted_before_failure: 0,
        })
    }

    /// Right after the statement ran in SQLite, whether it failed or not.
    pub(super) fn auto_ran(&self, run: &mut AutoRun) {
        run.sqlite_after = self.auto_last(&run.ids.table);
        run.inserted_before_failure = self.store.logged_inserts(&run.ids.table) as i64;
    }

    /// The rows the statement inserted take the values InnoDB gives them (`in_place`: in the
    /// tables too, not only in the changes).
    pub(super) fn auto_number(&self, run: &mut AutoRun, exec: &mut Executed, in_place: bool) {
        let columns = self.store.columns(&run.ids.table);
        let Some(at) = columns
            .iter()
            .position(|c| self.is_auto_column(&run.ids.table, c))
        else {
            return;
        };
        let table = &run.ids.table;
        let inserts = exec
            .changes
            .iter_mut()
            .filter(|c| c.kind == ChangeKind::Insert && c.table.eq_ignore_ascii_case(table));
        let mut moved: Vec<(i64, i64)> = Vec::new();
        for (value, c) in (run.first..).zip(inserts) {
            run.sqlite_last_insert = c.new_rowid;
            if c.new_rowid != value {
                moved.push((c.new_rowid, value));
                set_id(c, at, value);
            }
        }
        if moved.is_empty() {
            return;
        }
        if let Some(col) = exec.columns.as_ref().and_then(|cols| {
            cols.iter()
                .position(|c| self.is_auto_column(&run.ids.table, c))
        }) {
            for row in &mut exec.rows {
                if let Some(Value::Int(v)) = row.get_mut(col) {
                    if let Some((_, to)) = moved.iter().find(|(from, _)| from == v) {
                        *v = *to;
                    }
                }
            }
        }
        if in_place {
            // Ascending: each value moves down into one no row holds (the statement's own
            // rows sit at or above the values they get).
            let table = ident(&run.ids.table);
            for (from, to) in &moved {
                let _ = self.store.exec(&format!(
                    "UPDATE {table} SET rowid = {to} WHERE rowid = {from}"
                ));
            }
            self.store.discard_changes();
        }
    }

    /// After the statement: the counter past what it reserved; a waiter keeps its values.
    pub(super) fn auto_settle(&self, run: AutoRun, exec: &mut Exec) {
        let reserved = match exec {
            // InnoDB draws at the statement's first row, after its reads: one that waits in
            // them has drawn nothing yet, and a statement that inserts meanwhile draws first
            // (`my-autoinc-read-wait`).
            Exec::Wait(_, resume) if resume.read_waited => 0,
            Exec::Wait(_, resume) => {
                resume.auto_first = Some(run.first);
                reservation(run.ids.rows, 1)
            }
            Exec::Done(f) => match &f.outcome {
                Outcome::Ok(_) => {
                    let inserted = self.inserted(&run, &f.changes);
                    // SQLite numbered a row after the last one inserted: that row gave its
                    // value back, drawn all the same.
                    let trailing = if inserted > 0 {
                        run.sqlite_after > run.sqlite_last_insert
                    } else {
                        run.sqlite_after > run.sqlite_before
                    };
                    reservation(run.ids.rows, inserted + i64::from(trailing))
                }
                Outcome::Error(e) if e.class == ErrorClass::UniqueViolation => {
                    reservation(run.ids.rows, run.inserted_before_failure + 1)
                }
                // Nothing drawn, or drawn before a wait and already counted then.
                Outcome::Error(_) => return,
            },
        };
        // SQLite's own numbering of the statement's rows does not count; the counter before it
        // does (another statement may have drawn past a waiter's values meanwhile).
        let last = (run.first - 1 + reserved).max(run.sqlite_before);
        self.set_auto_last(&run.ids.table, last);
    }

    fn inserted(&self, run: &AutoRun, changes: &[RowChange]) -> i64 {
        changes
            .iter()
            .filter(|c| {
                c.kind == ChangeKind::Insert && c.table.eq_ignore_ascii_case(&run.ids.table)
            })
            .count() as i64
    }

    fn is_auto_column(&self, table: &str, column: &str) -> bool {
        self.catalog.table(table).is_some_and(|d| {
            d.columns
                .iter()
                .any(|c| c.auto_increment && c.name.eq_ignore_ascii_case(column))
        })
    }

    /// The last value handed out: `sqlite_sequence`'s, or the largest id if that is larger.
    fn auto_last(&self, table: &str) -> i64 {
        let sql = format!(
            "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = {}), 0), coalesce((SELECT max(rowid) FROM {}), 0))",
            super::super::undo::literal(&Value::Text(table.to_string())),
            ident(table)
        );
        match self.store.query(&sql) {
            Ok((_, rows)) => match rows.first().and_then(|r| r.first()) {
                Some(Value::Int(n)) => *n,
                _ => 0,
            },
            Err(_) => 0,
        }
    }

    fn set_auto_last(&self, table: &str, last: i64) {
        let name = super::super::undo::literal(&Value::Text(table.to_string()));
        let _ = self.store.exec(&format!(
            "DELETE FROM sqlite_sequence WHERE name = {name}; INSERT INTO sqlite_sequence (name, seq) VALUES ({name}, {last})"
        ));
    }
}

/// How many values a statement reserved by the time it drew its `draws`-th: a VALUES list
/// all its rows at once (`rows`), `INSERT ... SELECT` 1, 2, 4, ... (InnoDB's handler doubles
/// each request, up to 65,536 values).
fn reservation(rows: Option<u64>, draws: i64) -> i64 {
    if draws <= 0 {
        return 0;
    }
    if let Some(n) = rows {
        return i64::try_from(n).unwrap_or(i64::MAX).max(draws);
    }
    let (mut total, mut size) = (0i64, 1i64);
    while total < draws {
        total += size;
        size = (size * 2).min(65_536);
    }
    total
}

fn set_id(c: &mut RowChange, at: usize, id: i64) {
    c.new_rowid = id;
    if let Some(v) = c.new.get_mut(at) {
        *v = Value::Int(id);
    }
}

#[cfg(test)]
mod tests {
    use super::reservation;

    #[test]
    fn a_values_list_reserves_its_rows_and_a_select_doubles() {
        assert_eq!(reservation(Some(3), 1), 3);
        assert_eq!(reservation(Some(3), 0), 0);
        assert_eq!(reservation(None, 1), 1);
        assert_eq!(reservation(None, 3), 3);
        assert_eq!(reservation(None, 4), 7);
        assert_eq!(reservation(None, 8), 15);
    }
}
