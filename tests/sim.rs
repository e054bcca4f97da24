//! The step-driven simulator: schedules as data, which sessions can move, marks that take a
//! search back without running the prefix again, and fingerprints that merge equal states.

mod common;

use common::summary;
use queuelab::scenario::resolve;
use queuelab::scenario::schedule::{Choice, Schedule, SessionId};
use queuelab::sim::{run_permutation, Config, Sim};
use queuelab::trace::Event;
use std::path::Path;
use std::sync::Arc;

fn spec_file(path: &str) -> queuelab::scenario::Resolved {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("spec exists");
    let r = resolve(&text);
    assert!(r.errors.is_empty(), "{path}: {:?}", r.errors);
    r
}

fn sim_of(text: &str) -> (Sim, queuelab::scenario::Resolved) {
    let r = resolve(text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let sim = Sim::new(Arc::new(r.spec.clone()), Config::default()).expect("sqlite opens");
    (sim, r)
}

fn step(sim: &mut Sim, r: &queuelab::scenario::Resolved, line: &str) -> Vec<Event> {
    let schedule = Schedule::parse(line, &r.spec).expect("steps exist");
    schedule
        .0
        .iter()
        .flat_map(|c| sim.step(*c).events)
        .collect()
}

#[test]
fn a_schedule_reads_back_from_its_text() {
    let r = spec_file("tests/mssql/cursor-pop.spec");
    for line in [
        "c1pop(statements 8) c2pop c1pop",
        "c1pop   c2pop(statements 3)  c2pop",
        "c2pop c1pop",
    ] {
        let s = Schedule::parse(line, &r.spec).expect("reads");
        let text = s.text(&r.spec);
        assert_eq!(Schedule::parse(&text, &r.spec), Ok(s.clone()));
        assert_eq!(
            text,
            line.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace("( ", "(")
        );
    }
    // Blocker annotations are read and dropped.
    let s = Schedule::parse("c1pop(*) c2pop(c1pop)", &r.spec).expect("reads");
    assert_eq!(s.text(&r.spec), "c1pop c2pop");
}

#[test]
fn quoted_step_names_read_back_from_the_schedule_text() {
    let (_, r) = sim_of(
        "session a\nstep \"take one (x)\" { SELECT 1; SELECT 2; }\nsession b\nstep \"<b>\" { SELECT 3; }\n",
    );
    let s = Schedule::parse(
        "\"take one (x)\"(statements 1) \"<b>\" \"take one (x)\"",
        &r.spec,
    )
    .expect("reads");
    assert_eq!(s.0.len(), 3);
    assert_eq!(s.0[0].statements, Some(1));
    let text = s.text(&r.spec);
    assert_eq!(
        text,
        "\"take one (x)\"(statements 1) \"<b>\" \"take one (x)\""
    );
    assert_eq!(Schedule::parse(&text, &r.spec), Ok(s));
}

#[test]
fn bad_permutation_entries_are_told_with_their_column() {
    let r = spec_file("tests/mssql/cursor-pop.spec");
    for (line, column, words) in [
        ("c1pop nope", 7, "undefined step \"nope\""),
        ("c1pop(statements -1)", 1, "from 1 to 1000000"),
        (
            "c2pop c1pop(statements 100000000000000000000)",
            7,
            "from 1 to 1000000",
        ),
        ("c1pop(statements 0)", 1, "from 1 to 1000000"),
    ] {
        let e = Schedule::parse(line, &r.spec).expect_err(line);
        assert_eq!(e.pos.column, column, "{line}");
        assert!(e.message.contains(words), "{line}: {}", e.message);
    }
}

#[test]
fn runnable_sessions_exclude_waiters_and_end_with_an_invalid_step() {
    let r = spec_file("tests/specs/pg-for-update-wait.spec");
    let mut sim = Sim::new(Arc::new(r.spec.clone()), Config::default()).expect("sim");
    assert_eq!(sim.runnable(), [SessionId(0), SessionId(1)]);
    step(&mut sim, &r, "c1pop c2lock");
    assert!(sim.is_waiting(SessionId(1)));
    assert_eq!(sim.runnable(), [SessionId(0)]);
    // c1's next step in the spec's order is its commit.
    let next = sim.next_choice(SessionId(0)).expect("c1 can move");
    assert_eq!(next.step.index, 1);
    let out = sim.step(next);
    assert_eq!(summary(&out.events), ["c1c:ok", "c2lock:completed:[2]"]);
    assert_eq!(sim.runnable(), [SessionId(0), SessionId(1)]);
    // A step for a session that waits ends the run.
    let mut sim = Sim::new(Arc::new(r.spec.clone()), Config::default()).expect("sim");
    let events = step(&mut sim, &r, "c1pop c2lock c2c");
    assert_eq!(
        summary(&events),
        ["c1pop:ok:[1]", "c2lock:waiting", "c2c:invalid_permutation"]
    );
    assert!(sim.runnable().is_empty());
    assert!(sim.step(Choice::whole(next.step)).events.is_empty());
}

/// Walks the trie of a spec's schedules depth first with marks, never running a prefix
/// twice, and returns each schedule's events as a run of its own would give them.
fn walk(
    sim: &mut Sim,
    schedules: &[Schedule],
    depth: usize,
    out: &mut Vec<(Schedule, Vec<Event>)>,
) {
    let mut i = 0;
    while i < schedules.len() {
        let s = &schedules[i];
        if s.0.len() == depth {
            let mut events = sim.events().to_vec();
            let end = sim.save();
            events.extend(sim.end());
            sim.restore(end);
            out.push((s.clone(), events));
            i += 1;
            continue;
        }
        let choice = s.0[depth];
        let same: usize = schedules[i..]
            .iter()
            .take_while(|t| t.0.len() > depth && t.0[depth] == choice)
            .count();
        let mark = sim.save();
        let before = sim.fingerprint();
        let out_of_step = sim.step(choice);
        let invalid = out_of_step
            .events
            .first()
            .is_some_and(|e| e.kind == queuelab::trace::EventKind::InvalidPermutation);
        if invalid {
            // Nothing more runs: every schedule below ends here.
            for t in &schedules[i..i + same] {
                let mut events = sim.events().to_vec();
                events.extend(sim.end());
                out.push((t.clone(), events));
            }
        } else {
            walk(sim, &schedules[i..i + same], depth + 1, out);
        }
        sim.restore(mark);
        assert_eq!(
            sim.fingerprint(),
            before,
            "restore gives the marked state back"
        );
        i += same;
    }
}

#[test]
fn marks_give_every_schedule_the_events_of_a_fresh_run() {
    let mut checked = 0;
    for f in common::all_spec_files() {
        let r = resolve(&std::fs::read_to_string(&f).expect("readable"));
        let mut schedules: Vec<Schedule> = r.schedules().collect();
        // Schedules sharing a prefix must sit together for the walk: sort them.
        schedules.sort_by_key(|s| {
            s.0.iter()
                .map(|c| (c.step.session, c.step.index, c.statements))
                .collect::<Vec<_>>()
        });
        schedules.dedup();
        let mut sim = Sim::new(Arc::new(r.spec.clone()), Config::default()).expect("sim");
        let mut walked = Vec::new();
        walk(&mut sim, &schedules, 0, &mut walked);
        assert_eq!(walked.len(), schedules.len(), "{}", f.display());
        for (s, events) in walked {
            let alone = run_permutation(&r.spec, &s, &Config::default());
            assert_eq!(events, alone.events, "{} {}", f.display(), s.text(&r.spec));
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} schedules");
}

/// Updates of two tables: they commute (PostgreSQL keeps each table's heap order apart).
const TWO_ROWS: &str = "# dialect: postgres
setup { CREATE TABLE jobs (id int PRIMARY KEY, state text); INSERT INTO jobs VALUES (1, 'new'), (2, 'new'); }
setup { CREATE TABLE runs (id int PRIMARY KEY, state text); INSERT INTO runs VALUES (1, 'new'), (2, 'new'); }
session c1
step c1u { UPDATE jobs SET state = 'done' WHERE id = 1; }
step c1lock { BEGIN; SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }
session c2
step c2u { UPDATE runs SET state = 'done' WHERE id = 2; }
step c2lock { BEGIN; SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }
";

/// Two updates of one table in either order: alike rows, but PostgreSQL then lists the rows
/// in the order they were updated (its heap order), and MariaDB by primary key either way;
/// `read` is a step of c2 (not taken) that lists them.
fn updates_of_one_table(dialect: &str, read: &str) -> String {
    format!(
        "# dialect: {dialect}
setup {{ CREATE TABLE jobs (id int PRIMARY KEY, state text); INSERT INTO jobs VALUES (1, 'new'), (2, 'new'); }}
session c1
step c1u {{ UPDATE jobs SET state = 'done' WHERE id = 1; }}
session c2
step c2u {{ UPDATE jobs SET state = 'done' WHERE id = 2; }}
step c2read {{ {read} }}
"
    )
}

#[test]
fn an_expect_sql_check_reading_the_heap_order_keeps_it_in_the_state() {
    let ordered = updates_of_one_table("postgres", "SELECT id FROM jobs ORDER BY id;");
    let text = format!("#! expect sql first: SELECT (SELECT id FROM jobs LIMIT 1) = 1\n{ordered}");
    let (mut a, r) = sim_of(&text);
    let (mut b, _) = sim_of(&text);
    step(&mut a, &r, "c1u c2u");
    step(&mut b, &r, "c2u c1u");
    assert_ne!(a.fingerprint(), b.fingerprint());
}

#[test]
fn the_order_of_updates_is_part_of_a_postgresql_state_a_step_can_read() {
    let listing = "SELECT id FROM jobs;";
    let ordered = "SELECT id FROM jobs ORDER BY id;";
    for (dialect, read, alike) in [
        ("postgres", listing, false),
        ("postgres", ordered, true),
        ("mysql", listing, true),
    ] {
        let text = updates_of_one_table(dialect, read);
        let (mut a, r) = sim_of(&text);
        let (mut b, _) = sim_of(&text);
        step(&mut a, &r, "c1u c2u");
        step(&mut b, &r, "c2u c1u");
        assert_eq!(
            a.fingerprint() == b.fingerprint(),
            alike,
            "{dialect} {read}"
        );
    }
}

#[test]
fn steps_that_commute_reach_one_fingerprint() {
    let (mut a, r) = sim_of(TWO_ROWS);
    let (mut b, _) = sim_of(TWO_ROWS);
    let start = a.fingerprint();
    step(&mut a, &r, "c1u c2u");
    step(&mut b, &r, "c2u c1u");
    assert_eq!(a.fingerprint(), b.fingerprint());
    assert_ne!(a.fingerprint(), start);
}

#[test]
fn another_lock_holder_is_another_fingerprint() {
    let (mut a, r) = sim_of(TWO_ROWS);
    let (mut b, _) = sim_of(TWO_ROWS);
    step(&mut a, &r, "c1u c2u c1lock");
    step(&mut b, &r, "c1u c2u c2lock");
    assert_ne!(a.fingerprint(), b.fingerprint());
    // The same holder reached by two orders is one state.
    let (mut c, _) = sim_of(TWO_ROWS);
    step(&mut c, &r, "c2u c1u c1lock");
    assert_eq!(a.fingerprint(), c.fingerprint());
}

/// 4 sessions of 5 steps and no permutation line: 11,732,745,024 interleavings, none built.
fn four_by_five() -> String {
    let mut s = String::from("# dialect: postgres\nsetup { CREATE TABLE t (id int); }\n");
    for c in 1..=4 {
        s.push_str(&format!("session s{c}\n"));
        for k in 1..=5 {
            s.push_str(&format!(
                "step s{c}_{k} {{ INSERT INTO t VALUES ({c}{k}); }}\n"
            ));
        }
    }
    s
}

#[test]
fn a_spec_with_billions_of_interleavings_runs_one_at_once() {
    let r = resolve(&four_by_five());
    assert_eq!(r.schedule_count(), Some(11_732_745_024));
    let first = r.schedules().next().expect("one");
    assert_eq!(first.0.len(), 20);
    let line = "s4_1 s3_1 s2_1 s1_1 s4_2 s3_2 s2_2 s1_2 s1_3 s1_4 s1_5 s2_3 s2_4 s2_5 s3_3 s3_4 s3_5 s4_3 s4_4 s4_5";
    let s = Schedule::parse(line, &r.spec).expect("reads");
    let run = run_permutation(&r.spec, &s, &Config::default());
    assert_eq!(run.events.len(), 20);
    assert!(run
        .events
        .iter()
        .all(|e| e.kind == queuelab::trace::EventKind::Ok));
}

#[test]
fn the_cli_names_the_limit_instead_of_listing_billions() {
    let dir = std::env::temp_dir().join(format!("queuelab-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("four-by-five.spec");
    std::fs::write(&file, four_by_five()).expect("written");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_queuelab"))
            .args(args)
            .output()
            .expect("runs")
    };
    let path = file.to_string_lossy().into_owned();
    let all = run(&["run", &path]);
    assert_eq!(all.status.code(), Some(1));
    let err = String::from_utf8_lossy(&all.stderr);
    assert!(
        err.contains("11732745024 interleavings, more than the 100000"),
        "{err}"
    );
    let one = run(&[
        "run",
        &path,
        "--permutation",
        "s1_1 s2_1 s3_1 s4_1",
        "--format",
        "jsonl",
    ]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&one.stdout).lines().count(), 4);
    let bad = run(&[
        "run",
        &path,
        "--permutation",
        "s1_1(statements 99999999999)",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("from 1 to 1000000"));
}

/// A statement stopped by the step budget can make SQLite roll back its whole transaction,
/// marks' savepoints included: the simulator must notice and still give the right events.
#[test]
fn an_interrupted_statement_under_marks_still_gives_fresh_run_events() {
    let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1); }
session c1
step c1ins { INSERT INTO t VALUES (2); }
step c1count { SELECT count(*) FROM t; }
session c2
step c2big { INSERT INTO t SELECT value + 10 FROM generate_series(1, 10000000); }
step c2count { SELECT count(*) FROM t; }
";
    let r = resolve(text);
    let config = Config {
        step_budget: 200_000,
        ..Config::default()
    };
    let schedules: Vec<Schedule> = r.schedules().collect();
    let mut sim = Sim::new(Arc::new(r.spec.clone()), config.clone()).expect("sim");
    let outer = sim.save();
    for s in &schedules {
        let mark = sim.save();
        for c in &s.0 {
            let inner = sim.save();
            let _ = sim.step(*c);
            // Going back and forth must not change what the step gives.
            sim.restore(inner);
            let _ = sim.step(*c);
        }
        let mut events = sim.events().to_vec();
        events.extend(sim.end());
        let alone = run_permutation(&r.spec, s, &config);
        assert_eq!(events, alone.events, "{}", s.text(&r.spec));
        assert!(
            summary(&events)
                .iter()
                .any(|e| e.starts_with("c2big:error")),
            "the budget stops c2big: {:?}",
            summary(&events)
        );
        sim.restore(mark);
    }
    sim.restore(outer);
    assert!(sim.events().is_empty());
}

#[test]
fn a_snapshot_says_who_waits_for_which_row_in_which_mode() {
    use queuelab::sim::run_permutation_traced;
    use queuelab::trace::Mark;
    let r = spec_file("tests/specs/pg-for-update-wait.spec");
    let s = Schedule::parse("c1pop c2lock c1c c2c", &r.spec).expect("steps");
    let (_, snaps) = run_permutation_traced(&r.spec, &s, &Config::default());
    let waiting = &snaps[1];
    assert_eq!(waiting.waits.len(), 1);
    let edge = &waiting.waits[0];
    assert_eq!((edge.waiter.as_str(), edge.holder.as_str()), ("c2", "c1"));
    let lock = edge.lock.as_ref().expect("a row lock");
    assert_eq!(
        (lock.table.as_str(), lock.rowid, lock.mode),
        ("jobs", 1, "FOR UPDATE")
    );
    // c1's deleted row stays in the picture while c1's transaction is open: deleted, locked.
    let jobs = &waiting.tables[0];
    assert!(jobs
        .rows
        .iter()
        .any(|r| r.rowid == 1 && r.mark == Mark::Deleted));
    assert!(waiting
        .locks
        .iter()
        .any(|l| l.rowid == 1 && l.session == "c1"));
    // After c1's commit the row is gone, and c2 has the next one.
    assert!(snaps[2].waits.is_empty());
    assert!(!snaps[2].tables[0].rows.iter().any(|r| r.rowid == 1));
    let c2 = &snaps[2].sessions[1];
    assert_eq!(
        c2.statement.as_ref().map(|s| s.source.as_str()),
        Some("SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE")
    );
    assert!(
        c2.client_text.as_deref().is_some_and(|t| t.contains(" 2")),
        "{:?}",
        c2.client_text
    );
    // Each snapshot carries every event so far, sharing the earlier ones.
    assert_eq!(snaps[3].log.to_vec().len(), 5);
    assert_eq!(snaps[1].log.to_vec().len(), 2);
}

#[test]
fn the_isolation_shown_is_the_next_transactions_after_a_commit() {
    let text = "# dialect: mysql
setup { CREATE TABLE t (id int PRIMARY KEY); }
session c1
step c1set { SET TRANSACTION ISOLATION LEVEL READ COMMITTED; }
step c1b { BEGIN; }
step c1c { COMMIT; }
";
    let r = resolve(text);
    let s = Schedule::parse("c1set c1b c1c", &r.spec).expect("steps");
    let (_, snaps) = queuelab::sim::run_permutation_traced(&r.spec, &s, &Config::default());
    let iso: Vec<&str> = snaps.iter().map(|s| s.sessions[0].isolation).collect();
    assert_eq!(iso[1], "READ COMMITTED", "{iso:?}");
    assert_eq!(iso[2], "REPEATABLE READ", "{iso:?}");
}

#[test]
fn a_read_only_transaction_is_shown_until_it_ends() {
    let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY); }
