//! The Postgres front-end: outline, parse and plan a script (no SQLite); and the decimal
//! reader its timeouts and intervals use, and its reader of integer text, against the
//! standard library's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queuelab::Dialect;
use queuelab_fuzz::{decimal, front_end, integer_text, text, MAX_TEXT};

fuzz_target!(init: queuelab_fuzz::init(), |data: &[u8]| {
    if let Some(text) = text(data, MAX_TEXT) {
        front_end(Dialect::Postgres, &text);
        decimal(&text);
        integer_text(&text);
    }
});
