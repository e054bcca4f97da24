//! The multi-session view of a spec: a column per session, the permutation control, the
//! tables after the move on screen (row locks badged) and the event log. Everything drawn
//! comes from the snapshot at the run's cursor; the chosen moves only say which steps ran.

use super::event_log::{event_log, EventLogProps};
use super::explore_panel::{explore_panel, use_explore_panel, ExploreState};
use super::rings_panel::{rings_panel, Props as RingsProps};
use super::session_column::{session_column, SessionColumnProps, SessionResult, StepItem};
use super::table::{table, TableProps};
use super::timeline::{timeline as timeline_view, TimelineProps};
use super::wait_graph::{wait_graph, WaitGraphProps};
use crate::app_handle::AppHandle;
use crate::clipboard::copy;
use crate::driver::Command;
use crate::hooks::use_select_value::use_select_value;
use crate::hooks::use_value::{use_value, State};
use crate::state::story;
use crate::state::Action;
use queuelab::scenario::schedule::entry_text;
use queuelab::sim::dialect_of as spec_dialect;
use queuelab::sim::snapshot::SessionState;
use queuelab::sim::{Schedule, SessionId, StepId};
use queuelab::trace::{Event as StepEvent, EventKind, Outcome, Success};
use queuelab::Dialect;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The view's own state, kept by the page's hooks: the view is a plain function (each
/// component costs about 1.6 KB of the download).
pub struct ScenarioState {
    perm_ref: NodeRef,
    /// The schedule line was copied.
    copied: State<bool>,
    explore: ExploreState,
}

/// The permutation picked in the menu.
fn picked(app: &AppHandle) -> usize {
    let count = app
        .document
        .spec
        .as_ref()
        .map_or(0, |d| d.permutations.len());
    app.view.picked(count)
}

#[hook]
pub fn use_scenario_view(app: &AppHandle) -> ScenarioState {
    let perm_ref = use_node_ref();
    let copied = use_value(|| false);
    let pick = picked(app);
    use_select_value(perm_ref.clone(), pick.to_string());
    let explore = use_explore_panel(app);
    ScenarioState {
        perm_ref,
        copied,
        explore,
    }
}

/// `compact`: an embed's view, with no event log, and the explorer only for a spec with
/// checks.
pub fn scenario_view(app: &AppHandle, state: &ScenarioState, compact: bool) -> Html {
    let ScenarioState {
        perm_ref,
        copied,
        explore,
    } = state;
    let pick = picked(app);

    let (Some(doc), Some(run)) = (app.document.spec.clone(), app.spec_run()) else {
        return html! {};
    };
    let spec = &doc.spec;
    let dialect = spec_dialect(spec);
    let names: Vec<String> = spec.sessions.iter().map(|s| s.name.clone()).collect();
    let shown = run.shown();
    let chosen = run.chosen();

    let send = |action: Action| {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| app.dispatch(action.clone()))
    };
    let on_step = {
        let app = app.clone();
        Callback::from(
            move |(session, step, statements): (String, Option<String>, Option<u32>)| {
                app.send(Command::Step {
                    session,
                    step,
                    statements,
                })
            },
        )
    };
    let on_pick = {
        let app = app.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(i) = v.parse::<usize>() {
                app.dispatch(Action::PickPermutation(i));
            }
        })
    };
    let on_run = {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| app.send(Command::RunPermutation(pick)))
    };

    let events = run.events();
    let columns = spec.sessions.iter().enumerate().map(|(s, def)| {
        let next = run.next_step(spec, &def.name);
        let steps: Vec<StepItem> = def
            .steps
            .iter()
            .enumerate()
            .map(|(i, st)| {
                let id = StepId {
                    session: SessionId(s as u32),
                    index: i as u32,
                };
                let mine: Vec<&StepEvent> = events.iter().filter(|e| e.step == st.name).collect();
                // A step given to a waiting session never ran: no tick.
                let refused = mine.iter().all(|e| e.kind == EventKind::InvalidPermutation);
                let ended = mine.iter().rev().find(|e| {
                    matches!(
                        e.kind,
                        EventKind::Ok | EventKind::Error | EventKind::Completed
                    )
                });
                StepItem {
                    name: st.name.clone(),
                    sql: st.sql.sql.clone(),
                    ran: chosen.iter().any(|c| c.step == id) && !refused,
                    failed: ended.is_some_and(|e| matches!(e.outcome, Some(Outcome::Error(_)))),
                    next: next == Some(st.name.as_str()),
                }
            })
            .collect();
        let inside = run.inside(&def.name).map(|step| {
            (
                step.to_string(),
                run.statements_run(spec, &def.name).unwrap_or(0),
            )
        });
        let waits_for = run.waits_for(&def.name);
        let can_pick = !run.stopped() && waits_for.is_empty();
        let blocked = if run.stopped() {
            Some("The run stopped at an invalid step: go Back or Reset".to_string())
        } else if !waits_for.is_empty() {
            let release = if run.waits_for_advisory(&def.name) {
                "to unlock (or end the transaction that holds the lock)"
            } else {
                "to commit or roll back"
            };
            Some(format!(
                "{} waits for {}: step {} {release} first",
                def.name,
                waits_for.join(", "),
                waits_for.join(" or ")
            ))
        } else if next.is_none() {
            Some(format!(
                "{} ran its last listed step: ▶ runs any of its steps again",
                def.name
            ))
        } else {
            None
        };
        let view = run.session(&def.name).cloned();
        let partial = run.last_result(&def.name).is_some_and(|(_, p)| p);
        let result = view
            .as_ref()
            .and_then(|v| session_result(v, partial, dialect));
        session_column(&SessionColumnProps {
            name: def.name.clone(),
            sessions: names.clone(),
            view,
            steps,
            inside,
            result,
            blocked,
            can_pick,
            on_step: on_step.clone(),
        })
    });

    // The engine keeps rows an open transaction deleted in the snapshot, marked deleted.
    let tables = shown.map(|f| f.tables.clone()).unwrap_or_default();
    let locks = shown.map(|f| f.locks.clone()).unwrap_or_default();
    let status = match chosen.last() {
        None => "no step run yet".to_string(),
        // The move as chosen, `c1pop(statements 1)`, says how much of the step ran.
        Some(last) => {
            let n = chosen.len();
            format!(
                "{n} step{} chosen · last: {}",
                plural(n),
                entry_text(spec, last)
            )
        }
    };
    let chosen_none = chosen.is_empty();
    let so_far = Schedule(chosen.to_vec()).text(spec);
    let on_copy = {
        let line = format!("permutation {so_far}");
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let line = line.clone();
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move { copied.set(copy(&line).await) });
        })
    };
    let on_show = {
        let app = app.clone();
        Callback::from(move |n: usize| app.dispatch(Action::ScenarioShow(n)))
    };
    let timeline = story::timeline(spec, run);
    let (wait_edges, victim) = story::waits(run);

    html! {
        <div id="scenario" class="scenario">
            <div class="panel scenario-controls">
                <h2>{ "Sessions" }</h2>
                { for doc.errors.iter().map(|d| html! {
                    <div class="error-box spec-error" role="alert">
                        <strong>{ "Spec error" }</strong>
                        <span class="pos">{ format!("{}:{}", d.pos.line, d.pos.column) }</span>
                        <p>{ d.message.clone() }</p>
                    </div>
                }) }
                if let Some(why) = run.shown().and_then(|s| s.setup_failed.clone()) {
                    <div class="error-box setup-error" role="alert">
                        <strong>{ "The setup failed: no step can run" }</strong>
                        <p>{ why }</p>
                    </div>
                }
                { for doc.warnings.iter().map(|d| html! {
                    <p class="warning spec-warning">
                        { format!("{}:{} {}", d.pos.line, d.pos.column, d.message) }
                    </p>
                }) }
                <div class="buttons">
                    <label class="field">
                        <span>{ "Permutation" }</span>
                        <select id="permutations" ref={perm_ref.clone()} onchange={on_pick}
                            disabled={doc.permutations.is_empty()}>
                            { for doc.permutations.iter().enumerate().map(|(i, p)| html! {
                                <option value={i.to_string()}>{ p.text(spec) }</option>
                            }) }
                        </select>
                    </label>
                    <button id="run-permutation" type="button" onclick={on_run}
                        disabled={doc.permutations.is_empty()}
                        title="Run the chosen permutation from the start">{ "Run permutation" }</button>
                    <span class="hint" title="Ctrl+Enter (Cmd+Enter on a Mac) makes the chosen permutation's next move">
                        { Html::from_html_unchecked(AttrValue::Static("<kbd>Ctrl</kbd>+<kbd>Enter</kbd> next move")) }
                    </span>
                    <button id="scenario-back" type="button" onclick={send(Action::ScenarioBack)}
                        disabled={chosen_none} title="Drop the last step">{ "◀ Back" }</button>
                    <button id="scenario-reset" type="button" onclick={send(Action::ScenarioReset)}
                        disabled={chosen_none} title="Back to before the first step">{ "Reset" }</button>
                    <span id="scenario-status" class="phase">{ status }</span>
                </div>
                <div class="schedule-line">
                    <span class="label">{ "Schedule so far" }</span>
                    <code id="schedule-line">{ if so_far.is_empty() { "(no move yet)".to_string() } else { format!("permutation {so_far}") } }</code>
                    <button id="copy-schedule" type="button" class="link" onclick={on_copy}
                        disabled={chosen_none} title="Copy this line, to paste into the spec as a permutation">
                        { if **copied { "Copied" } else { "Copy" } }
                    </button>
                </div>
                <div class="session-cols">{ for columns }</div>
            </div>
            { timeline_view(&TimelineProps { story: timeline, cursor: run.cursor, on_show }) }
            if !compact || !spec.expects.is_empty() {
                { explore_panel(app, explore, &doc.spec) }
            }
            <div class="state">
                <div class="panel tables">
                    <h2>{ "Tables" }</h2>
                    if shown.is_none() {
                        { super::muted("Tables appear here once a step runs.") }
                    } else if tables.is_empty() {
                        { super::muted("No tables yet.") }
                    } else {
                        <ul class="legend">
                            // Static markup as text, as the ring's legend.
                            { Html::from_html_unchecked(AttrValue::Static(concat!(
                                r#"<li><span class="swatch inserted"></span>inserted</li>"#,
                                r#"<li><span class="swatch updated"></span>updated</li>"#,
                                r#"<li><span class="swatch deleted"></span>deleted</li>"#,
                            ))) }
                            <li><span class="lock-badge sess-0">{ legend_badge(&names, dialect) }</span>{ "row lock: session, mode" }</li>
                        </ul>
                        <div class="table-list">
                            { for tables.into_iter().map(|t| {
                                table(&TableProps {
                                    table: t,
                                    locks: Some(locks.clone()),
                                    sessions: names.clone(),
                                    highlight: app.view.highlight.clone(),
                                })
                            }) }
                        </div>
                    }
                    { super::tables_panel::sequences_line(shown.map(|s| s.sequences.as_slice()).unwrap_or_default()) }
                </div>
                // The ring race's table as a ring, once a move has drawn one.
                if let Some(rings) = shown.map(|s| &s.rings).filter(|r| !r.is_empty()) {
                    { rings_panel(app, RingsProps { rings: rings.clone(), sizable: false }) }
                }
                // Compact: the graph only for a run in which somebody waited.
                if !compact || run.snapshots.iter().any(|s| !s.waits.is_empty() || !s.deadlocks.is_empty()) {
                    { wait_graph(&WaitGraphProps { sessions: names.clone(), edges: wait_edges, victim }) }
                }
                if !compact {
                    { event_log(&EventLogProps {
                        log: shown.map(|s| s.log.clone()).unwrap_or_default(),
                        partial: run.partial(),
                        statements: run.statements_ran(),
                    }) }
                }
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

/// What the client printed for the session's latest result (ok, error, completed), as the
/// snapshot has it; `partial`: that result is of a step stopped partway.
fn session_result(v: &SessionState, partial: bool, dialect: Dialect) -> Option<SessionResult> {
    let outcome = v.result.as_ref()?;
    // sqlcmd prints nothing for a statement without rows or a count; its "Commands completed
    // successfully." comes at the end of a batch, which a step stopped partway has not reached.
    let silent = partial && dialect.reports_success_at_batch_end() && printed_nothing(outcome);
    Some(SessionResult {
        text: if silent { None } else { v.client_text.clone() },
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
