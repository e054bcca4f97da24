//! PostgreSQL's asynchronous notifications: `LISTEN`, `UNLISTEN`, `NOTIFY`.
//!
//! Inside a transaction block, LISTEN and UNLISTEN take effect and NOTIFY is sent when the
//! block commits (nothing of them survives a rollback); outside one, at once. A commit sends
//! its notifications to every session listening on the channel then, the sender included,
//! once for each channel and payload however often the transaction said it. A listener
//! inside a transaction of its own gets them only when that transaction ends (the server
//! sends them while the session is idle); what reached the client is shown after the
//! session's next step ends ([`Lab::take_notifications`]), where isolationtester prints it.

use super::{ok, Finished, Lab};
use crate::trace::{Notification, StepError, Success, Value};

/// A payload of this many bytes or more is refused (the server's limit).
const PAYLOAD_LIMIT: usize = 8000;

/// One session's notification state: none at all until it first LISTENs or NOTIFYs, so
/// that copying a session (every save of the explorer does) stays as cheap as before.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Notifications(Option<Box<State>>);

#[derive(Debug, Clone, Default, PartialEq)]
struct State {
    /// The channels it listens on.
    listening: Vec<String>,
    /// LISTEN / UNLISTEN of the open transaction, in order: applied at its commit.
    pending: Vec<Change>,
    /// NOTIFY of the open transaction (channel, payload), each pair once: sent at its commit.
    queued: Vec<(String, String)>,
    /// Sent to it while it was inside a transaction: delivered when that ends.
    held: Vec<Notification>,
    /// Delivered to its client and not shown yet.
    delivered: Vec<Notification>,
}

/// A LISTEN or an UNLISTEN (`None`: `UNLISTEN *`).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Change {
    Listen(String),
    Unlisten(Option<String>),
}

impl State {
    fn apply(&mut self, change: Change) {
        match change {
            Change::Listen(c) if !self.listening.contains(&c) => self.listening.push(c),
            Change::Listen(_) => {}
            Change::Unlisten(Some(c)) => self.listening.retain(|x| *x != c),
            Change::Unlisten(None) => self.listening.clear(),
        }
    }
}

impl Notifications {
    /// Whether anything of this state can show later (what the explorer's fingerprint of a
    /// session must tell apart).
    pub fn is_quiet(&self) -> bool {
        self.0.as_deref().is_none_or(|s| *s == State::default())
    }

    fn state(&mut self) -> &mut State {
        self.0.get_or_insert_with(Box::default)
    }

    fn existing(&mut self) -> Option<&mut State> {
        self.0.as_deref_mut()
    }

    fn listens(&self, channel: &str) -> bool {
        self.0
            .as_deref()
            .is_some_and(|s| s.listening.iter().any(|c| c == channel))
    }

    /// Feeds the state to a fingerprint, part by part: each list counted, each text ended
    /// by a NUL (which no channel or payload holds). Hand-written: a `{:?}` would link the
    /// Debug code of every type inside into the browser download.
    pub fn digest(&self, part: &mut dyn FnMut(&[u8])) {
        if let Some(state) = self.0.as_deref() {
            state.digest(part);
        }
    }
}

impl State {
    fn digest(&self, part: &mut dyn FnMut(&[u8])) {
        let mut texts = |list: &mut dyn Iterator<Item = &str>, n: usize| {
            part(&(n as u32).to_le_bytes());
            for t in list {
                part(t.as_bytes());
                part(b"\0");
            }
        };
        texts(
            &mut self.listening.iter().map(String::as_str),
            self.listening.len(),
        );
        let changes: Vec<String> = self
            .pending
            .iter()
            .map(|c| match c {
                Change::Listen(c) => format!("L{c}"),
                Change::Unlisten(Some(c)) => format!("U{c}"),
                Change::Unlisten(None) => "*".into(),
            })
            .collect();
        texts(&mut changes.iter().map(String::as_str), changes.len());
        let mut queued = self
            .queued
            .iter()
            .flat_map(|(c, p)| [c.as_str(), p.as_str()]);
        texts(&mut queued, self.queued.len());
        for list in [&self.held, &self.delivered] {
            let mut notes = list
                .iter()
                .flat_map(|n| [n.channel.as_str(), n.payload.as_str(), n.from.as_str()]);
            texts(&mut notes, list.len());
        }
    }
}

impl Lab {
    /// LISTEN or UNLISTEN by session `s`: at once, or at its transaction's commit.
    pub(super) fn listen(&mut self, s: usize, change: Change) -> Finished {
        let in_block = self.sessions[s].txn.is_some();
        let state = self.sessions[s].notifications.state();
        if in_block {
            state.pending.push(change);
        } else {
            state.apply(change);
        }
        ok(Success::default(), Vec::new())
    }

    /// NOTIFY; `column` when called as `SELECT pg_notify(...)`, whose one row holds nothing.
    pub(super) fn notify(
        &mut self,
        s: usize,
        (channel, payload): (String, String),
        column: Option<String>,
    ) -> Finished {
        if payload.len() >= PAYLOAD_LIMIT {
            return self.fail_with(
                s,
                StepError::other("22023", "payload string too long".into()),
            );
        }
        if self.sessions[s].txn.is_some() {
            let queued = &mut self.sessions[s].notifications.state().queued;
            if !queued.iter().any(|(c, p)| *c == channel && *p == payload) {
                queued.push((channel, payload));
            }
        } else {
            self.send(s, vec![(channel, payload)]);
        }
        let result = match column {
            Some(c) => Success {
                columns: Some(vec![c]),
                rows: vec![vec![Value::Text(String::new())]],
                ..Success::default()
            },
            None => Success::default(),
        };
        ok(result, Vec::new())
    }

    /// At the commit of session `s`'s transaction: its LISTEN and UNLISTEN take effect, then
    /// its notifications go out.
    pub(super) fn commit_notifications(&mut self, s: usize) {
        let Some(state) = self.sessions[s].notifications.existing() else {
            return;
        };
        for change in std::mem::take(&mut state.pending) {
            state.apply(change);
        }
        let queued = std::mem::take(&mut state.queued);
        self.send(s, queued);
    }

    /// When session `s`'s transaction ends, committed or not: what it had not committed is
    /// gone, and what was held for it reaches its client.
    pub(super) fn end_notifications(&mut self, s: usize) {
        let Some(state) = self.sessions[s].notifications.existing() else {
            return;
        };
        state.pending.clear();
        state.queued.clear();
        let held = std::mem::take(&mut state.held);
        state.delivered.extend(held);
    }

    /// What reached session `s`'s client since the last call, in the order it arrived.
    pub fn take_notifications(&mut self, s: usize) -> Vec<Notification> {
        self.sessions
            .get_mut(s)
            .and_then(|x| x.notifications.existing())
            .map(|state| std::mem::take(&mut state.delivered))
            .unwrap_or_default()
    }

    fn send(&mut self, from: usize, notes: Vec<(String, String)>) {
        let sender = self.sessions[from].name.clone();
        for (channel, payload) in notes {
            for listener in &mut self.sessions {
                if !listener.notifications.listens(&channel) {
                    continue;
                }
                let n = Notification {
                    channel: channel.clone(),
                    payload: payload.clone(),
                    from: sender.clone(),
                };
                let state = listener.notifications.state();
                if listener.txn.is_some() {
                    state.held.push(n);
                } else {
                    state.delivered.push(n);
                }
            }
        }
    }
}
