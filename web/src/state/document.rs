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
    /// The document of `text`. One rule decides its dialect, and the menu shows it: a spec
    /// runs in its `# dialect:` line's (PostgreSQL without one), a script in its
    /// `-- dialect:` first line's, else in `chosen`, the menu's.
    pub fn new(text: String, chosen: Dialect) -> Document {
        let spec = looks_like_spec(&text).then(|| Rc::new(SpecDoc::read(&text)));
        let dialect = match &spec {
            Some(d) => queuelab::sim::dialect_of(&d.spec),
            None => queuelab::source::dialect_header(&text)
                .and_then(Dialect::from_name)
                .unwrap_or(chosen),
        };
        Document {
            text,
            dialect,
            spec,
        }
    }

    /// The text with its dialect line saying `d`, so that choosing a dialect in the menu and
    /// the line agree: the line rewritten where there is one; a spec without one gets
    /// `# dialect:` on top (its only way to run in another dialect); a script without one is
    /// left as it is (the menu decides).
    pub fn text_for(&self, d: Dialect) -> String {
        let first = self
            .text
            .lines()
            .position(|l| !l.trim().is_empty())
            .filter(|_| queuelab::source::dialect_header(&self.text).is_some());
        let mut lines: Vec<String> = self.text.split('\n').map(str::to_string).collect();
        match first {
            Some(i) => {
                let prefix = if lines[i].trim_start().starts_with('#') {
                    "#"
                } else {
                    "--"
                };
                lines[i] = format!("{prefix} dialect: {}", d.name());
                lines.join("\n")
            }
            None if self.spec.is_some() => format!("# dialect: {}\n{}", d.name(), self.text),
            None => self.text.clone(),
        }
    }

    /// The bundled example whose text is in the editor, untouched; `None` for "your script".
    pub fn example(&self) -> Option<&'static Example> {
        examples::untouched(&self.text)
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
