//! One component or view function per file. `App` owns the state (an `AppHandle`) and the
//! hooks of the panes, and renders most panes as plain functions of the handle (`header`,
//! `controls`, `statement_list`, `result_pane`, `scenario_view`, ...): each yew component
//! costs about 1.6 KB of the download in lifecycle code. The widget of an embed, the editor
//! and the explorer's panel are such functions too (`embed_view`, `editor`,
//! `explore_panel`), their hooks (`use_embed_view`, `use_editor_pane`, `use_explore_panel`
//! through `use_scenario_view`) called by `App` on every render; `App` is the one component.
//! The explorer's progress is drawn at most every 100 ms, since each drawing renders the
//! page. The stateless leaves (`terminal`, `ring`, `table`, `session_column`, `event_log`,
//! `timeline`, `wait_graph`) are plain functions of their props.

pub mod app;
pub mod controls;
pub mod editor;
pub mod editor_pane;
pub mod embed_view;
pub mod event_log;
pub mod explore_panel;
pub mod header;
pub mod ran_pane;
pub mod result_pane;
pub mod ring;
pub mod rings_panel;
pub mod scenario_view;
pub mod session_column;
pub mod statement_list;
pub mod table;
pub mod tables_panel;
pub mod terminal;
pub mod timeline;
pub mod wait_graph;

use yew::prelude::*;

/// `<p class="muted">text</p>`, the panes' placeholder line: one copy of yew's code for it
/// rather than one per pane (each cost the download about 100 bytes).
pub fn muted(text: &'static str) -> Html {
    html! { <p class="muted">{ text }</p> }
}
