//! Rule: a string's length counted as the server counts it. SQLite's `length()` counts
//! characters and it has no `char_length()`: PostgreSQL's and MariaDB's `char_length()` and
//! `character_length()` become `length()` (job queues check `char_length(queue) > 0`), and
//! MariaDB's `LENGTH()`, which counts bytes (`LENGTH('é')` is 2 there), becomes
//! `octet_length()`. Run after the integer rules, which read the names as written.

use super::walk;
use super::Dialect;
use sqlparser::ast::{Expr, Ident, ObjectName, ObjectNamePart};
use std::ops::ControlFlow;

/// Renames the length functions of `stmt`, and says so when it did.
pub fn rewrite(dialect: Dialect, stmt: &mut sqlparser::ast::Statement) -> Option<String> {
    // MariaDB names a result column by its text as written (PostgreSQL's names are given
    // before, by `postgres/names.rs`).
    super::headers::keep_as_written(
        stmt,
        &|e| matches!(e, Expr::Function(f) if matches!(f.name.0.as_slice(), [ObjectNamePart::Identifier(i)] if sqlite_name(dialect, &i.value).is_some())),
    );
    let mut renamed = false;
    walk::exprs(stmt, &mut |e| {
        if let Expr::Function(f) = e {
            let new = match f.name.0.as_slice() {
                [ObjectNamePart::Identifier(i)] => sqlite_name(dialect, &i.value),
                _ => None,
            };
            if let Some(new) = new {
                f.name = ObjectName(vec![ObjectNamePart::Identifier(Ident::new(new))]);
                renamed = true;
            }
        }
        ControlFlow::<()>::Continue(())
    });
    renamed.then(|| "lengths counted as the server counts them".into())
}

/// The SQLite function that counts as the vendor's function `name` does, where it is another.
fn sqlite_name(dialect: Dialect, name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    match lower.as_str() {
        "char_length" | "character_length" => Some("length"),
        "length" if dialect == Dialect::MySql => Some("octet_length"),
        _ => None,
    }
}
