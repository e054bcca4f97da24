//! The `queuelab` binary: text transcripts (golden files), JSON lines, exit codes.

use std::path::Path;
use std::process::Command;

fn queuelab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_queuelab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Each bundled example's transcript equals its golden file (set UPDATE_GOLDEN=1 to rewrite
/// them after a deliberate change, then read the diff).
#[test]
fn text_transcripts_match_the_golden_files() {
    for e in queuelab::examples::EXAMPLES {
        let (code, out, err) = queuelab(&["run", &format!("sql-examples/{}", e.file())]);
        assert_eq!(code, 0, "{err}");
        let golden =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{}.txt", e.id));
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden, &out).expect("golden file written");
        }
        let expected = std::fs::read_to_string(&golden).expect("golden file exists");
        assert_eq!(out, expected, "transcript of {}", e.id);
    }
}

#[test]
fn jsonl_has_one_line_per_step_in_the_contract_order() {
    let (code, out, _) = queuelab(&["run", "sql-examples/ring-odku.sql", "--format", "jsonl"]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 11);
    let names: Vec<String> = (1..=11).map(|i| format!("s1_{i}")).collect();
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(r#"{"spec":"ring-odku","permutation":["s1_1","#),
        "{first}"
    );
    assert!(first.contains(r#""step":"s1_1","session":"s1","event":"ok","columns":null,"rows":null,"affected":null,"error":null}"#), "{first}");
    for (l, name) in lines.iter().zip(&names) {
        assert_eq!(l["step"], name.as_str());
        assert_eq!(l["permutation"].as_array().map(Vec::len), Some(11));
    }
    let wrap = &lines[8];
    assert_eq!(wrap["affected"], 2);
    let last = &lines[10];
    assert_eq!(
        last["columns"],
        serde_json::json!(["id", "modulo", "fruit"])
    );
    assert_eq!(last["rows"][4], serde_json::json!(["5", "0", "bananas"]));
    assert_eq!(last["affected"], serde_json::Value::Null);
}

#[test]
fn errors_are_reported_in_jsonl_with_class_and_native_code() {
    let dir = std::env::temp_dir().join(format!("queuelab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("dup.sql");
    std::fs::write(
        &file,
        "-- dialect: mysql\nCREATE TABLE t (id int PRIMARY KEY);\nINSERT INTO t VALUES (1);\nINSERT INTO t VALUES (1);\n",
    )
    .expect("written");
    let (code, out, _) = queuelab(&[
        "run",
        file.to_str().unwrap_or_default(),
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, 0);
    let last: serde_json::Value =
        serde_json::from_str(out.lines().last().unwrap_or_default()).expect("json");
    assert_eq!(last["spec"], "dup");
    assert_eq!(last["event"], "error");
    assert_eq!(
        last["error"],
        serde_json::json!({"class": "unique_violation", "native": "1062", "message": "Duplicate entry '1' for key 'PRIMARY'"})
    );
}

#[test]
fn dialect_comes_from_the_flag_or_the_first_line() {
    let dir = std::env::temp_dir().join(format!("queuelab-cli-d-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("pg.sql");
    std::fs::write(&file, "-- dialect: postgres\nSELECT 1 AS one;\n").expect("written");
    let path = file.to_str().unwrap_or_default();
    let (_, out, _) = queuelab(&["run", path]);
    assert!(
        out.contains("postgres=# SELECT 1 AS one;\n one \n-----\n   1\n(1 row)"),
        "{out}"
    );
    let (_, out, _) = queuelab(&["run", path, "--dialect", "mysql"]);
    assert!(out.contains("| one |"), "{out}");
    // A spec too: its first line says PostgreSQL, the flag MariaDB (whose error 1064 the
    // step then reports, where PostgreSQL's `::` cast runs).
    let spec = dir.join("pg.spec");
    std::fs::write(
        &spec,
        "# dialect: postgres\nsession a\nstep one { SELECT '1'::int AS one; }\n",
    )
    .expect("written");
    let path = spec.to_str().unwrap_or_default();
    let (_, out, _) = queuelab(&["run", path, "--format", "jsonl"]);
    assert!(out.contains(r#""rows":[["1"]]"#), "{out}");
    let (_, out, _) = queuelab(&["run", path, "--format", "jsonl", "--dialect", "mysql"]);
    assert!(out.contains(r#""native":"1064""#), "{out}");
}

#[test]
fn bad_usage_exits_2_and_missing_files_exit_1() {
    assert_eq!(queuelab(&["run"]).0, 2);
    assert_eq!(queuelab(&["run", "x.sql", "--format", "xml"]).0, 2);
    assert_eq!(queuelab(&["frobnicate"]).0, 2);
    let (code, _, err) = queuelab(&["run", "no-such-file.sql"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read no-such-file.sql"));
}

#[test]
fn spec_prints_sessions_and_all_interleavings_as_json() {
    let dir = std::env::temp_dir().join(format!("queuelab-cli-s-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("pop.spec");
    std::fs::write(
        &file,
        "# dialect: postgres\nsession c1\nstep a { SELECT 1; }\nstep b { COMMIT; }\nsession c2\nstep c { SELECT 2; }\n",
    )
    .expect("written");
    let (code, out, _) = queuelab(&["spec", file.to_str().unwrap_or_default()]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["spec"]["dialect"], "postgres");
    assert_eq!(
        v["spec"]["sessions"][0]["steps"][1]["sql"]["sql"],
        "COMMIT;"
    );
    assert_eq!(
        v["permutations"],
        serde_json::json!([["a", "b", "c"], ["a", "c", "b"], ["c", "a", "b"]])
    );
    std::fs::write(
        &file,
        "session c1\nstep a { SELECT 1; }\npermutation a zz\n",
    )
    .expect("written");
    let (code, _, err) = queuelab(&["spec", file.to_str().unwrap_or_default()]);
    assert_eq!(code, 1);
    assert!(
        err.contains(":3:15: undefined step \"zz\" specified in permutation"),
        "{err}"
    );
}

#[test]
fn explore_exits_1_on_a_violation_with_the_contract_lines() {
    let (code, out, _) = queuelab(&[
        "explore",
        "sql-examples/pg-no-locks.spec",
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, 1, "a check is violated");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3, "two checks, then the summary: {out}");
    let keys = |v: &serde_json::Value| -> Vec<String> {
        v.as_object().expect("object").keys().cloned().collect()
    };
    assert_eq!(
        keys(&lines[0]),
        ["check", "schedules", "violations", "shortest"]
    );
    assert_eq!(lines[0]["check"], "unique-results c1get c2get");
    assert_eq!(lines[0]["violations"], 4);
    assert_eq!(lines[0]["shortest"].as_array().map(Vec::len), Some(4));
    assert_eq!(lines[1]["shortest"], serde_json::Value::Null);
    assert_eq!(
        keys(&lines[2]),
        ["schedules", "states", "outcomes", "complete"]
    );
    assert_eq!(lines[2]["schedules"], 6);
    assert_eq!(lines[2]["complete"], true);
}

#[test]
fn explore_exits_0_when_every_check_holds_and_2_on_a_bad_spec() {
    let (code, out, _) = queuelab(&["explore", "sql-examples/pg-skip-locked.spec"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("holds     unique-results c1pop c2pop"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("queuelab-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.spec");
    std::fs::write(
        &bad,
        "#! expect unique-result a b\nsession s\nstep a { SELECT 1; }\n",
    )
    .expect("written");
    let (code, _, err) = queuelab(&["explore", bad.to_str().expect("utf-8")]);
    assert_eq!(code, 2);
    assert!(
        err.contains(":1:11: unknown check `unique-result`"),
        "{err}"
    );
}

#[test]
fn explore_exits_3_when_a_bound_stops_it_before_any_violation() {
    let (code, out, _) = queuelab(&["explore", "bench/three-by-four.spec", "--max-states", "20"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("stopped early: 20 states were found"), "{out}");
}
