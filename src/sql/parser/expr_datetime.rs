//! Dates and times in expressions: EXTRACT, CEIL/FLOOR (to a field), INTERVAL and the
//! date/time fields they name.

use crate::sql::parser::{parser_err, Parser};
use crate::sql::Flavor;
use sqlparser::ast::{CeilFloorKind, DateTimeField, Expr, ExtractSyntax, Interval, Value};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// INTERVAL needs a unit, and its value is a whole expression (MySQL's `INTERVAL 1+1 DAY`).
    fn expr_interval_needs_unit(self) -> bool {
        self == Flavor::MySql
    }

    /// EXTRACT's field may be any name or a string (PostgreSQL, generic).
    fn expr_extract_custom(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// `EXTRACT(field FROM expr)` (the generic dialect also takes a comma).
    pub(super) fn extract_expr(&mut self) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        let field = self.date_time_field()?;
        let syntax = if self.parse_keyword(Keyword::FROM) {
            ExtractSyntax::From
        } else if self.flavor.is_generic() && self.consume_token(&Token::Comma) {
            ExtractSyntax::Comma
        } else {
            return Err(ParserError::ParserError(
                "Expected 'FROM' or ','".to_string(),
            ));
        };
        let expr = *self.subexpr(0)?;
        self.expect_token(&Token::RParen)?;
        Ok(Expr::Extract {
            field,
            expr: Box::new(expr),
            syntax,
        })
    }

    /// `CEIL(expr [TO field | , scale])`, and FLOOR alike.
    pub(super) fn ceil_floor(&mut self, is_ceil: bool) -> Result<Expr, ParserError> {
        self.expect_token(&Token::LParen)?;
        let expr = self.subexpr(0)?;
        let field = if self.parse_keyword(Keyword::TO) {
            CeilFloorKind::DateTimeField(self.date_time_field()?)
        } else if self.consume_token(&Token::Comma) {
            let v = self.parse_value()?;
            if !matches!(v.value, Value::Number(_, _)) {
                return Err(ParserError::ParserError(
                    "Scale field can only be of number type".to_string(),
                ));
            }
            CeilFloorKind::Scale(v)
        } else {
            CeilFloorKind::DateTimeField(DateTimeField::NoDateTime)
        };
        self.expect_token(&Token::RParen)?;
        Ok(if is_ceil {
            Expr::Ceil { expr, field }
        } else {
            Expr::Floor { expr, field }
        })
    }

    /// `INTERVAL <value> [unit [(p)] [TO unit [(p)]]]`, after INTERVAL (sqlparser's
    /// `parse_interval`), one nesting level deeper.
    pub(crate) fn parse_interval(&mut self) -> Result<Expr, ParserError> {
        self.nested(|p| p.interval_body())
    }

    fn interval_body(&mut self) -> Result<Expr, ParserError> {
        let needs_unit = self.flavor.expr_interval_needs_unit();
        // Where no unit is needed only a prefix is the value: `INTERVAL '1 day' > x`.
        let value = if needs_unit {
            *self.subexpr(0)?
        } else {
            self.parse_prefix()?
        };
        let leading_field = if self.next_is_temporal_unit() {
            Some(self.date_time_field()?)
        } else if needs_unit {
            return parser_err(
                "INTERVAL requires a unit after the literal value",
                self.peek_token_ref().span.start,
            );
        } else {
            None
        };
        let (leading_precision, last_field, fractional_seconds_precision) =
            if leading_field == Some(DateTimeField::Second) {
                // `SECOND (p, s)`: the standard's form for seconds, with no TO.
                let (p, s) = self.precision_and_scale()?;
                (p, None, s)
            } else {
                let p = self.optional_precision()?;
                if self.parse_keyword(Keyword::TO) {
                    let last = self.date_time_field()?;
                    let s = if last == DateTimeField::Second {
                        self.optional_precision()?
                    } else {
                        None
                    };
                    (p, Some(last), s)
                } else {
                    (p, None, None)
                }
            };
        Ok(Expr::Interval(Interval {
            value: Box::new(value),
            leading_field,
            leading_precision,
            last_field,
            fractional_seconds_precision,
        }))
    }

    /// Whether the next word is a unit INTERVAL takes (PostgreSQL's: YEAR to SECOND).
    fn next_is_temporal_unit(&self) -> bool {
        let Token::Word(w) = &self.peek_token_ref().token else {
            return false;
        };
        if self.flavor == Flavor::Postgres {
            return matches!(
                w.keyword,
                Keyword::YEAR
                    | Keyword::MONTH
                    | Keyword::DAY
                    | Keyword::HOUR
                    | Keyword::MINUTE
                    | Keyword::SECOND
            );
        }
        matches!(
            w.keyword,
            Keyword::YEAR
                | Keyword::YEARS
                | Keyword::MONTH
                | Keyword::MONTHS
                | Keyword::WEEK
                | Keyword::WEEKS
                | Keyword::DAY
                | Keyword::DAYS
                | Keyword::HOUR
                | Keyword::HOURS
                | Keyword::MINUTE
                | Keyword::MINUTES
                | Keyword::SECOND
                | Keyword::SECONDS
                | Keyword::CENTURY
                | Keyword::DECADE
                | Keyword::DOW
                | Keyword::DOY
                | Keyword::EPOCH
                | Keyword::ISODOW
                | Keyword::ISOYEAR
                | Keyword::JULIAN
                | Keyword::MICROSECOND
                | Keyword::MICROSECONDS
                | Keyword::MILLENIUM
                | Keyword::MILLENNIUM
                | Keyword::MILLISECOND
                | Keyword::MILLISECONDS
                | Keyword::NANOSECOND
                | Keyword::NANOSECONDS
                | Keyword::QUARTER
                | Keyword::TIMEZONE
                | Keyword::TIMEZONE_HOUR
                | Keyword::TIMEZONE_MINUTE
        )
    }

    /// A date/time field, as EXTRACT and INTERVAL name them.
    fn date_time_field(&mut self) -> Result<DateTimeField, ParserError> {
        let t = self.next_token();
        match &t.token {
            Token::Word(w) => {
                if let Some(field) = self.known_date_time_field(w.keyword)? {
                    return Ok(field);
                }
                if self.flavor.expr_extract_custom() {
                    self.prev_token();
                    return Ok(DateTimeField::Custom(self.parse_identifier()?));
                }
                self.expected("date/time field", t)
            }
            Token::SingleQuotedString(_) if self.flavor.expr_extract_custom() => {
                self.prev_token();
                Ok(DateTimeField::Custom(self.parse_identifier()?))
            }
            _ => self.expected("date/time field", t),
        }
    }

    fn known_date_time_field(&mut self, k: Keyword) -> Result<Option<DateTimeField>, ParserError> {
        use DateTimeField as D;
        Ok(Some(match k {
            Keyword::YEAR => D::Year,
            Keyword::YEARS => D::Years,
            Keyword::MONTH => D::Month,
            Keyword::MONTHS => D::Months,
            Keyword::WEEK => {
                // The generic dialect takes BigQuery's WEEK(MONDAY).
                let day = if self.flavor.is_generic() && self.consume_token(&Token::LParen) {
                    let day = self.parse_identifier()?;
                    self.expect_token(&Token::RParen)?;
                    Some(day)
                } else {
                    None
                };
                D::Week(day)
            }
            Keyword::WEEKS => D::Weeks,
            Keyword::DAY => D::Day,
            Keyword::DAYOFWEEK => D::DayOfWeek,
            Keyword::DAYOFYEAR => D::DayOfYear,
            Keyword::DAYS => D::Days,
            Keyword::DATE => D::Date,
            Keyword::DATETIME => D::Datetime,
            Keyword::HOUR => D::Hour,
            Keyword::HOURS => D::Hours,
            Keyword::MINUTE => D::Minute,
            Keyword::MINUTES => D::Minutes,
            Keyword::SECOND => D::Second,
            Keyword::SECONDS => D::Seconds,
            Keyword::CENTURY => D::Century,
            Keyword::DECADE => D::Decade,
            Keyword::DOY => D::Doy,
            Keyword::DOW => D::Dow,
            Keyword::EPOCH => D::Epoch,
            Keyword::ISODOW => D::Isodow,
            Keyword::ISOYEAR => D::Isoyear,
            Keyword::ISOWEEK => D::IsoWeek,
            Keyword::JULIAN => D::Julian,
            Keyword::MICROSECOND => D::Microsecond,
            Keyword::MICROSECONDS => D::Microseconds,
            Keyword::MILLENIUM => D::Millenium,
            Keyword::MILLENNIUM => D::Millennium,
            Keyword::MILLISECOND => D::Millisecond,
            Keyword::MILLISECONDS => D::Milliseconds,
            Keyword::NANOSECOND => D::Nanosecond,
            Keyword::NANOSECONDS => D::Nanoseconds,
            Keyword::QUARTER => D::Quarter,
            Keyword::TIME => D::Time,
            Keyword::TIMEZONE => D::Timezone,
            Keyword::TIMEZONE_ABBR => D::TimezoneAbbr,
            Keyword::TIMEZONE_HOUR => D::TimezoneHour,
            Keyword::TIMEZONE_MINUTE => D::TimezoneMinute,
            Keyword::TIMEZONE_REGION => D::TimezoneRegion,
            _ => return Ok(None),
        }))
    }
}
