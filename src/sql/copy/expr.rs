//! Expressions: each variant's shape here, the keyword-led forms (CAST, CASE, TRIM, ...) and
//! the literal-like nodes in `expr_special.rs`, calls and windows in `expr_call.rs`, names
//! below. The split follows the printer's, and keeps each function's stack frame small, as
//! the copy recurses once per level of nesting.
//!
//! `Ident` and the operators are cloned: none of them can hold an expression, a name or a
//! type. Literals are copied by `value.rs`, tokens by `token.rs`.

use super::{marker_expr, marker_ident, Duplicate};
use sqlparser::ast::{Expr, InTarget, ObjectName, ObjectNamePart};

impl Duplicate for Expr {
    fn copy_of(&self) -> Self {
        match self {
            Expr::Identifier(ident) => Expr::Identifier(ident.clone()),
            Expr::CompoundIdentifier(parts) => Expr::CompoundIdentifier(parts.clone()),
            Expr::Wildcard(token) => Expr::Wildcard(token.copy_of()),
            Expr::QualifiedWildcard(name, token) => {
                Expr::QualifiedWildcard(name.copy_of(), token.copy_of())
            }
            Expr::CompoundFieldAccess { root, access_chain } => Expr::CompoundFieldAccess {
                root: root.copy_of(),
                access_chain: access_chain.copy_of(),
            },
            Expr::Value(v) => Expr::Value(v.copy_of()),
            Expr::Nested(e) => Expr::Nested(e.copy_of()),
            Expr::Tuple(items) => Expr::Tuple(items.copy_of()),
            Expr::BinaryOp { left, op, right } => Expr::BinaryOp {
                left: left.copy_of(),
                op: op.clone(),
                right: right.copy_of(),
            },
            Expr::UnaryOp { op, expr } => Expr::UnaryOp {
                op: *op,
                expr: expr.copy_of(),
            },
            Expr::IsTrue(_)
            | Expr::IsNotTrue(_)
            | Expr::IsFalse(_)
            | Expr::IsNotFalse(_)
            | Expr::IsNull(_)
            | Expr::IsNotNull(_)
            | Expr::IsUnknown(_)
            | Expr::IsNotUnknown(_)
            | Expr::OuterJoin(_)
            | Expr::IsDistinctFrom(..)
            | Expr::IsNotDistinctFrom(..)
            | Expr::AtTimeZone { .. } => suffix_form(self),
            Expr::Named { expr, name } => Expr::Named {
                expr: expr.copy_of(),
                name: name.clone(),
            },
            Expr::Collate { expr, collation } => Expr::Collate {
                expr: expr.copy_of(),
                collation: collation.copy_of(),
            },
            Expr::Prefixed { prefix, value } => Expr::Prefixed {
                prefix: prefix.clone(),
                value: value.copy_of(),
            },
            Expr::In { .. }
            | Expr::Between { .. }
            | Expr::Like { .. }
            | Expr::ILike { .. }
            | Expr::RLike { .. }
            | Expr::AnyOp { .. }
            | Expr::AllOp { .. } => predicate(self),
            Expr::Exists { subquery, negated } => Expr::Exists {
                subquery: subquery.copy_of(),
                negated: *negated,
            },
            Expr::Subquery(query) => Expr::Subquery(query.copy_of()),
            Expr::Function(f) => Expr::Function(f.copy_of()),
            Expr::Array(a) => Expr::Array(a.copy_of()),
            Expr::Interval(i) => Expr::Interval(i.copy_of()),
            Expr::TypedString(t) => Expr::TypedString(t.copy_of()),
            Expr::Case { .. }
            | Expr::Cast { .. }
            | Expr::Convert { .. }
            | Expr::Extract { .. }
            | Expr::Ceil { .. }
            | Expr::Floor { .. }
            | Expr::Position { .. }
            | Expr::Substring { .. }
            | Expr::Trim { .. } => super::expr_special::keyword_form(self),
            // Forms our parser refuses by name or never reads, and the engine never builds
            // (one list, in subset.rs).
            crate::sql::subset::foreign_expr!() => marker_expr(),
        }
    }
}

