//! The story of a spec's run, read off its snapshots: the timeline (a lane per session, a
//! block per step from the move that issued it to the move that ended it, the waits between)
//! and who waits for whom, in a sentence each. Pure functions of [`SpecRun`] and the spec, so
//! the host tests check them on real runs.

use super::run::{stopped_partway, SpecRun};
use queuelab::scenario::spec::Spec;
use queuelab::sim::snapshot::{Snapshot, WaitEdge};
use queuelab::trace::{ErrorClass, Event, EventKind, Outcome};

/// Every move made so far (also those after the cursor, which the scrubber can reach).
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// How many moves there are: the timeline's columns.
    pub moves: usize,
    /// One lane per session, in the spec's order.
    pub lanes: Vec<Lane>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lane {
    pub session: String,
    pub blocks: Vec<Block>,
}

/// One step as it ran: issued by move `start`, ended by move `end` (both 0-based, `end`
/// included; equal when it did not wait).
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub step: String,
    pub start: usize,
    /// `None` while it still waits after the last move.
    pub end: Option<usize>,
    /// The sessions it waited for, when it waited.
    pub waited_for: Vec<String>,
    pub ending: Ending,
}

/// How a block ended, as the timeline marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Ok,
    /// It ran its statement limit and stopped inside the step.
    Partway,
    Commit,
    Rollback,
    Error,
    /// Failed by the server to break a deadlock.
    Victim,
    /// Chosen for a session that was still waiting: the run stopped there.
    Invalid,
    /// Still waiting after the last move.
    Waiting,
}

impl Ending {
    /// The class name the view styles, and what the block says to a screen reader.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Ok => "ok",
            Ending::Partway => "partway",
            Ending::Commit => "commit",
            Ending::Rollback => "rollback",
            Ending::Error => "error",
            Ending::Victim => "victim",
            Ending::Invalid => "invalid",
            Ending::Waiting => "waiting",
        }
    }
}

/// The timeline of every move of `run`.
pub fn timeline(spec: &Spec, run: &SpecRun) -> Timeline {
    let mut lanes: Vec<Lane> = spec
        .sessions
        .iter()
        .map(|s| Lane {
            session: s.name.clone(),
            blocks: Vec::new(),
        })
        .collect();
    for (i, snap) in run.snapshots.iter().enumerate() {
        let partway = stopped_partway(snap);
        for (k, e) in snap.events.iter().enumerate() {
            let Some(lane) = lanes.iter_mut().find(|l| l.session == e.session) else {
                continue;
            };
            if e.kind == EventKind::Completed {
                // A wait ended: the session's open block ends here.
                if let Some(b) = lane.blocks.iter_mut().rev().find(|b| b.end.is_none()) {
                    b.end = Some(i);
                    b.ending = ending_of(spec, e, false);
                }
                continue;
            }
            let waits = e.kind == EventKind::Waiting;
            lane.blocks.push(Block {
                step: e.step.clone(),
                start: i,
                end: (!waits).then_some(i),
                waited_for: e.waits_for.clone(),
                ending: ending_of(spec, e, k == 0 && partway),
            });
        }
    }
    Timeline {
        moves: run.snapshots.len(),
        lanes,
    }
}

fn ending_of(spec: &Spec, e: &Event, partway: bool) -> Ending {
    match (&e.kind, &e.outcome) {
        (EventKind::Waiting | EventKind::StillWaiting, _) => Ending::Waiting,
        (EventKind::InvalidPermutation, _) => Ending::Invalid,
        (_, Some(Outcome::Error(err))) if err.class == ErrorClass::Deadlock => Ending::Victim,
        (_, Some(Outcome::Error(_))) => Ending::Error,
        _ if partway => Ending::Partway,
        // A COMMIT that ended an aborted transaction (PostgreSQL) rolled it back.
        (_, Some(Outcome::Ok(s))) if s.rolled_back => Ending::Rollback,
        _ => match ends_transaction(spec, &e.step) {
            Some(true) => Ending::Commit,
            Some(false) => Ending::Rollback,
            None => Ending::Ok,
        },
    }
}

