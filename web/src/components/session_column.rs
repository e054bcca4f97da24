//! One session of a spec: its state (isolation, transaction, waiting), its steps with the ones
//! run ticked, a Step button and the last result the client printed for it.

use super::table::session_color;
use queuelab::scenario::run::SessionView;
use yew::prelude::*;

/// One step of the session as the column lists it.
#[derive(Clone, PartialEq)]
pub struct StepItem {
    pub name: String,
    pub sql: String,
    pub ran: bool,
    /// The step the Step button runs.
    pub next: bool,
}

#[derive(Properties, PartialEq)]
pub struct SessionColumnProps {
    pub name: String,
    /// Session names in colour order.
    pub sessions: Vec<String>,
    /// The session after the last step; `None` before any step ran.
    pub view: Option<SessionView>,
    pub steps: Vec<StepItem>,
    /// The client's text for the session's latest result, and whether it failed.
    pub result: Option<(String, bool)>,
    /// Why the Step button is disabled; `None` = enabled.
    pub blocked: Option<&'static str>,
    pub on_step: Callback<String>,
}

#[function_component(SessionColumn)]
pub fn session_column(props: &SessionColumnProps) -> Html {
    let waits_for = props
        .view
        .as_ref()
        .map(|v| v.waits_for.clone())
        .unwrap_or_default();
    let waiting = !waits_for.is_empty();
    let last_ran = props.steps.iter().rposition(|s| s.ran);
    let onclick = {
        let on_step = props.on_step.clone();
        let name = props.name.clone();
        Callback::from(move |_: MouseEvent| on_step.emit(name.clone()))
    };
    let state = match &props.view {
        None => "not started",
        Some(v) if v.aborted => "aborted",
        Some(v) if v.in_transaction => "in transaction",
        Some(_) => "idle",
    };
    let next_name = props.steps.iter().find(|s| s.next).map(|s| s.name.clone());
    let title = match (props.blocked, &next_name) {
        (Some(why), _) => why.to_string(),
        (None, Some(n)) => format!("Run step {n}"),
        (None, None) => String::new(),
    };
    html! {
        <div class={classes!("session-col", session_color(&props.sessions, &props.name))}
            data-session={props.name.clone()} data-waiting={waiting.to_string()}>
            <div class="session-head">
                <h3>{ props.name.clone() }</h3>
                if let Some(v) = &props.view {
                    <span class="isolation">{ v.isolation }</span>
                }
                <span class={classes!("tx-state", state.replace(' ', "-"))}>{ state }</span>
            </div>
            if waiting {
                <p class="waiting-badge" role="status">
                    { format!("waiting for {}", waits_for.join(", ")) }
                </p>
            }
            <ol class="session-steps">
                { for props.steps.iter().enumerate().map(|(i, s)| {
                    // The step a waiting session is stuck in has started but not finished.
                    let stuck = waiting && last_ran == Some(i);
                    html! {
                    <li class={classes!(s.ran.then_some("ran"), s.next.then_some("next"), stuck.then_some("stuck"))}
                        data-step={s.name.clone()} title={s.sql.clone()}>
                        <span class="tick">{ if stuck { "…" } else if s.ran { "✓" } else { "" } }</span>
                        <span class="step-name">{ s.name.clone() }</span>
                        <code class="step-sql">{ s.sql.clone() }</code>
                    </li>
                    }
                }) }
            </ol>
            <button type="button" class="step-session primary" data-session={props.name.clone()}
                disabled={props.blocked.is_some()} {title} {onclick}>
                { match &next_name { Some(n) => format!("Step {n}"), None => "Step".to_string() } }
            </button>
            <div class="session-result">
                if let Some((text, failed)) = &props.result {
                    <pre class={classes!("client", failed.then_some("failed"))}>
                        <span class="output">{ text.clone() }</span>
                    </pre>
                } else {
                    <p class="muted">{ "No result yet." }</p>
                }
            </div>
        </div>
    }
}
