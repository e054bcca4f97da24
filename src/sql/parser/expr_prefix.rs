//! What an expression starts with: literals, names (`a`, `t.c`, `t.*`), unary operators,
//! parentheses (nested, tuple or subquery), `TYPE 'string'` literals and the words with a
//! meaning of their own (handed to `expr_call.rs`).

use super::memo::Attempt;
use super::Prec;
use crate::sql::parser::{parser_err, unsupported, Parser};
use crate::sql::print::Sql;
use crate::sql::{Duplicate, Flavor};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    CastKind, DataType, Expr, GeometricTypeKind, Ident, ObjectName, ObjectNamePart, TypedString,
    UnaryOperator, Value, ValueWithSpan,
};
use sqlparser::keywords::{Keyword, RESERVED_FOR_IDENTIFIER};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Span, Token, TokenWithSpan, Word};

impl Flavor {
    /// The words that, having failed as what they lead, may not fall back to being names.
    fn expr_reserved_for_identifier(self, keyword: Keyword) -> bool {
        // PostgreSQL lets `interval` be a column.
        if self == Flavor::Postgres && keyword == Keyword::INTERVAL {
            return false;
        }
        RESERVED_FOR_IDENTIFIER.contains(&keyword)
    }

    /// Adjacent string literals run together (`'a' 'b'` is `'ab'`): MySQL.
    fn expr_string_concatenation(self) -> bool {
        self == Flavor::MySql
    }
}

impl Parser {
    /// The start of an expression (sqlparser's `parse_prefix`).
    pub(crate) fn parse_prefix(&mut self) -> Result<Expr, ParserError> {
        self.prefix_boxed().map(|e| *e)
    }

    /// [`Parser::parse_prefix`], boxed, remembering where it failed.
    pub(super) fn prefix_boxed(&mut self) -> Result<Box<Expr>, ParserError> {
        let start = self.index();
        if let Some(failure) = self.failed_before(Attempt::Prefix, start) {
            return self.failed_again(failure, self.peek_token_ref());
        }
        let result = self.prefix_afresh();
        if let Err(e) = &result {
            self.remember_failure(Attempt::Prefix, start, e);
        }
        result
    }

    fn prefix_afresh(&mut self) -> Result<Box<Expr>, ParserError> {
        match self.maybe_parse(|p| p.typed_string().map(Box::new))? {
            Some(expr) => Ok(expr),
            None => self.token_prefix(),
        }
    }

    /// The start of an expression that is no typed literal, by its first token.
    fn token_prefix(&mut self) -> Result<Box<Expr>, ParserError> {
        let start = self.index();
        let tok = self.next_token();
        match tok.token {
            Token::Word(w) => self.word_prefix(w, tok.span),
            Token::LBracket => self.array_elements(false).map(Box::new),
            Token::Minus | Token::Plus => {
                let op = if matches!(tok.token, Token::Plus) {
                    UnaryOperator::Plus
                } else {
                    UnaryOperator::Minus
                };
                self.unary(op, Prec::MulDivMod)
            }
            Token::DoubleExclamationMark if self.flavor == Flavor::Postgres => {
                self.unary(UnaryOperator::PGPrefixFactorial, Prec::PlusMinus)
            }
            Token::PGSquareRoot if self.flavor == Flavor::Postgres => {
                self.unary(UnaryOperator::PGSquareRoot, Prec::PlusMinus)
            }
            Token::PGCubeRoot if self.flavor == Flavor::Postgres => {
                self.unary(UnaryOperator::PGCubeRoot, Prec::PlusMinus)
            }
            Token::AtSign if self.flavor == Flavor::Postgres => {
                self.unary(UnaryOperator::PGAbs, Prec::PlusMinus)
            }
            Token::Tilde => self.unary(UnaryOperator::BitwiseNot, Prec::PlusMinus),
            Token::Sharp if self.flavor.expr_geometric() => {
                self.unary(UnaryOperator::Hash, Prec::PlusMinus)
            }
            Token::AtDashAt if self.flavor.expr_geometric() => {
                self.unary(UnaryOperator::AtDashAt, Prec::PlusMinus)
            }
            Token::AtAt if self.flavor.expr_geometric() => {
                self.unary(UnaryOperator::DoubleAt, Prec::PlusMinus)
            }
            Token::QuestionMarkDash if self.flavor.expr_geometric() => {
                self.unary(UnaryOperator::QuestionDash, Prec::PlusMinus)
            }
            Token::QuestionPipe if self.flavor.expr_geometric() => {
                self.unary(UnaryOperator::QuestionPipe, Prec::PlusMinus)
            }
            Token::EscapedStringLiteral(_)
                if !matches!(self.flavor, Flavor::Postgres | Flavor::Generic) =>
            {
                self.expected("an expression", tok)
            }
            Token::LParen => self.parenthesized_prefix(),
            // ODBC's `{fn f()}` and `{ts '...'}`, DuckDB's `{'k': v}`: refused (see
            // `keyword_form` in expr_special.rs).
            Token::LBrace => parser_err(unsupported("`{...}` escapes"), tok.span.start),
            ref t if is_value_token(t) => self.value_prefix(start),
            _ => self.expected("an expression", tok),
        }
    }

