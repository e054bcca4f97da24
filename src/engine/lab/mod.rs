//! The multi-session engine. Every session's newest rows live in the one SQLite database;
//! per-transaction undo (the row changes each transaction made, in `history`) gives each
//! statement the view its isolation level allows, and the engine's own lock table decides who
//! waits for whom.
//!
//! A statement runs like this (`dml`): enter its view (undo what it must not see, inside a
//! savepoint); serve its locking reads in order, waiting, skipping or failing on rows others
//! hold; run it; check it may lock every row it changed; leave the view; replay its row
//! changes onto the newest rows (a clash there with another transaction's uncommitted row is
//! a wait too); record the changes under its transaction. A statement that must wait changes
//! nothing and is tried again, with the rows it waited for re-read, when its blockers end.

pub mod advisory;
mod auto_increment;
mod autoinc_lock;
mod capture_order;
mod duplicate_locks;
mod foreign_keys;
mod gaps;
mod implicit_locks;
mod index_names;
mod innodb_foreign_keys;
mod intentions;
mod join_reads;
mod key_updates;
mod limits;
mod lock_queue;
mod lock_reads;
pub mod notify;
mod pipelined;
pub mod prepared;
mod results;
mod savepoints;
mod snapshot_copies;
mod table_waits;
mod txn_modes;
mod waited_row;
mod writes;

use super::count;
use super::errors::vendor_error;
use super::locks::{LockMode, LockTable, RowRef, TxnId};
use super::store::{ChangeKind, RowChange, Store, StoreError};
use super::table_locks::TableLocks;
use super::txn::{TxnState, Txns, View};
use super::undo::{redo_sql, undo_sql};
use super::waits::WaitGraph;
use crate::dialect::catalog::Catalog;
use crate::dialect::plan::{CatalogChange, Isolation, TextForm, TxnControl, WaitLimit};
use crate::dialect::{Dialect, InsertMode, Plan, PlanKind};
use crate::ids::RowSet;
use crate::trace::{ErrorClass, Outcome, StepError, Success, Value};
use crate::vec_map::VecMap;
use std::sync::Arc;

/// Why a waiting write holds a row it changed before the one it waits for: a key check of
/// another transaction's INSERT waits for it as for a change (`writes::check_key_clashes`).
pub(super) const CHANGED_BEFORE_WAIT: &str = "the change its waiting statement made";

/// One session: a connection with its transaction.
#[derive(Debug, Clone)]
pub struct Session {
    pub name: String,
    pub txn: Option<TxnId>,
    pub default_isolation: Isolation,
    pub next_isolation: Option<Isolation>,
    /// `SET SESSION TRANSACTION READ ONLY` (PostgreSQL: `SET SESSION CHARACTERISTICS AS`).
    pub default_read_only: bool,
    /// MySQL's `SET TRANSACTION READ ONLY | READ WRITE` for the next transaction to begin (an
    /// autocommit statement's too; `txn_modes.rs`).
    pub next_read_only: Option<bool>,
    /// PostgreSQL: an error aborted the transaction; statements fail until it ends.
    pub aborted: bool,
    pub waiting: Option<Suspended>,
    /// MySQL user variables (`@name`), kept for the connection's life, as the server does.
    pub vars: super::store::UserVariables,
    /// PostgreSQL's `lock_timeout` and `statement_timeout` in ms (0: off), for the session
    /// and, from `SET LOCAL`, for its transaction only.
    pub wait_limits: WaitLimits,
    /// The open transaction's savepoints, oldest first.
    pub savepoints: Vec<Savepoint>,
    /// PostgreSQL advisory locks it holds, in the order it took them (`advisory.rs`).
    pub advisory: Vec<advisory::Hold>,
    /// MySQL's `autocommit` (on unless `SET autocommit = 0`): off, a statement outside a
    /// transaction opens one that stays open.
    pub autocommit: bool,
    /// MySQL's `LAST_INSERT_ID()`: the session's last generated id, or the value last given
    /// to `LAST_INSERT_ID(x)`.
    pub last_insert_id: i64,
    /// MySQL's `ROW_COUNT()`: what the session's previous statement counted
    /// (`dialect/mysql/row_count.rs`).
    pub row_count: i64,
    /// PostgreSQL's prepared statements (`prepared.rs`), kept for the connection's life.
    pub prepared: prepared::PreparedStatements,
    /// PostgreSQL's LISTEN channels and notifications on their way (`notify.rs`).
    pub notifications: notify::Notifications,
    /// PostgreSQL's names of the indexes its open transaction block created, each with how
    /// many savepoints there were then (`index_names.rs`).
    pub pending_indexes: Vec<(crate::dialect::catalog::PgIndex, usize)>,
}

/// A savepoint: how many of its transaction's row changes came before it, and the row
/// locks the transaction held then.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct Savepoint {
    pub name: String,
    pub changes: usize,
    pub locks: Vec<(RowRef, LockMode)>,
    /// How many transaction-level advisory locks the session held then.
    pub advisory_xact: usize,
    /// The table-level locks the transaction held then (PostgreSQL).
    pub table_locks: Vec<(Arc<str>, crate::ids::TableLockMode)>,
}

/// A session's limits on how long a statement may wait ([`TxnControl::SetWaitLimit`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct WaitLimits {
    pub session: [u64; 2],
    pub local: Option<[u64; 2]>,
}

impl WaitLimits {
    /// The limit that ends a wait first, if any: which one (lock before statement on a tie,
    /// as the server checks the lock timeout first) and after how many ms.
    pub fn first(&self) -> Option<(WaitLimit, u64)> {
        let [lock, statement] = self.local.unwrap_or(self.session);
        [(WaitLimit::Lock, lock), (WaitLimit::Statement, statement)]
            .into_iter()
            .filter(|(_, ms)| *ms > 0)
            .min_by_key(|(_, ms)| *ms)
    }
}

/// A statement waiting for locks.
#[derive(Debug, Clone)]
pub struct Suspended {
    /// Shared with the step's work and the plan cache: saving a state for the explorer or
    /// the Back button copies a pointer, not the plan.
    pub plan: Arc<Plan>,
    pub blockers: Vec<TxnId>,
    pub resume: Resume,
    /// The caller's tag for the statement (e.g. its step index).
    pub tag: usize,
}

/// What a waiting statement keeps for its next try.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resume {
    /// The statement's snapshot (kept: no new rows are picked up after a wait).
    pub snapshot: Option<u64>,
    /// Rows it waited for: re-read in their newest committed version.
    pub refreshed: RowSet,
    /// Each locking read's candidate rows, found on the first try.
    pub candidates: VecMap<usize, Vec<i64>>,
    /// The rows each InnoDB locking read's access path reads, found on the first try.
    pub scanned: VecMap<usize, Vec<i64>>,
    /// An INSERT's source rows, computed on the first try.
    pub source: Option<Vec<Vec<Value>>>,
    /// The values of the plan's InitPlans, computed on the first try.
    pub init_values: Option<Vec<Value>>,
    /// The rows it changed before its wait (an InnoDB write that changes rows as it reads
    /// them): they weigh in the choice of a deadlock's victim.
    pub changed_before_wait: u32,
    /// It waits in a locking read, not for a row it writes (PostgreSQL words a 40001 after
    /// the wait as a concurrent update, whatever the other transaction did to the row).
    pub read_waited: bool,
    /// PostgreSQL REPEATABLE READ: a row it changes may not have changed since its snapshot.
    pub serializable_writes: bool,
    /// The row lock it waits for, in the mode it asked; `None` when it waits on another
    /// transaction's uncommitted duplicate key.
    pub wanted: Option<(RowRef, LockMode)>,
    /// PostgreSQL: the rows its write had still to change when it waited, in the modes it
    /// writes them; after the wait it locks the newest version of each a commit changed,
    /// before its re-check (`waited_row.rs`). They, with the rows it changed before, are the
    /// only rows of that table it re-reads in their newest version.
    pub reached: Vec<(RowRef, LockMode)>,
    /// Why it wants that lock, where its own rows do not say it (a foreign-key check).
    pub wanted_because: Option<Arc<str>>,
    /// An advisory lock call list: the calls done before the wait, and the lock it waits for.
    pub advisory: Option<advisory::Progress>,
    /// The values it drew from sequences, given to it again (`engine::sequences`).
    pub draws: super::sequences::Draws,
    /// The PostgreSQL table lock it waits for (`table_waits.rs`).
    // Boxed, as `wanted_gap`: a Resume travels in every `Exec::Wait`.
    pub wanted_table: Option<Box<(Arc<str>, crate::ids::TableLockMode)>>,
    /// The first AUTO_INCREMENT value it drew before it waited (`auto_increment.rs`).
    pub auto_first: Option<i64>,
    /// The gap its insert waits for (`gaps.rs`).
    pub wanted_gap: Option<Box<GapWanted>>,
}

/// A statement that ended: its result and the rows it changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub outcome: Outcome,
    pub changes: Vec<RowChange>,
}

/// What submitting a statement did.
#[derive(Debug, Clone, PartialEq)]
pub enum Submitted {
    Finished(Finished),
    /// Waits for these sessions.
    Waiting(Vec<usize>),
}

/// A waiting statement of another session that ended because of this one.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    pub session: usize,
    pub tag: usize,
    pub finished: Finished,
}

// Not boxed: a Resume is moved once per wait, and boxing it cost the download an allocation
// at each of the places a statement starts to wait.
#[allow(clippy::large_enum_variant)]
enum Exec {
    Done(Finished),
    Wait(Vec<TxnId>, Resume),
}

