//! The compact widget of an embed: a bar (dialect, Show SQL, Open in Queue Lab), the editor
//! folded away unless the page made it editable, then the step controls and the state: the
//! sessions, timeline and tables of a spec, or a script's result, tables and rings.

use super::controls::controls;
use super::editor::EditorRefs;
use super::editor_pane::editor_pane;
use super::result_pane::result_pane;
use super::rings_panel::{rings_panel, Props as RingsProps};
use super::scenario_view::{scenario_view, ScenarioState};
use super::tables_panel::tables_panel;
use crate::app_handle::AppHandle;
use crate::embed::EmbedConfig;
use crate::hooks::use_embed::use_embed;
use crate::hooks::use_value::{use_value, State};
use crate::share;
use yew::prelude::*;

/// What the widget keeps between renders: whether its SQL is shown, and the address of the
/// full app opened on it.
pub struct EmbedState {
    show_sql: State<bool>,
    href: std::rc::Rc<String>,
}

/// The widget's hooks, called by `App` on every render (hooks cannot be called only in an
/// embed); with no `config` (the full app) they keep nothing and post nothing.
#[hook]
pub fn use_embed_view(app: &AppHandle, config: Option<&EmbedConfig>) -> EmbedState {
    use_embed(app, config);
    let editable = config.is_some_and(|c| c.editable);
    let show_sql = use_value(move || editable);
    // The full app, opened on this widget's text, moves and position: packed again only when
    // one of those changes, not on every render.
    let href = use_memo(
        config.map(|_| {
            (
                app.document.text.clone(),
                app.document.dialect,
                app.shared_moves(),
            )
        }),
        |widget| {
            let Some((text, dialect, moves)) = widget else {
                return String::new();
            };
            let base = web_sys::window()
                .and_then(|w| w.location().pathname().ok())
                .unwrap_or_else(|| "./".into());
            format!("{base}#{}", share::encode(*dialect, text, moves.as_ref()))
        },
    );
    EmbedState { show_sql, href }
}

/// The widget, drawn from `App`'s hooks (`use_embed_view`, `use_scenario_view`): a plain
/// function rather than a component, for the download (see `components/mod.rs`).
pub fn embed_view(
    app: &AppHandle,
    config: &EmbedConfig,
    (state, scenario, editor): (&EmbedState, &ScenarioState, &EditorRefs),
) -> Html {
    let show_sql = state.show_sql.clone();
    let toggle = {
        let show_sql = show_sql.clone();
        Callback::from(move |_: MouseEvent| show_sql.set(!*show_sql))
    };
    let spec = app.document.spec.is_some();
    // Compact: the ring panel only once there is a ring to draw.
    let rings = app.current().is_some_and(|s| !s.rings.is_empty());

    html! {
        <div class="embed" id="embed" data-embed-id={config.id.clone()}>
            <div class="embed-bar">
                <span class="embed-brand">{ "Queue Lab" }</span>
                <span class="embed-dialect">{ app.document.dialect.label() }</span>
                <button type="button" class="link" id="toggle-sql" aria-expanded={(*show_sql).to_string()}
                    aria-controls="embed-sql" onclick={toggle}>
                    { if *show_sql { "Hide SQL" } else { "Show SQL" } }
                </button>
                <a class="open-in-lab" href={(*state.href).clone()} target="_blank" rel="noopener">{ "Open in Queue Lab ↗" }</a>
            </div>
            if *show_sql {
                <div class="embed-sql" id="embed-sql">
                    { editor_pane(app, editor, !config.editable) }
                </div>
            }
            if spec {
                { scenario_view(app, scenario, true) }
            } else {
                { controls(app) }
                { result_pane(app) }
                <div class="state">
                    { tables_panel(app) }
                    if rings {
                        { rings_panel(app, RingsProps { rings: app.current().map(|s| s.rings.clone()).unwrap_or_default(), sizable: true }) }
                    }
                </div>
            }
        </div>
    }
}
