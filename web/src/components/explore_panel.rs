//! The Explore panel of a spec: its `#! expect` checks plus check boxes for the built-ins,
//! Run and Cancel, a progress bar, then per check how many schedules violate it with a
//! Replay of the shortest, and the distinct outcomes with their shares. The exploration runs
//! in a Web Worker (`explore.rs`); this panel only draws what it posts.

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::explore::{start, Exploration};
use crate::hooks::use_effect_when::use_effect_when;
use crate::hooks::use_value::{use_value, State};
use crate::wire::{Message, Request};
use queuelab::explore::report::{share, thousands};
use queuelab::explore::{Granularity, Progress, Report};
use queuelab::scenario::spec::Spec;
use queuelab::sim::Schedule;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// The built-ins offered as check boxes (those that need no step names).
const BUILT_INS: [(&str, &str); 3] = [
    ("no-wait", "no step waits"),
    ("no-deadlock", "no deadlock"),
    ("no-error", "no error"),
];

#[derive(Clone, PartialEq)]
enum Phase {
    Idle,
    Running(Progress),
    Done(Rc<Report>),
    Failed(String),
}

/// The panel's own state, kept by the page's hooks ([`use_explore_panel`], called through
/// `use_scenario_view`): the panel is a plain function (each component costs about 1.6 KB of
/// the download).
pub struct ExploreState {
    phase: State<Phase>,
    extra: State<Vec<String>>,
    statements: State<bool>,
    running: Rc<RefCell<Option<Exploration>>>,
    /// When the progress was last drawn (ms): the worker posts it every few hundred states,
    /// and each drawing renders the page.
    drawn: Rc<RefCell<f64>>,
}

/// The fewest milliseconds between two drawings of the progress.
const PROGRESS_MS: f64 = 100.0;

#[hook]
pub fn use_explore_panel(app: &AppHandle) -> ExploreState {
    let state = ExploreState {
        phase: use_value(|| Phase::Idle),
        extra: use_value(Vec::<String>::new),
        statements: use_value(|| false),
        running: use_mut_ref(|| None),
        drawn: use_mut_ref(|| 0.0),
    };
    {
        // A new text: what was found is about another spec.
        let (phase, running) = (state.phase.clone(), state.running.clone());
        use_effect_when(app.document.text.clone(), move |_| {
            running.borrow_mut().take();
            phase.set(Phase::Idle);
        });
    }
    state
}

/// The panel for `spec` (the document's), drawn from [`use_explore_panel`]'s state.
pub fn explore_panel(app: &AppHandle, state: &ExploreState, spec: &Arc<Spec>) -> Html {
    let ExploreState {
        phase,
        extra,
        statements,
        running,
        drawn,
    } = state;
    let on_run = {
        let (phase, running, extra, statements, drawn) = (
            phase.clone(),
            running.clone(),
            extra.clone(),
            statements.clone(),
            drawn.clone(),
        );
        let text = app.document.text.clone();
        Callback::from(move |_: MouseEvent| {
            let request = Request {
                text: text.clone(),
                extra: (*extra).clone(),
                granularity: if *statements {
                    Granularity::Statements
                } else {
                    Granularity::Steps
                },
            };
            let (p, r, drawn) = (phase.clone(), running.clone(), drawn.clone());
            let got = start(&request, move |m| match m {
                Message::Progress(x) => {
                    let now = js_sys::Date::now();
                    if now - *drawn.borrow() >= PROGRESS_MS {
                        *drawn.borrow_mut() = now;
                        p.set(Phase::Running(x));
                    }
                }
                Message::Done(report) => {
                    r.borrow_mut().take();
                    if let Some(config) = crate::embed::config() {
                        let checks: js_sys::Array = report
                            .checks
                            .iter()
                            .map(|c| {
                                crate::embed::object(&[
                                    ("name", JsValue::from_str(&c.text)),
                                    ("holds", JsValue::from_bool(c.violations == 0)),
                                ])
                            })
                            .collect();
                        crate::embed::post(&config, "check", &[("checks", checks.into())]);
                    }
                    p.set(Phase::Done(Rc::new(*report)));
                }
                Message::Failed { message } => {
                    r.borrow_mut().take();
                    p.set(Phase::Failed(message));
                }
            });
            match got {
                Ok(e) => {
                    *running.borrow_mut() = Some(e);
                    phase.set(Phase::Running(Progress {
                        states: 0,
                        done: 0.0,
                    }));
                }
                Err(e) => phase.set(Phase::Failed(e)),
            }
        })
    };
    let on_cancel = {
        let (phase, running) = (phase.clone(), running.clone());
        Callback::from(move |_: MouseEvent| {
            running.borrow_mut().take(); // ends the worker
            phase.set(Phase::Idle);
        })
    };
    let toggle = |line: &'static str| {
        let extra = extra.clone();
        Callback::from(move |_: Event| {
            let mut v = (*extra).clone();
            match v.iter().position(|x| x == line) {
                Some(i) => {
                    v.remove(i);
                }
                None => v.push(line.to_string()),
            }
            extra.set(v);
        })
    };
    let on_granularity = {
        let statements = statements.clone();
        Callback::from(move |_: Event| statements.set(!*statements))
    };
    let replay = |schedule: Schedule, at: usize, highlight: Vec<String>| {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| {
            app.send(Command::Replay {
                schedule: schedule.clone(),
                at,
                highlight: highlight.clone(),
            })
        })
    };
    let is_running = matches!(**phase, Phase::Running(_));

    html! {
        <div id="explore" class="panel explore">
            <h2>{ "Explore every schedule" }</h2>
            { super::muted("Runs every order of the sessions' steps (none given to a session that waits) and checks each one.") }
            if spec.expects.is_empty() {
                { super::muted("This spec declares no checks: add `#! expect ...` lines, or tick a built-in below.") }
            } else {
                <ul class="explore-checks">
                    { for spec.expects.iter().map(|e| html! { <li><code>{ e.text.clone() }</code></li> }) }
                </ul>
            }
            <div class="buttons">
                { for BUILT_INS.iter().map(|(line, label)| html! {
                    <label class="check">
                        <input type="checkbox" data-check={*line} checked={extra.contains(&line.to_string())}
                            onchange={toggle(line)} disabled={is_running} />
                        { *label }
                    </label>
                }) }
                <label class="check" title="Let other sessions move between the statements of a step (T-SQL procedure bodies too)">
                    <input type="checkbox" id="explore-statements" checked={**statements}
                        onchange={on_granularity} disabled={is_running} />
                    { "statement by statement" }
                </label>
                <button id="explore-run" type="button" onclick={on_run} disabled={is_running}>{ "Explore" }</button>
                <button id="explore-cancel" type="button" onclick={on_cancel} disabled={!is_running}>{ "Cancel" }</button>
            </div>
            { match &**phase {
                Phase::Idle => html! {},
                Phase::Running(p) => html! {
                    <div class="explore-progress">
                        <progress id="explore-progress" max="1" value={queuelab::decimal::fixed(p.done, 3)}></progress>
                        <span>{ format!("{} states, {} % of the orders decided", thousands(p.states as u128), queuelab::decimal::fixed(p.done * 100.0, 0)) }</span>
                    </div>
                },
                Phase::Failed(m) => html! { <p class="error-box" role="alert">{ m.clone() }</p> },
                Phase::Done(r) => results(r, spec, &replay),
            } }
        </div>
    }
}

