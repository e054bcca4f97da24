//! The memory of failed expression starts, as sqlparser keeps it: a start that failed at a
//! token fails again there at once, with "Expected: an expression" (or the recursion limit,
//! if that was the failure). Without it, inputs such as `CAST(CAST(CAST(...` or
//! `case-case-case-...` take time doubling with each level, since a word that fails as
//! what it leads is read again as a name.
//!
//! sqlparser keeps it for the parser's life. The cursor has no room for it, so it is kept
//! here, for one outermost expression (from the first `parse_subexpr` or `parse_prefix`
//! entered until the last left) of one token list; an expression re-read after its
//! whole parse failed and was abandoned starts afresh.

use crate::parser::Parser;
use sqlparser::parser::ParserError;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// How a start failed: only the kind is kept, the error is rebuilt where it is met again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    RecursionLimit,
    Other,
}

impl Failure {
    pub(super) fn of(e: &ParserError) -> Failure {
        match e {
            ParserError::RecursionLimitExceeded => Failure::RecursionLimit,
            _ => Failure::Other,
        }
    }
}

/// Which memory: a whole prefix, or the keyword reading of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Attempt {
    Prefix,
    KeywordForm,
}

#[derive(Default)]
struct Memo {
    /// Expression parses under way (the memory is dropped when the count returns to 0).
    open: usize,
    /// The token list the memory is about (its address and length).
    tokens: (usize, usize),
    failed: BTreeMap<(Attempt, usize), Failure>,
}

/// One expression parse under way; its end is counted when dropped.
struct Open;

impl Drop for Open {
    fn drop(&mut self) {
        MEMO.with(|m| {
            if let Ok(mut m) = m.try_borrow_mut() {
                m.open = m.open.saturating_sub(1);
            }
        });
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

impl Parser {
    /// Runs `f` as part of the current outermost expression, starting a fresh memory if
    /// there is none.
    pub(super) fn with_memo<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<T, ParserError> {
        let key = (self.tokens.as_ptr() as usize, self.tokens.len());
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.open == 0 || m.tokens != key {
                m.failed.clear();
                m.tokens = key;
            }
            m.open += 1;
        });
        // Closed on the way out whatever happens, unwinding included.
        let _open = Open;
        f(self)
    }

    pub(super) fn failed_before(&self, attempt: Attempt, index: usize) -> Option<Failure> {
        MEMO.with(|m| m.borrow().failed.get(&(attempt, index)).copied())
    }

    pub(super) fn remember_failure(&self, attempt: Attempt, index: usize, e: &ParserError) {
        MEMO.with(|m| {
            m.borrow_mut()
                .failed
                .insert((attempt, index), Failure::of(e));
        });
    }

    /// The error a remembered failure gives when met again, `found` being the token then.
    pub(super) fn failed_again<T>(
        &self,
        failure: Failure,
        found: &sqlparser::tokenizer::TokenWithSpan,
    ) -> Result<T, ParserError> {
        match failure {
            Failure::RecursionLimit => Err(ParserError::RecursionLimitExceeded),
            Failure::Other => self.expected_ref("an expression", found),
        }
    }
}
