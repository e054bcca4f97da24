//! PostgreSQL's CREATE SEQUENCE, read as sqlparser reads it: the options in one order
//! (INCREMENT, MINVALUE, MAXVALUE, START, CACHE, CYCLE), then OWNED BY. PostgreSQL takes them
//! in any order; one out of sqlparser's order is refused by name (sqlparser would stop before
//! it with a syntax error the server never gives).

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{Ident, ObjectName, SequenceOptions, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;

impl Flavor {
    /// `CREATE SEQUENCE` (MariaDB's sequences are another statement, not read here).
    pub(super) fn stmt_create_sequence(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

/// The words that begin a sequence option.
const OPTION_WORDS: [Keyword; 7] = [
    Keyword::INCREMENT,
    Keyword::MINVALUE,
    Keyword::MAXVALUE,
    Keyword::START,
    Keyword::CACHE,
    Keyword::CYCLE,
    Keyword::NO,
];

impl Parser {
    /// After `CREATE [TEMPORARY] SEQUENCE`.
    pub(super) fn parse_create_sequence(
        &mut self,
        temporary: bool,
    ) -> Result<Statement, ParserError> {
        let if_not_exists = self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]);
        let name = self.stmt_object_name()?;
        let data_type = if self.parse_keyword(Keyword::AS) {
            Some(self.parse_data_type()?)
        } else {
            None
        };
        let sequence_options = self.sequence_options()?;
        if self.peek_one_of_keywords(&OPTION_WORDS).is_some() {
            return self.refuse_next(
                "a sequence option out of the order INCREMENT, MINVALUE, MAXVALUE, START, CACHE, CYCLE (write them in that order)",
            );
        }
        let owned_by = if self.parse_keywords(&[Keyword::OWNED, Keyword::BY]) {
            if self.parse_keyword(Keyword::NONE) {
                Some(ObjectName::from(vec![Ident::new("NONE")]))
            } else {
                Some(self.stmt_object_name()?)
            }
        } else {
            None
        };
        Ok(Statement::CreateSequence {
            temporary,
            if_not_exists,
            name,
            data_type,
            sequence_options,
            owned_by,
        })
    }

    fn sequence_options(&mut self) -> Result<Vec<SequenceOptions>, ParserError> {
        let mut options = vec![];
        if self.parse_keyword(Keyword::INCREMENT) {
            let by = self.parse_keyword(Keyword::BY);
            options.push(SequenceOptions::IncrementBy(self.signed_number()?, by));
        }
        if self.parse_keyword(Keyword::MINVALUE) {
            options.push(SequenceOptions::MinValue(Some(self.signed_number()?)));
        } else if self.parse_keywords(&[Keyword::NO, Keyword::MINVALUE]) {
            options.push(SequenceOptions::MinValue(None));
        }
        if self.parse_keyword(Keyword::MAXVALUE) {
            options.push(SequenceOptions::MaxValue(Some(self.signed_number()?)));
        } else if self.parse_keywords(&[Keyword::NO, Keyword::MAXVALUE]) {
            options.push(SequenceOptions::MaxValue(None));
        }
        if self.parse_keyword(Keyword::START) {
            let with = self.parse_keyword(Keyword::WITH);
            options.push(SequenceOptions::StartWith(self.signed_number()?, with));
        }
        if self.parse_keyword(Keyword::CACHE) {
            options.push(SequenceOptions::Cache(self.signed_number()?));
        }
        // sqlparser's flag says NO: `Cycle(true)` is NO CYCLE.
        if self.parse_keywords(&[Keyword::NO, Keyword::CYCLE]) {
            options.push(SequenceOptions::Cycle(true));
        } else if self.parse_keyword(Keyword::CYCLE) {
            options.push(SequenceOptions::Cycle(false));
        }
        Ok(options)
    }
}
