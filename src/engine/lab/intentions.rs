//! InnoDB's table intention locks, for the weight of a deadlock's victim
//! (`LockTable::count_structs`): a row lock takes its table's IS or IX with it
//! (`LockTable::grant`), and a write takes IX on its table before it has a row. An UPDATE or
//! DELETE takes it before it looks for its first row, so one that waits for that row already
//! holds it; an INSERT takes it at its first row, after its SELECT has read the rows (an
//! INSERT ... SELECT waiting in its read holds only that read's IS). A transaction that
//! took IS on a table (a locking read in share mode) before IX holds two table locks there,
//! one that took IX first only one (checked on MariaDB 10.11:
//! `my-victim-shared-then-exclusive`).

use super::Lab;
use crate::dialect::{Plan, PlanKind};
use crate::engine::locks::{LockMode, TxnId};

impl Lab {
    /// An UPDATE's or DELETE's IX on its table, before it reads a row.
    pub(super) fn intend_write(&mut self, txn: TxnId, plan: &Plan) {
        if let PlanKind::Update { table } | PlanKind::Delete { table, .. } = &plan.kind {
            self.intend_exclusive(txn, table);
        }
    }

    /// An INSERT's IX on its table, once its source has been read.
    pub(super) fn intend_insert(&mut self, txn: TxnId, plan: &Plan) {
        if let PlanKind::Insert { table, .. } = &plan.kind {
            self.intend_exclusive(txn, table);
        }
    }

    fn intend_exclusive(&mut self, txn: TxnId, table: &str) {
        if self.dialect.deadlock_victim_is_lightest() {
            self.locks.intend(txn, table, LockMode::InnoExclusive);
        }
    }
}
