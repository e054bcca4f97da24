//! Building a lab for a scenario: the setup blocks in a hidden session, then each session with
//! its own setup; and the plans of each block of SQL, made once per catalog they meet.

use super::program::{advance, Ticks, Work};
use crate::dialect::catalog::Catalog;
use crate::dialect::front::{parse_script, Script};
use crate::dialect::mssql::tsql::interp::Interp;
use crate::dialect::{plan, Dialect, Plan};
use crate::engine::lab::Lab;
use crate::engine::store::{Store, StoreError};
use crate::scenario::spec::{Block, Spec};
use crate::sql::Duplicate;
use crate::trace::{ErrorClass, StepError};
use crate::vec_map::VecMap;
use std::sync::Arc;

/// What a scenario learns once and uses in every schedule: scripts parsed by their SQL text,
/// and their plans for each catalog met (plans depend on nothing else).
#[derive(Default)]
pub struct PlanCache {
    scripts: VecMap<String, Script>,
    plans: VecMap<String, Vec<(Arc<Catalog>, Planned)>>,
}

/// A block's plans, each with the statement it came from, or the error that stops its step.
type Planned = Result<Vec<(Arc<Plan>, Written)>, StepError>;

/// A statement as written in its block, and where.
pub type Written = std::sync::Arc<(String, crate::source::Span)>;

impl PlanCache {
    fn parsed(&mut self, dialect: Dialect, sql: &str) -> &Script {
        self.scripts
            .get_or_insert_with(sql.to_string(), || parse_script(dialect, sql))
    }

    /// The work of a step: its plans against the lab's catalog now, or its T-SQL batches.
    pub fn work(&mut self, lab: &Lab, block: &Block) -> Result<Work, StepError> {
        if lab.dialect.procedural_batches() {
            return Work::tsql(&block.sql);
        }
        if let Some(known) = self.plans.get(&block.sql) {
            // The same catalog is most often the very same one, shared: compare pointers first.
            let same = |c: &Arc<Catalog>| Arc::ptr_eq(c, &lab.catalog) || **c == *lab.catalog;
            if let Some((_, plans)) = known.iter().find(|(c, _)| same(c)) {
                return plans.clone().map(Work::plans);
            }
        }
        let plans = self.make_plans(lab, block);
        self.plans
            .get_or_insert_with(block.sql.clone(), Default::default)
            .push((lab.catalog.clone(), plans.clone()));
        plans.map(Work::plans)
    }

    /// Whether a session's step or teardown, or an `#! expect sql` check, may read rows in
    /// PostgreSQL's heap order: a plan that sorts by `ql_heap` or scans a table it changes.
    /// Planned against the catalog the setup left; a step that does not plan there, or
    /// changes the catalog (after which the others would plan otherwise), may.
    pub fn heap_read(&mut self, lab: &Lab, spec: &crate::scenario::spec::Spec) -> bool {
        let heap_fn = crate::dialect::scan_order::HEAP_FN;
        let checks: Vec<Block> = (spec.expects.iter())
            .filter_map(|e| match &e.check {
                crate::scenario::expect::Expect::Sql { query, .. } => Some(Block {
                    sql: query.clone(),
                    pos: e.pos,
                }),
                _ => None,
            })
            .collect();
        let blocks = (spec.sessions.iter())
            .flat_map(|s| s.steps.iter().map(|st| &st.sql).chain(&s.teardown))
            .chain(&checks);
        for block in blocks {
            let plans = match self.work(lab, block) {
                Ok(Work::Plans { left, .. }) => left,
                _ => return true,
            };
            let reads = |p: &Plan| {
                matches!(p.kind, crate::dialect::PlanKind::Ddl { .. })
                    || !p.heap_scans.is_empty()
                    || p.sqlite
                        .iter()
                        .chain(&p.init_plans)
                        .any(|s| s.contains(heap_fn))
            };
            if plans.iter().any(|(p, _)| reads(p.as_ref())) {
                return true;
            }
        }
        false
    }

