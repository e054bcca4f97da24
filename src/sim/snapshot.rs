//! [`Snapshot`]: the whole state after a move, self-contained, the one thing views and
//! renderers read. Sessions with their status (and what they wait for: table, row, lock
//! mode), where each is in its steps and its last result as the vendor's client prints it;
//! every table with change marks, lock badges and the rows an open transaction deleted (still
//! locked, still there for others); the wait-for edges; the rings; the events of the move and
//! all before it. Unchanged rows and earlier events are shared with the snapshot before.

use super::program::StatementInfo;
use super::{SessionId, Sim, StepOutcome};
use crate::engine::store::ChangeKind;
use crate::engine::txn::TxnState;
use crate::ids::TxnId;
use crate::trace::{Event, Mark, Outcome, RingView, RowView, Rows, TableView};
use std::sync::Arc;

/// The state after one move.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The step the move ran (`None` for the state before any move).
    pub step: Option<String>,
    /// This move's events: the chosen step's own first, then the waits it ended.
    pub events: Vec<Event>,
    /// Every event so far, this move's included.
    pub log: EventLog,
    pub sessions: Vec<SessionState>,
    /// Every table, rows marked with what this move (and the waits it ended) changed, and the
    /// rows an open transaction deleted, marked deleted.
    pub tables: Vec<TableView>,
    pub locks: Vec<LockBadge>,
    /// Who waits for whom, and for what.
    pub waits: Vec<WaitEdge>,
    /// The deadlocks this move ran into: each cycle as it was when the wait that closed it
    /// was asked for (it is gone from `waits`: the victim no longer waits).
    pub deadlocks: Vec<DeadlockView>,
    pub rings: Vec<RingView>,
    /// Where each sequence stands (`ring_seq: last 2, next 3`), PostgreSQL's.
    pub sequences: Vec<String>,
    /// An invalid permutation ended the run: nothing more runs.
    pub over: bool,
    /// A setup statement failed (`setup failed: ERROR:  ...`): no step runs.
    pub setup_failed: Option<String>,
}

/// A row lock for the table view's badges.
#[derive(Debug, Clone, PartialEq)]
pub struct LockBadge {
    pub table: String,
    pub rowid: i64,
    pub session: String,
    /// The mode in the vendor's words (`FOR UPDATE`, `X`, `U`, ...).
    pub mode: &'static str,
    /// Why it was taken, when the statement's own rows do not say it (a foreign-key check).
    pub because: Option<String>,
}

/// One session waiting for another.
#[derive(Debug, Clone, PartialEq)]
pub struct WaitEdge {
    pub waiter: String,
    pub holder: String,
    /// The row lock wanted, in the vendor's words; `None` for a wait on another
    /// transaction's uncommitted duplicate key, or for an advisory lock.
    pub lock: Option<WantedLock>,
    /// The PostgreSQL advisory lock wanted, as the pictures name it (`1`, `7 shared`).
    pub advisory: Option<String>,
    /// The PostgreSQL table lock wanted: the mode and the table (`ACCESS EXCLUSIVE on table
    /// jobs`).
    pub table_lock: Option<String>,
    /// InnoDB's insert intention: the key inserted and the index whose gap the holder locks
    /// (`id=4 into jobs (id)`).
    pub gap: Option<String>,
}

/// A wait-for cycle and the session the vendor chose to fail.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadlockView {
    pub cycle: Vec<WaitEdge>,
    pub victim: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct WantedLock {
    pub table: String,
    pub rowid: i64,
    pub mode: &'static str,
    /// Why, when the statement's own rows do not say it (`the check of foreign key c_fk`).
    pub because: Option<String>,
}

