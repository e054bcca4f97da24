//! Run / step / back / reset, where we are ("statement i of n") and the scenario clock.

use crate::hooks::use_lab::use_lab;
use crate::state::Action;
use yew::prelude::*;

#[function_component(Controls)]
pub fn controls() -> Html {
    let lab = use_lab();
    let send = |action: Action| {
        let lab = lab.clone();
        Callback::from(move |_: MouseEvent| lab.dispatch(action.clone()))
    };

    // Before the first run the count comes from a parse of the text, so "0 of n" is right.
    let total = lab.outline.items.len();
    let at = lab.cursor.map_or(0, |c| c + 1);
    let can_run = lab.can_run();
    let at_end = lab.trace.is_some() && at >= total;
    let clock = lab.current().map(|s| s.clock.clone());
    let phase = match lab.cursor {
        _ if !can_run => "",
        None if total == 0 => "nothing to run",
        None => "ready to step",
        Some(_) if at_end => "end of script",
        Some(_) => "",
    };

    html! {
        <div class="panel controls">
            <div class="buttons">
                <button id="step" type="button" class="primary" onclick={send(Action::Next)}
                    disabled={!can_run || at_end || total == 0}
                    title="Run the next statement (Ctrl+Enter)">
                    { "Run next statement" }
                </button>
                <button id="back" type="button" onclick={send(Action::Back)}
                    disabled={lab.cursor.is_none()} title="Show the previous statement">
                    { "◀ Back" }</button>
                <button id="run" type="button" onclick={send(Action::Run)} disabled={!can_run}
                    title="Run every statement and show the last one">{ "Run all" }</button>
                <button id="reset" type="button" onclick={send(Action::Reset)}
                    disabled={lab.cursor.is_none()} title="Back to before the first statement">
                    { "Reset" }</button>
            </div>
            <div class="where">
                <span id="status">{ format!("statement {at} of {total}") }</span>
                if !phase.is_empty() {
                    <span class="phase">{ phase }</span>
                }
                <span class="hint" title="Ctrl+Enter (Cmd+Enter on a Mac) runs the next statement, also while typing">
                    <kbd>{ "Ctrl" }</kbd>{ "+" }<kbd>{ "Enter" }</kbd>{ " next" }
                </span>
                if let Some(clock) = clock {
                    <span id="clock" title="The scenario clock: CURRENT_TIMESTAMP / NOW() when this statement ran (one second per statement)">
                        { "clock " }<time>{ clock }</time>
                    </span>
                }
            </div>
            if !can_run {
                <p class="unsupported" role="alert">
                    { "T-SQL front-end coming; pick MySQL or PostgreSQL" }
                </p>
            }
        </div>
    }
}
