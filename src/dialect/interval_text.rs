//! An interval's amount as each server reads it, for `intervals.rs`. PostgreSQL keeps an
//! interval as three counts (months, days, microseconds) and reads `'1.5 days'` as one day
//! and twelve hours, `'1.5 months'` as one month and fifteen days, `'1.5 years'` as eighteen
//! months: a fraction moves down to the next count, never up. MariaDB reads the amount of
//! `INTERVAL n unit` by the unit: SECOND keeps a fraction (six digits, the rest cut off),
//! every other unit rounds a number to a whole one (`1.5 DAY` is two days) and reads a
//! string's leading integer (`'1.9' MINUTE` is one minute). Each rule here was checked on
//! PostgreSQL 15 and MariaDB 10.11.

use sqlparser::ast::DateTimeField;

/// An interval as PostgreSQL keeps it; MariaDB's in the same counts (its days are whole
/// days of 24 hours, as PostgreSQL's are in the session's UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub months: i64,
    pub days: i64,
    pub micros: i64,
}

const MICROS_PER_SECOND: i64 = 1_000_000;
const MICROS_PER_DAY: i64 = 86_400 * MICROS_PER_SECOND;

/// A unit of an interval, as both servers name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Microsecond,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Quarter,
    Year,
    Decade,
    Century,
    Millennium,
}

impl Unit {
    /// The unit of a keyword after `INTERVAL n` (MariaDB, and PostgreSQL's `interval '30'
    /// second`).
    pub fn of_field(f: &DateTimeField) -> Option<Unit> {
        use DateTimeField as F;
        Some(match f {
            F::Microsecond | F::Microseconds => Unit::Microsecond,
            F::Millisecond | F::Milliseconds => Unit::Millisecond,
            F::Second | F::Seconds => Unit::Second,
            F::Minute | F::Minutes => Unit::Minute,
            F::Hour | F::Hours => Unit::Hour,
            F::Day | F::Days => Unit::Day,
            F::Week(None) | F::Weeks => Unit::Week,
            F::Month | F::Months => Unit::Month,
            F::Quarter => Unit::Quarter,
            F::Year | F::Years => Unit::Year,
            _ => return None,
        })
    }

    /// The unit of a word inside PostgreSQL's interval text (`'30 secs'`).
    fn of_word(w: &str) -> Option<Unit> {
        use Unit::*;
        const WORDS: &[(&str, Unit)] = &[
            (
                "us usec usecs useconds microsecond microseconds",
                Microsecond,
            ),
            (
                "ms msec msecs mseconds millisecond milliseconds",
                Millisecond,
            ),
            ("s sec secs second seconds", Second),
            ("m min mins minute minutes", Minute),
            ("h hr hrs hour hours", Hour),
            ("d day days", Day),
            ("w week weeks", Week),
            ("mon mons month months", Month),
            ("y yr yrs year years", Year),
            ("dec decs decade decades", Decade),
            ("c cent century centuries", Century),
            ("mil mils millennium millennia", Millennium),
        ];
        WORDS
            .iter()
            .find(|(names, _)| names.split(' ').any(|n| n == w))
            .map(|&(_, u)| u)
    }

    /// Microseconds in one of a unit of time of day; `None` for days and longer.
    fn micros(self) -> Option<i64> {
        Some(match self {
            Unit::Microsecond => 1,
            Unit::Millisecond => 1_000,
            Unit::Second => MICROS_PER_SECOND,
            Unit::Minute => 60 * MICROS_PER_SECOND,
            Unit::Hour => 3_600 * MICROS_PER_SECOND,
            _ => return None,
        })
    }

    /// Months in one of a unit of months; `None` for shorter units.
    fn months(self) -> Option<i64> {
        Some(match self {
            Unit::Month => 1,
            Unit::Quarter => 3,
            Unit::Year => 12,
            Unit::Decade => 120,
            Unit::Century => 1_200,
            Unit::Millennium => 12_000,
            _ => return None,
        })
    }

