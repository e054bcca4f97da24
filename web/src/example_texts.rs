//! The bundled examples' texts in the browser. Only the default example's is in the download;
//! every other one is fetched from `examples/<digest>-<file>` (build-app copies
//! `sql-examples/` there) when it is picked or a link names it, checked against the digest the
//! example carries, and kept for the rest of the visit.

use queuelab::examples::{self, Example};
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    static FETCHED: RefCell<Vec<(&'static str, Rc<str>)>> = const { RefCell::new(Vec::new()) };
}

/// The text of `e`, if the app has it without fetching.
pub fn known(e: &Example) -> Option<Rc<str>> {
    if e.id == examples::DEFAULT_EXAMPLE {
        return Some(Rc::from(examples::DEFAULT_TEXT));
    }
    FETCHED.with(|f| {
        f.borrow()
            .iter()
            .find(|(id, _)| *id == e.id)
            .map(|(_, t)| t.clone())
    })
}

/// Keeps `text` as `e`'s if its digest is the example's: a text from another build of the app
/// (a stale cache, a half-deployed site) is refused rather than shown as the example.
pub fn accept(e: &'static Example, text: &str) -> Result<Rc<str>, String> {
    if examples::digest(text) != e.digest {
        return Err(format!(
            "The example {} arrived, but not as this version of Queue Lab has it (the site may be half updated): reload the page.",
            e.id
        ));
    }
    let text: Rc<str> = Rc::from(text);
    FETCHED.with(|f| f.borrow_mut().push((e.id, text.clone())));
    Ok(text)
}

/// The text of `e`, fetched if the app does not have it yet.
#[cfg(target_arch = "wasm32")]
pub async fn fetch(e: &'static Example) -> Result<Rc<str>, String> {
    if let Some(text) = known(e) {
        return Ok(text);
    }
    // Named by digest (build-app), so a cached copy is never another version's.
    let url = format!("examples/{:016x}-{}", e.digest, e.file());
    match get(&url).await {
        Ok(text) => accept(e, &text),
        Err(why) => Err(format!(
            "The example {} could not be fetched ({why}): check the connection and pick it again.",
            e.id
        )),
    }
}

/// The body of `url` as text; what went wrong, in a few words.
#[cfg(target_arch = "wasm32")]
async fn get(url: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let network = || "network error".to_string();
    let window = web_sys::window().ok_or_else(network)?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .ok()
        .and_then(|r| r.dyn_into::<web_sys::Response>().ok())
        .ok_or_else(network)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let body = response.text().map_err(|_| network())?;
    JsFuture::from(body)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(network)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_kept_only_when_it_is_the_example() {
        let e = examples::by_id("pg-skip-locked").expect("example");
        assert_eq!(known(e), None);
        assert!(accept(e, &format!("{}\n", e.sql)).is_err());
        assert_eq!(known(e), None);
        assert_eq!(accept(e, e.sql).as_deref(), Ok(e.sql));
        assert_eq!(known(e).as_deref(), Some(e.sql));
        let first = examples::by_id(examples::DEFAULT_EXAMPLE).expect("default");
        assert_eq!(known(first).as_deref(), Some(first.sql));
    }
}