/// `Some(true)` for a step whose last statement commits, `Some(false)` for one that rolls
/// back; `None` otherwise.
fn ends_transaction(spec: &Spec, step: &str) -> Option<bool> {
    let sql = spec
        .sessions
        .iter()
        .flat_map(|s| &s.steps)
        .find(|s| s.name == step)?
        .sql
        .sql
        .to_ascii_lowercase();
    let last = sql.trim().trim_end_matches(';').rsplit(';').next()?.trim();
    let words: Vec<&str> = last.split_whitespace().collect();
    match *words.first()? {
        "commit" | "end" => Some(true),
        // ROLLBACK TO [SAVEPOINT] x undoes part of the transaction, which goes on.
        "rollback" if words.contains(&"to") => None,
        "rollback" | "abort" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::ends_transaction;

    #[test]
    fn only_a_whole_rollback_or_commit_ends_the_transaction_on_the_timeline() {
        let (spec, _) = queuelab::scenario::spec::parse(
            "session a\nstep c { COMMIT; }\nstep r { ROLLBACK; }\nstep p { ROLLBACK TO SAVEPOINT x; }\nstep q { SELECT 1; ROLLBACK TO x; }\n",
        );
        let ends = |s| ends_transaction(&spec, s);
        assert_eq!(
            (ends("c"), ends("r"), ends("p"), ends("q")),
            (Some(true), Some(false), None, None)
        );
    }
}

/// One "waits for" edge as the graph draws it and the sentence beside it says it.
#[derive(Debug, Clone, PartialEq)]
pub struct WaitStory {
    pub waiter: String,
    pub holder: String,
    /// `FOR UPDATE on jobs id=1`; for a wait on an uncommitted duplicate key, what it is.
    pub wanted: String,
    /// The edge is part of the deadlock the move on screen ran into.
    pub deadlock: bool,
    pub sentence: String,
}

/// Who waits for whom at the cursor, with the deadlock this move ran into (its cycle; the
/// victim no longer waits). Edges in the snapshot's order, the cycle's after.
pub fn waits(run: &SpecRun) -> (Vec<WaitStory>, Option<String>) {
    let Some(shown) = run.shown() else {
        return (Vec::new(), None);
    };
    let upto = &run.snapshots[..run.cursor.min(run.snapshots.len())];
    // A deadlock's locks are as they were before the move that broke it (the victim's are gone).
    let before = &upto[..upto.len().saturating_sub(1)];
    let story = |e: &WaitEdge, deadlock: bool| {
        let wanted = wanted_text(shown, e);
        let snaps = if deadlock { before } else { upto };
        let origin = e
            .lock
            .as_ref()
            .and_then(|l| lock_origin(snaps, &l.table, l.rowid, &e.holder));
        // As the locks were when the wait began (a deadlock's victim has let go of its own).
        let held_for = (e.lock.as_ref().zip(snaps.last()))
            .and_then(|(l, at)| held_because(at, &l.table, l.rowid, &e.holder))
            .map(|why| format!(" for {why}"))
            .unwrap_or_default();
        let locked = match (&e.lock, origin) {
            (Some(_), Some(step)) => {
                format!(", which {} locked in step {step}{held_for}", e.holder)
            }
            (Some(_), None) => format!(", which {} holds", e.holder),
            (None, _) if e.gap.is_some() => format!(
                ", in a gap of that index which {} locked at REPEATABLE READ",
                e.holder
            ),
            (None, _) => e
                .table_lock
                .as_ref()
                .map(|w| table_wait_clause(shown, e, w))
                .unwrap_or_default(),
        };
        let verb = if deadlock { "waited" } else { "waits" };
        WaitStory {
            waiter: e.waiter.clone(),
            holder: e.holder.clone(),
            sentence: format!(
                "{} {verb} for {}: it wants {wanted}{locked}.",
                e.waiter, e.holder
            ),
            wanted,
            deadlock,
        }
    };
    let mut out: Vec<WaitStory> = shown.waits.iter().map(|e| story(e, false)).collect();
    let victim = shown.deadlocks.last().map(|d| d.victim.clone());
    for d in &shown.deadlocks {
        for e in &d.cycle {
            out.retain(|s| !(s.waiter == e.waiter && s.holder == e.holder));
            out.push(story(e, true));
        }
    }
    (out, victim)
}

/// `FOR UPDATE on jobs id=1`: the mode in the vendor's words, the table, and the row by its
/// first column as the table shows it (by rowid when the row is not in the picture).
fn wanted_text(shown: &Snapshot, e: &WaitEdge) -> String {
    if let Some(key) = &e.advisory {
        return format!("advisory lock {key}, which {} holds", e.holder);
    }
    if let Some(wanted) = &e.table_lock {
        return wanted.clone();
    }
    if let Some(insert) = &e.gap {
        return format!("to insert {insert}");
    }
    let Some(lock) = &e.lock else {
        return format!("to write a key that {}'s uncommitted row holds", e.holder);
    };
    let row = shown
        .tables
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(&lock.table))
        .and_then(|t| {
            let row = t.rows.iter().find(|r| r.rowid == lock.rowid)?;
            let column = t.columns.first()?;
            let value = row.values.first()?.text().unwrap_or_else(|| "NULL".into());
            Some(format!("{column}={value}"))
        })
        .unwrap_or_else(|| format!("rowid {}", lock.rowid));
    let why = (lock.because.as_ref()).map_or_else(String::new, |w| format!(" for {w}"));
    format!("{} on {} {row}{why}", lock.mode, lock.table)
}

