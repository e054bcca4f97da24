//! One session of a spec: its state (isolation, transaction, waiting, inside a step), its steps
//! with the ones run ticked, a Step button and a "Step 1 statement" button, and the last result
//! the client printed for it.

use super::table::session_color;
use queuelab::sim::snapshot::SessionState;
use yew::prelude::*;

/// One step of the session as the column lists it.
#[derive(Clone, PartialEq)]
pub struct StepItem {
    pub name: String,
    pub sql: String,
    pub ran: bool,
    /// It ended in an error (a deadlock victim, a duplicate key): a cross, not a tick.
    pub failed: bool,
    /// The step the Step buttons run.
    pub next: bool,
}

/// What the column shows as the session's latest result.
#[derive(Clone, PartialEq)]
pub struct SessionResult {
    /// What the client printed; `None` when a step stopped partway has printed nothing yet.
    pub text: Option<String>,
    pub failed: bool,
    /// The step stopped partway: this is what its statements so far printed.
    pub partial: bool,
}

pub struct SessionColumnProps {
    pub name: String,
    /// Session names in colour order.
    pub sessions: Vec<String>,
    /// The session after the last step; `None` before any step ran.
    pub view: Option<SessionState>,
    pub steps: Vec<StepItem>,
    /// The step the session stopped partway through, and how many of its statements ran.
    pub inside: Option<(String, u32)>,
    pub result: Option<SessionResult>,
    /// Why the Step buttons are disabled; `None` = enabled.
    pub blocked: Option<String>,
    /// Whether a step can be picked to run now (the session neither waits nor is the run
    /// over), also once the spec's order has none left.
    pub can_pick: bool,
    /// Asks for a step of the session: its next one (`None`) or the one named; all of it
    /// (the rest, when inside it), or with `Some(n)` only its next `n` statements.
    pub on_step: Callback<(String, Option<String>, Option<u32>)>,
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn session_column(props: &SessionColumnProps) -> Html {
    let waits_for = props
        .view
        .as_ref()
        .map(|v| v.waits_for.clone())
        .unwrap_or_default();
    let waiting = !waits_for.is_empty();
    let last_ran = props.steps.iter().rposition(|s| s.ran);
    let click = |statements: Option<u32>| {
        let on_step = props.on_step.clone();
        let name = props.name.clone();
        Callback::from(move |_: MouseEvent| on_step.emit((name.clone(), None, statements)))
    };
    let run_step = |step: &str| {
        let on_step = props.on_step.clone();
        let (name, step) = (props.name.clone(), step.to_string());
        Callback::from(move |_: MouseEvent| on_step.emit((name.clone(), Some(step.clone()), None)))
    };
    let state = match &props.view {
        None => "not started",
        Some(v) if v.aborted => "aborted",
        Some(v) if v.in_transaction => "in transaction",
        Some(_) => "idle",
    };
    let inside = props.inside.as_ref().map(|(step, _)| step.as_str());
    let next_name = props.steps.iter().find(|s| s.next).map(|s| s.name.clone());
    let continues = next_name.is_some() && next_name.as_deref() == inside;
    let step_label = match &next_name {
        Some(n) if continues => format!("Step rest of {n}"),
        Some(n) => format!("Step {n}"),
        None => "Step".to_string(),
    };
    let (step_title, statement_title) = match (&props.blocked, &next_name) {
        (Some(why), _) => (why.clone(), why.clone()),
        (None, Some(n)) if continues => (
            format!("Run the rest of step {n}, from where it stopped"),
            format!("Run one more statement of step {n}, then stop again"),
        ),
        (None, Some(n)) => (
            format!("Run step {n}"),
            // In T-SQL a procedure called by EXEC runs its body one statement at a time too.
            format!("Run only the first statement of step {n}, stopping inside it if it has more"),
        ),
        (None, None) => (String::new(), String::new()),
    };
    html! {
        <div class={classes!("session-col", session_color(&props.sessions, &props.name))}
            data-session={props.name.clone()} data-waiting={waiting.to_string()}
            data-inside={inside.unwrap_or_default().to_string()}>
            <div class="session-head">
                <h3>{ props.name.clone() }</h3>
                if let Some(v) = &props.view {
                    <span class="isolation">{ v.isolation }</span>
                    if v.read_only {
                        <span class="read-only" title="writes and locking reads are refused">
                            { "READ ONLY" }
                        </span>
                    }
                }
                <span class={classes!("tx-state", state.replace(' ', "-"))}>{ state }</span>
            </div>
            if waiting {
                <p class="waiting-badge" role="status">
                    { format!("waiting for {}", waits_for.join(", ")) }
                </p>
            }
            if let Some(v) = props.view.as_ref().filter(|v| !v.advisory_locks.is_empty()) {
                <p class="advisory-badge"
                    title="PostgreSQL advisory locks: locks on numbers, held by the session (until unlocked) or, marked until commit, by its transaction">
                    { format!("holds advisory lock{} {}",
                        if v.advisory_locks.len() == 1 { "" } else { "s" },
                        v.advisory_locks.join(" · ")) }
                </p>
            }
            if let Some(v) = props.view.as_ref().filter(|v| !v.table_locks.is_empty()) {
                <p class="table-lock-badge"
                    title="PostgreSQL table locks: every statement locks the tables it names, LOCK TABLE in the mode it asks; held until the transaction ends">
                    { format!("holds table lock{} {}",
                        if v.table_locks.len() == 1 { "" } else { "s" },
                        v.table_locks.join(" · ")) }
                </p>
            }
            if let Some((step, n)) = &props.inside {
                <p class="inside-badge" role="status"
                    title="The step stopped partway: its transaction, locks and cursors stay as they are until it goes on">
                    { format!("inside {step} · {n} statement{} run", if *n == 1 { "" } else { "s" }) }
                </p>
            }
            <ol class="session-steps">
                { for props.steps.iter().enumerate().map(|(i, s)| {
                    // The step a waiting session is stuck in has started but not finished; so
                    // has the step it stopped partway through.
                    let stuck = waiting && last_ran == Some(i);
                    let partway = inside == Some(s.name.as_str());
                    let failed = s.ran && s.failed && !stuck && !partway;
                    let tick = if stuck {
                        "…"
                    } else if partway {
                        "◐"
                    } else if failed {
                        "✗"
                    } else if s.ran {
                        "✓"
                    } else {
                        ""
                    };
                    let title = if failed {
                        format!("ended in an error\n{}", s.sql)
                    } else {
                        s.sql.clone()
                    };
                    // Any step may run next (isolationtester's permutations may pick any), but
                    // not while the session waits, nor while it is inside another step.
                    let can_run = props.can_pick && inside.is_none_or(|i| i == s.name);
                    html! {
                    <li class={classes!(s.ran.then_some("ran"), failed.then_some("failed"), s.next.then_some("next"), stuck.then_some("stuck"), partway.then_some("inside"))}
                        data-step={s.name.clone()} {title}>
                        <button type="button" class="run-step" data-step={s.name.clone()}
                            disabled={!can_run} onclick={run_step(&s.name)}
                            aria-label={format!("Run step {} now", s.name)}
                            title={format!("Run step {} now, out of the listed order if you like", s.name)}>{ "▶" }</button>
                        <span class="tick">{ tick }</span>
                        <span class="step-name">{ s.name.clone() }</span>
                        <code class="step-sql">{ s.sql.clone() }</code>
                    </li>
                    }
                }) }
            </ol>
            <div class="step-buttons">
                <button type="button" class="step-session primary" data-session={props.name.clone()}
                    disabled={props.blocked.is_some()} title={step_title} onclick={click(None)}>
                    { step_label }
                </button>
                <button type="button" class="step-statement" data-session={props.name.clone()}
                    disabled={props.blocked.is_some()} title={statement_title} onclick={click(Some(1))}>
                    { "Step 1 statement" }
                </button>
            </div>
            if let Some(why) = &props.blocked {
                <p class="blocked-why">{ why.clone() }</p>
            }
            <div class="session-result">
                { result(props.result.as_ref()) }
            </div>
        </div>
    }
}

fn result(r: Option<&SessionResult>) -> Html {
    let Some(r) = r else {
        return super::muted("No result yet.");
    };
    let Some(text) = &r.text else {
        return super::muted("Nothing printed yet: the step stopped partway.");
    };
    html! {
        <>
            if r.partial {
                <p class="result-note">{ "So far (the step stopped partway):" }</p>
            }
            <pre class={classes!("client", r.failed.then_some("failed"))}>
                <span class="output">{ text.clone() }</span>
            </pre>
        </>
    }
}
