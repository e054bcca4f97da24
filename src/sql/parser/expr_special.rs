//! The words that lead a form of their own: literals (TRUE, FALSE, NULL), CASE, CAST and
//! TRY_CAST, CONVERT, EXISTS, EXTRACT, CEIL/FLOOR, POSITION, SUBSTRING, TRIM, INTERVAL,
//! ARRAY, NOT, CURRENT_TIMESTAMP & co. (MATCH ... AGAINST, OVERLAY and MAP and STRUCT
//! literals are refused.)

use super::Prec;
use crate::sql::parser::{parser_err, unsupported, Parser};
use crate::sql::{Duplicate, Flavor};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    CaseWhen, CastFormat, CastKind, DataType, Expr, Function, FunctionArguments, GeometricTypeKind,
    ObjectName, TrimWhereField, UnaryOperator,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Span, Token, Word};

impl Flavor {
    /// T-SQL's CONVERT(type, value[, style]); the others' CONVERT(value, type | USING cs).
    fn expr_convert_type_first(self) -> bool {
        self == Flavor::MsSql
    }
}

impl Parser {
    /// The form the word `w` (just consumed) leads, `None` if it leads none here.
    ///
    /// Deciding and reading are apart, and each form is read by a function of its own, so
    /// that this frame, live on every level of a nested expression, stays small.
    pub(super) fn keyword_prefix(
        &mut self,
        w: &Word,
        span: Span,
    ) -> Result<Option<Box<Expr>>, ParserError> {
        match self.keyword_form(w.keyword) {
            Some(form) => self.read_form(form, w, span).map(Some),
            None => Ok(None),
        }
    }

    /// Which form the keyword `k` leads here, looking at the token after it.
    fn keyword_form(&self, k: Keyword) -> Option<Form> {
        let f = self.flavor;
        let next = &self.peek_token_ref().token;
        Some(match k {
            Keyword::TRUE | Keyword::FALSE if f.expr_boolean_literals() => Form::Value,
            Keyword::NULL => Form::Value,
            Keyword::CURRENT_CATALOG
            | Keyword::CURRENT_USER
            | Keyword::SESSION_USER
            | Keyword::USER
                if matches!(f, Flavor::Postgres | Flavor::Generic) =>
            {
                Form::Niladic
            }
            Keyword::CURRENT_TIMESTAMP
            | Keyword::CURRENT_TIME
            | Keyword::CURRENT_DATE
            | Keyword::LOCALTIME
            | Keyword::LOCALTIMESTAMP => Form::TimeFunction,
            Keyword::CASE => Form::Case,
            Keyword::CONVERT => Form::Convert(false),
            Keyword::TRY_CONVERT if matches!(f, Flavor::MsSql | Flavor::Generic) => {
                Form::Convert(true)
            }
            Keyword::CAST => Form::Cast(CastKind::Cast),
            Keyword::TRY_CAST => Form::Cast(CastKind::TryCast),
            Keyword::SAFE_CAST => Form::Cast(CastKind::SafeCast),
            Keyword::EXISTS => Form::Exists,
            Keyword::EXTRACT => Form::Extract,
            Keyword::CEIL => Form::CeilFloor(true),
            Keyword::FLOOR => Form::CeilFloor(false),
            Keyword::POSITION if matches!(*next, Token::LParen) => Form::Position,
            Keyword::SUBSTR | Keyword::SUBSTRING => Form::Substring,
            Keyword::TRIM => Form::Trim,
            Keyword::INTERVAL => Form::Interval,
            Keyword::ARRAY if matches!(*next, Token::LBracket) => Form::ArrayLiteral,
            Keyword::ARRAY if matches!(*next, Token::LParen) => Form::ArraySubquery,
            Keyword::NOT => Form::Not,
            // Forms of other databases, refused by name where sqlparser would read them: the
            // engine runs its SQL on SQLite, which has none of them, and their grammar would
            // be download size for nothing. (Without their `(`, MATCH and OVERLAY fail as
            // forms in sqlparser and are read as names, as here.)
            Keyword::MATCH
                if matches!(f, Flavor::MySql | Flavor::Generic)
                    && matches!(*next, Token::LParen) =>
            {
                Form::Refused("MATCH ... AGAINST")
            }
            Keyword::OVERLAY if matches!(*next, Token::LParen) => Form::Refused("OVERLAY"),
            Keyword::MAP if f.is_generic() && matches!(*next, Token::LBrace) => {
                Form::Refused("MAP literals")
            }
            Keyword::STRUCT if f.is_generic() => Form::Refused("STRUCT literals"),
            k if f.expr_geometric() => Form::Geometric(geometric_kind(k)?),
            _ => return None,
        })
    }

