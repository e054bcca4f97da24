//! One component or view function per file. `App` owns the state (an `AppHandle`) and the
//! hooks of the panes, and renders most panes as plain functions of the handle (`header`,
//! `controls`, `statement_list`, `result_pane`, `scenario_view`, ...): each yew component
//! costs about 1.6 KB of the download in lifecycle code. The widget of an embed and the
//! editor are such functions too (`embed_view`, `editor`), their hooks (`use_embed_view`,
//! `use_editor_pane`) called by `App` on every render. The one component left holds what
//! must live in a component of its own: `ExplorePanel` (the explorer's progress re-renders
//! it alone) takes the handle as a prop. The stateless leaves (`terminal`, `ring`, `table`, `session_column`, `event_log`,
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
