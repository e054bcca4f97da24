//! Plain scripts, one statement per step: what the one-session view and `queuelab run FILE`
//! show. A script is a [`Sim`] of one session; each [`Runner::step`] is one
//! [`Sim::step`] of `(statements 1)`, and its [`Step`] the picture after it.

use super::{Choice, Config, SessionId, Sim};
use crate::dialect::Dialect;
use crate::engine::rings;
use crate::trace::{Diagnostic, ErrorClass, EventKind, Outcome, Step, StepError, Trace};

/// Knobs of a script run; the defaults suit the app and the CLI.
#[derive(Debug, Clone, PartialEq)]
pub struct RunConfig {
    /// SQLite VM instructions one statement may take before it is interrupted.
    pub step_budget: u64,
    /// Where the scenario clock starts (seconds since the Unix epoch).
    pub clock_start: i64,
    /// The session name steps are reported under.
    pub session: String,
    /// Ring sizes chosen by the user, by table name, overriding the inferred `mod N`.
    pub ring_sizes: Vec<(String, i64)>,
}

impl Default for RunConfig {
    fn default() -> Self {
        let sim = Config::default();
        RunConfig {
            step_budget: sim.step_budget,
            clock_start: sim.clock_start,
            session: "s1".into(),
            ring_sizes: Vec::new(),
        }
    }
}

/// Runs a one-session script to the end.
pub fn run_script(dialect: Dialect, text: &str, config: &RunConfig) -> Trace {
    let mut runner = Runner::new(dialect, text, config.clone());
    let mut steps = Vec::new();
    while let Some(s) = runner.step() {
        steps.push(s);
    }
    Trace {
        dialect,
        diagnostics: runner.diagnostics,
        steps,
    }
}

pub struct Runner {
    dialect: Dialect,
    sim: Option<Sim>,
    /// Statements run so far.
    count: usize,
    /// The picture after the last step, whose unchanged rows the next one shares.
    last: Option<super::snapshot::Snapshot>,
    config: RunConfig,
    pub diagnostics: Vec<Diagnostic>,
}

/// The one session of a script.
const ONLY: SessionId = SessionId(0);

impl Runner {
    pub fn new(dialect: Dialect, text: &str, config: RunConfig) -> Runner {
        let mut diagnostics = crate::dialect::outline::outline(dialect, text).1;
        let sim_config = Config {
            step_budget: config.step_budget,
            clock_start: config.clock_start,
        };
        let sim = match Sim::script(dialect, text, &config.session, sim_config) {
            Ok(sim) => Some(sim),
            Err(e) => {
                diagnostics.push(Diagnostic {
                    pos: Default::default(),
                    message: format!("could not open SQLite: {}", e.message),
                    fixed_text: None,
                });
                None
            }
        };
        Runner {
            dialect,
            sim,
            count: 0,
            last: None,
            config,
            diagnostics,
        }
    }

    /// Runs the next statement; `None` when there is none left.
    pub fn step(&mut self) -> Option<Step> {
        let sim = self.sim.as_mut()?;
        let next = sim.next_choice(ONLY)?;
        let out = sim.step(Choice {
            step: next.step,
            statements: Some(1),
        });
        if out.statements == 0 {
            return None; // the script had no statement left
        }
        let info = sim.last_statement(ONLY).cloned()?;
        self.count += 1;
        let own = out.events.first()?;
        let outcome = match (&own.kind, &own.outcome) {
            (EventKind::Waiting, _) | (_, None) => Outcome::Error(StepError {
                class: ErrorClass::Other,
                native: String::new(),
                message: "the statement waits for a lock no session can release".into(),
                pos: None,
                fixed_text: None,
            }),
            (_, Some(o)) => o.clone(),
        };
        let snap = sim.snapshot(self.last.as_ref(), &out);
        let tables = snap.tables.clone();
        let sequences = snap.sequences.clone();
        let rings = if self.config.ring_sizes.is_empty() {
            snap.rings.clone()
        } else {
            rings::rings_of(&sim.lab().catalog, &tables, &self.config.ring_sizes)
        };
        let client_text = match snap.sessions.first().and_then(|s| s.client_text.clone()) {
            Some(text) if own.kind != EventKind::Waiting => text,
            _ => self.dialect.client_text(info.tagged_source(), &outcome),
        };
        self.last = Some(snap);
        Some(Step {
            name: format!("{}_{}", self.config.session, self.count),
            session: self.config.session.clone(),
            source: info.source,
            span: info.span,
            ran: info.ran,
            notes: info.notes,
            remarks: info.remarks,
            clock: crate::engine::clock::format_timestamp(info.clock),
            outcome,
            client_text,
            tables,
            rings,
            sequences,
        })
    }
}
