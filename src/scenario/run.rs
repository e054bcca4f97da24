//! Runs a spec's permutations on the multi-session engine and reports each step event as
//! `spec-format.md` defines: `ok`/`error`, `waiting`, `completed` (right after the step that
//! released it, in the order the waits ended), `invalid_permutation`, `still_waiting`.

use super::spec::{Block, Spec};
use crate::dialect::catalog::Catalog;
use crate::dialect::front::{parse_script, Script};
use crate::dialect::mssql::tsql::interp::{Interp, Next};
use crate::dialect::mssql::tsql::node::Batch;
use crate::dialect::mssql::tsql::reader::read_script;
use crate::dialect::{plan, Dialect, Plan};
use crate::engine::lab::{Checkpoint, Completion, Lab, Submitted};
use crate::engine::store::RowChange;
use crate::engine::store::Store;
use crate::engine::RunConfig;
use crate::trace::{ErrorClass, Outcome, StepError, TableView};
use std::collections::BTreeMap;
use std::collections::VecDeque;

#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    Ok,
    Error,
    Waiting,
    Completed,
    InvalidPermutation,
    StillWaiting,
}

impl EventKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            EventKind::Ok => "ok",
            EventKind::Error => "error",
            EventKind::Waiting => "waiting",
            EventKind::Completed => "completed",
            EventKind::InvalidPermutation => "invalid_permutation",
            EventKind::StillWaiting => "still_waiting",
        }
    }
}

/// One step event.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub step: String,
    pub session: String,
    pub kind: EventKind,
    /// For ok, error and completed: the result of the step's last statement.
    pub outcome: Option<Outcome>,
    /// For waiting: the sessions it waits for.
    pub waits_for: Vec<String>,
}

/// One permutation's events.
#[derive(Debug, Clone, PartialEq)]
pub struct PermutationRun {
    pub steps: Vec<String>,
    pub events: Vec<Event>,
}

/// The dialect a spec is written in (`# dialect:`), PostgreSQL when it says none.
pub fn spec_dialect(spec: &Spec) -> Dialect {
    spec.dialect
        .as_deref()
        .and_then(Dialect::from_name)
        .unwrap_or(Dialect::Postgres)
}

/// The state after one step of a permutation: what a multi-session view draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The step that ran (its own event is the first of `events`).
    pub step: String,
    pub events: Vec<Event>,
    /// Every table, rows marked with what this step (and the waits it ended) changed.
    pub tables: Vec<TableView>,
    pub locks: Vec<LockBadge>,
    pub sessions: Vec<SessionView>,
}

/// A row lock for the table view's badges.
#[derive(Debug, Clone, PartialEq)]
pub struct LockBadge {
    pub table: String,
    pub rowid: i64,
    pub session: String,
    pub mode: &'static str,
}

/// A session as the multi-session view shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionView {
    pub name: String,
    pub in_transaction: bool,
    pub isolation: &'static str,
    /// PostgreSQL: the transaction failed and waits for ROLLBACK.
    pub aborted: bool,
    /// The step this session stopped partway through (`c1pop(statements 3)`), to go on with.
    pub inside: Option<String>,
    /// The sessions it waits for (empty when it does not wait).
    pub waits_for: Vec<String>,
}

pub fn run_permutation(spec: &Spec, steps: &[String], config: &RunConfig) -> PermutationRun {
    run_inner(spec, steps, config, None, &mut Cache::default())
}