session c1
step c1b { BEGIN READ ONLY; }
step c1ins { INSERT INTO t VALUES (1); }
step c1r { ROLLBACK; }
step c1ses { SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; }
";
    let r = resolve(text);
    let s = Schedule::parse("c1b c1ins c1r c1ses", &r.spec).expect("steps");
    let (_, snaps) = queuelab::sim::run_permutation_traced(&r.spec, &s, &Config::default());
    let shown: Vec<bool> = snaps.iter().map(|s| s.sessions[0].read_only).collect();
    assert_eq!(shown, [true, true, false, true]);
    let refused = snaps[1].sessions[0]
        .result
        .as_ref()
        .map(|o| format!("{o:?}"));
    assert!(
        refused.is_some_and(|o| o.contains("cannot execute INSERT in a read-only transaction")),
        "{:?}",
        snaps[1].sessions[0].result
    );
}

/// Fingerprints are plain FNV over fixed-width data: the golden file is what the wasm build
/// must compute too (tests/wasm_engine.rs). UPDATE_GOLDEN=1 rewrites it after a deliberate
/// change of what goes in.
#[test]
fn fingerprints_match_the_golden_file() {
    let lines = common::fingerprint_lines();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/fingerprints.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &lines).expect("written");
    }
    assert_eq!(
        lines,
        std::fs::read_to_string(golden).expect("golden exists")
    );
    let distinct: std::collections::BTreeSet<&str> =
        lines.lines().filter_map(|l| l.rsplit(' ').next()).collect();
    assert!(distinct.len() > 6, "moves change the state: {lines}");
}