    /// A literal value, from `start`.
    fn value_prefix(&mut self, start: usize) -> Result<Box<Expr>, ParserError> {
        self.set_index(start);
        Ok(Box::new(Expr::Value(self.parse_value()?)))
    }

    /// `op <operand>`, the operand binding as tightly as `strength`.
    fn unary(&mut self, op: UnaryOperator, strength: Prec) -> Result<Box<Expr>, ParserError> {
        let expr = self.subexpr(self.flavor.expr_prec(strength))?;
        Ok(Box::new(Expr::UnaryOp { op, expr }))
    }

    /// A type name and a literal: `DATE '2020-01-01'`, `TIMESTAMP '...'`, `INTERVAL ...`,
    /// MySQL's `BINARY x`. A name that is no built-in type is never one (`NOT 'a'` is a
    /// negation), so the attempt fails there and the caller goes back.
    fn typed_string(&mut self) -> Result<Expr, ParserError> {
        let at = self.peek_token_ref().span.start;
        let first = match &self.peek_token_ref().token {
            Token::Word(w) => Some(w.keyword),
            _ => None,
        };
        match self.parse_data_type()? {
            DataType::Interval { .. } => self.parse_interval(),
            DataType::Custom(name, modifiers)
                if modifiers.is_empty()
                    && is_plain_name(&name, "xml")
                    && matches!(self.flavor, Flavor::Postgres | Flavor::Generic) =>
            {
                Ok(Expr::TypedString(TypedString {
                    data_type: DataType::Custom(name, modifiers),
                    value: self.parse_value()?,
                    uses_odbc_syntax: false,
                }))
            }
            // PostgreSQL's `citext 'a'`, a literal of a type the engine does not know by
            // its name alone (sqlparser reads it as a typed string).
            DataType::Custom(name, modifiers)
                if modifiers.is_empty() && first.is_some_and(|k| self.custom_typed_string(k, &name)) =>
            {
                parser_err(unsupported("`type_name 'text'` for a type other than the built-in ones (write 'text'::type_name)"), at)
            }
            DataType::Custom(..) => parser_err("dummy", at),
            DataType::Binary(..) if self.flavor == Flavor::MySql => Ok(Expr::Cast {
                kind: CastKind::Cast,
                expr: self.subexpr(0)?,
                data_type: DataType::Binary(None),
                format: None,
            }),
            data_type => Ok(Expr::TypedString(TypedString {
                data_type,
                value: self.parse_value()?,
                uses_odbc_syntax: false,
            })),
        }
    }

    /// Whether a string literal is next and a custom type named `name` (its first word the
    /// keyword `first`) may type it (sqlparser's `peek_custom_typed_string`).
    fn custom_typed_string(&self, first: Keyword, name: &ObjectName) -> bool {
        let qualified = name.0.len() > 1;
        matches!(
            self.peek_token_ref().token,
            Token::SingleQuotedString(_)
                | Token::EscapedStringLiteral(_)
                | Token::UnicodeStringLiteral(_)
                | Token::DollarQuotedString(_)
        ) && self.flavor.expr_custom_typed_string(first, qualified)
            && (qualified
                || !self.flavor.expr_geometric()
                || super::special::geometric_kind(first).is_none())
    }

    /// A word (just consumed): first as the form it may lead (CASE, CAST, NOT, ...), then,
    /// if it leads none or that fails, as a name or a function call.
    fn word_prefix(&mut self, w: Word, span: Span) -> Result<Box<Expr>, ParserError> {
        let at = self.index().saturating_sub(1);
        let keyword_form = match self.failed_before(Attempt::KeywordForm, at) {
            Some(failure) => self.failed_again(failure, self.get_current_token()),
            None => self.try_parse(|p| p.keyword_prefix(&w, span)),
        };
        match keyword_form {
            Ok(Some(expr)) => Ok(expr),
            Ok(None) => self.name_prefix(&w, span),
            Err(e) if crate::sql::parser::is_refusal(&e) => Err(e),
            Err(e) => {
                self.remember_failure(Attempt::KeywordForm, at, &e);
                if !self.flavor.expr_reserved_for_identifier(w.keyword) {
                    match self.maybe_parse(|p| p.name_prefix(&w, span)) {
                        Ok(Some(expr)) => return Ok(expr),
                        // Read as a name or a call, the word leads a construct refused by
                        // name (`CAST(a, t'x')`: a typed string of a type of its own), which
                        // sqlparser reads there: the refusal, not the keyword form's error.
                        Err(r) if crate::sql::parser::is_refusal(&r) => return Err(r),
                        _ => {}
                    }
                }
                Err(e)
            }
        }
    }

