//! The timeline and the wait sentences, read off real runs of the bundled examples and of
//! specs typed in.

use super::Ui;
use crate::driver::Command;
use crate::state::story::{timeline, waits, Ending};
use crate::state::Action;
use queuelab::examples;
use queuelab::sim::Schedule;

fn replay(id: &str, line: &str, at: usize) -> Ui {
    let ui = Ui::from_example(examples::by_id(id).expect("example"));
    let doc = ui.document.spec.clone().expect("a spec");
    let schedule = Schedule::parse(line, &doc.spec).expect("steps");
    ui.apply(Command::Replay {
        schedule,
        at,
        highlight: Vec::new(),
    })
}

fn lane_of<'a>(
    t: &'a crate::state::story::Timeline,
    session: &str,
) -> &'a crate::state::story::Lane {
    t.lanes.iter().find(|l| l.session == session).expect("lane")
}

#[test]
fn the_timeline_draws_a_wait_from_the_move_that_issued_it_to_the_one_that_ended_it() {
    let ui = replay("pg-for-update-wait", "c1pop c2lock c1c c2c", 4);
    let doc = ui.document.spec.clone().expect("spec");
    let t = timeline(&doc.spec, ui.spec_run().expect("run"));
    assert_eq!(t.moves, 4);
    let c2 = lane_of(&t, "c2");
    let lock = &c2.blocks[0];
    assert_eq!(lock.step, "c2lock");
    assert_eq!(
        (lock.start, lock.end),
        (1, Some(2)),
        "issued by move 2, ended by c1c"
    );
    assert_eq!(lock.waited_for, ["c1"]);
    assert_eq!(lock.ending, Ending::Ok);
    let c1 = lane_of(&t, "c1");
    let endings: Vec<Ending> = c1.blocks.iter().map(|b| b.ending).collect();
    assert_eq!(endings, [Ending::Ok, Ending::Commit]);
    assert_eq!(c2.blocks[1].ending, Ending::Commit);
}

#[test]
fn a_wait_still_open_has_no_end_and_the_sentence_names_the_row_and_the_step_that_locked_it() {
    let ui = replay("pg-for-update-wait", "c1pop c2lock", 2);
    let doc = ui.document.spec.clone().expect("spec");
    let run = ui.spec_run().expect("run");
    let t = timeline(&doc.spec, run);
    let lock = &lane_of(&t, "c2").blocks[0];
    assert_eq!((lock.end, lock.ending), (None, Ending::Waiting));
    let (stories, victim) = waits(run);
    assert_eq!(victim, None);
    assert_eq!(stories.len(), 1);
    assert_eq!(
        stories[0].sentence,
        "c2 waits for c1: it wants FOR UPDATE on jobs id=1, which c1 locked in step c1pop."
    );
    assert!(!stories[0].deadlock);
}

#[test]
fn a_deadlock_is_a_cycle_with_its_victim_and_the_victims_block_is_marked() {
    let ui = replay("pg-deadlock", "a1 b1 a2 b2 ac bc", 4);
    let doc = ui.document.spec.clone().expect("spec");
    let run = ui.spec_run().expect("run");
    let (stories, victim) = waits(run);
    assert_eq!(victim.as_deref(), Some("b"));
    let cycle: Vec<(&str, &str, bool)> = stories
        .iter()
        .map(|s| (s.waiter.as_str(), s.holder.as_str(), s.deadlock))
        .collect();
    assert_eq!(cycle, [("b", "a", true), ("a", "b", true)]);
    assert!(
        stories[0].sentence.starts_with("b waited for a: it wants"),
        "{}",
        stories[0].sentence
    );
    assert!(
        stories[0]
            .sentence
            .contains("t id=1, which a locked in step a1"),
        "{}",
        stories[0].sentence
    );
    assert!(
        stories[1]
            .sentence
            .contains("t id=2, which b locked in step b1"),
        "{}",
        stories[1].sentence
    );
    let t = timeline(&doc.spec, run);
    let b2 = lane_of(&t, "b")
        .blocks
        .iter()
        .find(|b| b.step == "b2")
        .expect("b2");
    assert_eq!(b2.ending, Ending::Victim);
    // One move on, the cycle is no longer the move's: no edge is left in red.
    let on = ui.apply(Action::ScenarioShow(5));
    let (stories, victim) = waits(on.spec_run().expect("run"));
    assert_eq!(victim, None);
    assert!(stories.iter().all(|s| !s.deadlock));
}

