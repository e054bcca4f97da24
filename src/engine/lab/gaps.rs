//! InnoDB's gap locks: the ones a scan takes at REPEATABLE READ ([`GapScan`], built by
//! `dialect/mysql/gaps.rs`), and the insert intention every insert checks against the gap
//! locks of other transactions (an insert into a locked gap waits, whatever its own
//! isolation level; gap locks never wait for each other).

use super::{Exec, GapWanted, Lab, Resume};
use crate::dialect::locks::{GapScan, LockRead, RangeEnd, WaitPolicy};
use crate::dialect::Plan;
use crate::engine::locks::{GapLock, RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};
use crate::trace::Value;

/// An entry of the index a scan read: its rowid, its key, and per range (sorts before it,
/// is in it).
struct Entry {
    rowid: i64,
    key: Vec<Value>,
    flags: Vec<(bool, bool)>,
}

impl Lab {
    /// A scan that must wait for `rowid`: InnoDB holds the gaps before the rows it read, and
    /// asks for the one before `rowid` with it, which stops inserts too. So does a scan of
    /// several ranges (an IN list) for the ranges it has read.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_gaps_before_wait(
        &mut self,
        at: (usize, TxnId, &Plan),
        read: &LockRead,
        rowid: i64,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        match &read.gaps {
            Some(gaps) if !gaps.from_end => {
                self.lock_gaps(at, read, (gaps, true), Some(rowid), resume)
            }
            _ => Ok(()),
        }
    }

    /// The gaps of a scan that ended, having taken `taken.0` matching rows, the last
    /// `taken.1`: up to that row when its LIMIT stopped it there. Without `with_gaps` (READ
    /// COMMITTED's write of a secondary range, `WriteScan::keeps_range_end`), the entry that
    /// ends each range alone.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_scan_gaps(
        &mut self,
        at: (usize, TxnId, &Plan),
        read: &LockRead,
        (count, last): (u64, Option<i64>),
        with_gaps: bool,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let Some(gaps) = &read.gaps else {
            return Ok(());
        };
        let stopped = read.limit.is_some_and(|l| count >= l);
        self.lock_gaps(
            at,
            read,
            (gaps, with_gaps),
            last.filter(|_| stopped),
            resume,
        )
    }

    /// Takes the gap locks of `read`'s scan (`stopped_at`: the entry its LIMIT stopped it at),
    /// unless `with_gaps` is false, and the lock of the entry that ends each range; waits if
    /// another transaction holds that entry.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_gaps(
        &mut self,
        (s, txn, plan): (usize, TxnId, &Plan),
        read: &LockRead,
        (gaps, with_gaps): (&GapScan, bool),
        stopped_at: Option<i64>,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let entries = self
            .entries_with(txn, gaps, (&read.table, stopped_at))
            .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        let mut ends = Vec::new();
        for r in 0..gaps.ranges {
            let gap = range_gap(&entries, (r, gaps.end), stopped_at, gaps.descending);
            let Some((mut low, high, end)) = gap else {
                continue;
            };
            if read.policy == WaitPolicy::SkipLocked && !gaps.descending {
                // SKIP LOCKED takes no next-key lock on an index entry another transaction
                // holds, so none on the gap before it: the range starts after the entries
                // it skipped first, those another worker's own gap locks reach in this index
                // (its claims). In a secondary index, an entry whose row alone is held (a
                // lookup by primary key, no gap) keeps its gap locked, as the server does;
                // so does a skipped entry further on (in the clustered index, see below).
                let start = low.map_or(0, |l| l + 1);
                let held = |e: &Entry| {
                    self.locks.gaps().iter().any(|g| {
                        g.txn != txn
                            && g.index == gaps.index
                            && g.table.eq_ignore_ascii_case(&read.table)
                            && (g.holds(&e.key) || g.high.as_ref() == Some(&e.key))
                    })
                };
                // (A range the scan's LIMIT stopped before has no entries here.)
                let skipped = (entries.get(start..high.unwrap_or(entries.len())))
                    .unwrap_or_default()
                    .iter()
                    .take_while(|e| held(e))
                    .count();
                if skipped > 0 {
                    low = Some(start + skipped - 1);
                }
            }
            // The gap before the entry after a range of equalities, or where a missing key
            // would be, is locked alone; the entry a range or a LIMIT ends at, with its gap.
            let alone = gaps.end != RangeEnd::Range && (gaps.descending || stopped_at.is_none());
            if with_gaps && alone && high.is_some() {
                self.locks.lock_gap_alone(txn, &read.table, gaps.index);
            }
            // SKIP LOCKED in the clustered index takes neither an entry it skips nor the gap
            // before it (seen on MariaDB 10.11: `my-skip-locked-clustered-holes`).
            let skips = read.policy == WaitPolicy::SkipLocked && gaps.index == 0;
            // The entry that ends a range of a secondary index is locked with the gap, its row
            // not where InnoDB checks the range on the entry (`GapScan::end_row`): a DELETE
            // of that row waits for it (seen on MariaDB 10.11: random race 251-0).
            let entry = end.filter(|_| !gaps.end_row && gaps.index > 0);
            let record = entry.map(|i| entries[i].rowid);
            if with_gaps {
                let at = (&entries[..], gaps.index);
                self.lock_gap_pieces(txn, read, at, (low, high, record), skips);
            }
            // The entry that ends a range is read, and its row locked, where the scan
            // fetched that row before it found the range had ended (`GapScan::end_row`).
            if gaps.end_row {
                ends.extend(end.map(|i| entries[i].rowid));
            }
        }
        let mode = self
            .dialect
            .locking_read_mode(read.exclusive, read.update_lock, read.weaker);
        for rowid in ends {
            let row = RowRef {
                table: read.table.clone(),
                rowid,
            };
            let blockers = self.row_blockers(txn, &row, mode);
            self.make_explicit(&blockers, &row, super::writes::read_index(read));
            if !blockers.is_empty() {
                resume.wanted = Some((row, mode));
                return Err(Exec::Wait(blockers, resume.clone()));
            }
            // Through a secondary index, with the entry's lock (READ COMMITTED's write keeps
            // it too: random race 246-27).
            if gaps.index > 0 {
                self.locks.lock_entries(txn, &read.table, gaps.index);
            }
            self.locks.grant(txn, row, mode);
        }
        Ok(())
    }

    /// Locks for `txn` the gap of `read`'s index from entry `low` to entry `high` (positions
    /// in `entries`; `None`: the index's start, or its end), with the entry `high` where
    /// `record` names its row; for a scan that skips (`skips`), less the gap before each
    /// entry inside it whose row `txn` does not hold, one the scan skipped: the pieces left
    /// are locked one by one.
    fn lock_gap_pieces(
        &mut self,
        txn: TxnId,
        read: &LockRead,
        (entries, index): (&[Entry], usize),
        (low, high, record): (Option<usize>, Option<usize>, Option<i64>),
        skips: bool,
    ) {
        let gap = |low: Option<usize>, high: Option<usize>| GapLock {
            txn,
            table: read.table.clone(),
            index,
            low: low.map(|i| entries[i].key.clone()),
            high: high.map(|i| entries[i].key.clone()),
            record: None,
        };
        let mut from = low;
        let inside = low.map_or(0, |l| l + 1)..high.unwrap_or(entries.len());
        if skips {
            // By position: an iterator's skip() would bring the download a copy of its own.
            #[allow(clippy::needless_range_loop)]
            for q in inside {
                let row = RowRef {
                    table: read.table.clone(),
                    rowid: entries[q].rowid,
                };
                if !self.locks.holders(&row).iter().any(|(t, _)| *t == txn) {
                    if from.map_or(0, |f| f + 1) < q {
                        self.locks.grant_gap(gap(from, Some(q - 1)));
                    }
                    from = Some(q);
                }
            }
        }
        self.locks.grant_gap(GapLock {
            record,
            ..gap(from, high)
        });
    }

    /// The index's entries, with that of the row `stop` where the scan waits as the newest
    /// data has it: another open transaction wrote it (inserted it, or moved it in the
    /// index), and the statement's view has it hidden or elsewhere, so the entries are read
    /// with that transaction's changes of the row put back for the while (seen on MariaDB
    /// 10.11: a walk down queue 1 that waits at another's new job 9 holds the gap above it,
    /// and the insert of job 10 waits). A DELETE's change has no new rowid (0): where the
    /// scan waits at a row of id 0, another transaction's delete of a row is redone too (a
    /// check would cost the download 500 B of its function order, measured).
    fn entries_with(
        &self,
        txn: TxnId,
        gaps: &GapScan,
        (table, stop): (&str, Option<i64>),
    ) -> Result<Vec<Entry>, crate::engine::store::StoreError> {
        let changes: Vec<RowChange> = (self.history.iter())
            .filter(|(w, c)| {
                *w != txn
                    && Some(c.new_rowid) == stop
                    && self.txns.is_active(*w)
                    && c.table.eq_ignore_ascii_case(table)
            })
            .map(|(_, c)| c.clone())
            .collect();
        let back = !changes.is_empty();
        if back {
            let store = &self.store;
            let redo = crate::engine::undo::redo_sql(&changes, &|t| store.columns(t));
            // The savepoint of the engine's other replay of changes (`Lab::replay`): one text.
            self.store.exec("SAVEPOINT ql_replay")?;
            // (Should it fail, the entries are read as the view has them.)
            let _ = self.store.run_raw(&redo);
        }
        let read = self.index_entries(gaps);
        if back {
            self.store
                .exec("ROLLBACK TO ql_replay; RELEASE ql_replay")?;
        }
        read
    }

    // Inlined into its one caller, as before it had two (a few hundred bytes of download).
    #[inline(always)]
    fn index_entries(
        &self,
        gaps: &GapScan,
    ) -> Result<Vec<Entry>, crate::engine::store::StoreError> {
        let (_, rows) = self.store.query(&gaps.entries_sql)?;
        let flag = |v: Option<&Value>| matches!(v, Some(Value::Int(1)));
        Ok(rows
            .into_iter()
            .map(|row| {
                let rowid = match row.first() {
                    Some(Value::Int(i)) => *i,
                    _ => 0,
                };
                let key = row.iter().skip(1).take(gaps.key_len).cloned().collect();
                let rest = &row[(1 + gaps.key_len).min(row.len())..];
                let flags = rest
                    .chunks(2)
                    .map(|p| (flag(p.first()), flag(p.get(1))))
                    .collect();
                Entry { rowid, key, flags }
            })
            .collect())
    }

    /// The first row `changes` wrote into another transaction's gap (an insert, or an update
    /// that moves its key in an index), and the transactions whose gap locks it falls into:
    /// the statement waits for them (InnoDB's insert intention).
    pub(super) fn gap_blockers(
        &self,
        txn: TxnId,
        changes: &[RowChange],
    ) -> Option<(Vec<TxnId>, GapWanted)> {
        if self.locks.gaps().is_empty() {
            return None;
        }
        for c in changes.iter().filter(|c| c.kind != ChangeKind::Delete) {
            let Some(def) = self.catalog.table(&c.table) else {
                continue;
            };
            for (index, columns) in def.innodb_keys().iter().enumerate() {
                let key_of = |values: &[Value], rowid: i64| -> Vec<Value> {
                    let position = |col: &String| {
                        def.columns
                            .iter()
                            .position(|d| d.name.eq_ignore_ascii_case(col))
                    };
                    let field = |col: &String| match position(col) {
                        Some(i) => values.get(i).cloned().unwrap_or(Value::Null),
                        None => Value::Int(rowid),
                    };
                    columns.iter().map(field).collect()
                };
                let key = key_of(&c.new, c.new_rowid);
                if c.kind == ChangeKind::Update && key == key_of(&c.old, c.old_rowid) {
                    continue;
                }
                let blockers = self.locks.gap_blockers(txn, &c.table, index, &key);
                if !blockers.is_empty() {
                    let fields = columns.iter().zip(&key);
                    let key = fields.map(|(col, v)| {
                        format!("{col}={}", v.text().unwrap_or_else(|| "NULL".into()))
                    });
                    let wanted = GapWanted {
                        table: def.name.clone(),
                        columns: columns.clone(),
                        key: key.collect::<Vec<_>>().join(", "),
                    };
                    return Some((blockers, wanted));
                }
            }
        }
        None
    }
}

