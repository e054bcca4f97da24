//! Expressions: each variant's children here, the keyword-led forms (CAST, CASE, TRIM, ...),
//! typed literals, arrays and field access below, calls and windows in `expr_call.rs`. The
//! split keeps each function's stack frame small, as the walk recurses once per level of
//! nesting.
//!
//! Fields that hold no expression, query or relation (idents, values, tokens, operators,
//! date-time fields, cast formats, names that are not relations) are not walked: sqlparser's
//! walk finds nothing there either.

use super::{Callbacks, Walk};
use sqlparser::ast::{AccessExpr, CaseWhen, Expr, InTarget, Subscript};
use std::ops::ControlFlow;

impl Walk for Expr {
    /// The children first, in sqlparser's field order, then the expression itself (sqlparser's
    /// `post_visit_expr`).
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        children(self, c)?;
        c.expr(self)
    }
}

fn children(e: &mut Expr, c: &mut Callbacks<'_>) -> ControlFlow<()> {
    match e {
        Expr::CompoundFieldAccess { root, access_chain } => {
            root.walk(c)?;
            access_chain.walk(c)
        }
        Expr::IsFalse(e)
        | Expr::IsNotFalse(e)
        | Expr::IsTrue(e)
        | Expr::IsNotTrue(e)
        | Expr::IsNull(e)
        | Expr::IsNotNull(e)
        | Expr::IsUnknown(e)
        | Expr::IsNotUnknown(e)
        | Expr::UnaryOp { expr: e, .. }
        | Expr::Extract { expr: e, .. }
        | Expr::Ceil { expr: e, .. }
        | Expr::Floor { expr: e, .. }
        | Expr::Collate { expr: e, .. }
        | Expr::Nested(e)
        | Expr::Prefixed { value: e, .. }
        | Expr::Named { expr: e, .. }
        | Expr::OuterJoin(e) => e.walk(c),
        Expr::IsDistinctFrom(a, b)
        | Expr::IsNotDistinctFrom(a, b)
        | Expr::BinaryOp {
            left: a, right: b, ..
        }
        | Expr::AnyOp {
            left: a, right: b, ..
        }
        | Expr::AllOp {
            left: a, right: b, ..
        }
        | Expr::AtTimeZone {
            timestamp: a,
            time_zone: b,
        }
        | Expr::Position { expr: a, r#in: b }
        | Expr::In {
            expr: a,
            target: InTarget::Unnest(b),
            ..
        }
        | Expr::RLike {
            expr: a,
            pattern: b,
            ..
        } => {
            a.walk(c)?;
            b.walk(c)
        }
        Expr::Tuple(items) => items.walk(c),
        Expr::Subquery(query)
        | Expr::Exists {
            subquery: query, ..
        } => query.walk(c),
        Expr::Function(f) => f.walk(c),
        Expr::Array(a) => a.elem.walk(c),
        Expr::Interval(i) => i.value.walk(c),
        Expr::TypedString(t) => t.data_type.walk(c),
        _ => more_children(e, c),
    }
}

/// The forms of more than two parts.
fn more_children(e: &mut Expr, c: &mut Callbacks<'_>) -> ControlFlow<()> {
    match e {
        Expr::In {
            expr,
            target: InTarget::List(list),
            ..
        } => {
            expr.walk(c)?;
            list.walk(c)
        }
        Expr::In {
            expr,
            target: InTarget::Subquery(subquery),
            ..
        } => {
            expr.walk(c)?;
            subquery.walk(c)
        }
        Expr::Between {
            expr, low, high, ..
        } => {
            expr.walk(c)?;
            low.walk(c)?;
            high.walk(c)
        }
        Expr::Like {
            expr,
            pattern,
            escape_char,
            ..
        }
        | Expr::ILike {
            expr,
            pattern,
            escape_char,
            ..
        } => {
            expr.walk(c)?;
            pattern.walk(c)?;
            escape_char.walk(c)
        }
        _ => keyword_form(e, c),
    }
}

/// CASE, CAST, CONVERT, SUBSTRING and TRIM; every other form holds nothing to walk, or is
/// one the printer does not print (JSON access, IS JSON, SIMILAR TO, OVERLAY, grouping sets,
/// structs, maps, MATCH ... AGAINST, PRIOR, lambdas, MEMBER OF, `IN table`).
fn keyword_form(e: &mut Expr, c: &mut Callbacks<'_>) -> ControlFlow<()> {
    match e {
        Expr::Case {
            operand,
            conditions,
            else_result,
            ..
        } => {
            operand.walk(c)?;
            conditions.walk(c)?;
            else_result.walk(c)
        }
        Expr::Cast {
            expr, data_type, ..
        } => {
            expr.walk(c)?;
            data_type.walk(c)
        }
        Expr::Convert {
            expr,
            data_type,
            styles,
            ..
        } => {
            expr.walk(c)?;
            data_type.walk(c)?;
            styles.walk(c)
        }
        Expr::Substring {
            expr,
            substring_from,
            substring_for,
            ..
        } => {
            expr.walk(c)?;
            substring_from.walk(c)?;
            substring_for.walk(c)
        }
        // TRIM's characters to remove come before the string in sqlparser's fields.
        Expr::Trim {
            trim_what,
            expr,
            trim_characters,
            ..
        } => {
            trim_what.walk(c)?;
            expr.walk(c)?;
            trim_characters.walk(c)
        }
        _ => ControlFlow::Continue(()),
    }
}

impl Walk for CaseWhen {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.condition.walk(c)?;
        self.result.walk(c)
    }
}

impl Walk for AccessExpr {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            AccessExpr::Dot(e) => e.walk(c),
            AccessExpr::Subscript(Subscript::Index { index }) => index.walk(c),
            AccessExpr::Subscript(Subscript::Slice {
                lower_bound,
                upper_bound,
                stride,
            }) => {
                lower_bound.walk(c)?;
                upper_bound.walk(c)?;
                stride.walk(c)
            }
        }
    }
}
