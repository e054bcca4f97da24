//! MariaDB's (InnoDB's) foreign-key checks ([`crate::dialect::catalog::ForeignKeyDef`]), run
//! row by row as the statement changes them, each a locking read of the newest rows:
//! - a child row inserted, or updated to another key, needs its parent row: InnoDB locks it
//!   shared (record only), so the check waits for any transaction that updated, deleted or
//!   inserted it and has not committed (a shared lock conflicts with every write, unlike
//!   PostgreSQL's FOR KEY SHARE), and a parent not there fails the statement (1452);
//! - a parent row deleted, or its key changed, looks for children in the column's index:
//!   each is locked shared and fails the statement (1451), or, with ON DELETE CASCADE and a
//!   delete, locked exclusive and deleted with it (their own keys checked in turn).
//!
//! At REPEATABLE READ each search also locks the gap where its key ends (a parent's missing
//! key, the children's key), so inserts there by others wait; at READ COMMITTED it does not.
//! Checked against MariaDB 10.11 (specs my-foreign-key-rc, my-foreign-key-rr).

use super::foreign_keys::Check;
use super::{Exec, Lab, Resume};
use crate::dialect::catalog::ident;
use crate::dialect::foreign_keys;
use crate::dialect::plan::Isolation;
use crate::dialect::Plan;
use crate::engine::locks::{key_order, GapLock, LockMode, RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};
use crate::engine::txn::TxnState;
use crate::trace::Value;

impl Lab {
    /// The foreign-key checks of the rows in `changes`, in order; rows a cascade deletes are
    /// added to `changes` (and checked in their turn).
    #[allow(clippy::result_large_err)]
    pub(super) fn check_innodb_foreign_keys(
        &mut self,
        (s, txn, plan): (usize, TxnId, &Plan),
        changes: &mut Vec<RowChange>,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let gaps = matches!(
            self.txn_mode(txn).0,
            Isolation::RepeatableRead | Isolation::Serializable
        );
        let mut i = 0;
        while i < changes.len() {
            for check in self.checks_of(&changes[i]) {
                let (child, fk, value, parent, deleted) = match check {
                    Check::Parent(child, fk, value) => (child, fk, value, true, false),
                    Check::Children(child, fk, value, deleted) => {
                        (child, fk, value, false, deleted)
                    }
                };
                let cascade = fk.cascade && deleted;
                let (table, column) = if parent {
                    (&fk.parent, &fk.parent_column)
                } else {
                    (&child, &fk.column)
                };
                let key = (table.as_str(), column.as_str(), &value);
                let found = self.rows_with(table, column, &value);
                let mode = if cascade {
                    LockMode::InnoExclusive
                } else {
                    LockMode::InnoShared
                };
                let why = if cascade {
                    super::foreign_keys::cascade_of(&fk)
                } else {
                    super::foreign_keys::check_of(&fk)
                };
                self.lock_key(txn, key, (&found, mode, &why), resume)?;
                let fails = found.is_empty() == parent && !cascade;
                // A search for the parent's key locks the gap where it found none; one for
                // children, the gap after the last (it stops at the first if that fails).
                if gaps && fails == parent {
                    self.lock_key_gap(txn, key);
                }
                if fails {
                    let e = foreign_keys::innodb_fails(parent, &child, &fk);
                    return Err(Exec::Done(self.fail_with(s, e)));
                }
                if cascade && !found.is_empty() {
                    let deleted = self
                        .delete_children(&child, &found)
                        .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
                    changes.extend(deleted);
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// Locks the rows `found` with key `value` in `mode`, after waiting for every other
    /// transaction that has written a row with that key and not committed (an insert, an
    /// update to or from it, a delete): InnoDB meets those entries in the index too.
    #[allow(clippy::result_large_err)]
    fn lock_key(
        &mut self,
        txn: TxnId,
        (table, column, value): (&str, &str, &Value),
        (found, mode, why): (&[i64], LockMode, &str),
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let written = self.written_with(txn, (table, column, value));
        for &rowid in written.iter().chain(found) {
            let row = RowRef {
                table: table.to_string(),
                rowid,
            };
            self.lock_or_wait(txn, (row, mode), why, resume)?;
        }
        Ok(())
    }

    /// The rows of `table` open transactions other than `txn` changed to or from `value` in
    /// `column` (each holds them locked: locking one waits), the values compared as the
    /// column's index compares them (MariaDB's default collation ignores case).
    fn written_with(&self, txn: TxnId, (table, column, value): (&str, &str, &Value)) -> Vec<i64> {
        let columns = self.store.columns(table);
        let Some(i) = columns.iter().position(|c| c.eq_ignore_ascii_case(column)) else {
            return Vec::new();
        };
        let def = self.catalog.table(table).and_then(|t| t.column(column));
        let has = |row: &[Value]| {
            row.get(i).is_some_and(|v| match def {
                Some(col) => col.same_key(v, value),
                None => v == value,
            })
        };
        let open = |w: TxnId| {
            self.txns
                .get(w)
                .is_some_and(|t| t.state == TxnState::Active)
        };
        let rows = self.history.iter().filter(|(w, c)| {
            *w != txn
                && open(*w)
                && c.table.eq_ignore_ascii_case(table)
                && ((c.kind != ChangeKind::Insert && has(&c.old))
                    || (c.kind != ChangeKind::Delete && has(&c.new)))
        });
        rows.map(|(_, c)| super::row_of(c).rowid).collect()
    }

    /// ON DELETE CASCADE: deletes the child rows `rowids` of `table`, returning the changes.
    pub(super) fn delete_children(
        &self,
        table: &str,
        rowids: &[i64],
    ) -> Result<Vec<RowChange>, crate::engine::store::StoreError> {
        let list: Vec<String> = rowids.iter().map(i64::to_string).collect();
        let sql = format!(
            "DELETE FROM {} WHERE rowid IN ({})",
            ident(table),
            list.join(", ")
        );
        Ok(self.store.run_raw(&[sql])?.changes)
    }

    /// The gap lock of a search for `value` in the index that starts with `column`: from the
    /// last entry up to `value` (a parent's missing key) or holding it (children) to the next.
    fn lock_key_gap(&mut self, txn: TxnId, (table, column, value): (&str, &str, &Value)) {
        let Some(def) = self.catalog.table(table) else {
            return;
        };
        let keys = def.innodb_keys();
        let starts = |k: &Vec<String>| k.first().is_some_and(|c| c.eq_ignore_ascii_case(column));
        let Some(index) = keys.iter().position(starts) else {
            return;
        };
        let fields: Vec<String> = keys[index].iter().map(|c| ident(c)).collect();
        // In index order: SQLite sorts NULL first, and MariaDB's strings by the engine's
        // collation of InnoDB's.
        let fields = fields.join(", ");
        let sql = format!("SELECT {fields} FROM {} ORDER BY {fields}", ident(table));
        let entries = self
            .store
            .query(&sql)
            .map(|(_, rows)| rows)
            .unwrap_or_default();
        let after =
            entries.partition_point(|e| key_order(&e[..1], std::slice::from_ref(value)).is_le());
        let gap = GapLock {
            txn,
            table: def.name.clone(),
            index,
            low: after.checked_sub(1).map(|i| entries[i].clone()),
            high: entries.get(after).cloned(),
            record: None,
        };
        self.locks.grant_gap(gap);
    }
}