/// A gap as entry positions (`None`: the index's start or end), and the entry at its end
/// whose row the scan locks too.
type Gap = (Option<usize>, Option<usize>, Option<usize>);

/// The gap a scan of range `r` locks, and the entry that ends it if the scan locks that
/// entry too; `None` for a unique lookup that found its row (no gap). A scan up locks from
/// the entry before the range up to the entry after it (the one its LIMIT stopped at). A
/// walk down (`ORDER BY ... DESC` read in an index) starts at the range's top, locking the
/// gap above it (not the entry there), each entry it reads with the gap below it, and ends
/// at the entry its LIMIT stopped at or at the entry below the range, which it reads and
/// locks: checked on MariaDB 10.11, `WHERE prio BETWEEN 2 AND 8 ORDER BY prio DESC` locked
/// the row of prio 1 and not the one of 25, and `WHERE qn = 'q2' ORDER BY prio DESC` the
/// row of the entry before q2's.
fn range_gap(
    entries: &[Entry],
    (r, end): (usize, RangeEnd),
    stopped_at: Option<i64>,
    descending: bool,
) -> Option<Gap> {
    let inside = |e: &Entry| e.flags.get(r).is_some_and(|f| f.1);
    let first = entries.iter().position(inside);
    if first.is_some() && end == RangeEnd::UniqueLookup {
        return None;
    }
    // The entry after the range, or where the range would be.
    let after = match entries.iter().rposition(inside) {
        Some(last) => last + 1,
        None => (entries.iter())
            .position(|e| !e.flags.get(r).is_some_and(|f| f.0))
            .unwrap_or(entries.len()),
    };
    let next = (after < entries.len()).then_some(after);
    let stop = || entries.iter().position(|e| Some(e.rowid) == stopped_at);
    if descending {
        if stopped_at.is_some() {
            return Some((stop()?.checked_sub(1), next, None));
        }
        let below = first.unwrap_or(after).checked_sub(1);
        let low = below.and_then(|b| b.checked_sub(1));
        return Some((low, next, below.filter(|_| end != RangeEnd::UniqueLookup)));
    }
    let low = first.unwrap_or(after).checked_sub(1);
    match first.and(stopped_at) {
        // A range after the entry the LIMIT stopped at (two ranges of an IN list, or a
        // claim read in another index's order) was not read: no gap.
        Some(_) => Some(stop()?)
            .filter(|&s| Some(s) >= first)
            .map(|s| (low, Some(s), None)),
        None => Some((low, next, next.filter(|_| end == RangeEnd::Range))),
    }
}
