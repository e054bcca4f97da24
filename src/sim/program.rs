//! What a session runs for a step: a list of planned statements (PostgreSQL, MySQL) or T-SQL
//! batches for the session's interpreter. [`advance`] runs one until a statement waits, the
//! step ends, or its statement limit is reached; it is the only loop that submits a step's
//! statements to the engine.

use super::setup::Written;
use crate::dialect::catalog::Catalog;
use crate::dialect::front::ParsedStatement;
use crate::dialect::mssql::tsql::interp::{Interp, Next};
use crate::dialect::mssql::tsql::node::Batch;
use crate::dialect::mssql::tsql::reader::read_script;
use crate::dialect::{plan, Plan, PlanKind};
use crate::engine::lab::{Completion, Lab, Submitted};
use crate::engine::store::RowChange;
use crate::source::Span;
use crate::trace::{ErrorClass, Outcome, StepError, Success};
use std::collections::VecDeque;
use std::sync::Arc;

/// What a step has left to run.
#[derive(Debug, Clone)]
pub enum Work {
    /// Planned statements (a spec step) with the statements they came from, the result of
    /// the last one run, and the result sets of those before it (isolationtester prints
    /// every result of a step; the JSON line reports the last).
    Plans {
        left: VecDeque<(Arc<Plan>, Written)>,
        last: Outcome,
        earlier: Vec<Success>,
    },
    /// A script's statements, each planned against the catalog as it is when it runs. An
    /// error does not stop the rest: a client runs a script one statement at a time.
    Statements {
        left: VecDeque<ParsedStatement>,
        last: Outcome,
    },
    /// T-SQL batches for the session's interpreter, and the result the step shows so far.
    Tsql {
        batches: VecDeque<Batch>,
        shown: Option<Outcome>,
    },
}

/// One statement as it ran: what the trace of a script shows beside its result.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatementInfo {
    /// The statement as the user wrote it, and where.
    pub source: String,
    pub span: Span,
    /// The SQLite statements that really ran, and what the translation did.
    pub ran: Vec<String>,
    pub notes: Vec<String>,
    /// `-- note:` comments written above the statement.
    pub remarks: Vec<String>,
    /// The scenario clock it read, in seconds since the Unix epoch (formatted when shown).
    pub clock: i64,
    /// For PostgreSQL's EXECUTE: the prepared statement it ran, with its arguments in place
    /// (psql's command tag is that statement's: `UPDATE 1`, not `EXECUTE`).
    pub runs_as: Option<String>,
}

impl StatementInfo {
    /// The statement the client's command tag names: for EXECUTE, the prepared statement.
    pub fn tagged_source(&self) -> &str {
        self.runs_as.as_deref().unwrap_or(&self.source)
    }
}

/// The next thing a step does.
enum Move {
    Submit(Arc<Plan>, StatementInfo),
    /// A statement finished without the engine: a T-SQL SET, PRINT or IF, or a statement of
    /// a script that could not be read or planned.
    Done(Outcome, StatementInfo),
    End,
}

impl Work {
    /// A script's statements, parsed; for T-SQL its batches. Problems reading the text are
    /// the caller's to show: the statements or batches they spoil fail when they run.
    pub fn script(dialect: crate::dialect::Dialect, text: &str) -> Work {
        if dialect.procedural_batches() {
            return Work::Tsql {
                batches: read_script(text).batches.into(),
                shown: None,
            };
        }
        Work::Statements {
            left: crate::dialect::front::parse_script(dialect, text)
                .statements
                .into(),
            last: empty(),
        }
    }

    pub fn plans(plans: Vec<(Arc<Plan>, Written)>) -> Work {
        Work::Plans {
            left: plans.into(),
            last: empty(),
            earlier: Vec::new(),
        }
    }

    /// A T-SQL step's batches, or the error that stops it being read.
    pub fn tsql(sql: &str) -> Result<Work, StepError> {
        let read = read_script(sql);
        if let Some(d) = read.diagnostics.first() {
            return Err(StepError {
                class: ErrorClass::Other,
                native: crate::dialect::mssql::errors::SYNTAX_ERROR.into(),
                message: d.message.clone(),
                pos: Some(d.pos),
                fixed_text: None,
            });
        }
        Ok(Work::Tsql {
            batches: read.batches.into(),
            shown: None,
        })
    }