/// Runs several permutations of one spec. The setup runs once: each permutation rewinds the
/// lab to the checkpoint taken after it. Each block of SQL is parsed once, and planned once
/// per catalog it meets.
pub fn run_permutations(
    spec: &Spec,
    permutations: &[Vec<String>],
    config: &RunConfig,
) -> Vec<PermutationRun> {
    let mut cache = Cache::default();
    let mut forked: Option<(Lab, usize, Checkpoint, Vec<Interp>)> = None;
    permutations
        .iter()
        .map(|p| {
            if forked.is_none() {
                forked = set_up(spec, config, &mut cache).and_then(|(mut lab, first, interps)| {
                    let c = lab.checkpoint()?;
                    Some((lab, first, c, interps))
                });
            }
            let rewound = forked.as_mut().and_then(|(lab, first, c, interps)| {
                if !lab.rewind(c) {
                    return None;
                }
                let mut interps = interps.clone();
                let run = play(lab, *first, &mut interps, spec, p, None, &mut cache);
                // The checkpoint must have held through the run, or its rows were wrong.
                lab.store.in_transaction().then_some(run)
            });
            rewound.unwrap_or_else(|| {
                forked = None;
                run_inner(spec, p, config, None, &mut cache)
            })
        })
        .collect()
}

/// Runs a permutation and records a [`Frame`] after every step.
pub fn run_permutation_traced(
    spec: &Spec,
    steps: &[String],
    config: &RunConfig,
) -> (PermutationRun, Vec<Frame>) {
    let mut frames = Vec::new();
    let run = run_inner(
        spec,
        steps,
        config,
        Some(&mut frames),
        &mut Cache::default(),
    );
    (run, frames)
}

fn run_inner(
    spec: &Spec,
    steps: &[String],
    config: &RunConfig,
    frames: Option<&mut Vec<Frame>>,
    cache: &mut Cache,
) -> PermutationRun {
    match set_up(spec, config, cache) {
        Some((mut lab, first, mut interps)) => {
            play(&mut lab, first, &mut interps, spec, steps, frames, cache)
        }
        None => PermutationRun {
            steps: steps.to_vec(),
            events: Vec::new(),
        },
    }
}

/// A new lab with the spec's setup run, and its sessions (from index `first`) with theirs;
/// for T-SQL, each session's interpreter (cursors and @@TRANCOUNT outlive a batch).
fn set_up(spec: &Spec, config: &RunConfig, cache: &mut Cache) -> Option<(Lab, usize, Vec<Interp>)> {
    let store = Store::open(config.step_budget).ok()?;
    let mut lab = Lab::new(spec_dialect(spec), store);
    let mut interps = vec![Interp::default()];
    let setup = lab.add_session("setup");
    for b in &spec.setup {
        run_block(&mut lab, &mut interps, setup, b, cache);
    }
    let first = lab.sessions.len();
    for s in &spec.sessions {
        let id = lab.add_session(&s.name);
        interps.push(Interp::default());
        if let Some(b) = &s.setup {
            run_block(&mut lab, &mut interps, id, b, cache);
        }
    }
    Some((lab, first, interps))
}

