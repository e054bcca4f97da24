//! The state after one step of a multi-session run: what the multi-session view draws.

use super::{SessionId, Sim, StepOutcome};
use crate::trace::{Event, TableView};

/// The state after one step.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The step that ran (its own event is the first of `events`).
    pub step: String,
    pub events: Vec<Event>,
    /// Every table, rows marked with what this step (and the waits it ended) changed.
    pub tables: Vec<TableView>,
    pub locks: Vec<LockBadge>,
    pub sessions: Vec<SessionView>,
}

/// A row lock for the table view's badges.
#[derive(Debug, Clone, PartialEq)]
pub struct LockBadge {
    pub table: String,
    pub rowid: i64,
    pub session: String,
    pub mode: &'static str,
}

/// A session as the multi-session view shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionView {
    pub name: String,
    pub in_transaction: bool,
    pub isolation: &'static str,
    /// PostgreSQL: the transaction failed and waits for ROLLBACK.
    pub aborted: bool,
    /// The step this session stopped partway through (`c1pop(statements 3)`), to go on with.
    pub inside: Option<String>,
    /// The sessions it waits for (empty when it does not wait).
    pub waits_for: Vec<String>,
}

impl Frame {
    /// The picture of `sim` after the step `step` that did `out`.
    pub fn of(sim: &Sim, step: &str, out: &StepOutcome) -> Frame {
        let lab = sim.lab();
        let tables = lab
            .store
            .tables()
            .map(|t| crate::engine::snapshot::table_views(t, &out.changes, &[]))
            .unwrap_or_default();
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
            .flat_map(|(row, holders)| {
                holders
                    .iter()
                    .map(move |(t, m)| (row.clone(), *t, m.label()))
            })
            .map(|(row, t, mode)| LockBadge {
                table: row.table,
                rowid: row.rowid,
                session: session_of(t),
                mode,
            })
            .collect();
        let sessions = lab
            .sessions
            .iter()
            .enumerate()
            .skip(1) // the setup's hidden session
            .map(|(i, s)| SessionView {
                name: s.name.clone(),
                in_transaction: s.txn.is_some(),
                isolation: s
                    .txn
                    .and_then(|t| lab.txns.get(t))
                    .map(|t| t.isolation)
                    .unwrap_or(s.default_isolation)
                    .label(),
                aborted: s.aborted,
                inside: sim
                    .inside(SessionId(i as u32 - 1))
                    .map(|id| crate::scenario::schedule::step_name(sim.spec(), id).to_string()),
                waits_for: lab
                    .blocker_sessions(i)
                    .into_iter()
                    .filter_map(|b| lab.sessions.get(b).map(|x| x.name.clone()))
                    .collect(),
            })
            .collect();
        Frame {
            step: step.to_string(),
            events: out.events.clone(),
            tables,
            locks,
            sessions,
        }
    }
}