fn results(
    r: &Report,
    spec: &Spec,
    replay: &dyn Fn(Schedule, usize, Vec<String>) -> Callback<MouseEvent>,
) -> Html {
    let whole = r.schedules;
    let summary = format!(
        "{} schedules, {} states{}",
        thousands(whole),
        thousands(r.states as u128),
        if r.complete() {
            ""
        } else {
            " (stopped early: the counts are those seen)"
        }
    );
    html! {
        <div id="explore-results" data-complete={r.complete().to_string()}>
            <p class="explore-summary">{ summary }</p>
            <ul class="explore-verdicts">
                { for r.checks.iter().map(|c| {
                    let violated = c.violations > 0;
                    html! {
                    <li data-violated={violated.to_string()}>
                        <span class={classes!("verdict", if violated { "violated" } else { "holds" })}>
                            { if violated { "violated" } else { "holds" } }
                        </span>
                        <code>{ c.text.clone() }</code>
                        if violated {
                            <span class="explore-count">{ format!("in {} of {} schedules ({})", thousands(c.violations), thousands(whole), share(c.violations, whole)) }</span>
                        } else {
                            <span class="explore-count">{ format!("in all {} schedules", thousands(whole)) }</span>
                        }
                        if let Some(x) = &c.shortest {
                            <div class="counterexample">
                                <code class="schedule">{ x.schedule.text(spec) }</code>
                                <span class="detail">{ x.detail.clone() }</span>
                                <button type="button" class="replay" onclick={replay(x.schedule.clone(), x.fails_after, x.values.clone())}
                                    title="Load this schedule into the sessions, at the step where the check fails">{ "Replay" }</button>
                            </div>
                        }
                    </li>
                }}) }
            </ul>
            <h3>{ format!("{} distinct outcome{}", r.outcomes.len(), if r.outcomes.len() == 1 { "" } else { "s" }) }</h3>
            <table class="explore-outcomes">
                <thead><tr><th>{ "share" }</th><th>{ "what the steps returned" }</th><th>{ "e.g." }</th></tr></thead>
                <tbody>
                    { for r.outcomes.iter().map(|o| {
                        let steps: Vec<String> = o.steps.iter().map(|(n, v)| format!("{n}: {v}")).collect();
                        html! {
                        <tr data-violates={(!o.violates.is_empty()).to_string()}>
                            <td class="share">{ share(o.schedules, whole) }</td>
                            <td>{ steps.join("; ") }</td>
                            <td><button type="button" class="replay" onclick={replay(o.example.clone(), o.example.0.len(), Vec::new())}
                                title={o.example.text(spec)}>{ "Replay" }</button></td>
                        </tr>
                    }}) }
                </tbody>
            </table>
        </div>
    }
}