pub struct Lab {
    pub dialect: Dialect,
    pub store: Store,
    /// Shared with the marks that hold it: a save or rewind copies a pointer, and a DDL
    /// statement copies the catalog only while a mark still holds the old one.
    pub catalog: Arc<Catalog>,
    pub txns: Txns,
    pub history: Vec<(TxnId, RowChange)>,
    pub locks: LockTable,
    /// PostgreSQL's table-level locks (`table_locks.rs`).
    pub table_locks: TableLocks,
    pub waits: WaitGraph,
    pub sessions: Vec<Session>,
    /// Sessions in the order they began to wait.
    wait_order: Vec<usize>,
    /// Waiting statements failed as deadlock victims, not yet reported.
    victims: Vec<Completion>,
    /// The deadlocks found since the caller last took them ([`Lab::take_deadlocks`]): what
    /// the pictures draw as a red cycle. Not part of a checkpoint: a caller takes them after
    /// each move, before any save or restore.
    deadlocks: Vec<Deadlock>,
    /// The scenario clock of a multi-session run (see [`Lab::tick`]).
    pub clock: super::clock::Clock,
    /// While a statement is inside its view: the undo of transactions rolled back meanwhile
    /// (a PostgreSQL error aborts the transaction at once), run once the view is left, since
    /// leaving it rolls back everything done inside. Always `None` between statements.
    deferred_undo: Option<Vec<String>>,
    /// While an INSERT runs on the source rows it computed before a wait: those rows (a
    /// duplicate-key error names the value from them). Always `None` between statements.
    stashed_source: Option<Vec<Vec<Value>>>,
    /// While a waiting statement is tried again: the sessions that began to wait before it,
    /// whose table lock requests (`table_waits.rs`) and InnoDB row lock requests
    /// (`lock_queue.rs`) stay ahead of its own. Always `None` between statements.
    queue_ahead: Option<Vec<usize>>,
}

/// A wait-for cycle as found when the wait that closed it was asked for: each edge is
/// (waiter, holder, the row lock the waiter wanted), by session index; the victim the
/// vendor's rule chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Deadlock {
    pub edges: Vec<(usize, usize, Option<Asked>)>,
    pub victim: usize,
}

/// A row lock asked for: the row and the mode.
pub type Wanted = (RowRef, LockMode);

/// What a waiting statement asked for: a row lock, or a PostgreSQL advisory lock (its key,
/// and whether shared). `None` where it is used: another transaction's uncommitted key.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    /// A row lock, with why when its statement's own rows do not say it.
    Row(Wanted, Option<Arc<str>>),
    Advisory(crate::ids::AdvisoryKey, bool),
    /// A PostgreSQL table lock: the table and the mode.
    Table(String, crate::ids::TableLockMode),
    /// InnoDB's insert intention: the row's key in an index, inside a gap others lock.
    Gap(GapWanted),
}

/// An insert that waits for a gap: the table, the index's columns and the key it inserts
/// (`id=4`).
#[derive(Debug, Clone, PartialEq)]
pub struct GapWanted {
    pub table: String,
    pub columns: Vec<String>,
    pub key: String,
}

impl Resume {
    /// The lock this statement waits for, if it is one.
    pub fn asked(&self) -> Option<Asked> {
        let advisory = self.advisory.as_ref().and_then(|a| a.wanted);
        let table = self.wanted_table.as_deref().cloned();
        self.wanted
            .clone()
            .map(|w| Asked::Row(w, self.wanted_because.clone()))
            .or(advisory.map(|(k, shared)| Asked::Advisory(k, shared)))
            .or(table.map(|(t, mode)| Asked::Table(t.to_string(), mode)))
            .or(self.wanted_gap.as_deref().cloned().map(Asked::Gap))
    }
}

/// Which way a savepoint's end goes.
enum SavepointEnd {
    RollbackTo,
    Release,
}

/// By lock request: rows other open transactions inserted that it reads, each followed by the
/// row it reads just before it (the new row again where it reads it first). Pairs laid flat:
/// a vector of tuples would bring its own drop code into the download.
type PendingInserts = VecMap<usize, Vec<i64>>;

/// `rows` with the new rows of `new` (laid out as [`PendingInserts`]) it lacks, each where
/// the scan reads it: after the row read before it, first where it is read first, last where
/// that row is not in `rows`. A walk of an index in its ORDER BY's order meets another
/// transaction's new row among the others, and waits for it before it reaches the rows after
/// it (`my-new-row-mid-walk`).
fn place_new(rows: &mut Vec<i64>, new: &[i64]) {
    for pair in new.chunks_exact(2) {
        let (row, before) = (pair[0], pair[1]);
        if !rows.contains(&row) {
            let at = match rows.iter().position(|r| *r == before) {
                Some(p) => p + 1,
                None if before == row => 0,
                None => rows.len(),
            };
            rows.insert(at, row);
        }
    }
}

/// Everything of a [`Lab`] but its rows, kept by [`Lab::save`]; the
/// rows are kept by an SQLite savepoint of the same name.
#[derive(Debug, Clone)]
pub struct Checkpoint {
    savepoint: String,
    catalog: Arc<Catalog>,
    txns: Txns,
    history: Vec<(TxnId, RowChange)>,
    heap: super::heap_order::HeapOrder,
    locks: LockTable,
    table_locks: TableLocks,
    waits: WaitGraph,
    sessions: Vec<Session>,
    wait_order: Vec<usize>,
    victims: Vec<Completion>,
    schema_epoch: u64,
    newids: u64,
    sequences: super::sequences::SequenceState,
    clock: super::clock::Clock,
}

impl Lab {
    /// Marks the present state under the savepoint `name`, which may nest inside other marks;
    /// [`Lab::restore`] comes back to it once. `None` when SQLite refuses the savepoint.
    pub fn save(&mut self, name: &str) -> Option<Checkpoint> {
        self.store.exec(&format!("SAVEPOINT {name}")).ok()?;
        Some(Checkpoint {
            savepoint: name.to_string(),
            catalog: self.catalog.clone(),
            txns: self.txns.clone(),
            history: self.history.clone(),
            heap: self.store.heap().clone(),
            locks: self.locks.clone(),
            table_locks: self.table_locks.clone(),
            waits: self.waits.clone(),
            sessions: self.sessions.clone(),
            wait_order: self.wait_order.clone(),
            victims: self.victims.clone(),
            schema_epoch: self.store.schema_epoch(),
            newids: self.store.newids_given(),
            sequences: self.store.sequence_state(),
            clock: self.clock,
        })
    }

    /// Puts the lab back as it was at `c`, keeping the mark for another rewind. False when
    /// SQLite no longer holds the mark's savepoint (an interrupted statement can roll back the
    /// whole SQLite transaction): the caller must then start over from a new lab.
    pub fn rewind(&mut self, c: &Checkpoint) -> bool {
        if !self.store.in_transaction()
            || self
                .store
                .exec(&format!("ROLLBACK TO {}", c.savepoint))
                .is_err()
        {
            return false;
        }
        self.store.forget_since(c.schema_epoch);
        self.store.set_newids_given(c.newids);
        self.store.set_sequence_state(c.sequences.clone());
        self.clock = c.clock;
        self.catalog = c.catalog.clone();
        self.txns = c.txns.clone();
        self.history = c.history.clone();
        *self.store.heap() = c.heap.clone();
        self.locks = c.locks.clone();
        self.table_locks = c.table_locks.clone();
        self.waits = c.waits.clone();
        self.sessions = c.sessions.clone();
        self.wait_order = c.wait_order.clone();
        self.victims = c.victims.clone();
        true
    }

    /// Puts the lab back as it was at `c` and lets the mark go (with every mark made after
    /// it). False as for [`Lab::rewind`].
    pub fn restore(&mut self, c: &Checkpoint) -> bool {
        self.rewind(c) && self.store.exec(&format!("RELEASE {}", c.savepoint)).is_ok()
    }

    pub fn new(dialect: Dialect, store: Store) -> Lab {
        if let Some(rules) = dialect.like_rules() {
            // PostgreSQL's and MariaDB's LIKE escape with a backslash and compare as their
            // collations do; SQLite's does neither (`engine/like_fn.rs`).
            let _ = store.vendor_like(rules);
        }
        Lab {
            dialect,
            store,
            catalog: Arc::default(),
            txns: Txns::default(),
            history: Vec::new(),
            locks: LockTable::default(),
            table_locks: TableLocks::default(),
            waits: WaitGraph::default(),
            sessions: Vec::new(),
            wait_order: Vec::new(),
            victims: Vec::new(),
            deadlocks: Vec::new(),
            clock: super::clock::Clock::starting_at(super::clock::DEFAULT_START),
            deferred_undo: None,
            stashed_source: None,
            queue_ahead: None,
        }
    }

    /// Moves the scenario clock on by one statement: what `CURRENT_TIMESTAMP`/`GETDATE()` in
    /// the next statement reads.
    pub fn tick(&mut self) {
        self.store.set_clock(self.clock.now);
        self.clock.tick();
    }

    pub fn add_session(&mut self, name: &str) -> usize {
        self.sessions.push(Session {
            name: name.to_string(),
            txn: None,
            default_isolation: self.dialect.default_isolation(),
            next_isolation: None,
            default_read_only: false,
            next_read_only: None,
            aborted: false,
            waiting: None,
            vars: Default::default(),
            wait_limits: WaitLimits::default(),
            savepoints: Vec::new(),
            advisory: Vec::new(),
            autocommit: true,
            last_insert_id: 0,
            row_count: 0,
            prepared: Default::default(),
            notifications: Default::default(),
            pending_indexes: Vec::new(),
        });
        self.sessions.len() - 1
    }

    /// Waiting sessions in the order they began to wait: the order they are retried in.
    pub fn wait_order(&self) -> &[usize] {
        &self.wait_order
    }

