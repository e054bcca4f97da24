//! The run so far as isolationtester reports it: one line per step event, newest last.

use queuelab::sim::snapshot::EventLog as Log;
use queuelab::trace::{Event, EventKind};
use queuelab::trace::{Outcome, Value};
use yew::prelude::*;

pub struct EventLogProps {
    /// Shared with the snapshot: comparing two renders' logs is a pointer compare.
    pub log: Log,
    /// For each event: a step stopped partway (after `(statements n)`), to go on later.
    pub partial: Vec<bool>,
    /// For each event: the statement a move that ran only some of its step's statements
    /// ran last (`line 7: FETCH NEXT ...`).
    pub statements: Vec<Option<String>>,
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn event_log(props: &EventLogProps) -> Html {
    let events = props.log.to_vec();
    html! {
        <div class="panel events">
            <h2>{ "Events" }</h2>
            if events.is_empty() {
                { super::muted("Nothing ran yet: step a session or run a permutation.") }
            } else {
                <ol class="event-log">
                    { for events.iter().enumerate().map(|(i, e)| {
                        let partial = props.partial.get(i).copied().unwrap_or(false);
                        let statement = props.statements.get(i).cloned().flatten();
                        html! {
                        <li data-event={e.kind.as_str()} data-session={e.session.clone()}
                            data-partial={partial.to_string()}>
                            <code class="ev-step">{ e.step.clone() }</code>
                            <span class="ev-session">{ e.session.clone() }</span>
                            <span class={classes!("ev-kind", e.kind.as_str())}>{ label(&e.kind) }</span>
                            if partial {
                                <span class="ev-partial" title="The step stopped after its statements so far; it goes on when stepped again">
                                    { "stopped partway" }
                                </span>
                            }
                            <span class="ev-result">{ summary(e, partial) }</span>
                            if let Some(st) = statement {
                                <code class="ev-statement" title="The statement this move ran last">{ st }</code>
                            }
                        </li>
                        }
                    }) }
                </ol>
            }
        </div>
    }
}

fn label(kind: &EventKind) -> &'static str {
    match kind {
        EventKind::InvalidPermutation => "invalid permutation",
        EventKind::StillWaiting => "still waiting",
        k => k.as_str(),
    }
}

/// A one-line result: the rows returned, the rows affected, the error, or why it stopped;
/// then the notifications its session received by the step's end.
fn summary(e: &Event, partial: bool) -> String {
    let mut text = result(e, partial);
    for n in &e.notifications {
        if !text.is_empty() {
            text.push_str("; ");
        }
        text.push_str(&format!(
            "got NOTIFY {} '{}' from {}",
            n.channel, n.payload, n.from
        ));
    }
    text
}

fn result(e: &Event, partial: bool) -> String {
    match (&e.kind, &e.outcome) {
        (EventKind::Waiting, _) => format!("waits for {}", e.waits_for.join(", ")),
        (EventKind::InvalidPermutation, _) => format!(
            "{} is still waiting, so it cannot run another step; the run stops here",
            e.session
        ),
        (EventKind::StillWaiting, _) => format!("{} was still waiting at the end", e.session),
        (_, Some(Outcome::Error(err))) => format!("ERROR: {}", err.message),
        (_, Some(Outcome::Ok(ok))) => match &ok.columns {
            Some(_) => {
                let n = ok.rows.len();
                let shown: Vec<String> = ok.rows.iter().take(3).map(|r| row(r)).collect();
                let more = if n > 3 { ", …" } else { "" };
                match n {
                    0 => "0 rows".to_string(),
                    1 => format!("1 row: {}", shown.join(", ")),
                    _ => format!("{n} rows: {}{more}", shown.join(", ")),
                }
            }
            // A step stopped partway is labelled so already; a bare "ok" would repeat it.
            None => match (ok.affected, partial) {
                (Some(n), _) => format!("{n} affected"),
                (None, true) => String::new(),
                (None, false) => "ok".to_string(),
            },
        },
        (_, None) => String::new(),
    }
}

fn row(values: &[Value]) -> String {
    let cells: Vec<String> = values
        .iter()
        .map(|v| v.text().unwrap_or_else(|| "NULL".to_string()))
        .collect();
    format!("({})", cells.join(", "))
}
