//! The options and literals DDL carries: `WITH (key = value)`, MySQL's table options
//! (`ENGINE = InnoDB`, `DEFAULT CHARSET = ...`), literal values, strings and numbers.

use super::super::Parser;
use crate::sql::lexer::keyword_name;
use crate::sql::Flavor;
use sqlparser::ast::{CommentDef, Expr, Ident, NamedParenthesizedList, SqlOption};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// T-SQL's HEAP, PARTITION and CLUSTERED among `WITH (...)` options.
    fn stmt_tsql_options(self) -> bool {
        matches!(self, Flavor::MsSql | Flavor::Generic)
    }
}

impl Parser {
    /// `keyword (name = value, ...)`, or nothing when `keyword` is not next.
    pub(crate) fn parenthesized_options(
        &mut self,
        keyword: Keyword,
    ) -> Result<Vec<SqlOption>, ParserError> {
        if !self.parse_keyword(keyword) {
            return Ok(vec![]);
        }
        self.expect_token(&Token::LParen)?;
        let options = if matches!(self.peek_token_ref().token, Token::RParen) {
            vec![]
        } else {
            self.parse_comma_separated(|p| p.sql_option())?
        };
        self.expect_token(&Token::RParen)?;
        Ok(options)
    }

    /// `name = expr`, the name possibly dotted (`toast.fillfactor`); PostgreSQL's and the
    /// generic dialect's also a bare `name` (T-SQL's HEAP, PARTITION and CLUSTERED refused).
    fn sql_option(&mut self) -> Result<SqlOption, ParserError> {
        if self.flavor.stmt_tsql_options()
            && self
                .peek_one_of_keywords(&[Keyword::HEAP, Keyword::PARTITION, Keyword::CLUSTERED])
                .is_some()
        {
            return self.refuse_next("this table option");
        }
        let mut parts = vec![self.parse_identifier()?];
        while self.consume_token(&Token::Period) {
            parts.push(self.parse_identifier()?);
        }
        let key = crate::sql::build::name_of(parts);
        if matches!(self.flavor, Flavor::Postgres | Flavor::Generic)
            && matches!(self.peek_token_ref().token, Token::Comma | Token::RParen)
        {
            return Ok(SqlOption::Ident(key));
        }
        self.expect_token(&Token::Eq)?;
        let value = self.parse_expr()?;
        Ok(SqlOption::KeyValue { key, value })
    }

    /// MySQL-style table options, each optionally followed by a comma.
    pub(crate) fn plain_options(&mut self) -> Result<Vec<SqlOption>, ParserError> {
        let mut options = vec![];
        while let Some(option) = self.plain_option()? {
            options.push(option);
            let _ = self.consume_token(&Token::Comma);
        }
        Ok(options)
    }

    fn plain_option(&mut self) -> Result<Option<SqlOption>, ParserError> {
        if self.parse_keywords(&[Keyword::START, Keyword::TRANSACTION]) {
            let name = crate::sql::build::name(Ident::new("START TRANSACTION"));
            return Ok(Some(SqlOption::Ident(name)));
        }
        if self.parse_keyword(Keyword::COMMENT) {
            let has_eq = self.consume_token(&Token::Eq);
            let next = self.next_token();
            return match next.token {
                Token::SingleQuotedString(s) if has_eq => {
                    Ok(Some(SqlOption::Comment(CommentDef::WithEq(s))))
                }
                Token::SingleQuotedString(s) => {
                    Ok(Some(SqlOption::Comment(CommentDef::WithoutEq(s))))
                }
                token => self.expected(
                    "Token::SingleQuotedString",
                    sqlparser::tokenizer::TokenWithSpan::wrap(token),
                ),
            };
        }
        if self.parse_keyword(Keyword::ENGINE) {
            return self.engine_option().map(Some);
        }
        if self.peek_keyword(Keyword::TABLESPACE) || self.peek_keyword(Keyword::UNION) {
            return self.refuse_next("this table option");
        }
        let Some(key) = self.plain_option_key() else {
            return Ok(None);
        };
        let _ = self.consume_token(&Token::Eq);
        let value = match self.maybe_parse(|p| p.parse_value())? {
            Some(value) => Expr::Value(value),
            None => Expr::Identifier(self.parse_identifier()?),
        };
        let key = crate::sql::build::name(key);
        Ok(Some(SqlOption::KeyValue { key, value }))
    }

