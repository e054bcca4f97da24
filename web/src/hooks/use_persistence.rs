//! The user's work survives a reload and travels in links.
//!
//! Startup: the URL fragment wins, then local storage, then the default example. After that the
//! text and dialect are saved to local storage on every change, and a fragment that no longer
//! matches the editor is dropped so a reload does not bring back the shared version.

use super::use_app::AppHandle;
use crate::driver::Command;
use crate::share;
use crate::state::{Action, AppState};
use gloo::events::EventListener;
use queuelab::sim::Schedule;
use queuelab::Dialect;
use web_sys::Storage;
use yew::prelude::*;

const SQL_KEY: &str = "queuelab.sql";
const DIALECT_KEY: &str = "queuelab.dialect";

/// The state the app opens on.
pub fn initial_state() -> AppState {
    if let Some(s) = fragment().as_deref().and_then(share::decode) {
        return AppState::new(s.sql, s.dialect);
    }
    if let Some(storage) = storage() {
        if let Ok(Some(sql)) = storage.get_item(SQL_KEY) {
            let chosen = storage
                .get_item(DIALECT_KEY)
                .ok()
                .flatten()
                .and_then(|d| Dialect::from_name(&d));
            let dialect = queuelab::dialect_for(&sql, chosen);
            return AppState::new(sql, dialect);
        }
    }
    AppState::default_example()
}

/// Saves on change and follows links opened in the same tab (`hashchange`).
#[hook]
pub fn use_persistence(app: &AppHandle) {
    let deps = (app.document.text.clone(), app.document.dialect);
    use_effect_with(deps, |(text, dialect)| {
        if let Some(storage) = storage() {
            // Quota or privacy-mode failures only cost persistence; the app keeps working.
            let _ = storage.set_item(SQL_KEY, text);
            let _ = storage.set_item(DIALECT_KEY, dialect.name());
        }
        let stale = fragment().filter(|f| !f.is_empty()).is_some_and(|f| {
            share::decode(&f).is_none_or(|s| s.sql != *text || s.dialect != *dialect)
        });
        if stale {
            set_fragment(None);
        }
    });

    // A link with a spec's moves: run them once the app is up, and show where it says.
    let first = app.clone();
    use_effect_with((), move |_| {
        let shared = fragment().as_deref().and_then(share::decode);
        let doc = first.document.spec.clone();
        if let (Some(moves), Some(doc)) = (shared.and_then(|s| s.moves), doc) {
            if let Ok(schedule) = Schedule::parse(&moves.schedule, &doc.spec) {
                let at = moves.at.min(schedule.0.len());
                first.send(Command::Replay {
                    schedule,
                    at,
                    highlight: Vec::new(),
                });
            }
        }
    });

    let dispatcher = app.dispatcher();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            EventListener::new(&w, "hashchange", move |_| {
                if let Some(s) = fragment().as_deref().and_then(share::decode) {
                    dispatcher.dispatch(Action::Load {
                        text: s.sql,
                        dialect: s.dialect,
                    });
                }
            })
        });
        move || drop(listener)
    });
}

/// Replaces the URL fragment without a reload or a `hashchange` event; `None` removes it.
/// Returns the full URL afterwards.
pub fn set_fragment(fragment: Option<&str>) -> Option<String> {
    let window = web_sys::window()?;
    let location = window.location();
    let base = format!("{}{}", location.pathname().ok()?, location.search().ok()?);
    let url = match fragment {
        Some(f) => format!("{base}#{f}"),
        None => base,
    };
    window
        .history()
        .ok()?
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        .ok()?;
    location.href().ok()
}

fn fragment() -> Option<String> {
    web_sys::window()?.location().hash().ok()
}

/// `localStorage` can throw (disabled cookies, sandboxed iframes): treat that as "none".
fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
