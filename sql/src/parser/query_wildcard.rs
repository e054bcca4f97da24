//! What may follow `*` or `t.*` in a select list: the generic dialect's ILIKE, EXCLUDE,
//! EXCEPT, REPLACE and RENAME, and PostgreSQL's alias.

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    ExceptSelectItem, ExcludeSelectItem, IdentWithAlias, IlikeSelectItem, RenameSelectItem,
    ReplaceSelectElement, ReplaceSelectItem, WildcardAdditionalOptions,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

impl Parser {
    /// What may follow `*` or `t.*`: the generic dialect's ILIKE, EXCLUDE and EXCEPT, and
    /// PostgreSQL's alias.
    pub(super) fn query_wildcard_options(
        &mut self,
        wildcard_token: TokenWithSpan,
    ) -> Result<WildcardAdditionalOptions, ParserError> {
        let mut options = WildcardAdditionalOptions {
            wildcard_token: wildcard_token.into(),
            ..Default::default()
        };
        if self.flavor == Flavor::Generic {
            self.query_generic_wildcard_options(&mut options)?;
        }
        if self.flavor == Flavor::Postgres {
            options.opt_alias = self.query_select_item_alias()?;
        }
        Ok(options)
    }

    pub(super) fn query_generic_wildcard_options(
        &mut self,
        options: &mut WildcardAdditionalOptions,
    ) -> Result<(), ParserError> {
        if self.parse_keyword(Keyword::ILIKE) {
            let next = self.next_token();
            let Token::SingleQuotedString(pattern) = next.token else {
                return self.expected("ilike pattern", next);
            };
            options.opt_ilike = Some(IlikeSelectItem { pattern });
        }
        if options.opt_ilike.is_none() && self.parse_keyword(Keyword::EXCLUDE) {
            options.opt_exclude = Some(if self.consume_token(&Token::LParen) {
                let columns = self.parse_comma_separated(Parser::parse_object_name)?;
                self.expect_token(&Token::RParen)?;
                ExcludeSelectItem::Multiple(columns)
            } else {
                ExcludeSelectItem::Single(self.parse_object_name()?)
            });
        }
        if self.parse_keyword(Keyword::EXCEPT) {
            options.opt_except = Some(self.query_wildcard_except()?);
        }
        if self.parse_keyword(Keyword::REPLACE) {
            options.opt_replace = Some(self.query_wildcard_replace()?);
        }
        if self.parse_keyword(Keyword::RENAME) {
            options.opt_rename = Some(self.query_wildcard_rename()?);
        }
        Ok(())
    }

    /// `EXCEPT (a, b)` or ClickHouse's `EXCEPT a` after a wildcard (EXCEPT read).
    pub(super) fn query_wildcard_except(&mut self) -> Result<ExceptSelectItem, ParserError> {
        if self.peek_token_ref().token != Token::LParen {
            return Ok(ExceptSelectItem {
                first_element: self.parse_identifier()?,
                additional_elements: vec![],
            });
        }
        let idents =
            self.parse_parenthesized(|p| p.parse_comma_separated(Parser::parse_identifier))?;
        let mut idents = idents.into_iter();
        match idents.next() {
            Some(first_element) => Ok(ExceptSelectItem {
                first_element,
                additional_elements: idents.collect(),
            }),
            None => self.expected(
                "at least one column should be parsed by the expect clause",
                self.peek_token(),
            ),
        }
    }

    /// `(expr [AS] name, ...)` after REPLACE.
    fn query_wildcard_replace(&mut self) -> Result<ReplaceSelectItem, ParserError> {
        if !self.consume_token(&Token::LParen) {
            let next = self.next_token();
            return self.expected("( after REPLACE but", next);
        }
        let items = self.parse_comma_separated(|p| {
            let expr = p.parse_expr()?;
            let as_keyword = p.parse_keyword(Keyword::AS);
            let column_name = p.parse_identifier()?;
            Ok(Box::new(ReplaceSelectElement {
                expr,
                column_name,
                as_keyword,
            }))
        })?;
        self.expect_token(&Token::RParen)?;
        Ok(ReplaceSelectItem { items })
    }

    /// `a AS b` or `(a AS b, ...)` after RENAME.
    fn query_wildcard_rename(&mut self) -> Result<RenameSelectItem, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(RenameSelectItem::Single(self.query_ident_with_alias()?));
        }
        let renames = self.parse_comma_separated(Parser::query_ident_with_alias)?;
        self.expect_token(&Token::RParen)?;
        Ok(RenameSelectItem::Multiple(renames))
    }

    /// `name AS alias`.
    fn query_ident_with_alias(&mut self) -> Result<IdentWithAlias, ParserError> {
        let ident = self.parse_identifier()?;
        self.expect_keyword_is(Keyword::AS)?;
        let alias = self.parse_identifier()?;
        Ok(IdentWithAlias { ident, alias })
    }
}
