//! Queue Lab's SQL front: a lexer and a recursive-descent parser for the statements the lab
//! runs, in the flavours of MySQL, PostgreSQL, T-SQL and SQLite (the last for SQL the engine
//! composes itself). Both build sqlparser's token and syntax-tree types, so the rest of the
//! engine is unchanged, but neither calls sqlparser's code: its parser covers every dialect and
//! statement of every database, and was a third of the browser download.
//!
//! The tests in `tests/sql_differential.rs` hold both to sqlparser's own output, token for token
//! and tree for tree, over every statement the project's tests parse.
//!
//! The engine also prints trees back as SQL (`print`), copies them (`copy`) and walks them
//! (`walk`) only through this module, for the same reason: sqlparser's `Display`, derived
//! `Clone` and `VisitMut` each cover every node of every database, and one call of any of
//! them links all of it into the download.

pub mod build;
pub mod copy;
pub mod lexer;
pub mod parser;
pub mod print;
mod subset;

#[cfg(test)]
mod corpus_nodes;
#[cfg(test)]
mod tests;
pub mod walk;

// The tests hold this module to sqlparser through `tests/sql_reference/`, shared with the
// integration tests and the parse bench (it takes `Flavor` from the module that includes it).
#[cfg(test)]
#[path = "../../tests/sql_reference/mod.rs"]
mod reference;

/// Whose SQL is read. Each flavour answers the questions sqlparser's dialects answer, for
/// the dialects Queue Lab uses only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavor {
    MySql,
    Postgres,
    MsSql,
    /// SQL the engine composes for SQLite.
    Sqlite,
    /// sqlparser's generic dialect (used by some of the engine's own tests).
    Generic,
}

impl Flavor {
    /// sqlparser's generic dialect, which only tests read SQL in (the `generic` feature): in
    /// the app no front-end asks for it, and this being false there lets the compiler drop
    /// the grammar only it reads (ClickHouse's, DuckDB's, Snowflake's constructs).
    pub const fn is_generic(self) -> bool {
        cfg!(any(test, feature = "generic")) && matches!(self, Flavor::Generic)
    }
}

pub use copy::{copy_all, Duplicate};
pub use parser::Parser;
pub use print::{Sql, ToSql};
pub use subset::plain_create_schema;
pub use walk::Walk;
