//! The depth-first search: every move from every state, each state explored once. Its
//! result is the graph of states (edges labelled with the move) and, for each state with no
//! move left, its [`Leaf`].

use super::leaf::{judge, Ending, Leaf};
use super::tracker::Tracker;
use super::{ExploreConfig, Granularity, Progress, Stopped};
use crate::scenario::expect::ExpectLine;
use crate::scenario::spec::Spec;
use crate::sim::fingerprint::Fnv;
use crate::sim::{Choice, Mark, SessionId, Sim};
use crate::vec_map::VecMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// A state of the search.
#[derive(Debug, Default)]
pub struct Node {
    /// The moves out of it and the states they lead to.
    pub edges: Vec<(Choice, u32)>,
    /// For a state with no move left.
    pub leaf: Option<Leaf>,
}

/// The explored graph. Node 0 is the start.
#[derive(Debug, Default)]
pub struct Graph {
    pub nodes: Vec<Node>,
    /// Every node after all the nodes it leads to (a reverse topological order).
    pub finished: Vec<u32>,
    /// What each distinct outcome looks like, by its key (few: a `VecMap`, whose code the
    /// download already holds, rather than one more hash table's).
    pub endings: VecMap<u64, Ending>,
    pub stopped: Option<Stopped>,
}

/// A state being explored: the moves out of it and the next one to try.
struct Frame {
    node: u32,
    moves: Vec<Choice>,
    next: usize,
}

struct Search<'a> {
    sim: Sim,
    checks: &'a [ExpectLine],
    config: ExploreConfig,
    graph: Graph,
    index: super::node_index::NodeIndex,
    /// Interleavings of the steps each session has left, for the progress share.
    total: f64,
    done: f64,
    /// The progress callback asked to stop.
    halted: bool,
    steps: Vec<u32>,
}

pub fn search(
    spec: Arc<Spec>,
    checks: &[ExpectLine],
    config: ExploreConfig,
) -> Result<Graph, String> {
    let sim = Sim::new(spec.clone(), config.sim.clone())
        .map_err(|e| format!("the scenario could not start: {}", e.message))?;
    let steps: Vec<u32> = spec.sessions.iter().map(|s| s.steps.len() as u32).collect();
    let mut s = Search {
        total: multinomial(&steps),
        done: 0.0,
        halted: false,
        steps,
        sim,
        checks,
        config,
        graph: Graph::default(),
        index: Default::default(),
    };
    s.run();
    Ok(s.graph)
}

impl Search<'_> {
    fn run(&mut self) {
        let mut tracker = Tracker::new(self.checks);
        let root = self.intern(&tracker).0;
        let Some(first) = self.open(root, &tracker) else {
            self.graph.finished.push(root);
            return;
        };
        let mut stack = vec![first];
        // One (mark, tracker) per frame above the first: how to go back to its parent.
        let mut back: Vec<(Mark, Tracker)> = Vec::new();
        while let Some(top) = stack.last_mut() {
            if top.next == top.moves.len() {
                let node = top.node;
                stack.pop();
                self.graph.finished.push(node);
                if let Some((mark, t)) = back.pop() {
                    self.decided();
                    self.sim.restore(mark);
                    tracker = t;
                }
                continue;
            }
            if let Some(why) = self.should_stop() {
                self.graph.stopped = Some(why);
                // The states being explored are finished as they are: deepest first.
                let open = stack.iter().rev().map(|f| f.node);
                self.graph.finished.extend(open);
                return;
            }
            let choice = top.moves[top.next];
            top.next += 1;
            let parent = top.node;
            let mark = self.sim.save();
            let before = tracker.clone();
            let out = self.sim.step(choice);
            tracker.observe(self.checks, &self.sim, &out.events);
            let (child, new) = self.intern(&tracker);
            self.graph.nodes[parent as usize]
                .edges
                .push((choice, child));
            let frame = if new {
                self.open(child, &tracker)
            } else {
                None
            };
            match frame {
                Some(f) => {
                    stack.push(f);
                    back.push((mark, before));
                }
                None => {
                    if new {
                        self.graph.finished.push(child);
                    }
                    self.decided();
                    self.sim.restore(mark);
                    tracker = before;
                }
            }
        }
    }

    /// The node of the present state, and whether it is new.
    fn intern(&mut self, tracker: &Tracker) -> (u32, bool) {
        let mut h = Fnv::default();
        h.int(self.sim.fingerprint() as i64);
        tracker.digest(&mut h);
        let key = h.finish();
        if let Some(n) = self.index.get(key) {
            return (n, false);
        }
        let n = self.graph.nodes.len() as u32;
        self.graph.nodes.push(Node::default());
        self.index.insert(key, n);
        if self
            .graph
            .nodes
            .len()
            .is_multiple_of(self.config.progress_every.max(1))
        {
            self.report_progress();
        }
        (n, true)
    }

    /// A frame for a new state with moves, or its leaf when it has none.
    fn open(&mut self, node: u32, tracker: &Tracker) -> Option<Frame> {
        let moves = self.moves();
        if moves.is_empty() {
            let (leaf, ending) = judge(&mut self.sim, self.checks, tracker);
            if let Some(e) = ending {
                self.graph.endings.get_or_insert_with(leaf.outcome, || e);
            }
            self.graph.nodes[node as usize].leaf = Some(leaf);
            return None;
        }
        Some(Frame {
            node,
            moves,
            next: 0,
        })
    }

    fn moves(&self) -> Vec<Choice> {
        self.sim
            .runnable()
            .into_iter()
            .filter_map(|s| self.sim.next_choice(s))
            .map(|c| match self.config.granularity {
                Granularity::Steps => c,
                Granularity::Statements => Choice {
                    statements: Some(1),
                    ..c
                },
            })
            .collect()
    }

    /// A branch below the present state is decided: its interleavings count as done.
    fn decided(&mut self) {
        let left: Vec<u32> = (0..self.steps.len())
            .map(|i| self.steps[i].saturating_sub(self.sim.steps_given(SessionId(i as u32))))
            .collect();
        self.done += multinomial(&left);
    }

    fn should_stop(&mut self) -> Option<Stopped> {
        if self.graph.nodes.len() >= self.config.max_states {
            return Some(Stopped::States(self.config.max_states));
        }
        if self.halted
            || self
                .config
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(Stopped::Cancelled);
        }
        if let (Some(max), Some(clock)) = (self.config.max_time, &self.config.clock) {
            if clock() >= max {
                return Some(Stopped::Time(max));
            }
        }
        None
    }

    fn report_progress(&mut self) {
        let p = Progress {
            states: self.graph.nodes.len(),
            done: (self.done / self.total).min(1.0),
        };
        if let Some(f) = self.config.progress.as_mut() {
            self.halted |= !f(&p);
        }
    }
}

/// How many ways to interleave sessions with these step counts, as a float (for shares).
/// Not `interleavings::count`: that one is exact but ends at 2^128, and counts no steps as
/// no interleaving, where a finished branch here is one.
fn multinomial(counts: &[u32]) -> f64 {
    let mut out = 1.0;
    let mut n = 0u32;
    for &c in counts {
        for k in 1..=c {
            n += 1;
            out = out * f64::from(n) / f64::from(k);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn multinomial_counts_interleavings() {
        assert_eq!(super::multinomial(&[3, 3]), 20.0);
        assert_eq!(super::multinomial(&[4, 4, 4]), 34650.0);
        assert_eq!(super::multinomial(&[]), 1.0);
    }
}
