//! The user's work survives a reload and travels in links.
//!
//! Startup: the URL fragment wins, then local storage, then the default example. After that the
//! text and dialect are saved to local storage on every change, and a fragment that no longer
//! matches the editor is dropped so a reload does not bring back the shared version. The
//! user's own scripts (`state::mine`) are kept under a key of their own, which examples and
//! links never write.
//!
//! A link that cannot be read opens the saved work (or the default example) with a notice
//! saying why; the saved work is not touched. A link's moves are replayed once its text is in
//! the editor, at startup and when a link is opened in the same tab.

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::hooks::use_effect_when::use_effect_when;
use crate::share;
use crate::state::mine::{Mine, OwnScript};
use crate::state::{Action, AppState};
use gloo::events::EventListener;
use queuelab::sim::Schedule;
use queuelab::Dialect;
use wasm_bindgen::JsValue;
use web_sys::Storage;
use yew::prelude::*;

/// A link's text and moves, waiting for the text to be the document.
type Pending = std::rc::Rc<std::cell::RefCell<Option<(String, share::Moves)>>>;
type Dispatcher = UseReducerDispatcher<AppState>;

const SQL_KEY: &str = "queuelab.sql";
const DIALECT_KEY: &str = "queuelab.dialect";
/// A spec's moves and how many are shown, `3 c1pop c2lock c1c`, so a reload keeps them.
const MOVES_KEY: &str = "queuelab.moves";
/// A script's statement on screen (its index in the statement list), so a reload shows it.
const AT_KEY: &str = "queuelab.at";
/// The user's own scripts, newest first, as JSON (`[{"text": .., "dialect": ..}]`).
const MINE_KEY: &str = "queuelab.mine";

/// The state the app opens on; an embed opens on its link or the default example, never on
/// the saved work.
pub fn initial_state(embedded: bool) -> AppState {
    let mut state = match fragment().as_deref().map(share::read) {
        Some(Ok(Some(s))) => AppState::new(s.sql, s.dialect),
        _ if embedded => return AppState::default_example(),
        Some(Err(e)) => {
            let mut state = saved_or_default();
            state.view.notice = Some(format!("{} Your saved work is unchanged.", e.0));
            state
        }
        _ => saved_or_default(),
    };
    state.mine = std::rc::Rc::new(Mine::new(saved_mine(), &state.document.text));
    state
}

/// The user's own scripts as saved; before they had a key of their own, the saved text when
/// it is not an untouched example.
fn saved_mine() -> Vec<OwnScript> {
    let Some(storage) = storage() else {
        return Vec::new();
    };
    if let Ok(Some(json)) = storage.get_item(MINE_KEY) {
        return read_mine(&json);
    }
    let Ok(Some(sql)) = storage.get_item(SQL_KEY) else {
        return Vec::new();
    };
    if queuelab::examples::untouched(&sql).is_some() {
        return Vec::new();
    }
    let chosen = storage.get_item(DIALECT_KEY).ok().flatten();
    let dialect = queuelab::dialect_for(&sql, chosen.as_deref().and_then(Dialect::from_name));
    vec![OwnScript::new(&sql, dialect)]
}

/// The saved scripts, `[{"text": .., "dialect": ..}, ..]`, read with the browser's JSON; an
/// entry that is not such an object is left out, the others kept.
fn read_mine(json: &str) -> Vec<OwnScript> {
    let Ok(list) = js_sys::JSON::parse(json) else {
        return Vec::new();
    };
    if !js_sys::Array::is_array(&list) {
        return Vec::new();
    }
    let field = |item: &JsValue, key: &str| {
        js_sys::Reflect::get(item, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_string())
    };
    js_sys::Array::from(&list)
        .iter()
        .filter_map(|item| {
            Some(OwnScript {
                text: field(&item, "text")?,
                dialect: field(&item, "dialect")?,
            })
        })
        .collect()
}

fn write_mine(scripts: &[OwnScript]) -> Option<String> {
    let list: js_sys::Array = scripts
        .iter()
        .map(|s| {
            crate::embed::object(&[
                ("text", JsValue::from_str(&s.text)),
                ("dialect", JsValue::from_str(&s.dialect)),
            ])
        })
        .collect();
    js_sys::JSON::stringify(&list).ok()?.as_string()
}

fn saved_or_default() -> AppState {
    if let Some(storage) = storage() {
        if let Ok(Some(sql)) = storage.get_item(SQL_KEY) {
            let chosen = storage
                .get_item(DIALECT_KEY)
                .ok()
                .flatten()
                .and_then(|d| Dialect::from_name(&d));
            let dialect = queuelab::dialect_for(&sql, chosen);
            let mut state = AppState::new(sql, dialect);
            if let crate::state::run::Run::Script(r) = &mut state.run {
                r.resume = storage
                    .get_item(AT_KEY)
                    .ok()
                    .flatten()
                    .and_then(|a| a.parse().ok());
            }
            return state;
        }
    }
    AppState::default_example()
}

