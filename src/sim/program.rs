//! What a session runs for a step: a list of planned statements (PostgreSQL, MySQL) or T-SQL
//! batches for the session's interpreter. [`advance`] runs one until a statement waits, the
//! step ends, or its statement limit is reached; it is the only loop that submits a step's
//! statements to the engine.

use crate::dialect::catalog::Catalog;
use crate::dialect::mssql::tsql::interp::{Interp, Next};
use crate::dialect::mssql::tsql::node::Batch;
use crate::dialect::mssql::tsql::reader::read_script;
use crate::dialect::Plan;
use crate::engine::lab::{Completion, Lab, Submitted};
use crate::engine::store::RowChange;
use crate::trace::{ErrorClass, Outcome, StepError};
use std::collections::VecDeque;

/// What a step has left to run.
#[derive(Debug, Clone)]
pub enum Work {
    /// Planned statements, and the result of the last one run.
    Plans { left: VecDeque<Plan>, last: Outcome },
    /// T-SQL batches for the session's interpreter, and the result the step shows so far.
    Tsql {
        batches: VecDeque<Batch>,
        shown: Option<Outcome>,
    },
}

/// The next thing a step does.
enum Move {
    Submit(Box<Plan>),
    /// A statement the interpreter finished without the engine (SET, PRINT, IF, ...).
    Done(Outcome),
    End,
}

impl Work {
    pub fn plans(plans: Vec<Plan>) -> Work {
        Work::Plans {
            left: plans.into(),
            last: empty(),
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

    fn next(&mut self, interp: &mut Interp, catalog: &Catalog) -> Move {
        match self {
            Work::Plans { left, .. } => left
                .pop_front()
                .map_or(Move::End, |p| Move::Submit(Box::new(p))),
            Work::Tsql { batches, .. } => loop {
                match interp.next(catalog) {
                    Next::Idle => match batches.pop_front() {
                        Some(b) => interp.start(&b), // starting a batch is not a statement
                        None => return Move::End,
                    },
                    Next::Done(outcome, _) => return Move::Done(outcome),
                    Next::Run(plan, _) => return Move::Submit(plan),
                }
            },
        }
    }

    /// Takes a statement's outcome; false when the step stops at it (a list of statements
    /// stops at its first error, as a multi-statement query does; a T-SQL batch goes on).
    fn deliver(&mut self, interp: &mut Interp, outcome: Outcome) -> bool {
        match self {
            Work::Plans { last, .. } => {
                let failed = matches!(outcome, Outcome::Error(_));
                *last = outcome;
                !failed
            }
            Work::Tsql { shown, .. } => {
                let out = interp.deliver(outcome);
                *shown = Some(shown_result(shown.take(), out));
                true
            }
        }
    }

    fn note(&mut self, outcome: Outcome) {
        if let Work::Tsql { shown, .. } = self {
            *shown = Some(shown_result(shown.take(), outcome));
        }
    }

    fn has_more(&self, interp: &Interp) -> bool {
        match self {
            Work::Plans { left, .. } => !left.is_empty(),
            Work::Tsql { batches, .. } => interp.busy() || !batches.is_empty(),
        }
    }

    /// What the step shows now.
    fn shown(&self) -> Outcome {
        match self {
            Work::Plans { last, .. } => last.clone(),
            Work::Tsql { shown, .. } => shown.clone().unwrap_or_else(empty),
        }
    }

    /// The same work, starting to count its shown result afresh (after a pause).
    pub fn fresh(self) -> Work {
        match self {
            Work::Plans { left, .. } => Work::Plans {
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

    pub fn is_plans(&self) -> bool {
        matches!(self, Work::Plans { .. })
    }
}

/// Where [`advance`] stopped.
pub enum Stop {
    /// The step ended, or stopped at its statement limit with `rest` left to run.
    Ended {
        outcome: Outcome,
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

/// A step's run: where it stopped, the waiting statements of others it let finish, and every
/// row it changed.
pub struct Ran {
    pub stop: Stop,
    pub completions: Vec<Completion>,
    pub changes: Vec<RowChange>,
}

/// Runs `work` for engine session `s` until a statement waits, the work ends, or `limit`
/// statements have run.
pub fn advance(
    lab: &mut Lab,
    interp: &mut Interp,
    s: usize,
    mut work: Work,
    limit: Option<u32>,
    tag: usize,
) -> Ran {
    let mut ran = 0u32;
    let mut completions = Vec::new();
    let mut changes = Vec::new();
    loop {
        if limit.is_some_and(|l| ran >= l) {
            let outcome = work.shown();
            let rest = work.has_more(interp).then(|| work.fresh());
            return Ran {
                stop: Stop::Ended { outcome, rest },
                completions,
                changes,
            };
        }
        ran += 1;
        let plan = match work.next(interp, &lab.catalog) {
            Move::End => break,
            Move::Done(outcome) => {
                work.note(outcome);
                continue;
            }
            Move::Submit(plan) => plan,
        };
        lab.tick();
        let (own, done) = lab.submit(s, *plan, tag);
        completions.extend(done);
        match own {
            Submitted::Finished(f) => {
                changes.extend(f.changes);
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
                };
            }
        }
    }
    Ran {
        stop: Stop::Ended {
            outcome: work.shown(),
            rest: None,
        },
        completions,
        changes,
    }
}

/// A waiting statement of `work` finished with `outcome`: let the work take it.
pub fn deliver_waited(work: &mut Work, interp: &mut Interp, outcome: Outcome) {
    if let Work::Tsql { .. } = work {
        work.deliver(interp, outcome);
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
