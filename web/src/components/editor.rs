//! The SQL editor: a plain textarea with a line-number gutter and a band behind the lines of
//! the statement on screen. Replaceable as a whole (e.g. by CodeMirror): it only takes the text,
//! the lines to mark and a callback.
//!
//! The gutter and the band layer do not scroll by themselves: on every textarea scroll they are
//! shifted by the same offset (a CSS transform, set directly so no re-render is needed). That
//! only lines up because the textarea does not wrap and every line is `LINE_PX` high.

use crate::hooks::use_effect_when::use_effect_when;
use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Must match `--line` and the textarea padding in style.css.
const LINE_PX: i32 = 20;
const PAD_PX: i32 = 8;

/// What the editor draws: the text and the lines to mark.
pub struct EditorProps {
    pub text: AttrValue,
    pub on_input: Callback<String>,
    /// First and last line (1-based) of the statement on screen.
    pub current: Option<(u32, u32)>,
    /// First and last line of the statement that made the one on screen run, when that one is
    /// written elsewhere (a T-SQL EXEC whose procedure body is running): banded lightly.
    pub caller: Option<(u32, u32)>,
    /// Whether the statement on screen failed (its band turns red).
    pub failed: bool,
    /// A line to flag in the gutter (where an error points).
    pub error_line: Option<u32>,
    /// Shown, not editable (an embed without `data-editable`).
    pub readonly: bool,
}

/// The editor's elements, kept between renders by [`use_editor`].
pub struct EditorRefs {
    textarea: NodeRef,
    gutter: NodeRef,
    bands: NodeRef,
}

impl EditorRefs {
    /// Shifts the gutter and the bands by the textarea's scroll.
    fn sync(&self) {
        sync(&self.textarea, &self.gutter, &self.bands)
    }
}

fn sync(textarea: &NodeRef, gutter: &NodeRef, bands: &NodeRef) {
    let Some(ta) = textarea.cast::<HtmlTextAreaElement>() else {
        return;
    };
    let shift = format!("translateY({}px)", -ta.scroll_top());
    for layer in [gutter, bands] {
        if let Some(el) = layer.cast::<HtmlElement>() {
            let _ = el.style().set_property("transform", &shift);
        }
    }
}

/// The editor's hooks (called by `App` on every render, the editor shown or not): brings the
/// statement on screen (`current`) into view when the cursor moves to it.
#[hook]
pub fn use_editor(current: Option<(u32, u32)>) -> EditorRefs {
    let refs = EditorRefs {
        textarea: use_node_ref(),
        gutter: use_node_ref(),
        bands: use_node_ref(),
    };
    let (textarea, gutter, bands) = (
        refs.textarea.clone(),
        refs.gutter.clone(),
        refs.bands.clone(),
    );
    use_effect_when(current, move |current| {
        if let (Some((start, _)), Some(ta)) = (current, textarea.cast::<HtmlTextAreaElement>()) {
            let top = PAD_PX + (*start as i32 - 1) * LINE_PX;
            let view = ta.scroll_top()..ta.scroll_top() + ta.client_height() - 2 * LINE_PX;
            if !view.contains(&top) {
                ta.set_scroll_top((top - 2 * LINE_PX).max(0));
                sync(&textarea, &gutter, &bands);
            }
        }
    });
    refs
}

/// The editor: a plain function rather than a component, for the download (see
/// `components/mod.rs`); its hooks are [`use_editor`]'s.
pub fn editor(refs: &EditorRefs, props: EditorProps) -> Html {
    let oninput = {
        let cb = props.on_input.clone();
        Callback::from(move |e: InputEvent| {
            cb.emit(e.target_unchecked_into::<HtmlTextAreaElement>().value());
        })
    };
    let onscroll = {
        let refs = EditorRefs {
            textarea: refs.textarea.clone(),
            gutter: refs.gutter.clone(),
            bands: refs.bands.clone(),
        };
        Callback::from(move |_: Event| refs.sync())
    };

    let lines = props.text.split('\n').count() as u32;
    let in_current = |l: u32| props.current.is_some_and(|(a, b)| (a..=b).contains(&l));
    let in_caller = |l: u32| props.caller.is_some_and(|(a, b)| (a..=b).contains(&l));
    // The caller's band first, so the current statement's is drawn over it where they overlap
    // (a statement inside a WHILE block).
    let caller_band = props
        .caller
        .map(|(a, b)| band(a, b, classes!("band", "caller")));
    let band = props
        .current
        .map(|(a, b)| band(a, b, classes!("band", props.failed.then_some("failed"))));

    html! {
        <div class="editor">
            <div class="gutter" aria-hidden="true">
                <div class="gutter-lines" ref={refs.gutter.clone()}>
                    { for (1..=lines).map(|l| html! {
                        <div class={classes!(
                            "ln",
                            in_current(l).then_some("current"),
                            (in_caller(l) && !in_current(l)).then_some("caller"),
                            (props.error_line == Some(l)).then_some("error"),
                        )}>{ l }</div>
                    }) }
                </div>
            </div>
            <div class="code">
                <div class="bands" aria-hidden="true">
                    <div class="bands-inner" ref={refs.bands.clone()}>{ for caller_band }{ for band }</div>
                </div>
                <textarea
                    id="editor"
                    ref={refs.textarea.clone()}
                    value={props.text}
                    {oninput}
                    {onscroll}
                    readonly={props.readonly}
                    wrap="off"
                    spellcheck="false"
                    autocomplete="off"
                    autocapitalize="off"
                    aria-label="SQL script"
                    placeholder="Paste SQL from an article, e.g. CREATE TABLE q (...); INSERT ... ON DUPLICATE KEY UPDATE ...;"
                />
            </div>
        </div>
    }
}

/// A band behind lines `a..=b`.
fn band(a: u32, b: u32, class: Classes) -> Html {
    let style = format!(
        "top:{}px;height:{}px",
        PAD_PX + (a as i32 - 1) * LINE_PX,
        (b.saturating_sub(a) as i32 + 1) * LINE_PX
    );
    html! { <div {class} {style}></div> }
}
