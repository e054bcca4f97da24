//! Dates as the engine keeps them: seconds since the Unix epoch in UTC, written
//! `YYYY-MM-DD HH:MM:SS` (proleptic Gregorian). Plain arithmetic the scenario clock
//! (`engine::clock`), the dialects' reading of timestamps (`postgres/literals.rs`) and the
//! engine's `time ± interval` (`engine::time_fns`) share.

/// Formats seconds since the epoch as a UTC `YYYY-MM-DD HH:MM:SS`.
pub fn format_timestamp(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Seconds since the epoch of a UTC date and time of day.
pub fn epoch_seconds(y: i64, m: u32, d: u32, secs_of_day: i64) -> i64 {
    days_from_civil(y, m, d) * 86_400 + secs_of_day
}

/// Whether `y-m-d` is a day of the calendar (`2024-02-29` is, `2025-02-30` is not): the day
/// count and back give the same date.
pub fn real_day(y: i64, m: u32, d: u32) -> bool {
    (1..=12).contains(&m) && d >= 1 && civil_from_days(days_from_civil(y, m, d)) == (y, m, d)
}

const MICROS_PER_DAY: i64 = 86_400_000_000;

/// Why a time could not be moved.
#[derive(Debug, PartialEq, Eq)]
pub enum ShiftError {
    /// The value is not a time in the engine's form (`YYYY-MM-DD[ HH:MM:SS[.ffffff]]`).
    NotATime,
    /// The result falls before year 1 or after year 9999.
    OutOfRange,
}

/// `t` moved by `months` (first, the day of the month kept but at most the month's last, as
/// both servers do: January 31 plus a month is February 29 or 28), then `days`, then
/// `micros`: PostgreSQL's and MariaDB's order. The result is `YYYY-MM-DD HH:MM:SS`, with the
/// fraction's digits up to its last nonzero one; a date (`YYYY-MM-DD`) when `keep_date`
/// and `t` is one (MariaDB's DATE plus days, months or years stays a DATE).
pub fn shift(
    t: &str,
    months: i64,
    days: i64,
    micros: i64,
    keep_date: bool,
) -> Result<String, ShiftError> {
    let (y, m, d, time, date_only) = read_time(t).ok_or(ShiftError::NotATime)?;
    let month_count = (y * 12 + i64::from(m) - 1)
        .checked_add(months)
        .ok_or(ShiftError::OutOfRange)?;
    let (y, m) = (
        month_count.div_euclid(12),
        month_count.rem_euclid(12) as u32 + 1,
    );
    if !(1..=9999).contains(&y) {
        return Err(ShiftError::OutOfRange);
    }
    let d = d.min(month_days(y, m));
    // Whole days and the rest apart, so no sum leaves 64 bits.
    let day_count = days_from_civil(y, m, d)
        .checked_add(days)
        .and_then(|n| n.checked_add(micros.div_euclid(MICROS_PER_DAY)))
        .ok_or(ShiftError::OutOfRange)?;
    let time = time + micros.rem_euclid(MICROS_PER_DAY);
    let (day_count, time) = (day_count + time / MICROS_PER_DAY, time % MICROS_PER_DAY);
    if day_count.unsigned_abs() > 1 << 40 {
        return Err(ShiftError::OutOfRange);
    }
    let (y, m, d) = civil_from_days(day_count);
    if !(1..=9999).contains(&y) {
        return Err(ShiftError::OutOfRange);
    }
    let date = format!("{y:04}-{m:02}-{d:02}");
    if keep_date && date_only && time == 0 {
        return Ok(date);
    }
    let secs = time / 1_000_000;
    let mut out = format!(
        "{date} {:02}:{:02}:{:02}",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    );
    let fraction = time % 1_000_000;
    if fraction != 0 {
        let digits = format!("{fraction:06}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
    Ok(out)
}

/// Microseconds since the epoch of a date or timestamp in the engine's form.
pub fn micros_since_epoch(t: &str) -> Option<i64> {
    let (y, m, d, time, _) = read_time(t)?;
    Some(days_from_civil(y, m, d) * MICROS_PER_DAY + time)
}

/// MariaDB's TIMESTAMPDIFF in months from `a` to `b`: whole months, a month counted once
/// the later time reaches the earlier one's day and time of day in its month (January 31 to
/// February 28 is 0 months, to March 1 is 1), negative when `b` is before `a`.
pub fn months_between(a: &str, b: &str) -> Option<i64> {
    let (ya, ma, da, ta, _) = read_time(a)?;
    let (yb, mb, db, tb, _) = read_time(b)?;
    let (start, end, sign) = if (ya, ma, da, ta) <= (yb, mb, db, tb) {
        ((ya, ma, da, ta), (yb, mb, db, tb), 1)
    } else {
        ((yb, mb, db, tb), (ya, ma, da, ta), -1)
    };
    let mut months = (end.0 - start.0) * 12 + i64::from(end.1) - i64::from(start.1);
    if (end.2, end.3) < (start.2, start.3) {
        months -= 1;
    }
    Some(sign * months)
}

/// The days of month `m` of year `y`.
fn month_days(y: i64, m: u32) -> u32 {
    let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    (days_from_civil(ny, nm, 1) - days_from_civil(y, m, 1)) as u32
}

/// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS[.f...]` (at most six digits): year, month, day,
/// microseconds of the day, and whether it was a date alone.
fn read_time(t: &str) -> Option<(i64, u32, u32, i64, bool)> {
    let b = t.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let digits = b.get(r)?;
        digits.iter().try_fold(0u32, |n, c| {
            c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
        })
    };
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (y, m, d) = (i64::from(num(0..4)?), num(5..7)?, num(8..10)?);
    if !real_day(y, m, d) {
        return None;
    }
    if b.len() == 10 {
        return Some((y, m, d, 0, true));
    }
    if b.len() < 19 || b[10] != b' ' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if h > 23 || mi > 59 || s > 59 {
        return None;
    }
    let fraction = match &b[19..] {
        [] => 0,
        [b'.', digits @ ..] if (1..=6).contains(&digits.len()) => {
            let n = num(20..b.len())?;
            i64::from(n) * 10i64.pow(6 - digits.len() as u32)
        }
        _ => return None,
    };
    let secs = i64::from(h * 3600 + mi * 60 + s);
    Some((y, m, d, secs * 1_000_000 + fraction, false))
}

/// Days since 1970-01-01 of a calendar date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let (m, d) = (i64::from(m), i64::from(d));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_days_only() {
        assert!(real_day(2024, 2, 29) && real_day(2000, 2, 29) && real_day(2025, 12, 31));
        assert!(!real_day(2025, 2, 29) && !real_day(1900, 2, 29) && !real_day(2025, 4, 31));
        assert!(!real_day(2025, 13, 1) && !real_day(2025, 1, 0));
    }

    // Each checked on PostgreSQL 15 and MariaDB 10.11.
    #[test]
    fn shifts_as_the_servers_do() {
        let s = |t, mo, d, us| shift(t, mo, d, us, false).unwrap();
        // A month from January 31 is February's last day, leap year or not.
        assert_eq!(s("2000-01-31 00:00:00", 1, 0, 0), "2000-02-29 00:00:00");
        assert_eq!(s("2001-01-31 10:00:00", 1, 0, 0), "2001-02-28 10:00:00");
        assert_eq!(s("2000-03-31 00:00:00", -1, 0, 0), "2000-02-29 00:00:00");
        assert_eq!(s("2000-01-31 00:00:00", 18, 0, 0), "2001-07-31 00:00:00");
        // Months first, then days, then the time.
        assert_eq!(s("2000-01-31 00:00:00", 1, 15, 0), "2000-03-15 00:00:00");
        assert_eq!(
            s("2000-01-31 00:00:00", 0, 1, -1_000_000),
            "2000-01-31 23:59:59"
        );
        assert_eq!(
            s("2000-01-31 00:00:00", 0, 0, 1_500_000),
            "2000-01-31 00:00:01.5"
        );
        assert_eq!(
            s("2000-01-31 00:00:00.5", 0, 0, 1_000_000),
            "2000-01-31 00:00:01.5"
        );
        assert_eq!(
            s("2000-01-31 00:00:00.623456", 0, 0, -623_456),
            "2000-01-31 00:00:00"
        );
        assert_eq!(s("2000-01-31", 0, 0, 3_600_000_000), "2000-01-31 01:00:00");
        assert_eq!(shift("2000-01-31", 0, 1, 0, true).unwrap(), "2000-02-01");
        assert_eq!(shift("2000-02-29", 12, 0, 0, true).unwrap(), "2001-02-28");
        assert_eq!(
            shift("2000-01-31", 0, 0, 1, true).unwrap(),
            "2000-01-31 00:00:00.000001"
        );
        assert_eq!(
            shift("9999-12-31", 0, 1, 0, true),
            Err(ShiftError::OutOfRange)
        );
        assert_eq!(
            shift("0001-01-01 00:00:00", 0, 0, -1, false),
            Err(ShiftError::OutOfRange)
        );
        assert_eq!(
            shift("2000-01-01 24:00:00", 0, 0, 0, false),
            Err(ShiftError::NotATime)
        );
        assert_eq!(
            shift("2000-01-01T00:00:00", 0, 0, 0, false),
            Err(ShiftError::NotATime)
        );
        assert_eq!(shift("12:00:00", 0, 0, 0, false), Err(ShiftError::NotATime));
        assert_eq!(
            shift("2000-01-01", i64::MAX, 0, 0, false),
            Err(ShiftError::OutOfRange)
        );
        assert_eq!(
            shift("2000-01-01", 0, i64::MAX, i64::MAX, false),
            Err(ShiftError::OutOfRange)
        );
    }

    #[test]
    fn formats_known_instants_and_reads_them_back() {
        assert_eq!(format_timestamp(0), "1970-01-01 00:00:00");
        assert_eq!(format_timestamp(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(epoch_seconds(2000, 2, 29, 0), 951_782_400);
        assert_eq!(epoch_seconds(1969, 12, 31, 86_399), -1);
    }
}
