//! The T-SQL batch reader (`GO` batches, procedures, IF/WHILE/BEGIN ... END, cursors) and the
//! compiler of its statement trees, with each SQL statement planned.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queuelab::dialect::catalog::Catalog;
use queuelab_fuzz::{text, tsql, MAX_TEXT};

fuzz_target!(init: queuelab_fuzz::init(), |data: &[u8]| {
    if let Some(text) = text(data, MAX_TEXT) {
        tsql(&text, &mut Catalog::default());
    }
});
