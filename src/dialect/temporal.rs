//! Rule: date and time columns (MariaDB's DATE, DATETIME, TIMESTAMP, TIME; PostgreSQL's date,
//! timestamp, timestamptz, time). The servers store a time in their own form whatever text
//! they were given (`'2025-1-1 9:0:0'` and MariaDB's `'20250101090000'` become
//! `2025-01-01 09:00:00`, a MariaDB DATE drops the time of day, a DATETIME(0) drops a
//! fraction, `.50` is `.5`, PostgreSQL moves `+02:00` to UTC); SQLite keeps the text as
//! written, and compares it as text. So a value written in any other form than the stored one
//! is refused by name (the statement undone, as for any value its column does not admit):
//! what is stored then sorts and compares as the time does. String literals reach this
//! check already in the stored form where the lab reads them as the server does (PostgreSQL's
//! `postgres/literals.rs`, MariaDB's `mysql/time_literals.rs`). MariaDB prints a column of
//! fractional precision n with n digits (`09:00:00.000000`): `printed`, through `text_forms`.

use super::types::Admits;
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::DataType;

/// What a column of this type holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Temporal {
    /// `YYYY-MM-DD`.
    Date,
    /// `YYYY-MM-DD HH:MM:SS`, with up to `u8` digits of a second after it.
    DateTime(u8),
    /// `HH:MM:SS`, with up to `u8` digits of a second after it.
    Time(u8),
}

/// The column type's temporal kind, if it has one: MariaDB's fractions default to none,
/// PostgreSQL's to microseconds. (PostgreSQL's `time with time zone` is left as text.)
pub fn of(t: &DataType, dialect: Dialect) -> Option<Admits> {
    use sqlparser::ast::TimezoneInfo::{None as Plain, WithoutTimeZone};
    let default = match dialect {
        Dialect::MySql => 0,
        Dialect::Postgres => 6,
        Dialect::MsSql => return None,
    };
    let fsp = |p: &Option<u64>| p.map_or(default, |p| p.min(6) as u8);
    Some(Admits::Temporal(match t {
        DataType::Date => Temporal::Date,
        DataType::Datetime(p) if dialect == Dialect::MySql => Temporal::DateTime(fsp(p)),
        DataType::Timestamp(p, _) => Temporal::DateTime(fsp(p)),
        DataType::Time(p, Plain | WithoutTimeZone) => Temporal::Time(fsp(p)),
        _ => return None,
    }))
}

impl Temporal {
    /// The stored form, for a message: `'YYYY-MM-DD HH:MM:SS.ffffff'`.
    pub fn form(self) -> String {
        let (base, fsp) = match self {
            Temporal::Date => ("YYYY-MM-DD", 0),
            Temporal::DateTime(f) => ("YYYY-MM-DD HH:MM:SS", f),
            Temporal::Time(f) => ("HH:MM:SS", f),
        };
        let fraction = if fsp > 0 {
            format!("[.{}]", "f".repeat(usize::from(fsp)))
        } else {
            String::new()
        };
        format!("'{base}{fraction}'")
    }

    /// Whether `t` is a value in the form the server stores (a fraction of at most the
    /// column's digits, no zero at its end), with every field in range.
    pub fn stored(self, t: &str) -> bool {
        let b = t.as_bytes();
        let (rest, fsp) = match self {
            Temporal::Date => return b.len() == 10 && date(b),
            Temporal::DateTime(f) => {
                if b.len() < 19 || !date(&b[..10]) || b[10] != b' ' {
                    return false;
                }
                (&b[11..], f)
            }
            Temporal::Time(f) => (b, f),
        };
        if rest.len() < 8 || !clock(&rest[..8]) {
            return false;
        }
        match &rest[8..] {
            [] => true,
            [b'.', digits @ ..] => {
                !digits.is_empty()
                    && digits.len() <= usize::from(fsp)
                    && digits.iter().all(u8::is_ascii_digit)
                    && digits.last() != Some(&b'0')
            }
            _ => false,
        }
    }

    /// The refusal of `value`, written to `column` in another form than the stored one.
    pub fn misfit(self, dialect: Dialect, column: &str, value: &str) -> StepError {
        let kind = match (self, dialect) {
            (Temporal::Date, _) => "date",
            (Temporal::DateTime(_), Dialect::Postgres) => "timestamp",
            (Temporal::DateTime(_), _) => "datetime",
            (Temporal::Time(_), _) => "time",
        };
        super::common::unsupported_with(
            dialect,
            &format!("The value '{value}' written to the {kind} column {column}"),
            &format!(
                "the server would store it in its own form, which the lab does not convert to; write it as the server keeps it, {} (a real day, no zero ending the fraction, no time zone: the session's is UTC)",
                self.form()
            ),
        )
    }

    /// A stored value as the server prints it: the fraction padded to the column's digits.
    pub fn printed(self, t: &str) -> Option<String> {
        let fsp = match self {
            Temporal::DateTime(f) | Temporal::Time(f) if f > 0 => usize::from(f),
            _ => return None,
        };
        if !self.stored(t) {
            return None;
        }
        let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
        Some(format!("{whole}.{fraction:0<fsp$}"))
    }
}

fn number(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |n, d| {
        d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
    })
}

/// `YYYY-MM-DD`, a day of the calendar (the server refuses `2025-02-30` in its strict mode).
fn date(b: &[u8]) -> bool {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (number(&b[..4]), number(&b[5..7]), number(&b[8..10])) else {
        return false;
    };
    crate::calendar::real_day(i64::from(y), m, d)
}

/// `HH:MM:SS` with an hour 00-23.
fn clock(b: &[u8]) -> bool {
    b[2] == b':'
        && b[5] == b':'
        && number(&b[..2]).is_some_and(|h| h < 24)
        && number(&b[3..5]).is_some_and(|m| m < 60)
        && number(&b[6..8]).is_some_and(|s| s < 60)
}
