//! The scenario clock: what `CURRENT_TIMESTAMP` returns. It starts at a fixed instant and
//! moves one second per statement, so runs are repeatable and timestamps still tell order.
//! (PostgreSQL's `now()` reads the instant the transaction began on it: `Txn::began_at`.)

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

pub use crate::calendar::format_timestamp;

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
