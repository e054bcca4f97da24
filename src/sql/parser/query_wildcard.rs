//! What may follow `*` or `t.*` in a select list: PostgreSQL's alias (the generic dialect's
//! ILIKE, EXCLUDE, EXCEPT, REPLACE and RENAME are refused).

use super::super::Parser;
use super::refused::WILDCARD_OPTIONS;
use crate::sql::Flavor;
use sqlparser::ast::WildcardAdditionalOptions;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::TokenWithSpan;

impl Parser {
    /// What may follow `*` or `t.*`: PostgreSQL's alias.
    pub(super) fn query_wildcard_options(
        &mut self,
        wildcard_token: TokenWithSpan,
    ) -> Result<WildcardAdditionalOptions, ParserError> {
        let mut options = WildcardAdditionalOptions {
            wildcard_token: wildcard_token.into(),
            ..Default::default()
        };
        self.query_refuse_generic(WILDCARD_OPTIONS)?;
        if self.flavor == Flavor::Postgres {
            options.opt_alias = self.query_select_item_alias()?;
        }
        Ok(options)
    }
}