    pub fn is_waiting(&self, s: usize) -> bool {
        self.sessions.get(s).is_some_and(|x| x.waiting.is_some())
    }

    /// Runs one planned statement for session `s`, then lets every waiting statement that
    /// can go on finish (returned in the order they finished).
    pub fn submit(
        &mut self,
        s: usize,
        plan: Arc<Plan>,
        tag: usize,
    ) -> (Submitted, Vec<Completion>) {
        let own = match self.settle(s, plan, Resume::default(), tag) {
            Some(f) => Submitted::Finished(f),
            None => Submitted::Waiting(self.blocker_sessions(s)),
        };
        let done = self.wake();
        (own, done)
    }

    /// A statement of session `s` failed before reaching the engine (it could not be read or
    /// planned, or it was refused): to the server that is an error like any other, so a
    /// PostgreSQL transaction is aborted, its locks going at once. The rows that changed,
    /// and the waiting statements of others that could then finish.
    pub fn fail_unplanned(&mut self, s: usize) -> (Vec<RowChange>, Vec<Completion>) {
        let changes = self.after_error(s);
        (changes, self.wake())
    }

    /// Sessions `s` waits for.
    pub fn blocker_sessions(&self, s: usize) -> Vec<usize> {
        if let Some(holders) = self.advisory_blockers(s) {
            return holders;
        }
        let Some(w) = self.sessions.get(s).and_then(|x| x.waiting.as_ref()) else {
            return Vec::new();
        };
        let mut out: Vec<usize> = w
            .blockers
            .iter()
            .filter_map(|t| self.txns.session_of(*t))
            .collect();
        out.dedup();
        out
    }

    /// Runs a statement until it finishes or must wait. A wait that closes a cycle is a
    /// deadlock: the vendor's victim fails (its waiting statement reported as a completion)
    /// and, if the victim was another session, this statement tries again. `None`: it waits.
    fn settle(
        &mut self,
        s: usize,
        plan: Arc<Plan>,
        mut resume: Resume,
        tag: usize,
    ) -> Option<Finished> {
        loop {
            let (blockers, next) = match self.attempt(s, &plan, resume) {
                Exec::Done(f) => return Some(f),
                Exec::Wait(b, r) => (b, r),
            };
            resume = next;
            let txn = self.sessions[s].txn?;
            let Some(cycle) = self.waits.wait(txn, &blockers) else {
                self.sessions[s].waiting = Some(Suspended {
                    plan,
                    blockers,
                    resume,
                    tag,
                });
                self.wait_order.retain(|x| *x != s);
                self.wait_order.push(s);
                return None;
            };
            let victim = self.deadlock_victim((txn, resume.changed_before_wait), &cycle);
            self.record_deadlock(&cycle, (txn, resume.asked()), victim);
            self.waits.stop_waiting(txn);
            if victim == txn {
                return Some(self.fail_txn(s, ErrorClass::Deadlock, ""));
            }
            let Some(v) = self.txns.session_of(victim) else {
                return Some(self.fail_txn(s, ErrorClass::Deadlock, ""));
            };
            let waiting = self.sessions[v].waiting.take();
            self.wait_order.retain(|x| *x != v);
            let finished = self.fail_txn(v, ErrorClass::Deadlock, "");
            if let Some(w) = waiting {
                self.victims.push(Completion {
                    session: v,
                    tag: w.tag,
                    finished,
                });
            }
        }
    }

    /// Keeps the cycle for the pictures; `closer` is the transaction whose wait closed it,
    /// with the lock it asked for (the others' are in their suspended statements).
    fn record_deadlock(&mut self, cycle: &[TxnId], closer: (TxnId, Option<Asked>), victim: TxnId) {
        let wanted = |t: TxnId| {
            if t == closer.0 {
                return closer.1.clone();
            }
            let s = self.txns.session_of(t)?;
            self.sessions[s].waiting.as_ref()?.resume.asked()
        };
        let edges = cycle
            .windows(2)
            .filter_map(|w| {
                let waiter = self.txns.session_of(w[0])?;
                let holder = self.txns.session_of(w[1])?;
                Some((waiter, holder, wanted(w[0])))
            })
            .collect();
        if let Some(victim) = self.txns.session_of(victim) {
            self.deadlocks.push(Deadlock { edges, victim });
        }
    }

    /// The deadlocks found since the last call, oldest first.
    pub fn take_deadlocks(&mut self) -> Vec<Deadlock> {
        std::mem::take(&mut self.deadlocks)
    }

    /// PostgreSQL fails the transaction whose wait closed the cycle; InnoDB rolls back the
    /// "lightest" one (fewest rows changed, its waiting statement's included, and lock
    /// structures held), that one on a tie. `closer`: it, and the rows its statement changed
    /// before the wait.
    fn deadlock_victim(&self, (closer, changed): (TxnId, u32), cycle: &[TxnId]) -> TxnId {
        if !self.dialect.deadlock_victim_is_lightest() {
            return closer;
        }
        let waiting = |t: TxnId| match t == closer {
            true => changed,
            false => (self.txns.session_of(t))
                .and_then(|s| self.sessions[s].waiting.as_ref())
                .map_or(0, |w| w.resume.changed_before_wait),
        };
        let weight = |t: TxnId| {
            // A row an UPDATE left as it was has no undo record.
            (self.history.iter())
                .filter(|(w, c)| *w == t && c.writes())
                .count()
                + waiting(t) as usize
                + self.locks.count_structs(t)
        };
        let mut victim = closer;
        for &t in cycle {
            if weight(t) < weight(victim) {
                victim = t;
            }
        }
        victim
    }

    /// Tries every waiting statement whose blockers have all ended, until nothing moves.
    /// Deadlock victims come first, in the order they were chosen.
    fn wake(&mut self) -> Vec<Completion> {
        let mut out: Vec<Completion> = std::mem::take(&mut self.victims);
        loop {
            let ready = self.wait_order.iter().copied().find(|&s| {
                // An advisory lock's holder may hold it outside any transaction: such a
                // wait ends when the lock is free, whatever became of the transactions.
                if let Some(holders) = self.advisory_blockers(s) {
                    return holders.is_empty();
                }
                self.sessions[s].waiting.as_ref().is_some_and(|w| {
                    w.blockers.iter().all(|b| !self.txns.is_active(*b))
                        || self.wanted_lock_free(s, w)
                        || self.wanted_table_free(s, w)
                })
            });
            let Some(s) = ready else { break };
            let ahead = self
                .wait_order
                .iter()
                .copied()
                .take_while(|&x| x != s)
                .collect();
            self.queue_ahead = Some(ahead);
            self.wait_order.retain(|x| *x != s);
            let Some(w) = self.sessions[s].waiting.take() else {
                break;
            };
            if let Some(t) = self.sessions[s].txn {
                self.waits.stop_waiting(t);
            }
            let tag = w.tag;
            let finished = self.settle(s, w.plan, w.resume, tag);
            self.queue_ahead = None;
            out.append(&mut self.victims);
            if let Some(finished) = finished {
                out.push(Completion {
                    session: s,
                    tag,
                    finished,
                });
            }
        }
        out
    }

    /// Whether the row lock a waiter wants has been let go by transactions still open (a
    /// PostgreSQL ROLLBACK TO SAVEPOINT releases the locks taken after it). Not while a
    /// shared lock on one of the row's index entries stands (InnoDB's, which go only with
    /// their transaction): the waiter may be waiting for it.
    fn wanted_lock_free(&self, s: usize, w: &Suspended) -> bool {
        let (Some((row, mode)), Some(t)) = (&w.resume.wanted, self.sessions[s].txn) else {
            return false;
        };
        let ahead: Vec<usize> = (self.wait_order.iter().copied())
            .take_while(|&x| x != s)
            .collect();
        self.row_blockers_behind(t, row, *mode, &ahead).is_empty()
            && self.locks.entry_blockers(t, row, None).is_empty()
    }

    fn attempt(&mut self, s: usize, plan: &Plan, mut resume: Resume) -> Exec {
        // What this try waits for, if it does.
        resume.wanted_gap = None;
        resume.wanted_because = None;
        self.store.start_try(s, std::mem::take(&mut resume.draws));
        let mut exec = self.attempt_sequenced(s, plan, resume);
        let draws = self.store.end_try();
        if let Exec::Wait(_, resume) = &mut exec {
            resume.draws = draws;
        }
        exec
    }

    fn attempt_sequenced(&mut self, s: usize, plan: &Plan, resume: Resume) -> Exec {
        let vars = self.dialect.has_user_variables().then(|| {
            let mut vars = self.sessions[s].vars.clone();
            vars.insert(
                crate::dialect::mysql::last_insert_id::PARAM.into(),
                Value::Int(self.sessions[s].last_insert_id),
            );
            vars.insert(
                crate::dialect::mysql::row_count::PARAM.into(),
                Value::Int(self.sessions[s].row_count),
            );
            vars
        });
        self.store.set_params(vars);
        self.store.take_last_insert_id();
        // PostgreSQL's now(): when the open transaction began, else now (the statement
        // begins one).
        let began = self.sessions[s].txn.and_then(|t| self.txns.get(t));
        let began = began.map_or(self.store.clock_now(), |t| t.began_at);
        self.store.set_txn_clock(began);
        // SELECT ... INTO's ROW_COUNT() is the rows it read.
        let mut assigned = None;
        let exec = match self.attempt_in(s, plan, resume) {
            Exec::Done(f) if plan.assign.is_some() => {
                if let Outcome::Ok(ok) = &f.outcome {
                    assigned = Some(ok.rows.len() as i64);
                }
                Exec::Done(self.assign(s, plan, f))
            }
            Exec::Done(f) => Exec::Done(self.drop_result_set(plan, f)),
            other => other,
        };
        let exec = match exec {
            Exec::Done(mut f) => {
                // MySQL's LAST_INSERT_ID() (the one dialect with session variables).
                if self.dialect.has_user_variables() && matches!(f.outcome, Outcome::Ok(_)) {
                    let given = self.store.take_last_insert_id();
                    if let Some(id) = given.or_else(|| self.generated_id(plan, &f.changes)) {
                        self.sessions[s].last_insert_id = id;
                    }
                }
                if self.dialect.has_user_variables() {
                    self.sessions[s].row_count = match (&f.outcome, assigned) {
                        (Outcome::Ok(_), Some(read)) => read,
                        (Outcome::Ok(ok), None) if ok.columns.is_none() => {
                            ok.affected.unwrap_or(0) as i64
                        }
                        _ => -1,
                    };
                }
                if let Outcome::Ok(ok) = &mut f.outcome {
                    for row in &mut ok.rows {
                        for (i, form) in &plan.text_forms {
                            if let Some(v) = row.get_mut(*i) {
                                form.apply(v);
                            }
                        }
                    }
                }
                Exec::Done(f)
            }
            other => other,
        };
        self.store.set_params(None);
        exec
    }

