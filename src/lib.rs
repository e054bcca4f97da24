//! Queue Lab's engine: reads MySQL, PostgreSQL (and later T-SQL) as pasted from an article,
//! translates each statement for SQLite, runs it, and records a trace of every table after
//! every statement. No IO, no clock, no randomness: the same input gives the same trace on
//! wasm and native. The web UI and the `queuelab` CLI only render traces.

pub mod calendar;
pub mod decimal;
pub mod dialect;
pub mod engine;
pub mod examples;
pub mod explore;
pub mod float_text;
pub mod ids;
pub mod join;
pub mod limits;
pub mod render;
pub mod scenario;
pub mod sim;
pub mod sort;
pub mod source;
pub mod sql;
#[cfg(test)]
mod test_rand;
pub mod trace;
pub mod vec_map;
pub mod vendor;

pub use dialect::outline::{outline, Outlined};
pub use dialect::Dialect;
pub use sim::script::{run_script, RunConfig, Runner};
pub use trace::Trace;

/// Picks the dialect for a script: an explicit choice wins, then a `-- dialect:` first line,
/// then MySQL.
pub fn dialect_for(text: &str, explicit: Option<Dialect>) -> Dialect {
    explicit
        .or_else(|| source::dialect_header(text).and_then(Dialect::from_name))
        .unwrap_or(Dialect::SCRIPT_DEFAULT)
}
