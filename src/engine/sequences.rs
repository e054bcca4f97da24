//! PostgreSQL's sequences: those of serial and identity columns and those of `CREATE
//! SEQUENCE`. A sequence stands outside every transaction, as on the server: a rolled-back
//! insert leaves a gap, a row that ON CONFLICT DO NOTHING skips has used its value all the
//! same, an explicit id does not move the sequence on (so a later default id can collide
//! with it), and `setval` stays when its transaction rolls back.
//!
//! The SQLite functions the planner writes (`dialect::postgres::sequences`) call these; the
//! store registers them. A statement that waits and tries again is given the values of its
//! earlier try first: the server computes a row's defaults once, before it waits, and never
//! draws them again. `currval` and `lastval` are each session's own.

pub use crate::dialect::catalog::{SequenceDef, NEXTVAL_FN};
use crate::dialect::postgres::int_values::SERVER_ERROR;
use crate::vec_map::VecMap;
use std::collections::VecDeque;
use std::fmt::Write;

/// Values one try of a statement drew, in order, by sequence name.
pub type Draws = Vec<(String, i64)>;

/// One sequence: what it is and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Counter {
    def: SequenceDef,
    /// The value last given (or set); before the first `nextval`, the start.
    last: i64,
    /// Whether `last` was given: the next value is one step past it, else `last` itself.
    called: bool,
}

impl Counter {
    fn new(def: SequenceDef) -> Counter {
        Counter {
            last: def.start,
            called: false,
            def,
        }
    }

    /// The next value, as PostgreSQL's `nextval` computes it (a CYCLE sequence wraps).
    fn next(&self) -> Result<i64, String> {
        if !self.called {
            return Ok(self.last);
        }
        let d = &self.def;
        let stepped = self
            .last
            .checked_add(d.increment)
            .filter(|v| (d.min..=d.max).contains(v));
        match stepped {
            Some(v) => Ok(v),
            None if d.cycle && d.increment > 0 => Ok(d.min),
            None if d.cycle => Ok(d.max),
            None => {
                let (which, bound) = if d.increment > 0 {
                    ("maximum", d.max)
                } else {
                    ("minimum", d.min)
                };
                Err(server_error(
                    "2200H",
                    format!(
                        "nextval: reached {which} value of sequence \"{}\" ({bound})",
                        d.name
                    ),
                ))
            }
        }
    }
}

/// The error text the engine reads back as the server's (`engine::errors`).
fn server_error(code: &str, message: String) -> String {
    format!("{SERVER_ERROR}{code} {message}")
}

/// Everything a checkpoint keeps and the fingerprint hashes: every sequence where it stands,
/// and each session's `currval` and `lastval`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SequenceState {
    counters: VecMap<String, Counter>,
    /// `currval`: the value each session last drew from each sequence.
    current: VecMap<(usize, String), i64>,
    /// `lastval`: the sequence each session last drew from.
    last_used: VecMap<usize, String>,
}

impl SequenceState {
    /// Each sequence as the pictures say it: `ring_seq: last 2, next 3`, or `jobs_id_seq:
    /// next 1` before its first value; named with its schema when `schema` gives one
    /// (`pgmq.q_tasks_msg_id_seq`), as the table it serves is.
    pub fn labels(&self, schema: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
        self.counters
            .iter()
            .map(|(name, c)| (schema(name).map_or(String::new(), |s| s + "."), name, c))
            .map(|(schema, name, c)| match (c.called, c.next()) {
                (true, Ok(next)) => format!("{schema}{name}: last {}, next {next}", c.last),
                (true, Err(_)) => format!("{schema}{name}: last {}, at its end", c.last),
                (false, _) => format!("{schema}{name}: next {}", c.last),
            })
            .collect()
    }