    fn read_form(&mut self, form: Form, w: &Word, span: Span) -> Result<Box<Expr>, ParserError> {
        match form {
            Form::Case => self.case_expr(),
            Form::Cast(kind) => self.cast_expr(kind),
            // One boxing for all the others keeps this frame small.
            other => self.read_other_form(other, w, span).map(Box::new),
        }
    }

    fn read_other_form(&mut self, form: Form, w: &Word, span: Span) -> Result<Expr, ParserError> {
        match form {
            Form::Value => {
                self.prev_token();
                self.parse_value().map(Expr::Value)
            }
            Form::Niladic => Ok(niladic_function(w, span)),
            Form::TimeFunction => self.time_function(word_name(w, span)),
            Form::Case => self.case_expr().map(|e| *e),
            Form::Cast(kind) => self.cast_expr(kind).map(|e| *e),
            Form::Convert(is_try) => self.convert_expr(is_try),
            Form::Exists => self.exists_expr(false),
            Form::Extract => self.extract_expr(),
            Form::CeilFloor(is_ceil) => self.ceil_floor(is_ceil),
            Form::Position => self.position_expr(word_name(w, span)),
            Form::Substring => self.substring_expr(w.keyword),
            Form::Trim => self.trim_expr(),
            Form::Interval => self.parse_interval(),
            Form::ArrayLiteral => self.array_literal(),
            Form::ArraySubquery => self.array_subquery(word_name(w, span)),
            Form::Not => self.not_expr(),
            Form::Refused(what) => parser_err(unsupported(what), span.start),
            Form::Geometric(kind) => self.geometric_literal(kind),
        }
    }

