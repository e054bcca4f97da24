//! From the explored graph to the report: one pass in topological order counts the paths
//! (schedules) into every state and the cheapest way to reach it (fewest moves, then fewest
//! switches between sessions, for each session that moved last); the leaves then give the
//! counts per check and per outcome, and the shortest counterexamples, which are replayed
//! once to say when and how each check fails.

use super::leaf::sql_fails;
use super::report::compact;
use super::search::Graph;
use super::tracker::Tracker;
use super::{CheckResult, Counterexample, DeadEnds, Granularity, OutcomeResult, Report};
use crate::scenario::expect::{Expect, ExpectLine};
use crate::scenario::spec::Spec;
use crate::sim::{Choice, Config, Schedule, Sim};
use crate::vec_map::VecMap;
use std::sync::Arc;

/// The cheapest known way into a state, having last moved a given session.
#[derive(Debug, Clone, Copy)]
struct Best {
    moves: u32,
    switches: u32,
    /// The state before and the session that moved before that (`None` at the start).
    from: Option<(u32, usize)>,
    choice: Option<Choice>,
}

impl Best {
    fn cost(&self) -> (u32, u32) {
        (self.moves, self.switches)
    }
}

/// The cheapest ways into every state, indexed by state and last session (`sessions` is the
/// slot for "no move yet").
struct Ways {
    sessions: usize,
    best: Vec<Option<Best>>,
}

impl Ways {
    fn at(&self, node: u32, last: usize) -> Option<Best> {
        self.best[node as usize * (self.sessions + 1) + last]
    }

    /// Keeps `b` if it is cheaper; on a tie, the way through the state found first (states
    /// are numbered as the search finds them, sessions in the spec's order first), so the
    /// schedule shown reads in the spec's order where it can.
    fn offer(&mut self, node: u32, last: usize, b: Best) {
        let slot = &mut self.best[node as usize * (self.sessions + 1) + last];
        let better = slot.is_none_or(|old| {
            let key = |x: &Best| (x.cost(), x.from.map(|(n, _)| n));
            key(&b) < key(&old)
        });
        if better {
            *slot = Some(b);
        }
    }

    /// The cheapest way into `node`: its cost and last session.
    fn cheapest(&self, node: u32) -> Option<((u32, u32), usize)> {
        (0..=self.sessions)
            .filter_map(|last| self.at(node, last).map(|b| (b.cost(), last)))
            .min()
    }

    /// The moves of the cheapest way into `node` having last moved `last`.
    fn path(&self, mut node: u32, mut last: usize) -> Schedule {
        let mut moves = Vec::new();
        while let Some(b) = self.at(node, last) {
            let (Some((from, before)), Some(c)) = (b.from, b.choice) else {
                break;
            };
            moves.push(c);
            node = from;
            last = before;
        }
        moves.reverse();
        Schedule(moves)
    }
}

/// A leaf reached at the lowest cost: (moves, switches), the state, its last session.
type Cheapest = ((u32, u32), u32, usize);

/// Per outcome while counting.
struct Tallied {
    schedules: u128,
    first: u32,
    cheapest: Cheapest,
    violates: Vec<bool>,
}

