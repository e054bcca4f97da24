//! What PostgreSQL's integer types do to a value, for the two SQLite functions the store
//! registers: `ql_int_arith(steps, a, b, ...)` (integer arithmetic, each result checked
//! against the range of its type) and `ql_int_cast(x, bits, from_float)` (a cast to smallint, integer
//! or bigint). SQLite computes in 64 bits and turns an overflow into a float; PostgreSQL
//! stops the statement with 22003. The failures carry PostgreSQL's SQLSTATE and words.

use crate::trace::Value;

/// The SQLite function that computes `a op b` over integers and checks the result.
pub const ARITH_FN: &str = "ql_int_arith";

/// The SQLite function that casts a value to an integer type as PostgreSQL does.
pub const CAST_FN: &str = "ql_int_cast";

/// How a failure's message starts: then the SQLSTATE, a space and PostgreSQL's message
/// (`ql: server error 22003 integer out of range`), which `engine::errors` hands on as it is.
pub const SERVER_ERROR: &str = "ql: server error ";

/// PostgreSQL's name of the integer type `bits` wide (16, 32 or 64).
pub fn type_name(bits: i64) -> &'static str {
    match bits {
        16 => "smallint",
        32 => "integer",
        _ => "bigint",
    }
}

fn range(bits: i64) -> (i64, i64) {
    match bits {
        16 => (i16::MIN.into(), i16::MAX.into()),
        32 => (i32::MIN.into(), i32::MAX.into()),
        _ => (i64::MIN, i64::MAX),
    }
}

fn out_of_range(bits: i64) -> String {
    format!("{SERVER_ERROR}22003 {} out of range", type_name(bits))
}

/// An integer result of PostgreSQL type `bits` wide, checked against its range; a float is
/// SQLite's overflow of 64 bits.
fn check_range(v: Value, bits: i64) -> Result<Value, String> {
    let (min, max) = range(bits);
    match v {
        Value::Int(n) if n < min || n > max => Err(out_of_range(bits)),
        Value::Real(_) => Err(out_of_range(bits)),
        other => Ok(other),
    }
}

/// `ql_int_arith(steps, v0, v1, ...)`: `v0 op1 v1 op2 v2 ...` computed left to right over
/// integers as PostgreSQL computes it, each step (`+32`: the operator, then the bits of the
/// type it computes in) failing past that type's range, `/` truncating toward zero and
/// failing for a zero divisor. The planner builds it only where the operands are integers;
/// a value of another kind (which no checked column holds) is computed as SQLite would, as a
/// float.
pub fn arith(steps: &str, values: Vec<Value>) -> Result<Value, String> {
    let mut values = values.into_iter();
    let mut acc = values.next().unwrap_or(Value::Null);
    for step in steps.split(' ') {
        let b = values.next().unwrap_or(Value::Null);
        let (op, bits) = step.split_at(step.len().min(1));
        let bits: i64 = bits.parse().unwrap_or(64);
        acc = arith_step(acc, b, op, bits)?;
    }
    Ok(acc)
}

fn arith_step(a: Value, b: Value, op: &str, bits: i64) -> Result<Value, String> {
    let (x, y) = match (a, b) {
        (Value::Null, _) | (_, Value::Null) => return Ok(Value::Null),
        (Value::Int(x), Value::Int(y)) => (x, y),
        (a, b) => return float_arith(number(&a), number(&b), op),
    };
    let n = match op {
        "+" => x.checked_add(y),
        "-" => x.checked_sub(y),
        "*" => x.checked_mul(y),
        _ if y == 0 => return Err(crate::dialect::division::DIVISION_BY_ZERO.into()),
        _ => x.checked_div(y),
    };
    match n {
        Some(n) => check_range(Value::Int(n), bits),
        None => Err(out_of_range(bits)),
    }
}

fn float_arith(x: f64, y: f64, op: &str) -> Result<Value, String> {
    Ok(Value::Real(match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        _ if y == 0.0 => return Err(crate::dialect::division::DIVISION_BY_ZERO.into()),
        _ => x / y,
    }))
}

