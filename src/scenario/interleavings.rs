//! Every interleaving of the sessions' steps that keeps each session's own order, in
//! isolationtester's order (depth first, sessions tried in file order at each point), one at a
//! time: a 4 × 5 spec has 11,732,745,024 of them, so they are never all held.
//!
//! Trying sessions in file order depth first visits the sequences of session numbers in
//! lexicographic order, so the next interleaving is the next permutation of that sequence.

use super::schedule::{Choice, Schedule, SessionId, StepId};

/// The most interleavings `queuelab run` and `queuelab spec` spell out one by one; past it
/// they say so and ask for a permutation (the explorer counts schedules without running each).
pub const MAX_LISTED: u128 = 100_000;

/// An iterator over the interleavings of sessions with `sizes[i]` steps each.
#[derive(Debug, Clone)]
pub struct Interleavings {
    /// The session of each move of the current interleaving; `None` once all are given.
    order: Option<Vec<u32>>,
}

impl Interleavings {
    pub fn new(sizes: &[usize]) -> Interleavings {
        let order: Vec<u32> = sizes
            .iter()
            .enumerate()
            .flat_map(|(s, &n)| std::iter::repeat_n(s as u32, n))
            .collect();
        Interleavings {
            order: (!order.is_empty()).then_some(order),
        }
    }
}

impl Iterator for Interleavings {
    type Item = Schedule;

    fn next(&mut self) -> Option<Schedule> {
        let order = self.order.as_mut()?;
        let schedule = schedule_of(order);
        if !next_permutation(order) {
            self.order = None;
        }
        Some(schedule)
    }
}

/// How many interleavings sessions of these sizes have: the multinomial coefficient, or
/// `None` when it does not fit in 128 bits.
pub fn count(sizes: &[usize]) -> Option<u128> {
    if sizes.iter().all(|&n| n == 0) {
        return Some(0); // no steps: nothing to run, as the iterator gives nothing
    }
    let mut total: u128 = 0;
    let mut result: u128 = 1;
    for &n in sizes {
        for k in 1..=n as u128 {
            total += 1;
            // result * total / k stays whole at every point (it is a binomial product).
            result = result.checked_mul(total)? / k;
        }
    }
    Some(result)
}

/// The steps of a session sequence: the k-th move of a session runs its k-th step.
fn schedule_of(order: &[u32]) -> Schedule {
    let mut seen: Vec<u32> = Vec::new();
    Schedule(
        order
            .iter()
            .map(|&s| {
                let s_ix = s as usize;
                if seen.len() <= s_ix {
                    seen.resize(s_ix + 1, 0);
                }
                let index = seen[s_ix];
                seen[s_ix] += 1;
                Choice::whole(StepId {
                    session: SessionId(s),
                    index,
                })
            })
            .collect(),
    )
}

/// Rearranges `v` into the next sequence in lexicographic order; false when it was the last.
fn next_permutation(v: &mut [u32]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let pivot = i - 1;
    let Some(j) = (i..v.len()).rev().find(|&j| v[j] > v[pivot]) else {
        return false;
    };
    v.swap(pivot, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sessions(s: &Schedule) -> Vec<u32> {
        s.0.iter().map(|c| c.step.session.0).collect()
    }

    #[test]
    fn depth_first_in_file_order() {
        let all: Vec<Vec<u32>> = Interleavings::new(&[2, 1]).map(|s| sessions(&s)).collect();
        assert_eq!(all, [vec![0, 0, 1], vec![0, 1, 0], vec![1, 0, 0]]);
    }

    #[test]
    fn counts_match_the_multinomial() {
        assert_eq!(Interleavings::new(&[3, 3]).count(), 20);
        assert_eq!(count(&[3, 3]), Some(20));
        assert_eq!(Interleavings::new(&[4, 4, 4]).count(), 34_650);
        assert_eq!(count(&[4, 4, 4]), Some(34_650));
        assert_eq!(count(&[5, 5, 5, 5]), Some(11_732_745_024));
        assert_eq!(count(&[4, 4, 4, 4, 4]), Some(305_540_235_000));
        assert_eq!(count(&[]), Some(0));
        assert_eq!(Interleavings::new(&[]).count(), 0);
    }

    #[test]
    fn steps_keep_each_sessions_order() {
        for s in Interleavings::new(&[2, 3]) {
            let of_1: Vec<u32> =
                s.0.iter()
                    .filter(|c| c.step.session.0 == 1)
                    .map(|c| c.step.index)
                    .collect();
            assert_eq!(of_1, [0, 1, 2]);
        }
    }

    #[test]
    fn the_first_of_billions_comes_at_once() {
        let mut it = Interleavings::new(&[5, 5, 5, 5]);
        let first = it.next().map(|s| sessions(&s));
        assert_eq!(
            first,
            Some(vec![
                0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3
            ])
        );
        assert_eq!(
            it.next().map(|s| sessions(&s)),
            Some(vec![
                0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 2, 3, 3, 3, 3
            ])
        );
    }
}