#[test]
fn a_table_lock_wait_says_what_the_holder_holds_or_that_it_is_queued_first() {
    let ui = replay("pg-lock-table-queue", "peek lock read done purge unlock", 3);
    let run = ui.spec_run().expect("run");
    let (stories, _) = waits(run);
    let sentences: Vec<&str> = stories.iter().map(|s| s.sentence.as_str()).collect();
    assert_eq!(
        sentences,
        [
            "admin waits for consumer: it wants ACCESS EXCLUSIVE on table jobs, which conflicts with consumer's jobs ACCESS SHARE.",
            "reader waits for admin: it wants ACCESS SHARE on table jobs, queued behind admin's own request for the table.",
        ]
    );
    // Once the consumer commits, the admin holds the table and the reader waits for that.
    let ui = replay("pg-lock-table-queue", "peek lock read done purge unlock", 4);
    let (stories, _) = waits(ui.spec_run().expect("run"));
    assert_eq!(
        stories.iter().map(|s| s.sentence.as_str()).collect::<Vec<_>>(),
        ["reader waits for admin: it wants ACCESS SHARE on table jobs, which conflicts with admin's jobs ACCESS EXCLUSIVE."]
    );
}

#[test]
fn an_insert_into_a_locked_gap_says_which_key_and_whose_gap() {
    let text = "# dialect: mysql\n\
        setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (5); }\n\
        session c\nsetup { START TRANSACTION; }\n\
        step cmiss { SELECT id FROM jobs WHERE id = 3 FOR UPDATE; }\nstep cc { COMMIT; }\n\
        session p\nstep pins { INSERT INTO jobs VALUES (4); }\n\
        permutation cmiss pins cc\n";
    let ui = Ui::new(String::new(), queuelab::Dialect::MySql).apply(Action::Edit(text.into()));
    let doc = ui.document.spec.clone().expect("a spec");
    let schedule = Schedule::parse("cmiss pins cc", &doc.spec).expect("steps");
    let ui = ui.apply(Command::Replay {
        schedule,
        at: 2,
        highlight: Vec::new(),
    });
    let (stories, _) = waits(ui.spec_run().expect("run"));
    let sentences: Vec<&str> = stories.iter().map(|s| s.sentence.as_str()).collect();
    assert_eq!(
        sentences,
        ["p waits for c: it wants to insert id=4 into jobs (id), in a gap of that index which c locked at REPEATABLE READ."]
    );
    // The graph's arrow is labelled with what is wanted alone, short enough for it.
    assert_eq!(stories[0].wanted, "to insert id=4 into jobs (id)");
}

#[test]
fn a_lock_taken_by_a_foreign_key_check_says_so_in_the_wait_sentence() {
    let ui = replay(
        "mysql-claim-foreign-key",
        "w1claim w2claim w1mark w2mark w1c w2c",
        4,
    );
    let run = ui.spec_run().expect("run");
    let (stories, victim) = waits(run);
    assert!(victim.is_some());
    // Each claim's INSERT locked the job row shared for its foreign key's check: the update
    // waits for that lock, which the claim's own text does not explain.
    let sentences: Vec<&str> = stories.iter().map(|s| s.sentence.as_str()).collect();
    assert!(
        sentences.iter().any(|s| s.contains(
            "it wants X on jobs id=1, which w2 locked in step w2claim for the check of foreign key claimed_ibfk_1."
        )),
        "{sentences:?}"
    );
    let shown = run.shown().expect("a snapshot");
    let badge = (shown.locks.iter())
        .find(|l| l.table == "jobs" && l.mode == "S")
        .expect("a shared lock on the job");
    assert_eq!(
        badge.because.as_deref(),
        Some("the check of foreign key claimed_ibfk_1")
    );
}

#[test]
fn a_commit_that_ends_an_aborted_transaction_is_drawn_as_a_rollback() {
    let text = "# dialect: postgres\n\
        setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1); }\n\
        session w\nsetup { BEGIN; }\n\
        step wdel { DELETE FROM jobs WHERE id = 1; }\nstep wbad { SELECT 1/0; }\n\
        step wc { COMMIT; }\n\
        session v\nstep vc { COMMIT; }\n\
        permutation wdel wbad wc vc\n";
    let ui = Ui::new(String::new(), queuelab::Dialect::Postgres).apply(Action::Edit(text.into()));
    let doc = ui.document.spec.clone().expect("a spec");
    let schedule = Schedule::parse("wdel wbad wc vc", &doc.spec).expect("steps");
    let ui = ui.apply(Command::Replay {
        schedule,
        at: 4,
        highlight: Vec::new(),
    });
    let t = timeline(&doc.spec, ui.spec_run().expect("run"));
    let ending = |session: &str, step: &str| {
        let lane = lane_of(&t, session);
        lane.blocks
            .iter()
            .find(|b| b.step == step)
            .expect("block")
            .ending
    };
    // The server rolled w back (psql's tag says ROLLBACK); v had nothing to undo.
    assert_eq!(ending("w", "wc"), Ending::Rollback);
    assert_eq!(ending("v", "vc"), Ending::Commit);
}