    /// The span of `n` of this unit, in the count the unit belongs to.
    pub fn whole(self, n: i64) -> Option<Span> {
        let (count, size) = self.count();
        let n = n.checked_mul(size)?;
        let mut s = Span::default();
        *match count {
            Count::Months => &mut s.months,
            Count::Days => &mut s.days,
            Count::Micros => &mut s.micros,
        } = n;
        Some(s)
    }

    /// Whether MariaDB's DATE plus this unit stays a DATE.
    pub fn keeps_date(self) -> bool {
        self.micros().is_none()
    }

    /// Which of an interval's counts this unit moves, and how many of it one unit is (a
    /// week is 7 days, a quarter 3 months).
    pub fn count(self) -> (Count, i64) {
        if let Some(m) = self.micros() {
            (Count::Micros, m)
        } else if let Some(m) = self.months() {
            (Count::Months, m)
        } else {
            (Count::Days, if self == Unit::Week { 7 } else { 1 })
        }
    }
}

/// One of an interval's three counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    Months,
    Days,
    Micros,
}

/// A number as written (`-1.5`): its whole part and its fraction, both with its sign.
fn number(text: &str) -> Option<(i64, f64)> {
    let (whole, fraction) = decimal_parts(text)?;
    let fraction = if fraction.is_empty() {
        0.0
    } else {
        crate::decimal::parse_f64(&format!("0.{fraction}"))?
    };
    Some(if text.starts_with('-') {
        (-whole, -fraction)
    } else {
        (whole, fraction)
    })
}

/// `frac` (less than one) of `scale` microseconds, a part of a microsecond above one half
/// counted as one: PostgreSQL's rounding of an interval's input.
fn fraction_micros(frac: f64, scale: i64) -> i64 {
    let f = frac * scale as f64;
    let whole = f.trunc();
    let rest = f - whole;
    whole as i64 + i64::from(rest > 0.5) - i64::from(rest < -0.5)
}

/// `frac` of `scale` days: whole days, and the rest as microseconds.
fn fraction_days(frac: f64, scale: i64) -> Span {
    let f = frac * scale as f64;
    let days = f.trunc();
    Span {
        months: 0,
        days: days as i64,
        micros: fraction_micros(f - days, MICROS_PER_DAY),
    }
}

impl Span {
    fn plus(self, o: Span) -> Option<Span> {
        Some(Span {
            months: self.months.checked_add(o.months)?,
            days: self.days.checked_add(o.days)?,
            micros: self.micros.checked_add(o.micros)?,
        })
    }

    fn negated(self) -> Span {
        Span {
            months: -self.months,
            days: -self.days,
            micros: -self.micros,
        }
    }

    /// `whole` and `frac` of `unit`, as PostgreSQL's interval input adds them.
    fn of_amount(unit: Unit, whole: i64, frac: f64) -> Option<Span> {
        let span = unit.whole(whole)?;
        let rest = if let Some(m) = unit.micros() {
            Span {
                micros: fraction_micros(frac, m),
                ..Span::default()
            }
        } else if matches!(unit, Unit::Day | Unit::Week) {
            fraction_days(frac, if unit == Unit::Week { 7 } else { 1 })
        } else if unit == Unit::Month {
            fraction_days(frac, 30)
        } else {
            // Years and longer: the fraction to the nearest month.
            Span {
                months: (frac * unit.months()? as f64).round_ties_even() as i64,
                ..Span::default()
            }
        };
        span.plus(rest)
    }
}

