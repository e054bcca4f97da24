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
use crate::hooks::use_lab::Lab;
use crate::hooks::use_persistence::{initial_state, use_persistence};
use crate::hooks::use_ready::use_ready;
use crate::hooks::use_shortcuts::use_shortcuts;
use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    let lab = use_reducer(initial_state);
    use_persistence(&lab);
    use_shortcuts(lab.dispatcher());
    use_ready();
    let spec = lab.scenario.is_some();

    html! {
        <ContextProvider<Lab> context={lab}>
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
        </ContextProvider<Lab>>
    }
}
