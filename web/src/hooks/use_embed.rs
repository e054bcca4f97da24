//! What a widget does for the page around it: runs what `autorun` asks once the app is up,
//! then posts `ready`; posts `step` after each move and `resize` whenever its height changes
//! (so `embed.js` can size the iframe to fit).

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::embed::{post, EmbedConfig};
use crate::hooks::use_effect_when::{use_effect_always, use_effect_when};
use gloo::events::EventListener;
use queuelab::sim::Schedule;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// With no `config` (the full app, not a widget) it posts nothing.
#[hook]
pub fn use_embed(app: &AppHandle, config: Option<&EmbedConfig>) {
    // `ready` waits for the autorun's moves to be drawn (their `step` comes first), so a page
    // that waits for it sees the widget's final state. The kind it will say, until then.
    let ready_due: Rc<RefCell<Option<&'static str>>> = use_mut_ref(|| None);
    {
        let (app, config, ready_due) = (app.clone(), config.cloned(), ready_due.clone());
        use_effect_when((), move |_| {
            let Some(config) = config else { return };
            let kind = if app.document.spec.is_some() {
                "spec"
            } else {
                "script"
            };
            if config.autorun && autorun(&app, &config) {
                *ready_due.borrow_mut() = Some(kind);
            } else {
                post(&config, "ready", &[("kind", JsValue::from_str(kind))]);
            }
        });
    }

    // A move: the spec's schedule so far, or the script's statement on screen.
    let moved = match (app.spec_run(), &app.document.spec) {
        (Some(r), Some(d)) => (r.cursor, Some(Schedule(r.chosen().to_vec()).text(&d.spec))),
        _ => (app.cursor().map_or(0, |c| c + 1), None),
    };
    {
        let config = config.cloned();
        let first = use_mut_ref(|| true);
        let ready_due = ready_due.clone();
        use_effect_when(moved, move |(at, schedule)| {
            let Some(config) = config else { return };
            // The first render is no move: `ready` says the widget is there.
            if std::mem::replace(&mut *first.borrow_mut(), false) {
                return;
            }
            let mut fields = vec![("at", JsValue::from(*at as f64))];
            if let Some(line) = schedule {
                fields.push(("schedule", JsValue::from_str(line)));
            }
            post(&config, "step", &fields);
            if let Some(kind) = ready_due.borrow_mut().take() {
                post(&config, "ready", &[("kind", JsValue::from_str(kind))]);
            }
        });
    }

    // The height, after every render and when the frame's width changes.
    let last = use_mut_ref(|| 0i32);
    {
        let (config, last) = (config.cloned(), last.clone());
        use_effect_always(move || {
            if let Some(config) = config {
                report_height(&config, &last)
            }
        });
    }
    {
        let config = config.cloned();
        use_effect_when((), move |_| {
            let listener = config.and_then(|config| {
                web_sys::window().map(|w| {
                    EventListener::new(&w, "resize", move |_| report_height(&config, &last))
                })
            });
            move || drop(listener)
        });
    }
}

/// Runs what the page asked; false when there was nothing to run (an empty script, a spec
/// without a permutation, a permutation that does not fit the spec).
fn autorun(app: &AppHandle, config: &EmbedConfig) -> bool {
    let Some(doc) = app.document.spec.clone() else {
        app.send(Command::Run);
        return !app.outline.items.is_empty();
    };
    let schedule = match &config.permutation {
        Some(line) => Schedule::parse(line, &doc.spec).ok(),
        None => doc.permutations.first().cloned(),
    };
    let Some(schedule) = schedule.filter(|s| !s.0.is_empty()) else {
        return false;
    };
    let at = schedule.0.len();
    app.send(Command::Replay {
        schedule,
        at,
        highlight: Vec::new(),
    });
    true
}

fn report_height(config: &EmbedConfig, last: &Rc<RefCell<i32>>) {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("embed"));
    let Some(el) = el else { return };
    let height = el.scroll_height() + 2;
    if *last.borrow() != height {
        *last.borrow_mut() = height;
        post(config, "resize", &[("height", JsValue::from(height))]);
    }
}
