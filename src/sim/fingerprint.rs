//! [`Sim::fingerprint`]: a hash of everything that decides what can happen next, so that a
//! search can tell it has reached a state before (by another order of steps) and not explore
//! it again.
//!
//! What goes in, and why:
//! - every table's rows with their rowids, and the catalog: what statements read and plan on;
//! - the lock table, holders named by session: who blocks whom; and the PostgreSQL table
//!   locks each session's transaction holds;
//! - per session: its transaction (isolation, explicit or autocommit, aborted), the isolation
//!   its next transaction takes, where it is in its steps (the next step, the step it is
//!   inside and what that step has left, its T-SQL interpreter), the statement it waits with
//!   (plan, blockers by session, what it keeps for the retry), its MySQL user variables
//!   (what its next statements read), MySQL's autocommit and LAST_INSERT_ID(), the
//!   PostgreSQL advisory locks it holds, the names of the indexes its open transaction block
//!   created, and the results of its steps so far, in its own
//!   order (what checks read);
//! - the row changes that some live view may still have to undo: those of open transactions,
//!   and those committed after the oldest live snapshot, with, for each live snapshot, which
//!   of those commits it does not see;
//! - PostgreSQL's heap order, where a step may read rows in it (`Sim::heap_read`; else two
//!   states that differ only there have one future): each table's rows are fed in the order
//!   their versions stand, and for each change in the history how many rows stand before
//!   the place it would put its row back in (not the places' own numbers, which differ
//!   between runs alike);
//! - the order in which waiting statements will be retried, the scenario clock, the NEWID()
//!   sequence, where every sequence stands (and each session's currval), and whether an invalid permutation ended the run.
//!
//! Transactions are named by (session, how many transactions that session began before):
//! the engine numbers them in the order they began, which two orders of independent steps
//! do not share. Commit numbers are left out for the same reason; only which commits each
//! snapshot misses counts. Which session finished a step first is left out too: checks that
//! read the order across sessions (ordered-results) keep their own state.
//!
//! The hash is FNV-1a over the values' derived `Hash` (never their `Debug` text, whose code
//! would be carried into the browser download), with integers and lengths as fixed-width
//! little-endian bytes: the same on native and wasm.

use super::{program::Work, Sim};
use crate::engine::locks::{Structure, TxnId};
use crate::engine::txn::TxnState;
use crate::trace::{Outcome, Value};
use crate::vec_map::VecMap;
use std::fmt::Write;
use std::hash::{Hash, Hasher};

