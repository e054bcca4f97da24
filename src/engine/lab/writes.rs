//! What a write meets before it runs and after: the rows InnoDB's scans read and lock, other
//! transactions' uncommitted inserts, the rows an INSERT clashes with on a unique key, the
//! lock mode each change takes, and the values a column's type does not admit.

use super::{place_new, row_of, Exec, Lab, PendingInserts, Resume};
use crate::dialect::locks::{LockRead, WaitPolicy};
use crate::dialect::{InsertMode, Plan, PlanKind};
use crate::engine::locks::{LockMode, RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};
use crate::trace::{ErrorClass, StepError, Value};

impl Lab {
    /// InnoDB's locking reads and writes meet the rows other open transactions inserted (they
    /// are in the index, locked by their inserter), and the new entries of rows they updated
    /// into the read's range (`UPDATE t SET a = a + 1` puts a row of a = 2 into `a = 3`'s
    /// range, where a read of it waits for the updater: random race 245-4): for each lock
    /// request, those of its rows, found in the newest data before the statement enters its
    /// view, where they are hidden or do not match (a row the view reads too stays where the
    /// view has it, `place_new`).
    pub(super) fn pending_inserts(&self, txn: TxnId, plan: &Plan) -> PendingInserts {
        let mut out = PendingInserts::new();
        if !self.dialect.locking_reads_meet_uncommitted_inserts() {
            return out;
        }
        for read in plan.lock_reads.iter().filter(|r| !r.whole_table) {
            let new = crate::sort::rowid_set(
                self.history
                    .iter()
                    .filter(|(w, c)| {
                        *w != txn
                            && c.table.eq_ignore_ascii_case(&read.table)
                            && self.txns.is_active(*w)
                            && (c.kind == ChangeKind::Insert || self.moved_in_index(c, read))
                    })
                    .map(|(_, c)| c.new_rowid)
                    .collect(),
            );
            if new.is_empty() {
                continue;
            }
            // A locking SELECT meets the rows its access path reads, matching or not.
            let read_sql = read.scan_sql.as_deref().unwrap_or(&read.rowid_sql);
            let rows = self.store.query(read_sql).map(|(_, r)| r);
            let mut found = Vec::new();
            let mut before = None;
            for r in rows.unwrap_or_default() {
                let Some(&Value::Int(i)) = r.first() else {
                    continue;
                };
                if new.binary_search(&i).is_ok() {
                    found.push(i);
                    found.push(before.unwrap_or(i));
                }
                before = Some(i);
            }
            if !found.is_empty() {
                out.insert(read.id, found);
            }
        }
        out
    }

    /// Whether update `c` changed a column of the secondary index `read` reads through: the
    /// row has a new entry there, which the read may meet.
    fn moved_in_index(&self, c: &RowChange, read: &LockRead) -> bool {
        let index = read_index(read);
        c.kind == ChangeKind::Update && index > 0 && self.changes_key(c, index)
    }

    /// Whether change `c` wrote new values into a column of index `index`'s key
    /// (`TableDef::innodb_keys` numbers them; 0: the clustered index).
    pub(super) fn changes_key(&self, c: &RowChange, index: usize) -> bool {
        let Some(def) = self.catalog.table(&c.table) else {
            return false;
        };
        let keys = def.innodb_keys();
        keys.get(index).is_some_and(|columns| {
            columns.iter().any(|k| {
                let at = def
                    .columns
                    .iter()
                    .position(|d| d.name.eq_ignore_ascii_case(k));
                at.is_some_and(|i| c.old.get(i) != c.new.get(i))
            })
        })
    }

    /// Whether another open transaction inserted row `rowid`, which has no committed version.
    fn uncommitted_new(&self, rowid: i64) -> bool {
        (self.history.iter()).any(|(w, c)| {
            c.kind == ChangeKind::Insert && c.new_rowid == rowid && self.txns.is_active(*w)
        })
    }

