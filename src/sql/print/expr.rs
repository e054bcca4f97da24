//! Expressions: each variant's shape here, the keyword-led forms (CAST, CASE, TRIM, ...) in
//! `expr_special.rs`, calls and windows in `expr_call.rs`, names and literals in
//! `expr_value.rs`, operators in `expr_ops.rs`.

use super::{comma, separated, unprintable, ToSql};
use sqlparser::ast::{AccessExpr, BinaryOperator, Expr, InTarget, UnaryOperator};

impl ToSql for Expr {
    fn write_sql(&self, out: &mut String) {
        match self {
            Expr::Identifier(ident) => ident.write_sql(out),
            Expr::CompoundIdentifier(parts) => separated(out, parts, "."),
            Expr::Wildcard(_) => out.push('*'),
            Expr::QualifiedWildcard(name, _) => {
                name.write_sql(out);
                out.push_str(".*");
            }
            Expr::CompoundFieldAccess { root, access_chain } => {
                root.write_sql(out);
                // A field right after a number takes spaces around its dot (`1 . x`), which
                // would otherwise read as a decimal point.
                let mut after_number = is_number(root);
                for field in access_chain {
                    match field {
                        AccessExpr::Dot(e) if after_number => {
                            out.push_str(" . ");
                            e.write_sql(out);
                        }
                        _ => field.write_sql(out),
                    }
                    after_number = matches!(field, AccessExpr::Dot(e) if is_number(e));
                }
            }
            Expr::Value(v) => v.write_sql(out),
            Expr::Nested(e) => parenthesized(out, e),
            Expr::Tuple(items) => {
                out.push('(');
                comma(out, items);
                out.push(')');
            }
            Expr::BinaryOp { left, op, right } => binary(out, left, op, right),
            Expr::UnaryOp { op, expr } => unary(out, op, expr),
            Expr::IsTrue(e) => suffixed(out, e, " IS TRUE"),
            Expr::IsNotTrue(e) => suffixed(out, e, " IS NOT TRUE"),
            Expr::IsFalse(e) => suffixed(out, e, " IS FALSE"),
            Expr::IsNotFalse(e) => suffixed(out, e, " IS NOT FALSE"),
            Expr::IsNull(e) => suffixed(out, e, " IS NULL"),
            Expr::IsNotNull(e) => suffixed(out, e, " IS NOT NULL"),
            Expr::IsUnknown(e) => suffixed(out, e, " IS UNKNOWN"),
            Expr::IsNotUnknown(e) => suffixed(out, e, " IS NOT UNKNOWN"),
            Expr::OuterJoin(e) => suffixed(out, e, " (+)"),
            Expr::IsDistinctFrom(a, b) => joined(out, a, " IS DISTINCT FROM ", b),
            Expr::IsNotDistinctFrom(a, b) => joined(out, a, " IS NOT DISTINCT FROM ", b),
            Expr::AtTimeZone {
                timestamp,
                time_zone,
            } => joined(out, timestamp, " AT TIME ZONE ", time_zone),
            Expr::Named { expr, name } => {
                expr.write_sql(out);
                out.push_str(" AS ");
                name.write_sql(out);
            }
            Expr::Collate { expr, collation } => {
                expr.write_sql(out);
                out.push_str(" COLLATE ");
                collation.write_sql(out);
            }
            Expr::Prefixed { prefix, value } => {
                prefix.write_sql(out);
                out.push(' ');
                value.write_sql(out);
            }
            Expr::In {
                expr,
                target,
                negated,
                global: false,
            } => {
                negatable(out, expr, *negated, "IN ");
                target.write_sql(out);
            }
            Expr::Between {
                expr,
                negated,
                low,
                high,
            } => {
                negatable(out, expr, *negated, "BETWEEN ");
                joined(out, low, " AND ", high);
            }
            Expr::Like {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            } => {
                negatable(out, expr, *negated, "LIKE ");
                pattern_match(out, *any, "ANY ", pattern, escape_char.as_deref());
            }
            Expr::ILike {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            } => {
                negatable(out, expr, *negated, "ILIKE ");
                // Display writes no space after ANY when an ESCAPE follows.
                let word = if escape_char.is_some() { "ANY" } else { "ANY " };
                pattern_match(out, *any, word, pattern, escape_char.as_deref());
            }
            Expr::RLike {
                negated,
                expr,
                pattern,
                regexp,
            } => {
                negatable(
                    out,
                    expr,
                    *negated,
                    if *regexp { "REGEXP " } else { "RLIKE " },
                );
                pattern.write_sql(out);
            }
            Expr::AnyOp {
                left,
                compare_op,
                right,
                is_some,
            } => quantified(
                out,
                left,
                compare_op,
                if *is_some { "SOME" } else { "ANY" },
                right,
            ),
            Expr::AllOp {
                left,
                compare_op,
                right,
            } => quantified(out, left, compare_op, "ALL", right),
            Expr::Exists { subquery, negated } => {
                if *negated {
                    out.push_str("NOT ");
                }
                out.push_str("EXISTS (");
                subquery.write_sql(out);
                out.push(')');
            }
            Expr::Subquery(query) => {
                out.push('(');
                query.write_sql(out);
                out.push(')');
            }
            Expr::Function(f) => f.write_sql(out),
            Expr::Array(a) => a.write_sql(out),
            Expr::Interval(i) => i.write_sql(out),
            Expr::TypedString(t) => t.write_sql(out),
            Expr::Case { .. }
            | Expr::Cast { .. }
            | Expr::Convert { .. }
            | Expr::Extract { .. }
            | Expr::Ceil { .. }
            | Expr::Floor { .. }
            | Expr::Position { .. }
            | Expr::Substring { .. }
            | Expr::Trim { .. } => super::expr_special::keyword_form(self, out),
            // Forms our parser refuses by name or never reads, and the engine never builds.
            // ClickHouse's GLOBAL IN, which our parser never reads.
            Expr::In { global: true, .. } => unprintable(out),
            crate::sql::subset::foreign_expr!() => unprintable(out),
        }
    }
}

