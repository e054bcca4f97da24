//! Reads isolationtester spec files (PostgreSQL's src/test/isolation format, see
//! `spec-format.md`): top-level setup/teardown blocks, sessions with their steps, and
//! permutation lines. Reading never stops at the first problem: it returns what it read and a
//! diagnostic per problem, each with its line and column.

use crate::source::Pos;
use crate::trace::Diagnostic;
use serde::Serialize;

/// A `{ ... }` block of SQL and where its text starts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    pub sql: String,
    pub pos: Pos,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepDef {
    pub name: String,
    pub pos: Pos,
    pub sql: Block,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionDef {
    pub name: String,
    pub pos: Pos,
    pub setup: Option<Block>,
    pub steps: Vec<StepDef>,
    pub teardown: Option<Block>,
}

/// One entry of a permutation line: a step name and its blocker annotation, if any
/// (`s1a(*)`, `s1a(s2b)`), kept as written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PermStep {
    pub name: String,
    pub pos: Pos,
    pub blockers: Vec<String>,
    /// `c1pop(statements 4)`: run at most 4 statements of the step now, the rest when the step
    /// is named again. How a T-SQL spec puts another session's step inside a procedure call.
    pub statements: Option<u32>,
    /// `(statements N)` with N not a whole number from 1 to
    /// [`MAX_STATEMENTS_PER_ENTRY`](super::schedule::MAX_STATEMENTS_PER_ENTRY): what the check
    /// pass reports, instead of running the whole step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bad_count: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Spec {
    /// From a `# dialect: NAME` first line.
    pub dialect: Option<String>,
    pub setup: Vec<Block>,
    pub teardown: Option<Block>,
    pub sessions: Vec<SessionDef>,
    pub permutations: Vec<Vec<PermStep>>,
    /// `#! expect` lines: what the explorer checks in every schedule.
    pub expects: Vec<super::expect::ExpectLine>,
}

impl Spec {
    pub fn step(&self, name: &str) -> Option<(&SessionDef, &StepDef)> {
        self.sessions
            .iter()
            .find_map(|s| s.steps.iter().find(|st| st.name == name).map(|st| (s, st)))
    }
}

/// Whether a text is a spec rather than a plain SQL script: it starts with one of the
/// spec's own words (no SQL statement starts with `setup`, `session`, ...). A spec with a
/// mistake is still a spec, so its errors are the spec's, with their lines.
pub fn looks_like_spec(text: &str) -> bool {
    let mut r = Reader::new(text);
    matches!(r.word(), Some((w, _)) if SPEC_WORDS.contains(&w.as_str()))
}

/// The words that start each part of a spec.
const SPEC_WORDS: [&str; 5] = ["setup", "teardown", "session", "step", "permutation"];