    /// `ENGINE [=] name [(params)]`, ENGINE consumed.
    fn engine_option(&mut self) -> Result<SqlOption, ParserError> {
        let _ = self.consume_token(&Token::Eq);
        let next = self.next_token();
        let Token::Word(w) = next.token else {
            return self.expected("Token::Word", next);
        };
        let name = w.into_ident(next.span);
        let values = if matches!(self.peek_token_ref().token, Token::LParen) {
            self.advance_token();
            let idents = if matches!(self.peek_token_ref().token, Token::RParen) {
                vec![]
            } else {
                self.parse_comma_separated(|p| p.parse_identifier())?
            };
            self.expect_token(&Token::RParen)?;
            idents
        } else {
            vec![]
        };
        Ok(SqlOption::NamedParenthesizedList(NamedParenthesizedList {
            key: Ident::new("ENGINE"),
            name: Some(name),
            values,
        }))
    }

    /// The key of a `key [=] value` table option, consumed.
    fn plain_option_key(&mut self) -> Option<Ident> {
        let runs: [(&[Keyword], &str); 8] = [
            (&[Keyword::DEFAULT, Keyword::CHARSET], "DEFAULT CHARSET"),
            (&[Keyword::CHARSET], "CHARSET"),
            (
                &[Keyword::DEFAULT, Keyword::CHARACTER, Keyword::SET],
                "DEFAULT CHARACTER SET",
            ),
            (&[Keyword::CHARACTER, Keyword::SET], "CHARACTER SET"),
            (&[Keyword::DEFAULT, Keyword::COLLATE], "DEFAULT COLLATE"),
            (&[Keyword::COLLATE], "COLLATE"),
            (&[Keyword::DATA, Keyword::DIRECTORY], "DATA DIRECTORY"),
            (&[Keyword::INDEX, Keyword::DIRECTORY], "INDEX DIRECTORY"),
        ];
        for (keywords, name) in runs {
            if self.parse_keywords(keywords) {
                return Some(Ident::new(name));
            }
        }
        let single = [
            Keyword::KEY_BLOCK_SIZE,
            Keyword::ROW_FORMAT,
            Keyword::PACK_KEYS,
            Keyword::STATS_AUTO_RECALC,
            Keyword::STATS_PERSISTENT,
            Keyword::STATS_SAMPLE_PAGES,
            Keyword::DELAY_KEY_WRITE,
            Keyword::COMPRESSION,
            Keyword::ENCRYPTION,
            Keyword::MAX_ROWS,
            Keyword::MIN_ROWS,
            Keyword::AUTOEXTEND_SIZE,
            Keyword::AVG_ROW_LENGTH,
            Keyword::CHECKSUM,
            Keyword::CONNECTION,
            Keyword::ENGINE_ATTRIBUTE,
            Keyword::PASSWORD,
            Keyword::SECONDARY_ENGINE_ATTRIBUTE,
            Keyword::INSERT_METHOD,
            Keyword::AUTO_INCREMENT,
        ];
        let keyword = self.parse_one_of_keywords(&single)?;
        Some(Ident::new(keyword_name(keyword)))
    }

    /// A string after COMMENT.
    pub(super) fn comment_value(&mut self) -> Result<String, ParserError> {
        let next = self.next_token();
        match next.token {
            Token::SingleQuotedString(s) => Ok(s),
            Token::DollarQuotedString(s) => Ok(s.value),
            _ => self.expected("string literal", next),
        }
    }
}
