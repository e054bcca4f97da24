//! One component per file. `App` owns the state and provides it as a context; the panes read
//! it with `use_app()`. Leaf components (`Editor`) take plain props, so each can be replaced
//! or reused without knowing about the state; the stateless leaves (`terminal`, `ring`,
//! `table`, `session_column`, `event_log`, `timeline`, `wait_graph`) are plain functions of
//! such props, which keeps yew's per-component code out of the download.

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
