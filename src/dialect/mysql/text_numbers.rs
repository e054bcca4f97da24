//! Rule: a string compared with a number is compared as a number, as MariaDB compares them.
//! SQLite compares them by its own rules: a number is less than any text, unless one side is
//! a column whose affinity converts the other. So `WHERE status = 0` on a VARCHAR column
//! found no row where MariaDB finds every `'ready'` (it reads as 0), `'7abc' = 7` was 0
//! where it is 1, and `s > 6` compared texts (`'10' > 6` is 1 on the server). Probed on
//! 10.11: the string reads as its longest leading number, after leading whitespace
//! (`' 5'`, `'+5'`, `'5.'`, `'1e2'`; `'7abc'` is 7, `'abc'`, `''` and `'0x10'` are 0);
//! trailing whitespace is no loss, anything else is (a warning).
//!
//! In an UPDATE, INSERT or REPLACE (strict mode makes the warning an error) a loss read row
//! by row is the server's 1292, `Truncated incorrect DECIMAL value: 'abc'` (DOUBLE where
//! the number is a double, a decimal constant, or a decimal compared with a string column);
//! a SELECT or DELETE reads on. So a string column (or other string expression) compared with
//! a number becomes `ql_text_number(s, word)` (`engine::text_number`), with the word only in
//! those statements; a string constant becomes the number it reads as (so an index on the
//! other side still serves the read). A constant that loses something, in those statements,
//! is refused by name: whether the server fails depends on its access path (the conversion
//! happens once, with a warning, when an index reads the range; row by row, failing, when
//! not). The strings of a number's IN list or BETWEEN are read so too; a string tested
//! against numbers there (`s IN (5, 10)`), or against a subquery's column of the other kind,
//! is refused by name (the server picks one comparison type for all by rules of its own).
//! In those statements a string in arithmetic (`s + 1`, `-s`, `s DIV 2`) is read the same way,
//! failing on a loss; elsewhere SQLite reads it as the server does (its leading number).

use super::super::exprs::scalar_subquery_expr;
use super::super::int_types::{column_named, Columns};
use super::super::num_types::{self, NumType};
use super::super::walk;
use super::super::Dialect;
use crate::sql::build::call;
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, Expr, InTarget, Statement, UnaryOperator, Value};
use std::ops::ControlFlow;

/// `ql_text_number(x, word)`: `x` read as MariaDB reads a string as a number; with a word
/// (`DECIMAL`, `DOUBLE`), a loss is error 1292 in it.
pub const FUNCTION: &str = "ql_text_number";

/// A string read as a number: its value, and whether anything but whitespace was left over.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    pub value: Number,
    pub lossy: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    Int(i64),
    Real(f64),
}

/// Reads `text` as MariaDB reads a string as a number: leading whitespace, a sign, digits,
/// a point and digits, an exponent (an exponent with no digits is left over).
pub fn read(text: &str) -> Reading {
    let b = text.as_bytes();
    let space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let start = b.iter().position(|&c| !space(c)).unwrap_or(b.len());
    let mut i = start + usize::from(matches!(b.get(start), Some(b'+' | b'-')));
    let whole_end = digits(i);
    let mut end = whole_end;
    let mut integral = true;
    if b.get(end) == Some(&b'.') {
        end = digits(end + 1);
        integral = false;
    }
    let has_digits = end - i > usize::from(!integral);
    if has_digits && matches!(b.get(end), Some(b'e' | b'E')) {
        let mut j = end + 1;
        j += usize::from(matches!(b.get(j), Some(b'+' | b'-')));
        if digits(j) > j {
            end = digits(j);
            integral = false;
        }
    }
    if !has_digits {
        end = start;
        i = start;
    }
    let lossy = !has_digits || !b[end..].iter().all(|&c| space(c));
    let number = &text[start..end];
    let value = match number.parse::<i64>() {
        Ok(n) if integral => Number::Int(n),
        _ if i == end => Number::Int(0),
        _ => Number::Real(crate::decimal::parse_f64(number).unwrap_or(0.0)),
    };
    Reading { value, lossy }
}

