//! Row locks as the vendors define them. SQLite has none, so the engine keeps its own table
//! of who holds which lock on which row, and asks it before a statement touches a row.
//!
//! The modes, rows and transaction ids themselves are plain data in `ids.rs` (the
//! dialects name the mode each vendor takes); they are re-exported here.

pub use crate::ids::{LockMode, RowRef, TxnId};
use crate::vec_map::VecMap;
use serde::{Deserialize, Serialize};

/// Who holds which row lock. Deterministic: ordered maps, holders in grant order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LockTable {
    held: VecMap<RowRef, Vec<(TxnId, LockMode)>>,
}

impl LockTable {
    /// The other transactions whose locks on `row` keep `txn` from taking `mode` now.
    pub fn blockers(&self, txn: TxnId, row: &RowRef, mode: LockMode) -> Vec<TxnId> {
        let mut out: Vec<TxnId> = self
            .holders(row)
            .iter()
            .filter(|(t, m)| *t != txn && mode.conflicts_with(*m))
            .map(|(t, _)| *t)
            .collect();
        out.dedup();
        out
    }

    /// Records that `txn` holds `mode` on `row` (a stronger lock is added beside a weaker one).
    pub fn grant(&mut self, txn: TxnId, row: RowRef, mode: LockMode) {
        let holders = self.held.get_or_insert_with(row, Default::default);
        if !holders.contains(&(txn, mode)) {
            holders.push((txn, mode));
        }
    }

    /// Releases everything `txn` holds (commit or rollback); returns the rows it freed.
    pub fn release_all(&mut self, txn: TxnId) -> Vec<RowRef> {
        let mut freed = Vec::new();
        self.held.retain(|row, holders| {
            let before = holders.len();
            holders.retain(|(t, _)| *t != txn);
            if holders.len() != before {
                freed.push(row.clone());
            }
            !holders.is_empty()
        });
        freed
    }

    /// Every lock `txn` holds.
    pub fn held_by(&self, txn: TxnId) -> Vec<(RowRef, LockMode)> {
        self.held
            .iter()
            .flat_map(|(row, h)| {
                h.iter()
                    .filter(move |(t, _)| *t == txn)
                    .map(move |(_, m)| (row.clone(), *m))
            })
            .collect()
    }

    /// Releases what `txn` holds beyond `kept` (a subtransaction's locks at its rollback).
    pub fn release_beyond(&mut self, txn: TxnId, kept: &[(RowRef, LockMode)]) {
        self.held.retain(|row, holders| {
            holders.retain(|(t, m)| *t != txn || kept.iter().any(|(r, k)| r == row && k == m));
            !holders.is_empty()
        });
    }

    /// How many row locks `txn` holds (part of InnoDB's transaction weight).
    pub fn count_held(&self, txn: TxnId) -> usize {
        self.held
            .values()
            .map(|h| h.iter().filter(|(t, _)| *t == txn).count())
            .sum()
    }

    pub fn holders(&self, row: &RowRef) -> &[(TxnId, LockMode)] {
        self.held.get(row).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Every held lock, by row: what the table view draws as badges.
    pub fn all(&self) -> impl Iterator<Item = (&RowRef, &[(TxnId, LockMode)])> {
        self.held.iter().map(|(r, h)| (r, h.as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::LockMode::*;
    use super::*;

    fn row(rowid: i64) -> RowRef {
        RowRef {
            table: "jobs".into(),
            rowid,
        }
    }

    #[test]
    fn a_transaction_never_blocks_itself_and_release_frees_rows() {
        let mut t = LockTable::default();
        t.grant(1, row(1), PgUpdate);
        t.grant(1, row(2), PgUpdate);
        assert!(t.blockers(1, &row(1), PgUpdate).is_empty());
        assert_eq!(t.blockers(2, &row(1), PgKeyShare), [1]);
        t.grant(3, row(3), PgShare);
        t.grant(2, row(3), PgShare);
        assert_eq!(t.blockers(4, &row(3), PgUpdate), [3, 2]);
        assert_eq!(t.release_all(1), [row(1), row(2)]);
        assert!(t.blockers(2, &row(1), PgUpdate).is_empty());
        assert_eq!(t.all().count(), 1);
    }
}
