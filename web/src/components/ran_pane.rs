//! What really ran: the SQLite statements the translation produced, and why (the notes).

use crate::app_handle::AppHandle;
use yew::prelude::*;

/// A plain function of the app's state (its parent renders it whenever that changes).
pub fn ran_pane(app: &AppHandle) -> Html {
    let body = match app.current() {
        None => html! {
            { super::muted("After each statement: the SQLite it was translated to, and why.") }
        },
        Some(step) => html! {
            <>
                if step.ran.is_empty() {
                    { super::muted("Nothing ran on SQLite for this statement.") }
                }
                { for step.ran.iter().map(|sql| html! { <pre class="sqlite">{ sql.clone() }</pre> }) }
                if !step.notes.is_empty() {
                    <ul class="notes">
                        { for step.notes.iter().map(|n| html! { <li>{ n.clone() }</li> }) }
                    </ul>
                }
            </>
        },
    };
    html! {
        <div id="ran" class="panel ran">
            <h2>{ "What ran on SQLite" }</h2>
            { body }
        </div>
    }
}
