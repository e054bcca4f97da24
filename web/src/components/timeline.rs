//! The session timeline: a lane per session, a column per move, each step a block from the
//! move that issued it to the move that ended it; a wait is the hatched part of its block,
//! naming the sessions it waited for. Commits, rollbacks, errors and deadlock victims are
//! marked. The scrubber below (a range input, so arrow keys work) and a click on a block move
//! the whole view to that move; moves after the cursor stay drawn, faded, until replaced.

use super::table::session_color;
use crate::state::story::{Block, Ending, Timeline as Story};
use yew::prelude::*;

/// Width of one move's column, in pixels: room for a step name.
const COLUMN: usize = 88;

pub struct TimelineProps {
    pub story: Story,
    /// How many moves are shown (0 before the first).
    pub cursor: usize,
    /// Show the view after this many moves.
    pub on_show: Callback<usize>,
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn timeline(props: &TimelineProps) -> Html {
    let story = &props.story;
    let names: Vec<String> = story.lanes.iter().map(|l| l.session.clone()).collect();
    let width = story.moves.max(1) * COLUMN;
    let on_scrub = {
        let on_show = props.on_show.clone();
        Callback::from(move |e: InputEvent| {
            let input = e.target_unchecked_into::<web_sys::HtmlInputElement>();
            if let Ok(n) = input.value().parse::<usize>() {
                on_show.emit(n);
            }
        })
    };
    let lanes = story.lanes.iter().map(|lane| {
        let color = session_color(&names, &lane.session);
        html! {
            <div class={classes!("tl-lane", color.clone())} data-session={lane.session.clone()}>
                <span class="tl-name">{ lane.session.clone() }</span>
                <div class="tl-track" style={format!("width:{width}px")}>
                    { for lane.blocks.iter().map(|b| block(b, &lane.session, props)) }
                </div>
            </div>
        }
    });
    html! {
        <div class="panel timeline-panel" id="timeline">
            <h2>{ "Timeline" }</h2>
            if story.moves == 0 {
                { super::muted("Each step appears here as it runs: a lane per session, waits hatched.") }
            } else {
                <div class="tl-scroll">
                    <div class="tl-grid">
                        { for lanes }
                        <div class="tl-cursor" aria-hidden="true"
                            style={format!("left:calc(var(--tl-name) + {}px)", props.cursor * COLUMN)}></div>
                    </div>
                </div>
                <label class="tl-scrub">
                    <span>{ "Move" }</span>
                    <input id="scrubber" type="range" min="0" max={story.moves.to_string()}
                        value={props.cursor.to_string()} oninput={on_scrub}
                        aria-valuetext={format!("after move {} of {}", props.cursor, story.moves)} />
                    <output id="scrub-at">{ format!("{} / {}", props.cursor, story.moves) }</output>
                </label>
                // Static markup as text, as the ring's legend.
                { Html::from_html_unchecked(AttrValue::Static(concat!(
                    r#"<ul class="legend tl-legend"><li><span class="swatch tl-hatch"></span>waiting</li>"#,
                    r#"<li><span class="tl-mark commit">C</span>commit</li>"#,
                    r#"<li><span class="tl-mark rollback">R</span>rollback</li>"#,
                    r#"<li><span class="tl-mark error">✗</span>error</li>"#,
                    r#"<li><span class="tl-mark victim">☠</span>deadlock victim</li></ul>"#,
                ))) }
            }
        </div>
    }
}

fn block(b: &Block, session: &str, props: &TimelineProps) -> Html {
    let last = props.story.moves.saturating_sub(1);
    let end = b.end.unwrap_or(last).max(b.start);
    let span = end - b.start + 1;
    let waited = !b.waited_for.is_empty();
    // The hatched part: every column before the one the wait ended in (all of them while it
    // still waits).
    let hatched = match (waited, b.end) {
        (false, _) => 0,
        (true, Some(_)) => span - 1,
        (true, None) => span,
    };
    let future = b.start >= props.cursor;
    let at = b.start + 1;
    let onclick = {
        let on_show = props.on_show.clone();
        Callback::from(move |_: MouseEvent| on_show.emit(at))
    };
    let waits = if waited {
        format!(", waited for {}", b.waited_for.join(", "))
    } else {
        String::new()
    };
    let label = format!(
        "{session}: {} (move {at}{waits}): {}",
        b.step,
        ending_words(b.ending)
    );
    html! {
        <button type="button" class={classes!("tl-block", b.ending.name(), future.then_some("future"))}
            data-step={b.step.clone()} data-ending={b.ending.name()} data-move={at.to_string()}
            style={format!("left:{}px;width:{}px", b.start * COLUMN, span * COLUMN - 4)}
            title={label.clone()} {onclick}>
            // The visible words stay the accessible name's start; the rest is for screen readers.
            <span class="sr-only">{ format!("{label}: ") }</span>
            if hatched > 0 {
                <span class="tl-wait" style={format!("width:{}px", hatched * COLUMN - if hatched == span { 4 } else { 0 })}>
                    // A wait still open has one column, room for the step's name only; the
                    // block's title and the sentence by the graph name whom it waits for.
                    { if hatched == span { format!("{} …", b.step) } else { format!("waits for {}", b.waited_for.join(", ")) } }
                </span>
            }
            if hatched < span {
                <span class="tl-step">{ b.step.clone() }</span>
                { mark(b.ending) }
            }
        </button>
    }
}

fn mark(e: Ending) -> Html {
    let text = match e {
        Ending::Commit => "C",
        Ending::Rollback => "R",
        Ending::Error | Ending::Invalid => "✗",
        Ending::Victim => "☠",
        Ending::Partway => "◐",
        Ending::Ok | Ending::Waiting => return html! {},
    };
    html! { <span class={classes!("tl-mark", e.name())} aria-hidden="true">{ text }</span> }
}

fn ending_words(e: Ending) -> &'static str {
    match e {
        Ending::Ok => "ok",
        Ending::Partway => "stopped partway",
        Ending::Commit => "committed",
        Ending::Rollback => "rolled back",
        Ending::Error => "error",
        Ending::Victim => "deadlock victim",
        Ending::Invalid => "refused: the session was waiting",
        Ending::Waiting => "still waiting",
    }
}
