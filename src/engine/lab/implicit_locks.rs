//! InnoDB's implicit locks. A row a transaction inserted, and an index entry its change
//! wrote (a secondary key's entries after an UPDATE of its columns, all of them after a
//! DELETE, which marks them), is locked by the transaction id written in it, with no lock
//! structure: the writer's `trx_lock_structs` does not count it. Another transaction's lock
//! request that meets such an entry makes the lock explicit first, a structure the writer
//! holds from then on, whether the request then waits, skips the row or fails (seen on
//! MariaDB 10.11 in `information_schema.innodb_trx`: an inserter's count goes from 1 to 2
//! when a `FOR UPDATE`, or a `SKIP LOCKED` one, meets its row). The count weighs in the
//! choice of a deadlock's victim (random race 245-4: the updater whose moved entry a claim
//! met outweighed the waiting deleter, which the server rolled back).
//!
//! Made explicit where the lab finds such a row held: by a scan, a locking read, the row
//! ending a range, a foreign-key check, an insert of the primary key another transaction's
//! new row has. Not by an insert's clash on another unique key, nor by the key check of an
//! insert that meets a row the view sees (a key another open transaction updated away):
//! there the holder's weight is one short.

use super::Lab;
use crate::engine::locks::{RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};

impl Lab {
    /// A lock request met `row` through index `index` (`TableDef::innodb_keys` numbers
    /// them; 0: the clustered index) and found it held by `holders`: each one whose lock
    /// there is implicit gets its structure.
    pub(super) fn make_explicit(&mut self, holders: &[TxnId], row: &RowRef, index: usize) {
        if !self.dialect.locking_reads_meet_uncommitted_inserts() {
            return;
        }
        for &holder in holders {
            let wrote =
                (self.history.iter()).any(|(w, c)| *w == holder && self.wrote_entry(c, row, index));
            if wrote {
                self.locks.make_explicit(holder, &row.table, index);
            }
        }
    }

    /// Whether change `c` wrote `row`'s entry in index `index` (an entry it did not write
    /// keeps the lock the change's scan took, explicit already).
    fn wrote_entry(&self, c: &RowChange, row: &RowRef, index: usize) -> bool {
        // The entry a change leaves: a deleted row's is marked, under its old rowid.
        let rowid = match c.kind {
            ChangeKind::Delete => c.old_rowid,
            _ => c.new_rowid,
        };
        if rowid != row.rowid || !c.table.eq_ignore_ascii_case(&row.table) {
            return false;
        }
        match c.kind {
            ChangeKind::Insert => true,
            ChangeKind::Delete => index > 0,
            // A secondary entry holds the primary key too: a new key rewrites them all.
            ChangeKind::Update => {
                c.old_rowid != c.new_rowid
                    || self.changes_key(c, 0)
                    || (index > 0 && self.changes_key(c, index))
            }
        }
    }
}
