//! Run / step / back / reset, where we are ("statement i of n") and the scenario clock.

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::state::Action;
use yew::prelude::*;

/// A plain function of the app's state (its parent renders it whenever that changes).
pub fn controls(app: &AppHandle) -> Html {
    let send = |action: Action| {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| app.dispatch(action.clone()))
    };
    // Next and Run may have to run the script first: the engine's work, through the driver.
    let ask = |command: Command| {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| app.send(command.clone()))
    };

    // Before the first run the count comes from a parse of the text, so "0 of n" is right.
    let total = app.outline.items.len();
    let at = app.statements_reached();
    let steps = app.step_count();
    let at_end = app.trace().is_some() && app.cursor().map_or(steps == 0, |c| c + 1 >= steps);
    // A T-SQL batch that could not be read still runs, as one failed step (SQL Server compiles
    // a batch and reports its error), so a script of such batches has steps but no statements.
    // In MySQL and PostgreSQL an unreadable script runs nothing.
    let batches_run_anyway =
        app.document.dialect.procedural_batches() && !app.outline.diagnostics.is_empty();
    let nothing = total == 0 && !batches_run_anyway;
    let clock = app.current().map(|s| s.clock.clone());
    let phase = match app.cursor() {
        None if nothing => "nothing to run",
        None => "ready to step",
        Some(_) if at_end => "end of script",
        Some(_) => "",
    };
    // T-SQL runs a called procedure's body one statement per step, so the steps outnumber the
    // listed statements; then the step count is shown too, or "Run next" would seem stuck.
    let step_count = (app.trace().is_some() && steps != total)
        .then(|| format!("step {} of {steps}", app.cursor().map_or(0, |c| c + 1)));

    html! {
        <div class="panel controls">
            <div class="buttons">
                <button id="step" type="button" class="primary" onclick={ask(Command::Next)}
                    disabled={at_end || nothing}
                    title="Run the next statement (Ctrl+Enter); after an EXEC, the procedure's statements one by one">
                    { "Run next statement" }
                </button>
                <button id="back" type="button" onclick={send(Action::Back)}
                    disabled={app.cursor().is_none()} title="Show the previous statement">
                    { "◀ Back" }</button>
                <button id="run" type="button" onclick={ask(Command::Run)}
                    title="Run every statement and show the last one">{ "Run all" }</button>
                <button id="reset" type="button" onclick={send(Action::Reset)}
                    disabled={app.cursor().is_none()} title="Back to before the first statement">
                    { "Reset" }</button>
            </div>
            <div class="where">
                <span id="status">
                    { format!("statement {at} of {total}") }
                    if let Some(s) = step_count {
                        <span class="steps" title="Steps include the statements of procedure bodies and loops">
                            { format!(" · {s}") }
                        </span>
                    }
                </span>
                if !phase.is_empty() {
                    <span class="phase">{ phase }</span>
                }
                <span class="hint" title="Ctrl+Enter (Cmd+Enter on a Mac) runs the next statement, also while typing">
                    { Html::from_html_unchecked(AttrValue::Static("<kbd>Ctrl</kbd>+<kbd>Enter</kbd> next")) }
                </span>
                if let Some(clock) = clock {
                    <span id="clock" title="The scenario clock: CURRENT_TIMESTAMP / NOW() / GETDATE() when this statement ran (one second per statement)">
                        { "clock " }<time>{ clock }</time>
                    </span>
                }
            </div>
        </div>
    }
}
