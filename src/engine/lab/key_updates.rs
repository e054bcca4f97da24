//! MariaDB's UPDATE of a unique key's column, one row at a time (`Plan::row_by_row`). InnoDB
//! writes the rows in the order it reaches them and checks each row's keys as it writes it:
//! `SET pos = pos + 1 ORDER BY pos DESC` succeeds there, and `SET pos = pos - 1 ORDER BY pos
//! DESC` fails at its first row; SQLite, writing in rowid order, would answer the other way
//! round. The lab writes the rows in InnoDB's order, one statement each. A row that meets
//! another on a unique key ends the statement with the server's 1062, which names the value
//! (`Duplicate entry '20' for key 'PRIMARY'`), and the check leaves the shared lock an
//! INSERT's would on the row it met (`duplicate_locks.rs`). (Not `UPDATE OR REPLACE` for
//! every row: where a NOT NULL column with a default is set to NULL, it writes the default
//! where the server answers 1048.)

use super::{Exec, Lab};
use crate::dialect::errors::StoreFailure;
use crate::dialect::plan::RowByRow;
use crate::dialect::Plan;
use crate::engine::errors::is_duplicate;
use crate::engine::locks::{RowRef, TxnId};
use crate::engine::store::{ChangeKind, Executed, RowChange, StoreError};
use crate::engine::undo::undo_sql;
use crate::trace::{StepError, Value};

impl Lab {
    /// Runs the UPDATE `plan` as `rows` says, a row at a time, in InnoDB's order: its ORDER
    /// BY's, or without one its scan's (`WriteScan`, which follows its access path).
    #[allow(clippy::result_large_err)]
    pub(super) fn update_row_by_row(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        rows: &RowByRow,
    ) -> Result<Executed, Exec> {
        let scan = (plan.lock_reads.iter()).find_map(|r| {
            let w = r.write_scan.as_ref().filter(|w| w.changes_as_read)?;
            let limit = r.limit.map_or(String::new(), |n| format!(" LIMIT {n}"));
            Some(format!("{}{limit}", w.matching_sql))
        });
        let sql = (scan.filter(|_| !rows.ordered)).unwrap_or_else(|| rows.rows.clone());
        let order =
            (self.store.query(&sql)).map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        let mut done = Executed::default();
        for r in order.1 {
            let Some(Value::Int(rowid)) = r.first() else {
                continue;
            };
            let e = match self.store.run_raw(&[format!("{}{rowid}", rows.update)]) {
                Ok(e) => e,
                Err(e) => {
                    return Err(Exec::Done(self.failed_row(
                        txn,
                        s,
                        plan,
                        (rows, *rowid),
                        &e,
                        done.changes,
                    )))
                }
            };
            done.changes.extend(e.changes);
        }
        Ok(done)
    }

    /// The failure of the UPDATE's row `rowid` (after the rows whose `changes` came before).
    /// On a duplicate key, the row again as `UPDATE OR REPLACE` shows what the key met: it
    /// deletes the row it met, whose key the row's new values share (SQLite's error says only
    /// which key). The statement fails either way: what the replace did is rolled back with it.
    fn failed_row(
        &mut self,
        txn: TxnId,
        s: usize,
        plan: &Plan,
        (rows, rowid): (&RowByRow, i64),
        e: &StoreError,
        mut changes: Vec<RowChange>,
    ) -> super::Finished {
        if !is_duplicate(e) {
            return self.store_failure(s, plan, e);
        }
        let replace = rows.update.replacen("UPDATE", "UPDATE OR REPLACE", 1);
        let tried = self.store.run_raw(&[format!("{replace}{rowid}")]);
        let at = changes.len();
        changes.extend(tried.map(|t| t.changes).unwrap_or_default());
        let Some(met) = (changes[at..].iter()).position(|c| c.kind == ChangeKind::Delete) else {
            return self.store_failure(s, plan, e);
        };
        let (err, lock) = self.duplicate_met(&changes[at + met], &changes[at + met + 1..]);
        // The rows as they were (the statement's end rolls them back anyway): the lock on a
        // secondary key's entry is found among the entries.
        let store = &self.store;
        let _ = store.run_raw(&undo_sql(&changes, &|t| store.columns(t)));
        if let Some((row, index)) = lock {
            self.lock_duplicate(txn, row, index);
        }
        self.fail_with(s, err)
    }

    /// The 1062 of an UPDATE's row (the change after `gone` in `after`) that met the row
    /// `gone` on a unique key, the first in the order InnoDB checks them; and the row and
    /// the index (as `TableDef::innodb_keys` numbers them) of the lock that check leaves.
    fn duplicate_met(
        &self,
        gone: &RowChange,
        after: &[RowChange],
    ) -> (StepError, Option<(RowRef, usize)>) {
        let new = after.iter().find(|c| c.kind == ChangeKind::Update);
        let def = self.catalog.table(&gone.table);
        let found = def.zip(new).and_then(|(def, new)| {
            let first = usize::from(def.primary_key.is_none());
            let at = |c: &String| (def.columns.iter()).position(|d| d.name.eq_ignore_ascii_case(c));
            (def.unique_keys().enumerate()).find_map(|(k, key)| {
                let at: Vec<usize> = key.columns.iter().map(at).collect::<Option<_>>()?;
                let same = |&i: &usize| def.columns[i].same_key(&gone.old[i], &new.new[i]);
                let value: Vec<String> = (at.iter())
                    .map(|&i| new.new[i].text().unwrap_or_else(|| "NULL".into()))
                    .collect();
                let primary = k == 0 && def.primary_key.is_some();
                (at.iter().all(same))
                    .then(|| (first + k, key.name.clone(), primary, value.join("-")))
            })
        });
        let failure = StoreFailure::Duplicate {
            table: gone.table.clone(),
            key: found.as_ref().map_or(String::new(), |f| f.1.clone()),
            primary: found.as_ref().is_some_and(|f| f.2),
            value: found.as_ref().map(|f| f.3.clone()),
        };
        let row = RowRef {
            table: gone.table.clone(),
            rowid: gone.old_rowid,
        };
        let lock = found.map(|(index, ..)| (row, index));
        (self.dialect.store_error(&failure), lock)
    }
}
