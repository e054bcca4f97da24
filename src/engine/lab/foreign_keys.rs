//! PostgreSQL's foreign-key checks ([`crate::dialect::catalog::ForeignKeyDef`]; MariaDB's are
//! `innodb_foreign_keys.rs`), run at the end of a statement as the server's RI triggers run,
//! in the order the rows changed:
//! - a row inserted into a child table, or updated to another key, needs its parent row: it
//!   must be in the statement's view (a parent another transaction inserted and has not
//!   committed is not), and it is locked FOR KEY SHARE, so the check waits for a transaction
//!   that deletes the parent, or changes its key, or holds it FOR UPDATE;
//! - a parent row deleted, or its key changed, may have no child left: each child row found
//!   is locked FOR KEY SHARE first (waiting for a transaction deleting it), then the statement
//!   fails (NO ACTION and RESTRICT alike).
//!
//! At REPEATABLE READ a child's parent must also be in the transaction's snapshot (one a
//! later commit inserted is missing, 23503) and not deleted or re-keyed by a later commit
//! (40001); a change of its other columns is no conflict, and a parent's check finds the
//! children as at READ COMMITTED. Checked against PostgreSQL 15 (specs pg-foreign-key-rc,
//! pg-foreign-key-rr).

use super::{Exec, Lab, Resume};
use crate::dialect::catalog::ForeignKeyDef;
use crate::dialect::foreign_keys;
use crate::dialect::plan::Isolation;
use crate::dialect::{Plan, PlanKind};
use crate::engine::locks::{LockMode, RowRef, TxnId};
use crate::engine::store::{ChangeKind, RowChange};
use crate::engine::undo::literal;
use crate::ids::TableLockMode;
use crate::trace::Value;

/// What commits after a REPEATABLE READ snapshot did to a parent row.
enum Since {
    Unchanged,
    Inserted,
    Gone,
}

/// One check a change needs.
pub(super) enum Check {
    /// A row of table `child` holds key `value`, which must be in `fk.parent`.
    Parent(String, ForeignKeyDef, Value),
    /// No row of `child` may hold `value`, the key a parent row no longer has (`true`: the
    /// parent row was deleted, so ON DELETE CASCADE deletes them instead).
    Children(String, ForeignKeyDef, Value, bool),
}

impl Lab {
    /// The foreign-key checks of a statement that made `changes`, in transaction `txn`.
    #[allow(clippy::result_large_err)]
    pub(super) fn check_foreign_keys(
        &mut self,
        (s, txn, plan): (usize, TxnId, &Plan),
        changes: &mut Vec<RowChange>,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        // Most schemas have none: no per-row work then.
        if !self.catalog.tables().any(|t| !t.foreign_keys.is_empty()) {
            return Ok(());
        }
        if self.dialect.checks_foreign_keys_per_row() {
            return self.check_innodb_foreign_keys((s, txn, plan), changes, resume);
        }
        // Rows a cascade deletes are checked in their turn, as their own triggers fire.
        let mut checked = 0;
        while checked < changes.len() {
            let checks: Vec<Check> = (changes[checked..].iter())
                .flat_map(|c| self.checks_of(c))
                .collect();
            checked = changes.len();
            let deleted = self.run_checks((s, txn, plan), checks, resume)?;
            changes.extend(deleted);
        }
        Ok(())
    }