    /// Writes where every sequence stands and what each session last drew, for the
    /// simulator's fingerprint.
    pub fn digest(&self, out: &mut dyn Write) -> std::fmt::Result {
        for (name, c) in self.counters.iter() {
            write!(out, "{name}={}{};", c.last, if c.called { "+" } else { "" })?;
        }
        for ((s, name), v) in self.current.iter() {
            write!(out, "{s}.{name}={v};")?;
        }
        for (s, name) in self.last_used.iter() {
            write!(out, "{s}:{name};")?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sequences {
    state: SequenceState,
    /// The session whose statement is running (`currval` and `lastval` are per session).
    session: usize,
    /// What the running statement drew on its earlier try, given again first.
    again: VecDeque<(String, i64)>,
    /// What the running statement has drawn on this try.
    drawn: Draws,
}

impl Sequences {
    /// The catalog's sequences now: a new one starts afresh, a dropped one is forgotten
    /// (with each session's `currval` of it), the others keep their place.
    pub fn define(&mut self, defs: Vec<SequenceDef>) {
        let state = &mut self.state;
        let mut counters = VecMap::new();
        for def in defs {
            let counter = match state.counters.remove(&def.name) {
                Some(c) if c.def == def => c,
                _ => Counter::new(def),
            };
            counters.insert(counter.def.name.clone(), counter);
        }
        state
            .current
            .retain(|(_, name), _| counters.contains_key(name));
        state.counters = counters;
    }

    /// `nextval(name)`: the earlier try's value, or the sequence's next.
    pub fn next(&mut self, name: &str) -> Result<i64, String> {
        let value = match self.again.front() {
            Some((n, v)) if n == name => {
                let v = *v;
                self.again.pop_front();
                v
            }
            _ => {
                let counter = self
                    .state
                    .counters
                    .get_or_insert_with(name.to_string(), || {
                        Counter::new(SequenceDef::counting(name, i64::MAX))
                    });
                let v = counter.next()?;
                counter.last = v;
                counter.called = true;
                v
            }
        };
        self.drawn.push((name.to_string(), value));
        self.state
            .current
            .insert((self.session, name.to_string()), value);
        self.state.last_used.insert(self.session, name.to_string());
        Ok(value)
    }

    /// `currval(name)`: what this session's last `nextval(name)` gave.
    pub fn current(&self, name: &str) -> Result<i64, String> {
        self.state
            .current
            .get(&(self.session, name.to_string()))
            .copied()
            .ok_or_else(|| {
                server_error(
                    "55000",
                    format!("currval of sequence \"{name}\" is not yet defined in this session"),
                )
            })
    }

    /// `lastval()`: what this session's last `nextval` gave, of whatever sequence.
    pub fn last(&self) -> Result<i64, String> {
        self.state
            .last_used
            .get(&self.session)
            .and_then(|name| self.state.current.get(&(self.session, name.clone())))
            .copied()
            .ok_or_else(|| {
                server_error("55000", "lastval is not yet defined in this session".into())
            })
    }

    /// `setval(name, value, called)`: the sequence is put at `value`; its next value is one
    /// step past it when `called`, else `value` itself. A called setval is also this
    /// session's `currval`, as on the server.
    pub fn set(&mut self, name: &str, value: i64, called: bool) -> Result<i64, String> {
        let Some(counter) = self.state.counters.get_mut(name) else {
            return Err(server_error(
                "42P01",
                format!("relation \"{name}\" does not exist"),
            ));
        };
        let d = &counter.def;
        if !(d.min..=d.max).contains(&value) {
            return Err(server_error(
                "22003",
                format!(
                    "setval: value {value} is out of bounds for sequence \"{name}\" ({}..{})",
                    d.min, d.max
                ),
            ));
        }
        counter.last = value;
        counter.called = called;
        if called {
            self.state
                .current
                .insert((self.session, name.to_string()), value);
            self.state.last_used.insert(self.session, name.to_string());
        }
        Ok(value)
    }

    /// A statement of `session` begins a try: `again` is what its earlier try drew (empty on
    /// the first).
    pub fn start_try(&mut self, session: usize, again: Draws) {
        self.session = session;
        self.again = again.into();
        self.drawn.clear();
    }

    /// How many values the running try has drawn so far (a mark for [`Sequences::give_back`]).
    pub fn drawn_count(&self) -> usize {
        self.drawn.len()
    }

    /// The values drawn since `mark` are given again, first, to the next calls: the engine
    /// computed an INSERT's rows to look ahead (its keys, its row count), and the statement
    /// itself must get the very values the look-ahead saw, as the server draws them once.
    pub fn give_back(&mut self, mark: usize) {
        let since = self.drawn.split_off(mark.min(self.drawn.len()));
        for v in since.into_iter().rev() {
            self.again.push_front(v);
        }
    }

    /// The try ended: what it drew, and what a look-ahead drew that it did not take yet, for
    /// the next try if it waits.
    pub fn end_try(&mut self) -> Draws {
        let mut draws = std::mem::take(&mut self.drawn);
        draws.extend(self.again.drain(..));
        draws
    }

    /// Where every sequence stands: a checkpoint keeps it, the fingerprint hashes it.
    pub fn state(&self) -> &SequenceState {
        &self.state
    }

    pub fn set_state(&mut self, state: SequenceState) {
        self.state = state;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(name: &str, max: i64) -> SequenceDef {
        SequenceDef {
            max,
            cycle: true,
            ..SequenceDef::counting(name, max)
        }
    }

    #[test]
    fn each_sequence_counts_on_its_own_and_a_second_try_gets_the_first_tries_values() {
        let mut s = Sequences::default();
        s.start_try(0, Vec::new());
        assert_eq!(s.next("a"), Ok(1));
        assert_eq!(s.next("a"), Ok(2));
        assert_eq!(s.next("b"), Ok(1));
        let first = s.end_try();
        assert_eq!(first.len(), 3);
        // Another statement draws meanwhile; the waiter's retry gets its own values again,
        // then new ones past everything given.
        s.start_try(1, Vec::new());
        assert_eq!(s.next("a"), Ok(3));
        s.end_try();
        s.start_try(0, first);
        assert_eq!(s.next("a"), Ok(1));
        assert_eq!(s.next("a"), Ok(2));
        assert_eq!(s.next("b"), Ok(1));
        assert_eq!(s.next("a"), Ok(4));
        assert_eq!(s.end_try().len(), 4);
    }

    #[test]
    fn a_look_ahead_gives_its_values_back_to_the_statement() {
        let mut s = Sequences::default();
        s.start_try(0, Vec::new());
        let mark = s.drawn_count();
        assert_eq!(s.next("a"), Ok(1));
        s.give_back(mark);
        // A second look-ahead, then the statement: the same value each time.
        let mark = s.drawn_count();
        assert_eq!(s.next("a"), Ok(1));
        s.give_back(mark);
        // The statement waits before it runs: its retry gets the value too.
        let draws = s.end_try();
        assert_eq!(draws, vec![("a".to_string(), 1)]);
        s.start_try(0, draws);
        assert_eq!(s.next("a"), Ok(1));
        assert_eq!(s.next("a"), Ok(2));
    }

    #[test]
    fn a_sequence_at_its_end_says_so_and_a_cycle_wraps() {
        let mut s = Sequences::default();
        s.define(vec![SequenceDef::counting("q", 2), ring("r", 2)]);
        s.start_try(0, Vec::new());
        assert_eq!(s.next("q"), Ok(1));
        assert_eq!(s.next("q"), Ok(2));
        let e = s.next("q").err().unwrap_or_default();
        assert!(
            e.contains("2200H nextval: reached maximum value of sequence \"q\" (2)"),
            "{e}"
        );
        let drawn: Vec<i64> = (0..5).filter_map(|_| s.next("r").ok()).collect();
        assert_eq!(drawn, [1, 2, 1, 2, 1]);
    }

    #[test]
    fn the_pictures_say_where_each_sequence_stands() {
        let mut s = Sequences::default();
        s.define(vec![SequenceDef::counting("a", 2), ring("r", 2)]);
        s.start_try(0, Vec::new());
        assert_eq!(s.state().labels(&|_| None), ["a: next 1", "r: next 1"]);
        let _ = (s.next("a"), s.next("a"), s.next("r"), s.next("r"));
        assert_eq!(
            s.state().labels(&|_| None),
            ["a: last 2, at its end", "r: last 2, next 1"]
        );
    }

    #[test]
    fn currval_and_lastval_are_each_sessions_own() {
        let mut s = Sequences::default();
        s.define(vec![SequenceDef::counting("q", 100)]);
        s.start_try(0, Vec::new());
        assert!(s
            .current("q")
            .is_err_and(|e| e.contains("55000 currval of sequence \"q\"")));
        assert!(s
            .last()
            .is_err_and(|e| e.contains("55000 lastval is not yet defined")));
        assert_eq!(s.next("q"), Ok(1));
        s.start_try(1, Vec::new());
        assert_eq!(s.next("q"), Ok(2));
        s.start_try(0, Vec::new());
        assert_eq!(s.current("q"), Ok(1));
        assert_eq!(s.last(), Ok(1));
    }

    #[test]
    fn setval_moves_the_sequence_within_its_bounds() {
        let mut s = Sequences::default();
        s.define(vec![SequenceDef::counting("q", 10)]);
        s.start_try(0, Vec::new());
        assert_eq!(s.set("q", 5, true), Ok(5));
        assert_eq!(s.next("q"), Ok(6));
        assert_eq!(s.set("q", 5, false), Ok(5));
        assert_eq!(s.next("q"), Ok(5));
        let e = s.set("q", 11, true).err().unwrap_or_default();
        assert!(
            e.contains("22003 setval: value 11 is out of bounds for sequence \"q\" (1..10)"),
            "{e}"
        );
    }

    #[test]
    fn a_dropped_sequence_made_again_starts_afresh() {
        let mut s = Sequences::default();
        s.define(vec![SequenceDef::counting("q", 10)]);
        s.start_try(0, Vec::new());
        assert_eq!(s.next("q"), Ok(1));
        s.define(Vec::new());
        assert!(s.current("q").is_err());
        s.define(vec![SequenceDef::counting("q", 10)]);
        assert_eq!(s.next("q"), Ok(1));
    }
}
