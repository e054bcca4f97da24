//! Row locks as the vendors define them. SQLite has none, so the engine keeps its own table
//! of who holds which lock on which row, and asks it before a statement touches a row.
//!
//! The modes, rows and transaction ids themselves are plain data in `ids.rs` (the
//! dialects name the mode each vendor takes); they are re-exported here.

pub use crate::ids::{LockMode, RowRef, TxnId};
use crate::trace::Value;
use crate::vec_map::VecMap;
use serde::{Deserialize, Serialize};

/// Who holds which row lock. Deterministic: ordered maps, holders in grant order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LockTable {
    held: VecMap<RowRef, Vec<(TxnId, LockMode)>>,
    /// InnoDB's gap locks, in grant order.
    gaps: Vec<GapLock>,
    /// Why a lock was taken, where the statement's own rows do not say it (a foreign-key
    /// check's lock on a parent row): words for the pictures, read only by them. An entry
    /// whose lock was let go is not read, and goes at the transaction's end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    because: Vec<(TxnId, RowRef, LockMode, String)>,
    /// InnoDB's lock structures (but for gaps) of each transaction, per table, as taken:
    /// read for the weight of a deadlock's victim ([`LockTable::count_structs`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    structures: Vec<(TxnId, String, Structure)>,
}

/// One of InnoDB's lock structures on a table. An IS taken after the transaction's IX is not
/// another (the IX covers it); an IX after its IS is. A small table's rows share a page, whose
/// rows one structure of a kind holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Structure {
    /// The table's intention lock: IS (`InnoShared`) or IX (`InnoExclusive`).
    Table(LockMode),
    /// Row locks of a mode, each with the gap before its row (`true`: a next-key lock, a
    /// scan's of the clustered index at REPEATABLE READ) or the row alone (a lookup of a key,
    /// READ COMMITTED's locks). A next-key lock of a row held alone is another structure; a
    /// lock alone of a row a next-key lock holds is none.
    Rows(LockMode, bool),
    /// The entries of a secondary index (its number, as in [`GapLock::index`]) a scan
    /// through it locks with their rows, as it reads them: at READ COMMITTED alone (seen on
    /// MariaDB 10.11: random race 233-14), at REPEATABLE READ with the gaps before them, one
    /// structure with the index's gap locks the scan takes at its end (so a scan that waits
    /// midway weighs it already: random race 237-9).
    Entries(usize),
    /// A secondary index's entry alone, exclusive: the implicit lock of an entry the
    /// transaction wrote, made explicit when another's request met it (`implicit_locks.rs`).
    Entry(usize),
    /// The gap alone before an entry of an index, where a range of equalities, or a lookup
    /// of a key that is not there, ends: InnoDB's `locks gap before rec`, another kind than
    /// the next-key locks of the entries read (seen on MariaDB 10.11: random race 250-15).
    Gap(usize),
}

/// An InnoDB gap lock: the keys of one index strictly between two entries (`None`: the
/// index's start, or its end, the "supremum"). Gap locks never conflict with each other; they
/// stop other transactions' inserts of a key inside them (the insert intention waits). The
/// bounds are the entries' keys when the lock was taken: a row inserted into the gap later
/// splits it, and both halves stay locked, as InnoDB's inherited locks do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GapLock {
    pub txn: TxnId,
    pub table: String,
    /// The index, as `TableDef::innodb_keys` numbers them (0: the clustered index).
    pub index: usize,
    pub low: Option<Vec<Value>>,
    pub high: Option<Vec<Value>>,
    /// A next-key lock's record, the row of the entry `high`: the shared lock a failed
    /// duplicate check leaves on a secondary unique key's entry (`lab/duplicate_locks.rs`).
    /// It stops only what takes that entry exclusively: a locking read or write through
    /// that index, a DELETE of the row, an UPDATE of the key's columns; not a read or write
    /// of the row by its primary key, as a lock on the row would.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<i64>,
}

impl GapLock {
    /// Whether `key` (of the same index) falls strictly inside the gap.
    pub fn holds(&self, key: &[Value]) -> bool {
        use std::cmp::Ordering::Less;
        self.low.as_ref().is_none_or(|l| key_order(l, key) == Less)
            && self.high.as_ref().is_none_or(|h| key_order(key, h) == Less)
    }
}

