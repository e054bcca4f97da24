//! The multi-session view of a spec: a column per session, the permutation control, the
//! tables after the last step (row locks badged) and the event log. The state is only the list
//! of steps chosen so far; the frame drawn is recomputed from it by the reducer.

use super::event_log::EventLog;
use super::session_column::{SessionColumn, SessionResult, StepItem};
use super::table::Table;
use crate::hooks::use_lab::use_lab;
use crate::hooks::use_select_value::use_select_value;
use crate::state::{split_entry, Action, Scenario};
use queuelab::sim::dialect_of as spec_dialect;
use queuelab::trace::{Outcome, Success};
use queuelab::Dialect;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[function_component(ScenarioView)]
pub fn scenario_view() -> Html {
    let lab = use_lab();
    let picked = use_state(|| 0usize);
    let perm_ref = use_node_ref();
    // Another spec may have fewer permutations than the index picked for the previous one.
    let count = lab.scenario.as_ref().map_or(0, |sc| sc.permutations.len());
    let pick = if *picked < count { *picked } else { 0 };
    use_select_value(perm_ref.clone(), pick.to_string());

    let Some(sc) = lab.scenario.clone() else {
        return html! {};
    };
    let chosen = lab.scenario_steps.clone();
    let dialect = spec_dialect(&sc.spec);
    let names: Vec<String> = sc.spec.sessions.iter().map(|s| s.name.clone()).collect();
    let frame = sc.frame().cloned();

    let send = |action: Action| {
        let lab = lab.clone();
        Callback::from(move |_: MouseEvent| lab.dispatch(action.clone()))
    };
    let on_step = {
        let lab = lab.clone();
        Callback::from(move |(session, statements): (String, Option<u32>)| {
            lab.dispatch(Action::ScenarioStep {
                session,
                statements,
            })
        })
    };
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(i) = v.parse::<usize>() {
                picked.set(i);
            }
        })
    };
    let on_run = {
        let lab = lab.clone();
        Callback::from(move |_: MouseEvent| lab.dispatch(Action::ScenarioRun(pick)))
    };

    // `c1pop(statements 1)` ran (part of) step c1pop.
    let ran: Vec<&str> = sc.steps.iter().map(|e| split_entry(e).0).collect();
    let columns = sc.spec.sessions.iter().map(|def| {
        let next = sc.next_step(&def.name);
        let steps: Vec<StepItem> = def
            .steps
            .iter()
            .map(|st| StepItem {
                name: st.name.clone(),
                sql: st.sql.sql.clone(),
                ran: ran.contains(&st.name.as_str()),
                next: next == Some(st.name.as_str()),
            })
            .collect();
        let inside = sc
            .inside(&def.name)
            .map(|step| (step.to_string(), sc.statements_run(&def.name).unwrap_or(0)));
        let blocked = if sc.stopped() {
            Some("The run stopped at an invalid step: go Back or Reset")
        } else if !sc.waits_for(&def.name).is_empty() {
            Some("This session waits: it cannot run another step until the lock is released")
        } else if next.is_none() {
            Some("No step left in this session")
        } else {
            None
        };
        let view = frame
            .as_ref()
            .and_then(|f| f.sessions.iter().find(|s| s.name == def.name).cloned());
        html! {
            <SessionColumn key={def.name.clone()} name={def.name.clone()} sessions={names.clone()}
                {view} {steps} {inside} result={last_result(&sc, dialect, &def.name)} {blocked}
                on_step={on_step.clone()} />
        }
    });

    // The engine keeps rows an open transaction deleted in the snapshot, marked deleted.
    let tables = sc.frame().map(|f| f.tables.clone()).unwrap_or_default();
    let locks = frame.as_ref().map(|f| f.locks.clone()).unwrap_or_default();
    let status = match (chosen.len(), frame.as_ref()) {
        (0, _) => "no step run yet".to_string(),
        (n, Some(f)) => {
            // The entry as chosen, `c1pop(statements 1)`, says how much of the step ran.
            let step = f.step.as_deref().unwrap_or_default();
            let last = chosen
                .last()
                .filter(|e| split_entry(e).0 == step)
                .map_or(step, String::as_str);
            format!("{n} step{} chosen · last: {last}", plural(n))
        }
        (n, None) => format!("{n} step{} chosen", plural(n)),
    };

    html! {
        <div id="scenario" class="scenario">
            <div class="panel scenario-controls">
                <h2>{ "Sessions" }</h2>
                { for sc.errors.iter().map(|d| html! {
                    <div class="error-box spec-error" role="alert">
                        <strong>{ "Spec error" }</strong>
                        <span class="pos">{ format!("{}:{}", d.pos.line, d.pos.column) }</span>
                        <p>{ d.message.clone() }</p>
                    </div>
                }) }
                { for sc.warnings.iter().map(|d| html! {
                    <p class="warning spec-warning">
                        { format!("{}:{} {}", d.pos.line, d.pos.column, d.message) }
                    </p>
                }) }
                <div class="buttons">
                    <label class="field">
                        <span>{ "Permutation" }</span>
                        <select id="permutations" ref={perm_ref} onchange={on_pick}
                            disabled={sc.permutations.is_empty()}>
                            { for sc.permutations.iter().enumerate().map(|(i, p)| html! {
                                <option value={i.to_string()}>{ p.join(" ") }</option>
                            }) }
                        </select>
                    </label>
                    <button id="run-permutation" type="button" onclick={on_run}
                        disabled={sc.permutations.is_empty()}
                        title="Run the chosen permutation from the start">{ "Run permutation" }</button>
                    <button id="scenario-back" type="button" onclick={send(Action::ScenarioBack)}
                        disabled={chosen.is_empty()} title="Drop the last step">{ "◀ Back" }</button>
                    <button id="scenario-reset" type="button" onclick={send(Action::ScenarioReset)}
                        disabled={chosen.is_empty()} title="Back to before the first step">{ "Reset" }</button>
                    <span id="scenario-status" class="phase">{ status }</span>
                </div>
                <div class="session-cols">{ for columns }</div>
            </div>
            <div class="state">
                <div class="panel tables">
                    <h2>{ "Tables" }</h2>
                    if frame.is_none() {
                        <p class="muted">{ "Tables appear here once a step runs." }</p>
                    } else if tables.is_empty() {
                        <p class="muted">{ "No tables yet." }</p>
                    } else {
                        <ul class="legend">
                            <li><span class="swatch inserted"></span>{ "inserted" }</li>
                            <li><span class="swatch updated"></span>{ "updated" }</li>
                            <li><span class="swatch deleted"></span>{ "deleted" }</li>
                            <li><span class="lock-badge sess-0">{ legend_badge(&names, dialect) }</span>{ "row lock: session, mode" }</li>
                        </ul>
                        <div class="table-list">
                            { for tables.into_iter().map(|t| {
                                let key = t.name.clone();
                                html! { <Table {key} table={t} locks={Some(locks.clone())} sessions={names.clone()} /> }
                            }) }
                        </div>
                    }
                </div>
                <EventLog events={sc.events.clone()} partial={sc.partial.clone()} />
            </div>
        </div>
    }
}

