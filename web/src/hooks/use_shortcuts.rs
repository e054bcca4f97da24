//! Document-wide keys: Ctrl+Enter (Cmd+Enter on a Mac) runs the next statement of a script,
//! or the picked permutation's next move of a spec, also while typing in the editor.

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::hooks::use_effect_when::use_effect_when;
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

#[hook]
pub fn use_shortcuts(app: AppHandle) {
    // Next may need the engine, which works on the state of the moment: the listener is made
    // again whenever the state changes, so it never sends a command on an old state.
    use_effect_when(app, move |app| {
        let app = app.clone();
        let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
            // Not passive: the handler calls prevent_default so the textarea gets no newline.
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&doc, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                    e.prevent_default();
                    match app.next_in_permutation() {
                        Some((session, step, statements)) => app.send(Command::Step {
                            session,
                            step: Some(step),
                            statements,
                        }),
                        None => app.send(Command::Next),
                    }
                }
            })
        });
        // Dropping the listener unregisters it: on the next state, or when App unmounts.
        move || drop(listener)
    });
}
