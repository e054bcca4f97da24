//! Runs every permutation of a spec many times, for instruction-count profiling:
//! `cargo build --release --example permutations` then
//! `valgrind --tool=callgrind target/release/examples/permutations SPEC [ROUNDS]`.
//! Wall-clock figures come from `cargo bench`; this gives counts that a noisy machine
//! cannot change.

use queuelab::scenario::resolve;
use queuelab::sim::{run_permutations, Config};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: permutations SPEC [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(10);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let r = resolve(&text);
    let config = Config::default();
    let mut events = 0;
    for _ in 0..rounds {
        events += run_permutations(&r.spec, r.schedules(), &config)
            .iter()
            .map(|p| p.events.len())
            .sum::<usize>();
    }
    println!(
        "{} permutations x {rounds} rounds, {events} events",
        r.schedules().count()
    );
}
