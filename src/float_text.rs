//! A double's shortest decimal digits, and its text as Rust's `Display` writes it, without
//! Rust's float formatting in the browser download: `Display` and `Debug` of `f64` bring the
//! exact-precision algorithms too (`{:.3}`), several KB that no screen of the lab needs. In
//! the browser the digits come from JavaScript's `String(x)`, whose digits ECMAScript defines
//! as Rust's: the fewest that read back as the same double, the closest of them when several
//! do. Natively they come from `Display`, so the CLI's text is what it always was.

/// The shortest decimal digits that read back as `r`'s magnitude, and where the decimal point
/// goes: `|r|` = 0.DIGITS × 10^point (0 is `("0", 1)`). `r` must be finite.
pub fn shortest(r: f64) -> (Vec<u8>, i32) {
    digits_of(&magnitude_text(r.abs()))
}

/// The digits and point of a number's text, in fixed notation or, as JavaScript writes below
/// 1e-6 and from 1e21 on, with an exponent (`1.5e-7`, `1e+21`).
fn digits_of(text: &str) -> (Vec<u8>, i32) {
    let (mantissa, exponent) = match text.split_once('e') {
        // i64's parse: the one the rest of the lab links (an i32 one would be its own code).
        Some((m, e)) => (m, e.parse::<i64>().map_or(0, |e| e as i32)),
        None => (text, 0),
    };
    let mut digits = Vec::with_capacity(mantissa.len());
    let mut point = None;
    for b in mantissa.bytes() {
        if b == b'.' {
            point = Some(digits.len() as i32);
        } else {
            digits.push(b);
        }
    }
    let mut point = point.unwrap_or(digits.len() as i32) + exponent;
    let lead = digits.iter().take_while(|d| **d == b'0').count();
    if lead == digits.len() {
        return (vec![b'0'], 1);
    }
    digits.drain(..lead);
    point -= lead as i32;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    (digits, point)
}

#[cfg(not(target_arch = "wasm32"))]
fn magnitude_text(r: f64) -> String {
    r.to_string()
}

#[cfg(target_arch = "wasm32")]
fn magnitude_text(r: f64) -> String {
    js::string(r)
}

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// JavaScript's `String(x)` of a number: its shortest round-trip digits.
        #[wasm_bindgen(js_name = String)]
        pub fn string(x: f64) -> String;
    }
}

/// Digits with the point at `point`, in fixed notation: `0.00012`, `1.5`, `1200`.
pub fn fixed_digits(out: &mut String, digits: &[u8], point: i32) {
    let len = digits.len() as i32;
    if point <= 0 {
        out.push_str("0.");
        (0..-point).for_each(|_| out.push('0'));
        digits.iter().for_each(|d| out.push(char::from(*d)));
    } else {
        for (i, d) in digits.iter().enumerate() {
            if i as i32 == point {
                out.push('.');
            }
            out.push(char::from(*d));
        }
        (len..point).for_each(|_| out.push('0'));
    }
}

/// `r` as `r.to_string()` writes it: the shortest digits in fixed notation (`0.1`, `2`,
/// `100000000000000000000`, `-0.5`), `NaN`, `inf`, `-inf`.
pub fn display(r: f64) -> String {
    match signed_digits(r, "NaN", "inf") {
        Ok((mut out, digits, point)) => {
            fixed_digits(&mut out, &digits, point);
            out
        }
        Err(text) => text,
    }
}

/// For a finite `r`: its sign (`-` or nothing) to write on, and its shortest digits and
/// point. For NaN or an infinity, the whole text in the caller's spelling (`-` before `inf`).
pub fn signed_digits(r: f64, nan: &str, inf: &str) -> Result<(String, Vec<u8>, i32), String> {
    if r.is_nan() {
        return Err(nan.into());
    }
    let sign = if r.is_sign_negative() { "-" } else { "" };
    if r.is_infinite() {
        return Err(format!("{sign}{inf}"));
    }
    let (digits, point) = shortest(r);
    Ok((sign.into(), digits, point))
}

/// A finite `r` as a SQL literal that reads back as the same double and as a real, not an
/// integer: `0.5`, `3.0`, `1e300` as its digits.
pub fn real_literal(r: f64) -> String {
    let mut out = display(r);
    if !out.contains('.') {
        out.push_str(".0");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_rust_s() {
        for r in [
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.1,
            0.30000000000000004,
            1e-7,
            1.5e-7,
            123.456,
            1e15,
            1e20,
            1e21,
            1.2345e25,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            2.5e-5,
            1e100,
            -7e-10,
        ] {
            assert_eq!(display(r), r.to_string(), "{r:e}");
            // (decimal's reader gives up near f64::MAX, which SQLite reads.)
            if r.abs() < 1e300 {
                let back = crate::decimal::parse_f64(&real_literal(r));
                assert_eq!(back, Some(r), "{r:e}");
            }
        }
        assert_eq!(display(f64::NAN), "NaN");
        assert_eq!(display(f64::NEG_INFINITY), "-inf");
        assert_eq!(real_literal(3.0), "3.0");
    }

    /// JavaScript's forms, as the browser hands them over.
    #[test]
    fn digits_are_read_from_exponent_forms_too() {
        assert_eq!(digits_of("1.5e-7"), (b"15".to_vec(), -6));
        assert_eq!(digits_of("1e+21"), (b"1".to_vec(), 22));
        assert_eq!(digits_of("1.2345e+25"), (b"12345".to_vec(), 26));
        assert_eq!(digits_of("0.000001"), (b"1".to_vec(), -5));
        assert_eq!(digits_of("120"), (b"12".to_vec(), 3));
        assert_eq!(digits_of("0"), (b"0".to_vec(), 1));
    }
}
