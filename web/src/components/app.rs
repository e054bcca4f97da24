//! The page: header, then the left column (editor, controls, statements) and the right column
//! (what the current statement did, or a spec's sessions). In an embed (`?embed`), the
//! compact widget instead.

use super::controls::controls;
use super::editor_pane::{editor_pane, use_editor_pane};
use super::embed_view::{embed_view, use_embed_view};
use super::header::{header, use_header};
use super::ran_pane::ran_pane;
use super::result_pane::result_pane;
use super::rings_panel::{rings_panel, Props as RingsProps};
use super::scenario_view::{scenario_view, use_scenario_view};
use super::statement_list::{statement_list, use_statement_list};
use super::tables_panel::tables_panel;
use crate::app_handle::AppHandle;
use crate::driver::Driver;
use crate::embed;
use crate::hooks::use_persistence::{initial_state, use_persistence};
use crate::hooks::use_ready::use_ready;
use crate::hooks::use_resume::use_resume;
use crate::hooks::use_shortcuts::use_shortcuts;
use crate::hooks::use_value::use_value;
use crate::state::Action;
use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    let embedded = use_value(embed::config);
    let state = {
        let embedded = embedded.is_some();
        use_reducer(move || initial_state(embedded))
    };
    // The engine outlives renders; the state only holds what it made.
    let driver = use_mut_ref(Driver::default);
    let app = AppHandle::new(state, driver);
    use_persistence(&app, embedded.is_none());
    use_resume(&app);
    use_shortcuts(app.clone());
    use_ready();
    let header_state = use_header(&app);
    let list = use_statement_list(&app);
    let scenario = use_scenario_view(&app);
    let widget = use_embed_view(&app, embedded.as_ref());
    let editor = use_editor_pane(&app);
    let spec = app.document.spec.is_some();

    if let Some(config) = embedded.as_ref() {
        return embed_view(&app, config, (&widget, &scenario, &editor));
    }
    let dismiss = {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| app.dispatch(Action::Notice(None)))
    };

    html! {
        <>
            { header(&app, &header_state) }
            if let Some(notice) = &app.view.notice {
                <div class="notice" role="alert" id="notice">
                    <span>{ notice.clone() }</span>
                    <button type="button" class="link" onclick={dismiss}>{ "Dismiss" }</button>
                </div>
            }
            <main class="layout">
                <section class="left" aria-label="Script">
                    { editor_pane(&app, &editor, false) }
                    // A spec's sessions are stepped in the scenario view, not statement by statement.
                    if !spec {
                        { controls(&app) }
                        { statement_list(&app, &list) }
                    }
                </section>
                if spec {
                    <section class="right" aria-label="What the sessions did">
                        { about(&app) }
                        { scenario_view(&app, &scenario, false) }
                    </section>
                } else {
                    <section class="right" aria-label="What the statement did">
                        { about(&app) }
                        { result_pane(&app) }
                        <div class="state">
                            { tables_panel(&app) }
                            // No ring in sight (T-SQL pops, say): the tables get the width.
                            if app.ring_expected() {
                                { rings_panel(&app, RingsProps { rings: app.current().map(|s| s.rings.clone()).unwrap_or_default(), sizable: true }) }
                            }
                        </div>
                        { ran_pane(&app) }
                    </section>
                }
            </main>
            // The keyboard footer is static, in index.html: shown under the full app only.
        </>
    }
}

/// The example in the editor: its title, where it comes from and what it shows, outside the
/// editor so that the text can be read while stepping.
fn about(app: &AppHandle) -> Html {
    let Some(e) = app.example() else {
        return html! {};
    };
    html! {
        <section class="panel about" id="about" aria-label="About this example" data-example={e.id}>
            <h2>{ e.title }</h2>
            <p class="about-source">{ e.source }</p>
            <p class="about-text">{ queuelab::examples::description(&app.document.text) }</p>
        </section>
    }
}
