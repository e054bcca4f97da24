//! `queuelab`: runs Queue Lab scripts from the command line, for CI and docs builds.
//! The only part of the project that reads files and writes to the terminal.

use queuelab::render::{jsonl, transcript};
use queuelab::scenario::interleavings::MAX_LISTED;
use queuelab::scenario::schedule::Schedule;
use queuelab::{dialect_for, run_script, Dialect, RunConfig};
use std::path::Path;
use std::process::ExitCode;

mod explore;

const USAGE: &str =
    "usage: queuelab run FILE... [--dialect mysql|postgres|mssql] [--format text|jsonl]
                        [--permutation \"a b c\"] [--out-dir DIR]
       queuelab spec FILE           a spec read and checked, with its permutations, as JSON
       queuelab examples            list the bundled examples
       queuelab example ID          print one bundled example's SQL
       ";

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Text,
    Jsonl,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("spec") => spec(&args[1..]),
        Some("explore") => explore::run(&args[1..]),
        Some("examples") => {
            for e in queuelab::examples::EXAMPLES {
                emit(&format!("{:<16} {} — {}\n", e.id, e.title, e.source));
            }
            ExitCode::SUCCESS
        }
        Some("example") => match args.get(1).and_then(|id| queuelab::examples::by_id(id)) {
            Some(e) => {
                emit(e.sql);
                ExitCode::SUCCESS
            }
            None => usage_error("unknown example; `queuelab examples` lists them"),
        },
        Some("-h" | "--help" | "help") => {
            emit(&format!("{USAGE}{}\n", explore::USAGE));
            ExitCode::SUCCESS
        }
        _ => usage_error("expected a command"),
    }
}

/// Writes to standard output; a closed pipe (`| head`) is the reader's choice, not a panic.
pub fn emit(text: &str) {
    let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("queuelab: {msg}\n{USAGE}{}", explore::USAGE);
    ExitCode::from(2)
}

