//! The check pass over a read spec, as isolationtester's: duplicate session and step names,
//! permutations naming undefined steps, steps no permutation uses. Exact messages, positioned.

use super::spec::Spec;
use crate::trace::Diagnostic;

/// Problems that make the spec unusable (errors) and ones worth a look (warnings).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Checked {
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

pub fn check(spec: &Spec) -> Checked {
    let mut out = Checked::default();
    let mut sessions: Vec<&str> = Vec::new();
    for s in &spec.sessions {
        if sessions.contains(&s.name.as_str()) {
            out.errors
                .push(at(s.pos, format!("duplicate session name \"{}\"", s.name)));
        }
        sessions.push(&s.name);
    }
    let mut steps: Vec<&str> = Vec::new();
    for st in spec.sessions.iter().flat_map(|s| &s.steps) {
        if steps.contains(&st.name.as_str()) {
            out.errors
                .push(at(st.pos, format!("duplicate step name \"{}\"", st.name)));
        }
        steps.push(&st.name);
    }
    for line in &spec.permutations {
        if let Some(p) = line.get(crate::limits::MAX_PERMUTATION_MOVES) {
            out.errors.push(at(p.pos, too_many_moves(line.len())));
        }
    }
    for p in spec.permutations.iter().flatten() {
        if let Some(n) = &p.bad_count {
            out.errors.push(at(
                p.pos,
                format!(
                    "`{}(statements {n})`: the count must be a whole number from 1 to {}",
                    p.name,
                    super::schedule::MAX_STATEMENTS_PER_ENTRY
                ),
            ));
        }
        if !steps.contains(&p.name.as_str()) {
            out.errors.push(at(
                p.pos,
                format!("undefined step \"{}\" specified in permutation", p.name),
            ));
        }
        for b in &p.blockers {
            if b != "*" && !steps.contains(&b.as_str()) && !b.contains(' ') {
                out.errors.push(at(
                    p.pos,
                    format!(
                        "undefined step \"{b}\" specified as blocker of \"{}\"",
                        p.name
                    ),
                ));
            }
        }
    }
    for e in &spec.expects {
        for name in e.check.steps() {
            if !steps.contains(&name.as_str()) {
                out.errors.push(at(
                    e.pos,
                    format!("undefined step \"{name}\" in `#! expect {}`", e.text),
                ));
            }
        }
    }
    if !spec.permutations.is_empty() {
        for st in spec.sessions.iter().flat_map(|s| &s.steps) {
            if !spec
                .permutations
                .iter()
                .flatten()
                .any(|p| p.name == st.name)
            {
                out.warnings
                    .push(at(st.pos, format!("unused step name: {}", st.name)));
            }
        }
    }
    out
}

fn at(pos: crate::source::Pos, message: String) -> Diagnostic {
    Diagnostic {
        pos,
        message,
        fixed_text: None,
    }
}

/// The message for a permutation of `moves` moves, over `MAX_PERMUTATION_MOVES`.
pub fn too_many_moves(moves: usize) -> String {
    crate::limits::over(
        "moves in one permutation",
        moves,
        crate::limits::MAX_PERMUTATION_MOVES,
        "MAX_PERMUTATION_MOVES",
    )
}