/// InnoDB's order of index keys, field by field: NULL first, numbers by value, strings by
/// MariaDB's default collation, utf8mb4_general_ci (case and accents do not count, nor
/// trailing spaces), then blobs by bytes.
pub fn key_order(a: &[Value], b: &[Value]) -> std::cmp::Ordering {
    a.iter()
        .zip(b)
        .map(|(x, y)| value_order(x, y))
        .find(|o| o.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}

fn value_order(a: &Value, b: &Value) -> std::cmp::Ordering {
    use crate::dialect::general_ci::weights;
    use Value::*;
    let rank = |v: &Value| match v {
        Null => 0,
        Int(_) | Real(_) => 1,
        Text(_) => 2,
        Blob(_) => 3,
    };
    let number = |v: &Value| match v {
        Int(i) => *i as f64,
        Real(r) => *r,
        _ => 0.0,
    };
    match (a, b) {
        (Int(x), Int(y)) => x.cmp(y),
        (Int(_) | Real(_), Int(_) | Real(_)) => number(a).total_cmp(&number(b)),
        (Text(x), Text(y)) => weights(x).cmp(&weights(y)),
        (Blob(x), Blob(y)) => x.cmp(y),
        _ => rank(a).cmp(&rank(b)),
    }
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
        self.grant_kind(txn, row, mode, false);
    }

    /// The lock `mode` on a row of `table` a READ COMMITTED scan let go once the row failed
    /// its WHERE: InnoDB clears the lock, and keeps its structure, which weighs in the choice
    /// of a deadlock's victim (seen on MariaDB 10.11: random race 231-12).
    pub fn let_go(&mut self, txn: TxnId, table: &str, mode: LockMode) {
        if matches!(mode, LockMode::InnoShared | LockMode::InnoExclusive) {
            self.intend(txn, table, mode);
            self.add_structure(txn, table, Structure::Rows(mode, false));
        }
    }

    /// [`LockTable::grant`], of an InnoDB lock with the gap before the row (`next_key`) or
    /// without: the two are different lock structures ([`Structure::Rows`]).
    pub fn grant_kind(&mut self, txn: TxnId, row: RowRef, mode: LockMode, next_key: bool) {
        self.grant_as(txn, row, mode, Some(next_key));
    }

    /// [`LockTable::grant`] of a row the transaction wrote into the clustered index (inserted,
    /// or moved to a new key): InnoDB's lock on it is implicit, with no structure until
    /// another transaction meets it ([`LockTable::make_explicit`]).
    pub fn grant_implicit(&mut self, txn: TxnId, row: RowRef, mode: LockMode) {
        self.grant_as(txn, row, mode, None);
    }

    /// `kind`: the structure of an InnoDB lock, with the gap (`Some(true)`) or without; `None`:
    /// an implicit lock, which has none.
    fn grant_as(&mut self, txn: TxnId, row: RowRef, mode: LockMode, kind: Option<bool>) {
        if matches!(mode, LockMode::InnoShared | LockMode::InnoExclusive) {
            self.intend(txn, &row.table, mode);
            let held = self.holders(&row).contains(&(txn, mode));
            if let Some(next_key) = kind.filter(|&n| !held || n) {
                self.add_structure(txn, &row.table, Structure::Rows(mode, next_key));
            }
        }
        let holders = self.held.get_or_insert_with(row, Default::default);
        if !holders.contains(&(txn, mode)) {
            holders.push((txn, mode));
        }
    }

    /// Records the structure of an implicit lock `txn` holds on an entry of `table`'s index
    /// `index`, which another transaction's request met: an exclusive lock of the record
    /// alone.
    pub fn make_explicit(&mut self, txn: TxnId, table: &str, index: usize) {
        let s = match index {
            0 => Structure::Rows(LockMode::InnoExclusive, false),
            i => Structure::Entry(i),
        };
        self.add_structure(txn, table, s);
    }

    /// Records the structure of a gap alone `txn` locked before an entry of `table`'s index
    /// `index` ([`Structure::Gap`]).
    pub fn lock_gap_alone(&mut self, txn: TxnId, table: &str, index: usize) {
        self.add_structure(txn, table, Structure::Gap(index));
    }

    /// Records the lock structure of `index`'s entries a scan of `table` locked
    /// ([`Structure::Entries`]).
    pub fn lock_entries(&mut self, txn: TxnId, table: &str, index: usize) {
        self.add_structure(txn, table, Structure::Entries(index));
    }

    /// [`LockTable::grant`], saying why (`the check of foreign key c_fk`) unless `txn`
    /// held that lock already.
    pub fn grant_because(&mut self, txn: TxnId, row: RowRef, mode: LockMode, why: &str) {
        if self.holders(&row).contains(&(txn, mode)) {
            return;
        }
        self.because.push((txn, row.clone(), mode, why.to_string()));
        self.grant(txn, row, mode);
    }

    /// Says why `txn` holds `mode` on `row`, a lock it holds already, unless that was said.
    pub fn say_why(&mut self, txn: TxnId, row: &RowRef, mode: LockMode, why: &str) {
        if self.because(txn, row, mode).is_none() {
            (self.because).push((txn, row.clone(), mode, why.to_string()));
        }
    }

    /// Why `txn` holds `mode` on `row`, if [`LockTable::grant_because`] said it.
    pub fn because(&self, txn: TxnId, row: &RowRef, mode: LockMode) -> Option<&str> {
        self.holders(row).contains(&(txn, mode)).then_some(())?;
        (self.because.iter())
            .find(|(t, r, m, _)| *t == txn && r == row && *m == mode)
            .map(|(.., why)| why.as_str())
    }

    /// Records that `txn` took InnoDB's intention lock `mode` (IS: `InnoShared`, IX:
    /// `InnoExclusive`) on `table`, unless it holds that mode or IX there already.
    pub fn intend(&mut self, txn: TxnId, table: &str, mode: LockMode) {
        if !self.has_structure(txn, table, Structure::Table(LockMode::InnoExclusive)) {
            self.add_structure(txn, table, Structure::Table(mode));
        }
    }

    fn has_structure(&self, txn: TxnId, table: &str, s: Structure) -> bool {
        (self.structures.iter())
            .any(|(t, name, x)| *t == txn && *x == s && name.eq_ignore_ascii_case(table))
    }

    fn add_structure(&mut self, txn: TxnId, table: &str, s: Structure) {
        if !self.has_structure(txn, table, s) {
            self.structures.push((txn, table.to_string(), s));
        }
    }

    /// Every InnoDB lock structure but the gaps', in the order taken.
    pub fn structures(&self) -> &[(TxnId, String, Structure)] {
        &self.structures
    }

    /// Records that `txn` holds the gap `gap` (once).
    pub fn grant_gap(&mut self, gap: GapLock) {
        if !self.gaps.contains(&gap) {
            self.gaps.push(gap);
        }
    }

    /// The other transactions whose gap locks stop `txn` inserting `key` into index `index`
    /// of `table` (its insert intention waits for them).
    pub fn gap_blockers(&self, txn: TxnId, table: &str, index: usize, key: &[Value]) -> Vec<TxnId> {
        let mut out: Vec<TxnId> = Vec::new();
        for g in &self.gaps {
            let here = g.index == index && g.table.eq_ignore_ascii_case(table);
            if g.txn != txn && here && g.holds(key) && !out.contains(&g.txn) {
                out.push(g.txn);
            }
        }
        out
    }

    /// The other transactions whose shared lock on `row`'s entry in index `index` (any of
    /// its indexes: `None`) keeps `txn` from taking that entry exclusively
    /// ([`GapLock::record`]).
    pub fn entry_blockers(&self, txn: TxnId, row: &RowRef, index: Option<usize>) -> Vec<TxnId> {
        let mut out: Vec<TxnId> = Vec::new();
        for g in &self.gaps {
            let here = g.record == Some(row.rowid)
                && index.is_none_or(|i| i == g.index)
                && g.table.eq_ignore_ascii_case(&row.table);
            if g.txn != txn && here && !out.contains(&g.txn) {
                out.push(g.txn);
            }
        }
        out
    }

    /// Every gap lock, in grant order.
    pub fn gaps(&self) -> &[GapLock] {
        &self.gaps
    }

    /// Releases everything `txn` holds (commit or rollback); returns the rows it freed.
    pub fn release_all(&mut self, txn: TxnId) -> Vec<RowRef> {
        self.gaps.retain(|g| g.txn != txn);
        self.because.retain(|(t, ..)| *t != txn);
        self.structures.retain(|(t, ..)| *t != txn);
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

    /// Releases the row locks `txn` holds beyond `kept` (a subtransaction's locks at its
    /// rollback: PostgreSQL's; InnoDB keeps every lock, gaps among them, to the end).
    pub fn release_beyond(&mut self, txn: TxnId, kept: &[(RowRef, LockMode)]) {
        self.held.retain(|row, holders| {
            holders.retain(|(t, m)| *t != txn || kept.iter().any(|(r, k)| r == row && k == m));
            !holders.is_empty()
        });
        // A reason outlives no lock: one taken again later may be the statement's own.
        self.because
            .retain(|(t, r, m, _)| *t != txn || kept.iter().any(|(k, km)| k == r && km == m));
    }

    /// How many lock structures InnoDB keeps for `txn`'s locks: those taken with its table
    /// and row locks ([`Structure`]), and for its gaps one per index (another index, another
    /// page) unless the structure of that index's locked entries holds them (a secondary
    /// index's [`Structure::Entries`]; the clustered index's rows: a row's lock and the gap
    /// before it are one next-key lock), with the table's intention lock where none was
    /// taken.
    pub fn count_structs(&self, txn: TxnId) -> usize {
        let mine = || self.structures.iter().filter(move |(t, ..)| *t == txn);
        let mut gaps: Vec<(&str, usize)> = Vec::new();
        for g in self.gaps.iter().filter(|g| g.txn == txn) {
            let key = (g.table.as_str(), g.index);
            // The structure of the index's entries (the clustered index's: its rows') holds
            // the gaps before them too.
            let held = mine().any(|(_, t, s)| {
                t.eq_ignore_ascii_case(&g.table)
                    && match s {
                        Structure::Rows(_, next_key) => g.index == 0 && *next_key,
                        Structure::Entries(index) | Structure::Gap(index) => *index == g.index,
                        Structure::Table(_) | Structure::Entry(_) => false,
                    }
            });
            if !held && !gaps.contains(&key) {
                gaps.push(key);
            }
        }
        let mut tables: Vec<&str> = Vec::new();
        for (table, _) in &gaps {
            let intends = mine()
                .any(|(_, t, s)| matches!(s, Structure::Table(_)) && t.eq_ignore_ascii_case(table));
            if !intends && !tables.contains(table) {
                tables.push(table);
            }
        }
        mine().count() + gaps.len() + tables.len()
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

    fn gap(txn: TxnId, low: Option<i64>, high: Option<i64>) -> GapLock {
        GapLock {
            txn,
            table: "jobs".into(),
            index: 0,
            low: low.map(|l| vec![Value::Int(l)]),
            high: high.map(|h| vec![Value::Int(h)]),
            record: None,
        }
    }

    #[test]
    fn an_insert_into_another_transactions_gap_waits_for_it_until_it_ends() {
        let mut t = LockTable::default();
        t.grant_gap(gap(1, Some(3), Some(5)));
        t.grant_gap(gap(2, Some(3), Some(5))); // gap locks never conflict
        t.grant_gap(gap(2, Some(5), None));
        let key = |k: i64| [Value::Int(k)];
        assert_eq!(t.gap_blockers(3, "JOBS", 0, &key(4)), [1, 2]);
        assert_eq!(
            t.gap_blockers(1, "jobs", 0, &key(4)),
            [2],
            "not its own gap"
        );
        assert!(
            t.gap_blockers(3, "jobs", 0, &key(5)).is_empty(),
            "bounds are outside"
        );
        assert!(
            t.gap_blockers(3, "jobs", 1, &key(4)).is_empty(),
            "another index"
        );
        assert_eq!(
            t.gap_blockers(3, "jobs", 0, &key(1_000)),
            [2],
            "up to the end"
        );
        // Gaps alone: one structure, and the table's intention lock.
        assert_eq!(t.count_structs(2), 2);
        t.release_all(2);
        assert_eq!(t.gap_blockers(3, "jobs", 0, &key(4)), [1]);
        assert!(t.gap_blockers(3, "jobs", 0, &key(9)).is_empty());
    }

    #[test]
    fn an_exclusive_intention_after_a_shared_one_is_a_second_table_lock() {
        let mut t = LockTable::default();
        t.grant(1, row(1), LockMode::InnoShared);
        assert_eq!(t.count_structs(1), 2, "IS and the S row");
        // A write's IX, taken before it has locked a row.
        t.intend(1, "JOBS", LockMode::InnoExclusive);
        assert_eq!(t.count_structs(1), 3);
        t.grant(1, row(2), LockMode::InnoExclusive);
        assert_eq!(t.count_structs(1), 4, "IS, IX and the S and X rows");
        // The other way round, the IX covers the later IS.
        t.grant(2, row(3), LockMode::InnoExclusive);
        t.grant(2, row(4), LockMode::InnoShared);
        assert_eq!(t.count_structs(2), 3);
        t.release_all(1);
        assert_eq!(t.count_structs(1), 0);
        assert!(t.structures().iter().all(|(t, ..)| *t == 2));
    }

    #[test]
    fn lock_structures_count_a_table_and_a_mode_once() {
        let mut t = LockTable::default();
        for r in 1..=5 {
            t.grant_kind(1, row(r), LockMode::InnoExclusive, true);
        }
        t.grant_gap(gap(1, Some(5), None)); // with the rows' next-key locks
        assert_eq!(t.count_structs(1), 2);
        t.grant(1, row(6), LockMode::InnoShared);
        t.grant(
            1,
            RowRef {
                table: "queues".into(),
                rowid: 1,
            },
            LockMode::InnoShared,
        );
        assert_eq!(t.count_structs(1), 5);
        // A row locked alone (a lookup by its primary key) is a structure of its own, and a
        // row locked alone before a scan locked it with its gap is in both.
        t.grant(1, row(7), LockMode::InnoExclusive);
        t.grant_kind(1, row(7), LockMode::InnoExclusive, true);
        assert_eq!(t.count_structs(1), 6);
        t.grant(1, row(8), LockMode::InnoExclusive); // covered by a structure of its kind
        assert_eq!(t.count_structs(1), 6);
        assert_eq!(t.holders(&row(7)), [(1, LockMode::InnoExclusive)]);
        assert_eq!(t.count_structs(2), 0);
    }

    #[test]
    fn a_gap_beside_locks_of_rows_alone_is_a_structure_of_its_own() {
        // A SKIP LOCKED lookup of a key goes on to the next entry and locks the gap before
        // it (seen on MariaDB 10.11: `lock_mode X` on the supremum beside `locks rec but
        // not gap`).
        let mut t = LockTable::default();
        t.grant(1, row(1), LockMode::InnoExclusive);
        assert_eq!(t.count_structs(1), 2);
        t.grant_gap(gap(1, Some(9), None));
        assert_eq!(t.count_structs(1), 3);
    }

    #[test]
    fn a_gap_alone_before_an_entry_is_another_kind_than_the_entries_next_key_locks() {
        let mut t = LockTable::default();
        t.grant(1, row(1), LockMode::InnoExclusive);
        t.lock_entries(1, "jobs", 1);
        let in_index_1 = |low, high| GapLock {
            index: 1,
            ..gap(1, low, high)
        };
        t.grant_gap(in_index_1(Some(1), Some(4)));
        assert_eq!(
            t.count_structs(1),
            3,
            "IX, the row, the entries with their gaps"
        );
        t.lock_gap_alone(1, "jobs", 1); // where a range of equalities ended, before key 4
        assert_eq!(t.count_structs(1), 4);
        t.lock_gap_alone(1, "jobs", 1);
        t.grant_gap(in_index_1(Some(4), None));
        assert_eq!(t.count_structs(1), 4);
    }

    #[test]
    fn an_implicit_lock_weighs_once_another_transaction_meets_it() {
        let mut t = LockTable::default();
        t.grant_implicit(1, row(9), LockMode::InnoExclusive); // an INSERT's row
        assert_eq!(t.holders(&row(9)), [(1, LockMode::InnoExclusive)]);
        assert_eq!(t.count_structs(1), 1, "the table's IX alone");
        t.make_explicit(1, "jobs", 0); // met through the primary key
        assert_eq!(t.count_structs(1), 2);
        t.grant(1, row(2), LockMode::InnoExclusive); // a lookup's lock: the same kind
        assert_eq!(t.count_structs(1), 2);
        t.make_explicit(1, "jobs", 1); // met through index 1
        t.make_explicit(1, "jobs", 1);
        assert_eq!(t.count_structs(1), 3);
        t.lock_entries(1, "jobs", 1); // a scan's locks of that index's entries are others
        assert_eq!(t.count_structs(1), 4);
    }

    #[test]
    fn a_lock_let_go_keeps_its_structure_and_no_hold() {
        let mut t = LockTable::default();
        t.let_go(1, "jobs", LockMode::InnoExclusive);
        assert!(t.holders(&row(1)).is_empty());
        assert_eq!(t.count_structs(1), 2); // the table's IX and the rows' X
        t.grant(1, row(1), LockMode::InnoExclusive); // of that structure's kind
        assert_eq!(t.count_structs(1), 2);
        t.release_all(1);
        assert_eq!(t.count_structs(1), 0);
    }

    #[test]
    fn a_read_committed_scan_through_an_index_weighs_its_entries() {
        let mut t = LockTable::default();
        t.grant(1, row(1), LockMode::InnoExclusive);
        assert_eq!(t.count_structs(1), 2); // the table's IX and the rows' X
        t.lock_entries(1, "jobs", 1);
        t.lock_entries(1, "jobs", 1); // the same index's entries: one structure
        assert_eq!(t.count_structs(1), 3);
        t.lock_entries(1, "jobs", 2);
        assert_eq!(t.count_structs(1), 4);
    }

    #[test]
    fn a_scan_that_waits_midway_weighs_its_entries_and_their_gaps_weigh_no_more() {
        let mut t = LockTable::default();
        t.grant(1, row(1), LockMode::InnoExclusive);
        t.lock_entries(1, "jobs", 1); // read through index 1, waiting before its end
        assert_eq!(t.count_structs(1), 3);
        // At its end the scan locks that index's gaps: the same structure.
        t.grant_gap(GapLock {
            index: 1,
            ..gap(1, Some(1), None)
        });
        assert_eq!(t.count_structs(1), 3);
        t.grant_gap(GapLock {
            index: 2,
            ..gap(1, None, Some(4))
        });
        assert_eq!(t.count_structs(1), 4, "another index's gaps");
    }

    #[test]
    fn keys_order_as_innodb_orders_them() {
        use std::cmp::Ordering::*;
        let text = |s: &str| vec![Value::Text(s.into())];
        assert_eq!(key_order(&text("Apple"), &text("apple ")), Equal);
        assert_eq!(key_order(&text("apple"), &text("Banana")), Less);
        assert_eq!(key_order(&[Value::Null], &[Value::Int(-5)]), Less);
        assert_eq!(key_order(&[Value::Int(2)], &[Value::Real(2.5)]), Less);
        let pair = |a: i64, b: i64| vec![Value::Int(a), Value::Int(b)];
        assert_eq!(key_order(&pair(1, 9), &pair(2, 0)), Less);
        assert_eq!(key_order(&pair(2, 1), &pair(2, 0)), Greater);
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

    #[test]
    fn an_entry_lock_stops_only_what_takes_that_entry_of_that_row() {
        let mut t = LockTable::default();
        // Transaction 1's failed duplicate check on row 7's entry in index 1.
        t.grant_gap(GapLock {
            index: 1,
            record: Some(7),
            ..gap(1, Some(3), Some(7))
        });
        assert_eq!(t.entry_blockers(2, &row(7), Some(1)), [1]);
        assert_eq!(t.entry_blockers(2, &row(7), None), [1]);
        assert!(
            t.entry_blockers(2, &row(7), Some(0)).is_empty(),
            "by primary key"
        );
        assert!(
            t.entry_blockers(2, &row(3), Some(1)).is_empty(),
            "another row"
        );
        assert!(t.entry_blockers(1, &row(7), Some(1)).is_empty(), "its own");
        let elsewhere = RowRef {
            table: "other".into(),
            rowid: 7,
        };
        assert!(t.entry_blockers(2, &elsewhere, None).is_empty());
        // No row lock: a read of the row by its primary key takes it.
        assert!(t.blockers(2, &row(7), InnoExclusive).is_empty());
        // The gap before the entry stops an insert there, as any gap lock.
        assert_eq!(t.gap_blockers(2, "jobs", 1, &[Value::Int(5)]), [1]);
        t.release_all(1);
        assert!(t.entry_blockers(2, &row(7), None).is_empty());
    }
}
