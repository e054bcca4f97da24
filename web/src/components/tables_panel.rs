//! Every table after the statement on screen, in the engine's stable order, with a legend.

use super::table::{plain, table};
use crate::app_handle::AppHandle;
use yew::prelude::*;

/// Where each sequence stands (PostgreSQL's: a serial column's, `CREATE SEQUENCE`'s), under
/// the tables: a sequence is no table's, and no transaction's.
pub fn sequences_line(sequences: &[String]) -> Html {
    if sequences.is_empty() {
        return html! {};
    }
    html! {
        <p class="sequences" title="Sequences stand outside every transaction: a rollback does not give a value back">
            <span class="sequences-head">{ "Sequences" }</span>
            { for sequences.iter().map(|s| html! { <code>{ s.clone() }</code> }) }
        </p>
    }
}

/// A plain function of the app's state (its parent renders it whenever that changes).
pub fn tables_panel(app: &AppHandle) -> Html {
    let tables = app.current().map(|s| s.tables.clone()).unwrap_or_default();
    let sequences = app
        .current()
        .map(|s| s.sequences.clone())
        .unwrap_or_default();
    html! {
        <div class="panel tables">
            <h2>{ "Tables" }</h2>
            if tables.is_empty() {
                { super::muted(
                    if app.cursor().is_none() { "Tables appear here once statements run." }
                    else { "No tables yet." }
                ) }
            } else {
                // Static markup as text, as the ring's legend.
                { Html::from_html_unchecked(AttrValue::Static(concat!(
                    r#"<ul class="legend"><li><span class="swatch inserted"></span>inserted</li>"#,
                    r#"<li><span class="swatch updated"></span>updated (changed cells in bold)</li>"#,
                    r#"<li><span class="swatch deleted"></span>deleted</li></ul>"#,
                ))) }
                <div class="table-list">
                    { for tables.into_iter().map(|t| table(&plain(t))) }
                </div>
            }
            { sequences_line(&sequences) }
        </div>
    }
}