    /// A word that is not a keyword here: a function call, MySQL's `_charset'string'`, or
    /// a name.
    fn name_prefix(&mut self, w: &Word, span: Span) -> Result<Box<Expr>, ParserError> {
        let outer_join = self.flavor == Flavor::MsSql && self.peek_outer_join();
        let introducer = w.value.starts_with('_');
        let ident = w.copy_of().into_ident(span);
        match &self.peek_token_ref().token {
            Token::LParen if !outer_join => self.function_boxed(crate::sql::build::name(ident)),
            Token::SingleQuotedString(_)
            | Token::DoubleQuotedString(_)
            | Token::HexStringLiteral(_)
                if introducer =>
            {
                self.introduced_string(ident).map(Box::new)
            }
            _ => Ok(Box::new(Expr::Identifier(ident))),
        }
    }

    /// Whether `(+)` comes next (T-SQL's old outer-join marker).
    pub(super) fn peek_outer_join(&self) -> bool {
        matches!(self.peek_nth_token_ref(0).token, Token::LParen)
            && matches!(self.peek_nth_token_ref(1).token, Token::Plus)
            && matches!(self.peek_nth_token_ref(2).token, Token::RParen)
    }

    /// The string after a character-set introducer (`_utf8mb4'x'`).
    fn introduced_string(&mut self, prefix: Ident) -> Result<Expr, ParserError> {
        let t = self.next_token();
        let value = match t.token {
            Token::SingleQuotedString(ref s) => Value::SingleQuotedString(s.clone()),
            Token::DoubleQuotedString(ref s) => Value::DoubleQuotedString(s.clone()),
            Token::HexStringLiteral(ref s) => Value::HexStringLiteral(s.clone()),
            _ => return self.expected("a string value", t),
        };
        Ok(Expr::Prefixed {
            prefix,
            value: Box::new(Expr::Value(value.with_span(t.span))),
        })
    }

    /// After `(`: a subquery, or one expression (nested) or several (a tuple), then `)`.
    fn parenthesized_prefix(&mut self) -> Result<Box<Expr>, ParserError> {
        let expr = if self.peek_subquery() {
            Box::new(Expr::Subquery(self.parse_query()?))
        } else {
            // Inside parentheses `NOT NULL` is an operator again, even in a column's DEFAULT.
            let exprs = self.with_column_definition(false, |p| p.expr_list())?;
            Box::new(nested_or_tuple(exprs))
        };
        self.expect_token(&Token::RParen)?;
        Ok(expr)
    }

    /// `[a, b, ...]` after the `[` (and `ARRAY` when `named`).
    pub(super) fn array_elements(&mut self, named: bool) -> Result<Expr, ParserError> {
        let elem = if matches!(self.peek_token_ref().token, Token::RBracket) {
            Vec::new()
        } else {
            self.expr_list()?
        };
        self.expect_token(&Token::RBracket)?;
        Ok(Expr::Array(sqlparser::ast::Array { elem, named }))
    }

    /// PostgreSQL's `point '(1,2)'` and the other geometric literals.
    pub(super) fn geometric_literal(
        &mut self,
        kind: GeometricTypeKind,
    ) -> Result<Expr, ParserError> {
        Ok(Expr::TypedString(TypedString {
            data_type: DataType::GeometricType(kind),
            value: self.parse_value()?,
            uses_odbc_syntax: false,
        }))
    }

