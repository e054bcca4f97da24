//! Helpers shared by the integration tests: one `check` per layer.
#![allow(dead_code)]

use queuelab::trace::{Outcome, Step, StepError, Success, TableView};
use queuelab::{run_script, Dialect, RunConfig, Trace};

pub fn mysql(sql: &str) -> Trace {
    run_script(Dialect::MySql, sql, &RunConfig::default())
}

pub fn postgres(sql: &str) -> Trace {
    run_script(Dialect::Postgres, sql, &RunConfig::default())
}

pub fn last(trace: &Trace) -> &Step {
    trace.steps.last().expect("the script has statements")
}

pub fn ok(step: &Step) -> &Success {
    match &step.outcome {
        Outcome::Ok(s) => s,
        Outcome::Error(e) => panic!("`{}` failed: {} {}", step.source, e.native, e.message),
    }
}

pub fn err(step: &Step) -> &StepError {
    match &step.outcome {
        Outcome::Error(e) => e,
        Outcome::Ok(_) => panic!("`{}` should have failed", step.source),
    }
}

/// Runs `setup` then `source` as MySQL, asserts every step of `setup` succeeded and that
/// `source` ran as exactly `expected` on SQLite (and succeeded).
pub fn verified_rewrite(setup: &str, source: &str, expected: &[&str]) -> Trace {
    let trace = mysql(&format!("{setup}\n{source}"));
    for s in &trace.steps {
        ok(s);
    }
    assert_eq!(last(&trace).ran, expected, "rewrite of `{source}`");
    trace
}

/// Result rows as the client prints them (NULL as "NULL").
pub fn rows(step: &Step) -> Vec<Vec<String>> {
    ok(step)
        .rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.text().unwrap_or_else(|| "NULL".into()))
                .collect()
        })
        .collect()
}

/// Parses rows written as in the articles: one row per line, cells split on whitespace.
pub fn table_text(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

pub fn table<'a>(step: &'a Step, name: &str) -> &'a TableView {
    step.tables
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no table {name}"))
}

pub const RING_TABLE: &str = "CREATE TABLE q (id int NOT NULL, modulo int NOT NULL, fruit varchar(10) NOT NULL, PRIMARY KEY(id), UNIQUE KEY(modulo));";

/// The seed ring insert of one fruit.
pub fn ring_insert(fruit: &str) -> String {
    format!(
        "insert into q(id, modulo, fruit) select (coalesce(max(id), -1) + 1), (coalesce(max(id), -1) + 1) mod 5, '{fruit}' from q on duplicate key update id = values(id), fruit = values(fruit);"
    )
}

/// `step:event[:rows]` per event, rows as `1,2` (empty for no rows).
pub fn summary(events: &[queuelab::trace::Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            let mut s = format!("{}:{}", e.step, e.kind.as_str());
            match &e.outcome {
                Some(Outcome::Ok(ok)) if ok.columns.is_some() => {
                    let rows: Vec<String> = ok
                        .rows
                        .iter()
                        .map(|r| {
                            r.iter()
                                .filter_map(|v| v.text())
                                .collect::<Vec<_>>()
                                .join("|")
                        })
                        .collect();
                    s.push_str(&format!(":[{}]", rows.join(",")));
                }
                Some(Outcome::Error(err)) => s.push_str(&format!(":{}", err.native)),
                _ => {}
            }
            s
        })
        .collect()
}

/// The fingerprint after every move of a few schedules, one line each: what
/// `tests/golden/fingerprints.txt` holds, natively and in wasm alike.
pub fn fingerprint_lines() -> String {
    use queuelab::scenario::{resolve, schedule::Schedule};
    use queuelab::sim::{Config, Sim};
    let cases = [
        (
            "pg-for-update-wait",
            include_str!("../specs/pg-for-update-wait.spec"),
            "c1pop c2lock c1c c2c",
        ),
        (
            "mssql-cursor-pop",
            include_str!("../mssql/cursor-pop.spec"),
            "c1pop(statements 8) c2pop c1pop c2left",
        ),
        (
            "my-gap-ranges-rr",
            include_str!("../conformance/specs/my-gap-ranges-rr.spec"),
            "cbelow pfour qthree pzero cc pcount",
        ),
    ];
    let mut out = String::new();
    for (name, text, line) in cases {
        let r = resolve(text);
        let schedule = Schedule::parse(line, &r.spec).expect("steps exist");
        let mut sim =
            Sim::new(std::sync::Arc::new(r.spec.clone()), Config::default()).expect("sqlite opens");
        out.push_str(&format!("{name} start {:016x}\n", sim.fingerprint()));
        for (c, entry) in schedule.0.iter().zip(schedule.names(&r.spec)) {
            let _ = sim.step(*c);
            out.push_str(&format!("{name} {entry} {:016x}\n", sim.fingerprint()));
        }
    }
    out
}

/// Every spec the tests know (ours, the conformance suite's, the SQL Server ones, the
/// examples), in a stable order: what the checks that hold for every spec walk over.
pub fn all_spec_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in [
        "tests/specs",
        "tests/conformance/specs",
        "tests/mssql",
        "sql-examples",
    ] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("dir exists")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "spec"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Doubles the lab writes, one per line as `DIGITS POINT` (`|r|` = 0.DIGITS × 10^POINT):
/// the edges of each notation and a deterministic spread of bit patterns. The native build
/// reads these digits off Rust's `Display`, the browser off JavaScript's `String(x)`;
/// `tests/golden/float-digits.txt` holds them, and both builds must give it.
pub fn float_digit_lines() -> String {
    let mut values = vec![
        0.0,
        1.0,
        0.1,
        0.2,
        0.3,
        0.30000000000000004,
        1e-7,
        1.5e-7,
        9.999999e-7,
        1e-6,
        1e15,
        1e16,
        1e20,
        1e21,
        1e22,
        1.2345e25,
        123.456,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        2.5e-5,
        1e100,
        7e-10,
        4.35,
        0.1 + 0.7,
        1.0 / 3.0,
        2.0 / 3.0,
        9007199254740993.0,
        123456789012345680.0,
        5e-7,
        // The largest subnormal.
        f64::from_bits(0x000f_ffff_ffff_ffff),
    ];
    // An LCG over the bit patterns, finite and positive ones kept.
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    while values.len() < 400 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = f64::from_bits(x >> 1);
        if r.is_finite() {
            values.push(r);
        }
    }
    let mut out = String::new();
    for r in values {
        let (digits, point) = queuelab::float_text::shortest(r);
        out.push_str(&format!("{} {point}\n", String::from_utf8_lossy(&digits)));
    }
    out
}

/// Asserts that each `(value, column)` an INSERT writes after `setup` (which makes `jobs`) is
/// refused with an error naming the column, and that the statement is undone.
pub fn assert_writes_refused(run: fn(&str) -> Trace, setup: &str, cases: &[(&str, &str)]) {
    for (value, column) in cases {
        let t = run(&format!(
            "{setup}\nINSERT INTO jobs (id, {column}) VALUES (1, {value});\nSELECT count(*) FROM jobs;"
        ));
        let e = err(&t.steps[1]);
        assert!(
            e.message.contains(&format!("column {column}")),
            "{value}: {e:?}"
        );
        assert_eq!(rows(last(&t)), [["0"]], "{value}: the statement is undone");
    }
}

/// The client text of each statement of a PostgreSQL script, one line each.
pub fn answers(trace: &queuelab::trace::Trace) -> Vec<String> {
    trace
        .steps
        .iter()
        .map(|s| s.client_text.lines().next().unwrap_or_default().to_string())
        .collect()
}
