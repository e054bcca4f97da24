//! The spec reader: parse and check a spec, then list its first schedules (permutation
//! lines, or the interleavings when it has none).
#![no_main]

use libfuzzer_sys::fuzz_target;
use queuelab_fuzz::{text, MAX_TEXT};

/// Schedules listed per input: a spec with no permutation lines has a great many.
const SCHEDULES: usize = 64;

fuzz_target!(init: queuelab_fuzz::init(), |data: &[u8]| {
    let Some(text) = text(data, MAX_TEXT) else {
        return;
    };
    let _ = queuelab::scenario::spec::looks_like_spec(&text);
    let resolved = queuelab::scenario::resolve(&text);
    let _ = resolved.schedule_count();
    for schedule in resolved.schedules().take(SCHEDULES) {
        let _ = schedule.text(&resolved.spec);
    }
});