/// A session as the views show it.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionState {
    pub name: String,
    pub in_transaction: bool,
    /// The isolation level of the open transaction, else the one the next will take.
    pub isolation: &'static str,
    /// The open transaction is READ ONLY, else the next one will be.
    pub read_only: bool,
    /// PostgreSQL: the transaction failed and waits for ROLLBACK.
    pub aborted: bool,
    /// The step this session stopped partway through (`c1pop(statements 3)`), to go on with.
    pub inside: Option<String>,
    /// The step it runs next in the spec's order (`None`: it waits, or has none left).
    pub next_step: Option<String>,
    /// The sessions it waits for (empty when it does not wait).
    pub waits_for: Vec<String>,
    /// The PostgreSQL advisory locks it holds, as the pictures label them (`1`, `0, 1`,
    /// `7 shared`, `3 until commit`), in the order it took them.
    pub advisory_locks: Vec<String>,
    /// The PostgreSQL table locks its transaction holds (`jobs ROW EXCLUSIVE`), in the
    /// order it took them.
    pub table_locks: Vec<String>,
    /// The statement it ran last, as written and as it ran.
    pub statement: Option<StatementInfo>,
    /// Its latest step result (ok, error or completed), and that result as its client prints it.
    pub result: Option<Outcome>,
    pub client_text: Option<String>,
}

/// The events of a run, shared between snapshots: each snapshot adds its move's events to
/// the log of the one before.
#[derive(Debug, Clone, Default)]
pub struct EventLog(Option<Arc<LogNode>>);

#[derive(Debug)]
struct LogNode {
    events: Vec<Event>,
    before: EventLog,
    len: usize,
}

impl EventLog {
    pub fn with(&self, events: &[Event]) -> EventLog {
        if events.is_empty() {
            return self.clone();
        }
        EventLog(Some(Arc::new(LogNode {
            events: events.to_vec(),
            len: self.len() + events.len(),
            before: self.clone(),
        })))
    }

    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |n| n.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every event, newest first, without copying any (a search for the latest result stops
    /// as soon as it finds it).
    pub fn rev(&self) -> impl Iterator<Item = &Event> {
        let nodes = std::iter::successors(self.0.as_deref(), |n| n.before.0.as_deref());
        nodes.flat_map(|n| n.events.iter().rev())
    }

    /// Every event, oldest first.
    pub fn to_vec(&self) -> Vec<Event> {
        let mut parts = Vec::new();
        let mut at = self;
        while let Some(n) = &at.0 {
            parts.push(&n.events);
            at = &n.before;
        }
        parts.into_iter().rev().flatten().cloned().collect()
    }
}

/// Unlinks the list node by node: dropping a long log recursively would overflow the stack
/// (a `WHILE 1=1` script makes 10,000 moves).
impl Drop for LogNode {
    fn drop(&mut self) {
        let mut next = self.before.0.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut only) => next = only.before.0.take(),
                Err(_) => break, // another snapshot still holds the rest
            }
        }
    }
}

impl PartialEq for EventLog {
    fn eq(&self, other: &EventLog) -> bool {
        // The same shared list is equal without a look at its events (a view compares the
        // log it drew with the one it is given on every render).
        let same = match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same || (self.len() == other.len() && self.to_vec() == other.to_vec())
    }
}

