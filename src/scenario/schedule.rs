//! Schedules as data: which step each move runs, and the permutation text that spells them
//! (`c1pop(statements 8) c2pop c1c`). The CLI, the web app and the explorer hold
//! [`Schedule`]s; text is only read at the edge and written for people.

use crate::scenario::spec::Spec;
use crate::source::Pos;
use crate::trace::Diagnostic;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A session of the scenario: its place in the spec's `session` list (0 is the first).
/// The setup's hidden session is not one: it never appears outside the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SessionId(pub u32);

/// A step of the scenario: its session and its place in that session's `step` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct StepId {
    pub session: SessionId,
    pub index: u32,
}

/// One move of a schedule: run a step, or only its next `statements` statements (T-SQL
/// procedure bodies included; the rest runs the next time the step is chosen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    pub step: StepId,
    pub statements: Option<u32>,
}

impl Choice {
    pub fn whole(step: StepId) -> Choice {
        Choice {
            step,
            statements: None,
        }
    }
}

/// A list of moves: a permutation line, typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Schedule(pub Vec<Choice>);

/// The most statements one `(statements n)` entry may name: far more than any step has, and
/// small enough that a typo such as 10^20 is told, not wrapped or ignored.
pub const MAX_STATEMENTS_PER_ENTRY: u32 = 1_000_000;

impl Schedule {
    /// Reads a permutation line against a spec's step names. Blocker annotations (`s1a(*)`,
    /// `s1a(s2b)`) are read and dropped, as the engine finds waits by itself.
    pub fn parse(text: &str, spec: &Spec) -> Result<Schedule, Diagnostic> {
        let mut out = Vec::new();
        let list = entries(text);
        let moves = list.len();
        for (entry, column) in list {
            let at = |message: String| Diagnostic {
                pos: Pos {
                    line: 1,
                    column: column as u32 + 1,
                },
                message,
                fixed_text: None,
            };
            if out.len() == crate::limits::MAX_PERMUTATION_MOVES {
                return Err(at(super::check::too_many_moves(moves)));
            }
            let (name, statements) = split_entry(&entry).map_err(at)?;
            let step = step_id(spec, name)
                .ok_or_else(|| at(format!("undefined step \"{name}\" in the permutation")))?;
            out.push(Choice { step, statements });
        }
        Ok(Schedule(out))
    }

    /// The permutation line of a spec's `permutation` entries (already checked by the spec's
    /// check pass: unknown names are left out).
    pub fn of_line(line: &[crate::scenario::spec::PermStep], spec: &Spec) -> Schedule {
        Schedule(
            line.iter()
                .filter_map(|p| {
                    step_id(spec, &p.name).map(|step| Choice {
                        step,
                        statements: p.statements,
                    })
                })
                .collect(),
        )
    }

    /// The permutation text, which [`Schedule::parse`] reads back to the same schedule.
    pub fn text(&self, spec: &Spec) -> String {
        self.names(spec).join(" ")
    }

    /// Each move as a permutation entry (`c1pop`, `c1pop(statements 8)`).
    pub fn names(&self, spec: &Spec) -> Vec<String> {
        self.0.iter().map(|c| entry_text(spec, c)).collect()
    }
}

/// A move as a permutation entry.
pub fn entry_text(spec: &Spec, c: &Choice) -> String {
    let name = step_name(spec, c.step);
    // A name that is not a plain word was quoted in the spec, and is here, so that the line
    // reads back (`"pop one" c2pop`).
    let plain = name.chars().all(|ch| ch.is_alphanumeric() || ch == '_');
    let name = if plain {
        name.to_string()
    } else {
        format!("\"{name}\"")
    };
    match c.statements {
        Some(n) => format!("{name}(statements {n})"),
        None => name.to_string(),
    }
}

/// The name of a step of `spec`.
pub fn step_name(spec: &Spec, id: StepId) -> &str {
    spec.sessions
        .get(id.session.0 as usize)
        .and_then(|s| s.steps.get(id.index as usize))
        .map(|s| s.name.as_str())
        .unwrap_or("?")
}

/// The step called `name`, if the spec has one.
pub fn step_id(spec: &Spec, name: &str) -> Option<StepId> {
    spec.sessions.iter().enumerate().find_map(|(s, def)| {
        def.steps
            .iter()
            .position(|st| st.name == name)
            .map(|i| StepId {
                session: SessionId(s as u32),
                index: i as u32,
            })
    })
}

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "session {}", self.0)
    }
}

/// The entries of a permutation line with the (0-based, in characters) column each starts
/// at: words, where a word that opens a parenthesis runs to the word that closes it
/// (`c1pop(statements 8)`); spaces inside parentheses become one.
fn entries(line: &str) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut in_word = false;
    let mut quoted = false;
    for (column, ch) in line.chars().enumerate() {
        if ch.is_whitespace() && !quoted {
            in_word = false;
            continue;
        }
        match out.last_mut() {
            Some((e, _)) if depth > 0 => {
                if !in_word {
                    e.push(' ');
                }
                e.push(ch);
            }
            Some((e, _)) if in_word => e.push(ch),
            _ => out.push((ch.to_string(), column)),
        }
        in_word = true;
        match ch {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

/// An entry's step name and statement limit, for entries this module wrote (a bad count
/// reads as none).
pub fn entry_parts(entry: &str) -> (&str, Option<u32>) {
    split_entry(entry).unwrap_or_else(|_| (entry.split('(').next().unwrap_or(entry), None))
}

/// `c1pop(statements 4)` → (`c1pop`, Some(4)); `c1pop(c2pop)` and `c1pop(*)` → (`c1pop`,
/// None). A count that is not a number from 1 to [`MAX_STATEMENTS_PER_ENTRY`] is an error.
fn split_entry(entry: &str) -> Result<(&str, Option<u32>), String> {
    // A quoted name: everything up to the closing quote, parentheses included.
    let (name, rest) = match entry.strip_prefix('"').and_then(|e| e.split_once('"')) {
        Some((name, rest)) => match rest.strip_prefix('(') {
            Some(rest) => (name, rest),
            None => return Ok((name, None)),
        },
        None => match entry.split_once('(') {
            Some(parts) => parts,
            None => return Ok((entry, None)),
        },
    };
    let inner = rest.trim_end().strip_suffix(')').unwrap_or(rest).trim();
    let Some(n) = inner.strip_prefix("statements") else {
        return Ok((name.trim(), None)); // a blocker annotation
    };
    let n = n.trim();
    match n.parse::<u64>() {
        Ok(v) if (1..=MAX_STATEMENTS_PER_ENTRY as u64).contains(&v) => {
            Ok((name.trim(), Some(v as u32)))
        }
        _ => Err(format!(
            "`{name}(statements {n})`: the count must be a whole number from 1 to {MAX_STATEMENTS_PER_ENTRY}"
        )),
    }
}
