//! The multi-session engine on small specs: who waits, who skips, what a waiter gets, who is
//! the deadlock victim. Expected events follow PostgreSQL's documented behaviour; the
//! conformance suite (tests/conformance/) checks the same against real servers.

mod common;

use common::summary;
use queuelab::scenario::resolve;
use queuelab::scenario::schedule::Schedule;
use queuelab::sim::{run_permutation, run_permutations, Config};
use queuelab::trace::{Event, EventKind};

fn run(file: &str, permutation: &str) -> Vec<Event> {
    let text =
        std::fs::read_to_string(format!("{}/tests/specs/{file}", env!("CARGO_MANIFEST_DIR")))
            .expect("spec exists");
    let r = resolve(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let schedule = Schedule::parse(permutation, &r.spec).expect("steps exist");
    run_permutation(&r.spec, &schedule, &Config::default()).events
}

#[test]
fn skip_locked_consumers_take_different_rows() {
    assert_eq!(
        summary(&run("pg-skip-locked.spec", "c1pop c2pop c1c c2c")),
        ["c1pop:ok:[1]", "c2pop:ok:[2]", "c1c:ok", "c2c:ok"]
    );
}

#[test]
fn a_for_update_waiter_fetches_on_past_the_deleted_row() {
    assert_eq!(
        summary(&run("pg-for-update-wait.spec", "c1pop c2lock c1c c2c")),
        [
            "c1pop:ok:[1]",
            "c2lock:waiting",
            "c1c:ok",
            "c2lock:completed:[2]",
            "c2c:ok"
        ]
    );
}

#[test]
fn a_min_subquery_waiter_gets_no_row_after_the_delete_commits() {
    assert_eq!(
        summary(&run("pg-for-update-wait.spec", "c1pop c2min c1c c2c")),
        [
            "c1pop:ok:[1]",
            "c2min:waiting",
            "c1c:ok",
            "c2min:completed:[]",
            "c2c:ok"
        ]
    );
}

#[test]
fn after_a_rollback_the_waiter_gets_the_row_back() {
    assert_eq!(
        summary(&run("pg-for-update-wait.spec", "c1pop c2lock c1r c2c")),
        [
            "c1pop:ok:[1]",
            "c2lock:waiting",
            "c1r:ok",
            "c2lock:completed:[1]",
            "c2c:ok"
        ]
    );
}

#[test]
fn the_wait_that_closes_a_cycle_is_the_deadlock_victim() {
    let events = run("pg-deadlock.spec", "a1 b1 a2 b2 ac bc");
    assert_eq!(
        summary(&events),
        [
            "a1:ok",
            "b1:ok",
            "a2:waiting",
            "b2:error:40P01",
            "a2:completed",
            "ac:ok",
            "bc:ok"
        ]
    );
}

#[test]
fn a_step_of_a_waiting_session_makes_the_permutation_invalid() {
    let events = run("pg-for-update-wait.spec", "c1pop c2lock c2c c1c");
    let kinds: Vec<&EventKind> = events.iter().map(|e| &e.kind).collect();
    // The waiting statement is cancelled: it reports nothing more (spec-format.md).
    assert_eq!(
        kinds,
        [
            &EventKind::Ok,
            &EventKind::Waiting,
            &EventKind::InvalidPermutation,
        ]
    );
}

#[test]
fn steps_still_waiting_at_the_end_are_reported() {
    let events = run("pg-for-update-wait.spec", "c1pop c2lock");
    assert_eq!(
        summary(&events),
        ["c1pop:ok:[1]", "c2lock:waiting", "c2lock:still_waiting"]
    );
}

#[test]
fn traced_runs_show_locks_waits_and_changed_rows_after_each_step() {
    use queuelab::sim::run_permutation_traced;
    use queuelab::trace::Mark;
    let text = std::fs::read_to_string(format!(
        "{}/tests/specs/pg-for-update-wait.spec",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("spec exists");
    let r = resolve(&text);
    let schedule = Schedule::parse("c1pop c2lock c1c c2c", &r.spec).expect("steps exist");
    let (_, frames) = run_permutation_traced(&r.spec, &schedule, &Config::default());
    assert_eq!(frames.len(), 4);
    // After c1's pop: row 1 is a ghost of the delete, locked FOR UPDATE by c1.
    let jobs = &frames[0].tables[0];
    assert!(jobs
        .rows
        .iter()
        .any(|row| row.rowid == 1 && row.mark == Mark::Deleted));
    let badge = &frames[0].locks[0];
    assert_eq!(
        (badge.rowid, badge.session.as_str(), badge.mode),
        (1, "c1", "FOR UPDATE")
    );
    // c2 waits for c1.
    let c2 = frames[1]
        .sessions
        .iter()
        .find(|s| s.name == "c2")
        .expect("c2");
    assert_eq!(c2.waits_for, ["c1"]);
    assert!(c2.in_transaction);
    // c1's commit ends the wait: its frame carries c2's completion and c2's lock on row 2.
    let kinds: Vec<&str> = frames[2].events.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["ok", "completed"]);
    assert!(frames[2]
        .locks
        .iter()
        .any(|b| b.rowid == 2 && b.session == "c2"));
    assert!(frames[2].sessions.iter().all(|s| s.waits_for.is_empty()));
    assert!(frames[3].locks.is_empty());
}

/// Permutations run together share one setup (each rewinds to a checkpoint taken after it);
/// they must give exactly what each gives when run on a lab of its own.
#[test]
fn shared_setup_runs_equal_fresh_runs() {
    let mut checked = 0;
    for f in common::all_spec_files() {
        let r = resolve(&std::fs::read_to_string(&f).expect("readable"));
        let together = run_permutations(&r.spec, r.schedules(), &Config::default());
        for (p, run) in r.schedules().zip(&together) {
            let alone = run_permutation(&r.spec, &p, &Config::default());
            assert_eq!(run, &alone, "{} permutation {p:?}", f.display());
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} permutations found");
}

#[test]
fn a_setup_that_fails_is_reported_as_isolationtester_reports_it_and_no_step_runs() {
    let r = resolve(
        "# dialect: postgres\n\
         setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (1); }\n\
         session s\nstep s1 { SELECT count(*) FROM jobs; }\npermutation s1\npermutation s1\n",
    );
    let runs = run_permutations(&r.spec, r.schedules(), &Config::default());
    assert_eq!(
        runs[0].setup_failed.as_deref(),
        Some("setup failed: ERROR:  duplicate key value violates unique constraint \"jobs_pkey\"")
    );
    assert!(runs.iter().all(|run| run.events.is_empty()));
    let text =
        queuelab::render::transcript::spec_text(queuelab::sim::dialect_of(&r.spec), &r.spec, &runs);
    assert_eq!(
        text, "Parsed test spec with 1 sessions\n\nstarting permutation: s1\n",
        "isolationtester stops at the failed setup"
    );
    let session = resolve(
        "# dialect: mysql\nsetup { CREATE TABLE jobs (id int PRIMARY KEY); }\n\
         session s\nsetup { INSERT INTO nope VALUES (1); }\nstep s1 { SELECT 1; }\n",
    );
    let runs = run_permutations(&session.spec, session.schedules(), &Config::default());
    assert_eq!(
        runs[0].setup_failed.as_deref(),
        Some("setup of session s failed: ERROR 1146 (42S02): Table 'test.nope' doesn't exist")
    );
}

#[test]
fn a_session_setup_may_execute_what_it_prepared() {
    let r = resolve(
        "# dialect: postgres\n\
         setup { CREATE TABLE jobs (id int PRIMARY KEY, owner text); }\n\
         session s\n\
         setup { PREPARE add(int) AS INSERT INTO jobs VALUES ($1, NULL); EXECUTE add(7); EXECUTE add(8); }\n\
         step s1 { SELECT id FROM jobs ORDER BY id; }\n",
    );
    let runs = run_permutations(&r.spec, r.schedules(), &Config::default());
    assert_eq!(runs[0].setup_failed, None);
    assert_eq!(summary(&runs[0].events), ["s1:ok:[7,8]"]);
}

/// A `LIMIT 1` claim read in the ORDER BY's index while its WHERE reads two ranges of another
/// (an IN list): its LIMIT stops at a row of the second range, before the first range's
/// entries in that index. The gap scan of a range the read never reached panicked (a slice
/// from the entry after it to the one it stopped at); now such a range locks no gap, and the
/// claim takes the server's rows (5, then 1 once another worker holds 5; 3 walking down).
#[test]
fn a_limit_stopping_before_a_range_locks_no_gap_there() {
    let r = resolve(
        "# dialect: mysql\n\
         setup { CREATE TABLE g (id int PRIMARY KEY, state varchar(5) NOT NULL, prio int NOT NULL, KEY (prio), KEY (state)); INSERT INTO g VALUES (1,'b',7),(2,'b',45),(3,'a',55),(4,'b',9),(5,'a',3),(6,'c',1),(7,'a',20); }\n\
         session c\n\
         setup { START TRANSACTION; }\n\
         step up { SELECT id FROM g WHERE state IN ('a','b') ORDER BY prio LIMIT 1 FOR UPDATE SKIP LOCKED; }\n\
         step down { SELECT id FROM g WHERE state IN ('b','a') ORDER BY prio DESC LIMIT 1 FOR UPDATE SKIP LOCKED; }\n\
         session d\n\
         setup { START TRANSACTION; }\n\
         step hold { SELECT id FROM g WHERE id = 5 FOR UPDATE; }\n\
         permutation up\n\
         permutation hold up down\n",
    );
    let runs = run_permutations(&r.spec, r.schedules(), &Config::default());
    assert_eq!(summary(&runs[0].events), ["up:ok:[5]"]);
    assert_eq!(
        summary(&runs[1].events),
        ["hold:ok:[5]", "up:ok:[1]", "down:ok:[3]"]
    );
}

#[test]
fn an_insert_behind_an_insert_select_holding_the_auto_inc_lock_is_refused_by_name() {
    let held = run("my-autoinc-lock.spec", "p1g p2sel p3z p3id p1r p2c");
    assert_eq!(
        summary(&held),
        [
            "p1g:ok",
            "p2sel:waiting",
            "p3z:error:1064",
            "p3id:error:1064",
            "p1r:ok",
            "p2sel:completed",
            "p2c:ok"
        ]
    );
    let refusal = held.iter().find_map(|e| match &e.outcome {
        Some(queuelab::trace::Outcome::Error(err)) => Some(err.message.clone()),
        _ => None,
    });
    assert!(
        refusal.is_some_and(|m| m.starts_with(
            "An INSERT into aj while p2's INSERT ... SELECT into it waits is not supported here: that statement holds InnoDB's AUTO-INC lock"
        )),
        "{held:?}"
    );
    assert_eq!(
        summary(&run("my-autoinc-lock.spec", "p1g p2guard p3z p1r p2c")),
        [
            "p1g:ok",
            "p2guard:waiting",
            "p3z:ok",
            "p1r:ok",
            "p2guard:completed",
            "p2c:ok"
        ],
        "a wait in the subquery holds no AUTO-INC lock"
    );
}