/// A value as SQLite reads it as a number: text by its leading number, else 0.
fn number(v: &Value) -> f64 {
    match v {
        Value::Int(i) => *i as f64,
        Value::Real(r) => *r,
        Value::Text(t) => crate::decimal::parse_f64(t.trim()).unwrap_or(0.0),
        _ => 0.0,
    }
}

/// `ql_int_cast(x, bits, from_float)`: `x::int` and its kin. An integer is checked against
/// the range; a fraction is rounded first, half to even from a float (PostgreSQL's `rint`)
/// and half away from zero from a numeric; text must be an integer in decimal digits,
/// spaces around it allowed (22P02 otherwise), and in range (22003 naming the text).
pub fn cast(v: Value, bits: i64, from_float: bool) -> Result<Value, String> {
    let (min, max) = range(bits);
    match v {
        Value::Int(n) if n < min || n > max => Err(out_of_range(bits)),
        Value::Real(r) => {
            let r = if from_float {
                r.round_ties_even()
            } else {
                r.round()
            };
            // `max as f64` rounds up to 2^63 for bigint: the bound is exclusive.
            if r.is_nan() || r < min as f64 || r >= (max as f64) + 1.0 {
                return Err(out_of_range(bits));
            }
            Ok(Value::Int(r as i64))
        }
        Value::Text(t) => match parse(&t) {
            Parsed::Number(n) if n >= min && n <= max => Ok(Value::Int(n)),
            Parsed::Number(_) | Parsed::TooLong => Err(format!(
                "{SERVER_ERROR}22003 value \"{t}\" is out of range for type {}",
                type_name(bits)
            )),
            Parsed::Invalid => Err(format!(
                "{SERVER_ERROR}22P02 invalid input syntax for type {}: \"{t}\"",
                type_name(bits)
            )),
        },
        other => Ok(other),
    }
}

enum Parsed {
    Number(i64),
    /// An integer past 64 bits.
    TooLong,
    Invalid,
}

