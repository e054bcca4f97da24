//! The engine side of the app: what a button asks ([`Command`]) becomes engine work here,
//! outside the reducer, and the result goes to the reducer inside an [`Action`].
//!
//! A spec runs on one live Sim, held by a [`Player`] and stepped one move per Step button. A
//! mark is taken before each move, so that when the state asks for an earlier point (Back,
//! Reset, then a new move) the Sim goes back to it instead of running the schedule again
//! (`queuelab::sim::player`). The Sim follows the state:
//! before each command it is brought to the moves the state has chosen, so a command made on
//! an older state (a double click before a render) still gives a consistent result.
//!
//! Plain Rust, no yew: the app reaches it through its `AppHandle`, the tests directly.

use crate::state::{Action, AppState};
use queuelab::scenario::schedule::step_id;
use queuelab::scenario::spec::Spec;
use queuelab::sim::player::Player;
use queuelab::sim::snapshot::Snapshot;
use queuelab::sim::{Choice, Config, Schedule};
use queuelab::trace::Trace;
use queuelab::{run_script, Dialect, RunConfig};
use std::rc::Rc;
use std::sync::Arc;

/// What the user asks for that needs the engine.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Script: run the next statement (running the script first if needed).
    Next,
    /// Script: run every statement and show the last one.
    Run,
    /// Script: run up to statement `i` of the statement list.
    Jump(usize),
    /// Override (`Some`) or restore (`None`) the ring size of a table, keeping the cursor.
    SetRingSize { table: String, size: Option<i64> },
    /// Replace the text with an engine-provided fix and run again, keeping the cursor.
    ApplyFix(String),
    /// Spec: run the next step of this session (the rest of the step it is inside), or with
    /// `statements: Some(n)` only its next `n` statements. With `step: Some(name)`, that step
    /// of the session instead, in any order (isolationtester's permutations may too).
    Step {
        session: String,
        step: Option<String>,
        statements: Option<u32>,
    },
    /// Spec: run permutation `i` of the menu from the start.
    RunPermutation(usize),
    /// Spec: run `schedule` from the start and show it after its first `at` moves (the
    /// explorer's counterexamples and outcomes), rows holding `highlight` marked.
    Replay {
        schedule: Schedule,
        at: usize,
        highlight: Vec<String>,
    },
}

/// The live engine of a spec; scripts need none between commands.
#[derive(Default)]
pub struct Driver {
    live: Option<Player>,
}

impl Driver {
    /// The actions that carry out `command` on `state`, in order; none when it does not
    /// apply (a spec command on a script, a session that cannot step, ...).
    pub fn handle(&mut self, state: &AppState, command: Command) -> Vec<Action> {
        match command {
            Command::Next | Command::Run | Command::Jump(_) => script_move(state, command),
            Command::SetRingSize { table, size } => {
                let sizes = state.view.with_ring_size(&table, size);
                let trace = state
                    .trace()
                    .map(|_| script_trace(state.document.dialect, &state.document.text, sizes));
                vec![Action::SetRingSize { table, size, trace }]
            }
            Command::ApplyFix(text) => {
                let sizes = state.view.ring_sizes.clone();
                let trace = state
                    .trace()
                    .map(|_| script_trace(state.document.dialect, &text, sizes));
                vec![Action::ApplyFix { text, trace }]
            }
            Command::Step {
                session,
                step,
                statements,
            } => self
                .step(state, &session, step.as_deref(), statements)
                .into_iter()
                .collect(),
            Command::RunPermutation(i) => {
                let schedule = state
                    .document
                    .spec
                    .as_ref()
                    .and_then(|d| d.permutations.get(i).cloned());
                schedule
                    .and_then(|s| self.run_schedule(state, s))
                    .into_iter()
                    .collect()
            }
            Command::Replay {
                schedule,
                at,
                highlight,
            } => self
                .run_schedule(state, schedule)
                .into_iter()
                .chain([Action::ScenarioShow(at), Action::Highlight(highlight)])
                .collect(),
        }
    }

    /// One move: the session's next choice (or the step named), one `Sim::step`, one
    /// snapshot. A session that waits, or is inside another step, cannot move.
    fn step(
        &mut self,
        state: &AppState,
        session: &str,
        step: Option<&str>,
        statements: Option<u32>,
    ) -> Option<Action> {
        let doc = state.document.spec.as_ref()?;
        let run = state.spec_run()?;
        let id = doc.session(session)?;
        let chosen = run.chosen();
        let live = self.live_at(&doc.spec, chosen)?;
        if live.sim().is_over() || live.sim().is_waiting(id) {
            return None;
        }
        let step = match step {
            // The next in the spec's order: none once the session ran its last step.
            None => live.sim().next_choice(id)?.step,
            // Any step, also one run before (isolationtester allows it).
            Some(name) => {
                let named = step_id(&doc.spec, name).filter(|s| s.session == id)?;
                let inside = live.sim().inside(id);
                if inside.is_some_and(|i| i != named) {
                    return None;
                }
                named
            }
        };
        let choice = Choice { step, statements };
        let snapshot = live.play(choice, run.shown());
        Some(Action::Moved {
            at: chosen.len(),
            choice,
            snapshot: Rc::new(snapshot),
        })
    }

    /// A schedule: back to the start, then one step per choice.
    fn run_schedule(&mut self, state: &AppState, schedule: Schedule) -> Option<Action> {
        let doc = state.document.spec.as_ref()?;
        let live = self.live_at(&doc.spec, &[])?;
        let mut snapshots: Vec<Rc<Snapshot>> = Vec::with_capacity(schedule.0.len());
        for c in &schedule.0 {
            let s = live.play(*c, snapshots.last().map(|s| &**s));
            snapshots.push(Rc::new(s));
        }
        Some(Action::Ran {
            schedule,
            snapshots,
        })
    }

    /// The Sim of `spec` after `moves`: a new one for a new spec; else the one there is,
    /// taken back to where its moves and `moves` part, then moved on.
    fn live_at(&mut self, spec: &Arc<Spec>, moves: &[Choice]) -> Option<&mut Player> {
        if self
            .live
            .as_ref()
            .is_none_or(|l| !Arc::ptr_eq(l.spec(), spec))
        {
            self.live = None; // close the old SQLite before opening the new one
            self.live = Player::new(spec.clone(), Config::default()).ok();
        }
        let live = self.live.as_mut()?;
        live.go_to(moves);
        Some(live)
    }
}

/// The one-session moves: the script is run (once per text) before the cursor moves.
fn script_move(state: &AppState, command: Command) -> Vec<Action> {
    let Some(run) = state.script() else {
        return Vec::new(); // a spec's sessions are stepped in the scenario view
    };
    let mut out = Vec::new();
    if run.trace.is_none() {
        let sizes = state.view.ring_sizes.clone();
        out.push(Action::Traced(script_trace(
            state.document.dialect,
            &state.document.text,
            sizes,
        )));
    }
    // A position kept over an edit or a reload is where Next goes on from.
    if let (Command::Next, Some(k)) = (&command, run.resume) {
        out.push(Action::Jump(k));
    }
    out.push(match command {
        Command::Run => Action::Run,
        Command::Jump(i) => Action::Jump(i),
        _ => Action::Next,
    });
    out
}

fn script_trace(dialect: Dialect, text: &str, ring_sizes: Vec<(String, i64)>) -> Rc<Trace> {
    let config = RunConfig {
        ring_sizes,
        ..RunConfig::default()
    };
    Rc::new(run_script(dialect, text, &config))
}
