//! The judge: every spec of tests/conformance/specs, run on the simulator, must print the
//! JSON lines real PostgreSQL 15 / MariaDB 10.11 printed (tests/conformance/expected/,
//! recorded by tests/conformance/recorder/). A spec that differs must be listed in
//! tests/conformance/known-differences.txt with the reason; a listed spec that has come to
//! match must be taken off the list. The text transcript of every PostgreSQL spec must be
//! byte for byte what PostgreSQL's own isolationtester printed (expected/*.out, recorded by
//! tests/conformance/recorder/isolation.py), with the same list of differences.

use queuelab::render::jsonl::{event_line, Head};
use queuelab::render::transcript::spec_text;
use queuelab::scenario::resolve;
use queuelab::sim::{run_permutations, Config};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

/// `spec-name: reason` lines; `#` comments and blank lines skipped.
fn known_differences() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join("known-differences.txt")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(':'))
        .map(|(n, r)| (n.trim().to_string(), r.trim().to_string()))
        .collect()
}

fn simulate(spec_file: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(spec_file).expect("spec readable");
    let r = resolve(&text);
    assert!(r.errors.is_empty(), "{name}: {:?}", r.errors);
    let mut out = String::new();
    for run in run_permutations(&r.spec, r.schedules(), &Config::default()) {
        let head = Head::new(name, &run.steps);
        for e in &run.events {
            out.push_str(&event_line(&head, e));
            out.push('\n');
        }
    }
    out
}

/// The files of `tests/conformance/<folder>` ending in `.<ext>`, sorted.
fn files(folder: &str, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir().join(folder))
        .unwrap_or_else(|_| panic!("tests/conformance/{folder}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    found.sort();
    found
}

#[test]
fn the_simulator_prints_what_the_real_servers_printed() {
    let known = known_differences();
    let specs = files("specs", "spec");
    assert!(specs.len() >= 40, "the suite has {} specs", specs.len());
    let (mut matched, mut listed, mut problems) = (0, 0, Vec::new());
    for spec in &specs {
        let name = spec
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let expected =
            std::fs::read_to_string(dir().join("expected").join(format!("{name}.jsonl")))
                .unwrap_or_else(|_| panic!("{name}: no recording in expected/"));
        let got = simulate(spec, &name);
        let same = got.trim_end() == expected.trim_end();
        match (same, known.contains_key(&name)) {
            (true, false) => matched += 1,
            (false, true) => listed += 1,
            (true, true) => problems.push(format!(
                "{name}: now matches; take it off known-differences.txt"
            )),
            (false, false) => {
                let first = got
                    .lines()
                    .zip(expected.lines())
                    .find(|(a, b)| a != b)
                    .map(|(a, b)| format!("\n  simulator: {a}\n  server:    {b}"))
                    .unwrap_or_else(|| "\n  (one output is longer)".into());
                problems.push(format!("{name}: differs from the server{first}"));
            }
        }
    }
    for name in known.keys() {
        if !specs
            .iter()
            .any(|p| p.file_stem().is_some_and(|s| s.to_string_lossy() == *name))
        {
            problems.push(format!(
                "{name}: listed in known-differences.txt but no such spec"
            ));
        }
    }
    println!("conformance: {matched} specs match the servers, {listed} known differences");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The spec's text transcript, as `queuelab run SPEC` prints it.
fn transcript(spec_file: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(spec_file).expect("spec readable");
    let r = resolve(&text);
    assert!(r.errors.is_empty(), "{name}: {:?}", r.errors);
    let runs = run_permutations(&r.spec, r.schedules(), &Config::default());
    spec_text(queuelab::sim::dialect_of(&r.spec), &r.spec, &runs)
}

#[test]
fn postgresql_transcripts_are_what_its_isolationtester_printed_byte_for_byte() {
    let known = known_differences();
    let recorded = files("expected", "out");
    assert!(
        recorded.len() >= 25,
        "{} isolationtester transcripts",
        recorded.len()
    );
    let (mut matched, mut problems) = (0, Vec::new());
    for out in &recorded {
        let name = out
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let spec = dir().join("specs").join(format!("{name}.spec"));
        assert!(spec.exists(), "expected/{name}.out has no spec");
        let expected = std::fs::read_to_string(out).expect("transcript readable");
        let same = transcript(&spec, &name) == expected;
        match (same, known.contains_key(&name)) {
            (true, false) => matched += 1,
            (false, true) => {}
            (true, true) => problems.push(format!(
                "{name}: its transcript now matches isolationtester's; is the difference gone?"
            )),
            (false, false) => {
                let got = transcript(&spec, &name);
                let first = got
                    .lines()
                    .zip(expected.lines())
                    .enumerate()
                    .find(|(_, (a, b))| a != b)
                    .map(|(i, (a, b))| {
                        format!(
                            "\n  line {}:\n  queuelab:        {a:?}\n  isolationtester: {b:?}",
                            i + 1
                        )
                    })
                    .unwrap_or_else(|| "\n  (one output is longer)".into());
                problems.push(format!("{name}: differs from isolationtester{first}"));
            }
        }
    }
    println!(
        "isolationtester: {matched} of {} transcripts equal byte for byte",
        recorded.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
