//! Numbers in the text form each server gives its clients. SQLite keeps a double and a
//! decimal alike as a 64-bit float, and the lab would print `1.0` for PostgreSQL's `1`
//! (double precision) or `1.00` (numeric(10,2)). The planner types the result columns
//! (`num_types.rs`) and these write their values:
//! - a double the shortest way that reads back as the same double, in fixed notation or, past
//!   the server's bounds, in exponent notation: PostgreSQL `1e+20` and `1e-05`, MariaDB `1e20`
//!   and `1e-16` (each server's bounds and exponent spelling differ);
//! - a decimal with exactly its scale's digits after the point, rounded half away from zero
//!   on those shortest digits (so the float's binary noise, `0.30000000000000004`, never
//!   shows).

use crate::float_text::{fixed_digits as fixed, shortest, signed_digits};

/// `d.ddd`, the digits in exponent notation's mantissa.
fn mantissa(out: &mut String, digits: &[u8]) {
    for (i, d) in digits.iter().enumerate() {
        if i == 1 {
            out.push('.');
        }
        out.push(char::from(*d));
    }
}

/// A `double precision` as PostgreSQL 15 prints it (`extra_float_digits` 1, its default):
/// exponent notation below 1e-4 and from 1e15 on, with a sign and at least two digits.
pub fn pg_double(r: f64) -> String {
    let (mut out, digits, point) = match signed_digits(r, "NaN", "Infinity") {
        Ok(parts) => parts,
        Err(text) => return text,
    };
    let exp = point - 1;
    if r == 0.0 || (-4..15).contains(&exp) {
        fixed(&mut out, &digits, point);
    } else {
        mantissa(&mut out, &digits);
        out.push_str(if exp < 0 { "e-" } else { "e+" });
        if exp.abs() < 10 {
            out.push('0');
        }
        out.push_str(&exp.abs().to_string());
    }
    out
}

/// A DOUBLE as MariaDB 10.11 prints it: fixed notation while the point is at most 15 places
/// right of the first digit (or inside the digits) and less than 15 zeros left of it, else
/// exponent notation without a `+` or padding (`1e15`, `1.5e-16`).
pub fn my_double(r: f64) -> String {
    let mut out = String::new();
    if r == 0.0 {
        out.push('0');
        return out;
    }
    if r < 0.0 {
        out.push('-');
    }
    let (digits, point) = shortest(r);
    let len = digits.len() as i32;
    if point >= -14 && (point <= 15 || len > point) {
        fixed(&mut out, &digits, point);
    } else {
        mantissa(&mut out, &digits);
        out.push('e');
        out.push_str(&(point - 1).to_string());
    }
    out
}

/// A decimal of scale `scale` (digits after the point), both servers alike: `2.50`, `3.00`,
/// `-0.13`. The value's shortest digits are rounded half away from zero to the scale.
pub fn decimal(r: f64, scale: u32) -> String {
    let (mut digits, mut point) = shortest(r);
    let keep = point + scale as i32;
    if keep < 0 {
        digits.clear();
    } else if (keep as usize) < digits.len() {
        let up = digits[keep as usize] >= b'5';
        digits.truncate(keep as usize);
        if up {
            round_up(&mut digits, &mut point);
        }
    }
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    let mut out = String::new();
    if digits.is_empty() {
        point = 1;
        digits.push(b'0');
    } else if r < 0.0 {
        out.push('-');
    }
    // Pad to the scale, then write the digits with the point in place.
    let len = digits.len() as i32;
    let want = point.max(1) + scale as i32;
    let lead = if point < 1 { 1 - point } else { 0 };
    let mut all = vec![b'0'; lead as usize];
    all.extend_from_slice(&digits);
    all.resize((want).max(lead + len) as usize, b'0');
    let int_digits = point.max(1) as usize;
    for (i, d) in all.iter().enumerate() {
        if i == int_digits {
            out.push('.');
        }
        out.push(char::from(*d));
    }
    out
}

/// Adds one in the last place of `digits` (a carry past the first digit moves the point).
fn round_up(digits: &mut Vec<u8>, point: &mut i32) {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, b'1');
    *point += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_doubles_are_printed_as_postgres_prints_them() {
        // Each pair read off PostgreSQL 15 (`SELECT x::float8`).
        for (r, text) in [
            (1.0, "1"),
            (1e20, "1e+20"),
            (1.5, "1.5"),
            (0.1, "0.1"),
            (1e-5, "1e-05"),
            (123456789012345.0, "123456789012345"),
            (1234567890123456.0, "1.234567890123456e+15"),
            (1e15, "1e+15"),
            (0.0001, "0.0001"),
            (0.00012345, "0.00012345"),
            (0.000012345, "1.2345e-05"),
            (-1.5e300, "-1.5e+300"),
            (-0.0, "-0"),
            (5e-324, "5e-324"),
            (1e100, "1e+100"),
            (123456789012345.6, "123456789012345.6"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(pg_double(r), text, "{r:e}");
        }
    }

    #[test]
    fn mariadb_doubles_are_printed_as_mariadb_prints_them() {
        // Each pair read off MariaDB 10.11 (`SELECT x` of a DOUBLE).
        for (r, text) in [
            (1.0, "1"),
            (1e20, "1e20"),
            (1.5, "1.5"),
            (1e-7, "0.0000001"),
            (1.5e-10, "0.00000000015"),
            (1e16, "1e16"),
            (12345678901234567.0, "1.2345678901234568e16"),
            (1e15, "1e15"),
            (1e14, "100000000000000"),
            (1e-15, "0.000000000000001"),
            (1e-16, "1e-16"),
            (1.2345678901234567e-15, "0.0000000000000012345678901234568"),
            (1.2345678901234567e15, "1234567890123456.8"),
            (1.5e15, "1.5e15"),
            (-1.5e300, "-1.5e300"),
            (0.1 + 0.2, "0.30000000000000004"),
            (3.0, "3"),
        ] {
            assert_eq!(my_double(r), text, "{r:e}");
        }
    }

    #[test]
    fn every_double_reads_back_as_itself_from_both_servers_texts() {
        // A spread of bit patterns (a fixed LCG): every exponent, sign and mantissa.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let r = f64::from_bits(x);
            if !r.is_finite() {
                continue;
            }
            for text in [pg_double(r), my_double(r)] {
                let back: f64 = text.replace("e+", "e").parse().unwrap_or(f64::NAN);
                assert_eq!(back.to_bits(), r.to_bits(), "{r:e} printed as {text}");
            }
        }
    }

    #[test]
    fn decimals_show_their_scale_rounded_half_away_from_zero() {
        for (r, scale, text) in [
            (2.5, 2, "2.50"),
            (3.0, 2, "3.00"),
            (2.675, 2, "2.68"),
            (-2.675, 2, "-2.68"),
            (0.1 + 0.2, 1, "0.3"),
            (1.5, 4, "1.5000"),
            (2.0 / 3.0, 4, "0.6667"),
            (9.995, 2, "10.00"),
            (0.004, 2, "0.00"),
            (-0.004, 2, "0.00"),
            (0.005, 2, "0.01"),
            (1e-7, 2, "0.00"),
            (12.0, 0, "12"),
            (2.5, 0, "3"),
            (1200.0, 1, "1200.0"),
            (0.05, 3, "0.050"),
        ] {
            assert_eq!(decimal(r, scale), text, "{r} at scale {scale}");
        }
    }
}