/// Rewrites the comparisons of strings with numbers in `stmt`; the note, if one changed.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> Result<Option<String>, StepError> {
    let strict = matches!(stmt, Statement::Insert(_) | Statement::Update(_));
    super::super::headers::keep_as_written(stmt, &|e| {
        compared(e, columns).is_some()
            || matches!(
                list_of_strings(&mut e.duplicate(), columns, strict),
                Ok(true)
            )
            || (strict && arithmetic_on_text(&mut e.duplicate(), columns))
    });
    let mut fired = false;
    let mut refused = None;
    walk::exprs(stmt, &mut |e| {
        if strict && arithmetic_on_text(e, columns) {
            fired = true;
            return ControlFlow::Continue(());
        }
        let failure = match e {
            Expr::BinaryOp { left, op, right } if comparison(op) => {
                let (a, b) = (side(left, columns), side(right, columns));
                let converted = match (a, b) {
                    (Side::Text, Side::Number(n)) => convert(left, n, constant(right), strict),
                    (Side::Number(n), Side::Text) => convert(right, n, constant(left), strict),
                    _ => Ok(false),
                };
                converted.map_err(|()| LOSSY)
            }
            _ if mixed_list(e, columns) => Err(MIXED),
            _ => list_of_strings(e, columns, strict).map_err(|()| LOSSY),
        };
        match failure {
            Ok(changed) => fired |= changed,
            Err(instead) => {
                refused = Some((e.to_sql(), instead));
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if let Some((what, instead)) = refused {
        return Err(super::super::common::unsupported_with(
            Dialect::MySql,
            &what,
            instead,
        ));
    }
    Ok(fired.then(|| {
        format!("a string compared with a number is read as a number, as MariaDB reads it ('7abc' is 7, 'abc' 0): {FUNCTION}(), or the number a constant reads as")
    }))
}

const LOSSY: &str = "MariaDB reads the string as a number there, failing (1292) or warning as its access path goes; compare the string with a string ('0') or the number with a number";
const MIXED: &str = "MariaDB compares strings and numbers there by rules of its own; compare strings with strings, or each value with `=` and OR";

/// In a write, the string operands of arithmetic read row by row, failing on a loss (1292:
/// DECIMAL for DIV, DOUBLE for the others); elsewhere SQLite's own reading of a string in
/// arithmetic is the server's (its leading number). Whether `e` was such arithmetic.
fn arithmetic_on_text(e: &mut Expr, columns: &Columns) -> bool {
    use BinaryOperator::*;
    let (operands, word): (Vec<&mut Expr>, &str) = match e {
        Expr::BinaryOp {
            left,
            op: Plus | Minus | Multiply | Modulo,
            right,
        } => (vec![left, right], "DOUBLE"),
        Expr::BinaryOp {
            left,
            op: MyIntegerDivide,
            right,
        } => (vec![left, right], "DECIMAL"),
        Expr::UnaryOp {
            op: UnaryOperator::Minus | UnaryOperator::Plus,
            expr,
        } => (vec![expr], "DOUBLE"),
        _ => return false,
    };
    let mut fired = false;
    for operand in operands {
        if matches!(side(operand, columns), Side::Text) {
            let word = Expr::value(Value::SingleQuotedString(word.into()));
            *operand = call(FUNCTION, vec![operand.duplicate(), word]);
            fired = true;
        }
    }
    fired
}

#[derive(Clone, Copy)]
enum Side {
    Text,
    Number(NumType),
    Other,
}

/// The comparison `e` of a string with a number, if it is one.
fn compared(e: &Expr, columns: &Columns) -> Option<()> {
    let Expr::BinaryOp { left, op, right } = e else {
        return None;
    };
    (comparison(op) && text_and_number(left, right, columns)).then_some(())
}

fn text_and_number(a: &Expr, b: &Expr, columns: &Columns) -> bool {
    matches!(
        (side(a, columns), side(b, columns)),
        (Side::Text, Side::Number(_)) | (Side::Number(_), Side::Text)
    )
}

/// A string tested against numbers (`s IN (5, 10)`, `s BETWEEN 1 AND 9`), or a number
/// against a subquery's strings or the other way round: refused, as MariaDB picks one
/// comparison type for them by rules the lab does not model.
fn mixed_list(e: &Expr, columns: &Columns) -> bool {
    let text = |x: &Expr| matches!(side(x, columns), Side::Text);
    let number = |x: &Expr| matches!(side(x, columns), Side::Number(_));
    match e {
        Expr::In {
            expr,
            target: InTarget::List(list),
            ..
        } => text(expr) && list.iter().any(number),
        Expr::Between {
            expr, low, high, ..
        } => text(expr) && (number(low) || number(high)),
        Expr::In {
            expr,
            target: InTarget::Subquery(q),
            ..
        } => scalar_subquery_expr(q).is_some_and(|x| text_and_number(expr, x, columns)),
        _ => false,
    }
}

/// A number tested against strings (`id IN ('5', '7')`, `n BETWEEN '1' AND '9'`): each
/// string read as a number. Whether any was.
fn list_of_strings(e: &mut Expr, columns: &Columns, strict: bool) -> Result<bool, ()> {
    let (expr, values): (&Expr, Vec<&mut Expr>) = match e {
        Expr::In {
            expr,
            target: InTarget::List(list),
            ..
        } => (expr, list.iter_mut().collect()),
        Expr::Between {
            expr, low, high, ..
        } => (expr, vec![low, high]),
        _ => return Ok(false),
    };
    let Side::Number(n) = side(expr, columns) else {
        return Ok(false);
    };
    let mut changed = false;
    for v in values {
        if matches!(side(v, columns), Side::Text) {
            changed |= convert(v, n, constant(expr), strict)?;
        }
    }
    Ok(changed)
}

fn comparison(op: &BinaryOperator) -> bool {
    use BinaryOperator::*;
    matches!(op, Eq | NotEq | Lt | LtEq | Gt | GtEq | Spaceship)
}

/// Functions of MariaDB's that answer a string.
const STRING_FUNCTIONS: &[&str] = &[
    "concat",
    "concat_ws",
    "lcase",
    "left",
    "lower",
    "lpad",
    "ltrim",
    "repeat",
    "replace",
    "reverse",
    "right",
    "rpad",
    "rtrim",
    "substr",
    "substring",
    "trim",
    "ucase",
    "upper",
];

fn side(e: &Expr, columns: &Columns) -> Side {
    match e {
        Expr::Nested(inner) => side(inner, columns),
        Expr::Value(v) if matches!(v.value, Value::SingleQuotedString(_)) => Side::Text,
        Expr::Substring { .. } | Expr::Trim { .. } => Side::Text,
        Expr::Function(f)
            if STRING_FUNCTIONS
                .iter()
                .any(|n| f.name.to_sql().eq_ignore_ascii_case(n)) =>
        {
            Side::Text
        }
        Expr::Subquery(q) => {
            scalar_subquery_expr(q).map_or(Side::Other, |item| side(item, columns))
        }
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
            let text = column_named(e).and_then(|(q, name)| {
                columns.columns_give(q, name, |c| Some(c.case_blind || c.compares_bytes()))
            });
            match text {
                Some(true) => Side::Text,
                _ => number_side(e, columns),
            }
        }
        _ => number_side(e, columns),
    }
}

fn number_side(e: &Expr, columns: &Columns) -> Side {
    num_types::of(e, columns, Dialect::MySql).map_or(Side::Other, Side::Number)
}

/// Whether `e` reads nothing: literals and operations on them.
fn constant(e: &Expr) -> bool {
    match e {
        Expr::Value(_) => true,
        Expr::Nested(inner) | Expr::UnaryOp { expr: inner, .. } => constant(inner),
        Expr::BinaryOp { left, right, .. } => constant(left) && constant(right),
        _ => false,
    }
}

/// Makes `operand` (a string) the number MariaDB reads it as, compared with a number of type
/// `number` (a constant if `other_constant`); `Err` for a lossy constant the lab refuses.
fn convert(
    operand: &mut Expr,
    number: NumType,
    other_constant: bool,
    strict: bool,
) -> Result<bool, ()> {
    if let Some(text) = string_literal(operand) {
        let reading = read(text);
        if reading.lossy && strict && !other_constant {
            return Err(());
        }
        if let Some(number) = literal(reading.value) {
            *operand = Expr::value(Value::Number(number, false));
            return Ok(true);
        }
    }
    // Only a string that is not a constant gets a word: a decimal column compared with a
    // string column is read as a DOUBLE, with a string constant as a DECIMAL.
    let word = match (strict, number) {
        (false, _) => Expr::value(Value::Null),
        (true, NumType::Int) => Expr::value(Value::SingleQuotedString("DECIMAL".into())),
        (true, _) => Expr::value(Value::SingleQuotedString("DOUBLE".into())),
    };
    *operand = call(FUNCTION, vec![operand.duplicate(), word]);
    Ok(true)
}

/// A number's SQL literal: an integer's digits, a finite double's shortest digits with an
/// exponent (a DOUBLE to MariaDB), written without Rust's float formatting (`float_text.rs`).
fn literal(n: Number) -> Option<String> {
    match n {
        Number::Int(n) => Some(n.to_string()),
        Number::Real(r) if r.is_finite() => {
            let (digits, point) = crate::float_text::shortest(r);
            let sign = if r < 0.0 { "-" } else { "" };
            let digits = String::from_utf8_lossy(&digits).into_owned();
            Some(format!("{sign}0.{digits}e{point}"))
        }
        Number::Real(_) => None,
    }
}

fn string_literal(e: &Expr) -> Option<&str> {
    match e {
        Expr::Nested(inner) => string_literal(inner),
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(text: &str) -> (Number, bool) {
        let r = read(text);
        (r.value, r.lossy)
    }

    /// Each as MariaDB 10.11 read it (`s = 5`, `s + 0`, and whether an UPDATE failed).
    #[test]
    fn strings_read_as_the_server_reads_them() {
        use Number::{Int, Real};
        assert_eq!(reads("5"), (Int(5), false));
        assert_eq!(reads(" 5"), (Int(5), false));
        assert_eq!(reads("5 \t"), (Int(5), false));
        assert_eq!(reads("\n5"), (Int(5), false));
        assert_eq!(reads("+5"), (Int(5), false));
        assert_eq!(reads("-5"), (Int(-5), false));
        assert_eq!(reads("5."), (Real(5.0), false));
        assert_eq!(reads(".5"), (Real(0.5), false));
        assert_eq!(reads("1e2"), (Real(100.0), false));
        assert_eq!(reads("7abc"), (Int(7), true));
        assert_eq!(reads("5x"), (Int(5), true));
        assert_eq!(reads("1e"), (Int(1), true));
        assert_eq!(reads("1e+"), (Int(1), true));
        assert_eq!(reads("1,5"), (Int(1), true));
        assert_eq!(reads("abc"), (Int(0), true));
        assert_eq!(reads(""), (Int(0), true));
        assert_eq!(reads("  "), (Int(0), true));
        assert_eq!(reads("0x10"), (Int(0), true));
        assert_eq!(reads("--5"), (Int(0), true));
        assert_eq!(reads("."), (Int(0), true));
        assert_eq!(
            reads("99999999999999999999999"),
            (Real(99999999999999999999999.0), false)
        );
    }
}
