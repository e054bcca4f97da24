//! JSON documents as tables: MySQL's `JSON_TABLE(doc, path COLUMNS (...))` and T-SQL's
//! `OPENJSON(doc [, path]) [WITH (...)]`, which sqlparser reads in every dialect when the word
//! is followed by `(`.

use super::super::Parser;
use super::from::boxed_factor;
use sqlparser::ast::{
    JsonTableColumn, JsonTableColumnErrorHandling, JsonTableNamedColumn, JsonTableNestedColumn,
    OpenJsonTableColumn, TableFactor,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// `JSON_TABLE (` or `OPENJSON (` next: the table it starts; `None` (nothing consumed)
    /// otherwise.
    pub(super) fn query_json_table(&mut self) -> Result<Option<Box<TableFactor>>, ParserError> {
        if self.peek_nth_token_ref(1).token != Token::LParen {
            return Ok(None);
        }
        if self.parse_keyword(Keyword::JSON_TABLE) {
            self.advance_token();
            return self.query_mysql_json_table().map(Some);
        }
        if self.parse_keyword(Keyword::OPENJSON) {
            return self.query_openjson().map(Some);
        }
        Ok(None)
    }

    /// `doc, path COLUMNS (column, ...)) [alias]`, `JSON_TABLE (` read.
    fn query_mysql_json_table(&mut self) -> Result<Box<TableFactor>, ParserError> {
        let json_expr = self.parse_expr()?;
        self.expect_token(&Token::Comma)?;
        let json_path = self.parse_value()?;
        self.expect_keyword_is(Keyword::COLUMNS)?;
        let columns =
            self.parse_parenthesized(|p| p.parse_comma_separated(Parser::query_json_table_column))?;
        self.expect_token(&Token::RParen)?;
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::JsonTable {
            json_expr,
            json_path,
            columns,
            alias,
        }))
    }

    /// `NESTED [PATH] path COLUMNS (...)`, `name FOR ORDINALITY`, or
    /// `name type [EXISTS] PATH path [handling ON EMPTY] [handling ON ERROR]`.
    fn query_json_table_column(&mut self) -> Result<JsonTableColumn, ParserError> {
        if self.parse_keyword(Keyword::NESTED) {
            let _ = self.parse_keyword(Keyword::PATH);
            let path = self.parse_value()?;
            self.expect_keyword_is(Keyword::COLUMNS)?;
            let columns = self.parse_parenthesized(|p| {
                p.parse_comma_separated(Parser::query_json_table_column)
            })?;
            return Ok(JsonTableColumn::Nested(JsonTableNestedColumn {
                path,
                columns,
            }));
        }
        let name = self.parse_identifier()?;
        if self.parse_keyword(Keyword::FOR) {
            self.expect_keyword_is(Keyword::ORDINALITY)?;
            return Ok(JsonTableColumn::ForOrdinality(name));
        }
        let r#type = self.parse_data_type()?;
        let exists = self.parse_keyword(Keyword::EXISTS);
        self.expect_keyword_is(Keyword::PATH)?;
        let path = self.parse_value()?;
        let (mut on_empty, mut on_error) = (None, None);
        while let Some(handling) = self.query_json_error_handling()? {
            if self.parse_keyword(Keyword::EMPTY) {
                on_empty = Some(handling);
            } else {
                self.expect_keyword_is(Keyword::ERROR)?;
                on_error = Some(handling);
            }
        }
        Ok(JsonTableColumn::Named(JsonTableNamedColumn {
            name,
            r#type,
            path,
            exists,
            on_empty,
            on_error,
        }))
    }

    /// `NULL ON`, `ERROR ON` or `DEFAULT value ON` (what follows ON is the caller's).
    fn query_json_error_handling(
        &mut self,
    ) -> Result<Option<JsonTableColumnErrorHandling>, ParserError> {
        let handling = if self.parse_keyword(Keyword::NULL) {
            JsonTableColumnErrorHandling::Null
        } else if self.parse_keyword(Keyword::ERROR) {
            JsonTableColumnErrorHandling::Error
        } else if self.parse_keyword(Keyword::DEFAULT) {
            JsonTableColumnErrorHandling::Default(self.parse_value()?)
        } else {
            return Ok(None);
        };
        self.expect_keyword_is(Keyword::ON)?;
        Ok(Some(handling))
    }

    /// `(doc [, path]) [WITH (name type ['path'] [AS JSON], ...)] [alias]`, OPENJSON read.
    fn query_openjson(&mut self) -> Result<Box<TableFactor>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let json_expr = self.parse_expr()?;
        let json_path = if self.consume_token(&Token::Comma) {
            Some(self.parse_value()?)
        } else {
            None
        };
        self.expect_token(&Token::RParen)?;
        let columns = if self.parse_keyword(Keyword::WITH) {
            self.parse_parenthesized(|p| p.parse_comma_separated(Parser::query_openjson_column))?
        } else {
            vec![]
        };
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::OpenJsonTable {
            json_expr,
            json_path,
            columns,
            alias,
        }))
    }

    fn query_openjson_column(&mut self) -> Result<OpenJsonTableColumn, ParserError> {
        let name = self.parse_identifier()?;
        let r#type = self.parse_data_type()?;
        let path = match self.peek_token().token {
            Token::SingleQuotedString(path) => {
                self.advance_token();
                Some(path)
            }
            _ => None,
        };
        let as_json = self.parse_keyword(Keyword::AS);
        if as_json {
            self.expect_keyword_is(Keyword::JSON)?;
        }
        Ok(OpenJsonTableColumn {
            name,
            r#type,
            path,
            as_json,
        })
    }
}