fn run(args: &[String]) -> ExitCode {
    let mut files = Vec::new();
    let mut dialect = None;
    let mut format = Format::Text;
    let mut permutation: Option<String> = None;
    let mut out_dir: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--dialect" => match it.next().and_then(|d| Dialect::from_name(d)) {
                Some(d) => dialect = Some(d),
                None => return usage_error("--dialect takes mysql, postgres or mssql"),
            },
            "--format" => match it.next().map(String::as_str) {
                Some("text") => format = Format::Text,
                Some("jsonl") => format = Format::Jsonl,
                _ => return usage_error("--format takes text or jsonl"),
            },
            "--permutation" => match it.next() {
                Some(p) => permutation = Some(p.clone()),
                None => return usage_error("--permutation takes step names"),
            },
            "--out-dir" => match it.next() {
                Some(d) => out_dir = Some(d.clone()),
                None => return usage_error("--out-dir takes a directory"),
            },
            s if s.starts_with("--") => return usage_error(&format!("unknown option {s}")),
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return usage_error("run needs a FILE");
    }
    let mut failed = false;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("queuelab: cannot read {file}: {e}");
                failed = true;
                continue;
            }
        };
        let spec = Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if queuelab::scenario::spec::looks_like_spec(&text) {
            let opts = SpecOptions {
                dialect,
                format,
                permutation: permutation.clone(),
                out_dir: out_dir.clone(),
            };
            failed |= !run_spec_file(file, &spec, &text, &opts);
            continue;
        }
        let d = dialect_for(&text, dialect);
        let trace = run_script(d, &text, &RunConfig::default());
        for diag in &trace.diagnostics {
            eprintln!(
                "{file}:{}:{}: {}",
                diag.pos.line, diag.pos.column, diag.message
            );
            failed = true;
        }
        match format {
            Format::Text => emit(&transcript::text(&trace)),
            Format::Jsonl => {
                let permutation: Vec<String> = trace.steps.iter().map(|s| s.name.clone()).collect();
                let head = jsonl::Head::new(&spec, &permutation);
                for step in &trace.steps {
                    emit(&(jsonl::step_line(&head, step) + "\n"));
                }
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints a spec as JSON, with its permutations spelled out (up to
/// [`MAX_LISTED`](queuelab::scenario::interleavings::MAX_LISTED)); exits 1 when the check pass
/// finds errors (printed to stderr).
fn spec(args: &[String]) -> ExitCode {
    let [file] = args else {
        return usage_error("spec takes one FILE");
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("queuelab: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let resolved = queuelab::scenario::resolve(&text);
    for d in resolved.errors.iter().chain(&resolved.warnings) {
        eprintln!("{file}:{}:{}: {}", d.pos.line, d.pos.column, d.message);
    }
    let count = resolved.schedule_count();
    let listed = count.is_some_and(|n| n <= MAX_LISTED);
    if !listed {
        eprintln!("{file}: {}", too_many(count));
    }
    let permutations: Vec<Vec<String>> = if listed {
        resolved
            .schedules()
            .map(|s| s.names(&resolved.spec))
            .collect()
    } else {
        Vec::new()
    };
    let doc = serde_json::json!({
        "spec": resolved.spec,
        "permutation_count": count.map(|n| n.to_string()),
        "permutations": permutations,
        "errors": resolved.errors,
        "warnings": resolved.warnings,
    });
    match serde_json::to_string_pretty(&doc) {
        Ok(json) => emit(&(json + "\n")),
        Err(e) => {
            eprintln!("queuelab: {e}");
            return ExitCode::FAILURE;
        }
    }
    if resolved.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Why a spec's interleavings are not spelled out.
fn too_many(count: Option<u128>) -> String {
    let n = count.map_or("more than 2^128".to_string(), |n| n.to_string());
    format!(
        "{n} interleavings, more than the {MAX_LISTED} that are listed or run one by one: \
         name one with --permutation \"...\" or add permutation lines to the spec"
    )
}

struct SpecOptions {
    /// `--dialect`, which wins over the spec's `# dialect:` line.
    dialect: Option<Dialect>,
    format: Format,
    permutation: Option<String>,
    out_dir: Option<String>,
}

/// Runs every permutation of a spec (or the one asked for); false when it cannot run.
fn run_spec_file(file: &str, name: &str, text: &str, opts: &SpecOptions) -> bool {
    let mut resolved = queuelab::scenario::resolve(text);
    if let Some(asked) = opts.dialect {
        // As for a SQL file, the flag wins over the first line: one spec, another server.
        resolved.spec.dialect = Some(asked.name().to_string());
    }
    for d in &resolved.errors {
        eprintln!("{file}:{}:{}: {}", d.pos.line, d.pos.column, d.message);
    }
    if !resolved.errors.is_empty() {
        return false;
    }
    let schedules: Vec<Schedule> = match &opts.permutation {
        Some(line) => match Schedule::parse(line, &resolved.spec) {
            Ok(s) => vec![s],
            Err(d) => {
                eprintln!("--permutation:{}: {}", d.pos.column, d.message);
                return false;
            }
        },
        None => {
            let count = resolved.schedule_count();
            if count.is_none_or(|n| n > MAX_LISTED) {
                eprintln!("{file}: {}", too_many(count));
                return false;
            }
            resolved.schedules().collect()
        }
    };
    let config = queuelab::sim::Config::default();
    let runs = queuelab::sim::run_permutations(&resolved.spec, schedules, &config);
    let out = match opts.format {
        Format::Jsonl => runs
            .iter()
            .flat_map(|r| {
                let head = jsonl::Head::new(name, &r.steps);
                r.events
                    .iter()
                    .map(move |e| jsonl::event_line(&head, e) + "\n")
            })
            .collect::<String>(),
        Format::Text => transcript::spec_text(
            queuelab::sim::dialect_of(&resolved.spec),
            &resolved.spec,
            &runs,
        ),
    };
    match &opts.out_dir {
        Some(dir) => {
            let ext = if opts.format == Format::Jsonl {
                "jsonl"
            } else {
                "out"
            };
            let path = Path::new(dir).join(format!("{name}.{ext}"));
            if let Err(e) = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, out)) {
                eprintln!("queuelab: cannot write {}: {e}", path.display());
                return false;
            }
        }
        None => emit(&out),
    }
    // isolationtester's words, on stderr, and a failed run.
    if let Some(why) = runs.iter().find_map(|r| r.setup_failed.as_deref()) {
        eprintln!("{file}: {why}");
        return false;
    }
    true
}