#[test]
fn a_deadlock_snapshot_keeps_the_cycle_and_names_the_victim() {
    use queuelab::sim::run_permutation_traced;
    let r = spec_file("sql-examples/pg-deadlock.spec");
    let s = Schedule::parse("a1 b1 a2 b2 ac bc", &r.spec).expect("steps");
    let (_, snaps) = run_permutation_traced(&r.spec, &s, &Config::default());
    // b2 closes the cycle: PostgreSQL fails the session whose wait closed it.
    let at_b2 = &snaps[3];
    assert_eq!(at_b2.deadlocks.len(), 1);
    let d = &at_b2.deadlocks[0];
    assert_eq!(d.victim, "b");
    type Edge<'a> = (&'a str, &'a str, Option<(i64, &'a str)>);
    let edges: Vec<Edge> = d
        .cycle
        .iter()
        .map(|e| {
            let lock = e.lock.as_ref().map(|l| (l.rowid, l.mode));
            (e.waiter.as_str(), e.holder.as_str(), lock)
        })
        .collect();
    let mode = edges[0].2.map(|l| l.1).unwrap_or_default();
    assert_eq!(
        edges,
        [("b", "a", Some((1, mode))), ("a", "b", Some((2, mode)))]
    );
    assert!(mode.contains("UPDATE"), "{mode}");
    // The victim no longer waits, so the cycle is not among the waits; only the move that
    // ran into it carries it.
    assert!(at_b2.waits.iter().all(|e| e.waiter != "b"));
    assert_eq!(snaps.iter().filter(|s| !s.deadlocks.is_empty()).count(), 1);
}

