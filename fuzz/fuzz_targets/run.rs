//! Whole runs on the engine (SQLite, the lock model, the T-SQL interpreter): the first byte
//! picks a MySQL, PostgreSQL or T-SQL script, or a spec whose first schedule is simulated.
//! Inputs over 4 KB are skipped, and a statement gets a smaller SQLite budget than the app's
//! (20 million VM instructions), so that one run stays well under a second.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queuelab::{Dialect, RunConfig};
use queuelab_fuzz::text;

const MAX_RUN: usize = 4096;
const STEP_BUDGET: u64 = 1_000_000;

fuzz_target!(init: queuelab_fuzz::init(), |data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some(text) = text(rest, MAX_RUN) else {
        return;
    };
    match pick % 4 {
        3 => {
            let resolved = queuelab::scenario::resolve(&text);
            if !resolved.errors.is_empty() {
                return;
            }
            let Some(schedule) = resolved.schedules().next() else {
                return;
            };
            let config = queuelab::sim::Config {
                step_budget: STEP_BUDGET,
                ..Default::default()
            };
            let _ = queuelab::sim::run_permutation(&resolved.spec, &schedule, &config);
        }
        d => {
            let config = RunConfig {
                step_budget: STEP_BUDGET,
                ..RunConfig::default()
            };
            let _ = queuelab::run_script(Dialect::ALL[usize::from(d)], &text, &config);
        }
    }
});
