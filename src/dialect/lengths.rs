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
    super::headers::keep_as_written(stmt, &|e| sqlite_name(dialect, e).is_some());
    let mut renamed = false;
    walk::exprs(stmt, &mut |e| {
        if let (Some(new), Expr::Function(f)) = (sqlite_name(dialect, e), &mut *e) {
            f.name = ObjectName(vec![ObjectNamePart::Identifier(Ident::new(new))]);
            renamed = true;
        }
        ControlFlow::<()>::Continue(())
    });
    renamed.then(|| "lengths counted as the server counts them".into())
}

/// The SQLite function that counts as `e`, a call of the vendor's length function, does,
/// where it is another.
fn sqlite_name(dialect: Dialect, e: &Expr) -> Option<&'static str> {
    let Expr::Function(f) = e else { return None };
    let [ObjectNamePart::Identifier(name)] = f.name.0.as_slice() else {
        return None;
    };
    match name.value.to_ascii_lowercase().as_str() {
        "char_length" | "character_length" => Some("length"),
        "length" if dialect == Dialect::MySql => Some("octet_length"),
        _ => None,
    }
}
