//! The deepest inputs Queue Lab accepts, and the shallowest it refuses (`src/limits.rs`):
//! shared by the native tests and the wasm suite, where the stack is smallest.

use queuelab::limits::{MAX_NESTING, MAX_OPERATORS};

/// `SELECT 1+1+...+1`: a left-deep chain of `operators` additions.
pub fn addition_chain(operators: usize) -> String {
    format!("SELECT 1{};", "+1".repeat(operators))
}

/// T-SQL: a SELECT inside `depth - 1` nested BEGIN ... END blocks, `depth` statements deep.
pub fn nested_blocks(depth: usize) -> String {
    let blocks = depth - 1;
    format!(
        "{}SELECT 42 AS answer;{}",
        "BEGIN\n".repeat(blocks),
        "\nEND".repeat(blocks)
    )
}

/// The deepest accepted of each kind, and the first refused.
pub const DEEPEST_CHAIN: usize = MAX_OPERATORS;
pub const DEEPEST_NESTING: usize = MAX_NESTING;
