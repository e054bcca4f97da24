//! One ring (or one group of a grouped ring) as a circle of slots, slot 0 at the top, going
//! clockwise like the `modulo` values. Each slot shows its index, its row's label and order
//! value. Role pills sit above a slot (newest / oldest), what this statement did below it
//! (written / overwritten); the slot the next insert writes has a dashed ring and an arrow from
//! the centre. Everything is drawn around the slot's centre at a base size and scaled down as
//! the ring grows, so big rings stay readable without overlapping.

use queuelab::trace::{RingSlot, RingView};
use std::f64::consts::PI;
use yew::prelude::*;

/// The SVG's coordinate space, centred on the ring.
const SIZE: f64 = 330.0;
const C: f64 = SIZE / 2.0;
/// Radius of the circle the slot centres sit on.
const R: f64 = 100.0;
/// Slot radius at scale 1 (rings of up to 7 slots).
const NODE: f64 = 33.0;

pub struct RingProps {
    pub ring: RingView,
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn ring(props: &RingProps) -> Html {
    let ring = &props.ring;
    let n = ring.size.max(1);
    // Shrink the slots once neighbours would touch.
    let scale = (0.82 * PI * R / n as f64 / NODE).min(1.0);
    let slots = ring
        .slots
        .iter()
        .filter(|s| (0..n).contains(&s.index))
        .map(|s| slot(ring, s, n, scale));

    html! {
        <figure class="ring" data-table={ring.table.clone()} data-group={ring.group.clone()}>
            // A plain ring is already named by the panel's heading; groups need their condition.
            if !ring.group.is_empty() {
                <figcaption>{ ring.group.clone() }</figcaption>
            }
            <svg viewBox={format!("0 0 {0} {0}", SIZE as i64)} role="img"
                aria-label={format!("ring of {n} slots on table {}", ring.table)}>
                <circle class="track" cx={fmt(C)} cy={fmt(C)} r={fmt(R)} />
                <text class="center" x={fmt(C)} y={fmt(C - 3.0)}>{ format!("{n} slots") }</text>
                <text class="center sub" x={fmt(C)} y={fmt(C + 12.0)}>
                    { format!("{} mod {n}", ring.order_column) }
                </text>
                { next_arrow(ring.next, n, scale) }
                <g class="slots">{ for slots }</g>
            </svg>
        </figure>
    }
}

/// Angle of slot `i`: 0 at twelve o'clock, clockwise.
fn angle(i: i64, n: i64) -> f64 {
    -PI / 2.0 + 2.0 * PI * i as f64 / n as f64
}

/// The browser's own cosine and sine: Rust's would add their argument reduction (about 3 KB
/// gzip) to the download.
fn at(radius: f64, a: f64) -> (f64, f64) {
    (
        C + radius * js_sys::Math::cos(a),
        C + radius * js_sys::Math::sin(a),
    )
}

fn slot(ring: &RingView, s: &RingSlot, n: i64, scale: f64) -> Html {
    let (x, y) = at(R, angle(s.index, n));
    let newest = ring.newest == Some(s.index);
    let oldest = ring.oldest == Some(s.index);
    let next = ring.next == s.index;
    let filled = s.order.is_some() || s.label.is_some();

    let roles: Vec<&str> = [(newest, "newest"), (oldest, "oldest")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect();
    let role_class = if newest { "pill-newest" } else { "pill-oldest" };
    let done = match (s.overwritten, s.written, next) {
        (true, _, _) => Some(("overwritten", "pill-overwritten")),
        (false, true, _) => Some(("written", "pill-written")),
        (false, false, true) => Some(("next", "pill-next")),
        _ => None,
    };

    let label = s.label.clone().unwrap_or_default();
    let order = s.order.map(|o| o.to_string()).unwrap_or_default();
    let class = classes!(
        "slot",
        if filled { "filled" } else { "empty" },
        s.written.then_some("written"),
        s.overwritten.then_some("overwritten"),
        newest.then_some("newest"),
        oldest.then_some("oldest"),
        next.then_some("next"),
    );
    let flag = |on: bool| on.then_some("true");
    let mut all_tags = roles.clone();
    all_tags.extend(done.map(|(t, _)| t));
    let tip = tooltip(ring, s, &all_tags);

    html! {
        <g {class} data-slot={s.index.to_string()} data-label={label.clone()} data-order={order.clone()}
            data-empty={flag(!filled)} data-newest={flag(newest)} data-oldest={flag(oldest)}
            data-next={flag(next)} data-overwritten={flag(s.overwritten)} data-written={flag(s.written)}
            transform={format!("translate({} {}) scale({})", fmt(x), fmt(y), queuelab::decimal::fixed(scale, 3))}>
            <title>{ tip }</title>
            if next {
                <circle class="next-ring" r={fmt(NODE + 5.0)} />
            }
            <circle class="node" r={fmt(NODE)} />
            <text class="index" y="-15">{ format!("#{}", s.index) }</text>
            if filled {
                <text class="label" y="2">{ short(&label, 9) }</text>
                <text class="order" y="16">{ format!("{} {}", ring.order_column, order) }</text>
            } else {
                <text class="order" y="6">{ "empty" }</text>
            }
            if !roles.is_empty() {
                { pill(&queuelab::join::join(&roles, " · "), role_class, -(NODE + 12.0)) }
            }
            if let Some((text, class)) = done {
                { pill(text, class, NODE + 12.0) }
            }
        </g>
    }
}

/// A rounded label centred at (0, `y`) in the slot's coordinates.
fn pill(text: &str, class: &str, y: f64) -> Html {
    // About 6.3 units per character of the pill's bold 10.5px text.
    let w = text.chars().count() as f64 * 6.3 + 12.0;
    html! {
        <g class={classes!("pill", class.to_string())}>
            <rect x={fmt(-w / 2.0)} y={fmt(y - 8.0)} width={fmt(w)} height="16" rx="8" />
            <text y={fmt(y + 3.8)}>{ text.to_string() }</text>
        </g>
    }
}

/// A short arrow from inside the ring towards the slot the next insert writes.
fn next_arrow(next: i64, n: i64, scale: f64) -> Html {
    let a = angle(next, n);
    let tip = R - (NODE + 7.0) * scale;
    let (x1, y1) = at(tip - 20.0, a);
    let (x2, y2) = at(tip, a);
    let (hx1, hy1) = at(tip - 8.0, a + 0.07);
    let (hx2, hy2) = at(tip - 8.0, a - 0.07);
    let points = format!(
        "{},{} {},{} {},{}",
        fmt(x2),
        fmt(y2),
        fmt(hx1),
        fmt(hy1),
        fmt(hx2),
        fmt(hy2)
    );
    html! {
        <g class="next-arrow" aria-hidden="true">
            <line x1={fmt(x1)} y1={fmt(y1)} x2={fmt(x2)} y2={fmt(y2)} />
            <polygon {points} />
        </g>
    }
}

fn tooltip(ring: &RingView, s: &RingSlot, tags: &[&str]) -> String {
    let mut t = format!("slot {}", s.index);
    match (&s.label, s.order) {
        (Some(l), Some(o)) => t.push_str(&format!(": {l} ({} {o})", ring.order_column)),
        (Some(l), None) => t.push_str(&format!(": {l}")),
        (None, Some(o)) => t.push_str(&format!(": {} {o}", ring.order_column)),
        (None, None) => t.push_str(": empty"),
    }
    if !tags.is_empty() {
        t.push_str(&format!(" — {}", queuelab::join::join(tags, ", ")));
    }
    t
}

/// What fits in a slot: the label's first word if the whole is too long, then cut with `…`.
fn short(label: &str, max: usize) -> String {
    let fits = |s: &str| s.chars().count() <= max;
    if fits(label) {
        return label.to_string();
    }
    let first = label.split_whitespace().next().unwrap_or(label);
    let mut out: String = first.chars().take(max - 1).collect();
    out.push('…');
    out
}

fn fmt(v: f64) -> String {
    queuelab::decimal::fixed(v, 1)
}
