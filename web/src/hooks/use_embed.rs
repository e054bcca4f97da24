//! What a widget does for the page around it: runs what `autorun` asks once the app is up,
//! then posts `ready`; posts `step` after each move and `resize` whenever its height changes
//! (so `embed.js` can size the iframe to fit).

use super::use_app::AppHandle;
use crate::driver::Command;
use crate::embed::{post, EmbedConfig};
use gloo::events::EventListener;
use queuelab::sim::Schedule;
use serde_json::json;
use yew::prelude::*;

#[hook]
pub fn use_embed(app: &AppHandle, config: &EmbedConfig) {
    {
        let (app, config) = (app.clone(), config.clone());
        use_effect_with((), move |_| {
            if config.autorun {
                autorun(&app, &config);
            }
            let kind = if app.document.spec.is_some() {
                "spec"
            } else {
                "script"
            };
            post(&config, "ready", json!({ "kind": kind }));
        });
    }

    // A move: the spec's schedule so far, or the script's statement on screen.
    let moved = match (app.spec_run(), &app.document.spec) {
        (Some(r), Some(d)) => (r.cursor, Some(Schedule(r.chosen().to_vec()).text(&d.spec))),
        _ => (app.cursor().map_or(0, |c| c + 1), None),
    };
    {
        let config = config.clone();
        let first = use_mut_ref(|| true);
        use_effect_with(moved, move |(at, schedule)| {
            // The first render is no move: `ready` says the widget is there.
            if std::mem::replace(&mut *first.borrow_mut(), false) {
                return;
            }
            let fields = match schedule {
                Some(line) => json!({ "at": at, "schedule": line }),
                None => json!({ "at": at }),
            };
            post(&config, "step", fields);
        });
    }

    // The height, after every render and when the frame's width changes.
    let last = use_mut_ref(|| 0i32);
    {
        let (config, last) = (config.clone(), last.clone());
        use_effect(move || report_height(&config, &last));
    }
    {
        let config = config.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .map(|w| EventListener::new(&w, "resize", move |_| report_height(&config, &last)));
            move || drop(listener)
        });
    }
}

fn autorun(app: &AppHandle, config: &EmbedConfig) {
    let Some(doc) = app.document.spec.clone() else {
        app.send(Command::Run);
        return;
    };
    let schedule = match &config.permutation {
        Some(line) => Schedule::parse(line, &doc.spec).ok(),
        None => doc.permutations.first().cloned(),
    };
    if let Some(schedule) = schedule {
        let at = schedule.0.len();
        app.send(Command::Replay {
            schedule,
            at,
            highlight: Vec::new(),
        });
    }
}

fn report_height(config: &EmbedConfig, last: &std::rc::Rc<std::cell::RefCell<i32>>) {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("embed"));
    let Some(el) = el else { return };
    let height = el.scroll_height() + 2;
    if *last.borrow() != height {
        *last.borrow_mut() = height;
        post(config, "resize", json!({ "height": height }));
    }
}
