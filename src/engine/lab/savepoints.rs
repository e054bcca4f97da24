//! Savepoints: `SAVEPOINT`, `ROLLBACK TO`, `RELEASE`, and what a PostgreSQL error does to a
//! transaction that has some (it aborts the work after the newest one only).

use super::{ok, Lab, Savepoint};
use super::{Finished, TxnId};
use crate::engine::store::RowChange;
use crate::engine::undo::undo_sql;
use crate::trace::{ErrorClass, StepError, Success};

impl Lab {
    /// `SAVEPOINT name`: marks the transaction's changes and locks so far. Outside a
    /// transaction PostgreSQL refuses it; MySQL's autocommit statement has nothing to mark.
    pub(super) fn savepoint(&mut self, s: usize, name: String) -> Finished {
        let Some(t) = self.sessions[s]
            .txn
            .filter(|t| self.txns.get(*t).is_some_and(|x| x.explicit))
        else {
            if self.dialect.error_aborts_transaction() {
                return self.savepoint_error(s, None);
            }
            return ok(Success::default(), Vec::new());
        };
        if self.sessions[s].aborted {
            return self.error(ErrorClass::Other, "");
        }
        let mark = Savepoint {
            changes: self.history.iter().filter(|(w, _)| *w == t).count(),
            locks: self.locks.held_by(t),
            advisory_xact: self.xact_advisory_count(s),
            table_locks: self.table_locks.held_by(t),
            name,
        };
        let points = &mut self.sessions[s].savepoints;
        if !self.dialect.error_aborts_transaction() {
            // MySQL: a savepoint of the same name is replaced.
            points.retain(|p| p.name != mark.name);
        }
        points.push(mark);
        ok(Success::default(), Vec::new())
    }

    /// A savepoint that does not exist (or one outside a transaction block): an error, which
    /// aborts a PostgreSQL transaction as any error does.
    pub(super) fn savepoint_error(&mut self, s: usize, name: Option<&str>) -> Finished {
        let (native, message) = self.dialect.savepoint_error(name);
        let err = StepError {
            class: ErrorClass::Other,
            native,
            message,
            pos: None,
            fixed_text: None,
        };
        self.fail_with(s, err)
    }

    /// Undoes `t`'s changes after savepoint `mark` (deferred while a statement is inside
    /// its view, as [`Lab::roll_back`]); PostgreSQL also releases the row locks taken since.
    pub(super) fn roll_back_to(&mut self, t: TxnId, mark: &Savepoint) -> Vec<RowChange> {
        let mut seen = 0;
        let mut later = Vec::new();
        self.history.retain(|(w, c)| {
            if *w != t {
                return true;
            }
            seen += 1;
            if seen <= mark.changes {
                return true;
            }
            later.push(c.clone());
            false
        });
        if self.dialect.rollback_to_savepoint_releases_locks() {
            self.locks.release_beyond(t, &mark.locks);
            self.table_locks.release_beyond(t, &mark.table_locks);
            if let Some(s) = self.txns.session_of(t) {
                self.release_xact_advisory(s, mark.advisory_xact);
            }
        }
        self.roll_back_indexes(t);
        self.store.heap().undo(&later);
        let store = &self.store;
        let undo = undo_sql(&later, &|table| store.columns(table));
        self.run_undo(undo)
    }

    /// PostgreSQL: an error aborts the transaction block until ROLLBACK, or until ROLLBACK
    /// TO its newest savepoint: the work after that savepoint is undone at once, with its row
    /// locks (all of it, and the transaction's locks, when there is no savepoint).
    pub(super) fn abort(&mut self, s: usize, t: TxnId) -> Vec<RowChange> {
        let changes = match self.sessions[s].savepoints.last().cloned() {
            Some(mark) => self.roll_back_to(t, &mark),
            None => {
                let changes = self.roll_back(t);
                self.sessions[s].txn = Some(t);
                changes
            }
        };
        self.sessions[s].aborted = true;
        changes
    }
}