/// PostgreSQL's reading of an interval's text: amounts with units (`'1 day 2 hours'`,
/// `'1.5 minutes'`, `'3days'`), a time of day (`'04:05:06.7'`, `'-01:30'`), `ago` at the end,
/// a number alone as seconds. `None` for any other text (the caller refuses it by name).
pub fn postgres(text: &str) -> Option<Span> {
    let lower = text.to_ascii_lowercase();
    let mut words: Vec<&str> = Vec::new();
    for w in lower.split_ascii_whitespace() {
        // `3days`: a number and its unit in one word.
        match w.find(|c: char| c.is_ascii_alphabetic()) {
            Some(i) if i > 0 && !w.contains(':') => {
                words.push(&w[..i]);
                words.push(&w[i..]);
            }
            _ => words.push(w),
        }
    }
    if words.first() == Some(&"@") {
        words.remove(0);
    }
    let ago = words.last() == Some(&"ago");
    if ago {
        words.pop();
    }
    if words.is_empty() {
        return None;
    }
    let mut span = Span::default();
    let mut seen: Vec<Unit> = Vec::new();
    let mut clock = false;
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if w.contains(':') {
            if clock {
                return None;
            }
            clock = true;
            span = span.plus(time_of_day(w)?)?;
            i += 1;
            continue;
        }
        let (whole, frac) = number(w)?;
        let unit = match words.get(i + 1) {
            Some(u) => Unit::of_word(u)?,
            // A number alone is seconds.
            None if words.len() == 1 => Unit::Second,
            None => return None,
        };
        // The server takes each unit once (`'1 day 1 day'` is its error).
        if seen.contains(&unit) {
            return None;
        }
        seen.push(unit);
        span = span.plus(Span::of_amount(unit, whole, frac)?)?;
        i += 2;
    }
    Some(if ago { span.negated() } else { span })
}

/// `[+-]HH:MM[:SS[.f]]` as microseconds, the sign for all of it.
fn time_of_day(w: &str) -> Option<Span> {
    let (negative, rest) = match w.as_bytes().first()? {
        b'-' => (true, &w[1..]),
        b'+' => (false, &w[1..]),
        _ => (false, w),
    };
    let mut parts = rest.split(':');
    let field = |p: Option<&str>| -> Option<i64> {
        let p = p?;
        (!p.is_empty() && p.len() <= 9 && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse().ok())?
    };
    let hours = field(parts.next())?;
    let minutes = field(parts.next())?;
    let (seconds, micros) = match parts.next() {
        None => (0, 0),
        Some(s) => {
            let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
            let micros = if frac.is_empty() {
                0
            } else if frac.bytes().all(|b| b.is_ascii_digit()) {
                (crate::decimal::parse_f64(&format!("0.{frac}"))? * 1e6).round_ties_even() as i64
            } else {
                return None;
            };
            (field(Some(whole))?, micros)
        }
    };
    if parts.next().is_some() || minutes > 59 || seconds > 59 {
        return None;
    }
    let total = hours
        .checked_mul(3_600)?
        .checked_add(minutes * 60 + seconds)?
        .checked_mul(MICROS_PER_SECOND)?
        .checked_add(micros)?;
    Some(Span {
        micros: if negative { -total } else { total },
        ..Span::default()
    })
}

/// MariaDB's reading of a constant `INTERVAL amount unit`: the span and the digits of a
/// second the result prints (a fraction of SECOND keeps its own, up to six; MICROSECOND
/// prints six). `amount` is a number as written or a string's text (`string`).
pub fn mariadb(amount: &str, string: bool, unit: Unit) -> Option<(Span, u8)> {
    let text = amount.trim();
    match unit {
        Unit::Second => {
            let (whole, fraction) = decimal_parts(text)?;
            // A string is read as a number of six digits after the point.
            let digits = if string {
                6
            } else {
                fraction.len().min(6) as u8
            };
            let frac: String = fraction.chars().chain("000000".chars()).take(6).collect();
            let negative = text.starts_with('-');
            let micros = whole
                .checked_mul(MICROS_PER_SECOND)?
                .checked_add(frac.parse::<i64>().ok()?)?;
            let micros = if negative { -micros } else { micros };
            Some((
                Span {
                    micros,
                    ..Span::default()
                },
                digits,
            ))
        }
        _ => {
            let (whole, fraction) = decimal_parts(text)?;
            // A number rounds half away from zero; a string keeps its whole part.
            let up = !string && fraction.as_bytes().first().is_some_and(|d| *d >= b'5');
            let n = whole + i64::from(up);
            let n = if text.starts_with('-') { -n } else { n };
            let digits = if unit == Unit::Microsecond { 6 } else { 0 };
            Some((unit.whole(n)?, digits))
        }
    }
}

