//! Rule: a fraction written to an integer column is rounded, as PostgreSQL and MariaDB round
//! it. SQLite keeps `1.5` in an `int` column as the float 1.5, and the lab would go on with a
//! row no server has. Both servers round a decimal half away from zero (2.5 is 3) and a
//! float half to even (2.5e0 is 2); MariaDB also reads a number in text (`'2.5'` is 3),
//! where PostgreSQL refuses text that is no integer (22P02, `types.rs`). So each value an
//! INSERT or UPDATE writes to an integer column, unless it is an integer already (an integer
//! literal, an integer column, `int_types.rs`), goes through
//! `ql_int_round(x, from_float, read_text)`. What it hands back is then checked against the
//! column's range by `types.rs`, as every written value is.

use super::catalog::{Catalog, TableDef};
use super::exprs::int_expr;
use super::int_types::{Columns, IntType};
use super::types::Admits;
use super::Dialect;
use crate::trace::Value;
use sqlparser::ast::{Expr, Statement};

/// The SQLite function that rounds a value written to an integer column.
pub const ROUND_FN: &str = "ql_int_round";

/// Rounds what `stmt` writes to `dialect`'s integer columns, its names resolved by
/// `columns`; the rule's note if it did.
pub fn round(
    dialect: Dialect,
    stmt: &mut Statement,
    catalog: &Catalog,
    columns: &Columns,
) -> Option<String> {
    if !dialect.checks_column_types() {
        return None;
    }
    let fit = Fit { dialect, columns };
    let any = super::writes::each(stmt, catalog, &mut |def, column, value| {
        fit.value(def, column, value)
    });
    any.then(|| {
        format!(
            "values that may be fractions go into integer columns through {ROUND_FN}(x, from_float, read_text): rounded as the server rounds them"
        )
    })
}

struct Fit<'c, 'a> {
    dialect: Dialect,
    columns: &'c Columns<'a>,
}

impl Fit<'_, '_> {
    /// Wraps `value`, written to `column` of `def`, if it may be a fraction there.
    fn value(&self, def: &TableDef, column: &str, value: &mut Expr) -> bool {
        let integer_column = def
            .column(column)
            .is_some_and(|c| matches!(c.admits, Admits::Integer { .. }));
        if !integer_column {
            return false;
        }
        if let Some(bits) = self.postgres_text(def, column, value) {
            // PostgreSQL reads the text as the column's type, as a cast does (22P02 for
            // '2.5', which SQLite would store as the float 2.5).
            let v = std::mem::replace(value, Expr::Value(sqlparser::ast::Value::Null.into()));
            *value = super::exprs::call(
                super::postgres::int_values::CAST_FN,
                vec![v, int_expr(bits), int_expr(0)],
            );
            return true;
        }
        if !self.may_be_fraction(value) {
            return false;
        }
        let from_float = self.columns.is_float(value) || self.float_literal(value);
        let read_text = self.dialect == Dialect::MySql;
        let v = std::mem::replace(value, Expr::Value(sqlparser::ast::Value::Null.into()));
        *value = super::exprs::call(
            ROUND_FN,
            vec![
                v,
                int_expr(i64::from(from_float)),
                int_expr(i64::from(read_text)),
            ],
        );
        true
    }

    /// For a string literal PostgreSQL writes to an integer column: the column's bits.
    fn postgres_text(&self, def: &TableDef, column: &str, e: &Expr) -> Option<i64> {
        use sqlparser::ast::Value as V;
        if self.dialect != Dialect::Postgres {
            return None;
        }
        let Expr::Value(v) = e else { return None };
        if !matches!(v.value, V::SingleQuotedString(_)) {
            return None;
        }
        IntType::of_column(&def.column(column)?.admits).map(IntType::bits)
    }

    fn may_be_fraction(&self, e: &Expr) -> bool {
        use sqlparser::ast::Value as V;
        match e {
            Expr::Value(v) => match &v.value {
                V::Number(n, _) => !n.bytes().all(|b| b.is_ascii_digit()),
                // MariaDB reads `'2.5'` as 3; PostgreSQL refuses it (`types.rs`).
                V::SingleQuotedString(s) | V::DoubleQuotedString(s) => {
                    self.dialect == Dialect::MySql
                        && s.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
                }
                _ => false,
            },
            Expr::Identifier(i)
                if i.quote_style.is_none() && i.value.eq_ignore_ascii_case("default") =>
            {
                false
            }
            other => self.columns.int_type(other).is_none(),
        }
    }

    /// MySQL reads `2.5e0` as a double; PostgreSQL reads it as a numeric.
    fn float_literal(&self, e: &Expr) -> bool {
        self.dialect == Dialect::MySql
            && matches!(e, Expr::Value(v) if matches!(&v.value, sqlparser::ast::Value::Number(n, _) if n.bytes().any(|b| b == b'e' || b == b'E')))
    }
}

/// `ql_int_round(x, from_float, read_text)`: a float rounded half to even if `from_float`,
/// else half away from zero; with `read_text`, text that is a number with a fraction or an
/// exponent, rounded half away from zero. Anything else comes back as it is, for the column
/// check. A result past 64 bits stays a float, which the column check finds out of range.
pub fn round_value(v: Value, from_float: bool, read_text: bool) -> Value {
    let r = match &v {
        Value::Real(r) => {
            if from_float {
                r.round_ties_even()
            } else {
                r.round()
            }
        }
        Value::Text(t) if read_text => match decimal_text(t) {
            Some(r) => r.round(),
            None => return v,
        },
        _ => return v,
    };
    if (-9223372036854775808.0..9223372036854775808.0).contains(&r) {
        Value::Int(r as i64)
    } else {
        Value::Real(r)
    }
}

/// A number with a fraction or an exponent, spaces around it allowed, as MariaDB reads one.
/// Byte by byte: each `str` pattern API is more code in the browser download.
fn decimal_text(t: &str) -> Option<f64> {
    let bytes = t.as_bytes();
    let start = bytes.iter().position(|b| *b != b' ')?;
    let end = bytes.iter().rposition(|b| *b != b' ')? + 1;
    let number = &bytes[start..end];
    let mut i = usize::from(matches!(number.first(), Some(b'-' | b'+')));
    let digits = |i: &mut usize| {
        let from = *i;
        while number.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - from
    };
    let mut mantissa = digits(&mut i);
    let point = number.get(i) == Some(&b'.');
    if point {
        i += 1;
        mantissa += digits(&mut i);
    }
    let exponent = matches!(number.get(i), Some(b'e' | b'E'));
    if exponent {
        i += 1;
        i += usize::from(matches!(number.get(i), Some(b'-' | b'+')));
        if digits(&mut i) == 0 {
            return None;
        }
    }
    if mantissa == 0 || i != number.len() || !(point || exponent) {
        return None;
    }
    crate::decimal::parse_f64(t.get(start..end)?)
}

#[cfg(test)]
mod tests;