    /// InnoDB's UPDATE/DELETE locks each row its access path reads, in the order it reads
    /// them (see [`crate::dialect::locks::WriteScan`]): it waits for the first one another
    /// transaction holds, unless READ COMMITTED's semi-consistent read passes it over.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_write_scan(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        (read, scan, pending): (&LockRead, &crate::dialect::locks::WriteScan, &[i64]),
        repeatable: bool,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let rowids = |lab: &mut Lab, sql: &str| -> Result<Vec<i64>, Exec> {
            lab.rowids(sql)
                .map_err(|e| Exec::Done(lab.store_failure(s, plan, &e)))
        };
        let mut read_rows = rowids(self, &read.rowid_sql)?;
        let mut matching = rowids(self, &scan.matching_sql)?;
        // Another transaction's new row is in the index: read, and waited for, as if matching.
        // A row it updated into the range is read; whether it matches is its committed
        // version's to say (READ COMMITTED's semi-consistent read passes it over).
        place_new(&mut read_rows, pending);
        let inserted = (pending.chunks_exact(2)).filter(|p| self.uncommitted_new(p[0]));
        place_new(
            &mut matching,
            &inserted.flatten().copied().collect::<Vec<_>>(),
        );
        let matching = crate::sort::rowid_set(matching);
        let mode = self
            .dialect
            .locking_read_mode(read.exclusive, read.update_lock, read.weaker);
        let from_end = read.gaps.as_ref().filter(|g| repeatable && g.from_end);
        if let Some(gaps) = from_end {
            self.lock_gaps((s, txn, plan), read, (gaps, true), None, resume)?;
        }
        let mut matched = 0u64;
        let mut last_matched = None;
        let mut taken = Vec::new();
        for rowid in read_rows {
            if read.limit.is_some_and(|l| matched >= l) {
                break; // an ORDER BY ... LIMIT read in index order stops here
            }
            let row = RowRef {
                table: read.table.clone(),
                rowid,
            };
            let matches = matching.binary_search(&rowid).is_ok();
            let blockers = self.scan_blockers(txn, &row, mode, read);
            self.make_explicit(&blockers, &row, read_index(read));
            if blockers.is_empty() {
                if keeps_read(read, repeatable) || matches {
                    self.grant_scanned(txn, row, mode, read, repeatable);
                } else {
                    self.locks.let_go(txn, &row.table, mode);
                }
                matched += u64::from(matches);
                if matches {
                    last_matched = Some(rowid);
                    taken.push(rowid);
                }
                continue;
            }
            // READ COMMITTED's UPDATE judges a held row by its committed version: one that
            // does not match, or another transaction's new row, which has none, is passed over.
            if !repeatable && scan.semi_consistent && (!matches || self.uncommitted_new(rowid)) {
                continue;
            }
            if repeatable {
                self.lock_gaps_before_wait((s, txn, plan), read, rowid, resume)?;
            }
            resume.changed_before_wait = if scan.changes_as_read && !scan.buffered {
                // The rows its SET changes: one it leaves as it was writes no undo record.
                let changing = (scan.changing_sql.as_deref()).map(|sql| self.rowids(sql));
                let changed = match changing {
                    Some(Ok(changing)) => taken.iter().filter(|r| changing.contains(r)).count(),
                    _ => taken.len(),
                };
                u32::try_from(changed).unwrap_or(u32::MAX)
            } else {
                0
            };
            resume.read_waited = false;
            resume.refreshed.insert(row.clone());
            resume.wanted = Some((row, mode));
            return Err(Exec::Wait(blockers, resume.clone()));
        }
        // (At READ COMMITTED `from_end` is always `None`.)
        if from_end.is_none() && (repeatable || scan.keeps_range_end) {
            let taken = (matched, last_matched);
            self.lock_scan_gaps((s, txn, plan), read, taken, repeatable, resume)?;
        }
        // The order it changes them in, where it changes them as it reads them (a DELETE's
        // RETURNING lists them so: `Plan::lock_order`'s use in `in_view`).
        if scan.changes_as_read {
            self.store.set_locked(read.id, taken);
        }
        Ok(())
    }

    /// InnoDB's locking SELECT ([`LockRead::scan_sql`]): each row its access path reads is
    /// locked in the order read, matching the WHERE or not, until LIMIT matching rows are
    /// locked; one another transaction holds is waited for, or passed over by SKIP LOCKED.
    /// A row that does not match stays locked at REPEATABLE READ only. The matching rows
    /// locked are the read's rows.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_scanned_read(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        (read, scan_sql, candidates, new): (&LockRead, &str, Vec<i64>, &[i64]),
        repeatable: bool,
        resume: &mut Resume,
    ) -> Result<Vec<i64>, Exec> {
        let mut order = match resume.scanned.get(&read.id) {
            Some(rows) => rows.clone(),
            None => self
                .rowids(scan_sql)
                .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?,
        };
        // Another transaction's new rows are read too, where the scan meets them, and still
        // there after their inserter's commit.
        place_new(&mut order, new);
        resume.scanned.insert(read.id, order.clone());
        // After a wait every row is judged in its newest committed version (the rows found
        // on the first try may have changed or gone since: the scan goes on past a deleted
        // one to fill its LIMIT): the WHERE's rows found again, once.
        let matching = if resume.refreshed.iter().next().is_some() {
            let now = self.rowids(&read.rowid_sql);
            crate::sort::rowid_set(now.map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?)
        } else {
            crate::sort::rowid_set(candidates.to_vec())
        };
        let mode = self
            .dialect
            .locking_read_mode(read.exclusive, read.update_lock, read.weaker);
        let mut got = Vec::new();
        for rowid in order {
            if read.limit.is_some_and(|l| got.len() as u64 >= l) {
                break; // read in index order, the scan stops at its LIMIT
            }
            let row = RowRef {
                table: read.table.clone(),
                rowid,
            };
            let matches = matching.binary_search(&rowid).is_ok();
            let blockers = self.scan_blockers(txn, &row, mode, read);
            self.make_explicit(&blockers, &row, read_index(read));
            if blockers.is_empty() {
                if matches || keeps_read(read, repeatable) {
                    self.grant_scanned(txn, row, mode, read, repeatable);
                } else {
                    self.locks.let_go(txn, &row.table, mode);
                }
                if matches {
                    got.push(rowid);
                }
                continue;
            }
            match read.policy {
                WaitPolicy::SkipLocked => continue,
                WaitPolicy::NoWait => {
                    let table = &read.table;
                    let failed = self.fail_statement(s, ErrorClass::LockNotAvailable, table);
                    return Err(Exec::Done(failed));
                }
                WaitPolicy::Wait => {
                    if repeatable {
                        self.lock_gaps_before_wait((s, txn, plan), read, rowid, resume)?;
                    }
                    resume.read_waited = true;
                    resume.refreshed.insert(row.clone());
                    resume.wanted = Some((row, mode));
                    return Err(Exec::Wait(blockers, resume.clone()));
                }
            }
        }
        // A walk down a secondary index locks the entry below its range, and the entry's
        // row, at READ COMMITTED too (`GapScan::end_row`).
        let walks_down = (read.gaps.as_ref()).is_some_and(|g| g.descending && g.index > 0);
        if repeatable || walks_down {
            let taken = (got.len() as u64, got.last().copied());
            self.lock_scan_gaps((s, txn, plan), read, taken, repeatable, resume)?;
        }
        Ok(got)
    }

    /// The row lock change `c` takes: for an UPDATE, whether it changed a column of a unique
    /// key decides PostgreSQL's mode.
    pub(super) fn write_mode(&self, c: &RowChange) -> LockMode {
        let key_changed = c.kind == ChangeKind::Update
            && self.catalog.table(&c.table).is_some_and(|def| {
                def.columns.iter().enumerate().any(|(i, col)| {
                    c.old.get(i) != c.new.get(i)
                        && def.unique_keys().filter(|k| k.is_whole()).any(|k| {
                            k.columns
                                .iter()
                                .any(|kc| kc.eq_ignore_ascii_case(&col.name))
                        })
                })
            });
        self.dialect.write_lock_mode(c.kind, key_changed)
    }

    /// Whether a partial unique key's predicate holds for `row` (the table's values in the
    /// store's column order): only such rows clash on the key.
    pub(super) fn in_partial_key(&self, table: &str, row: &[Value], predicate: &str) -> bool {
        let ident = crate::dialect::catalog::ident;
        let fields: Vec<String> = self
            .store
            .columns(table)
            .iter()
            .zip(row)
            .map(|(c, v)| format!("{} AS {}", crate::engine::undo::literal(v), ident(c)))
            .collect();
        let sql = format!(
            "SELECT CASE WHEN ({predicate}) THEN 1 ELSE 0 END FROM (SELECT {})",
            fields.join(", ")
        );
        matches!(self.store.query(&sql), Ok((_, rows)) if rows.first().and_then(|r| r.first()) == Some(&Value::Int(1)))
    }

    /// PostgreSQL's `INSERT ... ON CONFLICT DO UPDATE` may not change one row twice (two of
    /// its rows with the same key): 21000, where SQLite updates the row again.
    pub(super) fn upsert_twice(&self, plan: &Plan, changes: &[RowChange]) -> Option<StepError> {
        let PlanKind::Insert {
            mode: InsertMode::Upsert,
            ..
        } = &plan.kind
        else {
            return None;
        };
        if !self.dialect.upsert_changes_a_row_once() {
            return None;
        }
        // Written rows by table and rowid, sorted: a row written twice sits beside itself.
        let mut written: Vec<(&str, i64)> = (changes.iter())
            .filter(|c| c.kind != ChangeKind::Delete)
            .map(|c| (c.table.as_str(), c.new_rowid))
            .collect();
        crate::sort::sort(&mut written);
        let twice = written.windows(2).any(|w| w[0] == w[1]);
        twice.then(|| StepError {
            class: ErrorClass::Other,
            native: "21000".into(),
            message: "ON CONFLICT DO UPDATE command cannot affect row a second time".into(),
            pos: None,
            fixed_text: None,
        })
    }

    /// The server's error for the first value the statement wrote that its column's type
    /// does not admit (`dialect/types.rs`); the rows are counted from 1, as MySQL counts them.
    pub(super) fn misfit(&self, changes: &[RowChange]) -> Option<StepError> {
        if !self.dialect.checks_column_types() {
            return None;
        }
        let written = changes
            .iter()
            .filter(|c| matches!(c.kind, ChangeKind::Insert | ChangeKind::Update));
        for (i, c) in written.enumerate() {
            let Some(def) = self.catalog.table(&c.table) else {
                continue;
            };
            for (col, v) in def.columns.iter().zip(&c.new) {
                let column = (def.name.as_str(), col.name.as_str(), &col.admits);
                if let Some(e) = self.dialect.misfit(column, v, i + 1) {
                    return Some(e);
                }
            }
        }
        None
    }

    /// The rows an INSERT's rows meet on one of the table's unique keys, each with the key's
    /// name and the number of the INSERT's row that meets it (from 1, in the statement's
    /// order), key by key in `TableDef::unique_keys` order, in the statement's view: its rows
    /// as computed before a wait (`kept`), else its VALUES or SELECT now.
    pub(super) fn key_clashes(&self, plan: &Plan, kept: Option<&[Vec<Value>]>) -> Vec<Clash<'_>> {
        let PlanKind::Insert {
            table,
            columns,
            source_query: Some(source),
            ..
        } = &plan.kind
        else {
            return Vec::new();
        };
        let Some(def) = self.catalog.table(table) else {
            return Vec::new();
        };
        let columns: Vec<String> = if columns.is_empty() {
            def.columns.iter().map(|c| c.name.clone()).collect()
        } else {
            columns.clone()
        };
        let ident = crate::dialect::catalog::ident;
        let slots: Vec<String> = (0..columns.len()).map(|i| format!("c{i}")).collect();
        let source = match kept {
            Some([]) => return Vec::new(),
            Some(rows) => {
                let rows: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        let v: Vec<String> = r.iter().map(crate::engine::undo::literal).collect();
                        format!("({})", v.join(", "))
                    })
                    .collect();
                format!("VALUES {}", rows.join(", "))
            }
            None => source.clone(),
        };
        let mut out = Vec::new();
        // InnoDB's numbers of the keys' indexes (`TableDef::innodb_keys`): the clustered
        // index is 0 when the table has no primary key too.
        let first = usize::from(def.primary_key.is_none());
        for (k, key) in def.unique_keys().enumerate() {
            let on: Option<Vec<String>> = key
                .columns
                .iter()
                .map(|k| {
                    let i = columns.iter().position(|c| c.eq_ignore_ascii_case(k))?;
                    Some(format!("t.{} = ql_s.c{i}", ident(k)))
                })
                .collect();
            let Some(mut on) = on else { continue };
            if let Some(p) = &key.predicate {
                on.push(format!(
                    "t.rowid IN (SELECT rowid FROM {} WHERE {p})",
                    ident(table)
                ));
                on.push(format!(
                    "EXISTS (SELECT 1 FROM (SELECT {}) WHERE {p})",
                    source_row(def, &columns)
                ));
            }
            let sql = format!(
                "WITH ql_r({}) AS ({source}), ql_n AS (SELECT row_number() OVER () AS ql_n, * FROM ql_r) SELECT t.rowid, ql_s.ql_n FROM {} AS t, ql_n AS ql_s WHERE {} ORDER BY ql_s.ql_n",
                slots.join(", "),
                ident(table),
                on.join(" AND ")
            );
            let rows = self
                .store
                .look_ahead(&sql)
                .map(|(_, r)| r)
                .unwrap_or_default();
            for r in rows {
                if let [Value::Int(rowid), Value::Int(n)] = r[..] {
                    let row = RowRef {
                        table: table.clone(),
                        rowid,
                    };
                    out.push(Clash {
                        row,
                        key: &key.name,
                        index: first + k,
                        n,
                    });
                }
            }
        }
        out
    }

    /// An INSERT meeting existing rows on a unique key, before it runs: PostgreSQL's
    /// REPEATABLE READ fails an `ON CONFLICT` that meets a row a commit after its snapshot
    /// wrote (40001, rather than skip or update what the snapshot cannot see); and the
    /// insert waits for other open transactions that hold such a row (the key check waits:
    /// PostgreSQL for one that changed or deleted the row, whose key may yet be free; InnoDB
    /// for any lock, its check taking a shared one).
    #[allow(clippy::result_large_err)]
    pub(super) fn check_key_clashes(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let PlanKind::Insert { mode, arbiters, .. } = &plan.kind else {
            return Ok(());
        };
        let unseen_check =
            resume.serializable_writes && matches!(mode, InsertMode::Ignore | InsertMode::Upsert);
        // InnoDB's failed check leaves a shared lock, which matters in a transaction block.
        let leaves_locks = self.dialect.key_check_waits_for_locks()
            && matches!(mode, InsertMode::Plain | InsertMode::Ignore)
            && self.txn_mode(txn).1;
        if !unseen_check && !leaves_locks && !self.txns.others_active(txn) {
            return Ok(());
        }
        let found = self.key_clashes(plan, resume.source.as_deref());
        if unseen_check {
            // Only the arbiters' clashes: a clash on another unique key is the server's
            // duplicate-key error, as without ON CONFLICT.
            let arbitrates =
                |key: &str| arbiters.as_ref().is_none_or(|a| a.iter().any(|n| n == key));
            let snapshot = resume.snapshot.unwrap_or(0);
            let unseen = (found.iter().filter(|c| arbitrates(c.key)))
                .any(|c| self.changed_since(&|r| *r == c.row, snapshot).is_some());
            if unseen {
                return Err(Exec::Done(
                    self.serialization_failure(s, ChangeKind::Update),
                ));
            }
        }
        let mut clashes: Vec<RowRef> = Vec::new();
        for c in &found {
            if !clashes.contains(&c.row) {
                clashes.push(c.row.clone());
            }
        }
        let mut blockers: Vec<TxnId> = Vec::new();
        for row in &clashes {
            let holders = if self.dialect.key_check_waits_for_locks() {
                self.locks
                    .blockers(txn, row, self.dialect.read_lock_mode(false, false))
            } else {
                let waiting = (self.locks.holders(row).iter()).filter(|(w, m)| {
                    self.locks.because(*w, row, *m) == Some(super::CHANGED_BEFORE_WAIT)
                });
                (self.history.iter())
                    .filter(|(w, c)| self.txns.is_active(*w) && row_of(c) == *row)
                    .map(|(w, _)| *w)
                    .chain(waiting.map(|(w, _)| *w))
                    .filter(|w| *w != txn)
                    .collect()
            };
            for h in holders {
                if !blockers.contains(&h) {
                    blockers.push(h);
                }
            }
        }
        if blockers.is_empty() {
            if leaves_locks {
                for (row, index) in Lab::duplicates_met(&found, *mode == InsertMode::Plain) {
                    self.lock_duplicate(txn, row, index);
                }
            }
            return Ok(());
        }
        // The server computed the rows before waiting: the retry inserts those.
        if let (
            None,
            PlanKind::Insert {
                source_query: Some(q),
                ..
            },
        ) = (&resume.source, &plan.kind)
        {
            resume.source = self.store.look_ahead(q).ok().map(|(_, rows)| rows);
        }
        resume.wanted = None;
        Err(Exec::Wait(blockers, resume.clone()))
    }
}

