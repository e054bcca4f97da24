//! sqlparser as the reference that Queue Lab's lexer and parser are held to, for the tests
//! and the benchmark only (never the library: calling sqlparser's tokenizer or parser would
//! link them into the browser download). Included by `#[path]` into the unit tests, the
//! differential test and the bench, each of which uses part of it.
#![allow(dead_code)]

use super::Flavor;
use sqlparser::dialect::{
    Dialect, GenericDialect, MsSqlDialect, MySqlDialect, PostgreSqlDialect, SQLiteDialect,
};

/// Every flavour, for comparisons run in all five.
pub const FLAVORS: [Flavor; 5] = [
    Flavor::MySql,
    Flavor::Postgres,
    Flavor::MsSql,
    Flavor::Sqlite,
    Flavor::Generic,
];

/// sqlparser's dialect for `f`.
pub fn dialect(f: Flavor) -> Box<dyn Dialect> {
    match f {
        Flavor::MySql => Box::new(MySqlDialect {}),
        Flavor::Postgres => Box::new(PostgreSqlDialect {}),
        Flavor::MsSql => Box::new(MsSqlDialect {}),
        Flavor::Sqlite => Box::new(SQLiteDialect {}),
        Flavor::Generic => Box::new(GenericDialect {}),
    }
}

/// The flavour a corpus line names (`"MySql"`, ...); the generic dialect for anything else.
pub fn flavor(name: &str) -> Flavor {
    FLAVORS
        .into_iter()
        .find(|f| format!("{f:?}") == name)
        .unwrap_or(Flavor::Generic)
}
