//! The JSON lines every run emits (`spec-format.md`): one object per step event, with the
//! fields in the documented order.

use crate::trace::{Outcome, Step};
use serde_json::{json, Map, Value as Json};

/// The event line for a step that ran to an end (`ok` or `error`).
pub fn step_line(spec: &str, permutation: &[String], step: &Step) -> String {
    let mut m = Map::new();
    m.insert("spec".into(), json!(spec));
    m.insert("permutation".into(), json!(permutation));
    m.insert("step".into(), json!(step.name));
    m.insert("session".into(), json!(step.session));
    let event = match step.outcome {
        Outcome::Ok(_) => "ok",
        Outcome::Error(_) => "error",
    };
    m.insert("event".into(), json!(event));
    outcome_fields(&mut m, Some(&step.outcome));
    Json::Object(m).to_string()
}

/// The line for one event of a spec run.
pub fn event_line(spec: &str, permutation: &[String], e: &crate::trace::Event) -> String {
    use crate::trace::EventKind;
    let mut m = Map::new();
    m.insert("spec".into(), json!(spec));
    m.insert("permutation".into(), json!(permutation));
    m.insert("step".into(), json!(e.step));
    m.insert("session".into(), json!(e.session));
    m.insert("event".into(), json!(e.kind.as_str()));
    if matches!(
        e.kind,
        EventKind::Ok | EventKind::Error | EventKind::Completed
    ) {
        outcome_fields(&mut m, e.outcome.as_ref());
    }
    Json::Object(m).to_string()
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
