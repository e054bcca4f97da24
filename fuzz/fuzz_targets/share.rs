//! Share links (web/src/share, plain Rust the web app and its tests use): reading a fragment,
//! unpacking `z=`, and the round trips pack -> unpack and encode -> read, which must give the
//! text (and the moves) back.
//!
//! With `QUEUELAB_FUZZ_SHARE_SEEDS=DIR` set, it writes links to the bundled examples into DIR
//! and exits, for scripts/fuzz.sh's seed corpus.
#![no_main]

#[allow(dead_code)]
#[path = "../../web/src/share/mod.rs"]
mod share;

// The app's store of fetched example texts, which `share::read` asks for an example's text.
#[allow(dead_code)]
#[path = "../../web/src/example_texts.rs"]
mod example_texts;

use libfuzzer_sys::fuzz_target;
use queuelab::Dialect;
use queuelab_fuzz::{text, MAX_TEXT};
use share::{pack, Moves, Shared};

fuzz_target!(
    init: {
        queuelab_fuzz::init();
        // As if the app had fetched every example, so `#example=` links are read to the end.
        for e in queuelab::examples::EXAMPLES {
            example_texts::accept(e, e.sql).expect("an example's own text has its digest");
        }
        if let Some(dir) = std::env::var_os("QUEUELAB_FUZZ_SHARE_SEEDS") {
            write_seeds(std::path::Path::new(&dir));
            std::process::exit(0);
        }
    },
    |data: &[u8]| {
        let Some(text) = text(data, MAX_TEXT) else {
            return;
        };
        let _ = share::read(&text);
        let _ = pack::unpack(&text);

        let packed = pack::pack(&text);
        assert_eq!(pack::unpack(&packed).as_deref(), Ok(text.as_str()), "pack -> unpack");

        let dialect = Dialect::ALL[data.first().map_or(0, |b| usize::from(*b) % 3)];
        let moves = Moves {
            schedule: text.clone(),
            at: data.len(),
        };
        let link = share::encode(dialect, &text, Some(&moves));
        let expected = Shared {
            dialect,
            sql: text,
            moves: Some(moves),
        };
        assert_eq!(share::read(&link), Ok(Some(expected)), "encode -> read of {link:?}");
    }
);

fn write_seeds(dir: &std::path::Path) {
    std::fs::create_dir_all(dir).expect("seed dir");
    for e in queuelab::examples::EXAMPLES {
        let dialect = queuelab::dialect_for(e.sql, None);
        let seeds = [
            ("link", share::encode(dialect, e.sql, None)),
            ("z", pack::pack(e.sql)),
            ("example", format!("#example={}", e.id)),
        ];
        for (kind, seed) in seeds {
            std::fs::write(dir.join(format!("{kind}-{}", e.id)), seed).expect("seed file");
        }
    }
}
