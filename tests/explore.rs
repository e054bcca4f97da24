//! The explorer against brute force: every interleaving run one by one (isolationtester's
//! permutations), the invalid ones dropped, each judged on its own. The explorer's counts,
//! per check and per outcome, and its shortest counterexamples must agree.

use queuelab::explore::{explore, judge_schedule, ExploreConfig, Granularity, Report};
use queuelab::scenario::resolve;
use queuelab::scenario::schedule::Schedule;
use queuelab::scenario::spec::Spec;
use queuelab::sim::Config;
use std::collections::BTreeMap;

fn spec(text: &str) -> Spec {
    let r = resolve(text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    r.spec
}

fn run(spec: &Spec) -> Report {
    explore(spec, ExploreConfig::default()).expect("explores")
}

/// What brute force finds: schedules, violations per check, schedules per outcome, and the
/// cheapest violating schedule per check (moves, switches).
struct Brute {
    schedules: u128,
    violations: Vec<u128>,
    outcomes: BTreeMap<u64, u128>,
    cheapest: Vec<Option<(usize, usize)>>,
}

fn brute(spec: &Spec) -> Brute {
    let n = spec.expects.len();
    let mut b = Brute {
        schedules: 0,
        violations: vec![0; n],
        outcomes: BTreeMap::new(),
        cheapest: vec![None; n],
    };
    let interleavings = queuelab::scenario::interleavings::Interleavings::new(
        &spec
            .sessions
            .iter()
            .map(|s| s.steps.len())
            .collect::<Vec<_>>(),
    );
    for s in interleavings {
        let Some(v) = judge_schedule(spec, &s, &Config::default()) else {
            continue;
        };
        b.schedules += 1;
        *b.outcomes.entry(v.outcome).or_default() += 1;
        for (i, broken) in v.broken.iter().enumerate() {
            if *broken {
                b.violations[i] += 1;
                let cost = (s.0.len(), switches(&s));
                if b.cheapest[i].is_none_or(|c| cost < c) {
                    b.cheapest[i] = Some(cost);
                }
            }
        }
    }
    b
}

fn switches(s: &Schedule) -> usize {
    s.0.windows(2)
        .filter(|w| w[0].step.session != w[1].step.session)
        .count()
}

/// The explorer and brute force agree on every count; each shortest counterexample violates
/// its check and is as cheap as the cheapest brute force found.
fn agree(text: &str) -> Report {
    let spec = spec(text);
    let report = run(&spec);
    let b = brute(&spec);
    assert!(report.complete());
    assert_eq!(report.schedules, b.schedules, "schedules");
    let mut by_count: Vec<u128> = report.outcomes.iter().map(|o| o.schedules).collect();
    let mut brute_counts: Vec<u128> = b.outcomes.values().copied().collect();
    by_count.sort_unstable();
    brute_counts.sort_unstable();
    assert_eq!(by_count, brute_counts, "schedules per outcome");
    for (i, c) in report.checks.iter().enumerate() {
        assert_eq!(c.violations, b.violations[i], "violations of {}", c.text);
        match (&c.shortest, b.cheapest[i]) {
            (None, None) => {}
            (Some(x), Some(cost)) => {
                let v = judge_schedule(&spec, &x.schedule, &Config::default())
                    .expect("the counterexample is a schedule");
                assert!(v.broken[i], "the counterexample violates {}", c.text);
                assert_eq!(
                    (x.schedule.0.len(), switches(&x.schedule)),
                    cost,
                    "{}",
                    c.text
                );
            }
            other => panic!("{}: {other:?}", c.text),
        }
    }
    report
}

const TWO_BY_THREE: &str = "# dialect: postgres
#! expect unique-results a1 b1
setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (2), (3), (4), (5), (6); }
session a
step a1 { DELETE FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id; }
step a2 { SELECT 1; }
step a3 { SELECT 2; }
session b
step b1 { DELETE FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id; }
step b2 { SELECT 1; }
step b3 { SELECT 2; }
";

#[test]
fn two_sessions_of_three_steps_without_waits_have_20_schedules() {
    let r = agree(TWO_BY_THREE);
    assert_eq!(r.schedules, 20);
    assert_eq!(r.checks[0].violations, 0);
    assert_eq!(r.outcomes.len(), 2, "a1 gets job 1 or job 2");
}