/// Runs a permutation's steps on a lab that is set up.
fn play(
    lab: &mut Lab,
    first: usize,
    interps: &mut [Interp],
    spec: &Spec,
    steps: &[String],
    mut frames: Option<&mut Vec<Frame>>,
    cache: &mut Cache,
) -> PermutationRun {
    let dialect = lab.dialect;
    let mut run = PermutationRun {
        steps: steps.to_vec(),
        events: Vec::new(),
    };
    // The statements each waiting step still has to run after the one that waits.
    let mut pending: Vec<Option<Waiter>> = vec![None; lab.sessions.len()];
    // Steps stopped after `(statements n)`, to go on when named again.
    let mut paused: Vec<Option<Paused>> = vec![None; lab.sessions.len()];
    for (i, item) in steps.iter().enumerate() {
        let (name, limit) = split_item(item);
        let Some((sdef, step)) = spec.step(name) else {
            continue;
        };
        let Some(s) = spec
            .sessions
            .iter()
            .position(|x| x.name == sdef.name)
            .map(|p| p + first)
        else {
            continue;
        };
        if pending[s].is_some() {
            // The rest of the permutation is skipped; steps still waiting are reported below.
            run.events
                .push(bare(name, &sdef.name, EventKind::InvalidPermutation));
            break;
        }
        let resumed = match paused[s].take() {
            Some((p, w)) if p == name => Some(w),
            Some(other) => {
                // Another step of a session that is inside a step: not a valid order.
                paused[s] = Some(other);
                run.events
                    .push(bare(name, &sdef.name, EventKind::InvalidPermutation));
                break;
            }
            None => None,
        };
        let work = match resumed {
            Some(w) => Ok(w),
            None if dialect == Dialect::MsSql => {
                tsql_batches(&step.sql.sql).map(|batches| Work::Tsql {
                    batches,
                    shown: None,
                })
            }
            None => plans_of(lab, dialect, &step.sql, cache).map(Work::Plans),
        };
        let work = match work {
            Ok(w) => w,
            Err(e) => {
                // A step that cannot be read or planned fails as a whole.
                run.events.push(finished(
                    name,
                    &sdef.name,
                    EventKind::Error,
                    Outcome::Error(e),
                ));
                continue;
            }
        };
        let before = run.events.len();
        let mut changes = Vec::new();
        let (own, completions, rest) = run_work(
            lab,
            interps,
            s,
            work,
            (i, limit),
            name,
            &mut pending,
            &mut changes,
        );
        if let Some(rest) = rest {
            paused[s] = Some((name.to_string(), rest));
        }
        run.events.push(own);
        report(
            lab,
            interps,
            &mut run,
            completions,
            (&mut pending, &mut paused),
            &mut changes,
        );
        if let Some(frames) = frames.as_deref_mut() {
            let inside: Vec<Option<String>> = paused
                .iter()
                .map(|p| p.as_ref().map(|(n, _)| n.clone()))
                .collect();
            frames.push(frame(
                lab,
                name,
                run.events[before..].to_vec(),
                &changes,
                &inside,
            ));
        }
    }
    for (s, p) in pending.iter().enumerate() {
        if let Some((name, _, _)) = p {
            run.events
                .push(bare(name, &lab.sessions[s].name, EventKind::StillWaiting));
        }
    }
    run
}

/// A step waiting for locks: its name, what it has left to run, and how many more statements
/// its `(statements n)` limit lets it run once the wait ends.
type Waiter = (String, Work, Option<u32>);

/// A step stopped after its `(statements n)` limit: its name and what it has left.
type Paused = (String, Work);

/// What a step has left to run.
#[derive(Debug, Clone)]
enum Work {
    /// MySQL, PostgreSQL: planned statements.
    Plans(Vec<Plan>),
    /// T-SQL: batches for the session's interpreter, and the result the step shows so far.
    Tsql {
        batches: VecDeque<Batch>,
        shown: Option<Outcome>,
    },
}

/// A T-SQL step's batches, or the error that stops it being read.
fn tsql_batches(sql: &str) -> Result<VecDeque<Batch>, StepError> {
    let read = read_script(sql);
    if let Some(d) = read.diagnostics.first() {
        return Err(StepError {
            class: ErrorClass::Other,
            native: "102".into(),
            message: d.message.clone(),
            pos: Some(d.pos),
            fixed_text: None,
        });
    }
    Ok(read.batches.into())
}

#[allow(clippy::too_many_arguments)]
fn run_work(
    lab: &mut Lab,
    interps: &mut [Interp],
    s: usize,
    work: Work,
    (tag, limit): (usize, Option<u32>),
    name: &str,
    pending: &mut [Option<Waiter>],
    changes: &mut Vec<RowChange>,
) -> Ran {
    match work {
        Work::Plans(plans) => run_step(lab, s, plans, (tag, limit), name, pending, changes),
        Work::Tsql { batches, shown } => run_tsql(
            lab,
            interps,
            s,
            (batches, shown),
            (tag, limit),
            name,
            pending,
            changes,
        ),
    }
}

/// A permutation written on one line (`c1pop(statements 8) c2pop c1pop`), as entries.
pub fn permutation_entries(line: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for word in line.split_whitespace() {
        match out.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
        let last = out.last().map(String::as_str).unwrap_or_default();
        open = last.matches('(').count() > last.matches(')').count();
    }
    out
}

