//! Plain names the layers share: transactions, rows, row-lock modes and the kind of change a
//! write made. They sit in the bottom layer so the dialects can say which lock a vendor takes
//! without reaching up into the engine that keeps the lock table (`engine::locks`
//! re-exports them, `engine::store` records changes with [`ChangeKind`]).

use serde::{Deserialize, Serialize};

/// A transaction, numbered in the order it began.
pub type TxnId = u32;

/// A row: its table and SQLite rowid.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RowRef {
    pub table: String,
    pub rowid: i64,
}

/// A set of rows, sorted, each once: a `BTreeSet` of each type compiles its own tree code
/// into the download, and the engine's sets of rows are small.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct RowSet(Vec<RowRef>);

impl RowSet {
    pub fn contains(&self, row: &RowRef) -> bool {
        self.0.binary_search(row).is_ok()
    }

    /// Adds `row`; whether it was not there.
    pub fn insert(&mut self, row: RowRef) -> bool {
        match self.0.binary_search(&row) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, row);
                true
            }
        }
    }

    pub fn extend(&mut self, rows: impl IntoIterator<Item = RowRef>) {
        for row in rows {
            self.insert(row);
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &RowRef> {
        self.0.iter()
    }
}

/// A row lock as the vendor defines it:
/// - PostgreSQL row-level locks (docs, "Explicit Locking", 13.3.2): FOR KEY SHARE, FOR SHARE,
///   FOR NO KEY UPDATE (plain UPDATE of non-key columns), FOR UPDATE (DELETE, key updates).
/// - InnoDB record locks: S (FOR SHARE) and X (FOR UPDATE, UPDATE, DELETE, INSERT).
/// - SQL Server row locks: S, U (UPDLOCK) and X; U is compatible with S but not with U.
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

/// The key of a PostgreSQL advisory lock: one bigint, or two integers (a separate key
/// space: `pg_advisory_lock(1)` and `pg_advisory_lock(0, 1)` are different locks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AdvisoryKey {
    Big(i64),
    Pair(i32, i32),
}

impl std::fmt::Display for AdvisoryKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AdvisoryKey::Big(k) => write!(f, "{k}"),
            AdvisoryKey::Pair(a, b) => write!(f, "{a}, {b}"),
        }
    }
}

/// A PostgreSQL table-level lock mode (docs, "Explicit Locking", 13.3.1), weakest first:
/// every statement takes one on each table it names (a query ACCESS SHARE, a locking read
/// ROW SHARE, a write ROW EXCLUSIVE, CREATE INDEX SHARE, TRUNCATE / DROP / ALTER ACCESS
/// EXCLUSIVE), and `LOCK TABLE` the one it asks for. Held until the transaction ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TableLockMode {
    AccessShare,
    RowShare,
    RowExclusive,
    ShareUpdateExclusive,
    Share,
    ShareRowExclusive,
    Exclusive,
    AccessExclusive,
}

impl TableLockMode {
    /// Whether `self` may not be granted while another transaction holds (or, queued ahead,
    /// waits for) `other`: PostgreSQL's conflict table, which is symmetric.
    pub fn conflicts_with(self, other: TableLockMode) -> bool {
        use TableLockMode::*;
        // The modes each mode conflicts with, as a bit set over the order above.
        let mask: u8 = match self {
            AccessShare => 0b1000_0000,
            RowShare => 0b1100_0000,
            RowExclusive => 0b1111_0000,
            ShareUpdateExclusive => 0b1111_1000,
            Share => 0b1110_1100,
            ShareRowExclusive => 0b1111_1100,
            Exclusive => 0b1111_1110,
            AccessExclusive => 0b1111_1111,
        };
        mask & (1 << other as u8) != 0
    }

    /// The mode in `LOCK TABLE`'s words.
    pub fn label(self) -> &'static str {
        use TableLockMode::*;
        match self {
            AccessShare => "ACCESS SHARE",
            RowShare => "ROW SHARE",
            RowExclusive => "ROW EXCLUSIVE",
            ShareUpdateExclusive => "SHARE UPDATE EXCLUSIVE",
            Share => "SHARE",
            ShareRowExclusive => "SHARE ROW EXCLUSIVE",
            Exclusive => "EXCLUSIVE",
            AccessExclusive => "ACCESS EXCLUSIVE",
        }
    }
}

/// What a write did to one row, as SQLite's pre-update hook reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Insert,
    Update,
    Delete,
}

#[cfg(test)]
mod tests {
    use super::LockMode::*;

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
    fn postgres_table_lock_conflict_table() {
        use super::TableLockMode::*;
        // PostgreSQL's table 13.2: rows requested, columns held, in the enum's order.
        let modes = [
            AccessShare,
            RowShare,
            RowExclusive,
            ShareUpdateExclusive,
            Share,
            ShareRowExclusive,
            Exclusive,
            AccessExclusive,
        ];
        let expected = [
            "       X", "      XX", "    XXXX", "   XXXXX", "  XX XXX", "  XXXXXX", " XXXXXXX",
            "XXXXXXXX",
        ];
        for (i, a) in modes.iter().enumerate() {
            for (j, b) in modes.iter().enumerate() {
                let x = expected[i].as_bytes()[j] == b'X';
                assert_eq!(a.conflicts_with(*b), x, "{a:?} vs {b:?}");
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
}