impl Sim {
    pub fn fingerprint(&self) -> u64 {
        let mut h = Fnv::default();
        let lab = &self.lab;
        let names = canonical_txns(self);
        let name = |t: TxnId| names.get(&t).copied().unwrap_or((u32::MAX, u32::MAX));
        let _ = lab.store.digest_tables(self.heap_read, &mut |b| h.bytes(b));
        h.int(self.catalog_digest() as i64);
        // Written with bytes and integers, not `write!`: formatting costs more than hashing.
        for (row, holders) in lab.locks.all() {
            h.bytes(b"L");
            h.bytes(row.table.as_bytes());
            h.int(row.rowid);
            for (t, mode) in holders {
                let (session, nth) = name(*t);
                h.int(i64::from(session) << 32 | i64::from(nth));
                h.int(*mode as i64);
            }
        }
        for g in lab.locks.gaps() {
            h.bytes(b"G");
            h.bytes(g.table.as_bytes());
            h.int(g.index as i64);
            let (session, nth) = name(g.txn);
            h.int(i64::from(session) << 32 | i64::from(nth));
            for bound in [&g.low, &g.high] {
                h.bytes(b"|");
                for v in bound.iter().flatten() {
                    v.hash(&mut h);
                }
            }
            if let Some(rowid) = g.record {
                h.bytes(b"R");
                h.int(rowid);
            }
        }
        for (t, table, structure) in lab.locks.structures() {
            h.bytes(b"N");
            h.bytes(table.as_bytes());
            let (session, nth) = name(*t);
            h.int(i64::from(session) << 32 | i64::from(nth));
            h.int(match structure {
                Structure::Table(mode) => *mode as i64,
                Structure::Rows(mode, next_key) => 32 + *mode as i64 * 2 + i64::from(*next_key),
                Structure::Entries(index) => 64 + *index as i64,
                Structure::Entry(index) => 96 + *index as i64,
                Structure::Gap(index) => 128 + *index as i64,
            });
        }
        for (i, s) in lab.sessions.iter().enumerate() {
            h.bytes(b"S");
            h.int(i as i64);
            h.int(s.default_isolation as i64);
            h.int(s.next_isolation.map_or(-1, |x| x as i64));
            h.int(i64::from(s.aborted));
            if let Some(t) = s.txn {
                lab.table_locks.each_held(t, &mut |table, mode| {
                    h.bytes(b"T");
                    h.bytes(table.as_bytes());
                    h.int(mode as i64);
                });
            }
            if !s.vars.is_empty() {
                h.bytes(b"V");
                s.vars.hash(&mut h);
            }
            if !s.autocommit {
                h.bytes(b"M");
            }
            if s.default_read_only {
                h.bytes(b"R");
            }
            if let Some(ro) = s.next_read_only {
                h.bytes(if ro { b"N1" } else { b"N0" });
            }
            if s.last_insert_id != 0 {
                h.bytes(b"I");
                h.int(s.last_insert_id);
            }
            if s.row_count != 0 {
                h.bytes(b"C");
                h.int(s.row_count);
            }
            if !s.advisory.is_empty() {
                h.bytes(b"A");
                s.advisory.hash(&mut h);
            }
            // Names only: a name's statement is its session's text, the same in every schedule.
            for (name, _) in s.prepared.iter() {
                h.bytes(b"Q");
                h.bytes(name.as_bytes());
            }
            if !s.savepoints.is_empty() {
                h.bytes(b"P");
                s.savepoints.hash(&mut h);
            }
            if !s.pending_indexes.is_empty() {
                h.bytes(b"X");
                s.pending_indexes.hash(&mut h);
            }
            if !s.notifications.is_quiet() {
                h.bytes(b"N");
                s.notifications.digest(&mut |part| h.bytes(part));
            }
            if s.wait_limits != Default::default() {
                h.bytes(b"T");
                s.wait_limits.hash(&mut h);
            }
            if let Some(t) = s.txn.and_then(|t| lab.txns.get(t)) {
                h.bytes(b"X");
                h.int(t.isolation as i64);
                h.int(i64::from(t.explicit));
                h.int(i64::from(t.read_only) << 1 | i64::from(t.queried));
            }
            if let Some(w) = &s.waiting {
                let blockers: Vec<_> = w.blockers.iter().map(|t| name(*t)).collect();
                h.bytes(b"W");
                (&w.plan.sqlite, blockers).hash(&mut h);
                let r = &w.resume;
                (
                    &r.refreshed,
                    &r.candidates,
                    &r.source,
                    r.serializable_writes,
                )
                    .hash(&mut h);
                if let Some(v) = &r.init_values {
                    h.bytes(b"I");
                    v.hash(&mut h);
                }
                if let Some(a) = &r.advisory {
                    h.bytes(b"A");
                    (&w.plan.advisory, a).hash(&mut h);
                }
                if r.read_waited {
                    h.bytes(b"R");
                }
                if !r.reached.is_empty() {
                    h.bytes(b"M");
                    r.reached.hash(&mut h);
                }
                if r.changed_before_wait > 0 {
                    h.bytes(b"C");
                    h.int(i64::from(r.changed_before_wait));
                }
                if !r.draws.is_empty() {
                    h.bytes(b"D");
                    r.draws.hash(&mut h);
                }
                if let Some(first) = r.auto_first {
                    h.bytes(b"A");
                    h.int(first);
                }
                if let Some(snap) = r.snapshot {
                    unseen(self, snap, &name).hash(&mut h);
                }
            }
        }
        self.hash_history(&mut h, &name);
        for (i, seat) in self.seats.iter().enumerate() {
            h.bytes(b"P");
            h.int(i as i64);
            h.int(i64::from(seat.next));
            if let Some((step, work)) = &seat.inside {
                h.bytes(b"I");
                h.int(i64::from(*step));
                hash_work(&mut h, work);
            }
            if let Some(w) = &seat.waiting {
                h.bytes(b"W");
                (w.step, w.left).hash(&mut h);
                hash_work(&mut h, &w.work);
            }
            if lab.dialect.procedural_batches() {
                seat.interp.digest(&mut h);
            }
            let mine = &self.spec.sessions[i].name;
            for e in self.events.iter().filter(|e| &e.session == mine) {
                h.bytes(b"E");
                h.bytes(e.step.as_bytes());
                h.bytes(e.kind.as_str().as_bytes());
                if let Some(o) = &e.outcome {
                    hash_outcome(&mut h, o);
                }
            }
        }
        h.bytes(b"O");
        // One by one: a slice of usize hashes as its raw memory, 4 bytes a number on wasm32.
        h.write_usize(lab.wait_order().len());
        for s in lab.wait_order() {
            h.int(*s as i64);
        }
        h.int(lab.clock.now);
        h.int(lab.store.newids_given() as i64);
        // Sequences outlive rollbacks: two states alike but for them give other ids next
        // (and each session's currval).
        let _ = lab.store.sequence_state().digest(&mut h);
        h.int(self.over as i64);
        h.0
    }