    fn attempt_in(&mut self, s: usize, plan: &Plan, resume: Resume) -> Exec {
        if let PlanKind::Txn(ctrl) = &plan.kind {
            return Exec::Done(self.txn_control(s, ctrl.clone()));
        }
        if self.sessions[s].aborted {
            return Exec::Done(self.error(ErrorClass::Other, ""));
        }
        if let Some(name) = &plan.read_only_refusal {
            if self.read_only_now(s) {
                let err = crate::dialect::read_only::error(self.dialect, name);
                return Exec::Done(self.fail_with(s, err));
            }
        }
        if !matches!(plan.kind, PlanKind::Noop) {
            if let Some(txn) = self.sessions[s].txn.and_then(|t| self.txns.get_mut(t)) {
                txn.queried = true;
            }
        }
        if !plan.advisory.is_empty() {
            return self.advisory(s, &plan.advisory, resume);
        }
        if let Some(f) = self.ddl_in_transaction(s, plan) {
            return Exec::Done(f);
        }
        let resume = match self.take_table_locks(s, plan, resume) {
            Ok(r) => r,
            Err(exec) => return *exec,
        };
        match &plan.kind {
            PlanKind::Noop => Exec::Done(ok(
                Success {
                    notices: plan.notices.clone(),
                    ..Success::default()
                },
                Vec::new(),
            )),
            PlanKind::Prepare(p) => self.prepare(s, plan, p),
            PlanKind::Deallocate(name) => self.deallocate(s, name.as_deref()),
            // A step's EXECUTE comes expanded (the sim shows what ran); a setup block's is
            // expanded here.
            PlanKind::Execute { .. } => match self.expand_execute(s, plan) {
                Some(Ok((expanded, _))) => self.attempt_in(s, &expanded, resume),
                Some(Err(e)) => Exec::Done(self.fail_with(s, e)),
                // Not reached: an aborted transaction refused it above.
                None => Exec::Done(self.error(ErrorClass::Other, "")),
            },
            PlanKind::Ddl {
                change: CatalogChange::PgIndex(def, naming),
            } => Exec::Done(self.pg_index(s, plan, def, *naming)),
            PlanKind::Ddl { change } => {
                let finished = self.ddl(s, plan, change);
                self.end_implicit(s);
                Exec::Done(finished)
            }
            _ => self.dml(s, plan, resume),
        }
    }

    /// Transaction control that found nothing to do: done, with the server's warning if it
    /// sends one (PostgreSQL's `there is no transaction in progress`).
    fn warned(&self, message: &str, changes: Vec<RowChange>) -> Finished {
        let notices = self
            .dialect
            .transaction_warning(message)
            .into_iter()
            .collect();
        ok(
            Success {
                notices,
                ..Success::default()
            },
            changes,
        )
    }

    /// DDL inside an open transaction: MariaDB commits the transaction first; PostgreSQL
    /// and SQL Server would undo the DDL at ROLLBACK, so it is refused there
    /// (`Dialect::ddl_in_transaction`). `Some`: the statement ends here.
    fn ddl_in_transaction(&mut self, s: usize, plan: &Plan) -> Option<Finished> {
        let ddl = match &plan.kind {
            PlanKind::Ddl { change } => {
                !matches!(change, CatalogChange::None | CatalogChange::PgIndex(..))
            }
            PlanKind::Delete { truncate, .. } => *truncate && self.dialect.truncate_is_ddl(),
            _ => false,
        };
        let t = self.sessions[s].txn.filter(|_| ddl)?;
        if !self.txns.get(t).is_some_and(|x| x.explicit) {
            return None;
        }
        match self
            .dialect
            .ddl_in_transaction(plan.read_only_refusal.as_deref())
        {
            Ok(()) => {
                self.commit(t);
                None
            }
            Err(e) => Some(self.fail_with(s, e)),
        }
    }

    fn ddl(&mut self, s: usize, plan: &Plan, change: &CatalogChange) -> Finished {
        // Sequences are made in `public` only (`postgres/sequences.rs`).
        let created = match change {
            CatalogChange::Create(def) => Some((&def.name, def.schema.as_deref())),
            CatalogChange::Sequence(def) => Some((&def.name, None)),
            _ => None,
        };
        if let Some(e) = created.and_then(|(n, schema)| self.pending_clash(s, n, schema)) {
            return self.fail_with(s, e);
        }
        match self.store.run(&plan.sqlite) {
            Ok(_) => {
                if !matches!(change, CatalogChange::None) {
                    Arc::make_mut(&mut self.catalog).apply(change);
                }
                if let CatalogChange::Replace(def) = change {
                    self.size(&def.name);
                }
                // A table's serial column or a CREATE SEQUENCE brings a sequence, a drop
                // takes it away.
                self.store.define_sequences(self.catalog.sequence_defs());
                ok(
                    Success {
                        notices: plan.notices.clone(),
                        ..Success::default()
                    },
                    Vec::new(),
                )
            }
            Err(e) => Finished {
                outcome: Outcome::Error(vendor_error(
                    self.dialect,
                    &e,
                    (&plan.kind, None),
                    &self.catalog,
                    &self.store,
                )),
                changes: Vec::new(),
            },
        }
    }

    fn txn_control(&mut self, s: usize, ctrl: TxnControl) -> Finished {
        let mut changes = Vec::new();
        let ctrl_kind = match ctrl {
            TxnControl::RollbackTo(_) => SavepointEnd::RollbackTo,
            _ => SavepointEnd::Release,
        };
        match ctrl {
            TxnControl::Begin {
                level,
                snapshot_now,
                read_only,
            } => {
                if let Some(t) = self.sessions[s].txn {
                    if !self.dialect.begin_commits_open_transaction() {
                        return self.warned("there is already a transaction in progress", changes);
                    }
                    self.commit(t);
                }
                let session = &mut self.sessions[s];
                let level = level
                    .or(session.next_isolation.take())
                    .unwrap_or(session.default_isolation);
                let read_only = read_only
                    .or(session.next_read_only.take())
                    .unwrap_or(session.default_read_only);
                let t = self.txns.begin(s, level, true, self.store.clock_now());
                if let Some(txn) = self.txns.get_mut(t) {
                    txn.read_only = read_only;
                }
                self.sessions[s].txn = Some(t);
                self.link_advisory_waiters(s, t);
                // At REPEATABLE READ only, as InnoDB (elsewhere the clause does nothing).
                if snapshot_now && level == Isolation::RepeatableRead {
                    let now = self.txns.now();
                    if let Some(txn) = self.txns.get_mut(t) {
                        txn.snapshot = Some(now);
                    }
                }
            }
            TxnControl::Commit => {
                let Some(t) = self.sessions[s].txn else {
                    return self.warned("there is no transaction in progress", changes);
                };
                if self.sessions[s].aborted {
                    let changes = self.roll_back(t);
                    let rolled_back = Success {
                        rolled_back: true,
                        ..Success::default()
                    };
                    return ok(rolled_back, changes);
                }
                self.commit(t);
            }
            TxnControl::Rollback => {
                let Some(t) = self.sessions[s].txn else {
                    return self.warned("there is no transaction in progress", changes);
                };
                changes = self.roll_back(t);
            }
            TxnControl::SetTransaction {
                level,
                read_only,
                session,
            } => return self.set_transaction(s, level, read_only, session),
            TxnControl::Savepoint(name) => return self.savepoint(s, name),
            TxnControl::RollbackTo(name) | TxnControl::Release(name) => {
                let rolling_back = matches!(ctrl_kind, SavepointEnd::RollbackTo);
                // An aborted transaction takes ROLLBACK TO, its way out, but not RELEASE,
                // which keeps its savepoint for that (25P02, whatever the name).
                if !rolling_back && self.sessions[s].aborted {
                    return self.error(ErrorClass::Other, "");
                }
                let Some(i) = self.sessions[s]
                    .savepoints
                    .iter()
                    .rposition(|p| p.name == name)
                else {
                    return self.savepoint_error(s, Some(&name));
                };
                let points = &mut self.sessions[s].savepoints;
                // ROLLBACK TO keeps its savepoint; RELEASE lets it go; both end later ones.
                points.truncate(if rolling_back { i + 1 } else { i });
                if rolling_back {
                    let mark = self.sessions[s].savepoints[i].clone();
                    if let Some(t) = self.sessions[s].txn {
                        changes = self.roll_back_to(t, &mark);
                    }
                    self.sessions[s].aborted = false;
                }
            }
            TxnControl::SetAutocommit(on) => {
                self.sessions[s].autocommit = on;
                if let (true, Some(t)) = (on, self.sessions[s].txn) {
                    self.commit(t);
                }
            }
            TxnControl::Listen(channel) => return self.listen(s, notify::Change::Listen(channel)),
            TxnControl::Unlisten(channel) => {
                return self.listen(s, notify::Change::Unlisten(channel))
            }
            TxnControl::Notify {
                channel,
                payload,
                column,
            } => return self.notify(s, (channel, payload), column),
            TxnControl::SetWaitLimit { limit, ms, local } => {
                let in_txn = self.sessions[s].txn.is_some();
                let limits = &mut self.sessions[s].wait_limits;
                let i = limit as usize;
                // SET LOCAL outside a transaction block does nothing (the server warns).
                if local && in_txn {
                    limits.local.get_or_insert(limits.session)[i] = ms;
                } else if !local {
                    limits.session[i] = ms;
                    if let Some(l) = limits.local.as_mut() {
                        l[i] = ms;
                    }
                }
            }
        }
        ok(Success::default(), changes)
    }