    /// Runs `checks`, the checks of one round of changes; the rows ON DELETE CASCADE deleted.
    #[allow(clippy::result_large_err)]
    fn run_checks(
        &mut self,
        (s, txn, plan): (usize, TxnId, &Plan),
        checks: Vec<Check>,
        resume: &mut Resume,
    ) -> Result<Vec<RowChange>, Exec> {
        let mut cascaded = Vec::new();
        if checks.is_empty() {
            return Ok(cascaded);
        }
        // Each check reads the other table FOR KEY SHARE: ROW SHARE on it to the end of the
        // transaction (an ALTER TABLE of it waits); a cascade deletes there: ROW EXCLUSIVE.
        for check in &checks {
            let (table, mode) = match check {
                Check::Parent(_, fk, _) => (fk.parent.clone(), TableLockMode::RowShare),
                Check::Children(child, fk, _, deleted) => (
                    child.to_ascii_lowercase(),
                    if fk.cascade && *deleted {
                        TableLockMode::RowExclusive
                    } else {
                        TableLockMode::RowShare
                    },
                ),
            };
            self.table_lock_or_wait((s, txn), &table, mode, resume)?;
        }
        // REPEATABLE READ: the parent must be in the transaction's snapshot too.
        // (PostgreSQL's SERIALIZABLE is refused at BEGIN, so it never gets here.)
        let snapshot = match self.txn_mode(txn).0 {
            Isolation::RepeatableRead | Isolation::Serializable => resume.snapshot,
            _ => None,
        };
        let found = self
            .in_newest_commits((txn, plan), resume, |lab| {
                checks.iter().map(|c| lab.rows_found(c)).collect::<Vec<_>>()
            })
            .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        for (check, rows) in checks.into_iter().zip(found) {
            match check {
                Check::Parent(child, fk, value) => {
                    let since = |at: u64| self.parent_since(txn, &fk, (&value, rows.first()), at);
                    match (rows.first(), snapshot.map(since)) {
                        (_, Some(Since::Gone)) => {
                            return Err(Exec::Done(
                                self.serialization_failure(s, ChangeKind::Update),
                            ))
                        }
                        (None, _) | (_, Some(Since::Inserted)) => {
                            let e = foreign_keys::missing_parent(&child, &fk);
                            return Err(Exec::Done(self.fail_with(s, e)));
                        }
                        _ => {}
                    }
                    let Some(&rowid) = rows.first() else {
                        continue;
                    };
                    let row = RowRef {
                        table: fk.parent.clone(),
                        rowid,
                    };
                    let why = check_of(&fk);
                    self.lock_or_wait(txn, (row, LockMode::PgKeyShare), &why, resume)?;
                }
                Check::Children(child, fk, _, true) if fk.cascade => {
                    let rows = (child.as_str(), rows.as_slice());
                    let why = cascade_of(&fk);
                    cascaded.extend(self.cascade(
                        (s, txn, plan),
                        rows,
                        (snapshot, &why),
                        resume,
                    )?);
                }
                Check::Children(child, fk, _, _) => {
                    // The first child row it can lock fails the statement; one it waited for
                    // and that is gone then is not found when the statement runs again.
                    if let Some(&rowid) = rows.first() {
                        let row = RowRef {
                            table: child.clone(),
                            rowid,
                        };
                        let why = check_of(&fk);
                        self.lock_or_wait(txn, (row, LockMode::PgKeyShare), &why, resume)?;
                        let e = foreign_keys::children_left(&child, &fk);
                        return Err(Exec::Done(self.fail_with(s, e)));
                    }
                }
            }
        }
        Ok(cascaded)
    }