pub fn tally(
    spec: &Arc<Spec>,
    checks: &[ExpectLine],
    graph: Graph,
    granularity: Granularity,
    config: &Config,
) -> Report {
    let sessions = spec.sessions.len();
    let (paths, ways) = count_paths(&graph, sessions);
    let mut schedules: u128 = 0;
    let mut violations = vec![0u128; checks.len()];
    let mut shortest: Vec<Option<Cheapest>> = vec![None; checks.len()];
    // Distinct outcomes are few: a `VecMap` (see `Graph::endings`).
    let mut outcomes: VecMap<u64, Tallied> = VecMap::new();
    let mut dead = DeadEnds::default();
    let mut dead_best: Option<Cheapest> = None;
    for (node, n) in graph.nodes.iter().enumerate() {
        let node = node as u32;
        let Some(leaf) = &n.leaf else { continue };
        let Some((cost, last)) = ways.cheapest(node) else {
            continue; // not reached: the search stopped before it was counted
        };
        let here = (cost, node, last);
        let count = paths[node as usize];
        if !leaf.complete {
            dead.states += 1;
            keep_cheaper(&mut dead_best, here);
            continue;
        }
        schedules = schedules.saturating_add(count);
        for (i, broken) in leaf.broken.iter().enumerate() {
            if *broken {
                violations[i] = violations[i].saturating_add(count);
                keep_cheaper(&mut shortest[i], here);
            }
        }
        let t = outcomes.get_or_insert_with(leaf.outcome, || Tallied {
            schedules: 0,
            first: node,
            cheapest: here,
            violates: vec![false; checks.len()],
        });
        t.schedules = t.schedules.saturating_add(count);
        if here.0 < t.cheapest.0 {
            t.cheapest = here;
        }
        for (v, b) in t.violates.iter_mut().zip(&leaf.broken) {
            *v |= *b;
        }
    }
    dead.example = dead_best.map(|(_, n, last)| compact(&ways.path(n, last)));
    let checks_out = checks
        .iter()
        .enumerate()
        .map(|(i, line)| CheckResult {
            text: line.text.clone(),
            violations: violations[i],
            shortest: shortest[i].map(|(_, n, last)| {
                let schedule = compact(&ways.path(n, last));
                explain(spec, checks, i, schedule, config)
            }),
        })
        .collect();
    let mut list: Vec<(u64, Tallied)> = outcomes.into_entries();
    crate::sort::sort_by(&mut list, |a, b| {
        b.1.schedules
            .cmp(&a.1.schedules)
            .then(a.1.first.cmp(&b.1.first))
    });
    let outcomes = list
        .into_iter()
        .map(|(key, t)| {
            let ending = graph.endings.get(&key);
            OutcomeResult {
                schedules: t.schedules,
                example: compact(&ways.path(t.cheapest.1, t.cheapest.2)),
                steps: ending.map(|e| e.steps.clone()).unwrap_or_default(),
                tables: ending.map(|e| e.tables.clone()).unwrap_or_default(),
                violates: (0..checks.len()).filter(|i| t.violates[*i]).collect(),
            }
        })
        .collect();
    Report {
        granularity,
        schedules,
        states: graph.nodes.len(),
        stopped: graph.stopped,
        checks: checks_out,
        outcomes,
        dead_ends: dead,
    }
}

fn keep_cheaper(slot: &mut Option<Cheapest>, here: Cheapest) {
    if slot.is_none_or(|old| here.0 < old.0) {
        *slot = Some(here);
    }
}

/// The number of paths from the start into each state, and the cheapest ways into each.
fn count_paths(graph: &Graph, sessions: usize) -> (Vec<u128>, Ways) {
    let n = graph.nodes.len();
    let mut paths = vec![0u128; n];
    let mut ways = Ways {
        sessions,
        best: vec![None; n * (sessions + 1)],
    };
    if n == 0 {
        return (paths, ways);
    }
    paths[0] = 1;
    ways.offer(
        0,
        sessions,
        Best {
            moves: 0,
            switches: 0,
            from: None,
            choice: None,
        },
    );
    for &node in graph.finished.iter().rev() {
        let p = paths[node as usize];
        for &(choice, child) in &graph.nodes[node as usize].edges {
            paths[child as usize] = paths[child as usize].saturating_add(p);
            let moved = choice.step.session.0 as usize;
            for last in 0..=sessions {
                let Some(b) = ways.at(node, last) else {
                    continue;
                };
                let switch = u32::from(last != sessions && last != moved);
                let way = Best {
                    moves: b.moves + 1,
                    switches: b.switches + switch,
                    from: Some((node, last)),
                    choice: Some(choice),
                };
                ways.offer(child, moved, way);
            }
        }
    }
    (paths, ways)
}

/// Replays a counterexample to find when check `i` first fails, and why.
fn explain(
    spec: &Arc<Spec>,
    checks: &[ExpectLine],
    i: usize,
    schedule: Schedule,
    config: &Config,
) -> Counterexample {
    let unknown = |schedule: Schedule| Counterexample {
        fails_after: schedule.0.len(),
        schedule,
        detail: String::new(),
        values: Vec::new(),
    };
    let Ok(mut sim) = Sim::new(spec.clone(), config.clone()) else {
        return unknown(schedule);
    };
    let mut tracker = Tracker::new(checks);
    for (k, c) in schedule.0.iter().enumerate() {
        let out = sim.step(*c);
        tracker.observe(checks, &sim, &out.events);
        if let Some(detail) = tracker.detail(i) {
            return Counterexample {
                fails_after: k + 1,
                schedule,
                detail,
                values: tracker.values(i),
            };
        }
    }
    let end = sim.end();
    tracker.observe(checks, &sim, &end);
    let detail = match &checks[i].check {
        Expect::Sql { query, .. } => sql_fails(&mut sim, query),
        _ => tracker.detail(i),
    };
    Counterexample {
        fails_after: schedule.0.len(),
        schedule,
        detail: detail.unwrap_or_default(),
        values: tracker.values(i),
    }
}
