//! Row locks as the vendors define them. SQLite has none, so the engine keeps its own table
//! of who holds which lock on which row, and asks it before a statement touches a row.
//!
//! Modes and conflicts:
//! - PostgreSQL row-level locks (docs, "Explicit Locking", 13.3.2): FOR KEY SHARE, FOR SHARE,
//!   FOR NO KEY UPDATE (plain UPDATE of non-key columns), FOR UPDATE (DELETE, key updates).
//! - InnoDB record locks: S (FOR SHARE) and X (FOR UPDATE, UPDATE, DELETE, INSERT).
//! - SQL Server row locks: S, U (UPDLOCK) and X; U is compatible with S but not with U.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A transaction, numbered in the order it began.
pub type TxnId = u32;

/// A row: its table and SQLite rowid.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RowRef {
    pub table: String,
    pub rowid: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LockMode {
    PgKeyShare,
    PgShare,
    PgNoKeyUpdate,
    PgUpdate,
    InnoShared,
    InnoExclusive,
    MsShared,
    MsUpdate,
    MsExclusive,
}

impl LockMode {
    /// Whether a lock in `self` mode may not be granted while another transaction holds `held`.
    pub fn conflicts_with(self, held: LockMode) -> bool {
        use LockMode::*;
        match (self, held) {
            (PgKeyShare, PgUpdate) | (PgUpdate, PgKeyShare) => true,
            (PgKeyShare, _) | (_, PgKeyShare) => false,
            (PgShare, PgShare) => false,
            (PgShare, _) | (_, PgShare) => true,
            (PgNoKeyUpdate | PgUpdate, PgNoKeyUpdate | PgUpdate) => true,
            (InnoShared, InnoShared) => false,
            (InnoShared | InnoExclusive, InnoShared | InnoExclusive) => true,
            (MsShared, MsShared | MsUpdate) | (MsUpdate, MsShared) => false,
            (MsShared | MsUpdate | MsExclusive, MsShared | MsUpdate | MsExclusive) => true,
            // Modes of different vendors never meet in one scenario.
            _ => false,
        }
    }

    /// The name the vendor's docs use, for lock badges.
    pub fn label(self) -> &'static str {
        use LockMode::*;
        match self {
            PgKeyShare => "FOR KEY SHARE",
            PgShare => "FOR SHARE",
            PgNoKeyUpdate => "FOR NO KEY UPDATE",
            PgUpdate => "FOR UPDATE",
            InnoShared => "S",
            InnoExclusive => "X",
            MsShared => "S",
            MsUpdate => "U",
            MsExclusive => "X",
        }
    }
}

/// Who holds which row lock. Deterministic: ordered maps, holders in grant order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LockTable {
    held: BTreeMap<RowRef, Vec<(TxnId, LockMode)>>,
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
        let holders = self.held.entry(row).or_default();
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
    fn postgres_row_lock_conflict_table() {
        // Rows: requested; columns: held (KeyShare, Share, NoKeyUpdate, Update).
        let modes = [PgKeyShare, PgShare, PgNoKeyUpdate, PgUpdate];
        let expected = [
            [false, false, false, true],
            [false, false, true, true],
            [false, true, true, true],
            [true, true, true, true],
        ];
        for (i, a) in modes.iter().enumerate() {
            for (j, b) in modes.iter().enumerate() {
                assert_eq!(a.conflicts_with(*b), expected[i][j], "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn innodb_and_sql_server_conflicts() {
        assert!(!InnoShared.conflicts_with(InnoShared));
        assert!(InnoExclusive.conflicts_with(InnoShared));
        assert!(!MsUpdate.conflicts_with(MsShared));
        assert!(!MsShared.conflicts_with(MsUpdate));
        assert!(MsUpdate.conflicts_with(MsUpdate));
        assert!(MsShared.conflicts_with(MsExclusive));
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
