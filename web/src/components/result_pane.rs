//! The statement on screen: the script's remarks about it (lessons, errata of the article),
//! then the client transcript, then what went wrong and how to fix it.

use super::terminal::{terminal, TerminalProps};
use crate::app_handle::AppHandle;
use crate::driver::Command;
use queuelab::trace::{Outcome, StepError};
use yew::prelude::*;

/// A plain function of the app's state (its parent renders it whenever that changes).
pub fn result_pane(app: &AppHandle) -> Html {
    let outline = app.outline.clone();
    // A T-SQL batch that could not be read runs as a failed step: on that step its error box
    // below says it already, so the diagnostic is not repeated above it.
    let shown_error = app.current().and_then(|s| match &s.outcome {
        Outcome::Error(e) => e.pos,
        Outcome::Ok(_) => None,
    });
    let diagnostics = outline.diagnostics.iter().filter(|d| Some(d.pos) != shown_error).map(|d| {
        html! {
            <div class="error-box" role="alert">
                <strong>{ "Could not read the script" }</strong>
                if d.pos.line > 0 {
                    <span class="pos">{ format!("line {}, column {}", d.pos.line, d.pos.column) }</span>
                }
                <p>{ d.message.clone() }</p>
                if let Some(fixed) = &d.fixed_text {
                    { fix_button(fixed, app) }
                }
            </div>
        }
    });

    let Some(step) = app.current() else {
        return html! {
            <div id="result" class="panel result">
                <h2>{ "Result" }</h2>
                { for diagnostics }
                if outline.items.is_empty() {
                    <p class="intro">{ "Nothing to run yet." }</p>
                } else {
                <p class="intro">
                    // Static markup as text, as the legends.
                    { Html::from_html_unchecked(AttrValue::Static(concat!(
                        "Ready to step. <strong>Run next statement</strong> (Ctrl+Enter) runs the ",
                        "script one statement at a time; <strong>Run all</strong> jumps to the end. ",
                        "After each statement you see what the client prints, the SQLite that really ",
                        "ran, every table and the ring.",
                    ))) }
                    if app.document.dialect.procedural_batches() {
                        { " An EXEC is followed by the statements of the procedure's body, one \
                           per step, marked in the editor inside its CREATE PROCEDURE." }
                    }
                </p>
                }
            </div>
        };
    };

    let error = match &step.outcome {
        Outcome::Error(e) => Some(e),
        Outcome::Ok(_) => None,
    };

    html! {
        <div id="result" class="panel result">
            <h2>{ "Result" }</h2>
            { for diagnostics }
            if let Some(caller) = app.caller() {
                <p id="caller" class="caller">
                    // The statement on screen is no listed one (a procedure body's, a loop's):
                    // say which listed statement made it run, and where it is written.
                    { "Run by " }<code>{ caller.title.clone() }</code>
                    { format!(" at line {}; this statement is written at line {}.",
                        caller.span.start.line, step.span.start.line) }
                </p>
            }
            { for step.remarks.iter().map(|r| html! {
                <aside class="remark">
                    <span class="remark-label">{ "Note" }</span>
                    <p>{ r.clone() }</p>
                </aside>
            }) }
            { terminal(&TerminalProps {
                echo: AttrValue::from(app.document.dialect.echo(&step.source)),
                output: AttrValue::from(step.client_text.clone()),
                failed: error.is_some(),
            }) }
            if let Some(e) = error {
                { error_box(e, app) }
            }
        </div>
    }
}

fn error_box(e: &StepError, app: &crate::app_handle::AppHandle) -> Html {
    let fix = e.fixed_text.clone().map(|fixed| {
        // Named after what it does: straighten quotes, add a `;`, add a GO line ...
        let button = crate::state::fixes::fix_button(&app.document.text, &fixed);
        let app = app.clone();
        let onclick =
            Callback::from(move |_: MouseEvent| app.send(Command::ApplyFix(fixed.clone())));
        html! {
            <button id={button.id} type="button" class="primary fix" {onclick} title={button.title}>
                { button.label }
            </button>
        }
    });
    html! {
        <div class="error-box" role="alert">
            <strong>{ format!("Error {}", e.native) }</strong>
            if let Some(p) = e.pos {
                <span class="pos">{ format!("line {}, column {}", p.line, p.column) }</span>
            }
            <p>{ e.message.clone() }</p>
            { for fix }
        </div>
    }
}

/// The button that replaces the text with `fixed`, named after what the fix does (straighten
/// quotes, add a `;`, a `]`, a GO line ...).
fn fix_button(fixed: &str, app: &crate::app_handle::AppHandle) -> Html {
    let button = crate::state::fixes::fix_button(&app.document.text, fixed);
    let (app, fixed) = (app.clone(), fixed.to_string());
    let onclick = Callback::from(move |_: MouseEvent| app.send(Command::ApplyFix(fixed.clone())));
    html! {
        <button id={button.id} type="button" class="primary fix" {onclick} title={button.title}>
            { button.label }
        </button>
    }
}