/// The forms of one or two operands around fixed words: IS NULL and its kin, `(+)`,
/// IS [NOT] DISTINCT FROM, AT TIME ZONE.
fn suffix_form(e: &Expr) -> Expr {
    match e {
        Expr::IsTrue(e) => Expr::IsTrue(e.copy_of()),
        Expr::IsNotTrue(e) => Expr::IsNotTrue(e.copy_of()),
        Expr::IsFalse(e) => Expr::IsFalse(e.copy_of()),
        Expr::IsNotFalse(e) => Expr::IsNotFalse(e.copy_of()),
        Expr::IsNull(e) => Expr::IsNull(e.copy_of()),
        Expr::IsNotNull(e) => Expr::IsNotNull(e.copy_of()),
        Expr::IsUnknown(e) => Expr::IsUnknown(e.copy_of()),
        Expr::IsNotUnknown(e) => Expr::IsNotUnknown(e.copy_of()),
        Expr::OuterJoin(e) => Expr::OuterJoin(e.copy_of()),
        Expr::IsDistinctFrom(a, b) => Expr::IsDistinctFrom(a.copy_of(), b.copy_of()),
        Expr::IsNotDistinctFrom(a, b) => Expr::IsNotDistinctFrom(a.copy_of(), b.copy_of()),
        Expr::AtTimeZone {
            timestamp,
            time_zone,
        } => Expr::AtTimeZone {
            timestamp: timestamp.copy_of(),
            time_zone: time_zone.copy_of(),
        },
        _ => marker_expr(),
    }
}

/// IN, BETWEEN, the LIKE family and the quantified comparisons.
fn predicate(e: &Expr) -> Expr {
    match e {
        Expr::In {
            expr,
            target,
            negated,
            global,
        } => Expr::In {
            expr: expr.copy_of(),
            target: match target {
                InTarget::List(list) => InTarget::List(list.copy_of()),
                InTarget::Subquery(query) => InTarget::Subquery(query.copy_of()),
                InTarget::Unnest(array) => InTarget::Unnest(array.copy_of()),
                // SQLite's `IN table`, which our parser refuses by name.
                InTarget::Table { .. } => return marker_expr(),
            },
            negated: *negated,
            global: *global,
        },
        Expr::Between {
            expr,
            negated,
            low,
            high,
        } => Expr::Between {
            expr: expr.copy_of(),
            negated: *negated,
            low: low.copy_of(),
            high: high.copy_of(),
        },
        Expr::Like { .. } | Expr::ILike { .. } | Expr::RLike { .. } => pattern_match(e),
        Expr::AnyOp {
            left,
            compare_op,
            right,
            is_some,
        } => Expr::AnyOp {
            left: left.copy_of(),
            compare_op: compare_op.clone(),
            right: right.copy_of(),
            is_some: *is_some,
        },
        Expr::AllOp {
            left,
            compare_op,
            right,
        } => Expr::AllOp {
            left: left.copy_of(),
            compare_op: compare_op.clone(),
            right: right.copy_of(),
        },
        _ => marker_expr(),
    }
}

/// LIKE, ILIKE and RLIKE/REGEXP.
fn pattern_match(e: &Expr) -> Expr {
    match e {
        Expr::Like {
            negated,
            any,
            expr,
            pattern,
            escape_char,
        } => Expr::Like {
            negated: *negated,
            any: *any,
            expr: expr.copy_of(),
            pattern: pattern.copy_of(),
            escape_char: escape_char.copy_of(),
        },
        Expr::ILike {
            negated,
            any,
            expr,
            pattern,
            escape_char,
        } => Expr::ILike {
            negated: *negated,
            any: *any,
            expr: expr.copy_of(),
            pattern: pattern.copy_of(),
            escape_char: escape_char.copy_of(),
        },
        Expr::RLike {
            negated,
            expr,
            pattern,
            regexp,
        } => Expr::RLike {
            negated: *negated,
            expr: expr.copy_of(),
            pattern: pattern.copy_of(),
            regexp: *regexp,
        },
        _ => marker_expr(),
    }
}

impl Duplicate for ObjectName {
    fn copy_of(&self) -> Self {
        ObjectName(self.0.copy_of())
    }
}

impl Duplicate for ObjectNamePart {
    fn copy_of(&self) -> Self {
        match self {
            ObjectNamePart::Identifier(ident) => ObjectNamePart::Identifier(ident.clone()),
            // Snowflake's IDENTIFIER(...) names: no parser of ours builds them.
            ObjectNamePart::Function(_) => ObjectNamePart::Identifier(marker_ident()),
        }
    }
}

#[cfg(test)]
#[path = "expr_tests.rs"]
mod expr_tests;
