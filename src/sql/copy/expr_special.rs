//! The keyword-led forms (CASE, CAST, CONVERT, EXTRACT, CEIL/FLOOR, POSITION, SUBSTRING,
//! TRIM), typed literals, INTERVAL, arrays and field access.
//!
//! Cloned as standalone: `CastKind` and `ExtractSyntax`; literals and CAST's format are
//! copied by `value.rs`, the fields of EXTRACT, INTERVAL, CEIL and FLOOR by `fields.rs`.

use super::{marker_expr, Duplicate};
use sqlparser::ast::{AccessExpr, Array, CaseWhen, Expr, Interval, Subscript, TypedString};

/// The keyword-led forms of `Expr`, apart so that `Expr`'s own copy stays small.
pub(super) fn keyword_form(e: &Expr) -> Expr {
    match e {
        Expr::Case {
            case_token,
            end_token,
            operand,
            conditions,
            else_result,
        } => Expr::Case {
            case_token: case_token.copy_of(),
            end_token: end_token.copy_of(),
            operand: operand.copy_of(),
            conditions: conditions.copy_of(),
            else_result: else_result.copy_of(),
        },
        Expr::Cast {
            kind,
            expr,
            data_type,
            format,
        } => Expr::Cast {
            kind: kind.clone(),
            expr: expr.copy_of(),
            data_type: data_type.copy_of(),
            format: format.copy_of(),
        },
        Expr::Convert {
            is_try,
            expr,
            data_type,
            charset,
            target_before_value,
            styles,
        } => Expr::Convert {
            is_try: *is_try,
            expr: expr.copy_of(),
            data_type: data_type.copy_of(),
            charset: charset.copy_of(),
            target_before_value: *target_before_value,
            styles: styles.copy_of(),
        },
        Expr::Extract {
            field,
            syntax,
            expr,
        } => Expr::Extract {
            field: field.copy_of(),
            syntax: syntax.clone(),
            expr: expr.copy_of(),
        },
        Expr::Ceil { expr, field } => Expr::Ceil {
            expr: expr.copy_of(),
            field: field.copy_of(),
        },
        Expr::Floor { expr, field } => Expr::Floor {
            expr: expr.copy_of(),
            field: field.copy_of(),
        },
        Expr::Position { expr, r#in } => Expr::Position {
            expr: expr.copy_of(),
            r#in: r#in.copy_of(),
        },
        Expr::Substring { .. } | Expr::Trim { .. } => string_form(e),
        _ => marker_expr(),
    }
}

/// SUBSTRING and TRIM, the forms with optional parts.
fn string_form(e: &Expr) -> Expr {
    match e {
        Expr::Substring {
            expr,
            substring_from,
            substring_for,
            special,
            shorthand,
        } => Expr::Substring {
            expr: expr.copy_of(),
            substring_from: substring_from.copy_of(),
            substring_for: substring_for.copy_of(),
            special: *special,
            shorthand: *shorthand,
        },
        Expr::Trim {
            expr,
            trim_where,
            trim_what,
            trim_characters,
        } => Expr::Trim {
            expr: expr.copy_of(),
            trim_where: *trim_where,
            trim_what: trim_what.copy_of(),
            trim_characters: trim_characters.copy_of(),
        },
        _ => marker_expr(),
    }
}

impl Duplicate for CaseWhen {
    fn copy_of(&self) -> Self {
        CaseWhen {
            condition: self.condition.copy_of(),
            result: self.result.copy_of(),
        }
    }
}

impl Duplicate for TypedString {
    fn copy_of(&self) -> Self {
        TypedString {
            data_type: self.data_type.copy_of(),
            value: self.value.copy_of(),
            uses_odbc_syntax: self.uses_odbc_syntax,
        }
    }
}

impl Duplicate for Interval {
    fn copy_of(&self) -> Self {
        Interval {
            value: self.value.copy_of(),
            leading_field: self.leading_field.copy_of(),
            leading_precision: self.leading_precision,
            last_field: self.last_field.copy_of(),
            fractional_seconds_precision: self.fractional_seconds_precision,
        }
    }
}

impl Duplicate for Array {
    fn copy_of(&self) -> Self {
        Array {
            elem: self.elem.copy_of(),
            named: self.named,
        }
    }
}

impl Duplicate for AccessExpr {
    fn copy_of(&self) -> Self {
        match self {
            AccessExpr::Dot(e) => AccessExpr::Dot(e.copy_of()),
            AccessExpr::Subscript(s) => AccessExpr::Subscript(s.copy_of()),
        }
    }
}

impl Duplicate for Subscript {
    fn copy_of(&self) -> Self {
        match self {
            Subscript::Index { index } => Subscript::Index {
                index: index.copy_of(),
            },
            Subscript::Slice {
                lower_bound,
                upper_bound,
                stride,
            } => Subscript::Slice {
                lower_bound: lower_bound.copy_of(),
                upper_bound: upper_bound.copy_of(),
                stride: stride.copy_of(),
            },
        }
    }
}
