//! The options and literals DDL carries: `WITH (key = value)`, MySQL's table options
//! (`ENGINE = InnoDB`, `DEFAULT CHARSET = ...`), literal values, strings and numbers.

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    CommentDef, Expr, Ident, NamedParenthesizedList, SqlOption, UnaryOperator, Value, ValueWithSpan,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// T-SQL's HEAP, PARTITION and CLUSTERED among `WITH (...)` options.
    fn stmt_tsql_options(self) -> bool {
        matches!(self, Flavor::MsSql | Flavor::Generic)
    }

    /// Adjacent string literals join into one (MySQL).
    fn stmt_string_concatenation(self) -> bool {
        self == Flavor::MySql
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
        let options = if self.peek_token_ref().token == Token::RParen {
            vec![]
        } else {
            self.parse_comma_separated(|p| p.sql_option())?
        };
        self.expect_token(&Token::RParen)?;
        Ok(options)
    }

    /// `name = expr` (T-SQL's HEAP, PARTITION and CLUSTERED refused).
    fn sql_option(&mut self) -> Result<SqlOption, ParserError> {
        if self.flavor.stmt_tsql_options()
            && self
                .peek_one_of_keywords(&[Keyword::HEAP, Keyword::PARTITION, Keyword::CLUSTERED])
                .is_some()
        {
            return self.refuse_next("this table option");
        }
        let key = self.parse_identifier()?;
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
            return Ok(Some(SqlOption::Ident(Ident::new("START TRANSACTION"))));
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
        let value = match self.maybe_parse(|p| p.stmt_value())? {
            Some(value) => Expr::Value(value),
            None => Expr::Identifier(self.parse_identifier()?),
        };
        Ok(Some(SqlOption::KeyValue { key, value }))
    }

    /// `ENGINE [=] name [(params)]`, ENGINE consumed.
    fn engine_option(&mut self) -> Result<SqlOption, ParserError> {
        let _ = self.consume_token(&Token::Eq);
        let next = self.next_token();
        let Token::Word(w) = next.token else {
            return self.expected("Token::Word", next);
        };
        let values = if self.peek_token_ref().token == Token::LParen {
            self.advance_token();
            let idents = if self.peek_token_ref().token == Token::RParen {
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
            name: Some(Ident::new(w.value)),
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
        Some(Ident::new(format!("{keyword:?}")))
    }

    /// A literal value (sqlparser's `parse_value`), for table options.
    pub(crate) fn stmt_value(&mut self) -> Result<ValueWithSpan, ParserError> {
        let next = self.next_token();
        let span = next.span;
        let value = match next.token {
            Token::Word(w) => match w.keyword {
                Keyword::TRUE if self.flavor != Flavor::MsSql => Value::Boolean(true),
                Keyword::FALSE if self.flavor != Flavor::MsSql => Value::Boolean(false),
                Keyword::NULL => Value::Null,
                Keyword::NoKeyword if w.quote_style == Some('"') => {
                    Value::DoubleQuotedString(w.value)
                }
                Keyword::NoKeyword if w.quote_style == Some('\'') => {
                    Value::SingleQuotedString(w.value)
                }
                _ => {
                    let found = sqlparser::tokenizer::TokenWithSpan {
                        token: Token::Word(w),
                        span,
                    };
                    return self.expected("a concrete value", found);
                }
            },
            Token::Number(n, long) => Value::Number(n, long),
            Token::SingleQuotedString(s) => Value::SingleQuotedString(self.joined_strings(s)),
            Token::DoubleQuotedString(s) => Value::DoubleQuotedString(self.joined_strings(s)),
            Token::DollarQuotedString(s) => Value::DollarQuotedString(s),
            Token::NationalStringLiteral(s) => Value::NationalStringLiteral(s),
            Token::EscapedStringLiteral(s) => Value::EscapedStringLiteral(s),
            Token::UnicodeStringLiteral(s) => Value::UnicodeStringLiteral(s),
            Token::HexStringLiteral(s) => Value::HexStringLiteral(s),
            Token::Placeholder(s) => Value::Placeholder(s),
            token => {
                let found = sqlparser::tokenizer::TokenWithSpan { token, span };
                return self.expected("a value", found);
            }
        };
        Ok(value.with_span(span))
    }

    /// MySQL joins adjacent string literals into one.
    fn joined_strings(&mut self, mut s: String) -> String {
        if !self.flavor.stmt_string_concatenation() {
            return s;
        }
        while let Token::SingleQuotedString(more) | Token::DoubleQuotedString(more) =
            &self.peek_token_ref().token
        {
            s.push_str(more);
            self.advance_token();
        }
        s
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

    /// A number with an optional sign (sqlparser's `parse_number`).
    pub(crate) fn stmt_signed_number(&mut self) -> Result<Expr, ParserError> {
        use UnaryOperator;
        let op = if self.consume_token(&Token::Plus) {
            Some(UnaryOperator::Plus)
        } else if self.consume_token(&Token::Minus) {
            Some(UnaryOperator::Minus)
        } else {
            None
        };
        let value = Expr::Value(self.stmt_number_value()?);
        Ok(match op {
            Some(op) => Expr::UnaryOp {
                op,
                expr: Box::new(value),
            },
            None => value,
        })
    }

    /// An unsigned number or a placeholder.
    fn stmt_number_value(&mut self) -> Result<ValueWithSpan, ParserError> {
        let value = self.stmt_value()?;
        match value.value {
            Value::Number(..) | Value::Placeholder(_) => Ok(value),
            _ => {
                self.prev_token();
                self.expected_ref("literal number", self.peek_token_ref())
            }
        }
    }
}
