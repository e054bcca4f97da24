//! The keyword-led forms (CASE, CAST, CONVERT, EXTRACT, CEIL/FLOOR, POSITION, SUBSTRING,
//! TRIM), typed literals, INTERVAL, arrays and field access.

use super::expr_value::number;
use super::{comma, opt, unprintable, ToSql};
use sqlparser::ast::{
    AccessExpr, Array, CaseWhen, CastFormat, CastKind, CeilFloorKind, DataType, DateTimeField,
    Expr, ExtractSyntax, Interval, ObjectName, Subscript, TypedString, Value,
};

/// The keyword-led forms of `Expr`, apart so that `Expr`'s own printer stays small.
pub(super) fn keyword_form(e: &Expr, out: &mut String) {
    match e {
        Expr::Case {
            operand,
            conditions,
            else_result,
            ..
        } => {
            out.push_str("CASE");
            opt(out, " ", operand);
            for when in conditions {
                out.push(' ');
                when.write_sql(out);
            }
            opt(out, " ELSE ", else_result);
            out.push_str(" END");
        }
        Expr::Cast {
            kind,
            expr,
            data_type,
            format,
        } => cast(out, kind, expr, data_type, format),
        Expr::Convert {
            is_try,
            expr,
            data_type,
            charset,
            target_before_value,
            styles,
        } => {
            if *is_try {
                out.push_str("TRY_");
            }
            out.push_str("CONVERT(");
            convert_body(out, expr, data_type, charset, *target_before_value);
            if !styles.is_empty() {
                out.push_str(", ");
                comma(out, styles);
            }
            out.push(')');
        }
        Expr::Extract {
            field,
            syntax,
            expr,
        } => {
            out.push_str("EXTRACT(");
            field.write_sql(out);
            out.push_str(match syntax {
                ExtractSyntax::From => " FROM ",
                ExtractSyntax::Comma => ", ",
            });
            expr.write_sql(out);
            out.push(')');
        }
        Expr::Ceil { expr, field } => ceil_floor(out, "CEIL(", expr, field),
        Expr::Floor { expr, field } => ceil_floor(out, "FLOOR(", expr, field),
        Expr::Position { expr, r#in } => {
            out.push_str("POSITION(");
            expr.write_sql(out);
            out.push_str(" IN ");
            r#in.write_sql(out);
            out.push(')');
        }
        Expr::Substring {
            expr,
            substring_from,
            substring_for,
            special,
            shorthand,
        } => {
            out.push_str(if *shorthand { "SUBSTR(" } else { "SUBSTRING(" });
            expr.write_sql(out);
            // SUBSTRING(x, a, b) against SUBSTRING(x FROM a FOR b).
            let (from, r#for) = if *special {
                (", ", ", ")
            } else {
                (" FROM ", " FOR ")
            };
            opt(out, from, substring_from);
            opt(out, r#for, substring_for);
            out.push(')');
        }
        Expr::Trim {
            expr,
            trim_where,
            trim_what,
            trim_characters,
        } => {
            out.push_str("TRIM(");
            if let Some(side) = trim_where {
                side.write_sql(out);
                out.push(' ');
            }
            if let Some(what) = trim_what {
                what.write_sql(out);
                out.push_str(" FROM ");
            }
            expr.write_sql(out);
            if let Some(characters) = trim_characters {
                out.push_str(", ");
                comma(out, characters);
            }
            out.push(')');
        }
        _ => unprintable(out),
    }
}

impl ToSql for CaseWhen {
    fn write_sql(&self, out: &mut String) {
        out.push_str("WHEN ");
        self.condition.write_sql(out);
        out.push_str(" THEN ");
        self.result.write_sql(out);
    }
}

fn cast(
    out: &mut String,
    kind: &CastKind,
    expr: &Expr,
    data_type: &DataType,
    format: &Option<CastFormat>,
) {
    let open = match kind {
        CastKind::Cast => "CAST(",
        CastKind::TryCast => "TRY_CAST(",
        CastKind::SafeCast => "SAFE_CAST(",
        CastKind::DoubleColon => {
            // Display drops a FORMAT here; our parser reads none after `::`.
            if format.is_some() {
                return unprintable(out);
            }
            expr.write_sql(out);
            out.push_str("::");
            return data_type.write_sql(out);
        }
    };
    out.push_str(open);
    expr.write_sql(out);
    // SQLite's `CAST(x AS)`: no type, and no space after AS.
    if matches!((kind, data_type), (CastKind::Cast, DataType::Unspecified)) {
        out.push_str(" AS");
    } else {
        out.push_str(" AS ");
        data_type.write_sql(out);
    }
    opt(out, " FORMAT ", format);
    out.push(')');
}

impl ToSql for CastFormat {
    fn write_sql(&self, out: &mut String) {
        match self {
            CastFormat::Value(v) => v.write_sql(out),
            CastFormat::ValueAtTimeZone(v, zone) => {
                v.write_sql(out);
                out.push_str(" AT TIME ZONE ");
                zone.write_sql(out);
            }
        }
    }
}

/// CONVERT's arguments before the styles: T-SQL's `type, value`, MySQL's `value, type
/// [CHARACTER SET cs]` or `value USING cs`.
fn convert_body(
    out: &mut String,
    expr: &Expr,
    data_type: &Option<DataType>,
    charset: &Option<ObjectName>,
    target_before_value: bool,
) {
    match (data_type, charset) {
        (Some(t), None) if target_before_value => {
            t.write_sql(out);
            out.push_str(", ");
            expr.write_sql(out);
        }
        (Some(t), charset) => {
            expr.write_sql(out);
            out.push_str(", ");
            t.write_sql(out);
            opt(out, " CHARACTER SET ", charset);
        }
        (None, Some(cs)) => {
            expr.write_sql(out);
            out.push_str(" USING ");
            cs.write_sql(out);
        }
        // Neither a type nor a character set: our parser never builds it.
        (None, None) => unprintable(out),
    }
}

fn ceil_floor(out: &mut String, open: &str, expr: &Expr, field: &CeilFloorKind) {
    out.push_str(open);
    expr.write_sql(out);
    match field {
        CeilFloorKind::DateTimeField(DateTimeField::NoDateTime) => {}
        CeilFloorKind::DateTimeField(f) => {
            out.push_str(" TO ");
            f.write_sql(out);
        }
        CeilFloorKind::Scale(v) => {
            out.push_str(", ");
            v.write_sql(out);
        }
    }
    out.push(')');
}

impl ToSql for TypedString {
    fn write_sql(&self, out: &mut String) {
        // ODBC's `{d '...'}`: our parser refuses braces.
        if self.uses_odbc_syntax {
            return unprintable(out);
        }
        self.data_type.write_sql(out);
        out.push(' ');
        self.value.write_sql(out);
    }
}

impl ToSql for Interval {
    fn write_sql(&self, out: &mut String) {
        out.push_str("INTERVAL ");
        self.value.write_sql(out);
        // The standard's `SECOND (p, s)`, its two precisions in one pair of parentheses.
        if let (Some(DateTimeField::Second), Some(p), Some(s)) = (
            &self.leading_field,
            self.leading_precision,
            self.fractional_seconds_precision,
        ) {
            // Display asserts there is no TO part here.
            if self.last_field.is_some() {
                return unprintable(out);
            }
            out.push_str(" SECOND (");
            number(out, p);
            out.push_str(", ");
            number(out, s);
            out.push(')');
            return;
        }
        opt(out, " ", &self.leading_field);
        precision(out, self.leading_precision);
        opt(out, " TO ", &self.last_field);
        precision(out, self.fractional_seconds_precision);
    }
}

/// ` (p)`, if there.
fn precision(out: &mut String, p: Option<u64>) {
    if let Some(p) = p {
        out.push_str(" (");
        number(out, p);
        out.push(')');
    }
}

impl ToSql for Array {
    fn write_sql(&self, out: &mut String) {
        if self.named {
            out.push_str("ARRAY");
        }
        out.push('[');
        comma(out, &self.elem);
        out.push(']');
    }
}

impl ToSql for AccessExpr {
    fn write_sql(&self, out: &mut String) {
        match self {
            // `. 1`: a number right after the dot would read as a decimal point.
            AccessExpr::Dot(Expr::Value(v)) if matches!(v.value, Value::Number(..)) => {
                out.push_str(" . ");
                v.write_sql(out);
            }
            AccessExpr::Dot(e) => {
                out.push('.');
                e.write_sql(out);
            }
            AccessExpr::Subscript(s) => {
                out.push('[');
                s.write_sql(out);
                out.push(']');
            }
        }
    }
}

impl ToSql for Subscript {
    fn write_sql(&self, out: &mut String) {
        match self {
            Subscript::Index { index } => index.write_sql(out),
            Subscript::Slice {
                lower_bound,
                upper_bound,
                stride,
            } => {
                opt(out, "", lower_bound);
                out.push(':');
                opt(out, "", upper_bound);
                opt(out, ":", stride);
            }
        }
    }
}
