//! `queuelab explore SPEC`: every schedule of a spec judged against its `#! expect` checks.

use queuelab::explore::{explore, report, ExploreConfig, Granularity};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub const USAGE: &str = "queuelab explore SPEC [--format text|jsonl] [--max-states N]
                        [--max-seconds S] [--statements]
                                    every schedule judged against the spec's #! expect
                                    checks; exit 0 all hold, 1 one is violated, 2 bad spec,
                                    3 a bound stopped it before any violation was found";

pub fn run(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut jsonl = false;
    let mut config = ExploreConfig::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--format" => match it.next().map(String::as_str) {
                Some("text") => jsonl = false,
                Some("jsonl") => jsonl = true,
                _ => return super::usage_error("--format takes text or jsonl"),
            },
            "--max-states" => match it.next().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if n > 0 => config.max_states = n,
                _ => return super::usage_error("--max-states takes a whole number above 0"),
            },
            "--max-seconds" => match it.next().and_then(|n| n.parse::<f64>().ok()) {
                Some(s) if s > 0.0 && s.is_finite() => {
                    config.max_time = Some(Duration::from_secs_f64(s))
                }
                _ => return super::usage_error("--max-seconds takes a number of seconds above 0"),
            },
            "--statements" => config.granularity = Granularity::Statements,
            s if s.starts_with("--") => return super::usage_error(&format!("unknown option {s}")),
            f if file.is_none() => file = Some(f.to_string()),
            _ => return super::usage_error("explore takes one SPEC"),
        }
    }
    let Some(file) = file else {
        return super::usage_error("explore needs a SPEC");
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("queuelab: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let resolved = queuelab::scenario::resolve(&text);
    for d in &resolved.errors {
        eprintln!("{file}:{}:{}: {}", d.pos.line, d.pos.column, d.message);
    }
    if !resolved.errors.is_empty() {
        return ExitCode::from(2);
    }
    if resolved.spec.sessions.is_empty() {
        eprintln!("{file}: no `session` in it: explore runs specs, not plain scripts");
        return ExitCode::from(2);
    }
    let start = Instant::now();
    config.clock = Some(Box::new(move || start.elapsed()));
    let report = match explore(&resolved.spec, config) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    let out = if jsonl {
        report::jsonl(&report, &resolved.spec)
    } else {
        report::text(&report, &resolved.spec)
    };
    super::emit(&out);
    if report.violated() {
        ExitCode::from(1)
    } else if !report.complete() {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}
