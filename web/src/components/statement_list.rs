//! Every statement of the script with its line; the one on screen highlighted, the ones run so
//! far marked ok or failed. Clicking one runs up to it.
//!
//! The list is the script as written. A T-SQL procedure's statements are not in it (they sit
//! inside the CREATE PROCEDURE); while one of them is on screen, the EXEC that called it is
//! highlighted, with the statement running shown beneath it, and the CREATE PROCEDURE that
//! holds it is marked.

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::hooks::use_effect_when::use_effect_when;
use crate::state::outline::{source_lines, OutlineItem, Progress};
use queuelab::trace::Outcome;
use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};
use yew::prelude::*;

/// The list's node, kept in view around the current statement: a hook of the page (the
/// list is a plain function, each component costing about 1.6 KB of the download).
#[hook]
pub fn use_statement_list(app: &AppHandle) -> NodeRef {
    let list = use_node_ref();
    let current_item = app.current_statement();
    // Keep the current statement visible in the (scrolling) list.
    {
        let list = list.clone();
        use_effect_when(current_item, move |current| {
            let Some(i) = current else { return };
            let item = list
                .cast::<Element>()
                .and_then(|l| l.children().item(*i as u32));
            if let Some(item) = item {
                let options = ScrollIntoViewOptions::new();
                options.set_block(ScrollLogicalPosition::Nearest);
                item.scroll_into_view_with_scroll_into_view_options(&options);
            }
        });
    }
    list
}

pub fn statement_list(app: &AppHandle, list: &NodeRef) -> Html {
    let outline = app.outline.clone();
    let current_item = app.current_statement();
    let step = app.current();
    // A step of no listed statement of its own: where it is written and which item holds it.
    let inner = app.caller().and(step).map(|s| {
        let holder = outline
            .items
            .iter()
            .position(|it| it.span.start <= s.span.start && s.span.end <= it.span.end);
        (s, holder)
    });

    let items = outline.items.iter().enumerate().map(|(i, item)| {
        let current = current_item == Some(i);
        let holds = inner.is_some_and(|(_, h)| h == Some(i));
        let (mark, state) = match item.progress {
            Progress::Ok => ("✓", "ok"),
            Progress::Error => ("✗", "error"),
            Progress::Pending => ("", "pending"),
        };
        let onclick = {
            let app = app.clone();
            Callback::from(move |_: MouseEvent| app.send(Command::Jump(i)))
        };
        let running = inner.filter(|_| current).map(|(s, _)| {
            let title = source_lines(&s.source).next().unwrap_or_default();
            let failed = matches!(s.outcome, Outcome::Error(_));
            html! {
                <div class={classes!("inner", failed.then_some("failed"))} title="The statement on screen: run by this one, written elsewhere in the script">
                    <span class="arrow">{ "↳" }</span>
                    <span class="text">{ title }</span>
                    <span class="line">{ format!("L{}", s.span.start.line) }</span>
                </div>
            }
        });
        html! {
            <li key={i} class={classes!("stmt", state, current.then_some("current"), holds.then_some("holds"))}
                data-state={state} aria-current={current.then_some("step")}
                title={holds.then_some("The statement on screen is written inside this one")}>
                <button type="button" {onclick} title={lines_title(i, item)}>
                    <span class="mark">{ mark }</span>
                    <span class="num">{ i + 1 }</span>
                    <span class="text">{ item.title.clone() }</span>
                    if holds {
                        <span class="holds-tag">{ "running inside" }</span>
                    }
                    <span class="line">{ format!("L{}", item.span.start.line) }</span>
                </button>
                { for running }
            </li>
        }
    });

    html! {
        <div class="panel statements">
            <h2>{ "Statements" }</h2>
            { for outline.diagnostics.iter().map(|d| html! {
                <p class="diagnostic" role="alert">
                    { format!("Line {}, column {}: {}", d.pos.line, d.pos.column, d.message) }
                </p>
            }) }
            if outline.items.is_empty() && outline.diagnostics.is_empty() {
                { super::muted("No statements yet: type or paste SQL, or pick an example.") }
            }
            <ol id="statements" class="statement-list" ref={list.clone()}>{ for items }</ol>
        </div>
    }
}

fn lines_title(i: usize, item: &OutlineItem) -> String {
    let (start, end) = (item.span.start.line, item.span.end.line);
    let lines = if end > start {
        format!("lines {start}–{end}")
    } else {
        format!("line {start}")
    };
    format!("Run up to statement {} ({lines})", i + 1)
}
