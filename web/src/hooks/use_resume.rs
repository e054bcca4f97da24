//! A script's position kept over an edit or a reload (`ScriptRun::resume`) is shown again
//! once the typing pauses: the script runs up to that statement.

use crate::app_handle::AppHandle;
use crate::driver::Command;
use crate::hooks::use_effect_when::use_effect_when;
use gloo::timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

/// Long enough that a run does not start between two keystrokes.
const PAUSE_MS: u32 = 400;

#[hook]
pub fn use_resume(app: &AppHandle) {
    let pending = app.script().and_then(|r| r.resume);
    // A new text gives a new outline: each keystroke starts the pause over.
    let text_id = Rc::as_ptr(&app.outline) as usize;
    let app = app.clone();
    use_effect_when((pending, text_id), move |(pending, _)| {
        let timer = pending.map(|k| Timeout::new(PAUSE_MS, move || app.send(Command::Jump(k))));
        move || drop(timer)
    });
}