    fn next(&mut self, interp: &mut Interp, lab: &Lab) -> Move {
        match self {
            Work::Plans { left, .. } => left.pop_front().map_or(Move::End, |(p, written)| {
                // A spec step's statement: where it is written. What ran is not copied on
                // every move of every permutation; the plan cache has it.
                let info = StatementInfo {
                    source: written.0.clone(),
                    span: written.1,
                    ..Default::default()
                };
                Move::Submit(p, info)
            }),
            Work::Statements { left, .. } => match left.pop_front() {
                Some(p) => planned(p, lab.dialect, &lab.catalog),
                None => Move::End,
            },
            Work::Tsql { batches, .. } => loop {
                match interp.next(&lab.catalog) {
                    Next::Idle => match batches.pop_front() {
                        Some(b) => {
                            if b.repeat > 1 {
                                // `GO n`: the batch again, n - 1 more times.
                                let mut again = b.clone();
                                again.repeat -= 1;
                                batches.push_front(again);
                            }
                            interp.start(&b) // starting a batch is not a statement
                        }
                        None => return Move::End,
                    },
                    Next::Done(outcome, info) => return Move::Done(outcome, tsql_info(info)),
                    Next::Run(plan, info) => {
                        let mut info = tsql_info(info);
                        info.ran = plan.sqlite.clone();
                        return Move::Submit(Arc::from(plan), info);
                    }
                }
            },
        }
    }

    /// Takes a statement's outcome; false when the step stops at it (a list of statements
    /// stops at its first error, as a multi-statement query does; a T-SQL batch goes on).
    fn deliver(&mut self, interp: &mut Interp, outcome: Outcome) -> bool {
        match self {
            Work::Plans { last, earlier, .. } => {
                let failed = matches!(outcome, Outcome::Error(_));
                let mut outcome = outcome;
                if let Outcome::Ok(before) = &*last {
                    if before.columns.is_some() {
                        // Its notices travel on with the next result (below).
                        earlier.push(Success {
                            notices: Vec::new(),
                            ..before.clone()
                        });
                    }
                }
                // The client prints every statement's notices, as they come.
                if let (Outcome::Ok(before), Outcome::Ok(now)) = (&mut *last, &mut outcome) {
                    if !before.notices.is_empty() {
                        let mut notices = std::mem::take(&mut before.notices);
                        notices.append(&mut now.notices);
                        now.notices = notices;
                    }
                }
                *last = outcome;
                !failed
            }
            Work::Statements { last, .. } => {
                *last = outcome;
                true
            }
            Work::Tsql { shown, .. } => {
                let out = interp.deliver(outcome);
                *shown = Some(shown_result(shown.take(), out));
                true
            }
        }
    }

    /// Takes the outcome of a statement that finished without the engine.
    fn note(&mut self, outcome: Outcome) {
        match self {
            Work::Tsql { shown, .. } => *shown = Some(shown_result(shown.take(), outcome)),
            Work::Statements { last, .. } => *last = outcome,
            Work::Plans { .. } => {}
        }
    }

    fn has_more(&self, interp: &Interp) -> bool {
        match self {
            Work::Plans { left, .. } => !left.is_empty(),
            Work::Statements { left, .. } => !left.is_empty(),
            Work::Tsql { batches, .. } => interp.busy() || !batches.is_empty(),
        }
    }

    /// What the step shows now.
    pub fn shown(&self) -> Outcome {
        match self {
            Work::Plans { last, .. } | Work::Statements { last, .. } => last.clone(),
            Work::Tsql { shown, .. } => shown.clone().unwrap_or_else(empty),
        }
    }

    /// The result sets of a spec step's statements before the last one run.
    pub fn earlier(&self) -> Vec<Success> {
        match self {
            Work::Plans { earlier, .. } => earlier.clone(),
            _ => Vec::new(),
        }
    }

    /// The same work, starting to count its shown result afresh (after a pause).
    pub fn fresh(self) -> Work {
        match self {
            Work::Plans { left, .. } => Work::Plans {
                left,
                last: empty(),
                earlier: Vec::new(),
            },
            Work::Statements { left, .. } => Work::Statements {
                left,
                last: empty(),
            },
            Work::Tsql { batches, .. } => Work::Tsql {
                batches,
                shown: None,
            },
        }
    }