impl Sim {
    /// The picture after a move that did `out`; `before` is the snapshot before it (its
    /// unchanged rows and its events are shared).
    pub fn snapshot(&self, before: Option<&Snapshot>, out: &StepOutcome) -> Snapshot {
        let lab = self.lab();
        let previous = before.map_or(&[][..], |b| &b.tables[..]);
        let tables = lab
            .store
            .tables()
            .map(|t| {
                let vendor = (lab.catalog.as_ref(), lab.dialect);
                crate::engine::snapshot::table_views(t, &out.changes, previous, vendor)
            })
            .unwrap_or_default();
        let tables = self.with_open_deletes(tables);
        let session_of = |t| {
            lab.txns
                .session_of(t)
                .and_then(|s| lab.sessions.get(s))
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        let locks = lab
            .locks
            .all()
            .flat_map(|(row, holders)| holders.iter().map(move |(t, m)| (row, *t, *m)))
            .map(|(row, t, mode)| LockBadge {
                table: row.table.clone(),
                rowid: row.rowid,
                session: session_of(t),
                mode: mode.label(),
                because: lab.locks.because(t, row, mode).map(str::to_string),
            })
            .collect();
        let locks = self.with_entry_badges(locks, &session_of);
        let log = before.map(|b| b.log.clone()).unwrap_or_default();
        let log = log.with(&out.events);
        Snapshot {
            step: out.events.first().map(|e| e.step.clone()),
            events: out.events.clone(),
            sessions: self.session_states(&log),
            waits: self.wait_edges(),
            deadlocks: out
                .deadlocks
                .iter()
                .map(|d| self.deadlock_view(d))
                .collect(),
            rings: crate::engine::rings::rings_of(&lab.catalog, &tables, &[]),
            sequences: (lab.store.sequence_state())
                .labels(&|n| lab.catalog.sequence_schema(n).map(str::to_string)),
            log,
            tables,
            locks,
            over: self.is_over(),
            setup_failed: self.setup_failed().map(str::to_string),
        }
    }

    /// Rows deleted by a transaction still open: gone from the newest rows, but locked and
    /// still there for every other session. They are shown as deleted rows.
    fn with_open_deletes(&self, mut tables: Vec<TableView>) -> Vec<TableView> {
        let lab = self.lab();
        if lab.sessions.len() <= 2 {
            return tables; // one session (and the setup's): nobody else to see them
        }
        for (t, change) in &lab.history {
            let open = lab
                .txns
                .get(*t)
                .is_some_and(|x| x.state == TxnState::Active);
            if !open || change.kind != ChangeKind::Delete {
                continue;
            }
            let Some(table) = tables
                .iter_mut()
                .find(|v| v.name.eq_ignore_ascii_case(&change.table))
            else {
                continue;
            };
            if table.rows.iter().any(|r| r.rowid == change.old_rowid) {
                continue; // replaced in place, or already shown as this move's delete
            }
            let vendor = (lab.catalog.as_ref(), lab.dialect);
            let forms = crate::engine::snapshot::column_forms(vendor, &table.name, &table.columns);
            let ghost = RowView {
                rowid: change.old_rowid,
                values: crate::engine::snapshot::printed(&change.old, &forms),
                mark: Mark::Deleted,
            };
            let rows: Vec<RowView> = table.rows.iter().cloned().chain([ghost]).collect();
            table.rows = Rows::new(rows, Some(&table.rows));
        }
        tables
    }

    fn session_states(&self, log: &EventLog) -> Vec<SessionState> {
        let lab = self.lab();
        lab.sessions
            .iter()
            .enumerate()
            .skip(1) // the setup's hidden session
            .map(|(i, s)| {
                let id = SessionId(i as u32 - 1);
                let statement = self.last_statement(id).cloned();
                let last = log
                    .rev()
                    .find(|e| e.session == s.name && e.outcome.is_some());
                let result = last.and_then(|e| e.outcome.clone());
                let client_text = result.as_ref().map(|o| {
                    let mut text = self.client_text(id, &statement, o);
                    for n in last.map_or(&[][..], |e| &e.notifications[..]) {
                        text.push('\n');
                        text.push_str(&n.line());
                    }
                    text
                });
                SessionState {
                    name: s.name.clone(),
                    in_transaction: s.txn.is_some(),
                    isolation: s
                        .txn
                        .and_then(|t| lab.txns.get(t))
                        .map(|t| t.isolation)
                        .or(s.next_isolation)
                        .unwrap_or(s.default_isolation)
                        .label(),
                    read_only: s
                        .txn
                        .and_then(|t| lab.txns.get(t))
                        .map(|t| t.read_only)
                        .or(s.next_read_only)
                        .unwrap_or(s.default_read_only),
                    aborted: s.aborted,
                    inside: self.inside(id).map(|st| self.step_name(st).to_string()),
                    next_step: self
                        .next_choice(id)
                        .map(|c| self.step_name(c.step).to_string()),
                    waits_for: lab
                        .blocker_sessions(i)
                        .into_iter()
                        .filter_map(|b| lab.sessions.get(b).map(|x| x.name.clone()))
                        .collect(),
                    advisory_locks: s.advisory.iter().map(|h| h.label()).collect(),
                    table_locks: lab.table_lock_labels(i),
                    statement,
                    result,
                    client_text,
                }
            })
            .collect()
    }

    fn client_text(&self, id: SessionId, statement: &Option<StatementInfo>, o: &Outcome) -> String {
        let dialect = self.dialect();
        match self.interp(id) {
            Some(i) if dialect.procedural_batches() => i.client_text(o),
            _ => dialect.client_text(statement.as_ref().map_or("", |s| s.tagged_source()), o),
        }
    }

    fn deadlock_view(&self, d: &crate::engine::lab::Deadlock) -> DeadlockView {
        let name = |s: usize| {
            self.lab()
                .sessions
                .get(s)
                .map(|x| x.name.clone())
                .unwrap_or_default()
        };
        let cycle = d
            .edges
            .iter()
            .map(|(waiter, holder, asked)| {
                edge(
                    (name(*waiter), name(*holder)),
                    asked.as_ref(),
                    self.lab().dialect,
                )
            })
            .collect();
        DeadlockView {
            cycle,
            victim: name(d.victim),
        }
    }

    /// `badges` and the shared locks InnoDB's failed duplicate checks left on secondary
    /// unique keys' entries (`GapLock::record`), drawn on the entry's row: another
    /// transaction's locking read of that row through the key, or a DELETE of it, waits for
    /// them. (A loop that pushes: a chained iterator cost some 90 B more of the download.)
    fn with_entry_badges(
        &self,
        mut badges: Vec<LockBadge>,
        session_of: &dyn Fn(TxnId) -> String,
    ) -> Vec<LockBadge> {
        let lab = self.lab();
        for g in lab.locks.gaps() {
            let key = (lab.catalog.table(&g.table))
                .and_then(|def| def.uniques.get(g.index.checked_sub(1)?));
            if let (Some(key), Some(rowid)) = (key, g.record) {
                badges.push(LockBadge {
                    table: g.table.clone(),
                    rowid,
                    session: session_of(g.txn),
                    mode: lab.dialect.read_lock_mode(false, false).label(),
                    because: Some(format!("its failed duplicate check on {}", key.name)),
                });
            }
        }
        badges
    }

    fn wait_edges(&self) -> Vec<WaitEdge> {
        let lab = self.lab();
        let mut out = Vec::new();
        for (i, s) in lab.sessions.iter().enumerate() {
            let Some(w) = &s.waiting else { continue };
            let asked = w.resume.asked();
            for b in lab.blocker_sessions(i) {
                if let Some(holder) = lab.sessions.get(b) {
                    out.push(edge(
                        (s.name.clone(), holder.name.clone()),
                        asked.as_ref(),
                        lab.dialect,
                    ));
                }
            }
        }
        out
    }
}

/// A waiter's edge to a holder, with what it asked for in the pictures' words.
fn edge(
    (waiter, holder): (String, String),
    asked: Option<&crate::engine::lab::Asked>,
    dialect: crate::dialect::Dialect,
) -> WaitEdge {
    use crate::engine::lab::Asked;
    let (lock, advisory) = match asked {
        Some(Asked::Row((row, mode), because)) => (
            Some(WantedLock {
                table: row.table.clone(),
                rowid: row.rowid,
                mode: mode.label(),
                because: because.as_deref().map(str::to_string),
            }),
            None,
        ),
        Some(Asked::Advisory(key, shared)) => (
            None,
            Some(format!("{key}{}", if *shared { " shared" } else { "" })),
        ),
        Some(Asked::Table(..) | Asked::Gap(_)) | None => (None, None),
    };
    let table_lock = match asked {
        Some(Asked::Table(table, mode)) => Some(format!(
            "{} on table {table}",
            dialect.table_lock_label(*mode)
        )),
        _ => None,
    };
    let gap = match asked {
        Some(Asked::Gap(g)) => Some(format!(
            "{} into {} ({})",
            g.key,
            g.table,
            g.columns.join(", ")
        )),
        _ => None,
    };
    WaitEdge {
        waiter,
        holder,
        lock,
        advisory,
        table_lock,
        gap,
    }
}