pub fn parse(text: &str) -> (Spec, Vec<Diagnostic>) {
    if let Some(d) = crate::dialect::bounds::check_script_size(text) {
        return (Spec::default(), vec![d]);
    }
    let mut spec = Spec {
        dialect: crate::source::dialect_header(text).map(str::to_string),
        ..Spec::default()
    };
    let mut diags = Vec::new();
    let mut r = Reader::new(text);
    let mut current: Option<SessionDef> = None;
    let mut braced_session = false;
    loop {
        r.skip_space();
        if r.at_end() {
            break;
        }
        if braced_session && r.peek() == Some('}') {
            r.bump();
            braced_session = false;
            spec.sessions.extend(current.take());
            continue;
        }
        let Some((word, pos)) = r.word() else {
            let pos = r.pos();
            let c = r.bump().unwrap_or(' ');
            diags.push(diag(
                pos,
                format!("unexpected `{c}`: expected setup, teardown, session, step or permutation"),
            ));
            r.skip_line();
            continue;
        };
        let result = match word.as_str() {
            "setup" => r.block().map(|b| match current.as_mut() {
                Some(s) if s.steps.is_empty() => s.setup = Some(b),
                Some(_) => diags.push(diag(
                    pos,
                    "a session's setup must come before its steps".into(),
                )),
                None => spec.setup.push(b),
            }),
            "teardown" => r.block().map(|b| match current.as_mut() {
                Some(s) => s.teardown = Some(b),
                None => spec.teardown = Some(b),
            }),
            "session" => match r.name() {
                Some(name) => {
                    spec.sessions.extend(current.take());
                    current = Some(SessionDef {
                        name,
                        pos,
                        setup: None,
                        steps: Vec::new(),
                        teardown: None,
                    });
                    r.skip_space();
                    if r.peek() == Some('{') {
                        r.bump();
                        braced_session = true;
                    }
                    Ok(())
                }
                None => Err(diag(pos, "`session` needs a name".into())),
            },
            "step" => match (r.name(), current.as_mut()) {
                (Some(name), Some(s)) => r
                    .block()
                    .map(|sql| s.steps.push(StepDef { name, pos, sql })),
                (None, _) => Err(diag(pos, "`step` needs a name".into())),
                (Some(name), None) => Err(diag(
                    pos,
                    format!("step {name} is outside any session: write `session NAME` first"),
                )),
            },
            "permutation" => {
                spec.sessions.extend(current.take());
                let line = r.permutation();
                if line.is_empty() {
                    Err(diag(pos, "`permutation` lists no steps".into()))
                } else {
                    spec.permutations.push(line);
                    Ok(())
                }
            }
            other => Err(diag(
                pos,
                format!(
                    "unexpected `{other}`: expected setup, teardown, session, step or permutation"
                ),
            )),
        };
        if let Err(d) = result {
            diags.push(d);
            r.skip_line();
        }
    }
    if braced_session {
        diags.push(diag(
            r.pos(),
            "a `session NAME {` is never closed with `}`".into(),
        ));
    }
    spec.sessions.extend(current.take());
    for (pos, text) in std::mem::take(&mut r.expects) {
        match super::expect::parse_expect(&text, pos) {
            Ok(line) => spec.expects.push(line),
            Err(d) => diags.push(d),
        }
    }
    (spec, diags)
}

/// Where a block's text runs into the spec's own words (`step NAME {`, `session NAME`,
/// `permutation ...`, `setup {`, `teardown {` at the start of a line): its `}` is missing,
/// and the next step was swallowed into its SQL. `first_line`: the line the text starts on.
fn runs_into(sql: &str, first_line: u32) -> Option<(u32, String)> {
    sql.lines().enumerate().skip(1).find_map(|(i, l)| {
        let words: Vec<&str> = l.split_whitespace().take(3).collect();
        let spec_word = match words.as_slice() {
            ["step", _, "{", ..] | ["setup", "{", ..] | ["teardown", "{", ..] => true,
            ["session", name] | ["session", name, "{"] => !name.contains(['(', ';', ',']),
            ["permutation", ..] => true,
            _ => false,
        };
        spec_word.then(|| {
            (
                first_line + i as u32,
                crate::join::join(&words[..words.len().min(2)], " "),
            )
        })
    })
}

fn diag(pos: Pos, message: String) -> Diagnostic {
    Diagnostic {
        pos,
        message,
        fixed_text: None,
    }
}

