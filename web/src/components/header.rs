//! Title, examples menu, dialect choice and the Share button.

use crate::app_handle::AppHandle;
use crate::clipboard::copy;
use crate::hooks::use_persistence::set_fragment;
use crate::hooks::use_select_value::use_select_value;
use crate::hooks::use_value::{use_value, State};
use crate::share;
use crate::state::Action;
use queuelab::examples::{self, Example, EXAMPLES};
use queuelab::Dialect;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The menu value of the user's own script `i` is `mine:i`; example ids have no colon.
const MINE: &str = "mine:";

/// The header's own state, kept by the page's hooks: the header is a plain function (each
/// component costs about 1.6 KB of the download).
pub struct HeaderState {
    /// (number of shares, message): the count restarts the confirmation's fade-out.
    shared: State<(u32, &'static str)>,
    /// The link itself, shown when it could not be copied: inside an iframe the address bar
    /// is the page's, and the clipboard is often blocked there.
    visible_link: State<Option<String>>,
    example_ref: NodeRef,
    dialect_ref: NodeRef,
}

#[hook]
pub fn use_header(app: &AppHandle) -> HeaderState {
    let shared = use_value(|| (0u32, ""));
    let visible_link = use_value(|| None::<String>);
    let example_ref = use_node_ref();
    let example_id = match (app.mine.current, app.example()) {
        (Some(i), _) => format!("{MINE}{i}"),
        (None, Some(e)) => e.id.to_string(),
        (None, None) => String::new(),
    };
    use_select_value(example_ref.clone(), example_id);
    let dialect_ref = use_node_ref();
    use_select_value(dialect_ref.clone(), app.document.dialect.name().to_string());
    HeaderState {
        shared,
        visible_link,
        example_ref,
        dialect_ref,
    }
}

pub fn header(app: &AppHandle, state: &HeaderState) -> Html {
    let HeaderState {
        shared,
        visible_link,
        example_ref,
        dialect_ref,
    } = state;

    let on_example = {
        let app = app.clone();
        Callback::from(move |e: Event| {
            let id = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(i) = id.strip_prefix(MINE).and_then(|i| i.parse().ok()) {
                app.dispatch(Action::OpenMine(i));
            } else if let Some(ex) = examples::by_id(&id) {
                let app = app.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    match crate::example_texts::fetch(ex).await {
                        Ok(text) => app.dispatch(Action::Load {
                            dialect: queuelab::dialect_for(&text, None),
                            text: text.to_string(),
                        }),
                        Err(why) => app.dispatch(Action::Notice(Some(why))),
                    }
                });
            }
        })
    };
    let on_dialect = {
        let app = app.clone();
        Callback::from(move |e: Event| {
            let name = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(d) = Dialect::from_name(&name) {
                app.dispatch(Action::SetDialect(d));
            }
        })
    };
    let on_share = {
        let app = app.clone();
        let shared = shared.clone();
        let visible_link = visible_link.clone();
        Callback::from(move |_: MouseEvent| {
            // A spec's moves go too: a replayed counterexample opens where it fails.
            let moves = app.shared_moves();
            let url = set_fragment(Some(&share::encode(
                app.document.dialect,
                &app.document.text,
                moves.as_ref(),
            )));
            let n = shared.0 + 1;
            let Some(url) = url else {
                shared.set((n, "Could not set the link"));
                return;
            };
            shared.set((n, "Link in the address bar"));
            let (shared, visible_link) = (shared.clone(), visible_link.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if copy(&url).await {
                    shared.set((n, "Link copied"));
                    visible_link.set(None);
                } else {
                    shared.set((n, "Copy the link:"));
                    visible_link.set(Some(url));
                }
            });
        })
    };

    html! {
        <header class="top">
            { Html::from_html_unchecked(AttrValue::Static(
                r#"<h1>Queue Lab</h1><span class="tagline">queues on tables, one statement at a time</span>"#,
            )) }
            <label class="field">
                <span>{ "Example" }</span>
                <select id="examples" ref={example_ref.clone()} onchange={on_example}>
                    // Shown only for what is neither an example nor the user's: a link.
                    <option value="" disabled=true>{ "A shared script" }</option>
                    if !app.mine.scripts.is_empty() {
                        <optgroup label="Your scripts">
                            { for app.mine.scripts.iter().enumerate().map(|(i, own)| html! {
                                <option value={format!("{MINE}{i}")}>{ format!("Yours: {}", own.label()) }</option>
                            }) }
                        </optgroup>
                    }
                    { for groups().into_iter().map(|(label, items)| html! {
                        <optgroup {label}>{ for items.into_iter().map(example_option) }</optgroup>
                    }) }
                </select>
            </label>
            <label class="field">
                <span>{ "Dialect" }</span>
                <select id="dialect" ref={dialect_ref.clone()} onchange={on_dialect}>
                    { for Dialect::ALL.iter().map(|d| html! {
                        <option value={d.name()}>{ d.label() }</option>
                    }) }
                </select>
            </label>
            <button id="share" type="button" onclick={on_share}
                title="Put the script in the address bar and copy the link">
                { "Share" }
            </button>
            // Always present (a child that comes and goes would shift yew's diff of this list);
            // the class alternates per share so the fade-out animation starts over.
            <span class={classes!("share-note", if shared.0 % 2 == 1 { "odd" } else { "even" })}
                role="status">{ shared.1 }</span>
            if let Some(url) = &**visible_link {
                <input id="share-link" class="share-link" type="text" readonly=true value={url.clone()}
                    aria-label="The share link, to copy" onfocus={Callback::from(|e: FocusEvent| {
                        e.target_unchecked_into::<web_sys::HtmlInputElement>().select();
                    })} />
            }
        </header>
    }
}

fn is_spec(e: &Example) -> bool {
    e.is_spec()
}

/// The examples by kind (one session, several) and by dialect, in the bundle's order.
fn groups() -> Vec<(String, Vec<&'static Example>)> {
    let mut out: Vec<(String, Vec<&'static Example>)> = Vec::new();
    for spec in [false, true] {
        for d in Dialect::ALL {
            let items: Vec<&'static Example> = EXAMPLES
                .iter()
                .filter(|e| is_spec(e) == spec && Dialect::from_name(e.dialect) == Some(d))
                .collect();
            if !items.is_empty() {
                let kind = if spec {
                    "several sessions"
                } else {
                    "one session"
                };
                out.push((format!("{} · {kind}", d.label()), items));
            }
        }
    }
    out
}

/// The title alone: the group says the kind and dialect, the About panel the source.
fn example_option(e: &Example) -> Html {
    html! { <option value={e.id} title={e.source}>{ e.title }</option> }
}