    /// `ARRAY[...]`, at the `[`.
    fn array_literal(&mut self) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LBracket)?;
        self.array_elements(true)
    }

    /// `ARRAY(subquery)`, a call of ARRAY over the subquery.
    fn array_subquery(&mut self, name: ObjectName) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        let query = self.parse_query()?;
        self.expect_token(&Token::RParen)?;
        Ok(Expr::Function(Function {
            name,
            uses_odbc_syntax: false,
            parameters: FunctionArguments::None,
            args: FunctionArguments::Subquery(query),
            filter: None,
            null_treatment: None,
            over: None,
            within_group: Vec::new(),
        }))
    }

    /// `CASE [operand] WHEN ... THEN ... [ELSE ...] END`, after CASE.
    fn case_expr(&mut self) -> Result<Box<Expr>, ParserError> {
        let case_token = AttachedToken(self.get_current_token().copy_of());
        let operand = if self.parse_keyword(Keyword::WHEN) {
            None
        } else {
            let operand = self.subexpr(0)?;
            self.expect_keyword_is(Keyword::WHEN)?;
            Some(operand)
        };
        let mut conditions = Vec::new();
        loop {
            self.case_when(&mut conditions)?;
            if !self.parse_keyword(Keyword::WHEN) {
                break;
            }
        }
        let else_result = if self.parse_keyword(Keyword::ELSE) {
            Some(self.subexpr(0)?)
        } else {
            None
        };
        let end_token = AttachedToken(self.expect_keyword(Keyword::END)?);
        Ok(Box::new(Expr::Case {
            case_token,
            end_token,
            operand,
            conditions,
            else_result,
        }))
    }

    /// `condition THEN result`, after WHEN.
    fn case_when(&mut self, conditions: &mut Vec<CaseWhen>) -> Result<(), ParserError> {
        let condition = self.subexpr(0)?;
        self.expect_keyword_is(Keyword::THEN)?;
        let result = self.subexpr(0)?;
        conditions.push(CaseWhen {
            condition: *condition,
            result: *result,
        });
        Ok(())
    }

    /// `CAST(expr AS type [FORMAT ...])` and its kin, after the keyword.
    fn cast_expr(&mut self, kind: CastKind) -> Result<Box<Expr>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let expr = self.subexpr(0)?;
        self.cast_rest(kind, expr)
    }

    /// `AS type [FORMAT ...])`, after CAST's expression.
    fn cast_rest(&mut self, kind: CastKind, expr: Box<Expr>) -> Result<Box<Expr>, ParserError> {
        self.expect_keyword_is(Keyword::AS)?;
        // SQLite's `CAST(x AS)`.
        let data_type = if self.flavor == Flavor::Sqlite
            && matches!(self.peek_token_ref().token, Token::RParen)
        {
            DataType::Unspecified
        } else {
            self.parse_data_type()?
        };
        let format = if self.parse_keyword(Keyword::FORMAT) {
            let value = self.parse_value()?;
            if self.parse_keywords(&[Keyword::AT, Keyword::TIME, Keyword::ZONE]) {
                Some(CastFormat::ValueAtTimeZone(value, self.parse_value()?))
            } else {
                Some(CastFormat::Value(value))
            }
        } else {
            None
        };
        self.expect_token(&Token::RParen)?;
        Ok(Box::new(Expr::Cast {
            kind,
            expr,
            data_type,
            format,
        }))
    }

    /// CONVERT / TRY_CONVERT, after the keyword.
    fn convert_expr(&mut self, is_try: bool) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        if self.flavor.expr_convert_type_first() {
            let data_type = self.parse_data_type()?;
            self.expect_token(&Token::Comma)?;
            let expr = *self.subexpr(0)?;
            let styles = if self.consume_token(&Token::Comma) {
                self.expr_list()?
            } else {
                Vec::new()
            };
            self.expect_token(&Token::RParen)?;
            return Ok(Expr::Convert {
                is_try,
                expr: Box::new(expr),
                data_type: Some(data_type),
                charset: None,
                target_before_value: true,
                styles,
            });
        }
        let expr = *self.subexpr(0)?;
        if self.parse_keyword(Keyword::USING) {
            let charset = self.parse_object_name()?;
            self.expect_token(&Token::RParen)?;
            return Ok(Expr::Convert {
                is_try,
                expr: Box::new(expr),
                data_type: None,
                charset: Some(charset),
                target_before_value: false,
                styles: Vec::new(),
            });
        }
        self.expect_token(&Token::Comma)?;
        let data_type = self.parse_data_type()?;
        let charset = if self.parse_keywords(&[Keyword::CHARACTER, Keyword::SET]) {
            Some(self.parse_object_name()?)
        } else {
            None
        };
        self.expect_token(&Token::RParen)?;
        Ok(Expr::Convert {
            is_try,
            expr: Box::new(expr),
            data_type: Some(data_type),
            charset,
            target_before_value: false,
            styles: Vec::new(),
        })
    }

    /// `EXISTS (subquery)`, after EXISTS.
    fn exists_expr(&mut self, negated: bool) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        let subquery = self.parse_query()?;
        self.expect_token(&Token::RParen)?;
        Ok(Expr::Exists { negated, subquery })
    }

    /// `NOT EXISTS (...)` or `NOT <expr>`, after NOT.
    fn not_expr(&mut self) -> Result<Expr, ParserError> {
        if self.parse_keyword(Keyword::EXISTS) {
            return self.exists_expr(true);
        }
        let expr = self.subexpr(self.flavor.expr_prec(Prec::UnaryNot))?;
        Ok(Expr::UnaryOp {
            op: UnaryOperator::Not,
            expr,
        })
    }

    /// `POSITION(needle IN haystack)`, or an ordinary call of `position`.
    fn position_expr(&mut self, name: ObjectName) -> Result<Expr, ParserError> {
        let between = self.flavor.expr_prec(Prec::Between);
        let special = self.maybe_parse(|p| {
            p.expect_token(&Token::LParen)?;
            let expr = p.subexpr(between)?;
            p.expect_keyword_is(Keyword::IN)?;
            let r#in = *p.subexpr(0)?;
            p.expect_token(&Token::RParen)?;
            Ok(Expr::Position {
                expr,
                r#in: Box::new(r#in),
            })
        })?;
        match special {
            Some(expr) => Ok(expr),
            None => self.parse_function(name),
        }
    }

    /// `SUBSTRING(expr [FROM|, start] [FOR|, length])` (or SUBSTR), after the keyword.
    fn substring_expr(&mut self, keyword: Keyword) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        let expr = *self.subexpr(0)?;
        let special = self.consume_token(&Token::Comma);
        let substring_from = if special || self.parse_keyword(Keyword::FROM) {
            Some(self.subexpr(0)?)
        } else {
            None
        };
        let substring_for = if self.parse_keyword(Keyword::FOR) || self.consume_token(&Token::Comma)
        {
            Some(self.subexpr(0)?)
        } else {
            None
        };
        self.expect_token(&Token::RParen)?;
        Ok(Expr::Substring {
            expr: Box::new(expr),
            substring_from,
            substring_for,
            special,
            shorthand: keyword == Keyword::SUBSTR,
        })
    }

    /// `TRIM([BOTH|LEADING|TRAILING] [what FROM] expr)`, or `TRIM(expr, chars)` where the
    /// flavour takes it.
    fn trim_expr(&mut self) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        let trim_where =
            match self.parse_one_of_keywords(&[Keyword::BOTH, Keyword::LEADING, Keyword::TRAILING])
            {
                Some(Keyword::BOTH) => Some(TrimWhereField::Both),
                Some(Keyword::LEADING) => Some(TrimWhereField::Leading),
                Some(_) => Some(TrimWhereField::Trailing),
                None => None,
            };
        let comma_form = matches!(
            self.flavor,
            Flavor::Postgres | Flavor::Sqlite | Flavor::Generic
        );
        // `TRIM([side] FROM x [, characters])`.
        if comma_form && self.parse_keyword(Keyword::FROM) {
            let expr = self.subexpr(0)?;
            let trim_characters = if self.consume_token(&Token::Comma) {
                Some(self.expr_list()?)
            } else {
                None
            };
            self.expect_token(&Token::RParen)?;
            return Ok(Expr::Trim {
                expr,
                trim_where,
                trim_what: None,
                trim_characters,
            });
        }
        let expr = *self.subexpr(0)?;
        if self.parse_keyword(Keyword::FROM) {
            let trim_what = Some(Box::new(expr));
            let expr = *self.subexpr(0)?;
            self.expect_token(&Token::RParen)?;
            return Ok(Expr::Trim {
                expr: Box::new(expr),
                trim_where,
                trim_what,
                trim_characters: None,
            });
        }
        if comma_form && self.consume_token(&Token::Comma) {
            let characters = self.expr_list()?;
            self.expect_token(&Token::RParen)?;
            return Ok(Expr::Trim {
                expr: Box::new(expr),
                trim_where,
                trim_what: None,
                trim_characters: Some(characters),
            });
        }
        self.expect_token(&Token::RParen)?;
        Ok(Expr::Trim {
            expr: Box::new(expr),
            trim_where,
            trim_what: None,
            trim_characters: None,
        })
    }
}