    fn commit(&mut self, t: TxnId) {
        if let Some(s) = self.txns.session_of(t) {
            self.commit_notifications(s);
        }
        self.commit_indexes(t);
        self.txns.commit(t);
        self.end(t);
        self.forget_seen_commits();
    }

    /// The snapshots a view may still be made from, as commit counts: those of open
    /// REPEATABLE READ transactions and of waiting statements. Commits up to the oldest are
    /// seen by every view that can still be made.
    pub fn live_snapshots(&self) -> impl Iterator<Item = u64> + '_ {
        let of_txns = self
            .sessions
            .iter()
            .filter_map(|s| s.txn.and_then(|t| self.txns.get(t)))
            .filter(|t| t.state == TxnState::Active)
            .filter_map(|t| t.snapshot);
        let of_waits = self
            .sessions
            .iter()
            .filter_map(|s| s.waiting.as_ref().and_then(|w| w.resume.snapshot));
        of_txns.chain(of_waits)
    }

    /// Drops the row changes of commits every snapshot sees: no view can undo them any more
    /// (a snapshot taken later sees them too). Keeps the history, and so every save, rewind
    /// and view, as small as the open transactions and the oldest live snapshot need.
    fn forget_seen_commits(&mut self) {
        let oldest = self.live_snapshots().min();
        let txns = &self.txns;
        self.history
            .retain(|(w, _)| match txns.get(*w).map(|x| x.state) {
                Some(TxnState::Committed(n)) => oldest.is_some_and(|o| n > o),
                _ => true,
            });
    }

    /// Undoes every change of `t` on the newest rows; returns the restoring changes.
    fn roll_back(&mut self, t: TxnId) -> Vec<RowChange> {
        let mine: Vec<RowChange> = self
            .history
            .iter()
            .filter(|(w, _)| *w == t)
            .map(|(_, c)| c.clone())
            .collect();
        self.history.retain(|(w, _)| *w != t);
        self.store.heap().undo(&mine);
        let store = &self.store;
        let undo = undo_sql(&mine, &|table| store.columns(table));
        let changes = self.run_undo(undo);
        self.txns.roll_back(t);
        self.end(t);
        changes
    }

    fn end(&mut self, t: TxnId) {
        self.locks.release_all(t);
        self.table_locks.release(t);
        self.waits.forget(t);
        if let Some(s) = self.txns.session_of(t) {
            if self.sessions[s].txn == Some(t) {
                self.release_xact_advisory(s, 0);
                self.sessions[s].txn = None;
                self.sessions[s].aborted = false;
                self.sessions[s].wait_limits.local = None;
                self.sessions[s].savepoints.clear();
                self.sessions[s].pending_indexes.clear();
                self.end_notifications(s);
            }
        }
    }

    /// Fails the statement of session `s` with an engine error and rolls its transaction
    /// back (a deadlock victim, a serialization failure). PostgreSQL keeps an explicit
    /// transaction block open, aborted, until ROLLBACK.
    fn fail_txn(&mut self, s: usize, class: ErrorClass, table: &str) -> Finished {
        let mut changes = Vec::new();
        if let Some(t) = self.sessions[s].txn {
            let explicit = self.txns.get(t).is_some_and(|x| x.explicit);
            changes = if explicit && self.dialect.error_aborts_transaction() {
                self.abort(s, t)
            } else {
                self.roll_back(t)
            };
        }
        let mut f = self.error(class, table);
        f.changes = changes;
        f
    }

    fn error(&self, class: ErrorClass, table: &str) -> Finished {
        let (native, message) = self.dialect.engine_error(&class, table);
        Finished {
            outcome: Outcome::Error(StepError {
                class,
                native,
                message,
                pos: None,
                fixed_text: None,
            }),
            changes: Vec::new(),
        }
    }
}

fn ok(s: Success, changes: Vec<RowChange>) -> Finished {
    Finished {
        outcome: Outcome::Ok(s),
        changes,
    }
}

/// The row a change is about, as locks name it.
pub fn row_of(c: &RowChange) -> RowRef {
    RowRef {
        table: c.table.clone(),
        rowid: if c.kind == ChangeKind::Insert {
            c.new_rowid
        } else {
            c.old_rowid
        },
    }
}

impl Lab {
    /// The open transaction, else the one the statement begins. `passing`
    /// (`Plan::begins_no_transaction`): one that ends with the statement and leaves the next
    /// transaction's settings alone.
    fn ensure_txn(&mut self, s: usize, passing: bool) -> TxnId {
        if let Some(t) = self.sessions[s].txn {
            return t;
        }
        let read_only = self.read_only_now(s);
        let session = &mut self.sessions[s];
        let next = if passing {
            session.next_isolation
        } else {
            // MariaDB's next-transaction settings go with the first transaction that
            // begins, an autocommit statement's too.
            session.next_read_only = None;
            session.next_isolation.take()
        };
        let level = next.unwrap_or(session.default_isolation);
        // With autocommit off the transaction is the session's to end, as one it began.
        let explicit = !passing && !session.autocommit;
        let t = self.txns.begin(s, level, explicit, self.store.clock_now());
        if let Some(txn) = self.txns.get_mut(t) {
            txn.read_only = read_only;
        }
        self.sessions[s].txn = Some(t);
        self.link_advisory_waiters(s, t);
        t
    }

    fn dml(&mut self, s: usize, plan: &Plan, mut resume: Resume) -> Exec {
        let txn = self.ensure_txn(s, plan.begins_no_transaction);
        if let Some(err) = (self.unlocked_join(txn, plan)).or_else(|| self.autoinc_held(s, plan)) {
            return Exec::Done(self.fail_with(s, err));
        }
        let now = self.txns.now();
        let repeatable = self.txns.get(txn).is_some_and(|t| {
            matches!(
                t.isolation,
                Isolation::RepeatableRead | Isolation::Serializable
            )
        });
        let retry = resume.snapshot.is_some();
        let (isolation, explicit) = self.txn_mode(txn);
        // A data-modifying WITH's main statement is a query, yet its WITH writes.
        let plain_read = plan.kind == PlanKind::Query
            && plan.cte_writes.is_empty()
            && plan
                .lock_reads
                .iter()
                .all(|r| !r.applies(isolation, explicit));
        // InnoDB makes a transaction's read view at its first consistent read: an UPDATE,
        // DELETE or locking read before it reads the newest rows and fixes no snapshot.
        let fixes_snapshot = plain_read || self.dialect.locking_reads_use_snapshot();
        let snapshot = resume
            .snapshot
            .unwrap_or_else(|| match self.txns.get_mut(txn) {
                Some(t) if repeatable && fixes_snapshot => *t.snapshot.get_or_insert(now),
                Some(t) if repeatable => t.snapshot.unwrap_or(now),
                _ => now,
            });
        resume.snapshot = Some(snapshot);
        // A PostgreSQL READ COMMITTED write or locking read that waited: it re-checks.
        let rechecks =
            retry && !repeatable && !plain_read && self.dialect.locking_reads_use_snapshot();
        if rechecks {
            // PostgreSQL's READ COMMITTED write or locking read finds, as it goes on after a
            // wait, every row of the tables it locks or changes that a commit since its
            // snapshot changed (not only the one it waited for) and goes on with that row's
            // newest version (EvalPlanQual); other tables' rows stay as first read.
            // A write that waited for a row goes on with the rows its snapshot matched: one
            // of that table it had not met stays as the snapshot has it (no match), though a
            // commit made it match meanwhile.
            let waited = (resume.wanted.as_ref()).filter(|_| !resume.read_waited);
            let met = |r: &RowRef| {
                waited.is_none_or(|(w, _)| w.table != r.table)
                    || resume.reached.iter().any(|(x, _)| x == r)
            };
            let changed = self.changed_after(snapshot).into_iter();
            resume
                .refreshed
                .extend(changed.filter(|r| met(r) && plan.locks_or_writes(&r.table)));
            self.lock_waited_row(txn, &resume);
        }
        let view = View {
            own: Some(txn),
            // An INSERT checks keys against the newest committed rows (its SELECT's rows are
            // kept from the first try); UPDATE, DELETE and locking reads look where the vendor
            // looks (PostgreSQL: the snapshot, then the newest version of rows it waited for).
            snapshot: if plain_read
                || (self.dialect.locking_reads_use_snapshot()
                    && !matches!(plan.kind, PlanKind::Insert { .. }))
            {
                snapshot
            } else {
                now
            },
            refreshed: self.rows_written_by(txn, &resume.refreshed),
        };
        resume.serializable_writes = repeatable && self.dialect.locking_reads_use_snapshot();
        if let Some(how) = resume
            .serializable_writes
            .then(|| self.changed_since(&|r| resume.refreshed.contains(r), snapshot))
            .flatten()
        {
            let how = if resume.read_waited {
                ChangeKind::Update
            } else {
                how
            };
            return Exec::Done(self.serialization_failure(s, how));
        }
        let pending = self.pending_inserts(txn, plan);
        // NOLOCK, and a plain read at READ UNCOMMITTED where the vendor has dirty reads,
        // read the newest rows, uncommitted ones included.
        let uncommitted = self
            .txns
            .get(txn)
            .is_some_and(|t| t.isolation == Isolation::ReadUncommitted);
        let dirty = plan.dirty_read
            || (plain_read && uncommitted && self.dialect.read_uncommitted_reads_dirty());
        let entered = if dirty {
            self.store.exec("SAVEPOINT ql_view").map(|_| false)
        } else {
            // Copies of the tables it reads again as the snapshot has them.
            let copies = if rechecks {
                &plan.snapshot_reads[..]
            } else {
                &[]
            };
            self.enter_view(&view, copies)
        };
        let differs = match entered {
            Ok(d) => d,
            Err(e) => return Exec::Done(self.store_failure(s, plan, &e)),
        };
        self.deferred_undo = Some(Vec::new());
        let mut auto = self.auto_start(plan, &resume);
        let mut result = self.in_view(s, txn, plan, &mut resume, &pending);
        self.store.heap().leave_view();
        if let Some(err) = result
            .as_ref()
            .ok()
            .and_then(|(e, _)| untyped_fraction(self.dialect, plan, e))
        {
            result = Err(Exec::Done(self.fail_with(s, err)));
        }
        if let Some(run) = &mut auto {
            self.auto_ran(run);
            if let Ok((exec, _)) = &mut result {
                self.auto_number(run, exec, !differs);
            }
        }
        let undo = self.deferred_undo.take().unwrap_or_default();
        self.stashed_source = None;
        self.store.clear_locked();
        let mut exec = self.finish_dml(s, txn, plan, result, undo, differs, resume);
        if let Some(run) = auto {
            self.auto_settle(run, &mut exec);
        }
        exec
    }

