//! The rings after the statement (or move) on screen: one block per ring table, with a size
//! override for a script's, the groups of a grouped ring side by side, and a legend.

use super::ring::{ring, RingProps};
use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::state::view::MAX_RING_SIZE;
use queuelab::trace::RingView;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What the panel draws.
pub struct Props {
    /// The rings to draw: the script's step on screen, or a spec's snapshot.
    pub rings: Vec<RingView>,
    /// A script's ring size can be changed (the script runs again); a spec's cannot.
    pub sizable: bool,
}

/// A plain function of the app's state (its parent renders it whenever that changes).
pub fn rings_panel(app: &AppHandle, props: Props) -> Html {
    let rings = props.rings;

    // Group by table, keeping the engine's order.
    let mut tables: Vec<(String, Vec<RingView>)> = Vec::new();
    for ring in rings {
        match tables.iter_mut().find(|(t, _)| *t == ring.table) {
            Some((_, group)) => group.push(ring),
            None => tables.push((ring.table.clone(), vec![ring])),
        }
    }

    // Groups side by side need the whole width of the column, not half of it.
    let grouped = tables.iter().any(|(_, rings)| rings.len() > 1);

    html! {
        // With no ring the panel holds a short explanation only: it gives the tables its width.
        <div class={classes!("panel", "rings", grouped.then_some("grouped"), tables.is_empty().then_some("empty"))}>
            <h2>{ "Ring" }</h2>
            if tables.is_empty() {
                { super::muted(
                    "A ring appears when an insert computes its slot as … mod N (e.g. \
                     (max(id) + 1) mod 5 into a column with a unique key): each of the N \
                     slots holds one row, and the N+1th insert overwrites the oldest."
                ) }
            } else {
                <div class="ring-tables">
                    { for tables.iter().map(|(table, rings)| ring_table(app, table, rings, props.sizable)) }
                </div>
                { legend() }
            }
        </div>
    }
}

fn ring_table(app: &AppHandle, table: &str, rings: &[RingView], sizable: bool) -> Html {
    let Some(first) = rings.first() else {
        return html! {};
    };
    let overridden = app.view.ring_size_override(table).is_some();
    let onchange = {
        let app = app.clone();
        let table = table.to_string();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Ok(n) = input.value().trim().parse::<i64>() {
                app.send(Command::SetRingSize {
                    table: table.clone(),
                    size: Some(n),
                });
            }
        })
    };
    let restore = {
        let app = app.clone();
        let table = table.to_string();
        Callback::from(move |_: MouseEvent| {
            app.send(Command::SetRingSize {
                table: table.clone(),
                size: None,
            })
        })
    };
    let strays: usize = rings.iter().map(|r| r.strays).sum();

    html! {
        <section class="ring-table" key={table.to_string()}>
            <div class="ring-head">
                <span class="ring-name">
                    <code>{ table.to_string() }</code>
                    { format!(" · slot = {} · order = {}", first.slot_column, first.order_column) }
                </span>
                if sizable {
                    <label class="ring-size-field" title="Draw the ring with another number of slots (re-runs the script)">
                        { "size " }
                        <input type="number" class="ring-size" data-table={table.to_string()}
                            min="1" max={MAX_RING_SIZE.to_string()} value={first.size.to_string()} {onchange} />
                    </label>
                } else {
                    <span class="ring-size-fixed">{ format!(" · {} slots", first.size) }</span>
                }
                if sizable && overridden {
                    <button type="button" class="link" onclick={restore}>{ "use the script's size" }</button>
                }
            </div>
            if strays > 0 {
                <p class="warning">{ format!(
                    "{strays} row(s) have a {} outside 0–{}: the script fills the ring for another size.",
                    first.slot_column, first.size - 1
                ) }</p>
            }
            <div class="ring-groups">
                { for rings.iter().map(|r| ring(&RingProps { ring: r.clone() })) }
            </div>
        </section>
    }
}

/// Static markup as text (yew's code for each element of a static block costs more of the
/// download than its HTML does).
fn legend() -> Html {
    Html::from_html_unchecked(AttrValue::Static(concat!(
        r#"<ul class="legend ring-legend">"#,
        r#"<li><span class="swatch written"></span><span class="key pill-written">written</span>by this statement</li>"#,
        r#"<li><span class="swatch overwritten"></span><span class="key pill-overwritten">overwritten</span>an older row: the ring wrapped around</li>"#,
        r#"<li><span class="key pill-newest">newest</span>highest order value</li>"#,
        r#"<li><span class="key pill-oldest">oldest</span>lowest; the next to go once full</li>"#,
        r#"<li><span class="swatch next"></span>→ next slot an insert writes</li></ul>"#,
    )))
}