fn three_by_four() -> String {
    let mut s = String::from(
        "# dialect: postgres\n#! expect unique-results c0p1 c0p2 c1p1 c1p2 c2p1 c2p2\n\
         setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs SELECT * FROM generate_series(1, 12); }\n",
    );
    for c in 0..3 {
        s.push_str(&format!("session c{c}\n"));
        for k in 1..=4 {
            let sql = if k <= 2 {
                "DELETE FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;"
            } else {
                "SELECT count(*) FROM jobs;"
            };
            s.push_str(&format!("step c{c}p{k} {{ {sql} }}\n"));
        }
    }
    s
}

#[test]
fn three_sessions_of_four_steps_without_waits_have_34650_schedules() {
    let spec = spec(&three_by_four());
    let r = run(&spec);
    assert!(r.complete());
    assert_eq!(r.schedules, 34_650);
    assert_eq!(
        r.checks[0].violations, 0,
        "SKIP LOCKED pops never deliver twice"
    );
}

#[test]
fn reading_without_locks_delivers_twice_in_4_of_6_schedules() {
    let r = agree(
        "# dialect: postgres
#! expect unique-results c1get c2get
#! expect no-wait
#! expect sql one_left: SELECT count(*) = 1 FROM jobs
setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (2), (3); }
session c1
step c1get { SELECT id FROM jobs ORDER BY id LIMIT 1; }
step c1del { DELETE FROM jobs WHERE id = (SELECT min(id) FROM jobs); }
session c2
step c2get { SELECT id FROM jobs ORDER BY id LIMIT 1; }
step c2del { DELETE FROM jobs WHERE id = (SELECT min(id) FROM jobs); }
",
    );
    assert_eq!(r.schedules, 6);
    assert_eq!(r.checks[0].violations, 4);
    let x = r.checks[0].shortest.as_ref().expect("a counterexample");
    assert_eq!(x.fails_after, 2, "both reads have returned job 1");
    assert!(x.detail.contains("1 was returned by two"), "{}", x.detail);
    assert_eq!(r.checks[1].violations, 0);
    assert_eq!(r.checks[2].violations, 0);
}

const FOR_UPDATE_WAIT: &str = "# dialect: postgres
#! expect unique-results c1pop c2pop
#! expect no-wait
#! expect ordered-results c1pop c2pop
setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (2), (3); }
session c1
setup { BEGIN; }
step c1pop { DELETE FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE) RETURNING id; }
step c1c { COMMIT; }
session c2
setup { BEGIN; }
step c2pop { DELETE FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE) RETURNING id; }
step c2c { COMMIT; }
";

#[test]
fn waits_leave_out_the_orders_that_give_a_step_to_a_waiting_session() {
    let r = agree(FOR_UPDATE_WAIT);
    // Of the 6 interleavings, c1pop c2pop c2c c1c and c2pop c1pop c1c c2c give a step to a
    // waiting session.
    assert_eq!(r.schedules, 4);
    assert_eq!(
        r.checks[1].violations, 2,
        "the second pop waits when both pop first"
    );
    let x = r.checks[1].shortest.as_ref().expect("a wait");
    assert_eq!(x.fails_after, 2);
}

#[test]
fn deadlocks_are_found_and_counted() {
    let r = agree(
        "# dialect: postgres
#! expect no-deadlock
#! expect no-error
setup { CREATE TABLE t (id int PRIMARY KEY, v int); INSERT INTO t VALUES (1, 0), (2, 0); }
session a
setup { BEGIN; }
step a1 { UPDATE t SET v = 1 WHERE id = 1; }
step a2 { UPDATE t SET v = 1 WHERE id = 2; }
step ac { COMMIT; }
session b
setup { BEGIN; }
step b1 { UPDATE t SET v = 2 WHERE id = 2; }
step b2 { UPDATE t SET v = 2 WHERE id = 1; }
step bc { COMMIT; }
",
    );
    assert!(r.checks[0].violations > 0);
    let x = r.checks[0].shortest.as_ref().expect("a deadlock");
    assert!(x.detail.contains("deadlock victim"), "{}", x.detail);
    assert_eq!(r.checks[0].violations, r.checks[1].violations);
}