/// Saves on change (when `saves`: not in an embed) and follows links opened in the same tab
/// (`hashchange`).
#[hook]
pub fn use_persistence(app: &AppHandle, saves: bool) {
    let deps = (app.document.text.clone(), app.document.dialect);
    use_effect_when(deps, move |(text, dialect)| {
        if !saves {
            return;
        }
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

    // The user's own scripts, when they change (an `Rc` of an `Eq` type: compared by pointer
    // first, so a render that did not touch them costs nothing).
    use_effect_when(app.mine.clone(), move |mine| {
        if let (true, Some(storage)) = (saves, storage()) {
            if let Some(json) = write_mine(&mine.scripts) {
                let _ = storage.set_item(MINE_KEY, &json);
            }
        }
    });

    // And a script's statement on screen (or the one waiting to be shown again).
    let at = app
        .script()
        .and_then(|r| r.resume.or(r.cursor.and(app.current_statement())));
    use_effect_when(at, move |at| {
        if let (true, Some(storage)) = (saves, storage()) {
            let _ = match at {
                Some(i) => storage.set_item(AT_KEY, &i.to_string()),
                None => storage.remove_item(AT_KEY),
            };
        }
    });

    // A spec's moves are saved too, so that a reload shows the same move.
    let moves = app
        .shared_moves()
        .map(|m| format!("{} {}", m.at, m.schedule));
    use_effect_when(moves, move |moves| {
        if let (true, Some(storage)) = (saves, storage()) {
            let _ = match moves {
                Some(m) => storage.set_item(MOVES_KEY, m),
                None => storage.remove_item(MOVES_KEY),
            };
        }
    });

    // A link's moves (or, without a link, the saved ones) wait here until their text is the
    // document, then run once. Read before the effects above save this render's.
    let pending = use_mut_ref(move || {
        let fragment = fragment().filter(|f| !f.is_empty());
        match fragment {
            Some(f) => share::decode(&f).and_then(|s| s.moves.map(|m| (s.sql, m))),
            None if saves => saved_moves(),
            None => None,
        }
    });
    {
        let app = app.clone();
        let pending = pending.clone();
        use_effect_when(app.document.text.clone(), move |text| {
            let due = pending.borrow().as_ref().is_some_and(|(t, _)| t == text);
            if due {
                if let Some((_, moves)) = pending.borrow_mut().take() {
                    replay(&app, &moves);
                }
            }
        });
    }

    let dispatcher = app.dispatcher();
    use_effect_when((), move |_| {
        let listener = web_sys::window().map(|w| {
            EventListener::new(&w, "hashchange", move |_| {
                let named = fragment().as_deref().and_then(share::example);
                let (dispatcher, pending) = (dispatcher.clone(), pending.clone());
                match named {
                    // A bundled example's text first; a failed fetch is the link's error.
                    Some(e) => wasm_bindgen_futures::spawn_local(async move {
                        let _ = crate::example_texts::fetch(e).await;
                        open_link(&dispatcher, &pending);
                    }),
                    None => open_link(&dispatcher, &pending),
                }
            })
        });
        move || drop(listener)
    });
}

/// Opens the link in the address bar, its moves left pending until its text is the
/// document; a link that cannot be read changes nothing but the notice.
fn open_link(dispatcher: &Dispatcher, pending: &Pending) {
    match fragment().as_deref().map(share::read) {
        Some(Ok(Some(s))) => {
            *pending.borrow_mut() = s.moves.map(|m| (s.sql.clone(), m));
            dispatcher.dispatch(Action::Load {
                text: s.sql,
                dialect: s.dialect,
            });
        }
        Some(Err(e)) => dispatcher.dispatch(Action::Notice(Some(format!(
            "{} Nothing was changed.",
            e.0
        )))),
        _ => {}
    }
}

/// The saved spec text and its saved moves.
fn saved_moves() -> Option<(String, share::Moves)> {
    let storage = storage()?;
    let sql = storage.get_item(SQL_KEY).ok()??;
    let saved = storage.get_item(MOVES_KEY).ok()??;
    let (at, schedule) = saved.split_once(' ')?;
    let moves = share::Moves {
        schedule: schedule.to_string(),
        at: at.parse().ok()?,
    };
    Some((sql, moves))
}

/// Runs a link's moves and shows the view after as many as it says.
fn replay(app: &AppHandle, moves: &share::Moves) {
    let Some(doc) = app.document.spec.clone() else {
        return;
    };
    match Schedule::parse(&moves.schedule, &doc.spec) {
        Ok(schedule) => {
            let at = moves.at.min(schedule.0.len());
            app.send(Command::Replay {
                schedule,
                at,
                highlight: Vec::new(),
            });
        }
        Err(e) => app.dispatch(Action::Notice(Some(format!(
            "This link's schedule does not fit the spec ({}); the spec is open without it.",
            e.message
        )))),
    }
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
