//! Queue Lab's lexer and parser against sqlparser's on the same text (the first byte picks
//! the flavour): see `queuelab_fuzz::parser::agree`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queuelab_fuzz::{parser, text, MAX_TEXT};

fuzz_target!(init: queuelab_fuzz::init(), |data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    if let Some(text) = text(rest, MAX_TEXT) {
        let (flavor, dialect) = parser::flavor_of(first);
        parser::agree(flavor, dialect.as_ref(), &text);
    }
});
