//! The engine: runs a script statement by statement on SQLite and records a [`Trace`].
//!
//! Step-driven: [`Runner::step`] runs one statement and returns the whole state after it; the
//! UI's "Run next statement", the CLI and [`run_script`] all go through it.

pub mod clock;
pub mod count;
pub mod errors;
pub mod lab;
pub mod locks;
pub mod rings;
pub mod snapshot;
pub mod store;
pub mod txn;
pub mod undo;
pub mod waits;

use crate::dialect::front::{parse_script, Script};
use crate::dialect::{plan, Dialect, PlanKind};
use crate::trace::{Diagnostic, ErrorClass, Outcome, RingView, Step, StepError, TableView, Trace};
use clock::Clock;
use lab::{Lab, Submitted};
use store::Store;

/// Knobs of a run; the defaults suit the app and the CLI.
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
        RunConfig {
            step_budget: 20_000_000,
            clock_start: clock::DEFAULT_START,
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
    script: Script,
    /// T-SQL: the script's batches and the session's interpreter.
    tsql: Option<TsqlRun>,
    lab: Option<Lab>,
    clock: Clock,
    next: usize,
    config: RunConfig,
    pub diagnostics: Vec<Diagnostic>,
}

/// A T-SQL script being run: batches in order, each `GO n` times.
struct TsqlRun {
    batches: Vec<crate::dialect::mssql::tsql::node::Batch>,
    next_batch: usize,
    repeat_left: u32,
    interp: crate::dialect::mssql::tsql::interp::Interp,
}

impl Runner {
    pub fn new(dialect: Dialect, text: &str, config: RunConfig) -> Runner {
        let (script, tsql) = if dialect.procedural_batches() {
            let read = crate::dialect::mssql::tsql::reader::read_script(text);
            let script = Script {
                dialect,
                statements: Vec::new(),
                diagnostics: read.diagnostics,
            };
            let run = TsqlRun {
                batches: read.batches,
                next_batch: 0,
                repeat_left: 0,
                interp: Default::default(),
            };
            (script, Some(run))
        } else {
            (parse_script(dialect, text), None)
        };
        let mut diagnostics = script.diagnostics.clone();
        let lab = match Store::open(config.step_budget) {
            Ok(store) => {
                let mut lab = Lab::new(dialect, store);
                lab.add_session(&config.session);
                Some(lab)
            }
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
            script,
            tsql,
            lab,
            clock: Clock::starting_at(config.clock_start),
            next: 0,
            config,
            diagnostics,
        }
    }

    /// Runs the next statement; `None` when there is none left.
    pub fn step(&mut self) -> Option<Step> {
        if self.tsql.is_some() {
            return self.step_tsql();
        }
        let lab = self.lab.as_mut()?;
        let parsed = self.script.statements.get(self.next)?.clone();
        self.next += 1;
        let now = self.clock.text();
        lab.store.set_clock(&now);
        self.clock.tick();

        let mut ran = Vec::new();
        let mut notes = Vec::new();
        let mut changes = Vec::new();
        let outcome = match parsed.ast {
            Err(e) => Outcome::Error(e),
            Ok(ast) => match plan(self.dialect, &ast, &lab.catalog) {
                Err(mut e) => {
                    // Refused before running: point at the statement.
                    e.pos.get_or_insert(parsed.raw.span.start);
                    Outcome::Error(e)
                }
                Ok(p) => {
                    ran = p.sqlite.clone();
                    notes = p.notes.clone();
                    let ring = p.ring.clone();
                    let ddl = matches!(p.kind, PlanKind::Ddl { .. });
                    match lab.submit(0, p, self.next).0 {
                        Submitted::Finished(f) => {
                            if let (Outcome::Ok(_), Some(r)) = (&f.outcome, ring) {
                                lab.catalog.set_ring(r);
                            }
                            if !ddl {
                                changes = f.changes;
                            }
                            f.outcome
                        }
                        // One session has nobody to wait for.
                        Submitted::Waiting(_) => Outcome::Error(StepError {
                            class: ErrorClass::Other,
                            native: String::new(),
                            message: "the statement waits for a lock no session can release".into(),
                            pos: None,
                            fixed_text: None,
                        }),
                    }
                }
            },
        };
        let tables = match lab.store.tables() {
            Ok(t) => snapshot::table_views(t, &changes),
            Err(_) => Vec::new(),
        };
        let rings = rings_of(lab, &self.config, &tables);
        let client_text = self.dialect.client_text(&parsed.raw.text, &outcome);
        Some(Step {
            name: format!("{}_{}", self.config.session, self.next),
            session: self.config.session.clone(),
            source: parsed.raw.text,
            span: parsed.raw.span,
            ran,
            notes,
            remarks: parsed.raw.remarks,
            clock: now,
            outcome,
            client_text,
            tables,
            rings,
        })
    }
}

