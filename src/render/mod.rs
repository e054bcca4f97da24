//! Turning traces into text: a session as a client transcript and the JSON lines of
//! `spec-format.md`. Pure functions of the trace; what each vendor's client prints is asked of
//! the `Dialect` (`src/dialect/client.rs`).

pub mod jsonl;
pub mod transcript;