#[test]
fn a_mariadb_wait_nobody_ends_times_out_at_the_end() {
    let r = agree(
        "# dialect: mysql
#! expect no-error
setup { CREATE TABLE jobs (id int PRIMARY KEY) ENGINE=InnoDB; INSERT INTO jobs VALUES (1); }
session c1
setup { START TRANSACTION; }
step c1lock { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }
session c2
setup { START TRANSACTION; }
step c2lock { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }
",
    );
    assert_eq!(r.schedules, 2);
    assert_eq!(
        r.checks[0].violations, 2,
        "the second locker times out with 1205"
    );
    let x = r.checks[0].shortest.as_ref().expect("a timeout");
    assert_eq!(x.fails_after, 2, "at the end");
    assert!(x.detail.contains("1205"), "{}", x.detail);
}

#[test]
fn orders_that_get_stuck_are_dead_ends_not_schedules() {
    let r = agree(
        "# dialect: postgres
setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1); }
session c1
setup { BEGIN; }
step c1lock { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }
session c2
setup { BEGIN; }
step c2lock { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }
step c2c { COMMIT; }
",
    );
    // c1lock c2lock c2c gives c2c to a waiting session; c2lock c2c c1lock is a schedule, and
    // so is c2lock c1lock c2c (c1lock waits until c2c ends it).
    assert_eq!(r.schedules, 2);
    assert!(r.dead_ends.states > 0);
    let stuck = r
        .dead_ends
        .example
        .as_ref()
        .expect("an order that gets stuck");
    assert_eq!(stuck.0.len(), 2, "c1lock c2lock: c2 waits with c2c left");
}

#[test]
fn statement_granularity_interleaves_inside_steps() {
    let text = "# dialect: postgres
#! expect unique-results c1pop c2pop
setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (2); }
session c1
step c1pop { SELECT id FROM jobs ORDER BY id LIMIT 1; DELETE FROM jobs WHERE id = (SELECT min(id) FROM jobs) RETURNING id; }
session c2
step c2pop { SELECT id FROM jobs ORDER BY id LIMIT 1; DELETE FROM jobs WHERE id = (SELECT min(id) FROM jobs) RETURNING id; }
";
    let spec = spec(text);
    let whole = run(&spec);
    assert_eq!(whole.schedules, 2);
    assert_eq!(whole.checks[0].violations, 0);
    let config = ExploreConfig {
        granularity: Granularity::Statements,
        ..ExploreConfig::default()
    };
    let fine = explore(&spec, config).expect("explores");
    // Two statements each: C(4, 2) = 6 orders of the four statements.
    assert_eq!(fine.schedules, 6);
    assert_eq!(
        fine.checks[0].violations, 0,
        "each DELETE takes the smallest left"
    );
}

#[test]
fn a_bound_stops_the_search_and_says_so() {
    let spec = spec(&three_by_four());
    let config = ExploreConfig {
        max_states: 50,
        ..ExploreConfig::default()
    };
    let r = explore(&spec, config).expect("explores");
    assert!(!r.complete());
    assert!(r.schedules < 34_650);
}

#[test]
fn progress_reaches_the_whole_and_can_stop_the_search() {
    let spec = spec(&three_by_four());
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let log = seen.clone();
    let config = ExploreConfig {
        progress_every: 10,
        progress: Some(Box::new(move |p| {
            log.borrow_mut().push(p.done);
            true
        })),
        ..ExploreConfig::default()
    };
    let r = explore(&spec, config).expect("explores");
    assert!(r.complete());
    let shares = seen.borrow();
    assert!(!shares.is_empty());
    assert!(
        shares.windows(2).all(|w| w[0] <= w[1]),
        "the share only grows"
    );
    let stop = ExploreConfig {
        progress_every: 10,
        progress: Some(Box::new(|_| false)),
        ..ExploreConfig::default()
    };
    let r = explore(&spec, stop).expect("explores");
    assert_eq!(r.stopped, Some(queuelab::explore::Stopped::Cancelled));
}

#[test]
fn a_report_travels_as_json_unchanged() {
    // The app's worker posts reports as JSON: counts are u128 and must come back exact.
    let r = agree(FOR_UPDATE_WAIT);
    let json = serde_json::to_string(&r).expect("serializes");
    let back: Report = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, r);
}
