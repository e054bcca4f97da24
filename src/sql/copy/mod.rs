//! Copies of syntax trees: what sqlparser's derived `Clone` gives, for the part of the tree
//! Queue Lab's parser builds and its engine composes.
//!
//! Why not `Clone`: sqlparser's derived `Clone` of an `Expr` reaches every statement of every
//! database (an expression holds subqueries, a query's body can hold an INSERT, ...), and a
//! single call of it links all of it into the browser download; each crate that calls it gets
//! its own copy of that code. This covers what the lab can hold; a node it does not cover
//! copies as a placeholder named [`crate::sql::print::UNPRINTABLE`] ([`marker_expr`] and the
//! like), which can never run as something else.
//!
//! The judge: built with the `check` feature (the engine's tests turn it on; so do this
//! crate's own tests), every [`Duplicate::duplicate`] also compares the copy's `Debug` text
//! (spans included) with the original's.

mod expr;
mod expr_call;
mod expr_special;
mod fields;
mod query;
mod query_from;
mod query_select;
mod stmt;
mod stmt_constraint;
mod stmt_ddl;
mod stmt_dml;
mod stmt_session;
mod token;
mod types;
mod value;

use sqlparser::ast::{Expr, Ident, ObjectName};
use std::fmt;

/// A syntax-tree node that can be copied without sqlparser's `Clone`.
///
/// `Debug` is only a bound (no code of it runs, so none is linked) so that the `check` build
/// can compare with it.
pub trait Duplicate: fmt::Debug + Sized {
    /// A copy of this node, built field by field (the recursion: implementers call this).
    fn copy_of(&self) -> Self;

    /// A copy of this node.
    fn duplicate(&self) -> Self {
        let copy = self.copy_of();
        #[cfg(any(test, feature = "check"))]
        check::same_debug(self, &copy);
        copy
    }
}

impl<T: Duplicate> Duplicate for Box<T> {
    fn copy_of(&self) -> Self {
        Box::new((**self).copy_of())
    }
}

impl<T: Duplicate> Duplicate for Option<T> {
    fn copy_of(&self) -> Self {
        self.as_ref().map(T::copy_of)
    }
}

impl<T: Duplicate, E: Clone + fmt::Debug> Duplicate for Result<T, E> {
    fn copy_of(&self) -> Self {
        match self {
            Ok(t) => Ok(t.copy_of()),
            Err(e) => Err(e.clone()),
        }
    }
}

impl<T: Duplicate> Duplicate for Vec<T> {
    // A plain loop, not `iter().map().collect()`: each iterator adapter is another function
    // per element type in the browser download, and another stack frame per level of a deep
    // tree in a debug build.
    fn copy_of(&self) -> Self {
        copy_all(self)
    }
}

/// Copies of a slice's items, in a new vector.
pub fn copy_all<T: Duplicate>(items: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(item.copy_of());
    }
    out
}

/// A bitwise copy of `node`, whose fields that own memory `own_fields` then gives memory of
/// their own, each by [`own`]: for enums of many variants that own nothing or one string,
/// where a derived `Clone` spends an arm of code on each.
///
/// # Safety
/// `own_fields` must call [`own`] on every field of the copy that owns memory: one it misses
/// is freed twice, by the copy and by the original. Until it returns, the copy shares the
/// original's memory; a panic there leaks the copy rather than freeing that memory.
pub(super) unsafe fn bitwise_then_own<T>(node: &T, own_fields: impl FnOnce(&mut T)) -> T {
    let mut copy = std::mem::ManuallyDrop::new(unsafe { std::ptr::read(node) });
    own_fields(&mut copy);
    std::mem::ManuallyDrop::into_inner(copy)
}

/// Replaces `field`, without dropping it, by a clone of itself: the field of a bitwise copy,
/// whose memory is the original's.
pub(super) fn own<T: Clone>(field: &mut T) {
    let fresh = field.clone();
    std::mem::forget(std::mem::replace(field, fresh));
}

/// The placeholder name of a node the copy does not cover.
pub(crate) fn marker_ident() -> Ident {
    Ident::new(crate::sql::print::UNPRINTABLE)
}

/// The placeholder of an expression the copy does not cover.
pub(crate) fn marker_expr() -> Expr {
    Expr::Identifier(marker_ident())
}

/// The placeholder of a name the copy does not cover.
pub(crate) fn marker_name() -> ObjectName {
    crate::sql::build::name(marker_ident())
}

#[cfg(any(test, feature = "check"))]
mod check {
    /// Fails when a copy differs from its original in any field, spans included. A
    /// test-only build's check: the panic is the failing test's message.
    #[allow(clippy::panic)]
    pub fn same_debug<T: std::fmt::Debug>(original: &T, copy: &T) {
        let (a, b) = (format!("{original:?}"), format!("{copy:?}"));
        if a != b {
            panic!("a copy differs from its original:\n  original: {a}\n  copy:     {b}");
        }
    }
}

/// The copy's `Debug` text when it differs from the original's: the parser's unit tests
/// hold every tree they compare to this too.
#[cfg(test)]
pub(crate) fn copy_difference<T: Duplicate>(node: &T) -> Option<String> {
    let (a, b) = (format!("{node:?}"), format!("{:?}", node.copy_of()));
    (a != b).then(|| format!("copied differently\n  original: {a}\n  copy:     {b}"))
}