    /// Keeps or undoes what the statement did in its view (`differs`: the view was not the
    /// newest data, so its changes are replayed on that).
    #[allow(clippy::too_many_arguments)]
    fn finish_dml(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        result: Result<(super::store::Executed, Option<u64>), Exec>,
        undo: Vec<String>,
        differs: bool,
        resume: Resume,
    ) -> Exec {
        match result {
            Err(mut exec) => {
                let _ = self.store.exec("ROLLBACK TO ql_view; RELEASE ql_view");
                if !undo.is_empty() {
                    let undone = self.store.run(&undo).map(|e| e.changes);
                    if let Exec::Done(f) = &mut exec {
                        f.changes.extend(undone.unwrap_or_default());
                    }
                }
                exec
            }
            // The view is the newest data: keep what the statement did.
            Ok((exec, source_rows)) if !differs => {
                let _ = self.store.exec("RELEASE ql_view");
                self.record(
                    txn,
                    plan,
                    exec.columns,
                    exec.rows,
                    exec.changes,
                    source_rows,
                )
            }
            Ok((exec, source_rows)) => {
                let _ = self.store.exec("ROLLBACK TO ql_view; RELEASE ql_view");
                self.replay(s, txn, plan, exec, source_rows, resume)
            }
        }
    }

    /// The rows that commits after `snapshot` updated or deleted and that the snapshot sees
    /// (a row those commits inserted stays out of its view).
    fn changed_after(&self, snapshot: u64) -> Vec<RowRef> {
        let mut seen: VecMap<RowRef, bool> = VecMap::new();
        for (w, c) in &self.history {
            if self.committed_after(*w, snapshot) {
                seen.get_or_insert_with(row_of(c), || c.kind != ChangeKind::Insert);
            }
        }
        seen.into_iter()
            .filter(|(_, existed)| *existed)
            .map(|(r, _)| r)
            .collect()
    }

    /// `waited` and the rows `txn` has changed: a transaction reads its own rows in their
    /// newest version, its change on top of every commit before it (InnoDB's consistent read
    /// at REPEATABLE READ shows an updated row as the update left it, though a commit after
    /// the snapshot changed it first; the other servers fail such an update instead).
    fn rows_written_by(&self, txn: TxnId, waited: &RowSet) -> RowSet {
        let mut rows = waited.clone();
        rows.extend(
            self.history
                .iter()
                .filter(|(w, _)| *w == txn)
                .map(|(_, c)| row_of(c)),
        );
        rows
    }

    /// How one of `rows` was last changed by a commit after `snapshot`, if one was: a
    /// PostgreSQL REPEATABLE READ transaction may then not change or lock it (40001).
    fn changed_since(&self, rows: &dyn Fn(&RowRef) -> bool, snapshot: u64) -> Option<ChangeKind> {
        self.history
            .iter()
            .rev()
            .find(|(w, c)| rows(&row_of(c)) && self.committed_after(*w, snapshot))
            .map(|(_, c)| c.kind)
    }

    /// Whether transaction `w` committed after snapshot `at` (commit number above it).
    fn committed_after(&self, w: TxnId, at: u64) -> bool {
        matches!(self.txns.get(w).map(|t| t.state), Some(TxnState::Committed(n)) if n > at)
    }

    /// PostgreSQL's 40001 for a row a commit after the snapshot changed (`how`).
    fn serialization_failure(&mut self, s: usize, how: ChangeKind) -> Finished {
        let mut f = self.fail_txn(s, ErrorClass::SerializationFailure, "");
        if let Outcome::Error(e) = &mut f.outcome {
            e.message = self
                .dialect
                .serialization_message(how == ChangeKind::Delete);
        }
        f
    }

    /// Enters the statement's view; returns whether it differs from the newest rows (when it
    /// does not, the statement runs on them directly and nothing needs replaying).
    fn enter_view(&self, view: &View, copies: &[String]) -> Result<bool, StoreError> {
        self.store.exec("SAVEPOINT ql_view")?;
        let hidden: Vec<RowChange> = self
            .history
            .iter()
            .filter(|(w, c)| !view.sees(&self.txns, *w, &row_of(c)))
            .map(|(_, c)| c.clone())
            .collect();
        if self.dialect.scans_in_write_order() {
            // A row re-read after a wait (EvalPlanQual) was met where the version its
            // snapshot sees stands: its newest version is not where the scan found it.
            let placed = (self.history.iter()).filter(|(w, _)| !view.snapshot_sees(&self.txns, *w));
            self.store.heap().enter_view(placed.map(|(_, c)| c));
        }
        let store = &self.store;
        if !hidden.is_empty() {
            self.store
                .run_raw(&undo_sql(&hidden, &|t| store.columns(t)))?;
        }
        if copies.is_empty() {
            return Ok(!hidden.is_empty());
        }
        // Gone with the view: the caller rolls it back (`true`).
        self.copy_snapshots(view, copies)?;
        Ok(true)
    }

