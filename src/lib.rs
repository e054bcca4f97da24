//! Queue Lab's engine: reads MySQL, PostgreSQL (and later T-SQL) as pasted from an article,
//! translates each statement for SQLite, runs it, and records a trace of every table after
//! every statement. No IO, no clock, no randomness: the same input gives the same trace on
//! wasm and native. The web UI and the `queuelab` CLI only render traces.

pub mod dialect;
pub mod engine;
pub mod examples;
pub mod render;
pub mod scenario;
pub mod source;
pub mod trace;

pub use dialect::Dialect;
pub use engine::{run_script, RunConfig, Runner};
pub use trace::Trace;

/// One statement of a script as written, before anything runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Outlined {
    /// The statement without client prompts.
    pub source: String,
    pub span: source::Span,
}

/// The statements of a script and the problems that stop it being read, without running
/// anything (no SQLite): what an editor lists before the first step.
pub fn outline(dialect: Dialect, text: &str) -> (Vec<Outlined>, Vec<trace::Diagnostic>) {
    let script = dialect::front::parse_script(dialect, text);
    let statements = script
        .statements
        .into_iter()
        .map(|p| Outlined {
            source: p.raw.text,
            span: p.raw.span,
        })
        .collect();
    (statements, script.diagnostics)
}

/// Picks the dialect for a script: an explicit choice wins, then a `-- dialect:` first line,
/// then MySQL.
pub fn dialect_for(text: &str, explicit: Option<Dialect>) -> Dialect {
    explicit
        .or_else(|| source::dialect_header(text).and_then(Dialect::from_name))
        .unwrap_or(Dialect::MySql)
}