/// A permutation entry: `c1pop(statements 4)` → (`c1pop`, Some(4)).
pub fn split_item(item: &str) -> (&str, Option<u32>) {
    match item.split_once("(statements ") {
        Some((name, rest)) => (name, rest.trim_end_matches(')').trim().parse().ok()),
        None => (item, None),
    }
}

/// A step event, the completions it caused, and what is left of the step when it stopped
/// after its statement limit.
type Ran = (Event, Vec<Completion>, Option<Work>);

/// Runs a T-SQL step statement by statement (procedure bodies included) until one waits or
/// its batches end. It shows its last error, else its last result set, else its last result.
#[allow(clippy::too_many_arguments)]
fn run_tsql(
    lab: &mut Lab,
    interps: &mut [Interp],
    s: usize,
    (mut batches, mut shown): (VecDeque<Batch>, Option<Outcome>),
    (tag, limit): (usize, Option<u32>),
    name: &str,
    pending: &mut [Option<Waiter>],
    changes: &mut Vec<RowChange>,
) -> Ran {
    let session = lab.sessions[s].name.clone();
    let mut all = Vec::new();
    let mut ran = 0u32;
    let mut rest = None;
    loop {
        if limit.is_some_and(|l| ran >= l) {
            if interps[s].busy() || !batches.is_empty() {
                rest = Some(Work::Tsql {
                    batches,
                    shown: None,
                });
            }
            break;
        }
        ran += 1;
        let next = interps[s].next(&lab.catalog);
        let out = match next {
            Next::Idle => match batches.pop_front() {
                Some(b) => {
                    ran -= 1; // starting a batch is not a statement
                    interps[s].start(&b);
                    continue;
                }
                None => break,
            },
            Next::Done(outcome, _) => outcome,
            Next::Run(plan, _) => {
                lab.tick();
                let (own, completions) = lab.submit(s, *plan, tag);
                all.extend(completions);
                match own {
                    Submitted::Finished(f) => {
                        changes.extend(f.changes);
                        interps[s].deliver(f.outcome)
                    }
                    Submitted::Waiting(on) => {
                        pending[s] = Some((
                            name.to_string(),
                            Work::Tsql { batches, shown },
                            limit.map(|l| l.saturating_sub(ran)),
                        ));
                        let mut e = bare(name, &session, EventKind::Waiting);
                        e.waits_for = on.iter().map(|x| lab.sessions[*x].name.clone()).collect();
                        return (e, all, None);
                    }
                }
            }
        };
        shown = Some(shown_result(shown, out));
    }
    let last = shown.unwrap_or(Outcome::Ok(Default::default()));
    let kind = match last {
        Outcome::Ok(_) => EventKind::Ok,
        Outcome::Error(_) => EventKind::Error,
    };
    (finished(name, &session, kind, last), all, rest)
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

/// Runs a step's statements until one waits or all are done.
fn run_step(
    lab: &mut Lab,
    s: usize,
    plans: Vec<Plan>,
    (tag, limit): (usize, Option<u32>),
    name: &str,
    pending: &mut [Option<Waiter>],
    changes: &mut Vec<RowChange>,
) -> Ran {
    let session = lab.sessions[s].name.clone();
    let mut last = Outcome::Ok(Default::default());
    let mut all = Vec::new();
    let mut rest = plans.into_iter();
    let mut ran = 0u32;
    while let Some(p) = rest.next() {
        if limit.is_some_and(|l| ran >= l) {
            let mut left = vec![p];
            left.extend(rest);
            let kind = match last {
                Outcome::Ok(_) => EventKind::Ok,
                Outcome::Error(_) => EventKind::Error,
            };
            return (
                finished(name, &session, kind, last),
                all,
                Some(Work::Plans(left)),
            );
        }
        ran += 1;
        lab.tick();
        let (own, completions) = lab.submit(s, p, tag);
        all.extend(completions);
        match own {
            // A step stops at its first failing statement, as a multi-statement query does.
            Submitted::Finished(f) if matches!(f.outcome, Outcome::Error(_)) => {
                changes.extend(f.changes);
                last = f.outcome;
                break;
            }
            Submitted::Finished(f) => {
                changes.extend(f.changes);
                last = f.outcome;
            }
            Submitted::Waiting(on) => {
                pending[s] = Some((
                    name.to_string(),
                    Work::Plans(rest.collect()),
                    limit.map(|l| l.saturating_sub(ran)),
                ));
                let mut e = bare(name, &session, EventKind::Waiting);
                e.waits_for = on.iter().map(|x| lab.sessions[*x].name.clone()).collect();
                return (e, all, None);
            }
        }
    }
    let kind = match last {
        Outcome::Ok(_) => EventKind::Ok,
        Outcome::Error(_) => EventKind::Error,
    };
    (finished(name, &session, kind, last), all, None)
}

/// Reports completions; a completed step with statements left runs them (which may release
/// or block others in turn).
/// A step that stops partway after its wait ends is `paused`, as after its limit in `play`.
fn report(
    lab: &mut Lab,
    interps: &mut [Interp],
    run: &mut PermutationRun,
    mut completions: Vec<Completion>,
    (pending, paused): (&mut [Option<Waiter>], &mut [Option<Paused>]),
    changes: &mut Vec<RowChange>,
) {
    while !completions.is_empty() {
        let c = completions.remove(0);
        changes.extend(c.finished.changes.iter().cloned());
        let Some((name, work, left)) = pending[c.session].take() else {
            continue;
        };
        let session = lab.sessions[c.session].name.clone();
        let work = match work {
            Work::Plans(rest) if rest.is_empty() || left == Some(0) => {
                run.events.push(finished(
                    &name,
                    &session,
                    EventKind::Completed,
                    c.finished.outcome,
                ));
                if !rest.is_empty() {
                    paused[c.session] = Some((name, Work::Plans(rest)));
                }
                continue;
            }
            Work::Plans(rest) => Work::Plans(rest),
            Work::Tsql { batches, shown } => {
                let out = interps[c.session].deliver(c.finished.outcome);
                Work::Tsql {
                    batches,
                    shown: Some(shown_result(shown, out)),
                }
            }
        };
        let (own, more, rest) = run_work(
            lab,
            interps,
            c.session,
            work,
            (c.tag, left),
            &name,
            pending,
            changes,
        );
        if let Some(rest) = rest {
            paused[c.session] = Some((name.clone(), rest));
        }
        if own.kind != EventKind::Waiting {
            let mut e = own;
            e.kind = EventKind::Completed;
            run.events.push(e);
        }
        completions.extend(more);
    }
}

/// What a spec run learns once and uses in every permutation: scripts parsed by their SQL
/// text, and their plans for each catalog met (plans depend on nothing else).
#[derive(Default)]
struct Cache {
    scripts: BTreeMap<String, Script>,
    plans: BTreeMap<String, Vec<(Catalog, Planned)>>,
}

/// A block's plans, or the error that stops its step.
type Planned = Result<Vec<Plan>, StepError>;

fn parsed<'a>(cache: &'a mut Cache, dialect: Dialect, sql: &str) -> &'a Script {
    cache
        .scripts
        .entry(sql.to_string())
        .or_insert_with(|| parse_script(dialect, sql))
}

