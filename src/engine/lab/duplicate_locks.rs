//! The shared lock InnoDB's duplicate check leaves behind. An `INSERT` (or `INSERT IGNORE`)
//! whose row meets a committed row on a unique key fails (or skips that row), and its
//! transaction keeps a shared lock on the entry it met, at READ COMMITTED too (seen on
//! MariaDB 10.11): on the primary key, the row's record alone; on a secondary unique key, a
//! next-key lock on that key's entry, the gap before it included. Another transaction's
//! `FOR UPDATE`, `UPDATE` or `DELETE` of the row waits for it until the first one ends.
//!
//! InnoDB checks the primary key first, then the unique keys in their order, and stops at
//! the first duplicate of a row: a plain `INSERT` ends at its first row that meets one (its
//! rows before are rolled back, their locks with them), `INSERT IGNORE` goes on, each skipped
//! row leaving its lock.

use super::writes::Clash;
use super::Lab;
use crate::dialect::locks::LockRead;
use crate::engine::locks::{GapLock, LockMode, RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};
use crate::trace::Value;

impl Lab {
    /// Where the duplicate checks of an INSERT's rows leave their locks, from `found` as
    /// `key_clashes` gives it (key by key, each key's clashes by the INSERT's row): each row's
    /// first duplicate, the row met and its index; only the first row's (`first_only`: a
    /// plain INSERT, which fails there).
    pub(super) fn duplicates_met(found: &[Clash], first_only: bool) -> Vec<(RowRef, usize)> {
        let first = found.iter().map(|c| c.n).min();
        let mut out: Vec<(RowRef, usize)> = Vec::new();
        let mut rows_done: Vec<i64> = Vec::new();
        for c in found {
            if !rows_done.contains(&c.n) && (!first_only || Some(c.n) == first) {
                rows_done.push(c.n);
                out.push((c.row.clone(), c.index));
            }
        }
        out
    }

    /// Takes the shared lock a failed duplicate check leaves on `row`'s entry in `index`.
    pub(super) fn lock_duplicate(&mut self, txn: TxnId, row: RowRef, index: usize) {
        let Some(def) = self.catalog.table(&row.table) else {
            return;
        };
        if index == 0 {
            let shared = self.dialect.read_lock_mode(false, false);
            self.locks.grant(txn, row, shared);
            return;
        }
        // In index order: SQLite sorts as `lock_key_gap` (innodb_foreign_keys.rs) says.
        let ident = crate::dialect::catalog::ident;
        let fields: Vec<String> = def.innodb_keys()[index].iter().map(|c| ident(c)).collect();
        let fields = fields.join(", ");
        let sql = format!(
            "SELECT rowid, {fields} FROM {} ORDER BY {fields}",
            ident(&def.name)
        );
        let entries = (self.store.query(&sql)).map_or_else(|_| Vec::new(), |(_, rows)| rows);
        let Some(at) = (entries.iter()).position(|e| e.first() == Some(&Value::Int(row.rowid)))
        else {
            return;
        };
        let key = |i: usize| entries[i][1..].to_vec();
        let gap = GapLock {
            txn,
            table: def.name.clone(),
            index,
            low: at.checked_sub(1).map(key),
            high: Some(key(at)),
            record: Some(row.rowid),
        };
        self.locks.grant_gap(gap);
    }

    /// The transactions that keep `txn` from taking `mode` on `row` in a scan through
    /// `read`'s index: those holding the row, and, for an exclusive lock, those holding the
    /// row's entry in that index shared.
    pub(super) fn scan_blockers(
        &self,
        txn: TxnId,
        row: &RowRef,
        mode: LockMode,
        read: &LockRead,
    ) -> Vec<TxnId> {
        let mut out = self.row_blockers(txn, row, mode);
        if let (true, Some(g)) = (read.exclusive, &read.gaps) {
            for t in self.locks.entry_blockers(txn, row, Some(g.index)) {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// The transactions that keep the change `c` from taking `mode` on its row: those
    /// holding the row, and those holding shared an entry it deletes or moves (a DELETE: all
    /// the row's; an UPDATE: those of a unique key whose columns it changes).
    pub(super) fn write_blockers(&self, txn: TxnId, c: &RowChange, mode: LockMode) -> Vec<TxnId> {
        let row = super::row_of(c);
        let mut out = self.row_blockers(txn, &row, mode);
        let Some(def) = self.catalog.table(&c.table) else {
            return out;
        };
        let changed = |k: &String| {
            let at = (def.columns.iter()).position(|d| d.name.eq_ignore_ascii_case(k));
            at.is_some_and(|i| c.old.get(i) != c.new.get(i))
        };
        // The unique keys' entries it takes, by their index (`TableDef::innodb_keys`: the
        // secondary unique keys come first after the clustered index).
        let entries: Vec<Option<usize>> = if c.kind == ChangeKind::Delete {
            vec![None]
        } else {
            (def.uniques.iter().enumerate())
                .filter(|(_, key)| key.columns.iter().any(changed))
                .map(|(k, _)| Some(k + 1))
                .collect()
        };
        for index in entries {
            for t in self.locks.entry_blockers(txn, &row, index) {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }
}
