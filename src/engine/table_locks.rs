//! PostgreSQL's table-level locks: every statement locks the tables it names before it reads
//! anything (`Plan::table_locks`), `LOCK TABLE` the ones it names, and a transaction keeps
//! them until it ends. A request waits for every other transaction that holds a conflicting
//! mode, and also for the requests queued before it that want one (so a waiting `LOCK TABLE
//! ... ACCESS EXCLUSIVE` holds up every later reader), unless the requester already holds a
//! mode the queued one waits for: then it goes ahead of it, as the server's lock queue puts
//! it (a wait-for cycle would be certain otherwise).

use super::locks::TxnId;
pub use crate::ids::TableLockMode;
use std::sync::Arc;

/// One granted lock.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Held {
    /// Shared with the plans that name it: a checkpoint copies pointers, not names.
    table: Arc<str>,
    txn: TxnId,
    mode: TableLockMode,
}

/// A request queued behind others: its transaction, table and mode.
pub type Queued = (TxnId, Arc<str>, TableLockMode);

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableLocks {
    /// In the order they were granted.
    held: Vec<Held>,
}

impl TableLocks {
    /// Whether `txn` holds `mode` on `table` (a stronger mode does not count: the server
    /// grants each mode on its own).
    pub fn holds(&self, txn: TxnId, table: &str, mode: TableLockMode) -> bool {
        self.held
            .iter()
            .any(|h| h.txn == txn && h.mode == mode && &*h.table == table)
    }

    /// The transactions `txn`'s request for `mode` on `table` waits for: those holding a
    /// conflicting mode, then those of `queue` (the requests waiting before it, in order)
    /// wanting one, but for those it must go ahead of.
    pub fn blockers(
        &self,
        txn: TxnId,
        table: &str,
        mode: TableLockMode,
        queue: &[Queued],
    ) -> Vec<TxnId> {
        let mut out: Vec<TxnId> = Vec::new();
        let mut add = |t: TxnId| {
            if !out.contains(&t) {
                out.push(t);
            }
        };
        for h in &self.held {
            if &*h.table == table && h.txn != txn && mode.conflicts_with(h.mode) {
                add(h.txn);
            }
        }
        let mine: Vec<TableLockMode> = self
            .held
            .iter()
            .filter(|h| h.txn == txn && &*h.table == table)
            .map(|h| h.mode)
            .collect();
        for (t, q_table, q_mode) in queue {
            if *t == txn || &**q_table != table || !mode.conflicts_with(*q_mode) {
                continue;
            }
            // It holds what the queued request waits for: it goes first.
            if mine.iter().any(|m| q_mode.conflicts_with(*m)) {
                continue;
            }
            add(*t);
        }
        out
    }

    pub fn grant(&mut self, txn: TxnId, table: &Arc<str>, mode: TableLockMode) {
        if !self.holds(txn, table, mode) {
            self.held.push(Held {
                table: table.clone(),
                txn,
                mode,
            });
        }
    }

    /// The transaction ended: its locks go.
    pub fn release(&mut self, txn: TxnId) {
        self.held.retain(|h| h.txn != txn);
    }

    /// The locks `txn` holds: a savepoint's mark.
    pub fn held_by(&self, txn: TxnId) -> Vec<(Arc<str>, TableLockMode)> {
        self.held
            .iter()
            .filter(|h| h.txn == txn)
            .map(|h| (h.table.clone(), h.mode))
            .collect()
    }

    /// ROLLBACK TO SAVEPOINT: the locks `txn` took since the savepoint (those not in
    /// `kept`) go, as the server releases a rolled-back subtransaction's locks.
    pub fn release_beyond(&mut self, txn: TxnId, kept: &[(Arc<str>, TableLockMode)]) {
        self.held
            .retain(|h| h.txn != txn || kept.iter().any(|(t, m)| *t == h.table && *m == h.mode));
    }

    /// Calls `f` with each lock `txn` holds, in the order they were granted (the simulator's
    /// fingerprint, without building text).
    pub fn each_held(&self, txn: TxnId, f: &mut dyn FnMut(&str, TableLockMode)) {
        for h in self.held.iter().filter(|h| h.txn == txn) {
            f(&h.table, h.mode);
        }
    }

    /// The locks `txn` holds, as the pictures name them (`jobs ACCESS SHARE`), each mode in
    /// the vendor's words (`label`).
    pub fn labels(&self, txn: TxnId, label: &dyn Fn(TableLockMode) -> &'static str) -> Vec<String> {
        self.held
            .iter()
            .filter(|h| h.txn == txn)
            .map(|h| format!("{} {}", h.table, label(h.mode)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::TableLockMode::*;
    use super::*;

    #[test]
    fn readers_share_a_table_and_a_lock_table_waits_for_them() {
        let mut l = TableLocks::default();
        l.grant(1, &"q".into(), AccessShare);
        assert!(l.blockers(2, "q", AccessShare, &[]).is_empty());
        assert_eq!(l.blockers(2, "q", AccessExclusive, &[]), vec![1]);
        assert!(
            l.blockers(1, "q", AccessExclusive, &[]).is_empty(),
            "its own lock"
        );
    }

    #[test]
    fn a_queued_exclusive_request_holds_up_later_readers_but_not_its_holders() {
        let mut l = TableLocks::default();
        l.grant(1, &"q".into(), AccessShare);
        let queue = vec![(2, "q".into(), AccessExclusive)];
        // A new reader queues behind the waiting ACCESS EXCLUSIVE.
        assert_eq!(l.blockers(3, "q", AccessShare, &queue), vec![2]);
        // The holder it waits for goes ahead.
        assert!(l.blockers(1, "q", RowExclusive, &queue).is_empty());
        // Another table is another queue.
        assert!(l.blockers(3, "r", AccessShare, &queue).is_empty());
    }

    #[test]
    fn a_rollback_to_savepoint_releases_only_the_later_locks_of_its_transaction() {
        let mut l = TableLocks::default();
        l.grant(2, &"p".into(), AccessShare);
        l.grant(1, &"q".into(), AccessShare);
        let mark = l.held_by(1);
        l.grant(2, &"r".into(), AccessShare);
        l.release(2);
        l.grant(1, &"q".into(), Exclusive);
        l.release_beyond(1, &mark);
        let label = |m: TableLockMode| m.label();
        assert_eq!(l.labels(1, &label), vec!["q ACCESS SHARE"]);
        l.release(1);
        assert!(l.labels(1, &label).is_empty());
    }
}