    /// A literal value (sqlparser's `parse_value`).
    pub(crate) fn parse_value(&mut self) -> Result<ValueWithSpan, ParserError> {
        let t = self.next_token();
        let span = t.span;
        let value = match t.token {
            Token::Word(ref w) => return self.word_value(w, &t),
            // PostgreSQL 16's `0x1F`, `0o17` and `0b101` (the lab's server, PostgreSQL 15,
            // reads `0x1F` as `0 AS x1F`).
            Token::Number(ref n, _)
                if self.flavor == Flavor::Postgres
                    && matches!(
                        n.as_bytes().get(1),
                        Some(b'x' | b'X' | b'o' | b'O' | b'b' | b'B')
                    ) =>
            {
                return parser_err(
                    unsupported("an integer in hex, octal or binary"),
                    span.start,
                );
            }
            Token::Number(ref n, long) => Value::Number(n.clone(), long),
            Token::SingleQuotedString(ref s) => {
                Value::SingleQuotedString(self.concatenated(s.clone()))
            }
            Token::DoubleQuotedString(ref s) => {
                Value::DoubleQuotedString(self.concatenated(s.clone()))
            }
            Token::TripleSingleQuotedString(ref s) => Value::TripleSingleQuotedString(s.clone()),
            Token::TripleDoubleQuotedString(ref s) => Value::TripleDoubleQuotedString(s.clone()),
            Token::DollarQuotedString(ref s) => Value::DollarQuotedString(s.clone()),
            Token::SingleQuotedByteStringLiteral(ref s) => {
                Value::SingleQuotedByteStringLiteral(s.clone())
            }
            Token::DoubleQuotedByteStringLiteral(ref s) => {
                Value::DoubleQuotedByteStringLiteral(s.clone())
            }
            Token::TripleSingleQuotedByteStringLiteral(ref s) => {
                Value::TripleSingleQuotedByteStringLiteral(s.clone())
            }
            Token::TripleDoubleQuotedByteStringLiteral(ref s) => {
                Value::TripleDoubleQuotedByteStringLiteral(s.clone())
            }
            Token::SingleQuotedRawStringLiteral(ref s) => {
                Value::SingleQuotedRawStringLiteral(s.clone())
            }
            Token::DoubleQuotedRawStringLiteral(ref s) => {
                Value::DoubleQuotedRawStringLiteral(s.clone())
            }
            Token::TripleSingleQuotedRawStringLiteral(ref s) => {
                Value::TripleSingleQuotedRawStringLiteral(s.clone())
            }
            Token::TripleDoubleQuotedRawStringLiteral(ref s) => {
                Value::TripleDoubleQuotedRawStringLiteral(s.clone())
            }
            Token::NationalStringLiteral(ref s) => Value::NationalStringLiteral(s.clone()),
            Token::QuoteDelimitedStringLiteral(ref v) => {
                Value::QuoteDelimitedStringLiteral(v.clone())
            }
            Token::NationalQuoteDelimitedStringLiteral(ref v) => {
                Value::NationalQuoteDelimitedStringLiteral(v.clone())
            }
            Token::EscapedStringLiteral(ref s) => Value::EscapedStringLiteral(s.clone()),
            Token::UnicodeStringLiteral(ref s) => Value::UnicodeStringLiteral(s.clone()),
            Token::HexStringLiteral(ref s) => Value::HexStringLiteral(s.clone()),
            Token::Placeholder(ref s) => Value::Placeholder(s.clone()),
            Token::Colon | Token::AtSign => return self.sigil_placeholder(&t),
            _ => return self.expected("a value", t),
        };
        Ok(value.with_span(span))
    }

    /// A word as a value: TRUE, FALSE, NULL, or a quoted word as a string.
    fn word_value(&self, w: &Word, t: &TokenWithSpan) -> Result<ValueWithSpan, ParserError> {
        let value = match w.keyword {
            Keyword::TRUE if self.flavor.expr_boolean_literals() => Value::Boolean(true),
            Keyword::FALSE if self.flavor.expr_boolean_literals() => Value::Boolean(false),
            Keyword::NULL => Value::Null,
            Keyword::NoKeyword if w.quote_style == Some('"') => {
                Value::DoubleQuotedString(w.value.clone())
            }
            Keyword::NoKeyword if w.quote_style == Some('\'') => {
                Value::SingleQuotedString(w.value.clone())
            }
            Keyword::NoKeyword if w.quote_style.is_some() => {
                return self.expected("A value?", t.copy_of())
            }
            _ => return self.expected("a concrete value", t.copy_of()),
        };
        Ok(value.with_span(t.span))
    }

    /// `:name` or `@name` (no space between): a placeholder.
    fn sigil_placeholder(&mut self, sigil: &TokenWithSpan) -> Result<ValueWithSpan, ParserError> {
        let next = self.peek_token_no_skip();
        self.set_index(self.index() + 1);
        let name = match next.token {
            Token::Word(w) if w.quote_style.is_none() => w.value,
            Token::Number(n, false) => n,
            _ => return self.expected("placeholder", next),
        };
        Ok(Value::Placeholder(format!("{}{name}", Sql(&sigil.token)))
            .with_span(Span::new(sigil.span.start, next.span.end)))
    }

