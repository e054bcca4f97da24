//! Custom hooks, one per file. Everything that talks to the browser outside the DOM yew owns
//! (storage, URL, document-wide keys, attributes on the root) lives here.

pub mod use_effect_when;
pub mod use_embed;
pub mod use_persistence;
pub mod use_ready;
pub mod use_resume;
pub mod use_select_value;
pub mod use_shortcuts;
pub mod use_value;
