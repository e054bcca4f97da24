//! Who waits for whom, and the deadlocks that makes. A waiting transaction has edges to the
//! transactions holding what it asked for; a cycle is a deadlock, found the moment the edge
//! that closes it is added.

use super::locks::TxnId;
use crate::vec_map::VecMap;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct WaitGraph {
    /// Each waiter's blockers, ascending, each once (a `BTreeSet` type compiles its own
    /// tree code into the download).
    edges: VecMap<TxnId, Vec<TxnId>>,
}

impl WaitGraph {
    /// `waiter` now waits for `blockers`. Returns the cycle this closes, if any, starting
    /// and ending at `waiter` (e.g. `[1, 2, 1]`).
    pub fn wait(&mut self, waiter: TxnId, blockers: &[TxnId]) -> Option<Vec<TxnId>> {
        let mine = self.edges.get_or_insert_with(waiter, Default::default);
        for b in blockers {
            if let Err(at) = mine.binary_search(b) {
                mine.insert(at, *b);
            }
        }
        self.cycle_through(waiter)
    }

    /// `txn` waits for nothing any more (granted, or it ended).
    pub fn stop_waiting(&mut self, txn: TxnId) {
        self.edges.remove(&txn);
    }

    /// `txn` ended: nobody waits for it any more either.
    pub fn forget(&mut self, txn: TxnId) {
        self.edges.remove(&txn);
        for b in self.edges.values_mut() {
            b.retain(|x| *x != txn);
        }
        self.edges.retain(|_, b| !b.is_empty());
    }

    pub fn blockers_of(&self, txn: TxnId) -> Vec<TxnId> {
        self.edges.get(&txn).map(|b| b.to_vec()).unwrap_or_default()
    }

    /// Every edge, waiter first: what the "who waits for whom" picture draws.
    pub fn edges(&self) -> Vec<(TxnId, TxnId)> {
        self.edges
            .iter()
            .flat_map(|(w, bs)| bs.iter().map(move |b| (*w, *b)))
            .collect()
    }

    /// A path from `start` back to itself, trying blockers in ascending order.
    pub fn cycle_through(&self, start: TxnId) -> Option<Vec<TxnId>> {
        let mut path = vec![start];
        let mut seen = Vec::new();
        self.search(start, start, &mut path, &mut seen)
            .then_some(path)
    }

    fn search(
        &self,
        start: TxnId,
        at: TxnId,
        path: &mut Vec<TxnId>,
        seen: &mut Vec<TxnId>,
    ) -> bool {
        for &next in self.edges.get(&at).into_iter().flatten() {
            if next == start {
                path.push(start);
                return true;
            }
            if !seen.contains(&next) {
                seen.push(next);
                path.push(next);
                if self.search(start, next, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_way_deadlock_is_found_by_the_closing_wait() {
        let mut g = WaitGraph::default();
        assert_eq!(g.wait(1, &[2]), None);
        assert_eq!(g.wait(2, &[1]), Some(vec![2, 1, 2]));
    }

    #[test]
    fn three_way_cycle_and_a_bystander() {
        let mut g = WaitGraph::default();
        assert_eq!(g.wait(4, &[1]), None);
        assert_eq!(g.wait(1, &[2]), None);
        assert_eq!(g.wait(2, &[3]), None);
        assert_eq!(g.wait(3, &[1]), Some(vec![3, 1, 2, 3]));
        assert_eq!(g.cycle_through(4), None);
    }

    #[test]
    fn ending_a_transaction_removes_its_edges() {
        let mut g = WaitGraph::default();
        g.wait(1, &[2, 3]);
        g.wait(4, &[2]);
        g.forget(2);
        assert_eq!(g.edges(), [(1, 3)]);
        g.stop_waiting(1);
        assert!(g.edges().is_empty());
        assert_eq!(g.wait(3, &[1]), None);
    }
}
