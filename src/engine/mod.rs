//! The engine: runs a script statement by statement on SQLite and records a [`Trace`].
//!
//! Step-driven: [`Runner::step`] runs one statement and returns the whole state after it; the
//! UI's "Run next statement", the CLI and [`run_script`] all go through it.

pub mod clock;
pub mod count;
pub mod errors;
pub mod locks;
pub mod rings;
pub mod snapshot;
pub mod store;
pub mod undo;
pub mod waits;

use crate::dialect::catalog::Catalog;
use crate::dialect::front::{parse_script, Script};
use crate::dialect::plan::CatalogChange;
use crate::dialect::{plan, Dialect, InsertMode, Plan, PlanKind};
use crate::render;
use crate::trace::{Diagnostic, Outcome, RingView, Step, Success, TableView, Trace};
use clock::Clock;
use store::{Executed, Store};

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
    store: Option<Store>,
    catalog: Catalog,
    clock: Clock,
    next: usize,
    config: RunConfig,
    pub diagnostics: Vec<Diagnostic>,
}

impl Runner {
    pub fn new(dialect: Dialect, text: &str, config: RunConfig) -> Runner {
        let script = parse_script(dialect, text);
        let mut diagnostics = script.diagnostics.clone();
        let store = match Store::open(config.step_budget) {
            Ok(s) => Some(s),
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
            store,
            catalog: Catalog::default(),
            clock: Clock::starting_at(config.clock_start),
            next: 0,
            config,
            diagnostics,
        }
    }

    /// Statements not yet run.
    pub fn remaining(&self) -> usize {
        self.script.statements.len().saturating_sub(self.next)
    }

    /// Runs the next statement; `None` when there is none left.
    pub fn step(&mut self) -> Option<Step> {
        let store = self.store.as_ref()?;
        let parsed = self.script.statements.get(self.next)?.clone();
        self.next += 1;
        let now = self.clock.text();
        store.set_clock(&now);
        self.clock.tick();

        let mut ran = Vec::new();
        let mut notes = Vec::new();
        let mut changes = Vec::new();
        let outcome = match parsed.ast {
            Err(e) => Outcome::Error(e),
            Ok(ast) => match plan(self.dialect, &ast, &self.catalog) {
                Err(mut e) => {
                    // Refused before running: point at the statement.
                    e.pos.get_or_insert(parsed.raw.span.start);
                    Outcome::Error(e)
                }
                Ok(p) => {
                    ran = p.sqlite.clone();
                    notes = p.notes.clone();
                    let result = execute(store, &p);
                    match result {
                        Ok((exec, source_rows)) => {
                            apply(&mut self.catalog, &p);
                            let counted =
                                count::count(self.dialect, &p.kind, &exec.changes, source_rows);
                            if !matches!(p.kind, PlanKind::Ddl { .. }) {
                                changes = exec.changes;
                            }
                            Outcome::Ok(Success {
                                columns: exec.columns,
                                rows: exec.rows,
                                affected: counted.affected,
                                info: counted.info,
                                warnings: counted.warnings,
                            })
                        }
                        Err(e) => Outcome::Error(errors::vendor_error(
                            self.dialect,
                            &e,
                            &p.kind,
                            &self.catalog,
                            store,
                        )),
                    }
                }
            },
        };
        let tables = match store.tables() {
            Ok(t) => snapshot::table_views(t, &changes),
            Err(_) => Vec::new(),
        };
        let rings = self.rings(&tables);
        let client_text = render::client_text(self.dialect, &parsed.raw.text, &outcome);
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

    fn rings(&self, tables: &[TableView]) -> Vec<RingView> {
        let mut out = Vec::new();
        for hint in self.catalog.rings() {
            let Some(t) = tables
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(&hint.table))
            else {
                continue;
            };
            let size = self
                .config
                .ring_sizes
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(&hint.table))
                .map(|(_, s)| *s);
            out.extend(rings::ring_views(
                t,
                hint,
                self.catalog.table(&hint.table),
                size,
            ));
        }
        out
    }
}

/// Records in the catalog what a successful plan changed.
fn apply(catalog: &mut Catalog, p: &Plan) {
    if let PlanKind::Ddl { change } = &p.kind {
        match change {
            CatalogChange::Create(def) | CatalogChange::Replace(def) => catalog.put(def.clone()),
            CatalogChange::Drop(name) => catalog.drop_table(name),
            CatalogChange::None => {}
        }
    }
    if let Some(ring) = &p.ring {
        catalog.set_ring(ring.clone());
    }
}

/// Runs a plan; also counts the source rows first where the info line needs them.
fn execute(store: &Store, p: &Plan) -> Result<(Executed, Option<u64>), store::StoreError> {
    let source_rows = match &p.kind {
        PlanKind::Insert {
            mode: InsertMode::Ignore,
            source_query: Some(q),
            ..
        } => store
            .query(&format!("SELECT count(*) FROM ({q})"))
            .ok()
            .and_then(|(_, rows)| match rows.first().and_then(|r| r.first()) {
                Some(crate::trace::Value::Int(n)) => Some(*n as u64),
                _ => None,
            }),
        _ => None,
    };
    let exec = match p.kind {
        PlanKind::Noop => Ok(Executed::default()),
        PlanKind::Transaction => store.run_raw(&p.sqlite),
        _ => store.run(&p.sqlite),
    }?;
    Ok((exec, source_rows))
}