/// Why `holder` holds its locks on the row, when every one of them was taken for the same
/// stated reason (a foreign-key check's shared lock on a parent row).
fn held_because(shown: &Snapshot, table: &str, rowid: i64, holder: &str) -> Option<String> {
    let mut held = (shown.locks.iter())
        .filter(|l| l.rowid == rowid && l.session == holder && l.table.eq_ignore_ascii_case(table));
    let first = held.next()?.because.clone()?;
    held.all(|l| l.because.as_ref() == Some(&first))
        .then_some(first)
}

/// `, which conflicts with b's jobs ACCESS SHARE`: what the holder holds on the table, or,
/// holding nothing there, that its own request is queued first (PostgreSQL grants a table's
/// requests in the order they came).
fn table_wait_clause(shown: &Snapshot, e: &WaitEdge, wanted: &str) -> String {
    let table = wanted.rsplit(' ').next().unwrap_or_default();
    let held: Vec<&str> = shown
        .sessions
        .iter()
        .find(|s| s.name == e.holder)
        .map(|s| {
            s.table_locks
                .iter()
                .filter(|l| l.split(' ').next() == Some(table))
                .map(String::as_str)
                .collect()
        })
        .unwrap_or_default();
    if held.is_empty() {
        format!(", queued behind {}'s own request for the table", e.holder)
    } else {
        format!(
            ", which conflicts with {}'s {}",
            e.holder,
            queuelab::join::join(&held, " and ")
        )
    }
}

/// The step in which `holder` took the lock it holds on the row: the move from which its
/// badge has been there without a break, up to the cursor.
fn lock_origin(
    snaps: &[std::rc::Rc<Snapshot>],
    table: &str,
    rowid: i64,
    holder: &str,
) -> Option<String> {
    let holds = |s: &Snapshot| {
        s.locks
            .iter()
            .any(|l| l.rowid == rowid && l.session == holder && l.table.eq_ignore_ascii_case(table))
    };
    let first = snaps.iter().rposition(|s| !holds(s)).map_or(0, |i| i + 1);
    let s = snaps.get(first)?;
    s.events
        .iter()
        .find(|e| e.session == holder)
        .map(|e| e.step.clone())
}
