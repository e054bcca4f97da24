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
    match &step.outcome {
        Outcome::Ok(s) => {
            m.insert("event".into(), json!("ok"));
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
        Outcome::Error(e) => {
            m.insert("event".into(), json!("error"));
            m.insert("columns".into(), Json::Null);
            m.insert("rows".into(), Json::Null);
            m.insert("affected".into(), Json::Null);
            m.insert(
                "error".into(),
                json!({"class": e.class.as_str(), "native": e.native, "message": e.message}),
            );
        }
    }
    Json::Object(m).to_string()
}
