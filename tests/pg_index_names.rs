//! PostgreSQL's index names are relation names (spec pg-index-names checks the server's
//! answers): what the lab refuses around them, and an index created in another session's
//! open transaction block.

mod common;
use common::*;
use queuelab::scenario::resolve;
use queuelab::scenario::schedule::Schedule;
use queuelab::sim::{Config, Sim};
use queuelab::trace::Outcome;
use std::sync::Arc;

#[test]
fn names_are_shared_and_numbered_and_what_the_lab_cannot_show_is_refused() {
    let t = postgres(
        "CREATE TABLE t (id int PRIMARY KEY, v int);
         CREATE INDEX ON t (v);
         CREATE UNIQUE INDEX ON t (v);
         CREATE TABLE t_v_idx1 (a int);
         CREATE INDEX CONCURRENTLY t_c ON t (v);
         DROP TABLE IF EXISTS t_v_idx;
         DROP SEQUENCE t_v_idx1;
         DROP TABLE t;
         CREATE TABLE t_v_idx (a int);",
    );
    let a = answers(&t);
    assert_eq!(a[1], "CREATE INDEX");
    assert_eq!(a[2], "CREATE INDEX");
    // The unique index took the next free name, t_v_idx1.
    assert_eq!(a[3], "ERROR:  relation \"t_v_idx1\" already exists");
    assert!(
        a[4].contains("CREATE INDEX CONCURRENTLY is not supported here"),
        "{}",
        a[4]
    );
    assert!(
        a[5].contains("DROP TABLE of t_v_idx, which is not a table, is not supported"),
        "{}",
        a[5]
    );
    assert!(
        a[6].contains("DROP SEQUENCE of t_v_idx1, which is not a sequence"),
        "{}",
        a[6]
    );
    // Dropping the table drops its indexes, and their names are free again.
    assert_eq!(a[7], "DROP TABLE");
    assert_eq!(a[8], "CREATE TABLE");
}

#[test]
fn a_transaction_block_numbers_past_its_own_names_and_skips_them_with_if_not_exists() {
    // psql 15 answered each the same way.
    let t = postgres(
        "CREATE TABLE jobs (id int PRIMARY KEY, state text);
         BEGIN;
         CREATE INDEX ON jobs (state);
         CREATE INDEX ON jobs (state);
         CREATE INDEX IF NOT EXISTS jobs_state_idx ON jobs (state);
         CREATE INDEX jobs_state_idx1 ON jobs (id);
         COMMIT;
         CREATE INDEX jobs_state_idx ON jobs (id);",
    );
    let a = answers(&t);
    assert_eq!(a[2], "CREATE INDEX");
    // The second unnamed index is jobs_state_idx1, so naming one so is 42P07.
    assert_eq!(a[3], "CREATE INDEX");
    assert_eq!(
        t.steps[4].client_text,
        "NOTICE:  relation \"jobs_state_idx\" already exists, skipping\nCREATE INDEX"
    );
    assert_eq!(a[5], "ERROR:  relation \"jobs_state_idx1\" already exists");
    // The error aborted the block: its COMMIT rolls back, and the tag says so.
    assert_eq!(a[6], "ROLLBACK");
    assert_eq!(a[7], "CREATE INDEX", "the names went with the rollback");
}

#[test]
fn a_name_another_open_transaction_is_creating_is_refused_until_it_commits() {
    let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY, v int); }
session a
setup { BEGIN; }
step aidx { CREATE INDEX q ON t (v); }
step ac { COMMIT; }
session b
step btable { CREATE TABLE q (a int); }
step bidx { CREATE INDEX q ON t (id); }
";
    let r = resolve(text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let mut sim = Sim::new(Arc::new(r.spec.clone()), Config::default()).expect("sqlite opens");
    let schedule = Schedule::parse("aidx btable bidx ac btable", &r.spec).expect("steps exist");
    let mut errors = Vec::new();
    for c in &schedule.0 {
        for e in sim.step(*c).events {
            if let Some(Outcome::Error(err)) = &e.outcome {
                errors.push(format!("{}: {}", e.step, err.message));
            }
        }
    }
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].starts_with(
            "btable: q, an index another open transaction creates, is not supported here"
        ),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("bidx: q, an index another"),
        "{errors:?}"
    );
    assert_eq!(errors[2], "btable: relation \"q\" already exists");
}
