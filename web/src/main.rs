//! Queue Lab's web UI: a yew single-page app over the `queuelab` engine.
//!
//! `state` (the reducer), `driver` (the engine behind the buttons), `share` (link
//! encoding) and `wire` (the explorer worker's messages) are plain Rust, compiled and
//! unit-tested on the host too; `components` and
//! `hooks` need a browser and exist on wasm32 only.

// On the host only `state`, `driver` and `share` are compiled, for their tests; nothing calls
// them there.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

#[cfg(target_arch = "wasm32")]
mod app_handle;
#[cfg(target_arch = "wasm32")]
mod clipboard;
mod driver;
mod embed;
mod example_texts;
#[cfg(target_arch = "wasm32")]
mod explore;
mod share;
mod state;
#[cfg(test)]
mod tests;
mod wire;

#[cfg(target_arch = "wasm32")]
mod components;
#[cfg(target_arch = "wasm32")]
mod hooks;

#[cfg(target_arch = "wasm32")]
mod heap;

#[cfg(target_arch = "wasm32")]
fn main() {
    // In the explorer's Web Worker there is no window: the worker only calls
    // `explore::queuelab_explore`.
    let Some(window) = web_sys::window() else {
        return;
    };
    // A link to a bundled example: its text first, so that the app opens on it (a failed
    // fetch is the link's error, shown when the app reads it).
    let named = window
        .location()
        .hash()
        .ok()
        .and_then(|f| share::example(&f));
    match named {
        Some(e) => wasm_bindgen_futures::spawn_local(async move {
            let _ = example_texts::fetch(e).await;
            mount(&window);
        }),
        None => mount(&window),
    }
}

#[cfg(target_arch = "wasm32")]
fn mount(window: &web_sys::Window) {
    // index.html holds a "Loading" placeholder inside #app; replace it with the app.
    let root = window.document().and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<components::app::App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<components::app::App>::new().render();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