fn plans_of(
    lab: &Lab,
    dialect: Dialect,
    sql: &Block,
    cache: &mut Cache,
) -> Result<Vec<Plan>, StepError> {
    if let Some(known) = cache.plans.get(&sql.sql) {
        if let Some((_, plans)) = known.iter().find(|(c, _)| *c == lab.catalog) {
            return plans.clone();
        }
    }
    let plans = make_plans(lab, dialect, sql, cache);
    cache
        .plans
        .entry(sql.sql.clone())
        .or_default()
        .push((lab.catalog.clone(), plans.clone()));
    plans
}

fn make_plans(
    lab: &Lab,
    dialect: Dialect,
    sql: &Block,
    cache: &mut Cache,
) -> Result<Vec<Plan>, StepError> {
    let script = parsed(cache, dialect, &sql.sql);
    if let Some(d) = script.diagnostics.first() {
        return Err(StepError {
            class: ErrorClass::Other,
            native: crate::dialect::front::syntax_code(dialect).into(),
            message: d.message.clone(),
            pos: Some(d.pos),
            fixed_text: None,
        });
    }
    // Plans are made one by one against the catalog as it will be: DDL inside a step is
    // planned before it runs, which is enough for the statements specs use.
    script
        .statements
        .iter()
        .map(|p| {
            let ast = p.ast.clone()?;
            plan(dialect, &ast, &lab.catalog)
        })
        .collect()
}

