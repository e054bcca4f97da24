//! InnoDB's gap locks: the ones a scan takes at REPEATABLE READ ([`GapScan`], built by
//! `dialect/mysql/gaps.rs`), and the insert intention every insert checks against the gap
//! locks of other transactions (an insert into a locked gap waits, whatever its own
//! isolation level; gap locks never wait for each other).

use super::{Exec, GapWanted, Lab, Resume};
use crate::dialect::locks::{GapScan, LockRead, RangeEnd, WaitPolicy};
use crate::dialect::Plan;
use crate::engine::locks::{key_order, GapLock, RowRef, TxnId};
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
        let mut entries = self
            .index_entries(gaps)
            .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        if let Some(rowid) = stopped_at.filter(|r| !entries.iter().any(|e| e.rowid == *r)) {
            self.place_hidden(gaps, &read.table, rowid, &mut entries);
        }
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
            let pieces = match skips {
                true => self.skip_holes(txn, &read.table, &entries, (low, high)),
                false => vec![(low, high)],
            };
            for (low, high) in pieces.into_iter().filter(|_| with_gaps) {
                self.locks.grant_gap(GapLock {
                    txn,
                    table: read.table.clone(),
                    index: gaps.index,
                    low: low.map(|i| entries[i].key.clone()),
                    high: high.map(|i| entries[i].key.clone()),
                    record: None,
                });
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
            self.locks.grant(txn, row, mode);
        }
        Ok(())
    }

    /// The gap from entry `low` to entry `high` (positions in `entries`; `None`: the index's
    /// start, or its end) less the gap before each entry inside it that `txn` does not hold,
    /// one its scan skipped: the pieces left.
    fn skip_holes(
        &self,
        txn: TxnId,
        table: &str,
        entries: &[Entry],
        (low, high): (Option<usize>, Option<usize>),
    ) -> Vec<(Option<usize>, Option<usize>)> {
        let mine = |e: &Entry| {
            let row = RowRef {
                table: table.to_string(),
                rowid: e.rowid,
            };
            self.locks.holders(&row).iter().any(|(t, _)| *t == txn)
        };
        let mut out = Vec::new();
        let mut from = low;
        let inside = entries
            .iter()
            .enumerate()
            .take(high.unwrap_or(entries.len()));
        for (q, entry) in inside.skip(low.map_or(0, |l| l + 1)) {
            if !mine(entry) {
                if from.map_or(0, |f| f + 1) < q {
                    out.push((from, Some(q - 1)));
                }
                from = Some(q);
            }
        }
        out.push((from, high));
        out
    }

    /// The entry of row `rowid` another open transaction wrote (inserted, or moved into the
    /// index), hidden from the statement's view, where the scan met it and waits: in `entries`
    /// at its key's place, in the ranges it lies in (seen on MariaDB 10.11: a walk down
    /// queue 1 that waits at another's new job 9 holds the gap above it, and the insert of
    /// job 10 waits).
    fn place_hidden(&self, gaps: &GapScan, table: &str, rowid: i64, entries: &mut Vec<Entry>) {
        let Some(def) = self.catalog.table(table) else {
            return;
        };
        let newest = (self.history.iter().rev()).find(|(w, c)| {
            c.kind != ChangeKind::Delete
                && c.new_rowid == rowid
                && c.table.eq_ignore_ascii_case(table)
                && self.txns.is_active(*w)
        });
        let Some((_, c)) = newest else {
            return;
        };
        let field = |name: &String| match name.as_str() {
            "rowid" => Some(Value::Int(rowid)),
            _ => (def.columns.iter())
                .position(|d| d.name.eq_ignore_ascii_case(name))
                .and_then(|i| c.new.get(i).cloned()),
        };
        let keys = def.innodb_keys();
        let key: Option<Vec<Value>> = keys
            .get(gaps.index)
            .into_iter()
            .flatten()
            .map(field)
            .collect();
        let Some(key) = key else {
            return;
        };
        let at = (entries.iter())
            .position(|e| key_order(&e.key, &key).is_gt())
            .unwrap_or(entries.len());
        // Before a range where the entry above it is; after it where the one below it is;
        // inside it otherwise.
        let flags = (0..gaps.ranges)
            .map(|r| {
                let flag = |i: Option<usize>| i.and_then(|i| entries.get(i)?.flags.get(r).copied());
                let before = flag(Some(at)).is_some_and(|f| f.0);
                let after = flag(at.checked_sub(1)).is_some_and(|f| !f.0 && !f.1);
                (before, !before && !after)
            })
            .collect();
        entries.insert(at, Entry { rowid, key, flags });
    }

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
