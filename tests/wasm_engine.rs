//! The engine in WebAssembly, in headless Chromium: the same ring as natively, on SQLite
//! compiled to wasm. Run by scripts/test.sh with wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

use queuelab::examples::by_id;
use queuelab::trace::Outcome;
use queuelab::{run_script, Dialect, RunConfig};
use wasm_bindgen_test::*;

#[path = "common/deep.rs"]
mod deep;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn ring_wraps_in_the_wasm_build_of_sqlite() {
    let example = by_id("ring-odku").expect("bundled");
    let trace = run_script(Dialect::MySql, example.sql, &RunConfig::default());
    let wrap = &trace.steps[8];
    assert_eq!(
        wrap.client_text,
        "Query OK, 2 rows affected\nRecords: 1  Duplicates: 1  Warnings: 0"
    );
    let ring = &wrap.rings[0];
    assert_eq!(ring.slots[0].label.as_deref(), Some("bananas"));
    assert!(ring.slots[0].overwritten);
    assert_eq!(ring.oldest, Some(1));
    let Outcome::Ok(last) = &trace.steps[10].outcome else {
        panic!("the last select runs");
    };
    let first: Vec<String> = last.rows[0].iter().filter_map(|v| v.text()).collect();
    assert_eq!(first, ["1", "1", "oranges"]);
}

#[wasm_bindgen_test]
fn same_trace_on_wasm_as_native_golden() {
    // The transcript is byte-identical to the native golden file.
    let example = by_id("grouped-rings").expect("bundled");
    let trace = run_script(Dialect::MySql, example.sql, &RunConfig::default());
    assert_eq!(
        queuelab::render::transcript::text(&trace),
        include_str!("golden/grouped-rings.txt")
    );
}

#[wasm_bindgen_test]
fn runaway_sql_is_interrupted_in_wasm_too() {
    let config = RunConfig {
        step_budget: 100_000,
        ..RunConfig::default()
    };
    let trace = run_script(
        Dialect::MySql,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;",
        &config,
    );
    let Outcome::Error(e) = &trace.steps[0].outcome else {
        panic!("must be interrupted");
    };
    assert_eq!(e.native, "1317");
}

#[wasm_bindgen_test]
fn tsql_claim_runs_the_same_in_wasm() {
    // Seed 002 as pasted, as tests/tsql.rs runs it natively: the same transcript.
    let script = [
        include_str!("../../shared/seed-sql/002_13b298a916a7a7e1_1.sql"),
        include_str!("../../shared/seed-sql/002_13b298a916a7a7e1_2.sql"),
        include_str!("../../shared/seed-sql/002_13b298a916a7a7e1_3.sql"),
        include_str!("../../shared/seed-sql/002_13b298a916a7a7e1_4.sql"),
        include_str!("../../shared/seed-sql/002_13b298a916a7a7e1_5.sql"),
    ]
    .join("\n");
    let trace = run_script(Dialect::MsSql, &script, &RunConfig::default());
    assert_eq!(
        queuelab::render::transcript::text(&trace),
        include_str!("golden/tsql-seed-002.txt")
    );
}

#[path = "common/mod.rs"]
mod common;

#[wasm_bindgen_test]
fn fingerprints_are_the_native_ones() {
    assert_eq!(
        common::fingerprint_lines(),
        include_str!("golden/fingerprints.txt")
    );
}

/// The digits of doubles come from JavaScript here (`float_text.rs`): the same as natively.
#[wasm_bindgen_test]
fn double_digits_are_the_native_ones() {
    let lines = common::float_digit_lines();
    let golden = include_str!("golden/float-digits.txt");
    for (i, (ours, native)) in lines.lines().zip(golden.lines()).enumerate() {
        assert_eq!(ours, native, "value {i}");
    }
    assert_eq!(lines, golden);
}

/// WebAssembly's stack is the smallest: the deepest inputs the limits accept run here too,
/// and the first ones past them are refused, not a crashed page.
#[wasm_bindgen_test]
fn the_deepest_accepted_inputs_run_in_the_browser() {
    for d in [Dialect::MySql, Dialect::Postgres, Dialect::MsSql] {
        let t = run_script(
            d,
            &deep::addition_chain(deep::DEEPEST_CHAIN),
            &RunConfig::default(),
        );
        let Outcome::Ok(ok) = &t.steps[0].outcome else {
            panic!("{d:?}: the longest chain runs");
        };
        let sum = (deep::DEEPEST_CHAIN + 1).to_string();
        assert_eq!(ok.rows[0][0].text().as_deref(), Some(sum.as_str()));
        let t = run_script(d, &deep::addition_chain(8_600), &RunConfig::default());
        assert!(
            matches!(&t.steps[0].outcome, Outcome::Error(e) if e.message.contains("MAX_OPERATORS"))
        );
    }
    let t = run_script(
        Dialect::MsSql,
        &deep::nested_blocks(deep::DEEPEST_NESTING),
        &RunConfig::default(),
    );
    assert!(t.steps.last().is_some_and(|s| s.client_text.contains("42")));
    let t = run_script(
        Dialect::MsSql,
        &deep::nested_blocks(7_300),
        &RunConfig::default(),
    );
    assert!(matches!(&t.steps[0].outcome, Outcome::Error(e) if e.message.contains("MAX_NESTING")));
}