impl Runner {
    /// One T-SQL statement: of a batch, or of a procedure body a batch called.
    fn step_tsql(&mut self) -> Option<Step> {
        use crate::dialect::mssql::tsql::interp::Next;
        let lab = self.lab.as_mut()?;
        let t = self.tsql.as_mut()?;
        let now = self.clock.text();
        lab.store.set_clock(&now);
        let (outcome, info, ran, changes) = loop {
            match t.interp.next(&lab.catalog) {
                Next::Idle => {
                    let index = if t.repeat_left > 0 {
                        t.repeat_left -= 1;
                        t.next_batch - 1
                    } else {
                        let b = t.batches.get(t.next_batch)?;
                        t.repeat_left = b.repeat.saturating_sub(1);
                        t.next_batch += 1;
                        t.next_batch - 1
                    };
                    t.interp.start(&t.batches[index]);
                }
                Next::Done(outcome, info) => break (outcome, info, Vec::new(), Vec::new()),
                Next::Run(plan, info) => {
                    let ran = plan.sqlite.clone();
                    let ddl = matches!(plan.kind, PlanKind::Ddl { .. });
                    let (outcome, changes) = match lab.submit(0, *plan, self.next + 1).0 {
                        Submitted::Finished(f) => {
                            (f.outcome, if ddl { Vec::new() } else { f.changes })
                        }
                        Submitted::Waiting(_) => (
                            Outcome::Error(StepError {
                                class: ErrorClass::Other,
                                native: String::new(),
                                message: "the statement waits for a lock no session can release"
                                    .into(),
                                pos: None,
                                fixed_text: None,
                            }),
                            Vec::new(),
                        ),
                    };
                    let shown = t.interp.deliver(outcome);
                    break (shown, info, ran, changes);
                }
            }
        };
        self.next += 1;
        self.clock.tick();
        let tables = match lab.store.tables() {
            Ok(t) => snapshot::table_views(t, &changes),
            Err(_) => Vec::new(),
        };
        let rings = rings_of(lab, &self.config, &tables);
        let client_text = t.interp.client_text(&outcome);
        Some(Step {
            name: format!("{}_{}", self.config.session, self.next),
            session: self.config.session.clone(),
            source: info.text,
            span: info.span,
            ran,
            notes: info.notes,
            remarks: info.remarks,
            clock: now,
            outcome,
            client_text,
            tables,
            rings,
        })
    }
}

/// The ring views of every table known to be a ring.
fn rings_of(lab: &Lab, config: &RunConfig, tables: &[TableView]) -> Vec<RingView> {
    let mut out = Vec::new();
    for hint in lab.catalog.rings() {
        let Some(t) = tables
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(&hint.table))
        else {
            continue;
        };
        let size = config
            .ring_sizes
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&hint.table))
            .map(|(_, s)| *s);
        out.extend(rings::ring_views(
            t,
            hint,
            lab.catalog.table(&hint.table),
            size,
        ));
    }
    out
}
