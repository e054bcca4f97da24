//! PostgreSQL's sequences: where serial and identity columns get their values. A sequence
//! stands outside every transaction, as on the server: a rolled-back insert leaves a gap, a
//! row that ON CONFLICT DO NOTHING skips has used its value all the same, and an explicit id
//! does not move the sequence on (so a later default id can collide with it).
//!
//! The column's SQLite default calls [`NEXTVAL_FN`] (`dialect::ddl` writes it; the store
//! registers it over these). A statement
//! that waits and tries again is given the values of its earlier try first: the server
//! computes a row's defaults once, before it waits, and never draws them again.

pub use crate::dialect::catalog::NEXTVAL_FN;
use std::collections::{BTreeMap, VecDeque};

/// Values one try of a statement drew, in order, by sequence name.
pub type Draws = Vec<(String, i64)>;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sequences {
    /// The last value each sequence gave; a sequence not drawn from yet is absent.
    last: BTreeMap<String, i64>,
    /// What the running statement drew on its earlier try, given again first.
    again: VecDeque<(String, i64)>,
    /// What the running statement has drawn on this try.
    drawn: Draws,
}

impl Sequences {
    /// `nextval(name)`: the earlier try's value, or one past the sequence's last (1 first).
    pub fn next(&mut self, name: &str) -> Result<i64, String> {
        let value = match self.again.front() {
            Some((n, v)) if n == name => {
                let v = *v;
                self.again.pop_front();
                v
            }
            _ => {
                let last = self.last.get(name).copied().unwrap_or(0);
                let v = last.checked_add(1).ok_or_else(|| {
                    format!("nextval: reached maximum value of sequence \"{name}\" ({last})")
                })?;
                self.last.insert(name.to_string(), v);
                v
            }
        };
        self.drawn.push((name.to_string(), value));
        Ok(value)
    }

    /// A statement's try begins: `again` is what its earlier try drew (empty on the first).
    pub fn start_try(&mut self, again: Draws) {
        self.again = again.into();
        self.drawn.clear();
    }

    /// The try ended: what it drew, for the next try if it waits.
    pub fn end_try(&mut self) -> Draws {
        self.again.clear();
        std::mem::take(&mut self.drawn)
    }

    /// The last value of each sequence: a checkpoint keeps them, the fingerprint hashes them.
    pub fn last_values(&self) -> &BTreeMap<String, i64> {
        &self.last
    }

    pub fn set_last_values(&mut self, last: BTreeMap<String, i64>) {
        self.last = last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sequence_counts_on_its_own_and_a_second_try_gets_the_first_tries_values() {
        let mut s = Sequences::default();
        s.start_try(Vec::new());
        assert_eq!(s.next("a"), Ok(1));
        assert_eq!(s.next("a"), Ok(2));
        assert_eq!(s.next("b"), Ok(1));
        let first = s.end_try();
        assert_eq!(first.len(), 3);
        // Another statement draws meanwhile; the waiter's retry gets its own values again,
        // then new ones past everything given.
        s.start_try(Vec::new());
        assert_eq!(s.next("a"), Ok(3));
        s.end_try();
        s.start_try(first);
        assert_eq!(s.next("a"), Ok(1));
        assert_eq!(s.next("a"), Ok(2));
        assert_eq!(s.next("b"), Ok(1));
        assert_eq!(s.next("a"), Ok(4));
        assert_eq!(s.end_try().len(), 4);
    }

    #[test]
    fn a_sequence_at_its_end_says_so() {
        let mut s = Sequences::default();
        s.set_last_values([("q".to_string(), i64::MAX)].into());
        let e = s.next("q").expect_err("at the end");
        assert!(e.contains("reached maximum value of sequence \"q\""), "{e}");
    }
}
