//! The scenario clock: what `CURRENT_TIMESTAMP` returns. It starts at a fixed instant and
//! moves one second per statement, so runs are repeatable and timestamps still tell order.

/// 2025-01-01 09:00:00 UTC, in seconds since the Unix epoch.
pub const DEFAULT_START: i64 = 1_735_722_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub now: i64,
}

impl Clock {
    pub fn starting_at(epoch_seconds: i64) -> Clock {
        Clock { now: epoch_seconds }
    }

    pub fn tick(&mut self) {
        self.now += 1;
    }

    /// `YYYY-MM-DD HH:MM:SS`, as MySQL prints a TIMESTAMP.
    pub fn text(&self) -> String {
        format_timestamp(self.now)
    }
}

/// Formats seconds since the epoch as a UTC `YYYY-MM-DD HH:MM:SS` (proleptic Gregorian).
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

/// Days since 1970-01-01 to a calendar date (Howard Hinnant's algorithm).
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
    fn formats_known_instants() {
        assert_eq!(format_timestamp(0), "1970-01-01 00:00:00");
        assert_eq!(format_timestamp(DEFAULT_START), "2025-01-01 09:00:00");
        assert_eq!(format_timestamp(951_782_400), "2000-02-29 00:00:00");
    }

    #[test]
    fn ticks_one_second() {
        let mut c = Clock::starting_at(DEFAULT_START);
        c.tick();
        assert_eq!(c.text(), "2025-01-01 09:00:01");
    }
}
