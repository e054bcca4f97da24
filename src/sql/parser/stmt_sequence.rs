//! PostgreSQL's CREATE SEQUENCE, read as sqlparser reads it: the options (AS, INCREMENT,
//! MINVALUE, MAXVALUE, START, CACHE, CYCLE, OWNED BY) in any order, each at most once.

use super::super::Parser;
use crate::sql::Flavor;
use sqlparser::ast::{ObjectNamePart, SequenceOptions, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;

impl Flavor {
    /// `CREATE SEQUENCE` (MariaDB's sequences are another statement, not read here).
    pub(super) fn stmt_create_sequence(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// After `CREATE [TEMPORARY] SEQUENCE`.
    pub(super) fn parse_create_sequence(
        &mut self,
        temporary: bool,
    ) -> Result<Statement, ParserError> {
        let if_not_exists = self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]);
        let name = self.stmt_object_name()?;
        let sequence_options = self.sequence_options()?;
        Ok(Statement::CreateSequence {
            temporary,
            if_not_exists,
            name,
            sequence_options,
        })
    }

    /// The options in any order, each at most once (sqlparser's `parse_sequence_options`
    /// for CREATE SEQUENCE, AS and OWNED BY included).
    fn sequence_options(&mut self) -> Result<Vec<SequenceOptions>, ParserError> {
        let mut options: Vec<SequenceOptions> = vec![];
        loop {
            let (option, name) = if self.parse_keyword(Keyword::INCREMENT) {
                let by = self.parse_keyword(Keyword::BY);
                (
                    SequenceOptions::IncrementBy(self.signed_number()?, by),
                    "INCREMENT",
                )
            } else if self.parse_keyword(Keyword::MINVALUE) {
                let min = SequenceOptions::MinValue(Some(self.signed_number()?));
                (min, "MINVALUE | NO MINVALUE")
            } else if self.parse_keywords(&[Keyword::NO, Keyword::MINVALUE]) {
                (SequenceOptions::MinValue(None), "MINVALUE | NO MINVALUE")
            } else if self.parse_keyword(Keyword::MAXVALUE) {
                let max = SequenceOptions::MaxValue(Some(self.signed_number()?));
                (max, "MAXVALUE | NO MAXVALUE")
            } else if self.parse_keywords(&[Keyword::NO, Keyword::MAXVALUE]) {
                (SequenceOptions::MaxValue(None), "MAXVALUE | NO MAXVALUE")
            } else if self.parse_keyword(Keyword::START) {
                let with = self.parse_keyword(Keyword::WITH);
                (
                    SequenceOptions::StartWith(self.signed_number()?, with),
                    "START",
                )
            } else if self.parse_keyword(Keyword::CACHE) {
                (SequenceOptions::Cache(self.signed_number()?), "CACHE")
            } else if self.parse_keywords(&[Keyword::NO, Keyword::CYCLE]) {
                // sqlparser's flag says NO: `Cycle(true)` is NO CYCLE.
                (SequenceOptions::Cycle(true), "CYCLE | NO CYCLE")
            } else if self.parse_keyword(Keyword::CYCLE) {
                (SequenceOptions::Cycle(false), "CYCLE | NO CYCLE")
            } else if self.parse_keyword(Keyword::AS) {
                (SequenceOptions::DataType(self.parse_data_type()?), "AS")
            } else if self.parse_keywords(&[Keyword::OWNED, Keyword::BY]) {
                // Only the one bare word NONE means no owner (`none.c` is a column).
                let owner = self.stmt_object_name()?;
                let none = matches!(owner.0.as_slice(), [ObjectNamePart::Identifier(i)]
                    if i.quote_style.is_none() && i.value.eq_ignore_ascii_case("NONE"));
                (
                    SequenceOptions::OwnedBy((!none).then_some(owner)),
                    "OWNED BY",
                )
            } else {
                return Ok(options);
            };
            let kind = std::mem::discriminant(&option);
            if options
                .iter()
                .any(|seen| std::mem::discriminant(seen) == kind)
            {
                return Err(ParserError::ParserError(format!(
                    "{name} specified more than once"
                )));
            }
            options.push(option);
        }
    }
}
