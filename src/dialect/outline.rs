//! A script's statements as written, read without running anything: what an editor lists
//! before the first step.

use super::Dialect;
use crate::source::Span;
use crate::trace::Diagnostic;

/// One statement of a script as written, before anything runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Outlined {
    /// The statement without client prompts.
    pub source: String,
    pub span: Span,
}

/// The statements of a script and the problems that stop it being read, without running
/// anything (no SQLite): what an editor lists before the first step.
pub fn outline(dialect: Dialect, text: &str) -> (Vec<Outlined>, Vec<Diagnostic>) {
    if dialect.procedural_batches() {
        // T-SQL: each batch's statements (a procedure's body runs when it is called).
        let read = super::mssql::tsql::reader::read_script(text);
        let mut statements = Vec::new();
        let mut diagnostics = read.diagnostics;
        for b in read.batches {
            if let Some(e) = b.error {
                diagnostics.push(Diagnostic {
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
    match super::front::split_script(dialect, text) {
        Ok(raws) => {
            let statements = raws
                .into_iter()
                .map(|raw| Outlined {
                    source: raw.text,
                    span: raw.span,
                })
                .collect();
            (statements, Vec::new())
        }
        Err(d) => (Vec::new(), vec![d]),
    }
}
