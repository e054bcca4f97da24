//! MariaDB's UPDATE of a unique key's column, one row at a time (`Plan::row_by_row`). InnoDB
//! writes the rows in the order it reaches them and checks each row's keys as it writes it:
//! `SET pos = pos + 1 ORDER BY pos DESC` succeeds there, and `SET pos = pos - 1 ORDER BY pos
//! DESC` fails at its first row; SQLite, writing in rowid order, would answer the other way
//! round. The lab writes the rows in InnoDB's order, one statement each. The row that fails
//! names the value in the server's 1062 (`Duplicate entry '20' for key 'PRIMARY'`), and the
//! check leaves the shared lock an INSERT's would on the row it met (`duplicate_locks.rs`).

use super::{Exec, Lab};
use crate::dialect::catalog::ident;
use crate::dialect::plan::RowByRow;
use crate::dialect::{Plan, PlanKind};
use crate::engine::errors::vendor_error;
use crate::engine::locks::{RowRef, TxnId};
use crate::engine::store::{Executed, StoreError};
use crate::engine::undo::literal;
use crate::trace::{ErrorClass, Value};

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
        let found =
            (self.store.query(&sql)).map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        let mut done = Executed::default();
        for r in found.1 {
            let Some(Value::Int(rowid)) = r.first() else {
                continue;
            };
            match self.store.run_raw(&[format!("{}{rowid}", rows.update)]) {
                Ok(e) => done.changes.extend(e.changes),
                Err(e) => {
                    return Err(Exec::Done(self.failed_row(
                        s,
                        txn,
                        plan,
                        (rows, *rowid),
                        &e,
                    )))
                }
            }
        }
        Ok(done)
    }

    /// The failure of the UPDATE's row `rowid`: a duplicate key names the row's new value
    /// (`vendor_error` reads it from that row's new values), and leaves its shared lock on the
    /// row it met.
    fn failed_row(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        (rows, rowid): (&RowByRow, i64),
        e: &StoreError,
    ) -> super::Finished {
        let new = (self.store.query(&format!("{}{rowid}", rows.new_row)))
            .map_or_else(|_| Vec::new(), |(_, r)| r);
        let source = Some(&new[..]);
        let err = vendor_error(
            self.dialect,
            e,
            (&plan.kind, source),
            &self.catalog,
            &self.store,
        );
        if err.class == ErrorClass::UniqueViolation {
            if let Some((met, index)) = new.first().and_then(|n| self.met_by_update(plan, n, rowid))
            {
                self.lock_duplicate(txn, met, index);
            }
        }
        self.fail_with(s, err)
    }

    /// The row that the new values `new` of row `rowid` meet on a unique key, the first in
    /// the order InnoDB checks them, and that key's index (as `TableDef::innodb_keys`
    /// numbers them).
    fn met_by_update(&self, plan: &Plan, new: &[Value], rowid: i64) -> Option<(RowRef, usize)> {
        let PlanKind::Update { table } = &plan.kind else {
            return None;
        };
        let def = self.catalog.table(table)?;
        let first = usize::from(def.primary_key.is_none());
        for (k, key) in def.unique_keys().enumerate() {
            let same: Vec<String> = (key.columns.iter())
                .filter_map(|c| {
                    let i = (def.columns.iter()).position(|d| d.name.eq_ignore_ascii_case(c))?;
                    Some(format!("{} = {}", ident(c), literal(&new[i])))
                })
                .collect();
            let sql = format!(
                "SELECT rowid FROM {} WHERE {} AND rowid <> {rowid}",
                ident(&def.name),
                same.join(" AND ")
            );
            if let Ok((_, met)) = self.store.query(&sql) {
                if let Some(Value::Int(m)) = met.first().and_then(|r| r.first()) {
                    let row = RowRef {
                        table: def.name.clone(),
                        rowid: *m,
                    };
                    return Some((row, first + k));
                }
            }
        }
        None
    }
}
