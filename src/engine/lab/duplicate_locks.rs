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
//! row leaving its lock. A row can meet one of the statement's own earlier rows too: the lock
//! its check takes on that row's entry then stays as a gap lock (`lock_own_duplicate`).

use super::writes::Clash;
use super::Lab;
use crate::dialect::catalog::{ColumnDef, TableDef};
use crate::dialect::locks::LockRead;
use crate::dialect::{Plan, PlanKind};
use crate::engine::locks::{key_order, GapLock, LockMode, RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};
use crate::trace::Value;

/// What a row's duplicate check met: a row of the table, or (the table's name and the key's
/// value) an earlier row of the same INSERT.
pub(super) enum Met {
    Row(RowRef),
    Own(String, Vec<Value>),
}

impl Lab {
    /// Where the duplicate checks of an INSERT's rows leave their locks, from `found` as
    /// `key_clashes` gives it and the rows it inserts (`kept`, or its source's now): each
    /// row's first duplicate in the order InnoDB checks its keys, a committed row or one of
    /// the INSERT's own earlier rows (one it inserted, not one INSERT IGNORE skipped), with
    /// that key's index; only the first row's (`first_only`: a plain INSERT, which fails
    /// there). Of the INSERT's own row on the primary key, no lock stays (seen on MariaDB
    /// 10.11).
    pub(super) fn duplicates_met(
        &self,
        plan: &Plan,
        found: &[Clash],
        kept: Option<&[Vec<Value>]>,
        first_only: bool,
    ) -> Vec<(usize, Met)> {
        let PlanKind::Insert {
            table,
            columns,
            source_query: Some(q),
            ..
        } = &plan.kind
        else {
            return Vec::new();
        };
        let Some(def) = self.catalog.table(table) else {
            return Vec::new();
        };
        let rows = match kept {
            Some(rows) => rows.to_vec(),
            None => (self.store.look_ahead(q)).map_or_else(|_| Vec::new(), |(_, r)| r),
        };
        let given = |c: &str| match columns.is_empty() {
            true => (def.columns.iter()).position(|d| d.name.eq_ignore_ascii_case(c)),
            false => columns.iter().position(|d| d.eq_ignore_ascii_case(c)),
        };
        // Each unique key's columns as (their place in a row, their definition), with its
        // index as `key_clashes` numbers them; a key the INSERT leaves a column of out of is
        // not one its rows can meet anything on.
        let first = usize::from(def.primary_key.is_none());
        let keys = (def.unique_keys().enumerate()).filter_map(|(k, key)| {
            let at = (key.columns.iter()).map(|c| Some((given(c)?, def.column(c)?)));
            Some((first + k, at.collect::<Option<Vec<(usize, &ColumnDef)>>>()?))
        });
        let keys: Vec<_> = keys.collect();
        let mut inserted: Vec<&Vec<Value>> = Vec::new();
        let mut out = Vec::new();
        for (n, row) in (1..).zip(&rows) {
            let met = keys.iter().find_map(|(index, at)| {
                if let Some(c) = found.iter().find(|c| c.n == n && c.index == *index) {
                    return Some((*index, Met::Row(c.row.clone())));
                }
                let same = |o: &&Vec<Value>| at.iter().all(|(p, c)| c.same_key(&o[*p], &row[*p]));
                let key = || at.iter().map(|(p, _)| row[*p].clone()).collect();
                (inserted.iter().any(same)).then(|| (*index, Met::Own(def.name.clone(), key())))
            });
            match met {
                None => inserted.push(row),
                Some(m) => {
                    if !matches!(m, (0, Met::Own(..))) {
                        out.push(m);
                    }
                    if first_only {
                        break;
                    }
                }
            }
        }
        out
    }

    /// The lock a duplicate of the INSERT's own row leaves in `index` (not the primary key,
    /// where none stays: seen on MariaDB 10.11). INSERT IGNORE keeps the earlier row, and the
    /// shared next-key lock its check took on that row's entry: the gap before `key` (and the
    /// entry, which is the transaction's own). A plain INSERT rolls the earlier row back, and
    /// the lock on its entry passes to the next entry as a gap lock: the gap around `key`.
    pub(super) fn lock_own_duplicate(
        &mut self,
        txn: TxnId,
        (table, key): (String, Vec<Value>),
        index: usize,
        plain: bool,
    ) {
        let Some(def) = self.catalog.table(&table) else {
            return;
        };
        let entries = self.entries_in_order(def, index);
        let after = entries.partition_point(|e| key_order(&e[1..], &key).is_le());
        let entry = |i: usize| entries[i][1..].to_vec();
        let gap = GapLock {
            txn,
            table,
            index,
            low: after.checked_sub(1).map(entry),
            high: if plain {
                entries.get(after).map(|_| entry(after))
            } else {
                Some(key)
            },
            record: None,
        };
        self.locks.grant_gap(gap);
    }

    /// The entries of `def`'s `index` (as `TableDef::innodb_keys` numbers them) in its order,
    /// each the row's rowid and the entry's fields. SQLite sorts as `lock_key_gap`
    /// (innodb_foreign_keys.rs) says.
    fn entries_in_order(&self, def: &TableDef, index: usize) -> Vec<Vec<Value>> {
        let ident = crate::dialect::catalog::ident;
        let fields: Vec<String> = def.innodb_keys()[index].iter().map(|c| ident(c)).collect();
        let fields = fields.join(", ");
        let sql = format!(
            "SELECT rowid, {fields} FROM {} ORDER BY {fields}",
            ident(&def.name)
        );
        (self.store.query(&sql)).map_or_else(|_| Vec::new(), |(_, rows)| rows)
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
        let entries = self.entries_in_order(def, index);
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
        let mut out = self.locks.blockers(txn, row, mode);
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
        let mut out = self.locks.blockers(txn, &row, mode);
        for g in self.locks.gaps() {
            let held = g.txn != txn
                && g.record == Some(row.rowid)
                && g.table.eq_ignore_ascii_case(&row.table);
            let key = (self.catalog.table(&c.table).filter(|_| held))
                .and_then(|def| Some((def, def.uniques.get(g.index.checked_sub(1)?)?)));
            let Some((def, key)) = key else {
                continue;
            };
            let changed = |k: &String| {
                let at = def
                    .columns
                    .iter()
                    .position(|d| d.name.eq_ignore_ascii_case(k));
                at.is_some_and(|i| c.old.get(i) != c.new.get(i))
            };
            let deleted = c.kind == ChangeKind::Delete;
            if (deleted || key.columns.iter().any(changed)) && !out.contains(&g.txn) {
                out.push(g.txn);
            }
        }
        out
    }
}