/// The browser's SQLite has no ALTER TABLE, views or ANALYZE (`.cargo/config.toml`): ADD
/// COLUMN still runs, as a rebuild of the table, with the rows and their keys kept; the
/// statements it lacks are refused by name before SQLite, as natively.
#[wasm_bindgen_test]
fn add_column_and_the_statements_sqlite_leaves_out_in_the_browser() {
    let trace = run_script(
        Dialect::Postgres,
        "CREATE TABLE jobs (id int PRIMARY KEY, kind text NOT NULL);
         INSERT INTO jobs VALUES (1, 'mail'), (2, 'sms');
         ALTER TABLE jobs ADD COLUMN tries int NOT NULL DEFAULT 0;
         INSERT INTO jobs (id, kind) VALUES (3, 'mail');
         SELECT id, kind, tries FROM jobs ORDER BY id;
         INSERT INTO jobs VALUES (1, 'again', 1);
         CREATE VIEW v AS SELECT 1;
         ANALYZE jobs;
         VACUUM;",
        &RunConfig::default(),
    );
    let Outcome::Ok(rows) = &trace.steps[4].outcome else {
        panic!("the select after ADD COLUMN runs");
    };
    let texts: Vec<Vec<String>> = rows
        .rows
        .iter()
        .map(|r| r.iter().filter_map(|v| v.text()).collect())
        .collect();
    assert_eq!(
        texts,
        [["1", "mail", "0"], ["2", "sms", "0"], ["3", "mail", "0"]]
    );
    let Outcome::Error(dup) = &trace.steps[5].outcome else {
        panic!("the key survives the rebuild");
    };
    assert_eq!(dup.native, "23505");
    for step in &trace.steps[6..] {
        let Outcome::Error(e) = &step.outcome else {
            panic!("{} must be refused", step.source);
        };
        assert!(e.message.contains("is not supported here"), "{}", e.message);
    }
}

/// SQLite's date functions are out of both builds: times move by the engine's functions,
/// which answer in the browser as natively (the fraction kept, the month's end, a DATE
/// plus a day still a DATE), and SQLite's own clock is never read.
#[wasm_bindgen_test]
fn times_move_by_the_engines_functions_in_the_browser() {
    let trace = run_script(
        Dialect::MySql,
        "CREATE TABLE jobs (id int PRIMARY KEY, at datetime(3) NOT NULL, due date NOT NULL);
         INSERT INTO jobs VALUES (1, '2000-01-31 10:00:00.5', '2000-01-31');
         SELECT at + INTERVAL 1.25 SECOND, DATE_ADD(at, INTERVAL 1 MONTH), due + INTERVAL 1 DAY, DATE(at), TIME(at), CURDATE() FROM jobs;
         SELECT strftime('%s', 'now');",
        &RunConfig::default(),
    );
    let Outcome::Ok(rows) = &trace.steps[2].outcome else {
        panic!("the times are computed");
    };
    let texts: Vec<String> = rows.rows[0].iter().filter_map(|v| v.text()).collect();
    assert_eq!(
        texts,
        [
            "2000-01-31 10:00:01.750",
            "2000-02-29 10:00:00.500",
            "2000-02-01",
            "2000-01-31",
            "10:00:00.500",
            "2025-01-01",
        ]
    );
    let Outcome::Error(e) = &trace.steps[3].outcome else {
        panic!("SQLite's strftime is refused");
    };
    assert!(e.message.contains("strftime"), "{}", e.message);
}

#[wasm_bindgen_test]
fn backoff_math_has_postgresqls_digits_in_the_browser() {
    // The browser's libm is Rust's, not the system's: the double-double gives the same bits.
    let trace = run_script(
        Dialect::Postgres,
        "SELECT exp(1), exp(0.5::float8), ln(10), power(2, 10), 2 ^ 0.5::float8, exp(709::float8), ln(1e300::float8);",
        &RunConfig::default(),
    );
    let Outcome::Ok(rows) = &trace.steps[0].outcome else {
        panic!("the math is computed: {:?}", trace.steps[0].outcome);
    };
    let texts: Vec<String> = rows.rows[0].iter().filter_map(|v| v.text()).collect();
    assert_eq!(
        texts,
        [
            "2.718281828459045",
            "1.6487212707001282",
            "2.302585092994046",
            "1024",
            "1.4142135623730951",
            "8.218407461554972e+307",
            "690.7755278982137",
        ]
    );
}
