//! Whole permutations: loops over [`Sim::step`] that collect the events `spec-format.md`
//! defines, for the CLI, the tests and the conformance judge.

use super::snapshot::Snapshot;
use super::{Config, Schedule, Sim};
use crate::scenario::spec::Spec;
use crate::trace::{EventKind, PermutationRun};
use std::sync::Arc;

pub fn run_permutation(spec: &Spec, schedule: &Schedule, config: &Config) -> PermutationRun {
    let steps = schedule.names(spec);
    match Sim::new(Arc::new(spec.clone()), config.clone()) {
        Ok(mut sim) => play(&mut sim, schedule, steps, None),
        Err(_) => PermutationRun {
            steps,
            events: Vec::new(),
            setup_failed: None,
            teardown: Vec::new(),
        },
    }
}

/// Runs several permutations of one spec. The setup runs once: each permutation starts from
/// a mark taken after it.
pub fn run_permutations(
    spec: &Spec,
    schedules: impl IntoIterator<Item = Schedule>,
    config: &Config,
) -> Vec<PermutationRun> {
    let spec = Arc::new(spec.clone());
    let Ok(mut sim) = Sim::new(spec.clone(), config.clone()) else {
        return schedules
            .into_iter()
            .map(|s| PermutationRun {
                steps: s.names(&spec),
                events: Vec::new(),
                setup_failed: None,
                teardown: Vec::new(),
            })
            .collect();
    };
    let mark = sim.save();
    schedules
        .into_iter()
        .map(|schedule| {
            sim.rewind(&mark);
            let steps = schedule.names(&spec);
            play(&mut sim, &schedule, steps, None)
        })
        .collect()
}

/// Runs a permutation and records a [`Snapshot`] after every step.
pub fn run_permutation_traced(
    spec: &Spec,
    schedule: &Schedule,
    config: &Config,
) -> (PermutationRun, Vec<Snapshot>) {
    let steps = schedule.names(spec);
    let mut frames = Vec::new();
    let run = match Sim::new(Arc::new(spec.clone()), config.clone()) {
        Ok(mut sim) => play(&mut sim, schedule, steps, Some(&mut frames)),
        Err(_) => PermutationRun {
            steps,
            events: Vec::new(),
            setup_failed: None,
            teardown: Vec::new(),
        },
    };
    (run, frames)
}

/// The permutation's moves, one [`Sim::step`] each, until one is invalid; then its end
/// ([`Sim::end`]: waits the server ends by itself, the steps still waiting).
fn play(
    sim: &mut Sim,
    schedule: &Schedule,
    steps: Vec<String>,
    mut frames: Option<&mut Vec<Snapshot>>,
) -> PermutationRun {
    if let Some(why) = sim.setup_failed() {
        return PermutationRun {
            steps,
            events: Vec::new(),
            setup_failed: Some(why.to_string()),
            teardown: Vec::new(),
        };
    }
    let mut events = Vec::new();
    for choice in &schedule.0 {
        let out = sim.step(*choice);
        let invalid = out
            .events
            .first()
            .is_some_and(|e| e.kind == EventKind::InvalidPermutation);
        if let Some(frames) = frames.as_deref_mut() {
            if !invalid {
                let snap = sim.snapshot(frames.last(), &out);
                frames.push(snap);
            }
        }
        events.extend(out.events);
        if invalid {
            break;
        }
    }
    events.extend(sim.end());
    PermutationRun {
        steps,
        events,
        setup_failed: None,
        teardown: sim.teardown(),
    }
}