/// PostgreSQL 15's reading of integer text: white space, a sign, decimal digits, white space.
/// Byte by byte: each `str` pattern API is more code in the browser download.
fn parse(t: &str) -> Parsed {
    let bytes = t.as_bytes();
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let start = bytes.iter().position(|b| !space(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |i| i + 1);
    let mut body = &bytes[start..end];
    let negative = body.first() == Some(&b'-');
    if matches!(body.first(), Some(b'-' | b'+')) {
        body = &body[1..];
    }
    if body.is_empty() || !body.iter().all(u8::is_ascii_digit) {
        return Parsed::Invalid;
    }
    // The magnitude, as far as 2^63 (the magnitude of the smallest bigint).
    let mut n: u64 = 0;
    for b in body {
        match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
        {
            Some(m) if m <= 1 << 63 => n = m,
            _ => return Parsed::TooLong,
        }
    }
    match (negative, i64::try_from(n)) {
        (false, Ok(n)) => Parsed::Number(n),
        (true, Ok(n)) => Parsed::Number(-n),
        (true, Err(_)) => Parsed::Number(i64::MIN),
        (false, Err(_)) => Parsed::TooLong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_past_the_type_fails_and_a_float_means_64_bits_overflowed() {
        assert_eq!(
            check_range(Value::Int(2147483647), 32),
            Ok(Value::Int(2147483647))
        );
        assert_eq!(
            check_range(Value::Int(2147483648), 32),
            Err("ql: server error 22003 integer out of range".into())
        );
        assert_eq!(
            check_range(Value::Int(-32769), 16),
            Err("ql: server error 22003 smallint out of range".into())
        );
        assert_eq!(
            check_range(Value::Real(9.2e18), 64),
            Err("ql: server error 22003 bigint out of range".into())
        );
        assert_eq!(check_range(Value::Null, 64), Ok(Value::Null));
    }

    #[test]
    fn arithmetic_is_computed_and_checked_as_postgres_computes_it() {
        let int = Value::Int;
        let one = |a, op: &str, b, bits: i64| arith(&format!("{op}{bits}"), vec![a, b]);
        assert_eq!(one(int(2147483647), "+", int(-1), 32), Ok(int(2147483646)));
        assert_eq!(
            one(int(2147483647), "+", int(1), 32),
            Err("ql: server error 22003 integer out of range".into())
        );
        assert_eq!(
            one(int(i64::MAX), "+", int(1), 64),
            Err("ql: server error 22003 bigint out of range".into())
        );
        assert_eq!(
            one(int(i64::MIN), "/", int(-1), 64),
            Err("ql: server error 22003 bigint out of range".into())
        );
        assert_eq!(one(int(-7), "/", int(2), 32), Ok(int(-3)));
        assert_eq!(one(int(300), "*", int(-200), 32), Ok(int(-60000)));
        assert_eq!(
            one(int(300), "*", int(200), 16),
            Err("ql: server error 22003 smallint out of range".into())
        );
        assert_eq!(
            one(int(1), "/", int(0), 32),
            Err(crate::dialect::division::DIVISION_BY_ZERO.into())
        );
        assert_eq!(one(Value::Null, "/", int(0), 32), Ok(Value::Null));
        assert_eq!(one(int(1), "+", Value::Real(0.5), 32), Ok(Value::Real(1.5)));
        // A chain fails at the step that leaves the range, even if a later one comes back.
        assert_eq!(
            arith("+32 -32", vec![int(2147483647), int(1), int(1)]),
            Err("ql: server error 22003 integer out of range".into())
        );
        assert_eq!(
            arith(
                "+32 -64 *64",
                vec![int(2147483646), int(1), int(3000000000), int(2)]
            ),
            Ok(int(-1705032706))
        );
    }

    #[test]
    fn casts_round_as_postgres_and_read_text_strictly() {
        // numeric rounds half away from zero, float8 half to even.
        assert_eq!(cast(Value::Real(2.5), 32, false), Ok(Value::Int(3)));
        assert_eq!(cast(Value::Real(-2.5), 32, false), Ok(Value::Int(-3)));
        assert_eq!(cast(Value::Real(2.5), 32, true), Ok(Value::Int(2)));
        assert_eq!(cast(Value::Real(3.5), 32, true), Ok(Value::Int(4)));
        assert_eq!(
            cast(Value::Real(2147483647.5), 32, false),
            Err("ql: server error 22003 integer out of range".into())
        );
        assert_eq!(
            cast(Value::Real(9.3e18), 64, true),
            Err("ql: server error 22003 bigint out of range".into())
        );
        assert_eq!(
            cast(Value::Real(-9223372036854775808.0), 64, true),
            Ok(Value::Int(i64::MIN))
        );
        assert_eq!(
            cast(Value::Text(" -42 ".into()), 16, false),
            Ok(Value::Int(-42))
        );
        assert_eq!(
            cast(Value::Text("+007".into()), 32, false),
            Ok(Value::Int(7))
        );
        assert_eq!(
            cast(Value::Text("3.9".into()), 32, false),
            Err("ql: server error 22P02 invalid input syntax for type integer: \"3.9\"".into())
        );
        for bad in ["", " ", "-", "1e3", "0x10", "1 2"] {
            assert!(cast(Value::Text(bad.into()), 32, false)
                .is_err_and(|e| e.starts_with("ql: server error 22P02")));
        }
        assert_eq!(
            cast(Value::Text("99999999999".into()), 32, false),
            Err(
                "ql: server error 22003 value \"99999999999\" is out of range for type integer"
                    .into()
            )
        );
        assert_eq!(
            cast(Value::Text("9".repeat(40)), 64, false),
            Err(format!(
                "ql: server error 22003 value \"{}\" is out of range for type bigint",
                "9".repeat(40)
            ))
        );
        assert_eq!(
            cast(Value::Text("-9223372036854775808".into()), 64, false),
            Ok(Value::Int(i64::MIN))
        );
    }
}
