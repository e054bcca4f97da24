//! Decimal text to `f64`, as `str::parse::<f64>` reads it, without the standard library's
//! parser: its exact algorithm carries a 10 KB table of powers of five that hardly
//! compresses, about a hundredth of the download, for the few numbers the engine reads
//! itself (timeouts, interval amounts, zero divisors, the explorer's FIFO order).

/// `v` with `places` digits after the point, as `format!("{v:.places$}")` writes it for the
/// numbers the lab shows (percentages, seconds, drawing coordinates: under 1e15), without
/// the standard library's exact formatting, another few KB of download. Rounds half away
/// from zero on the binary value scaled by the power of ten; past 1e15 it writes the
/// shortest digits.
pub fn fixed(v: f64, places: usize) -> String {
    let scale = EXACT_POWERS[places.min(EXACT_POWERS.len() - 1)];
    let scaled = (v * scale).round();
    if !scaled.is_finite() || scaled.abs() >= 1e15 {
        return crate::float_text::display(v);
    }
    let n = scaled as i64;
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + places + 3);
    if n < 0 {
        out.push('-');
    }
    if places == 0 {
        out.push_str(&digits);
        return out;
    }
    let padded = format!("{digits:0>width$}", width = places + 1);
    let (int, frac) = padded.split_at(padded.len() - places);
    out.push_str(int);
    out.push('.');
    out.push_str(frac);
    out
}

/// Powers of ten an `f64` holds exactly (for the steps of `approximate`).
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The number `text` writes, in the syntax `str::parse::<f64>` accepts: an optional sign,
/// digits with an optional point (`1.`, `.5`), an optional exponent (`e-3`), or `inf`,
/// `infinity`, `nan` in any case. `None` for anything else, spaces included.
///
/// The value is correctly rounded, as the standard library's, when it has at most 19
/// significant digits and the power of ten they are scaled by is within ±19: every number a
/// queue scenario writes. Past that it is within a few units in the last place.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let value = if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        finite(body.as_bytes())?
    };
    Some(if negative { -value } else { value })
}

/// The digits read so far: the first 19 significant ones as an integer, and the power of ten
/// it is to be scaled by.
#[derive(Default)]
struct Digits {
    mantissa: u64,
    exponent: i64,
    kept: u32,
    dropped_nonzero: bool,
    seen: usize,
}

impl Digits {
    fn push(&mut self, digit: u8, fraction: bool) {
        self.seen += 1;
        let d = u64::from(digit - b'0');
        if self.kept < 19 {
            if self.mantissa > 0 || d > 0 {
                self.kept += 1;
            }
            self.mantissa = self.mantissa * 10 + d;
            if fraction {
                self.exponent -= 1;
            }
        } else {
            self.dropped_nonzero |= d != 0;
            if !fraction {
                self.exponent += 1;
            }
        }
    }
}

fn finite(b: &[u8]) -> Option<f64> {
    let mut digits = Digits::default();
    let mut i = 0;
    while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
        digits.push(c, false);
        i += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
            digits.push(c, true);
            i += 1;
        }
    }
    if digits.seen == 0 {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let (shift, used) = exponent(b.get(i + 1..)?)?;
        digits.exponent = digits.exponent.saturating_add(shift);
        i += 1 + used;
    }
    (i == b.len()).then(|| scale(&digits))
}

/// An exponent's value (clamped far past any `f64`) and how many bytes it took.
fn exponent(b: &[u8]) -> Option<(i64, usize)> {
    let (negative, start) = match b.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let mut value: i64 = 0;
    let mut i = start;
    while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
        value = (value * 10 + i64::from(c - b'0')).min(100_000);
        i += 1;
    }
    (i > start).then_some((if negative { -value } else { value }, i))
}

fn scale(d: &Digits) -> f64 {
    if d.mantissa == 0 {
        return 0.0;
    }
    if !d.dropped_nonzero {
        if let Some(v) = exact(d.mantissa, d.exponent) {
            return v;
        }
    }
    approximate(d.mantissa as f64, d.exponent)
}

/// `m * 10^e` correctly rounded, for `e` within ±19 (in integers of 128 bits), else `None`.
fn exact(m: u64, e: i64) -> Option<f64> {
    let power = 10u128.checked_pow(u32::try_from(e.unsigned_abs()).ok()?)?;
    if e >= 0 {
        // Rust converts an integer to the nearest `f64`.
        return Some((u128::from(m)).checked_mul(power)? as f64);
    }
    if power > u128::from(u64::MAX) {
        return None;
    }
    // m / 10^k: shift m up to 127 bits so the quotient keeps at least 63 of them, then
    // round those to 53 with the remainder as the sticky bit.
    let shift = m.leading_zeros() + 63;
    let n = u128::from(m) << shift;
    let (q, r) = (n / power, n % power);
    let (top, drop) = round_to_53_bits(q, r != 0);
    Some(top as f64 * two_to(i32::try_from(drop).ok()? - i32::try_from(shift).ok()?))
}