    /// ON DELETE CASCADE, as PostgreSQL's trigger deletes the children of a deleted parent:
    /// `rows` (the children in the newest commits) locked FOR UPDATE, waiting for their
    /// holders (the statement then runs again and finds them anew: one given another key
    /// meanwhile stays), then deleted. At REPEATABLE READ a child a commit after the snapshot
    /// changed or inserted fails it (40001), as the trigger's check against the snapshot does.
    #[allow(clippy::result_large_err)]
    fn cascade(
        &mut self,
        (s, txn, plan): (usize, TxnId, &Plan),
        (child, rows): (&str, &[i64]),
        (snapshot, why): (Option<u64>, &str),
        resume: &mut Resume,
    ) -> Result<Vec<RowChange>, Exec> {
        for &rowid in rows {
            let row = RowRef {
                table: child.to_string(),
                rowid,
            };
            let since = snapshot.and_then(|at| self.changed_since(&|r| *r == row, at));
            if since.is_some() {
                return Err(Exec::Done(
                    self.serialization_failure(s, ChangeKind::Update),
                ));
            }
            self.lock_or_wait(txn, (row, LockMode::PgUpdate), why, resume)?;
        }
        let deleted =
            self.in_newest_commits((txn, plan), resume, |lab| lab.delete_children(child, rows));
        deleted
            .and_then(|d| d)
            .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))
    }

    /// How the parent row of key `value` (`found`: its rowid in the newest commits) changed
    /// after snapshot `at`, by another transaction's commit: inserted (the snapshot does not
    /// have it: the key is missing), deleted or given another key (PostgreSQL's REPEATABLE
    /// READ cannot lock it: 40001), or neither (a change of its other columns is no conflict).
    fn parent_since(
        &self,
        txn: TxnId,
        fk: &ForeignKeyDef,
        (value, found): (&Value, Option<&i64>),
        at: u64,
    ) -> Since {
        let columns = self.store.columns(&fk.parent);
        let Some(i) = columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(&fk.parent_column))
        else {
            return Since::Unchanged;
        };
        let later = self.history.iter().filter(|(w, c)| {
            *w != txn && c.table.eq_ignore_ascii_case(&fk.parent) && self.committed_after(*w, at)
        });
        let mut since = Since::Unchanged;
        for (_, c) in later {
            let had = c.old.get(i) == Some(value) && c.kind != ChangeKind::Insert;
            let has = c.new.get(i) == Some(value) && c.kind != ChangeKind::Delete;
            if c.kind == ChangeKind::Insert && found == Some(&c.new_rowid) {
                return Since::Inserted;
            }
            if had && !has {
                since = Since::Gone;
            }
        }
        since
    }

    /// The rows a check finds: the parent row, or the child rows.
    fn rows_found(&self, check: &Check) -> Vec<i64> {
        match check {
            Check::Parent(_, fk, v) => self.rows_with(&fk.parent, &fk.parent_column, v),
            Check::Children(child, fk, v, _) => self.rows_with(child, &fk.column, v),
        }
    }

    /// Runs `f` on the statement's view brought up to the newest commits: an UPDATE's or
    /// DELETE's view is its snapshot (with the rows it waited for in their newest version),
    /// while the server's RI check reads what is committed when it runs (a job inserted and
    /// committed while the queue's DELETE waited is there). The store is put back after.
    fn in_newest_commits<T>(
        &self,
        (txn, plan): (TxnId, &Plan),
        resume: &Resume,
        f: impl FnOnce(&Self) -> T,
    ) -> Result<T, crate::engine::store::StoreError> {
        // An INSERT's view is already the newest commits.
        if matches!(plan.kind, PlanKind::Insert { .. }) {
            return Ok(f(self));
        }
        let snapshot = resume.snapshot.unwrap_or(u64::MAX);
        let seen = self.rows_written_by(txn, &resume.refreshed);
        let later: Vec<RowChange> = self
            .history
            .iter()
            .filter(|(w, c)| {
                *w != txn && !seen.contains(&super::row_of(c)) && self.committed_after(*w, snapshot)
            })
            .map(|(_, c)| c.clone())
            .collect();
        if later.is_empty() {
            return Ok(f(self));
        }
        let store = &self.store;
        self.store.exec("SAVEPOINT ql_fk")?;
        let redone = self
            .store
            .run_raw(&crate::engine::undo::redo_sql(&later, &|t| {
                store.columns(t)
            }));
        let out = redone.map(|_| f(self));
        self.store.exec("ROLLBACK TO ql_fk; RELEASE ql_fk")?;
        out
    }

    /// The checks change `c` needs: of its table's own foreign keys for a new key, and of the
    /// keys pointing to its table for a key that is gone.
    pub(super) fn checks_of(&self, c: &RowChange) -> Vec<Check> {
        let columns = self.store.columns(&c.table);
        let value_of = |row: &[Value], column: &str| {
            columns
                .iter()
                .position(|n| n.eq_ignore_ascii_case(column))
                .and_then(|i| row.get(i).cloned())
        };
        let mut checks = Vec::new();
        if let Some(def) = self.catalog.table(&c.table) {
            for fk in &def.foreign_keys {
                let new = value_of(&c.new, &fk.column).filter(|v| *v != Value::Null);
                let old = value_of(&c.old, &fk.column);
                let changed = c.kind == ChangeKind::Insert || new != old;
                if let (Some(v), true, false) = (new, changed, c.kind == ChangeKind::Delete) {
                    checks.push(Check::Parent(def.name.clone(), fk.clone(), v));
                }
            }
        }
        for (child, fk) in self.catalog.referencing(&c.table) {
            let old = value_of(&c.old, &fk.parent_column).filter(|v| *v != Value::Null);
            let new = value_of(&c.new, &fk.parent_column);
            let gone = c.kind == ChangeKind::Delete || (c.kind == ChangeKind::Update && new != old);
            if let (Some(v), true) = (old, gone) {
                let deleted = c.kind == ChangeKind::Delete;
                checks.push(Check::Children(child.name.clone(), fk.clone(), v, deleted));
            }
        }
        checks
    }

    /// The rowids of `table`'s rows whose `column` is `value`, in the statement's view.
    pub(super) fn rows_with(&self, table: &str, column: &str, value: &Value) -> Vec<i64> {
        let ident = crate::dialect::catalog::ident;
        let sql = format!(
            "SELECT rowid AS ql_rowid FROM {} WHERE {} = {} ORDER BY rowid",
            ident(table),
            ident(column),
            literal(value)
        );
        self.rowids(&sql).unwrap_or_default()
    }

    /// A lock on `row` in `mode` (PostgreSQL's FOR KEY SHARE, InnoDB's shared or exclusive
    /// record lock), waiting for a transaction whose lock conflicts.
    #[allow(clippy::result_large_err)]
    pub(super) fn lock_or_wait(
        &mut self,
        txn: TxnId,
        (row, mode): (RowRef, LockMode),
        why: &str,
        resume: &mut Resume,
    ) -> Result<(), Exec> {
        let blockers = self.row_blockers(txn, &row, mode);
        // InnoDB's check finds the parent row through its primary key.
        self.make_explicit(&blockers, &row, 0);
        if blockers.is_empty() {
            self.locks.grant_because(txn, row, mode, why);
            return Ok(());
        }
        resume.wanted_because = Some(why.into());
        // A lock read: a later commit that deleted the row fails it as an update (40001).
        resume.read_waited = true;
        resume.refreshed.insert(row.clone());
        resume.wanted = Some((row, mode));
        Err(Exec::Wait(blockers, resume.clone()))
    }
}

/// Why a check locks a row, in the pictures' words.
pub(super) fn check_of(fk: &ForeignKeyDef) -> String {
    format!("the check of foreign key {}", fk.name)
}

/// Why ON DELETE CASCADE locks a child row, in the pictures' words.
pub(super) fn cascade_of(fk: &ForeignKeyDef) -> String {
    format!("the cascade of foreign key {}", fk.name)
}
