//! Who waits for whom, as an SVG graph: sessions as nodes on a circle, an arrow from each
//! waiter to the session it waits for, labelled with the lock it wants in the vendor's words.
//! A deadlock the move on screen ran into is drawn in red with its victim marked. Beside the
//! graph, one sentence per edge says the same in words.

use super::table::session_color;
use crate::state::story::WaitStory;
use yew::prelude::*;

const WIDTH: f64 = 340.0;
const HEIGHT: f64 = 220.0;
/// Two sessions sit side by side: a lower picture is enough.
const HEIGHT_TWO: f64 = 150.0;
const NODE: f64 = 24.0;

pub struct WaitGraphProps {
    pub sessions: Vec<String>,
    pub edges: Vec<WaitStory>,
    /// The deadlock victim of the move on screen.
    pub victim: Option<String>,
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn wait_graph(props: &WaitGraphProps) -> Html {
    let n = props.sessions.len();
    let at = positions(n);
    let height = if n <= 2 { HEIGHT_TWO } else { HEIGHT };
    let place = |name: &str| {
        props
            .sessions
            .iter()
            .position(|s| s == name)
            .and_then(|i| at.get(i).copied())
    };
    let edges = props.edges.iter().filter_map(|e| {
        let (a, b) = (place(&e.waiter)?, place(&e.holder)?);
        // Two sessions waiting for each other: bend both arrows so they do not overlap.
        let both = props
            .edges
            .iter()
            .any(|o| o.waiter == e.holder && o.holder == e.waiter);
        Some(edge(e, a, b, if both { 40.0 } else { 0.0 }))
    });
    let nodes = props.sessions.iter().zip(&at).map(|(name, &(x, y))| {
        let victim = props.victim.as_deref() == Some(name.as_str());
        let waits = props.edges.iter().any(|e| &e.waiter == name && !e.deadlock);
        html! {
            <g class={classes!("wg-node", session_color(&props.sessions, name), victim.then_some("victim"), waits.then_some("waits"))}
                data-session={name.clone()}>
                <circle cx={fmt(x)} cy={fmt(y)} r={fmt(NODE)} />
                <text x={fmt(x)} y={fmt(y + 5.0)} text-anchor="middle">{ name.clone() }</text>
                if victim {
                    <text class="wg-victim" x={fmt(x)} y={fmt(y + NODE + 16.0)} text-anchor="middle">{ "victim" }</text>
                }
            </g>
        }
    });
    let summary = if props.edges.is_empty() {
        "Nobody waits.".to_string()
    } else {
        props
            .edges
            .iter()
            .map(|e| e.sentence.clone())
            .collect::<Vec<_>>()
            .join(" ")
    };
    html! {
        <div class="panel waits-panel" id="wait-graph">
            <h2>{ "Who waits for whom" }</h2>
            <svg class="wg" viewBox={format!("0 0 {} {}", WIDTH as i64, height as i64)} role="img" aria-label={summary}>
                // Static markup as text (parsed in the SVG's namespace), as the legends.
                { Html::from_html_unchecked(AttrValue::Static(concat!(
                    r#"<defs><marker id="wg-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">"#,
                    r#"<path d="M0,0 L10,5 L0,10 z" class="wg-head"/></marker>"#,
                    r#"<marker id="wg-arrow-red" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">"#,
                    r#"<path d="M0,0 L10,5 L0,10 z" class="wg-head deadlock"/></marker></defs>"#,
                ))) }
                { for edges }
                { for nodes }
            </svg>
            if props.edges.is_empty() {
                <p class="muted wg-none">{ "Nobody waits." }</p>
            } else {
                <ul class="wait-sentences">
                    { for props.edges.iter().map(|e| html! {
                        <li class={classes!(e.deadlock.then_some("deadlock"))} data-waiter={e.waiter.clone()}>
                            { e.sentence.clone() }
                        </li>
                    }) }
                </ul>
            }
            if let Some(v) = &props.victim {
                <p class="wg-deadlock" role="status">
                    { format!("Deadlock: the cycle in red could never end by itself, so the server failed {v}'s statement and rolled its transaction back.") }
                </p>
            }
        </div>
    }
}

/// Node centres: one in the middle, two side by side, more on a circle.
fn positions(n: usize) -> Vec<(f64, f64)> {
    let (cx, cy) = (WIDTH / 2.0, HEIGHT / 2.0 - 6.0);
    match n {
        0 => Vec::new(),
        1 => vec![(cx, HEIGHT_TWO / 2.0)],
        2 => vec![(50.0, HEIGHT_TWO / 2.0), (WIDTH - 50.0, HEIGHT_TWO / 2.0)],
        _ => (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
                // The browser's cosine and sine, as in `ring.rs`.
                (
                    cx + 120.0 * js_sys::Math::cos(a),
                    cy + 75.0 * js_sys::Math::sin(a),
                )
            })
            .collect(),
    }
}

/// An arrow from the waiter's node to the holder's, bent by `bend` pixels to its left, with
/// the lock it wants written at its middle.
fn edge(e: &WaitStory, (x1, y1): (f64, f64), (x2, y2): (f64, f64), bend: f64) -> Html {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // Start and end on the circles' rims, not at their centres.
    let (sx, sy) = (x1 + ux * NODE, y1 + uy * NODE);
    let (ex, ey) = (x2 - ux * (NODE + 2.0), y2 - uy * (NODE + 2.0));
    let (nx, ny) = (uy, -ux); // the left-hand normal
    let (mx, my) = ((sx + ex) / 2.0 + nx * bend, (sy + ey) / 2.0 + ny * bend);
    let d = format!(
        "M{} {} Q{} {} {} {}",
        fmt(sx),
        fmt(sy),
        fmt(mx),
        fmt(my),
        fmt(ex),
        fmt(ey)
    );
    let marker = if e.deadlock {
        "url(#wg-arrow-red)"
    } else {
        "url(#wg-arrow)"
    };
    // The label sits by the curve's middle (half way to the control point), on its outer
    // side, so two bent arrows keep their labels apart.
    let side = if bend == 0.0 { -1.0 } else { 1.0 };
    let out = if ny * side < 0.0 { -6.0 } else { 14.0 };
    let (lx, ly) = ((sx + ex) / 4.0 + mx / 2.0, (sy + ey) / 4.0 + my / 2.0 + out);
    // A long lock (a MariaDB insert into a gap names the row and the index) stays inside
    // the picture: moved in from an edge, and squeezed to its width where wider (about 6
    // px a character at the label's 11 px). (`f64::clamp`'s panic message would format
    // floats, 8 KB of the download.)
    let wide = e.wanted.len() as f64 * 6.0;
    let half = wide.min(WIDTH) / 2.0;
    let lx = lx.max(half).min(WIDTH - half);
    let squeeze = (wide > WIDTH).then_some("100%");
    html! {
        <g class={classes!("wg-edge", e.deadlock.then_some("deadlock"))}
            data-waiter={e.waiter.clone()} data-holder={e.holder.clone()}>
            <path d={d} marker-end={marker} />
            <text class="wg-label" x={fmt(lx)} y={fmt(ly)} text-anchor="middle"
                textLength={squeeze} lengthAdjust="spacingAndGlyphs">{ e.wanted.clone() }</text>
        </g>
    }
}

fn fmt(v: f64) -> String {
    queuelab::decimal::fixed(v, 1)
}
