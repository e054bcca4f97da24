//! The document: the editor's text, its dialect, and what the text is (a bundled example or
//! the user's own script; a one-session script or a multi-session spec).

use queuelab::examples::{self, Example};
use queuelab::scenario::schedule::Schedule;
use queuelab::scenario::spec::{looks_like_spec, Spec};
use queuelab::trace::Diagnostic;
use queuelab::Dialect;
use std::rc::Rc;
use std::sync::Arc;

/// The most permutations the permutation menu lists.
const LISTED: usize = 1000;

#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The editor's text, exactly as typed or pasted.
    pub text: String,
    pub dialect: Dialect,
    /// The spec read from `text`; `None` when the text is a plain script. Derived from the
    /// text once per edit, so that every view and the engine share one parse.
    pub spec: Option<Rc<SpecDoc>>,
}

/// A multi-session spec as read from the text: what the engine runs and the view lists.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecDoc {
    /// Shared with the live `Sim`, which tells a new text by a new `Arc`.
    pub spec: Arc<Spec>,
    /// The permutations the menu offers (the spec's own, else every interleaving).
    pub permutations: Vec<Schedule>,
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

impl Document {
    pub fn new(text: String, dialect: Dialect) -> Document {
        let spec = looks_like_spec(&text).then(|| Rc::new(SpecDoc::read(&text)));
        Document {
            text,
            dialect,
            spec,
        }
    }

    /// The bundled example whose text is in the editor, untouched; `None` for "your script".
    pub fn example(&self) -> Option<&'static Example> {
        examples::EXAMPLES.iter().find(|e| e.sql == self.text)
    }
}

impl SpecDoc {
    fn read(text: &str) -> SpecDoc {
        let resolved = queuelab::scenario::resolve(text);
        let permutations = resolved.schedules().take(LISTED).collect();
        SpecDoc {
            spec: Arc::new(resolved.spec),
            permutations,
            errors: resolved.errors,
            warnings: resolved.warnings,
        }
    }

    /// The session called `name`.
    pub fn session(&self, name: &str) -> Option<queuelab::sim::SessionId> {
        let i = self.spec.sessions.iter().position(|s| s.name == name)?;
        Some(queuelab::sim::SessionId(i as u32))
    }
}