/// The tables the pictures show hold values as the server prints them, as results do.
#[test]
fn the_tables_show_values_as_the_server_prints_them() {
    use queuelab::sim::run_permutation_traced;
    for (text, printed) in [
        (
            "# dialect: postgres\n\
             setup { CREATE TABLE jobs (id int PRIMARY KEY, paused boolean, price numeric(10,2), at timestamptz, ratio float8); }\n\
             session s\nstep ins { INSERT INTO jobs VALUES (1, true, 2.5, '2025-01-01 09:00:00+00', 1e20); }\n\
             permutation ins\n",
            ["1", "t", "2.50", "2025-01-01 09:00:00+00", "1e+20"],
        ),
        (
            "# dialect: mysql\n\
             setup { CREATE TABLE jobs (id int PRIMARY KEY, at datetime(6), price decimal(10,2), ratio double, took time(3)); }\n\
             session s\nstep ins { INSERT INTO jobs VALUES (1, '2025-01-01 09:00:00', 2.5, 1e20, '00:00:01.5'); }\n\
             permutation ins\n",
            ["1", "2025-01-01 09:00:00.000000", "2.50", "1e20", "00:00:01.500"],
        ),
    ] {
        let (_, r) = sim_of(text);
        let s = Schedule::parse("ins", &r.spec).expect("steps");
        let (_, snaps) = run_permutation_traced(&r.spec, &s, &Config::default());
        let jobs = snaps[0]
            .tables
            .iter()
            .find(|t| t.name == "jobs")
            .expect("jobs");
        let shown: Vec<String> = jobs.rows[0]
            .values
            .iter()
            .map(|v| v.text().unwrap_or_default())
            .collect();
        assert_eq!(shown, printed, "{text}");
    }
}

#[test]
fn the_entry_a_failed_duplicate_check_locks_gets_its_badge_on_the_row() {
    use queuelab::sim::run_permutation_traced;
    let r = spec_file("tests/conformance/specs/my-duplicate-check-locks.spec");
    let s = Schedule::parse("pdedupe cdedupe pc cc", &r.spec).expect("steps");
    let (_, snaps) = run_permutation_traced(&r.spec, &s, &Config::default());
    // After p's INSERT of dedupe 'b' failed on job 20's entry, p holds that entry shared:
    // the picture draws it on job 20 (rowid 2), and c's read of 'b' through the key waits.
    let badge = (snaps[0].locks.iter())
        .find(|l| l.session == "p")
        .expect("p's lock on the entry it met");
    assert_eq!(
        (badge.table.as_str(), badge.rowid, badge.mode),
        ("jobs", 2, "S")
    );
    assert!(
        badge
            .because
            .as_deref()
            .is_some_and(|b| b.contains("uq_dedupe")),
        "{:?}",
        badge.because
    );
    assert_eq!(snaps[1].waits.len(), 1);
    // p's commit releases it.
    assert!(snaps[2].locks.iter().all(|l| l.session != "p"));
}