fn parenthesized(out: &mut String, e: &Expr) {
    out.push('(');
    e.write_sql(out);
    out.push(')');
}

fn suffixed(out: &mut String, e: &Expr, suffix: &str) {
    e.write_sql(out);
    out.push_str(suffix);
}

fn joined(out: &mut String, a: &Expr, between: &str, b: &Expr) {
    a.write_sql(out);
    out.push_str(between);
    b.write_sql(out);
}

fn binary(out: &mut String, left: &Expr, op: &BinaryOperator, right: &Expr) {
    left.write_sql(out);
    out.push(' ');
    op.write_sql(out);
    out.push(' ');
    right.write_sql(out);
}

/// `expr [NOT ]rest`: the start of IN, BETWEEN, LIKE and their kin.
fn negatable(out: &mut String, expr: &Expr, negated: bool, rest: &str) {
    expr.write_sql(out);
    out.push_str(if negated { " NOT " } else { " " });
    out.push_str(rest);
}

fn is_number(e: &Expr) -> bool {
    matches!(e, Expr::Value(v) if matches!(v.value, sqlparser::ast::Value::Number(..)))
}

/// What IN tests against: `(list)`, `(subquery)`, `UNNEST(array)` (SQLite's `IN table`,
/// which our parser refuses by name, as the marker).
impl ToSql for InTarget {
    fn write_sql(&self, out: &mut String) {
        match self {
            InTarget::List(list) => {
                out.push('(');
                comma(out, list);
                out.push(')');
            }
            InTarget::Subquery(query) => {
                out.push('(');
                query.write_sql(out);
                out.push(')');
            }
            InTarget::Unnest(array) => {
                out.push_str("UNNEST(");
                array.write_sql(out);
                out.push(')');
            }
            InTarget::Table { .. } => unprintable(out),
        }
    }
}

/// A LIKE or ILIKE pattern after the keyword: `[ANY ]pattern[ ESCAPE e]`.
fn pattern_match(out: &mut String, any: bool, any_word: &str, pattern: &Expr, esc: Option<&Expr>) {
    if any {
        out.push_str(any_word);
    }
    pattern.write_sql(out);
    if let Some(esc) = esc {
        out.push_str(" ESCAPE ");
        esc.write_sql(out);
    }
}

/// `left op ANY(right)`: a subquery brings its own parentheses.
fn quantified(out: &mut String, left: &Expr, op: &BinaryOperator, word: &str, right: &Expr) {
    left.write_sql(out);
    out.push(' ');
    op.write_sql(out);
    out.push(' ');
    out.push_str(word);
    if matches!(right, Expr::Subquery(_)) {
        right.write_sql(out);
    } else {
        parenthesized(out, right);
    }
}

fn unary(out: &mut String, op: &UnaryOperator, expr: &Expr) {
    use UnaryOperator as U;
    if *op == U::PGPostfixFactorial {
        expr.write_sql(out);
        // `x ! !`: a second `!` right after the first would read as `!!`.
        if matches!(
            expr,
            Expr::UnaryOp {
                op: U::PGPostfixFactorial,
                ..
            }
        ) {
            out.push(' ');
        }
        return op.write_sql(out);
    }
    op.write_sql(out);
    match op {
        // The operators spelt as words (or that would run into their operand) take a space.
        U::Not
        | U::BitwiseNot
        | U::Hash
        | U::AtDashAt
        | U::DoubleAt
        | U::PGAbs
        | U::QuestionDash
        | U::QuestionPipe
        | U::PGSquareRoot
        | U::PGCubeRoot => out.push(' '),
        // `-` takes a space before an operand that starts with an operator's character
        // (`- -1`: `--` starts a comment).
        U::Minus | U::BangNot => {
            let at = out.len();
            expr.write_sql(out);
            if out[at..].starts_with(|c| "+-*/<>=~!@%#^&|".contains(c)) {
                out.insert(at, ' ');
            }
            return;
        }
        U::Plus | U::PGPrefixFactorial | U::PGPostfixFactorial => {}
    }
    expr.write_sql(out);
}

#[cfg(test)]
#[path = "expr_tests.rs"]
mod expr_tests;