    /// Inside the view: locking reads, the statement, and the write-lock check.
    // The error side is how a statement ends early (finished or waiting), taken once per
    // statement: its size costs nothing worth a box.
    #[allow(clippy::type_complexity, clippy::result_large_err)]
    fn in_view(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        resume: &mut Resume,
        pending: &PendingInserts,
    ) -> Result<(super::store::Executed, Option<u64>), Exec> {
        let (isolation, explicit) = self.txn_mode(txn);
        let repeatable = matches!(
            isolation,
            Isolation::RepeatableRead | Isolation::Serializable
        );
        self.bind_init_plans(plan, resume)
            .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        if let Some(e) = self.ambiguous_name(plan) {
            return Err(Exec::Done(self.store_failure(s, plan, &e)));
        }
        self.intend_write(txn, plan);
        for read in &plan.lock_reads {
            if !read.applies(isolation, explicit) {
                continue;
            }
            let pending_rows = pending.get(&read.id).map_or(&[][..], Vec::as_slice);
            if let Some(scan) = &read.write_scan {
                let reads = (read, scan, pending_rows);
                self.lock_write_scan(s, txn, plan, reads, repeatable, resume)?;
                continue;
            }
            let (width, locks) = self.read_locks(read);
            let candidates = match resume.candidates.get(&read.id) {
                _ if read.whole_table => self.scanned_rows(txn, read),
                Some(c) => c.clone(),
                None => {
                    let ids = (self.tuples(&read.rowid_sql, width))
                        .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
                    resume.candidates.insert(read.id, ids.clone());
                    ids
                }
            };
            let mut candidates = candidates;
            if !pending_rows.is_empty() && !read.whole_table {
                // Kept for the retry: after the inserter's commit the row is a candidate.
                place_new(&mut candidates, pending_rows);
                resume.candidates.insert(read.id, candidates.clone());
            }
            if let Some(scan_sql) = &read.scan_sql {
                let scan = (read, scan_sql.as_str(), candidates, pending_rows);
                let got = self.lock_scanned_read(s, txn, plan, scan, repeatable, resume)?;
                self.store.set_locked(read.id, got);
                continue;
            }
            // SQL Server's READ COMMITTED S locks go as soon as the row is read.
            let keep = !read.instant || repeatable;
            let asked = (read, width, locks.as_slice());
            let mut got = Vec::new();
            let locked =
                self.lock_candidates((s, txn), asked, (&candidates, keep), &mut got, resume);
            if let Err(Exec::Wait(..)) = locked {
                self.change_before_wait(txn, plan, read.id, &got);
            }
            locked?;
            self.store.set_locked(read.id, got);
            if read.whole_table && repeatable {
                // InnoDB's next-key locks on every row: every gap too, to the index's end.
                self.locks.grant_gap(crate::engine::locks::GapLock {
                    txn,
                    table: read.table.clone(),
                    index: 0,
                    low: None,
                    high: None,
                    record: None,
                });
            }
        }
        if let Some((id, table, hash)) = &plan.capture_hash {
            self.put_in_hash_order(*id, table, *hash);
        }
        self.intend_insert(txn, plan);
        self.check_key_clashes(s, txn, plan, resume)?;
        let source_rows = self.count_source(plan);
        let sql = self
            .source_sql(txn, plan, resume)
            .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?;
        let mut exec = match plan.row_by_row.as_ref() {
            Some(rows) if self.dialect.updates_keys_row_by_row() => {
                self.update_row_by_row(s, txn, plan, rows)?
            }
            _ => self
                .store
                .run_raw(&sql)
                .and_then(|done| self.store.rows_within_limit(done))
                .map_err(|e| Exec::Done(self.store_failure(s, plan, &e)))?,
        };
        // PostgreSQL's scan meets the rows in its heap order: SQLite's came by rowid.
        for table in &plan.heap_scans {
            if exec.rows.len() > 1 && self.store.heap().spilled(table) {
                let refused = crate::dialect::scan_order::spilled();
                return Err(Exec::Done(self.fail_with(s, refused)));
            }
            let heap = self.store.heap();
            heap.order_scan(table, &mut exec.changes, &mut exec.rows);
        }
        // Its nested loop over a locking read (`Plan::lock_order`), in the order that read
        // locked them (any other change after them). Written out rather than through
        // `order_scan` with another key: both ways of sharing it I measured cost 90 to 140 B
        // more of the download.
        // So too InnoDB's write that changes rows as it reads them, in its access path's
        // order (an index's, not the rowid's), which its write scan recorded.
        let scanned = (plan.lock_reads.iter())
            .find(|r| r.write_scan.as_ref().is_some_and(|w| w.changes_as_read))
            .map(|r| r.id);
        if let Some(id) = plan.lock_order.or(scanned) {
            let mut got = self.store.locked_rows(id);
            if let Some(hash) = plan.lock_hash {
                got = super::hash_order::rows_in_order(&got, &exec.changes, hash);
            }
            let key =
                |c: &RowChange| (got.iter().position(|r| *r == c.old_rowid)).unwrap_or(usize::MAX);
            let changes = &exec.changes;
            let at = crate::sort::positions(changes.len(), &|i, j| {
                key(&changes[i]).cmp(&key(&changes[j]))
            });
            if exec.rows.len() == at.len() {
                crate::sort::permute(&mut exec.rows, &at);
            }
            crate::sort::permute(&mut exec.changes, &at);
        }
        if let Some((blockers, wanted)) = self.gap_blockers(txn, &exec.changes) {
            // InnoDB's insert intention waits for the gap locks of others.
            resume.read_waited = false;
            resume.wanted = None;
            resume.wanted_gap = Some(Box::new(wanted));
            return Err(Exec::Wait(blockers, resume.clone()));
        }
        let refused = self.upsert_twice(plan, &exec.changes);
        if let Some(e) = refused.or_else(|| self.misfit(&exec.changes)) {
            return Err(Exec::Done(self.fail_with(s, e)));
        }
        let written = |c: &&RowChange| c.kind != ChangeKind::Insert;
        for (i, c) in exec.changes.iter().filter(written).enumerate() {
            let row = row_of(c);
            if let Some(how) = resume
                .serializable_writes
                .then(|| self.changed_since(&|r| *r == row, resume.snapshot.unwrap_or(0)))
                .flatten()
            {
                return Err(Exec::Done(self.serialization_failure(s, how)));
            }
            let mode = self.write_mode(c);
            let blockers = self.write_blockers(txn, c, mode);
            if !blockers.is_empty() {
                // The server has changed the rows it met before this one, and holds them
                // while it waits (another writer of one of them waits too, or deadlocks).
                for before in exec.changes.iter().filter(written).take(i) {
                    let mode = self.write_mode(before);
                    self.locks
                        .grant_because(txn, row_of(before), mode, CHANGED_BEFORE_WAIT);
                }
                resume.read_waited = false;
                resume.refreshed.insert(row.clone());
                resume.wanted = Some((row, mode));
                resume.reached = (exec.changes.iter().filter(written).skip(i + 1))
                    .map(|c| (row_of(c), self.write_mode(c)))
                    .collect();
                return Err(Exec::Wait(blockers, resume.clone()));
            }
        }
        self.check_foreign_keys((s, txn, plan), &mut exec.changes, resume)?;
        Ok((exec, source_rows))
    }

