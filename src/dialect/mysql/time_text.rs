//! How MariaDB reads a string as a date or a time, for the forms the lab takes on: a date
//! `2025-1-1` (four-digit year, any punctuation between the fields) or `20250101`, then
//! optionally, after `T` or spaces, a clock `9`, `9:05`, `9:05:01` or `09:05:01.123`;
//! `20250101090501[.f]`; spaces around. The server keeps what it stores in one form
//! (`2025-01-01 09:05:01.123`), cutting (never rounding) a fraction to the column's digits.
//! Anything else (a two-digit year, `0000-00-00`, a clock of 24 hours or more, a zone) is not
//! read here, and the caller refuses it by name.

use super::super::temporal::Temporal;

/// A clock: hours, minutes, seconds and the digits of a second as written (at most six kept,
/// as the server keeps at most microseconds).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Clock {
    h: u32,
    m: u32,
    s: u32,
    fraction: String,
}

/// A date and the clock after it (midnight when none was written).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Moment {
    y: u32,
    mo: u32,
    d: u32,
    clock: Clock,
}

/// The text a column of kind `t` stores for the string `s`, if the lab reads it.
pub fn stored(t: Temporal, s: &str) -> Option<String> {
    match t {
        Temporal::Date => moment(s).map(|m| day(&m)),
        Temporal::DateTime(digits) => moment(s).map(|m| full(&m, digits)),
        Temporal::Time(digits) => time_only(s)
            .or_else(|| moment(s).map(|m| m.clock))
            .map(|c| clock(&c, digits)),
    }
}

/// The text a string compared with a column of kind `t` stands for, in the form the column's
/// values are kept in, so that SQLite's text comparison orders them as the server orders the
/// times. A date column is compared as a time at midnight: `d < '2025-01-01 09:00:00'` holds
/// for `2025-01-01`, as the text `2025-01-01` sorts before it; midnight itself is the date.
/// A time column is compared with a clock only (a date would make the server read the
/// column on today's date).
pub fn compared(t: Temporal, s: &str) -> Option<String> {
    match t {
        Temporal::Date => moment(s).map(|m| {
            if m.clock == Clock::default() {
                day(&m)
            } else {
                full(&m, 6)
            }
        }),
        Temporal::DateTime(_) => moment(s).map(|m| full(&m, 6)),
        Temporal::Time(_) => time_only(s).map(|c| clock(&c, 6)),
    }
}

fn day(m: &Moment) -> String {
    format!("{:04}-{:02}-{:02}", m.y, m.mo, m.d)
}

fn full(m: &Moment, digits: u8) -> String {
    format!("{} {}", day(m), clock(&m.clock, digits))
}

/// `HH:MM:SS`, then the fraction cut to `digits` with no zero at its end.
fn clock(c: &Clock, digits: u8) -> String {
    let kept: String = c.fraction.chars().take(usize::from(digits)).collect();
    let kept = kept.trim_end_matches('0');
    let mut out = format!("{:02}:{:02}:{:02}", c.h, c.m, c.s);
    if !kept.is_empty() {
        out.push('.');
        out.push_str(kept);
    }
    out
}

/// A string the reader goes through byte by byte.
struct Cursor<'a> {
    b: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    /// One to `max` digits, as a number.
    fn digits(&mut self, max: usize) -> Option<u32> {
        let start = self.at;
        while self.at < self.b.len() && self.at - start < max && self.b[self.at].is_ascii_digit() {
            self.at += 1;
        }
        (self.at > start).then(|| number(&self.b[start..self.at]))
    }

    /// Exactly `n` digits.
    fn fixed(&mut self, n: usize) -> Option<u32> {
        let part = self.b.get(self.at..self.at + n)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.at += n;
        Some(number(part))
    }

    fn eat(&mut self, pred: impl Fn(u8) -> bool) -> bool {
        let hit = self.b.get(self.at).is_some_and(|&c| pred(c));
        self.at += usize::from(hit);
        hit
    }

    fn done(&self) -> bool {
        self.at == self.b.len()
    }

    /// `.digits` after the seconds, if written (a lone `.` is an empty fraction).
    fn fraction(&mut self) -> String {
        if !self.eat(|c| c == b'.') {
            return String::new();
        }
        let start = self.at;
        while self.at < self.b.len() && self.b[self.at].is_ascii_digit() {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.b[start..self.at])
            .chars()
            .take(6)
            .collect()
    }
}

fn number(digits: &[u8]) -> u32 {
    digits.iter().fold(0u32, |n, d| {
        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    })
}

/// A date, then an optional clock; `None` unless the whole string is one, in range.
fn moment(s: &str) -> Option<Moment> {
    let mut c = Cursor {
        b: s.trim_matches(' ').as_bytes(),
        at: 0,
    };
    let all_digits =
        c.b.iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(c.b.len());
    let (y, mo, d, clock) = match all_digits {
        8 | 14 => {
            let (y, mo, d) = (c.fixed(4)?, c.fixed(2)?, c.fixed(2)?);
            let clock = if all_digits == 14 {
                let (h, m, s) = (c.fixed(2)?, c.fixed(2)?, c.fixed(2)?);
                let fraction = c.fraction();
                Clock { h, m, s, fraction }
            } else {
                Clock::default()
            };
            (y, mo, d, clock)
        }
        4 => {
            let y = c.fixed(4)?;
            let punct = |b: u8| b.is_ascii_punctuation();
            if !c.eat(punct) {
                return None;
            }
            let mo = c.digits(2)?;
            if !c.eat(punct) {
                return None;
            }
            let d = c.digits(2)?;
            let clock = if c.done() {
                Clock::default()
            } else if c.eat(|b| b == b'T') || c.eat(|b| b == b' ') {
                while c.eat(|b| b == b' ') {}
                clock_fields(&mut c, 1)?
            } else {
                return None;
            };
            (y, mo, d, clock)
        }
        _ => return None,
    };
    let real = crate::calendar::real_day(i64::from(y), mo, d);
    (c.done() && real && in_range(&clock)).then_some(Moment { y, mo, d, clock })
}

