//! The JSON lines every run emits (`spec-format.md`): one object per step event, with the
//! fields in the documented order.

use crate::trace::{Outcome, Step};
use serde_json::{json, Map, Value as Json};

/// The first two fields of every line of one run, `{"spec":...,"permutation":[...]`, written
/// once: every line repeats the whole permutation (the contract), so a run of n steps writes
/// it n times, and serializing it anew for each line made a long run's output quadratic in
/// time as well as in size.
pub struct Head(String);

impl Head {
    pub fn new(spec: &str, permutation: &[String]) -> Head {
        let mut m = Map::new();
        m.insert("spec".into(), json!(spec));
        m.insert("permutation".into(), json!(permutation));
        let mut text = Json::Object(m).to_string();
        text.pop(); // the closing brace: the line's other fields follow
        Head(text)
    }

    /// The line: this head, then `rest`'s fields in their order.
    fn line(&self, rest: Map<String, Json>) -> String {
        let rest = Json::Object(rest).to_string();
        format!("{},{}", self.0, &rest[1..])
    }
}

/// The event line for a step that ran to an end (`ok` or `error`).
pub fn step_line(head: &Head, step: &Step) -> String {
    let mut m = Map::new();
    m.insert("step".into(), json!(step.name));
    m.insert("session".into(), json!(step.session));
    let event = match step.outcome {
        Outcome::Ok(_) => "ok",
        Outcome::Error(_) => "error",
    };
    m.insert("event".into(), json!(event));
    outcome_fields(&mut m, Some(&step.outcome));
    head.line(m)
}

/// The line for one event of a spec run.
pub fn event_line(head: &Head, e: &crate::trace::Event) -> String {
    use crate::trace::EventKind;
    let mut m = Map::new();
    m.insert("step".into(), json!(e.step));
    m.insert("session".into(), json!(e.session));
    m.insert("event".into(), json!(e.kind.as_str()));
    if matches!(
        e.kind,
        EventKind::Ok | EventKind::Error | EventKind::Completed
    ) {
        outcome_fields(&mut m, e.outcome.as_ref());
    }
    head.line(m)
}

fn outcome_fields(m: &mut Map<String, Json>, outcome: Option<&Outcome>) {
    match outcome {
        Some(Outcome::Ok(s)) => {
            m.insert("columns".into(), json!(s.columns));
            let rows: Option<Vec<Vec<Option<String>>>> = s.columns.as_ref().map(|_| {
                s.rows
                    .iter()
                    .map(|r| r.iter().map(|v| v.text()).collect())
                    .collect()
            });
            m.insert("rows".into(), json!(rows));
            m.insert("affected".into(), json!(s.affected));
            m.insert("error".into(), Json::Null);
        }
        Some(Outcome::Error(e)) => {
            m.insert("columns".into(), Json::Null);
            m.insert("rows".into(), Json::Null);
            m.insert("affected".into(), Json::Null);
            m.insert(
                "error".into(),
                json!({"class": e.class.as_str(), "native": e.native, "message": e.message}),
            );
        }
        None => {
            for k in ["columns", "rows", "affected", "error"] {
                m.insert(k.into(), Json::Null);
            }
        }
    }
}
