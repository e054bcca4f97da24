//! Marks `#app` with `data-ready="true"` after the first render, so tests and the startup
//! measurement can tell "wasm loaded and the UI is on screen".

use crate::hooks::use_effect_when::use_effect_when;
use yew::prelude::*;

#[hook]
pub fn use_ready() {
    use_effect_when((), |_| {
        let app = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("app"));
        if let Some(app) = app {
            let _ = app.set_attribute("data-ready", "true");
        }
    });
}
