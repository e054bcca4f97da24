//! The SQL editor: a plain textarea with a line-number gutter and a band behind the lines of
//! the statement on screen. Replaceable as a whole (e.g. by CodeMirror): it only takes the text,
//! the lines to mark and a callback.
//!
//! The gutter and the band layer do not scroll by themselves: on every textarea scroll they are
//! shifted by the same offset (a CSS transform, set directly so no re-render is needed). That
//! only lines up because the textarea does not wrap and every line is `LINE_PX` high.

use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Must match `--line` and the textarea padding in style.css.
const LINE_PX: i32 = 20;
const PAD_PX: i32 = 8;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: AttrValue,
    pub on_input: Callback<String>,
    /// First and last line (1-based) of the statement on screen.
    #[prop_or_default]
    pub current: Option<(u32, u32)>,
    /// First and last line of the statement that made the one on screen run, when that one is
    /// written elsewhere (a T-SQL EXEC whose procedure body is running): banded lightly.
    #[prop_or_default]
    pub caller: Option<(u32, u32)>,
    /// Whether the statement on screen failed (its band turns red).
    #[prop_or_default]
    pub failed: bool,
    /// A line to flag in the gutter (where an error points).
    #[prop_or_default]
    pub error_line: Option<u32>,
    /// Shown, not editable (an embed without `data-editable`).
    #[prop_or_default]
    pub readonly: bool,
}

#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let textarea = use_node_ref();
    let gutter = use_node_ref();
    let bands = use_node_ref();

    let sync = {
        let (textarea, gutter, bands) = (textarea.clone(), gutter.clone(), bands.clone());
        move || {
            let Some(ta) = textarea.cast::<HtmlTextAreaElement>() else {
                return;
            };
            let shift = format!("translateY({}px)", -ta.scroll_top());
            for layer in [&gutter, &bands] {
                if let Some(el) = layer.cast::<HtmlElement>() {
                    let _ = el.style().set_property("transform", &shift);
                }
            }
        }
    };

    // Bring the statement on screen into view when the cursor moves to it.
    {
        let (textarea, sync) = (textarea.clone(), sync.clone());
        use_effect_with(props.current, move |current| {
            if let (Some((start, _)), Some(ta)) = (current, textarea.cast::<HtmlTextAreaElement>())
            {
                let top = PAD_PX + (*start as i32 - 1) * LINE_PX;
                let view = ta.scroll_top()..ta.scroll_top() + ta.client_height() - 2 * LINE_PX;
                if !view.contains(&top) {
                    ta.set_scroll_top((top - 2 * LINE_PX).max(0));
                    sync();
                }
            }
        });
    }

    let oninput = {
        let cb = props.on_input.clone();
        Callback::from(move |e: InputEvent| {
            cb.emit(e.target_unchecked_into::<HtmlTextAreaElement>().value());
        })
    };
    let onscroll = Callback::from(move |_: Event| sync());

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
                <div class="gutter-lines" ref={gutter}>
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
                    <div class="bands-inner" ref={bands}>{ for caller_band }{ for band }</div>
                </div>
                <textarea
                    id="editor"
                    ref={textarea}
                    value={props.text.clone()}
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