/// The forms a keyword may lead.
enum Form {
    Value,
    Niladic,
    TimeFunction,
    Case,
    Convert(bool),
    Cast(CastKind),
    Exists,
    Extract,
    CeilFloor(bool),
    Position,
    Substring,
    Trim,
    Interval,
    ArrayLiteral,
    ArraySubquery,
    Not,
    Refused(&'static str),
    Geometric(GeometricTypeKind),
}

fn word_name(w: &Word, span: Span) -> ObjectName {
    crate::sql::build::name(w.copy_of().into_ident(span))
}

/// `CURRENT_USER` and the like, calls with no parentheses at all.
fn niladic_function(w: &Word, span: Span) -> Expr {
    Expr::Function(Function {
        name: word_name(w, span),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::None,
        null_treatment: None,
        filter: None,
        over: None,
        within_group: Vec::new(),
    })
}

/// PostgreSQL's geometric type words, which lead a literal (`point '(1,2)'`).
pub(super) fn geometric_kind(k: Keyword) -> Option<GeometricTypeKind> {
    Some(match k {
        Keyword::CIRCLE => GeometricTypeKind::Circle,
        Keyword::BOX => GeometricTypeKind::GeometricBox,
        Keyword::PATH => GeometricTypeKind::GeometricPath,
        Keyword::LINE => GeometricTypeKind::Line,
        Keyword::LSEG => GeometricTypeKind::LineSegment,
        Keyword::POINT => GeometricTypeKind::Point,
        Keyword::POLYGON => GeometricTypeKind::Polygon,
        _ => return None,
    })
}
