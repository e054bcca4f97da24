//! `exp` and `ln` computed with about 106 bits (a double-double: a value as the unrounded
//! sum of two doubles), then rounded once to a double. So they are correctly rounded in all
//! but vanishingly rare cases, as the servers' C library (glibc, under both PostgreSQL and
//! MariaDB) nearly always is: `exp(1)` is 2.718281828459045 here too, where a plain libm
//! `exp` answers 2.7182818284590455 (the next double up), which PostgreSQL's shortest digits
//! would show. Only exactly rounded IEEE operations are used (`+`, `*`, `/`), so every
//! target computes the same bits (`ln` starts from the standard library's guess).

/// `hi + lo`, with `|lo|` at most half an ulp of `hi`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

const LN2: Dd = Dd {
    hi: std::f64::consts::LN_2,
    lo: 2.319_046_813_846_299_6e-17,
};

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let v = s - a;
    Dd {
        hi: s,
        lo: (a - (s - v)) + (b - v),
    }
}

/// `x` as two doubles of 26 significant bits each, whose products are exact.
fn split(x: f64) -> (f64, f64) {
    let c = 134_217_729.0 * x;
    let hi = c - (c - x);
    (hi, x - hi)
}

impl Dd {
    pub fn of(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    fn norm(hi: f64, lo: f64) -> Dd {
        let s = hi + lo;
        Dd {
            hi: s,
            lo: lo - (s - hi),
        }
    }

    pub fn add(self, o: Dd) -> Dd {
        let s = two_sum(self.hi, o.hi);
        let t = two_sum(self.lo, o.lo);
        let s = Dd::norm(s.hi, s.lo + t.hi);
        Dd::norm(s.hi, s.lo + t.lo)
    }

    pub fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    pub fn mul(self, o: Dd) -> Dd {
        let p = self.hi * o.hi;
        // The product's rounding error, exactly, by Dekker's halves (wasm has no fused
        // multiply-add: its software one is a kilobyte of the download).
        let (a, b) = (split(self.hi), split(o.hi));
        let e = ((a.0 * b.0 - p) + a.0 * b.1 + a.1 * b.0) + a.1 * b.1;
        Dd::norm(p, e + (self.hi * o.lo + self.lo * o.hi))
    }

    /// `self / o`, by a corrected quotient of the high parts.
    pub fn div(self, o: Dd) -> Dd {
        let q1 = self.hi / o.hi;
        let r = self.add(o.mul(Dd::of(q1)).neg());
        let q2 = r.hi / o.hi;
        let r = r.add(o.mul(Dd::of(q2)).neg());
        let q3 = r.hi / o.hi;
        Dd::of(q1).add(Dd::of(q2)).add(Dd::of(q3))
    }

    /// The nearest double.
    pub fn round(self) -> f64 {
        self.hi + self.lo
    }
}

/// e to the power `x` for `x` in [-708, 709], where the result and its scaling by 2^k are
/// normal doubles; `None` elsewhere (the servers give doubles up to 709.78 and subnormals
/// down to -745: the lab refuses those ends).
pub fn exp(x: Dd) -> Option<f64> {
    (-708.0..=709.0).contains(&x.hi).then(|| exp_dd(x).round())
}

/// The natural logarithm of `x`, for `x` in [`LN_DOMAIN`], as a double-double: one Newton
/// step from the standard library's answer (`y + x / e^y - 1`), which doubles its correct
/// bits (so the start, the system's libm natively and Rust's own in the browser, does not
/// show).
pub fn ln(x: f64) -> Dd {
    let y = x.ln();
    Dd::of(y)
        .add(Dd::of(x).div(exp_dd(Dd::of(y))))
        .add(Dd::of(-1.0))
}

/// Where [`ln`] computes: `e^y` stays a normal double, and the halves Dekker's products split
/// it into stay finite (past about 1e300 they would overflow).
pub const LN_DOMAIN: std::ops::RangeInclusive<f64> = 1e-300..=1e300;

/// e to the power `x` as a double-double, `x` within the doubles' range: `x = k ln 2 + r`
/// with `|r| <= ln 2 / 2`, then the series of `e^(r / 256)`, squared eight times.
fn exp_dd(x: Dd) -> Dd {
    let k = (x.hi / LN2.hi).round();
    let r = x.add(LN2.mul(Dd::of(k)).neg());
    let r = Dd {
        hi: r.hi / 256.0,
        lo: r.lo / 256.0,
    };
    let (mut sum, mut term) = (Dd::of(1.0), Dd::of(1.0));
    for n in 1..=14 {
        term = term.mul(r).div(Dd::of(f64::from(n)));
        sum = sum.add(term);
    }
    for _ in 0..8 {
        sum = sum.mul(sum);
    }
    // 2^k, exactly: k is within a normal double's exponents for x in [-708, 709].
    let scale = f64::from_bits(((k as i64 + 1023) as u64) << 52);
    Dd::norm(sum.hi * scale, sum.lo * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_and_ln_give_the_correctly_rounded_doubles() {
        // The servers' (glibc's) digits, as PostgreSQL 15 prints them.
        let exps = [
            (1.0, std::f64::consts::E),
            (2.0, 7.38905609893065),
            (3.0, 20.085536923187668),
            (5.0, 148.4131591025766),
            (7.0, 1096.6331584284585),
            (10.0, 22026.465794806718),
            (0.5, 1.6487212707001282),
        ];
        for (x, e) in exps {
            assert_eq!(exp(Dd::of(x)), Some(e), "exp({x})");
        }
        assert_eq!(ln(10.0).round(), std::f64::consts::LN_10);
        assert_eq!(ln(3.0).round(), 1.0986122886681098);
        assert_eq!(ln(2.0).round(), std::f64::consts::LN_2);
        assert_eq!(exp(Dd::of(800.0)), None);
        // The ends of the range the lab computes.
        assert_eq!(exp(Dd::of(709.0)), Some(8.218407461554972e307));
        assert_eq!(exp(Dd::of(709.5)), None, "refused: past 2^1023's scaling");
        assert_eq!(exp(Dd::of(-708.0)), Some(3.307553003638408e-308));
        assert_eq!(ln(1e300).round(), 690.7755278982137);
    }
}