/// The legend's sample badge: the first session with the lock its dialect's FOR UPDATE (or
/// SQL Server's XLOCK) takes, so the sample reads like the badges in the table.
fn legend_badge(sessions: &[String], dialect: Dialect) -> String {
    let session = sessions.first().map_or("c1", String::as_str);
    format!("{session} {}", dialect.read_lock_mode(true, false).label())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// What the client printed for the session's latest result (ok, error, completed).
fn last_result(sc: &Scenario, dialect: Dialect, session: &str) -> Option<SessionResult> {
    let (e, partial) = sc.last_result(session)?;
    let outcome = e.outcome.as_ref()?;
    // sqlcmd prints nothing for a statement without rows or a count; its "Commands completed
    // successfully." comes at the end of a batch, which a step stopped partway has not reached.
    if partial && dialect.reports_success_at_batch_end() && printed_nothing(outcome) {
        return Some(SessionResult {
            text: None,
            failed: false,
            partial,
        });
    }
    let sql = sc
        .spec
        .step(&e.step)
        .map(|(_, st)| st.sql.sql.clone())
        .unwrap_or_default();
    // The outcome is the last statement's that ran, and the client text names that statement:
    // the step's last one, or for a step stopped partway the last of those run so far.
    let statements = queuelab::outline(dialect, &sql).0;
    let at = match (partial, sc.statements_run(session)) {
        (true, Some(n)) => (n as usize).checked_sub(1),
        _ => statements.len().checked_sub(1),
    };
    let source = at
        .and_then(|i| statements.get(i))
        .map_or(sql, |s| s.source.clone());
    Some(SessionResult {
        text: Some(dialect.client_text(&source, outcome)),
        failed: matches!(outcome, Outcome::Error(_)),
        partial,
    })
}

fn printed_nothing(outcome: &Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Ok(Success {
            columns: None,
            affected: None,
            info: None,
            ..
        })
    )
}