/// `q` (with `sticky` set when bits below it are lost) rounded to nearest-even at 53
/// significant bits: the bits, and how many low bits were dropped.
fn round_to_53_bits(q: u128, sticky: bool) -> (u64, u32) {
    let drop = (128 - q.leading_zeros()).saturating_sub(53);
    if drop == 0 {
        return (q as u64, 0);
    }
    let top = (q >> drop) as u64;
    let rest = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let up = rest > half || (rest == half && (sticky || top & 1 == 1));
    (top + u64::from(up), drop)
}

/// 2^k for a `k` of a normal `f64`.
fn two_to(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `m * 10^exponent` by steps of at most 10^22: a rounding per step.
fn approximate(mut m: f64, mut exponent: i64) -> f64 {
    while exponent > 0 && m.is_finite() {
        let step = exponent.min(22);
        m *= EXACT_POWERS[step as usize];
        exponent -= step;
    }
    while exponent < 0 && m != 0.0 {
        let step = (-exponent).min(22);
        m /= EXACT_POWERS[step as usize];
        exponent += step;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::{fixed, parse_f64};

    #[test]
    fn fixed_points_write_what_the_standard_formatting_writes() {
        for v in [
            0.0,
            1.0,
            12.25,
            -3.5,
            99.95,
            0.04,
            1234.5678,
            7.0 / 3.0,
            100.0,
            0.5,
        ] {
            for places in 0..4 {
                let theirs = format!("{v:.places$}");
                // The standard library rounds ties to even on the binary value; both agree
                // on every value that is not an exact tie at the last place.
                if (v * 10f64.powi(places as i32)).fract().abs() != 0.5 {
                    assert_eq!(fixed(v, places), theirs, "{v} to {places} places");
                }
            }
        }
        assert_eq!(fixed(2.5, 0), "3");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(1e20, 1), "100000000000000000000");
    }

    fn theirs(text: &str) -> Option<f64> {
        text.parse::<f64>().ok()
    }

    #[test]
    fn reads_what_the_standard_library_reads_and_refuses_the_rest() {
        let texts = [
            "0",
            "-0",
            "+0",
            "1",
            "-1",
            "1.",
            ".5",
            "-.5",
            "+.5",
            "0.1",
            "1.5",
            "30",
            "1e3",
            "1E+3",
            "2.5e-3",
            "00012.500",
            "123456789012345678",
            "9007199254740993",
            "1e22",
            "1e23",
            "1.7976931348623157e308",
            "1e309",
            "-1e309",
            "5e-324",
            "1e-400",
            "inf",
            "-Infinity",
            "NaN",
            "nan",
            "",
            "-",
            ".",
            "e5",
            "1e",
            "1e+",
            " 1",
            "1 ",
            "1..2",
            "1e5.5",
            "0x10",
            "1_000",
            "١",
            "12abc",
            "--1",
            "+-1",
            "infin",
        ];
        for t in texts {
            let (a, b) = (theirs(t), parse_f64(t));
            match (a, b) {
                (Some(a), Some(b)) if a.is_nan() => assert!(b.is_nan(), "{t}"),
                (Some(a), Some(b)) => {
                    let ulps = (a.to_bits() as i64 - b.to_bits() as i64).abs();
                    assert!(ulps <= 4, "{t}: {a} against {b}")
                }
                (None, None) => {}
                _ => panic!("{t}: {a:?} against {b:?}"),
            }
        }
    }

    #[test]
    fn is_exact_on_short_numbers_and_close_on_long_ones() {
        let mut next = crate::test_rand::xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let digits = next() % 10_000_000_000_000_000_000;
            let mut text = digits.to_string();
            let point = (next() % 21) as usize;
            let after = text.len().saturating_sub(point);
            if point < text.len() {
                text.insert(point, '.');
            }
            let exp = (next() % 60) as i64 - 30;
            // At most 19 digits scaled by at most 10^±19: exact.
            let near = (next() % 39) as i64 - 19 + after as i64;
            let short = format!("{text}e{near}");
            let (a, b) = (theirs(&short), parse_f64(&short));
            assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits), "{short}");
            let long = format!("{text}{}e{exp}", next());
            let (a, b) = (
                theirs(&long).unwrap_or(0.0),
                parse_f64(&long).unwrap_or(-1.0),
            );
            let ulps = (a.to_bits() as i64 - b.to_bits() as i64).abs();
            assert!(ulps <= 4, "{long}: {a} against {b} ({ulps} ulps)");
        }
    }
}
