//! Transactions: who began when, who committed in which order, and which changes a
//! snapshot sees. SQLite holds the newest rows of every session; a snapshot is made by undoing
//! the changes it must not see (see `view.rs`).

use super::locks::{RowRef, TxnId};
use crate::dialect::plan::Isolation;
use crate::ids::RowSet;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxnState {
    Active,
    /// Committed as the n-th commit of the scenario.
    Committed(u64),
    RolledBack,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Txn {
    pub session: usize,
    pub state: TxnState,
    pub isolation: Isolation,
    /// BEGIN'd explicitly (else it lives for one statement: autocommit).
    pub explicit: bool,
    /// The transaction's snapshot (REPEATABLE READ), as a commit count.
    pub snapshot: Option<u64>,
    /// READ ONLY: statements that write or lock rows are refused (`dialect/read_only.rs`).
    pub read_only: bool,
    /// A statement other than transaction control has run in it (PostgreSQL's first
    /// snapshot): its isolation level is fixed, and it can no longer become READ WRITE.
    pub queried: bool,
    /// When it began on the scenario clock (PostgreSQL's `now()`).
    pub began_at: i64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Txns {
    list: Vec<Txn>,
    commits: u64,
}

impl Txns {
    pub fn begin(
        &mut self,
        session: usize,
        isolation: Isolation,
        explicit: bool,
        began_at: i64,
    ) -> TxnId {
        self.list.push(Txn {
            session,
            state: TxnState::Active,
            isolation,
            explicit,
            snapshot: None,
            read_only: false,
            queried: false,
            began_at,
        });
        (self.list.len() - 1) as TxnId
    }

    pub fn get(&self, id: TxnId) -> Option<&Txn> {
        self.list.get(id as usize)
    }

    pub fn get_mut(&mut self, id: TxnId) -> Option<&mut Txn> {
        self.list.get_mut(id as usize)
    }

    pub fn commit(&mut self, id: TxnId) {
        self.commits += 1;
        let n = self.commits;
        if let Some(t) = self.get_mut(id) {
            t.state = TxnState::Committed(n);
        }
    }

    pub fn roll_back(&mut self, id: TxnId) {
        if let Some(t) = self.get_mut(id) {
            t.state = TxnState::RolledBack;
        }
    }

    /// Whether any transaction other than `id` is open: only then can `id` have to wait.
    pub fn others_active(&self, id: TxnId) -> bool {
        self.list
            .iter()
            .enumerate()
            .any(|(i, t)| i as TxnId != id && t.state == TxnState::Active)
    }

    pub fn is_active(&self, id: TxnId) -> bool {
        self.get(id).is_some_and(|t| t.state == TxnState::Active)
    }

    /// The commit count now: a snapshot taken now sees commits up to it.
    pub fn now(&self) -> u64 {
        self.commits
    }

    /// Every transaction, in the order they began.
    pub fn all(&self) -> impl Iterator<Item = (TxnId, &Txn)> {
        self.list.iter().enumerate().map(|(i, t)| (i as TxnId, t))
    }

    pub fn session_of(&self, id: TxnId) -> Option<usize> {
        self.get(id).map(|t| t.session)
    }
}

/// What one statement may see: its own transaction's changes, commits up to `snapshot`, and
/// the newest committed version of the rows in `refreshed` (rows it waited for: PostgreSQL
/// re-reads those after the wait, its EvalPlanQual).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct View {
    pub own: Option<TxnId>,
    pub snapshot: u64,
    pub refreshed: RowSet,
}

impl View {
    pub fn sees(&self, txns: &Txns, writer: TxnId, row: &RowRef) -> bool {
        let committed = matches!(
            txns.get(writer).map(|t| t.state),
            Some(TxnState::Committed(_))
        );
        self.snapshot_sees(txns, writer) || (committed && self.refreshed.contains(row))
    }

    /// Whether the snapshot itself (not a re-read after a wait) sees `writer`'s changes.
    pub fn snapshot_sees(&self, txns: &Txns, writer: TxnId) -> bool {
        Some(writer) == self.own
            || matches!(txns.get(writer).map(|t| t.state), Some(TxnState::Committed(n)) if n <= self.snapshot)
    }
}