    /// The catalog's digest, computed once per catalog: a DDL statement makes a new one, and
    /// marks share it until then.
    fn catalog_digest(&self) -> u64 {
        let mut cache = self.catalog_digest.borrow_mut();
        if let Some((c, d)) = cache.as_ref() {
            if std::sync::Arc::ptr_eq(c, &self.lab.catalog) {
                return *d;
            }
        }
        let mut h = Fnv::default();
        self.lab.catalog.digest(&mut h);
        let d = h.finish();
        *cache = Some((self.lab.catalog.clone(), d));
        d
    }

    /// The row changes a live view may still undo (see the module's doc), and for each live
    /// snapshot the commits it does not see.
    fn hash_history(&self, h: &mut Fnv, name: &dyn Fn(TxnId) -> (u32, u32)) {
        let lab = &self.lab;
        let snapshots: Vec<u64> = lab.live_snapshots().collect();
        let oldest = snapshots.iter().min().copied();
        let mut replaced = Vec::new();
        for (t, change) in &lab.history {
            let keep = match lab.txns.get(*t).map(|x| x.state) {
                Some(TxnState::Active) => true,
                Some(TxnState::Committed(n)) => oldest.is_some_and(|o| n > o),
                _ => false,
            };
            if keep {
                let (session, nth) = name(*t);
                h.bytes(b"H");
                h.int(i64::from(session));
                h.int(i64::from(nth));
                hash_change(h, change);
                replaced.push((change.table.as_str(), change.heap_place));
            }
        }
        if self.heap_read {
            let heap = lab.store.heap();
            for (table, place) in replaced {
                h.int(heap.rows_before(table, place));
            }
        }
        for snap in snapshots {
            h.bytes(b"V");
            unseen(self, snap, name).hash(h);
        }
    }
}

/// The commits a snapshot taken at commit count `snap` does not see, by canonical name.
fn unseen(sim: &Sim, snap: u64, name: &dyn Fn(TxnId) -> (u32, u32)) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = sim
        .lab
        .txns
        .all()
        .filter(|(_, t)| matches!(t.state, TxnState::Committed(n) if n > snap))
        .map(|(id, _)| name(id))
        .collect();
    crate::sort::sort(&mut out);
    out
}

