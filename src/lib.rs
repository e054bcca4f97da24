//! Queue Lab's engine: reads MySQL, PostgreSQL (and later T-SQL) as pasted from an article,
//! translates each statement for SQLite, runs it, and records a trace of every table after
//! every statement. No IO, no clock, no randomness: the same input gives the same trace on
//! wasm and native. The web UI and the `queuelab` CLI only render traces.

pub mod dialect;
pub mod engine;
pub mod examples;
pub mod ids;
pub mod render;
pub mod scenario;
pub mod sim;
pub mod source;
pub mod trace;
pub mod vendor;

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
    if dialect.procedural_batches() {
        // T-SQL: each batch's statements (a procedure's body runs when it is called).
        let read = dialect::mssql::tsql::reader::read_script(text);
        let mut statements = Vec::new();
        let mut diagnostics = read.diagnostics;
        for b in read.batches {
            if let Some(e) = b.error {
                diagnostics.push(trace::Diagnostic {
                    pos: e.pos.unwrap_or(b.span.start),
                    message: e.message,
                    fixed_text: e.fixed_text,
                });
            }
            statements.extend(b.nodes.into_iter().map(|n| Outlined {
                source: n.text,
                span: n.span,
            }));
        }
        return (statements, diagnostics);
    }
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
        .unwrap_or(Dialect::SCRIPT_DEFAULT)
}
