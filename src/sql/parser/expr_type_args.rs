//! The small literals data types take: lengths, precisions and scales, type modifiers,
//! ENUM and SET members; and unsigned integers and strings as sqlparser reads them.

use crate::sql::parser::{parser_err, Parser};
use crate::sql::Flavor;
use sqlparser::ast::{
    BinaryLength, CharLengthUnits, CharacterLength, EnumMember, ExactNumberInfo, TypeModifier,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// `(n)`, if there.
    pub(crate) fn optional_precision(&mut self) -> Result<Option<u64>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(None);
        }
        let n = self.parse_literal_uint()?;
        self.expect_token(&Token::RParen)?;
        Ok(Some(n))
    }

    /// `(p[, s])`, if there, both unsigned.
    pub(crate) fn precision_and_scale(
        &mut self,
    ) -> Result<(Option<u64>, Option<u64>), ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok((None, None));
        }
        let p = self.parse_literal_uint()?;
        let s = if self.consume_token(&Token::Comma) {
            Some(self.parse_literal_uint()?)
        } else {
            None
        };
        self.expect_token(&Token::RParen)?;
        Ok((Some(p), s))
    }

    /// A DECIMAL's `(p[, s])`, the scale possibly signed.
    pub(super) fn exact_number_info(&mut self) -> Result<ExactNumberInfo, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(ExactNumberInfo::None);
        }
        let precision = self.parse_literal_uint()?;
        let scale = if self.consume_token(&Token::Comma) {
            Some(self.signed_integer()?)
        } else {
            None
        };
        self.expect_token(&Token::RParen)?;
        Ok(match scale {
            None => ExactNumberInfo::Precision(precision),
            Some(s) => ExactNumberInfo::PrecisionAndScale(precision, s),
        })
    }

    fn signed_integer(&mut self) -> Result<i64, ParserError> {
        let negative = self.consume_token(&Token::Minus);
        if !negative {
            let _ = self.consume_token(&Token::Plus);
        }
        let t = self.peek_token_ref();
        let Token::Number(s, _) = &t.token else {
            return self.expected_ref("number", t);
        };
        let at = t.span.start;
        let s = s.clone();
        self.advance_token();
        match s.parse::<i64>() {
            Ok(v) => Ok(if negative { -v } else { v }),
            Err(e) => parser_err(format!("Could not parse '{s}' as i64: {e}"), at),
        }
    }

    /// `(n [CHARACTERS|OCTETS])` or `(MAX)`, if there.
    pub(super) fn optional_character_length(
        &mut self,
    ) -> Result<Option<CharacterLength>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(None);
        }
        let len = if self.parse_keyword(Keyword::MAX) {
            CharacterLength::Max
        } else {
            let length = self.parse_literal_uint()?;
            let unit = if self.parse_keyword(Keyword::CHARACTERS) {
                Some(CharLengthUnits::Characters)
            } else if self.parse_keyword(Keyword::OCTETS) {
                Some(CharLengthUnits::Octets)
            } else {
                None
            };
            CharacterLength::IntegerLength { length, unit }
        };
        self.expect_token(&Token::RParen)?;
        Ok(Some(len))
    }

    /// `(n)` or `(MAX)`, if there.
    pub(super) fn optional_binary_length(&mut self) -> Result<Option<BinaryLength>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(None);
        }
        let len = if self.parse_keyword(Keyword::MAX) {
            BinaryLength::Max
        } else {
            BinaryLength::IntegerLength {
                length: self.parse_literal_uint()?,
            }
        };
        self.expect_token(&Token::RParen)?;
        Ok(Some(len))
    }

    /// A custom type's `(mod, mod, ...)`: words, numbers and strings.
    pub(super) fn type_modifiers(&mut self) -> Result<Option<Vec<TypeModifier>>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(None);
        }
        let mut modifiers = Vec::new();
        loop {
            let t = self.next_token();
            match t.token {
                Token::Word(w) => modifiers.push(TypeModifier::Identifier(w.into_ident(t.span))),
                Token::Number(n, long) => modifiers.push(TypeModifier::Number(n, long)),
                Token::SingleQuotedString(s) => modifiers.push(TypeModifier::String(s)),
                Token::Comma => {}
                Token::RParen => return Ok(Some(modifiers)),
                _ => return self.expected("type modifiers", t),
            }
        }
    }

    /// ENUM's `('a', 'b' = 2, ...)`.
    pub(super) fn enum_members(&mut self) -> Result<Vec<EnumMember>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let members = self.parse_comma_separated(|p| {
            let name = p.parse_literal_string("An ENUM member that is a name")?;
            if p.consume_token(&Token::Eq) {
                Ok(EnumMember::NamedValue(name, p.signed_number()?))
            } else {
                Ok(EnumMember::Name(name))
            }
        })?;
        self.expect_token(&Token::RParen)?;
        Ok(members)
    }

    /// A number with an optional sign, as an expression (sqlparser's `parse_number`).
    pub(crate) fn signed_number(&mut self) -> Result<sqlparser::ast::Expr, ParserError> {
        use sqlparser::ast::{Expr, UnaryOperator, Value};
        let op = if self.consume_token(&Token::Plus) {
            Some(UnaryOperator::Plus)
        } else if self.consume_token(&Token::Minus) {
            Some(UnaryOperator::Minus)
        } else {
            None
        };
        let v = self.parse_value()?;
        if !matches!(v.value, Value::Number(..) | Value::Placeholder(_)) {
            self.prev_token();
            return self.expected_ref("literal number", self.peek_token_ref());
        }
        let value = Expr::Value(v);
        Ok(match op {
            Some(op) => Expr::UnaryOp {
                op,
                expr: Box::new(value),
            },
            None => value,
        })
    }

    /// SET's `('a', 'b', ...)`.
    pub(super) fn string_values(&mut self) -> Result<Vec<String>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let mut values = Vec::new();
        loop {
            let t = self.next_token();
            match t.token {
                Token::SingleQuotedString(v) => values.push(v),
                _ => return self.expected("a string", t),
            }
            let t = self.next_token();
            match t.token {
                Token::Comma => {}
                Token::RParen => return Ok(values),
                _ => return self.expected(", or }", t),
            }
        }
    }

    /// An unsigned integer literal (sqlparser's `parse_literal_uint`).
    pub(crate) fn parse_literal_uint(&mut self) -> Result<u64, ParserError> {
        let t = self.next_token();
        match &t.token {
            Token::Number(s, _) => s.parse::<u64>().or_else(|e| {
                parser_err(format!("Could not parse '{s}' as u64: {e}"), t.span.start)
            }),
            _ => self.expected("literal int", t),
        }
    }

    /// A string literal (sqlparser's `parse_literal_string`). A word there is refused as
    /// `what` names it: sqlparser reads a word that is none of its keywords, and this parser
    /// knows fewer keywords (`ENUM(sum)`), so the two would part; the servers read a string
    /// constant only in the places that call this.
    pub(crate) fn parse_literal_string(&mut self, what: &str) -> Result<String, ParserError> {
        let t = self.next_token();
        match t.token {
            Token::Word(_) => parser_err(crate::sql::parser::unsupported(what), t.span.start),
            Token::SingleQuotedString(s) | Token::DoubleQuotedString(s) => Ok(s),
            Token::EscapedStringLiteral(s)
                if matches!(self.flavor, Flavor::Postgres | Flavor::Generic) =>
            {
                Ok(s)
            }
            Token::UnicodeStringLiteral(s) => Ok(s),
            _ => self.expected("literal string", t),
        }
    }
}
