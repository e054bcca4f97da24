//! The app as a widget inside another page (`embed.js`, or an iframe written by hand):
//! `?embed&id=<n>[&autorun][&editable][&permutation=<line>]#<share fragment>`. Here: reading
//! that query, and the messages the widget posts to the page around it (`ready`, `step`,
//! `check`, `resize`), each `{source: 'queuelab', id, type, ...}`.
//!
//! An embed never reads or writes local storage: a widget on someone's docs page must not
//! replace (or show) what the reader was working on in Queue Lab itself.

use crate::share::percent_decode;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsValue;

/// What the page asked of the widget.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EmbedConfig {
    /// The page's name for the widget, echoed in every message.
    pub id: String,
    /// Run at once: a script to its end, a spec's permutation.
    pub autorun: bool,
    /// Let the reader edit the SQL (the editor is read-only otherwise).
    pub editable: bool,
    /// The permutation to run (`c1pop c2pop c1c c2c`); else the spec's first.
    pub permutation: Option<String>,
}

/// The embed settings of this page's URL; `None` when it is the full app.
#[cfg(target_arch = "wasm32")]
pub fn config() -> Option<EmbedConfig> {
    let search = web_sys::window()?.location().search().ok()?;
    parse(&search)
}

/// Reads `?embed&id=..`; `None` without `embed`.
pub fn parse(search: &str) -> Option<EmbedConfig> {
    let query = search.strip_prefix('?').unwrap_or(search);
    let mut embed = false;
    let mut config = EmbedConfig::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_decode(&value.replace('+', " ")).unwrap_or_default();
        let on = value != "false" && value != "0";
        match key {
            "embed" => embed = true,
            "id" => config.id = value,
            "autorun" => config.autorun = on,
            "editable" => config.editable = on,
            "permutation" if !value.trim().is_empty() => config.permutation = Some(value),
            _ => {}
        }
    }
    embed.then_some(config)
}

/// Posts `{source: 'queuelab', id, type: kind, ...fields}` to the page around the widget.
#[cfg(target_arch = "wasm32")]
pub fn post(config: &EmbedConfig, kind: &str, fields: &[(&str, JsValue)]) {
    let head = [
        ("source", JsValue::from_str("queuelab")),
        ("id", JsValue::from_str(&config.id)),
        ("type", JsValue::from_str(kind)),
    ];
    let message = object(&[&head[..], fields].concat());
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    // '*': the widget's state is the page's own SQL, nothing secret; any page may embed it.
    let _ = parent.post_message(&message, "*");
}

/// A plain JavaScript object with these fields, in this order.
#[cfg(target_arch = "wasm32")]
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (key, value) in fields {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(key), value);
    }
    o.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_says_what_the_page_asked() {
        assert_eq!(parse(""), None);
        assert_eq!(parse("?autorun"), None);
        let c = parse("?embed&id=2&autorun&permutation=c1pop%20c2pop").expect("embed");
        assert_eq!(c.id, "2");
        assert!(c.autorun && !c.editable);
        assert_eq!(c.permutation.as_deref(), Some("c1pop c2pop"));
        let c = parse("?embed=1&editable=true&autorun=false&permutation=").expect("embed");
        assert!(c.editable && !c.autorun);
        assert_eq!(c.permutation, None);
    }
}