/// Each transaction's (session, how many that session began before it).
fn canonical_txns(sim: &Sim) -> VecMap<TxnId, (u32, u32)> {
    let mut per_session: VecMap<usize, u32> = VecMap::new();
    let mut names = VecMap::new();
    for (id, t) in sim.lab.txns.all() {
        let n = per_session.get_or_insert_with(t.session, Default::default);
        names.insert(id, (t.session as u32, *n));
        *n += 1;
    }
    names
}

fn hash_work(h: &mut Fnv, work: &Work) {
    match work {
        Work::Plans { left, last, .. } => {
            let _ = write!(h, "p{}", left.len());
            hash_outcome(h, last);
        }
        Work::Statements { left, last } => {
            let _ = write!(h, "s{}", left.len());
            hash_outcome(h, last);
        }
        Work::Tsql { batches, shown } => {
            let _ = write!(h, "t{}", batches.len());
            if let Some(o) = shown {
                hash_outcome(h, o);
            }
        }
    }
}

/// A step's result, hashed field by field (its debug text would cost more than the rest of
/// the fingerprint).
fn hash_outcome(h: &mut Fnv, o: &Outcome) {
    match o {
        Outcome::Ok(s) => {
            h.bytes(b"ok");
            h.int(s.affected.map_or(-1, |n| n as i64));
            if let Some(info) = &s.info {
                h.bytes(info.as_bytes());
            }
            h.int(s.warnings as i64);
            h.int(i64::from(s.quiet));
            h.int(s.columns.as_ref().map_or(-1, |c| c.len() as i64));
            for c in s.columns.iter().flatten() {
                h.bytes(c.as_bytes());
                h.bytes(b",");
            }
            for row in &s.rows {
                h.bytes(b"R");
                for v in row {
                    hash_value(h, v);
                }
            }
        }
        Outcome::Error(e) => {
            h.bytes(b"err");
            h.bytes(e.class.as_str().as_bytes());
            h.bytes(e.native.as_bytes());
            h.bytes(e.message.as_bytes());
        }
    }
}

/// A row change, field by field (see `hash_outcome`).
fn hash_change(h: &mut Fnv, c: &crate::engine::store::RowChange) {
    h.bytes(c.table.as_bytes());
    h.bytes(match c.kind {
        crate::ids::ChangeKind::Insert => b"+",
        crate::ids::ChangeKind::Update => b"~",
        crate::ids::ChangeKind::Delete => b"-",
    });
    h.int(c.old_rowid);
    h.int(c.new_rowid);
    for v in c.old.iter().chain(&c.new) {
        hash_value(h, v);
    }
    h.int(c.old.len() as i64);
}

fn hash_value(h: &mut Fnv, v: &Value) {
    match v {
        Value::Null => h.bytes(b"n"),
        Value::Int(i) => {
            h.bytes(b"i");
            h.int(*i);
        }
        Value::Real(r) => {
            h.bytes(b"r");
            h.int(r.to_bits() as i64);
        }
        Value::Text(t) => {
            h.bytes(b"t");
            h.int(t.len() as i64);
            h.bytes(t.as_bytes());
        }
        Value::Blob(b) => {
            h.bytes(b"b");
            h.int(b.len() as i64);
            h.bytes(b);
        }
    }
}

/// FNV-1a, 64 bits: small, fixed, and the same on every platform. Write text into it with
/// `write!`, integers with [`Fnv::int`].
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub fn int(&mut self, v: i64) {
        self.bytes(&v.to_le_bytes());
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// As a [`Hasher`], so that derived `Hash` feeds it: sizes and lengths go in as 64 bits and
/// every integer little-endian, so that wasm32 and native hash alike. A slice or Vec of
/// `usize` escapes this (std hashes it as one `write` of its memory): hash those one by one.
impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        self.bytes(bytes)
    }

    fn write_u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes())
    }

    fn write_u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes())
    }

    fn write_u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes())
    }

    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64)
    }

    fn write_i64(&mut self, v: i64) {
        self.int(v)
    }

    fn write_isize(&mut self, v: isize) {
        self.int(v as i64)
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}
