//! Document-wide keys: Ctrl+Enter (Cmd+Enter on a Mac) runs the next statement, also while
//! typing in the editor.

use crate::state::{Action, LabState};
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

#[hook]
pub fn use_shortcuts(dispatcher: UseReducerDispatcher<LabState>) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
            // Not passive: the handler calls prevent_default so the textarea gets no newline.
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&doc, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                    e.prevent_default();
                    dispatcher.dispatch(Action::Next);
                }
            })
        });
        // Dropping the listener unregisters it when App unmounts.
        move || drop(listener)
    });
}
