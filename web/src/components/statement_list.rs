//! Every statement of the script with its line; the one on screen highlighted, the ones run so
//! far marked ok or failed. Clicking one shows the state after it.

use crate::hooks::use_lab::use_lab;
use crate::state::{Action, OutlineItem, Progress};
use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};
use yew::prelude::*;

#[function_component(StatementList)]
pub fn statement_list() -> Html {
    let lab = use_lab();
    let list = use_node_ref();
    let outline = lab.outline.clone();

    // Keep the current statement visible in the (scrolling) list.
    {
        let list = list.clone();
        use_effect_with(lab.cursor, move |cursor| {
            let Some(i) = cursor else { return };
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

    let can_run = lab.can_run();
    let items = outline.items.iter().enumerate().map(|(i, item)| {
        let current = lab.cursor == Some(i);
        let (mark, state) = match item.progress {
            Progress::Ok => ("✓", "ok"),
            Progress::Error => ("✗", "error"),
            Progress::Pending => ("", "pending"),
        };
        let onclick = {
            let lab = lab.clone();
            Callback::from(move |_: MouseEvent| lab.dispatch(Action::Jump(i)))
        };
        html! {
            <li key={i} class={classes!("stmt", state, current.then_some("current"))}
                data-state={state} aria-current={current.then_some("step")}>
                <button type="button" {onclick} disabled={!can_run}
                    title={lines_title(i, item)}>
                    <span class="mark">{ mark }</span>
                    <span class="num">{ i + 1 }</span>
                    <span class="text">{ item.title.clone() }</span>
                    <span class="line">{ format!("L{}", item.line) }</span>
                </button>
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
                <p class="muted">{ "No statements yet: type or paste SQL, or pick an example." }</p>
            }
            <ol id="statements" class="statement-list" ref={list}>{ for items }</ol>
        </div>
    }
}

fn lines_title(i: usize, item: &OutlineItem) -> String {
    let lines = if item.end_line > item.line {
        format!("lines {}–{}", item.line, item.end_line)
    } else {
        format!("line {}", item.line)
    };
    format!("Show the state after statement {} ({lines})", i + 1)
}