    /// The SQL to run: on the first try the plan's own (stashing an INSERT's source rows);
    /// after a wait, the INSERT of the rows computed then.
    fn source_sql(
        &mut self,
        txn: TxnId,
        plan: &Plan,
        resume: &mut Resume,
    ) -> Result<Vec<String>, StoreError> {
        let PlanKind::Insert {
            source_query: Some(q),
            stash_sql: Some(stash),
            ..
        } = &plan.kind
        else {
            return Ok(plan.sqlite.clone());
        };
        match &resume.source {
            // Alone, the statement cannot wait, so it will not need its rows again.
            None if !self.txns.others_active(txn) => Ok(plan.sqlite.clone()),
            None => {
                resume.source = Some(self.store.look_ahead(q)?.1);
                Ok(plan.sqlite.clone())
            }
            Some(rows) if rows.is_empty() => Ok(plan.sqlite.clone()),
            Some(rows) => {
                let cols: Vec<String> = (0..rows[0].len()).map(|i| format!("c{i}")).collect();
                let values: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        let v: Vec<String> = r.iter().map(super::undo::literal).collect();
                        format!("({})", v.join(", "))
                    })
                    .collect();
                self.store.exec(&format!(
                    "DROP TABLE IF EXISTS temp.ql_src; CREATE TEMP TABLE ql_src ({}); INSERT INTO temp.ql_src VALUES {}",
                    cols.join(", "),
                    values.join(", ")
                ))?;
                self.stashed_source = Some(rows.clone());
                Ok(vec![stash.clone()])
            }
        }
    }

    /// Every row a whole-table scan meets: the visible ones and the ones other transactions
    /// hold locks on (their uncommitted rows are in the index too).
    fn scanned_rows(&self, txn: TxnId, read: &crate::dialect::locks::LockRead) -> Vec<i64> {
        let mut rows: Vec<i64> = Vec::new();
        if let Ok((_, found)) = self.store.query(&read.rowid_sql) {
            rows.extend(found.iter().filter_map(|r| match r.first() {
                Some(Value::Int(i)) => Some(*i),
                _ => None,
            }));
        }
        for (row, holders) in self.locks.all() {
            if row.table.eq_ignore_ascii_case(&read.table) && holders.iter().any(|(t, _)| *t != txn)
            {
                rows.push(row.rowid);
            }
        }
        crate::sort::rowid_set(rows)
    }

    /// The rowids a rowid query (`SELECT ... AS ql_rowid`) finds, in its order.
    fn rowids(&self, sql: &str) -> Result<Vec<i64>, StoreError> {
        let (_, rows) = self.store.query(sql)?;
        Ok(rows
            .iter()
            .filter_map(|r| match r.first() {
                Some(Value::Int(i)) => Some(*i),
                _ => None,
            })
            .collect())
    }

    fn count_source(&self, plan: &Plan) -> Option<u64> {
        let PlanKind::Insert {
            mode: InsertMode::Ignore,
            source_query: Some(q),
            ..
        } = &plan.kind
        else {
            return None;
        };
        match self
            .store
            .look_ahead(&format!("SELECT count(*) FROM ({q})"))
            .ok()?
            .1
            .first()?
            .first()?
        {
            Value::Int(n) => Some(*n as u64),
            _ => None,
        }
    }

    /// Carries the statement's changes over to the newest rows and records them.
    fn replay(
        &mut self,
        s: usize,
        txn: TxnId,
        plan: &Plan,
        exec: super::store::Executed,
        source_rows: Option<u64>,
        resume: Resume,
    ) -> Exec {
        let mut changes = exec.changes.clone();
        self.remap_rowids(&mut changes);
        let store = &self.store;
        let redo = redo_sql(&changes, &|t| store.columns(t));
        let _ = self.store.exec("SAVEPOINT ql_replay");
        let replayed = match self.store.run_raw(&redo) {
            Ok(r) => r,
            Err(e) => {
                let _ = self.store.exec("ROLLBACK TO ql_replay; RELEASE ql_replay");
                let blockers = self.clash_owners(txn, &exec.changes);
                // The owners' implicit locks on the rows met are made explicit (those of a
                // primary key: a clash on another unique key meets another row).
                for c in &exec.changes {
                    self.make_explicit(&blockers, &row_of(c), 0);
                }
                if !blockers.is_empty() {
                    let resume = Resume {
                        wanted: None,
                        ..resume
                    };
                    return Exec::Wait(blockers, resume);
                }
                return Exec::Done(self.store_failure(s, plan, &e));
            }
        };
        let _ = self.store.exec("RELEASE ql_replay");
        self.record(
            txn,
            plan,
            exec.columns,
            exec.rows,
            replayed.changes,
            source_rows,
        )
    }

    /// Records a finished statement's changes under its transaction, with their locks.
    fn record(
        &mut self,
        txn: TxnId,
        plan: &Plan,
        columns: Option<Vec<String>>,
        rows: Vec<Vec<Value>>,
        mut changes: Vec<RowChange>,
        source_rows: Option<u64>,
    ) -> Exec {
        let heap = self.dialect.scans_in_write_order();
        for c in &mut changes {
            if heap {
                c.heap_place = self.store.heap().write(c);
            }
            // InnoDB: a new row's lock is implicit (`implicit_locks.rs`).
            match c.kind {
                ChangeKind::Insert => self
                    .locks
                    .grant_implicit(txn, row_of(c), self.write_mode(c)),
                _ => self.locks.grant(txn, row_of(c), self.write_mode(c)),
            }
            if c.kind == ChangeKind::Update && c.old_rowid != c.new_rowid {
                let mut moved = row_of(c);
                moved.rowid = c.new_rowid;
                self.locks.grant_implicit(txn, moved, self.write_mode(c));
            }
            self.history.push((txn, c.clone()));
        }
        let mut counted = count::count(self.dialect, &plan.kind, &changes, source_rows);
        // MariaDB answers a write with RETURNING with its rows, not with a count: the client
        // reports how many rows came (a REPLACE of one key twice: 2, not 3).
        if self.dialect.returning_counts_rows() && columns.is_some() && counted.affected.is_some() {
            counted.affected = Some(rows.len() as u64);
            counted.info = None;
        }
        if self.txns.get(txn).is_some_and(|t| !t.explicit) {
            self.commit(txn);
        }
        Exec::Done(ok(
            Success {
                columns,
                rows,
                affected: counted.affected,
                info: counted.info,
                warnings: counted.warnings,
                quiet: false,
                notices: Vec::new(),
                rolled_back: false,
            },
            changes,
        ))
    }

    /// A row inserted inside a view may have taken a rowid that an invisible row holds in
    /// the newest data; such inserts get a fresh rowid (tables whose rowid is their INTEGER
    /// PRIMARY KEY keep it: a clash there is a key clash, handled as one).
    fn remap_rowids(&self, changes: &mut [RowChange]) {
        let mut map: VecMap<(String, i64), i64> = VecMap::new();
        // A fresh rowid is above every one the statement inserted too: two archives into
        // one table, each in a view without the other's rows, had given the second's third
        // row the fresh rowid its first had taken (a UNIQUE failure on rowid).
        let top = changes.iter().map(|c| c.new_rowid).max().unwrap_or(0);
        for c in changes.iter_mut() {
            if let Some(r) = map.get(&(c.table.clone(), c.old_rowid)) {
                c.old_rowid = *r;
            }
            if let Some(r) = map.get(&(c.table.clone(), c.new_rowid)) {
                c.new_rowid = *r;
            }
            if c.kind != ChangeKind::Insert || self.rowid_is_key(&c.table) {
                continue;
            }
            let table = crate::dialect::catalog::ident(&c.table);
            let taken = self
                .store
                .query(&format!(
                    "SELECT 1 FROM {table} WHERE rowid = {}",
                    c.new_rowid
                ))
                .is_ok_and(|(_, rows)| !rows.is_empty());
            if !taken {
                continue;
            }
            let max = match self.store.query(&format!("SELECT max(rowid) FROM {table}")) {
                Ok((_, rows)) => match rows.first().and_then(|r| r.first()) {
                    Some(Value::Int(m)) => *m,
                    _ => 0,
                },
                Err(_) => 0,
            };
            let fresh = max.max(top) + 1 + map.len() as i64;
            map.insert((c.table.clone(), c.new_rowid), fresh);
            c.new_rowid = fresh;
        }
    }

    fn rowid_is_key(&self, table: &str) -> bool {
        self.catalog.table(table).is_some_and(|t| t.rowid_is_key())
    }

    /// Other active transactions whose uncommitted rows the changes clash with on a key.
    fn clash_owners(&self, txn: TxnId, changes: &[RowChange]) -> Vec<TxnId> {
        let mut out: Vec<TxnId> = Vec::new();
        for c in changes.iter().filter(|c| c.kind != ChangeKind::Delete) {
            let Some(def) = self.catalog.table(&c.table) else {
                continue;
            };
            let cols = self.store.columns(&c.table);
            for key in def.unique_keys() {
                let idx: Option<Vec<usize>> = key
                    .columns
                    .iter()
                    .map(|k| cols.iter().position(|x| x.eq_ignore_ascii_case(k)))
                    .collect();
                let Some(idx) = idx else { continue };
                let key_columns: Vec<_> =
                    key.columns.iter().filter_map(|k| def.column(k)).collect();
                let mine: Vec<&Value> = idx.iter().filter_map(|&i| c.new.get(i)).collect();
                for (w, h) in &self.history {
                    if *w == txn
                        || !self.txns.is_active(*w)
                        || h.table != c.table
                        || h.kind == ChangeKind::Delete
                    {
                        continue;
                    }
                    let theirs: Vec<&Value> = idx.iter().filter_map(|&i| h.new.get(i)).collect();
                    let same = theirs.len() == mine.len()
                        && mine.len() == key_columns.len()
                        && theirs
                            .iter()
                            .zip(&mine)
                            .zip(&key_columns)
                            .all(|((a, b), c)| a == b || c.same_key(a, b));
                    let both_in_key = || {
                        key.predicate.as_deref().is_none_or(|p| {
                            self.in_partial_key(&c.table, &c.new, p)
                                && self.in_partial_key(&c.table, &h.new, p)
                        })
                    };
                    if same && !out.contains(w) && both_in_key() {
                        out.push(*w);
                    }
                }
            }
        }
        out
    }

    /// A column name two FROM items have, in a statement that locks rows first: the server
    /// finds it before it runs anything, so before it locks or waits for a row (the lab's
    /// NOWAIT read failed with 55P03 instead); SQLite only when the statement runs, after
    /// the lab's lock reads. Its other failures are left to the run, whose earlier
    /// statements may make the tables later ones read.
    fn ambiguous_name(&self, plan: &Plan) -> Option<StoreError> {
        if plan.lock_reads.is_empty() {
            return None;
        }
        (plan.sqlite.iter())
            .filter_map(|sql| self.store.compiles(sql).err())
            .find(|e| e.message.starts_with("ambiguous column name"))
    }

    /// A failed statement: in PostgreSQL it aborts the transaction; in InnoDB only itself.
    fn store_failure(&mut self, s: usize, plan: &Plan, e: &StoreError) -> Finished {
        let source = self.stashed_source.as_deref();
        let err = vendor_error(
            self.dialect,
            e,
            (&plan.kind, source),
            &self.catalog,
            &self.store,
        );
        self.fail_with(s, err)
    }

    /// Runs undo SQL now, or, while a statement is inside its view (whose end would roll it
    /// back), once the view is left (`deferred_undo`). The rows it changed, when run now.
    fn run_undo(&mut self, undo: Vec<String>) -> Vec<RowChange> {
        match self.deferred_undo.as_mut() {
            Some(later) => {
                later.extend(undo);
                Vec::new()
            }
            None => self.store.run(&undo).map(|e| e.changes).unwrap_or_default(),
        }
    }

    /// Fails the statement of session `s` with `err`, as any error ends it (a PostgreSQL
    /// transaction is aborted).
    fn fail_with(&mut self, s: usize, err: StepError) -> Finished {
        let changes = self.after_error(s);
        Finished {
            outcome: Outcome::Error(err),
            changes,
        }
    }

    /// The isolation level of transaction `txn`, and whether it is a transaction block
    /// (not autocommit).
    fn txn_mode(&self, txn: TxnId) -> (Isolation, bool) {
        self.txns
            .get(txn)
            .map_or((Isolation::ReadCommitted, false), |t| {
                (t.isolation, t.explicit)
            })
    }

    fn fail_statement(&mut self, s: usize, class: ErrorClass, table: &str) -> Finished {
        let mut f = self.error(class, table);
        f.changes = self.after_error(s);
        f
    }

    fn after_error(&mut self, s: usize) -> Vec<RowChange> {
        let Some(t) = self.sessions[s].txn else {
            return Vec::new();
        };
        let explicit = self.txns.get(t).is_some_and(|x| x.explicit);
        if !explicit {
            return self.roll_back(t);
        }
        if self.dialect.error_aborts_transaction() {
            return self.abort(s, t);
        }
        Vec::new()
    }
}

/// The refusal of a fraction the statement returns in a column of no known number type
/// (`dialect/text_forms.rs`), if it returns one: its text would be a guess at the server's.
fn untyped_fraction(
    dialect: crate::dialect::Dialect,
    plan: &Plan,
    exec: &super::store::Executed,
) -> Option<StepError> {
    if !dialect.types_fractions() || plan.assign.is_some() {
        return None;
    }
    let form = |i: usize| {
        plan.text_forms
            .iter()
            .find(|(at, _)| *at == i)
            .map(|(_, f)| *f)
    };
    let row = exec.rows.first()?;
    let i = (0..row.len()).find(|&i| {
        let form = form(i);
        exec.rows
            .iter()
            .any(|r| r.get(i).is_some_and(|v| !TextForm::shows(form, v)))
    })?;
    let name = exec
        .columns
        .as_ref()
        .and_then(|c| c.get(i))
        .map_or("", |c| c.as_str());
    Some(dialect.untyped_fraction(i, name))
}

#[cfg(test)]
mod tests {
    use super::place_new;

    #[test]
    fn a_new_row_goes_where_the_scan_reads_it() {
        let mut rows = vec![30, 20, 10];
        // 50 after 20, 90 first, 70 after a row the view does not read, 20 there already.
        place_new(&mut rows, &[50, 20, 90, 90, 70, 60, 20, 30]);
        assert_eq!(rows, [90, 30, 20, 50, 10, 70]);
        // A pair laid after a row placed before it.
        place_new(&mut rows, &[80, 50]);
        assert_eq!(rows, [90, 30, 20, 50, 80, 10, 70]);
    }
}