    /// Planned statements with nothing left.
    pub fn is_spent_list(&self) -> bool {
        matches!(self, Work::Plans { left, .. } if left.is_empty())
    }

    pub fn is_statements(&self) -> bool {
        matches!(self, Work::Statements { .. })
    }

    pub fn is_plans(&self) -> bool {
        matches!(self, Work::Plans { .. })
    }
}

/// Whether `work` has a statement left to run. A T-SQL batch may have only the ends of its
/// blocks and procedure frames left, which run no statement: a step stopped there is over,
/// not paused (otherwise choosing it again would be a move that runs nothing).
fn runs_more(work: &Work, interp: &Interp, lab: &Lab) -> bool {
    if !work.has_more(interp) {
        return false;
    }
    if !matches!(work, Work::Tsql { .. }) {
        return true;
    }
    let (mut work, mut interp) = (work.clone(), interp.clone());
    !matches!(work.next(&mut interp, lab), Move::End)
}

/// Which statements move the scenario clock on, one second each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ticks {
    /// Every statement of a script, those that never reach the engine too (a script's
    /// timestamps count its statements, as a reader steps through them).
    EveryStatement,
    /// Only statements the engine runs (spec runs, as recorded in their transcripts).
    EngineStatements,
}

/// Where [`advance`] stopped.
pub enum Stop {
    /// The step ended, or stopped at its statement limit with `rest` left to run.
    Ended {
        outcome: Outcome,
        /// The result sets before `outcome`'s statement (`Work::earlier`).
        earlier: Vec<Success>,
        rest: Option<Work>,
    },
    /// A statement waits for these (engine) sessions. `work` is what the step has left after
    /// it, `left` how many more statements its limit lets it run once the wait ends.
    Waiting {
        on: Vec<usize>,
        work: Work,
        left: Option<u32>,
    },
}

/// A step's run: where it stopped, the waiting statements of others it let finish, every
/// row it changed (rows a DDL statement rebuilt left out), and its last statement.
pub struct Ran {
    pub stop: Stop,
    pub completions: Vec<Completion>,
    pub changes: Vec<RowChange>,
    pub last: Option<StatementInfo>,
    /// How many statements it ran.
    pub count: u32,
}

/// Runs `work` for engine session `s` until a statement waits, the work ends, or `limit`
/// statements have run.
pub fn advance(
    lab: &mut Lab,
    interp: &mut Interp,
    s: usize,
    mut work: Work,
    (limit, ticks): (Option<u32>, Ticks),
    tag: usize,
) -> Ran {
    let mut ran = 0u32;
    let mut completions = Vec::new();
    let mut changes = Vec::new();
    let mut last = None;
    loop {
        if limit.is_some_and(|l| ran >= l) {
            let outcome = work.shown();
            let earlier = work.earlier();
            let rest = runs_more(&work, interp, lab).then(|| work.fresh());
            return Ran {
                stop: Stop::Ended {
                    outcome,
                    earlier,
                    rest,
                },
                completions,
                changes,
                last,
                count: ran,
            };
        }
        ran += 1;
        // Every statement moves the scenario clock on, one second each.
        let clock = lab.clock.now;
        let (plan, mut info) = match work.next(interp, lab) {
            Move::End => {
                ran -= 1;
                break;
            }
            Move::Done(outcome, info) => {
                if ticks == Ticks::EveryStatement {
                    lab.tick();
                }
                if matches!(outcome, Outcome::Error(_)) && work.is_statements() {
                    // A statement that could not be read or planned is an error to the
                    // server too (a PostgreSQL transaction is aborted by it).
                    let (undone, done) = lab.fail_unplanned(s);
                    changes.extend(undone);
                    completions.extend(done);
                }
                last = Some(StatementInfo { clock, ..info });
                work.note(outcome);
                continue;
            }
            Move::Submit(plan, mut info) => match expanded(lab, s, plan, &mut info) {
                Ok(plan) => (plan, info),
                Err(e) => {
                    if ticks == Ticks::EveryStatement {
                        lab.tick();
                    }
                    let (undone, done) = lab.fail_unplanned(s);
                    changes.extend(undone);
                    completions.extend(done);
                    last = Some(StatementInfo { clock, ..info });
                    if !work.deliver(interp, Outcome::Error(e)) {
                        break;
                    }
                    continue;
                }
            },
        };
        info.clock = clock;
        last = Some(info);
        lab.tick();
        let ring = plan.ring.clone();
        let ddl = matches!(plan.kind, PlanKind::Ddl { .. });
        let (own, done) = lab.submit(s, plan, tag);
        completions.extend(done);
        match own {
            Submitted::Finished(f) => {
                if let (Outcome::Ok(_), Some(r)) = (&f.outcome, ring) {
                    std::sync::Arc::make_mut(&mut lab.catalog).set_ring(r);
                }
                if !ddl {
                    changes.extend(f.changes);
                }
                if !work.deliver(interp, f.outcome) {
                    break;
                }
            }
            Submitted::Waiting(on) => {
                let left = limit.map(|l| l.saturating_sub(ran));
                return Ran {
                    stop: Stop::Waiting { on, work, left },
                    completions,
                    changes,
                    last,
                    count: ran,
                };
            }
        }
    }
    Ran {
        stop: Stop::Ended {
            outcome: work.shown(),
            earlier: work.earlier(),
            rest: None,
        },
        completions,
        changes,
        last,
        count: ran,
    }
}

