//! Connects the [`editor`] to the app state: typing edits the script, the current statement
//! and the line an error points at are marked.

use super::editor::{editor, use_editor, EditorProps, EditorRefs};
use crate::app_handle::AppHandle;
use crate::state::Action;
use queuelab::trace::Outcome;
use yew::prelude::*;

/// The lines of the statement on screen.
fn current(app: &AppHandle) -> Option<(u32, u32)> {
    app.current().map(|s| (s.span.start.line, s.span.end.line))
}

/// The editor's hooks, for `App` to call.
#[hook]
pub fn use_editor_pane(app: &AppHandle) -> EditorRefs {
    use_editor(current(app))
}

/// A plain function of the app's state (its parent renders it whenever that changes).
pub fn editor_pane(app: &AppHandle, refs: &EditorRefs, readonly: bool) -> Html {
    let on_input = {
        let app = app.clone();
        Callback::from(move |text: String| app.dispatch(Action::Edit(text)))
    };
    let step = app.current();
    let current = current(app);
    let caller = app.caller().map(|c| (c.span.start.line, c.span.end.line));
    let error = step.and_then(|s| match &s.outcome {
        Outcome::Error(e) => Some(e),
        Outcome::Ok(_) => None,
    });
    // A script that cannot be split (e.g. an unclosed quote) points at a line even before a run.
    // A spec is no script: reading it as SQL would flag its `#` comments (an apostrophe there
    // opens a string), so only the spec reader's errors count.
    let diagnostic_line = match &app.document.spec {
        Some(sc) => sc.errors.first().map(|d| d.pos.line),
        None => app.outline.diagnostics.first().map(|d| d.pos.line),
    };
    let error_line = error
        .and_then(|e| e.pos)
        .map(|p| p.line)
        .or(diagnostic_line)
        .filter(|l| *l > 0);

    html! {
        <div class="panel editor-pane">
            { editor(refs, EditorProps {
                text: AttrValue::from(app.document.text.clone()),
                on_input,
                current,
                caller,
                failed: error.is_some(),
                error_line,
                readonly,
            }) }
        </div>
    }
}
