//! For unit tests only: a step of a test's own setup that fails becomes the error the test
//! returns, saying what it was doing, so that no test needs `unwrap()` or `expect()`.

/// What a test (or its helper) returns.
pub type Checked<T = ()> = Result<T, String>;

/// `.or_fail("what it was doing")?`, where a test would otherwise panic.
pub trait OrFail<T> {
    fn or_fail(self, doing: &str) -> Checked<T>;
}

impl<T, E: std::fmt::Debug> OrFail<T> for Result<T, E> {
    fn or_fail(self, doing: &str) -> Checked<T> {
        self.map_err(|e| format!("{doing}: {e:?}"))
    }
}

impl<T> OrFail<T> for Option<T> {
    fn or_fail(self, doing: &str) -> Checked<T> {
        self.ok_or_else(|| format!("{doing}: nothing"))
    }
}