/// A row an INSERT's row meets on a unique key (`Lab::key_clashes`).
pub(super) struct Clash<'a> {
    pub row: RowRef,
    /// The key's name, and its index as `TableDef::innodb_keys` numbers them.
    pub key: &'a str,
    pub index: usize,
    /// The INSERT's row, numbered from 1 in the statement's order.
    pub n: i64,
}

/// A row of `ql_s` (an INSERT's source, its columns `c0`, `c1`, ... in the order `columns`
/// names them) under the table's own column names, a column the INSERT leaves out at its
/// default: what a partial key's predicate reads of the row about to be inserted.
fn source_row(def: &crate::dialect::catalog::TableDef, columns: &[String]) -> String {
    let ident = crate::dialect::catalog::ident;
    def.columns
        .iter()
        .map(|c| {
            let value = match columns.iter().position(|x| x.eq_ignore_ascii_case(&c.name)) {
                Some(i) => format!("ql_s.c{i}"),
                None => c.default.clone().unwrap_or_else(|| "NULL".into()),
            };
            format!("({value}) AS {}", ident(&c.name))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Lab {
    /// An InnoDB scan's lock on `row`: with the gap before it (a next-key lock) where the
    /// scan reads the clustered index at REPEATABLE READ, other than a lookup of a key; with
    /// the structure of the index entries a scan through a secondary index locks too.
    fn grant_scanned(
        &mut self,
        txn: TxnId,
        row: RowRef,
        mode: LockMode,
        read: &LockRead,
        repeatable: bool,
    ) {
        let index = read_index(read);
        let next_key = (read.gaps.as_ref()).is_some_and(|g| {
            g.index == 0 && g.end != crate::dialect::locks::RangeEnd::UniqueLookup
        });
        if index > 0 {
            self.locks.lock_entries(txn, &row.table, index);
        }
        self.locks
            .grant_kind(txn, row, mode, repeatable && next_key);
    }
}

/// The index a read goes through (`TableDef::innodb_keys` numbers them; 0: the clustered).
pub(super) fn read_index(read: &LockRead) -> usize {
    read.gaps.as_ref().map_or(0, |g| g.index)
}

/// Whether a scan keeps the rows it read that fail the rest of its WHERE locked: at
/// REPEATABLE READ; at READ COMMITTED too through a secondary index (seen on MariaDB 10.11,
/// for locking reads, UPDATEs and DELETEs), where through the clustered index it lets them go.
fn keeps_read(read: &LockRead, repeatable: bool) -> bool {
    repeatable || read.gaps.as_ref().is_some_and(|g| g.index > 0)
}
