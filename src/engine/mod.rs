//! The engine: sessions, transactions, row locks and waits over one SQLite database (the
//! [`lab::Lab`]). The simulator (`sim`) drives it one statement at a time.

pub mod array_fns;
mod case_fns;
mod clauses;
pub mod clock;
pub mod count;
mod double_double;
pub mod errors;
mod hash_order;
pub mod heap_order;
pub mod jsonb_fns;
pub mod lab;
mod like_fn;
pub mod locks;
mod math_fns;
pub mod rings;
pub mod sequences;
pub mod snapshot;
mod sqlite_omitted;
pub mod store;
pub mod table_locks;
pub mod time_fns;
pub mod txn;
pub mod undo;
pub mod waits;