/// A clock alone, as a time column reads it: `H:MM`, `H:MM:SS` or `H:MM:SS.f` (a bare `9`
/// would be nine seconds to the server, and is left unread).
fn time_only(s: &str) -> Option<Clock> {
    let mut c = Cursor {
        b: s.trim_matches(' ').as_bytes(),
        at: 0,
    };
    let clock = clock_fields(&mut c, 2)?;
    (c.done() && in_range(&clock)).then_some(clock)
}

/// `H[:M[:S[.f]]]`, of at least `fields` fields.
fn clock_fields(c: &mut Cursor, fields: usize) -> Option<Clock> {
    let h = c.digits(2)?;
    let mut parts = [h, 0, 0];
    let mut read = 1;
    while read < 3 && c.eat(|b| b == b':') {
        parts[read] = c.digits(2)?;
        read += 1;
    }
    if read < fields {
        return None;
    }
    let fraction = if read == 3 {
        c.fraction()
    } else {
        String::new()
    };
    let [h, m, s] = parts;
    Some(Clock { h, m, s, fraction })
}

fn in_range(c: &Clock) -> bool {
    c.h < 24 && c.m < 60 && c.s < 60
}

#[cfg(test)]
mod tests {
    use super::*;

    const DATETIME: Temporal = Temporal::DateTime(0);

    /// Each pair was written to the column on MariaDB 10.11 and read back.
    #[test]
    fn strings_are_stored_as_the_server_stores_them() {
        let cases = [
            (DATETIME, " 2025-01-01 09:00:00", "2025-01-01 09:00:00"),
            (DATETIME, "2025-01-01 9", "2025-01-01 09:00:00"),
            (DATETIME, "2025-1-1 9:0:0.7", "2025-01-01 09:00:00"),
            (DATETIME, "2025.01.02T10:00:00", "2025-01-02 10:00:00"),
            (DATETIME, "2025@01@01", "2025-01-01 00:00:00"),
            (DATETIME, "2025-01-01  09:00:00", "2025-01-01 09:00:00"),
            (
                Temporal::DateTime(3),
                "20250102100000.5",
                "2025-01-02 10:00:00.5",
            ),
            (
                Temporal::DateTime(3),
                "2025-01-03 10:00:00.9999",
                "2025-01-03 10:00:00.999",
            ),
            (
                Temporal::DateTime(6),
                "2025-01-01 09:00:00.1234567",
                "2025-01-01 09:00:00.123456",
            ),
            (
                Temporal::DateTime(6),
                "2025-01-01 09:00:00.",
                "2025-01-01 09:00:00",
            ),
            (Temporal::Date, "2025-01-01 09:00:00", "2025-01-01"),
            (Temporal::Date, "20250103", "2025-01-03"),
            (Temporal::Time(0), "9:5:1", "09:05:01"),
            (Temporal::Time(0), "10:00", "10:00:00"),
            (
                Temporal::Time(2),
                "2025-01-01 09:00:00.1234567",
                "09:00:00.12",
            ),
        ];
        for (t, written, kept) in cases {
            assert_eq!(stored(t, written).as_deref(), Some(kept), "{written}");
        }
    }

    /// The server reads these otherwise (a two-digit year, a zero date, seconds, days) or
    /// fails on them: the lab leaves them unread, to be refused by name.
    #[test]
    fn other_strings_are_not_read() {
        for s in [
            "25-01-01",
            "0000-00-00",
            "2025-02-30",
            "2025-01-01 24:00:00",
            "2025-01-01T09:00:00Z",
            "2025-01-01 09:00:00+02:00",
            "2025-01-01x",
            "2025010109",
            "garbage",
            "",
        ] {
            assert_eq!(stored(DATETIME, s), None, "{s}");
        }
        assert_eq!(stored(Temporal::Time(0), "9"), None);
        assert_eq!(stored(Temporal::Time(0), "1 09:00:00"), None);
    }

    #[test]
    fn compared_strings_keep_their_fraction_and_a_date_its_midnight() {
        assert_eq!(
            compared(DATETIME, "2025-01-01 09:00:00.5").as_deref(),
            Some("2025-01-01 09:00:00.5")
        );
        assert_eq!(
            compared(Temporal::Date, "2025-1-1 00:00").as_deref(),
            Some("2025-01-01")
        );
        assert_eq!(
            compared(Temporal::Date, "2025-01-01 09:00").as_deref(),
            Some("2025-01-01 09:00:00")
        );
        assert_eq!(compared(Temporal::Time(0), "2025-01-01 09:00"), None);
    }
}