/// A character reader that knows lines and columns and skips `#` comments, keeping the
/// `#! expect` ones.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: u32,
    column: u32,
    /// The text after each `#! expect` met so far, and where that text starts.
    expects: Vec<(Pos, String)>,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        Reader {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
            expects: Vec::new(),
        }
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips white space and `#` comments (outside SQL blocks), keeping `#! expect` lines.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == '#' {
                self.comment();
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// A `#` comment to the end of its line; a `#! expect` line's text is kept.
    fn comment(&mut self) {
        let at = self.pos();
        let mut text = String::new();
        while let Some(c) = self.peek().filter(|c| *c != '\n') {
            self.bump();
            text.push(c);
        }
        self.bump();
        let rest = text
            .strip_prefix("#!")
            .map(str::trim_start)
            .and_then(|t| t.strip_prefix("expect"))
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace));
        if let Some(rest) = rest {
            let body = rest.trim();
            let before = text.chars().count() - rest.trim_start().chars().count();
            let pos = Pos {
                line: at.line,
                column: at.column + before as u32,
            };
            self.expects.push((pos, body.to_string()));
        }
    }

    fn word(&mut self) -> Option<(String, Pos)> {
        self.skip_space();
        let pos = self.pos();
        let mut w = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            w.push(c);
            self.bump();
        }
        (!w.is_empty()).then_some((w, pos))
    }

    /// A name: a word or a double-quoted identifier.
    fn name(&mut self) -> Option<String> {
        self.skip_space();
        if self.peek() == Some('"') {
            self.bump();
            let mut n = String::new();
            while let Some(c) = self.bump() {
                if c == '"' {
                    return Some(n);
                }
                n.push(c);
            }
            return None;
        }
        self.word().map(|(w, _)| w)
    }

    /// `{ SQL }`: the SQL ends at the first `}`.
    fn block(&mut self) -> Result<Block, Diagnostic> {
        self.skip_space();
        let open = self.pos();
        if self.peek() != Some('{') {
            return Err(diag(open, "expected `{` to open a block of SQL".into()));
        }
        self.bump();
        let pos = self.pos();
        let mut sql = String::new();
        while let Some(c) = self.bump() {
            if c == '}' {
                if let Some(rest) = self.cut_short() {
                    let at = Pos {
                        line: self.line,
                        column: self.column - 1,
                    };
                    return Err(diag(
                        at,
                        format!("this `}}` ends the block, and `{rest}` follows it: a block's SQL ends at its first `}}`, even one inside a string; build such a value with a function instead (jsonb_build_object('n', 1), ARRAY[1, 2], CONCAT('{{', ...))"),
                    ));
                }
                if let Some((line, what)) = runs_into(&sql, pos.line) {
                    return Err(diag(
                        open,
                        format!("this `{{` is not closed before `{what}` on line {line}: add the missing `}}`"),
                    ));
                }
                return Ok(Block {
                    sql: sql.trim().to_string(),
                    pos,
                });
            }
            sql.push(c);
        }
        Err(diag(open, "this `{` is never closed with `}`".into()))
    }

    /// What follows a block's `}` on its line when it is not the spec's own (another part,
    /// a comment, a braced session's `}`): the block was cut short by a `}` in its SQL.
    fn cut_short(&self) -> Option<String> {
        let rest: String = self.chars.clone().take_while(|c| *c != '\n').collect();
        let rest = rest.trim();
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let fine =
            rest.is_empty() || rest.starts_with(['#', '}']) || SPEC_WORDS.contains(&word.as_str());
        (!fine).then(|| rest.chars().take(20).collect())
    }

    /// The rest of a permutation line: names with optional `(...)` annotations.
    fn permutation(&mut self) -> Vec<PermStep> {
        let mut out = Vec::new();
        loop {
            while let Some(c) = self.peek().filter(|c| *c == ' ' || *c == '\t') {
                let _ = c;
                self.bump();
            }
            match self.peek() {
                None | Some('\n') | Some('#') => break,
                _ => {}
            }
            let pos = self.pos();
            let Some(name) = self.name() else {
                self.skip_line();
                break;
            };
            let mut blockers = Vec::new();
            let mut statements = None;
            let mut bad_count = None;
            if self.peek() == Some('(') {
                self.bump();
                let mut inner = String::new();
                while let Some(c) = self.bump() {
                    if c == ')' {
                        break;
                    }
                    inner.push(c);
                }
                match inner.trim().strip_prefix("statements ") {
                    Some(n) => match n.trim().parse::<u32>() {
                        Ok(v) if (1..=super::schedule::MAX_STATEMENTS_PER_ENTRY).contains(&v) => {
                            statements = Some(v)
                        }
                        _ => bad_count = Some(n.trim().to_string()),
                    },
                    None => {
                        blockers = inner
                            .split(',')
                            .map(|b| b.trim().to_string())
                            .filter(|b| !b.is_empty())
                            .collect()
                    }
                }
            }
            out.push(PermStep {
                name,
                pos,
                blockers,
                statements,
                bad_count,
            });
        }
        out
    }
}
