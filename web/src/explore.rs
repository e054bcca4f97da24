//! The explorer off the main thread. The page starts a Web Worker that loads this very app
//! (the same JavaScript glue and WebAssembly, already in the browser's cache) and calls
//! [`queuelab_explore`] in it; the worker posts progress and the report back in the text of
//! `wire.rs`. So the page stays responsive however long the exploration takes, and Cancel
//! ends the worker.

use crate::wire::{decode_message, decode_request, encode_message, encode_request};
use crate::wire::{Message, Request};
use queuelab::explore::{explore, ExploreConfig, Progress};
use queuelab::scenario::expect::parse_expect;
use queuelab::source::Pos;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, DedicatedWorkerGlobalScope, MessageEvent, Url, Worker};

/// Runs in the worker: explores the spec and posts [`Message`]s to the page.
#[wasm_bindgen]
pub fn queuelab_explore(request: &str) {
    post(&run(request));
}

/// Posts a message from the worker to the page.
fn post(m: &Message) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&encode_message(m)));
}

fn run(request: &str) -> Message {
    let failed = |message: String| Message::Failed { message };
    let Some(req) = decode_request(request) else {
        return failed("the page's request is unreadable".into());
    };
    let resolved = queuelab::scenario::resolve(&req.text);
    if let Some(d) = resolved.errors.first() {
        return failed(format!("{}:{}: {}", d.pos.line, d.pos.column, d.message));
    }
    let mut extra_checks = Vec::new();
    for line in &req.extra {
        match parse_expect(line, Pos { line: 0, column: 0 }) {
            Ok(c) => extra_checks.push(c),
            Err(d) => return failed(d.message),
        }
    }
    let config = ExploreConfig {
        granularity: req.granularity,
        extra_checks,
        progress: Some(Box::new(|p: &Progress| {
            post(&Message::Progress(*p));
            true
        })),
        progress_every: 250,
        ..ExploreConfig::default()
    };
    match explore(&resolved.spec, config) {
        Ok(report) => Message::Done(Box::new(report)),
        Err(e) => failed(e),
    }
}

/// A running exploration, seen from the page. Dropping it ends the worker.
pub struct Exploration {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for Exploration {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// Starts a worker on `request`; `on_message` gets what it posts.
pub fn start(
    request: &Request,
    on_message: impl Fn(Message) + 'static,
) -> Result<Exploration, String> {
    let (glue, wasm) = app_urls().ok_or("the app's script is not on the page")?;
    // A JavaScript string literal of printable text reads as Rust's Debug writes one.
    let quoted = |url: &str| queuelab::sql::lexer::debug_quoted(url, '"');
    let (glue, wasm) = (quoted(&glue), quoted(&wasm));
    let source = format!(
        "import init, {{ queuelab_explore }} from {glue};\n\
         self.onmessage = async (e) => {{\n\
           await init({{ module_or_path: {wasm} }});\n\
           queuelab_explore(e.data);\n\
         }};\n"
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(&source));
    let bag = BlobPropertyBag::new();
    bag.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &bag).map_err(js_error)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(js_error)?;
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = Worker::new_with_options(&url, &options).map_err(js_error)?;
    let _ = Url::revoke_object_url(&url);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        on_message(decode_message(&text).unwrap_or_else(|| Message::Failed {
            message: "the explorer's message is unreadable".into(),
        }));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker
        .post_message(&JsValue::from_str(&encode_request(request)))
        .map_err(js_error)?;
    Ok(Exploration {
        worker,
        _on_message: on_message,
    })
}

/// The app's JavaScript glue and WebAssembly, as the page loaded them (index.html preloads both).
fn app_urls() -> Option<(String, String)> {
    let doc = web_sys::window()?.document()?;
    let href = |selector: &str| {
        doc.query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute("href"))
            .and_then(|h| absolute(&h))
    };
    Some((
        href("link[rel=modulepreload][href$='.js']")?,
        href("link[rel=preload][href$='.wasm']")?,
    ))
}

fn absolute(href: &str) -> Option<String> {
    let base = web_sys::window()?.location().href().ok()?;
    Url::new_with_base(href, &base).ok().map(|u| u.href())
}

fn js_error(e: JsValue) -> String {
    e.as_string()
        .or_else(|| js_sys::JSON::stringify(&e).ok().and_then(|s| s.as_string()))
        .unwrap_or_else(|| "the browser refused".into())
}