    fn make_plans(&mut self, lab: &Lab, block: &Block) -> Planned {
        let dialect = lab.dialect;
        let script = self.parsed(dialect, &block.sql);
        if let Some(d) = script.diagnostics.first() {
            return Err(StepError {
                class: ErrorClass::Other,
                native: crate::dialect::front::syntax_code(dialect).into(),
                message: d.message.clone(),
                pos: Some(d.pos),
                fixed_text: None,
            });
        }
        // Plans are made one by one against the catalog as it will be when each runs: the
        // DDL planned before a statement is applied to a copy first (the server, too, reads
        // each statement of a step only once the one before has run). A statement that
        // fails ends the step, so no later plan meets a catalog that did not come about.
        let mut catalog: Option<Catalog> = None;
        let mut plans = Vec::with_capacity(script.statements.len());
        for p in &script.statements {
            let ast = p.ast.duplicate()?;
            let written = std::sync::Arc::new((p.raw.text.clone(), p.raw.span));
            let pl = plan(dialect, &ast, catalog.as_ref().unwrap_or(&lab.catalog))?;
            if let crate::dialect::PlanKind::Ddl { change } = &pl.kind {
                catalog
                    .get_or_insert_with(|| (*lab.catalog).clone())
                    .apply(change);
            }
            plans.push((Arc::new(pl), written));
        }
        Ok(plans)
    }
}

/// A new lab with the spec's setup run in a hidden session (engine session 0), then each
/// session added (engine session i + 1 for spec session i) with its own setup run; for T-SQL,
/// each session's interpreter, as the setup left it. A setup statement that fails stops the
/// setup: the failure, as isolationtester prints it (`setup failed: ERROR:  ...`), comes
/// third, and no step may run (isolationtester gives up the test there).
pub fn set_up(
    spec: &Spec,
    dialect: Dialect,
    config: &super::Config,
    cache: &mut PlanCache,
) -> Result<(Lab, Vec<Interp>, Option<String>), StoreError> {
    let store = Store::open(config.step_budget)?;
    let mut lab = Lab::new(dialect, store);
    lab.clock = crate::engine::clock::Clock::starting_at(config.clock_start);
    let mut hidden = Interp::default();
    let setup = lab.add_session("setup");
    let mut failed = None;
    for b in &spec.setup {
        if failed.is_none() {
            failed = run_block(&mut lab, &mut hidden, setup, b, cache)
                .map(|e| format!("setup failed: {}", error_text(&lab, &e)));
        }
    }
    let mut interps = Vec::new();
    for s in &spec.sessions {
        let id = lab.add_session(&s.name);
        let mut interp = Interp::default();
        if let (Some(b), None) = (&s.setup, &failed) {
            failed = run_block(&mut lab, &mut interp, id, b, cache).map(|e| {
                format!(
                    "setup of session {} failed: {}",
                    s.name,
                    error_text(&lab, &e)
                )
            });
        }
        interps.push(interp);
    }
    Ok((lab, interps, failed))
}

/// An error as the vendor's client prints it (`ERROR:  ...` for PostgreSQL).
fn error_text(lab: &Lab, e: &StepError) -> String {
    lab.dialect
        .client_text("", &crate::trace::Outcome::Error(e.clone()))
}

/// Runs a setup block in engine session `s` up to its first error, which it returns. T-SQL
/// batches run on past a failed statement, as SQL Server runs them, and the first error is
/// returned when they end (a batch that does not parse runs nothing).
fn run_block(
    lab: &mut Lab,
    interp: &mut Interp,
    s: usize,
    block: &Block,
    cache: &mut PlanCache,
) -> Option<StepError> {
    if lab.dialect.procedural_batches() {
        let work = match Work::tsql(&block.sql) {
            Ok(work) => work,
            Err(e) => return Some(e),
        };
        let ran = advance(
            lab,
            interp,
            s,
            work,
            (None, Ticks::EngineStatements),
            usize::MAX,
        );
        return match ran.stop {
            super::program::Stop::Ended {
                outcome: crate::trace::Outcome::Error(e),
                ..
            } => Some(e),
            _ => None,
        };
    }
    // Each statement is planned against the catalog the statements before it made.
    let script = cache.parsed(lab.dialect, &block.sql).clone();
    for p in &script.statements {
        let planned = p
            .ast
            .duplicate()
            .and_then(|ast| plan(lab.dialect, &ast, &lab.catalog));
        let pl = match planned {
            Ok(pl) => pl,
            Err(e) => return Some(e),
        };
        let ring = pl.ring.clone();
        lab.tick();
        let (own, _) = lab.submit(s, Arc::new(pl), usize::MAX);
        if let crate::engine::lab::Submitted::Finished(f) = own {
            if let crate::trace::Outcome::Error(e) = f.outcome {
                return Some(e);
            }
        }
        if let Some(r) = ring {
            std::sync::Arc::make_mut(&mut lab.catalog).set_ring(r);
        }
    }
    None
}
