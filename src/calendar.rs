//! Dates as the engine keeps them: seconds since the Unix epoch in UTC, written
//! `YYYY-MM-DD HH:MM:SS` (proleptic Gregorian). Plain arithmetic the scenario clock
//! (`engine::clock`) and the dialects' reading of timestamps (`postgres/literals.rs`) share.

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

    #[test]
    fn formats_known_instants_and_reads_them_back() {
        assert_eq!(format_timestamp(0), "1970-01-01 00:00:00");
        assert_eq!(format_timestamp(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(epoch_seconds(2000, 2, 29, 0), 951_782_400);
        assert_eq!(epoch_seconds(1969, 12, 31, 86_399), -1);
    }
}