/// A decimal's whole part (without its sign) and the digits after its point.
fn decimal_parts(text: &str) -> Option<(i64, &str)> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !ok(whole) || !ok(fraction) {
        return None;
    }
    let whole = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    Some((whole, fraction))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(months: i64, days: i64, micros: i64) -> Option<Span> {
        Some(Span {
            months,
            days,
            micros,
        })
    }

    // Each as PostgreSQL 15 prints the interval.
    #[test]
    fn reads_postgresql_interval_text() {
        let h = 3_600_000_000;
        assert_eq!(postgres("30 seconds"), span(0, 0, 30_000_000));
        assert_eq!(postgres("1.5 days 3 hours"), span(0, 1, 15 * h));
        assert_eq!(postgres("-1.5 days"), span(0, -1, -12 * h));
        assert_eq!(postgres("1.23456789 seconds"), span(0, 0, 1_234_568));
        assert_eq!(postgres("0.0000015 seconds"), span(0, 0, 1));
        assert_eq!(postgres("1.1 months"), span(1, 3, 0));
        assert_eq!(postgres("0.01 years"), span(0, 0, 0));
        assert_eq!(postgres("1.5 years"), span(18, 0, 0));
        assert_eq!(postgres("1.5 months"), span(1, 15, 0));
        assert_eq!(postgres("1.5 weeks"), span(0, 10, 12 * h));
        assert_eq!(postgres("2 hours -30 minutes"), span(0, 0, 90 * 60_000_000));
        assert_eq!(postgres("-04:05"), span(0, 0, -(4 * h + 5 * 60_000_000)));
        assert_eq!(postgres("1 day ago"), span(0, -1, 0));
        assert_eq!(postgres("1day"), span(0, 1, 0));
        assert_eq!(postgres("@ 1 hour"), span(0, 0, h));
        assert_eq!(postgres("30"), span(0, 0, 30_000_000));
        assert_eq!(
            postgres("1 year 2 months 3 days 04:05:06.7"),
            span(14, 3, 4 * h + 5 * 60_000_000 + 6_700_000)
        );
        assert_eq!(
            postgres("2 minutes 30 seconds ago"),
            span(0, 0, -150_000_000)
        );
        for bad in [
            "1 day 1 day",
            "",
            "ago",
            "1 fortnight",
            "1 04:05:06",
            "x",
            "1:60",
        ] {
            assert_eq!(postgres(bad), None, "{bad}");
        }
    }

    // Each as MariaDB 10.11 adds it to a DATETIME.
    #[test]
    fn reads_mariadb_amounts() {
        let s = |micros| Span {
            micros,
            ..Span::default()
        };
        let d = |days| Span {
            days,
            ..Span::default()
        };
        assert_eq!(mariadb("1.5", false, Unit::Second), Some((s(1_500_000), 1)));
        assert_eq!(mariadb("1.5", true, Unit::Second), Some((s(1_500_000), 6)));
        assert_eq!(
            mariadb("1.0000005", false, Unit::Second),
            Some((s(1_000_000), 6))
        );
        assert_eq!(mariadb("0.50", false, Unit::Second), Some((s(500_000), 2)));
        assert_eq!(mariadb("5", false, Unit::Microsecond), Some((s(5), 6)));
        assert_eq!(mariadb("2.5", false, Unit::Day), Some((d(3), 0)));
        assert_eq!(mariadb("-1.5", false, Unit::Day), Some((d(-2), 0)));
        assert_eq!(mariadb("0.4", false, Unit::Hour), Some((s(0), 0)));
        assert_eq!(mariadb("1.9", true, Unit::Minute), Some((s(60_000_000), 0)));
        assert_eq!(mariadb("-1", true, Unit::Day), Some((d(-1), 0)));
        assert_eq!(mariadb("1", false, Unit::Week), Some((d(7), 0)));
        assert_eq!(
            mariadb("1", false, Unit::Quarter).map(|x| x.0.months),
            Some(3)
        );
        assert_eq!(mariadb("2x", true, Unit::Day), None);
    }
}
