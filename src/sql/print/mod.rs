//! SQL text from the syntax tree: the text sqlparser's `Display` gives, for the part of the
//! tree Queue Lab's parser builds and its engine composes.
//!
//! Why not `Display`: sqlparser's `Display` covers every statement of every database, and a
//! single call of it (on a `Statement`, an `Expr`, even an `ObjectName`, whose parts can hold
//! function arguments) links all of it into the browser download. This printer covers what
//! the lab can hold; any other node prints as [`UNPRINTABLE`] text, which SQLite refuses as an
//! unrecognized token, so it can never run as something else.
//!
//! The judge: built with the `check` feature (every test build turns it on), every
//! [`ToSql::to_sql`] also asks sqlparser's `Display` and fails on any difference;
//! `tests/sql_differential.rs` prints every tree of the corpus, and the parser's unit tests
//! print every tree they compare.

mod expr;
mod expr_call;
mod expr_ops;
mod expr_special;
mod expr_value;
mod query;
mod query_from;
mod query_select;
mod stmt;
mod stmt_column;
mod stmt_constraint;
mod stmt_ddl;
mod stmt_dml;
mod stmt_session;
mod token;
pub(crate) use token::spelling;
mod types;

use std::fmt;

/// What a node the printer does not cover prints as: a backslash, which no SQL front this
/// crate feeds (SQLite's included) reads as a token.
pub const UNPRINTABLE: &str = "\\unprintable\\";

/// A syntax-tree node that prints as SQL.
///
/// `Display` is only a bound (no code of it runs, so none is linked) so that the `check`
/// build can compare with it.
pub trait ToSql: fmt::Display {
    /// Appends this node's SQL to `out`.
    fn write_sql(&self, out: &mut String);

    /// This node's SQL.
    fn to_sql(&self) -> String {
        let mut out = String::new();
        self.write_sql(&mut out);
        #[cfg(any(test, feature = "check"))]
        check::same_as_display(self, &out);
        out
    }
}

impl<T: ToSql + ?Sized> ToSql for Box<T> {
    fn write_sql(&self, out: &mut String) {
        (**self).write_sql(out)
    }
}

/// A node shown through the printer, for `format!` arguments: `format!("... {}", Sql(&e))`.
pub struct Sql<'a, T: ?Sized>(pub &'a T);

impl<T: ToSql + ?Sized> fmt::Display for Sql<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_sql())
    }
}

/// Appends `items`, each printed, with `separator` between them.
pub(crate) fn separated<T: ToSql>(out: &mut String, items: &[T], separator: &str) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        item.write_sql(out);
    }
}

/// Appends `items` separated by `", "`.
pub(crate) fn comma<T: ToSql>(out: &mut String, items: &[T]) {
    separated(out, items, ", ");
}

/// Appends `item` after `prefix` when there is one.
pub(crate) fn opt<T: ToSql>(out: &mut String, prefix: &str, item: &Option<T>) {
    if let Some(item) = item {
        out.push_str(prefix);
        item.write_sql(out);
    }
}

/// Appends the marker of a node the printer does not cover (see [`UNPRINTABLE`]).
pub(crate) fn unprintable(out: &mut String) {
    out.push_str(UNPRINTABLE);
}

/// sqlparser's `Display` and the printer's text for `node`, when they differ: the parser's
/// unit tests hold every tree they compare to this too.
#[cfg(test)]
pub(crate) fn display_difference<T: ToSql + ?Sized>(node: &T) -> Option<String> {
    let mut ours = String::new();
    node.write_sql(&mut ours);
    let theirs = node.to_string();
    (ours != theirs).then(|| format!("printed differently\n  Display: {theirs}\n  printer: {ours}"))
}

#[cfg(any(test, feature = "check"))]
mod check {
    /// Fails when the printer and sqlparser's `Display` disagree on `node`. A test-only
    /// build's check: the panic is the failing test's message.
    #[allow(clippy::panic)]
    pub fn same_as_display<T: super::ToSql + ?Sized>(node: &T, ours: &str) {
        let theirs = node.to_string();
        if theirs != ours {
            panic!("the printer and sqlparser's Display differ:\n  Display: {theirs}\n  printer: {ours}");
        }
    }
}
