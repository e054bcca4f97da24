//! The memory of failed expression starts, as sqlparser keeps it: a start that failed at a
//! token fails again there at once, with "Expected: an expression" (or the recursion limit,
//! if that was the failure). Without it, inputs such as `CAST(CAST(CAST(...` or
//! `case-case-case-...` take time doubling with each level, since a word that fails as
//! what it leads is read again as a name. It lives in the parser
//! ([`Parser::failed_starts`]) for the parser's life, as sqlparser's does, so that a
//! statement that tries one reading and then another (MySQL's `SET`) meets the same errors.

use crate::sql::parser::Parser;
use sqlparser::parser::ParserError;

/// How a start failed: only the kind is kept, the error is rebuilt where it is met again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
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
pub(crate) enum Attempt {
    Prefix,
    KeywordForm,
}

impl Parser {
    pub(super) fn failed_before(&self, attempt: Attempt, index: usize) -> Option<Failure> {
        let kind = self.failed_starts.get(index * 2 + attempt as usize)?;
        Some([Failure::RecursionLimit, Failure::Other][kind])
    }

    pub(super) fn remember_failure(&mut self, attempt: Attempt, index: usize, e: &ParserError) {
        self.failed_starts
            .insert(index * 2 + attempt as usize, Failure::of(e) as usize);
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