    /// MySQL runs adjacent string literals together.
    fn concatenated(&mut self, mut s: String) -> String {
        if !self.flavor.expr_string_concatenation() {
            return s;
        }
        while let Token::SingleQuotedString(next) | Token::DoubleQuotedString(next) =
            &self.peek_token_ref().token
        {
            s.push_str(next);
            self.advance_token();
        }
        s
    }

    /// An expression that may be `*` or `t.*` (sqlparser's `parse_wildcard_expr`), as
    /// function arguments and select items allow.
    pub(crate) fn parse_wildcard_expr(&mut self) -> Result<Expr, ParserError> {
        self.wildcard_expr_boxed().map(|e| *e)
    }

    /// [`Parser::parse_wildcard_expr`], boxed.
    pub(super) fn wildcard_expr_boxed(&mut self) -> Result<Box<Expr>, ParserError> {
        let start = self.index();
        match self.wildcard()? {
            Some(star) => Ok(Box::new(star)),
            None => {
                self.set_index(start);
                self.subexpr(0)
            }
        }
    }

    /// `*`, `(*)` or `a.b.*`, if that is what comes; the cursor is left anywhere if not.
    fn wildcard(&mut self) -> Result<Option<Expr>, ParserError> {
        let t = self.next_token();
        let first = match t.token {
            Token::Mul => return Ok(Some(Expr::Wildcard(AttachedToken(t)))),
            Token::LParen
                if matches!(self.peek_nth_token_ref(0).token, Token::Mul)
                    && matches!(self.peek_nth_token_ref(1).token, Token::RParen) =>
            {
                let star = self.next_token();
                self.advance_token();
                return Ok(Some(Expr::Wildcard(AttachedToken(star))));
            }
            _ if !matches!(self.peek_token_ref().token, Token::Period) => return Ok(None),
            Token::Word(w) => w.into_ident(t.span),
            Token::SingleQuotedString(s) => Ident::with_quote('\'', s),
            _ => return Ok(None),
        };
        let mut parts = vec![first];
        while self.consume_token(&Token::Period) {
            let n = self.next_token();
            match n.token {
                Token::Word(w) => parts.push(w.into_ident(n.span)),
                Token::SingleQuotedString(s) => parts.push(Ident::with_quote('\'', s)),
                Token::Placeholder(s) => parts.push(Ident::new(s)),
                Token::Mul => {
                    return Ok(Some(Expr::QualifiedWildcard(
                        crate::sql::build::name_of(parts),
                        AttachedToken(n),
                    )))
                }
                _ => return self.expected("an identifier or a '*' after '.'", n),
            }
        }
        Ok(None)
    }
}

/// One expression in parentheses is nested, more are a tuple.
fn nested_or_tuple(mut exprs: Vec<Expr>) -> Expr {
    if exprs.len() == 1 {
        if let Some(e) = exprs.pop() {
            return Expr::Nested(Box::new(e));
        }
    }
    Expr::Tuple(exprs)
}

/// Whether `t` starts a literal value.
fn is_value_token(t: &Token) -> bool {
    matches!(
        t,
        Token::Number(_, _)
            | Token::SingleQuotedString(_)
            | Token::DoubleQuotedString(_)
            | Token::TripleSingleQuotedString(_)
            | Token::TripleDoubleQuotedString(_)
            | Token::DollarQuotedString(_)
            | Token::SingleQuotedByteStringLiteral(_)
            | Token::DoubleQuotedByteStringLiteral(_)
            | Token::TripleSingleQuotedByteStringLiteral(_)
            | Token::TripleDoubleQuotedByteStringLiteral(_)
            | Token::SingleQuotedRawStringLiteral(_)
            | Token::DoubleQuotedRawStringLiteral(_)
            | Token::TripleSingleQuotedRawStringLiteral(_)
            | Token::TripleDoubleQuotedRawStringLiteral(_)
            | Token::NationalStringLiteral(_)
            | Token::QuoteDelimitedStringLiteral(_)
            | Token::NationalQuoteDelimitedStringLiteral(_)
            | Token::HexStringLiteral(_)
            | Token::EscapedStringLiteral(_)
            | Token::UnicodeStringLiteral(_)
            | Token::Placeholder(_)
            | Token::Colon
            | Token::AtSign
    )
}

/// Whether `name` is the one unquoted word `expected` (any case).
pub(crate) fn is_plain_name(name: &ObjectName, expected: &str) -> bool {
    match name.0.as_slice() {
        [ObjectNamePart::Identifier(i)] => {
            i.quote_style.is_none() && i.value.eq_ignore_ascii_case(expected)
        }
        _ => false,
    }
}
