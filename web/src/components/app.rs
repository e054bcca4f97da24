//! The page: header, then the left column (editor, controls, statements) and the right column
//! (what the current statement did).

use super::controls::Controls;
use super::editor_pane::EditorPane;
use super::header::Header;
use super::ran_pane::RanPane;
use super::result_pane::ResultPane;
use super::rings_panel::RingsPanel;
use super::scenario_view::ScenarioView;
use super::statement_list::StatementList;
use super::tables_panel::TablesPanel;
use crate::driver::Driver;
use crate::hooks::use_app::AppHandle;
use crate::hooks::use_persistence::{initial_state, use_persistence};
use crate::hooks::use_ready::use_ready;
use crate::hooks::use_shortcuts::use_shortcuts;
use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    // The engine outlives renders; the state only holds what it made.
    let driver = use_mut_ref(Driver::default);
    let app = AppHandle::new(state, driver);
    use_persistence(&app);
    use_shortcuts(app.clone());
    use_ready();
    let spec = app.document.spec.is_some();

    html! {
        <ContextProvider<AppHandle> context={app}>
            <Header />
            <main class="layout">
                <section class="left" aria-label="Script">
                    <EditorPane />
                    // A spec's sessions are stepped in the scenario view, not statement by statement.
                    if !spec {
                        <Controls />
                        <StatementList />
                    }
                </section>
                if spec {
                    <section class="right" aria-label="What the sessions did">
                        <ScenarioView />
                    </section>
                } else {
                    <section class="right" aria-label="What the statement did">
                        <ResultPane />
                        <div class="state">
                            <TablesPanel />
                            <RingsPanel />
                        </div>
                        <RanPane />
                    </section>
                }
            </main>
        </ContextProvider<AppHandle>>
    }
}