/// PostgreSQL's EXECUTE as the prepared statement it runs (what ran is that statement's, in
/// `info`); any other plan as it is. An error ends the statement as a planning error would.
fn expanded(
    lab: &Lab,
    s: usize,
    plan: Arc<Plan>,
    info: &mut StatementInfo,
) -> Result<Arc<Plan>, crate::trace::StepError> {
    match lab.expand_execute(s, &plan) {
        None => Ok(plan),
        Some(Ok((p, text))) => {
            info.ran = p.sqlite.clone();
            info.notes = p.notes.clone();
            info.runs_as = Some(text);
            Ok(Arc::new(p))
        }
        Some(Err(mut e)) => {
            e.pos.get_or_insert(info.span.start);
            Err(e)
        }
    }
}

/// A script's statement, planned against the catalog now; an error is the statement's result,
/// pointing at the statement when it has no position of its own.
fn planned(p: ParsedStatement, dialect: crate::dialect::Dialect, catalog: &Catalog) -> Move {
    let mut info = StatementInfo {
        source: p.raw.text,
        span: p.raw.span,
        remarks: p.raw.remarks,
        ..Default::default()
    };
    let ast = match p.ast {
        Ok(ast) => ast,
        Err(e) => return Move::Done(Outcome::Error(e), info),
    };
    match plan(dialect, &ast, catalog) {
        Ok(pl) => {
            info.ran = pl.sqlite.clone();
            info.notes = pl.notes.clone();
            Move::Submit(Arc::new(pl), info)
        }
        Err(mut e) => {
            e.pos.get_or_insert(info.span.start);
            Move::Done(Outcome::Error(e), info)
        }
    }
}

fn tsql_info(i: crate::dialect::mssql::tsql::interp::StepInfo) -> StatementInfo {
    StatementInfo {
        source: i.text,
        span: i.span,
        notes: i.notes,
        remarks: i.remarks,
        ..Default::default()
    }
}

/// A waiting statement of `work` finished with `outcome`: let the work take it. False when
/// the step stops there (an error in a spec step's list: the server runs no more of it).
pub fn deliver_waited(work: &mut Work, interp: &mut Interp, outcome: Outcome) -> bool {
    match work {
        Work::Tsql { .. } | Work::Plans { .. } => work.deliver(interp, outcome),
        Work::Statements { .. } => true,
    }
}

/// What a T-SQL step shows: an error stays; else a result set stays unless a later one
/// replaces it; else the latest result.
fn shown_result(before: Option<Outcome>, new: Outcome) -> Outcome {
    match (before, new) {
        (Some(e @ Outcome::Error(_)), _) => e,
        (_, n @ Outcome::Error(_)) => n,
        (Some(Outcome::Ok(b)), Outcome::Ok(n)) if b.columns.is_some() && n.columns.is_none() => {
            Outcome::Ok(b)
        }
        (_, n) => n,
    }
}

fn empty() -> Outcome {
    Outcome::Ok(Default::default())
}
