//! The bundled examples that carry `#! expect` checks, explored: each verdict is what the
//! example's comment tells the learner.

use queuelab::explore::{explore, ExploreConfig, Granularity, Report};
use queuelab::scenario::resolve;

fn explore_example(id: &str, granularity: Granularity) -> Report {
    let e = queuelab::examples::by_id(id).expect("bundled");
    let r = resolve(e.sql);
    assert!(r.errors.is_empty(), "{id}: {:?}", r.errors);
    assert!(!r.spec.expects.is_empty(), "{id} has checks");
    let config = ExploreConfig {
        granularity,
        ..ExploreConfig::default()
    };
    let report = explore(&r.spec, config).expect("explores");
    assert!(report.complete(), "{id}");
    report
}

/// Each check's text and whether some schedule violates it.
fn verdicts(r: &Report) -> Vec<(String, bool)> {
    r.checks
        .iter()
        .map(|c| (c.text.clone(), c.violations > 0))
        .collect()
}

fn v(pairs: &[(&str, bool)]) -> Vec<(String, bool)> {
    pairs.iter().map(|(t, b)| (t.to_string(), *b)).collect()
}

/// Each example with its checks and whether some schedule violates each: what its comment
/// tells the learner.
const VERDICTS: &[(&str, &[(&str, bool)])] = &[
    (
        "pg-no-locks",
        &[("unique-results c1get c2get", true), ("no-wait", false)],
    ),
    (
        "pg-for-update-pop",
        &[("unique-results c1pop c2pop", false), ("no-wait", true)],
    ),
    (
        "pg-skip-locked",
        &[
            ("unique-results c1pop c2pop", false),
            ("ordered-results c1pop c2pop", false),
            ("no-wait", false),
        ],
    ),
    ("pg-deadlock", &[("no-deadlock", true)]),
    (
        "pg-ring-sequence",
        &[
            ("sql ring_bound: SELECT count(*) <= 3 FROM ring", false),
            ("no-wait", true),
        ],
    ),
    (
        "pg-prepared-claim",
        &[("unique-results w1take w2take", true), ("no-wait", true)],
    ),
    (
        "pg-singleton-jobs",
        &[
            (
                "sql one_pending: SELECT count(*) <= 1 FROM job WHERE state = 'created'",
                false,
            ),
            ("no-error", false),
            ("no-wait", true),
        ],
    ),
    (
        "pg-listen-wakeup",
        &[
            ("unique-results w1claim w2claim", false),
            ("no-wait", false),
        ],
    ),
    (
        "mysql-ring-lost-rc",
        &[
            ("sql nothing_lost: SELECT count(*) = 5 FROM q", true),
            ("no-wait", true),
        ],
    ),
    (
        "mysql-ring-safe-rr",
        &[
            ("sql nothing_lost: SELECT count(*) = 5 FROM q", false),
            ("no-wait", true),
        ],
    ),
    ("mysql-claim-foreign-key", &[("no-deadlock", true)]),
    (
        "mssql-readpast",
        &[("unique-results c1pop c2pop", false), ("no-wait", false)],
    ),
    (
        "mssql-fifo",
        &[
            ("unique-results c1pop c2pop", false),
            ("ordered-results c1pop c2pop", false),
            ("no-wait", false),
        ],
    ),
    (
        "mssql-claim",
        &[
            ("unique-results c1claim c2claim", false),
            ("no-wait", false),
        ],
    ),
];

#[test]
fn every_example_with_checks_gets_the_verdict_its_comment_gives() {
    for (id, expected) in VERDICTS {
        let r = explore_example(id, Granularity::Steps);
        assert_eq!(verdicts(&r), v(expected), "{id}");
    }
}

#[test]
fn the_double_delivery_shows_after_the_second_read() {
    let r = explore_example("pg-no-locks", Granularity::Steps);
    let x = r.checks[0].shortest.as_ref().expect("a counterexample");
    assert_eq!(x.fails_after, 2, "both reads returned job 1");
}

#[test]
fn the_deadlock_names_its_victim() {
    let r = explore_example("pg-deadlock", Granularity::Steps);
    let x = r.checks[0].shortest.as_ref().expect("a deadlock");
    assert!(x.detail.contains("deadlock victim"), "{}", x.detail);
}

#[test]
fn the_ring_loses_a_message_in_half_the_schedules_at_read_committed() {
    let r = explore_example("mysql-ring-lost-rc", Granularity::Steps);
    assert_eq!((r.checks[0].violations, r.schedules), (2, 4));
}

#[test]
fn the_sequence_ring_waits_only_when_it_wraps_onto_an_uncommitted_slot() {
    let r = explore_example("pg-ring-sequence", Granularity::Steps);
    assert_eq!((r.checks[1].violations, r.schedules), (4, 16));
    let x = r.checks[1].shortest.as_ref().expect("a wait");
    assert_eq!(x.fails_after, 4, "the fourth push wraps onto slot 1");
}

#[test]
fn the_locking_cursor_pop_is_safe_statement_by_statement() {
    let r = explore_example("mssql-cursor-pop", Granularity::Statements);
    assert_eq!(verdicts(&r), v(&[("unique-results c1pop c2pop", false)]));
    // The pops' results are seen, not an empty "ok": the checks judge real values.
    for o in &r.outcomes {
        for (step, result) in &o.steps {
            if step.ends_with("pop") {
                assert!(result.len() >= 32, "{step}: {result}");
            }
        }
    }
    let waited = r
        .outcomes
        .iter()
        .any(|o| o.steps.iter().any(|(_, s)| s.starts_with("waited")));
    assert!(
        waited,
        "inside the procedures, one pop waits for the other's FETCH"
    );
}

#[test]
fn every_example_with_checks_is_in_the_table() {
    for e in queuelab::examples::EXAMPLES {
        if resolve(e.sql).spec.expects.is_empty() || e.id == "mssql-cursor-pop" {
            continue;
        }
        assert!(
            VERDICTS.iter().any(|(id, _)| *id == e.id),
            "{} has no verdict",
            e.id
        );
    }
}