/// Runs a setup or teardown block to the end, in its own session; errors are ignored.
fn run_block(lab: &mut Lab, interps: &mut [Interp], s: usize, block: &Block, cache: &mut Cache) {
    if lab.dialect == Dialect::MsSql {
        if let Ok(batches) = tsql_batches(&block.sql) {
            let mut pending = vec![None; lab.sessions.len()];
            let _ = run_tsql(
                lab,
                interps,
                s,
                (batches, None),
                (usize::MAX, None),
                "setup",
                &mut pending,
                &mut Vec::new(),
            );
        }
        return;
    }
    let script = parsed(cache, lab.dialect, &block.sql).clone();
    for p in &script.statements {
        let Ok(ast) = &p.ast else { continue };
        let Ok(pl) = plan(lab.dialect, ast, &lab.catalog) else {
            continue;
        };
        let ring = pl.ring.clone();
        lab.tick();
        let _ = lab.submit(s, pl, usize::MAX);
        if let Some(r) = ring {
            lab.catalog.set_ring(r);
        }
    }
}

fn bare(step: &str, session: &str, kind: EventKind) -> Event {
    Event {
        step: step.to_string(),
        session: session.to_string(),
        kind,
        outcome: None,
        waits_for: Vec::new(),
    }
}

fn finished(step: &str, session: &str, kind: EventKind, outcome: Outcome) -> Event {
    Event {
        outcome: Some(outcome),
        ..bare(step, session, kind)
    }
}

fn frame(
    lab: &Lab,
    step: &str,
    events: Vec<Event>,
    changes: &[RowChange],
    inside: &[Option<String>],
) -> Frame {
    let tables = lab
        .store
        .tables()
        .map(|t| crate::engine::snapshot::table_views(t, changes))
        .unwrap_or_default();
    let session_of = |t| {
        lab.txns
            .session_of(t)
            .and_then(|s| lab.sessions.get(s))
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    let locks = lab
        .locks
        .all()
        .flat_map(|(row, holders)| {
            holders
                .iter()
                .map(move |(t, m)| (row.clone(), *t, m.label()))
        })
        .map(|(row, t, mode)| LockBadge {
            table: row.table,
            rowid: row.rowid,
            session: session_of(t),
            mode,
        })
        .collect();
    let sessions = lab
        .sessions
        .iter()
        .enumerate()
        .skip(1) // the setup session
        .map(|(i, s)| SessionView {
            name: s.name.clone(),
            in_transaction: s.txn.is_some(),
            isolation: s
                .txn
                .and_then(|t| lab.txns.get(t))
                .map(|t| t.isolation)
                .unwrap_or(s.default_isolation)
                .label(),
            aborted: s.aborted,
            inside: inside.get(i).cloned().flatten(),
            waits_for: lab
                .blocker_sessions(i)
                .into_iter()
                .filter_map(|b| lab.sessions.get(b).map(|x| x.name.clone()))
                .collect(),
        })
        .collect();
    Frame {
        step: step.to_string(),
        events,
        tables,
        locks,
        sessions,
    }
}
