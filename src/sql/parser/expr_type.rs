//! Data types, as CREATE TABLE, CAST and `::` name them, each as sqlparser's `DataType`
//! variant; and the small literals they take (lengths, precisions, enum members).

use crate::sql::parser::unsupported;
use crate::sql::parser::Parser;
use crate::sql::print::Sql;
use crate::sql::{Duplicate, Flavor};
use sqlparser::ast::{
    ArrayElemTypeDef, DataType, Ident, IntervalFields, TimezoneInfo, TypeModifier,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

/// The types MySQL's ZEROFILL may follow.
const ZEROFILL_TYPES: &[Keyword] = &[
    Keyword::TINYINT,
    Keyword::SMALLINT,
    Keyword::MEDIUMINT,
    Keyword::INT,
    Keyword::INTEGER,
    Keyword::BIGINT,
    Keyword::INT2,
    Keyword::INT4,
    Keyword::INT8,
    Keyword::DECIMAL,
    Keyword::DEC,
    Keyword::NUMERIC,
    Keyword::FLOAT,
    Keyword::FLOAT4,
    Keyword::FLOAT8,
    Keyword::DOUBLE,
    Keyword::REAL,
];

impl Flavor {
    /// MySQL's `INT(10) UNSIGNED ZEROFILL` (refused by name).
    fn expr_zerofill(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `INT SIGNED` and the like (MySQL, generic).
    fn expr_signed_suffix(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `int[]`, `text[3]` (PostgreSQL, generic).
    fn expr_bracket_arrays(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// `INTERVAL DAY TO SECOND (p)` as a type (PostgreSQL, generic).
    fn expr_interval_fields(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }
}

impl Parser {
    /// A data type, one nesting level deeper; a `>>` left over from `ARRAY<ARRAY<INT>>`
    /// with no `<` to close is an error.
    pub(super) fn data_type_outer(&mut self) -> Result<DataType, ParserError> {
        let (ty, extra_bracket) = self.nested(|p| p.data_type_inner())?;
        if extra_bracket {
            // sqlparser prints the next token where the position would be.
            return Err(ParserError::ParserError(format!(
                "unmatched > after parsing data type {}{}",
                Sql(&ty),
                Sql(&self.peek_token_ref().token)
            )));
        }
        Ok(ty)
    }

    /// A data type and whether it read one `>` too many (the second of a `>>`).
    fn data_type_nested(&mut self) -> Result<(DataType, bool), ParserError> {
        self.nested(|p| p.data_type_inner())
    }

    fn data_type_inner(&mut self) -> Result<(DataType, bool), ParserError> {
        if self.flavor == Flavor::Sqlite {
            if let Some(ty) = self.sqlite_signed_modifiers() {
                return Ok((ty, false));
            }
        }
        let t = self.next_token();
        let Token::Word(w) = &t.token else {
            return self.expected("a data type name", t);
        };
        let mut extra_bracket = false;
        let mut data = match w.keyword {
            Keyword::OBJECT if matches!(self.peek_token_ref().token, Token::LParen) => {
                let at = t.span.start;
                return crate::sql::parser::parser_err(unsupported("OBJECT(...) as a type"), at);
            }
            Keyword::ARRAY => {
                self.expect_token(&Token::Lt)?;
                let (inner, inner_extra) = self.data_type_nested()?;
                extra_bracket = self.closing_angle_bracket(inner_extra)?;
                DataType::Array(ArrayElemTypeDef::AngleBracket(Box::new(inner)))
            }
            k => match self.simple_data_type(k)? {
                Some(ty) => ty,
                None => {
                    self.prev_token();
                    let name = self.parse_object_name()?;
                    let modifiers = self.type_modifiers()?.unwrap_or_default();
                    DataType::Custom(name, modifiers)
                }
            },
        };
        // A `>>` that closed this type closed the one around it too: what follows is its.
        if extra_bracket {
            return Ok((data, true));
        }
        if self.flavor.expr_zerofill()
            && ZEROFILL_TYPES.contains(&w.keyword)
            && self.peek_keyword(Keyword::ZEROFILL)
        {
            return self.refuse_next("ZEROFILL");
        }
        if self.flavor.expr_bracket_arrays() {
            while self.consume_token(&Token::LBracket) {
                let size = self.maybe_parse(|p| p.parse_literal_uint())?;
                self.expect_token(&Token::RBracket)?;
                data = DataType::Array(ArrayElemTypeDef::SquareBracket(Box::new(data), size));
            }
        }
        if self.parse_keyword(Keyword::ARRAY) {
            let size = if self.consume_token(&Token::LBracket) {
                let size = self.maybe_parse(|p| p.parse_literal_uint())?;
                self.expect_token(&Token::RBracket)?;
                size
            } else {
                None
            };
            data = DataType::Array(ArrayElemTypeDef::Qualified(Box::new(data), size));
        }
        Ok((data, extra_bracket))
    }

    /// SQLite's `name(-1)`, `name(1.5, +2)`: a type whose one or two modifiers are numbers,
    /// one of them signed or no unsigned integer, as a custom type (sqlparser's SQLite
    /// `parse_type_with_numeric_modifiers`); `None`, nothing consumed, for any other type.
    fn sqlite_signed_modifiers(&mut self) -> Option<DataType> {
        let first = self.peek_token_ref();
        let Token::Word(word) = &first.token else {
            return None;
        };
        if !matches!(self.peek_nth_token_ref(1).token, Token::LParen) {
            return None;
        }
        let mut modifiers = Vec::new();
        let mut nth = 2;
        let mut nonstandard = false;
        loop {
            let sign = match self.peek_nth_token_ref(nth).token {
                Token::Minus => "-",
                Token::Plus => "+",
                _ => "",
            };
            if !sign.is_empty() {
                nonstandard = true;
                nth += 1;
            }
            let Token::Number(number, _) = &self.peek_nth_token_ref(nth).token else {
                return None;
            };
            nonstandard |= number.parse::<u64>().is_err();
            modifiers.push(TypeModifier::Number(format!("{sign}{number}"), false));
            match self.peek_nth_token_ref(nth + 1).token {
                Token::RParen if nonstandard => break,
                Token::Comma if modifiers.len() < 2 => nth += 2,
                _ => return None,
            }
        }
        let name = crate::sql::build::name(word.copy_of().into_ident(first.span));
        for _ in 0..nth + 2 {
            self.advance_token();
        }
        Some(DataType::Custom(name, modifiers))
    }

    /// The `>` closing `ARRAY<`: a `>>` closes this one and the one outside.
    fn closing_angle_bracket(&mut self, already_closed: bool) -> Result<bool, ParserError> {
        if already_closed {
            return Ok(false);
        }
        match self.peek_token_ref().token {
            Token::Gt => {
                self.advance_token();
                Ok(false)
            }
            Token::ShiftRight => {
                self.advance_token();
                Ok(true)
            }
            _ => self.expected_ref(">", self.peek_token_ref()),
        }
    }

    /// The type a keyword (just consumed) names, `None` for a custom type name.
    fn simple_data_type(&mut self, k: Keyword) -> Result<Option<DataType>, ParserError> {
        use DataType as D;
        if let Some(ty) = self.integer_type(k)? {
            return Ok(Some(ty));
        }
        let ty = match k {
            Keyword::BOOLEAN => D::Boolean,
            Keyword::BOOL => D::Bool,
            Keyword::FLOAT => {
                let p = self.exact_number_info()?;
                if self.parse_keyword(Keyword::UNSIGNED) {
                    D::FloatUnsigned(p)
                } else {
                    D::Float(p)
                }
            }
            Keyword::REAL => {
                if self.parse_keyword(Keyword::UNSIGNED) {
                    D::RealUnsigned
                } else {
                    D::Real
                }
            }
            Keyword::FLOAT4 => D::Float4,
            Keyword::FLOAT32 => D::Float32,
            Keyword::FLOAT64 => D::Float64,
            Keyword::FLOAT8 => D::Float8,
            Keyword::DOUBLE => self.double_type()?,
            Keyword::VARCHAR => D::Varchar(self.optional_character_length()?),
            Keyword::NVARCHAR => D::Nvarchar(self.optional_character_length()?),
            Keyword::CHARACTER | Keyword::CHAR => self.character_type(k)?,
            Keyword::CLOB => D::Clob(self.optional_precision()?),
            Keyword::BINARY => D::Binary(self.optional_precision()?),
            Keyword::VARBINARY => D::Varbinary(self.optional_binary_length()?),
            Keyword::BLOB => D::Blob(self.optional_precision()?),
            Keyword::TINYBLOB => D::TinyBlob,
            Keyword::MEDIUMBLOB => D::MediumBlob,
            Keyword::LONGBLOB => D::LongBlob,
            Keyword::BYTES => D::Bytes(self.optional_precision()?),
            Keyword::BIT => {
                if self.parse_keyword(Keyword::VARYING) {
                    D::BitVarying(self.optional_precision()?)
                } else {
                    D::Bit(self.optional_precision()?)
                }
            }
            Keyword::VARBIT => D::VarBit(self.optional_precision()?),
            Keyword::UUID => D::Uuid,
            Keyword::DATE => D::Date,
            Keyword::DATE32 => D::Date32,
            Keyword::DATETIME => D::Datetime(self.optional_precision()?),
            Keyword::TIMESTAMP => {
                let p = self.optional_precision()?;
                D::Timestamp(p, self.time_zone_info()?)
            }
            Keyword::TIMESTAMPTZ => D::Timestamp(self.optional_precision()?, TimezoneInfo::Tz),
            Keyword::TIMESTAMP_NTZ => D::TimestampNtz(self.optional_precision()?),
            Keyword::TIME => {
                let p = self.optional_precision()?;
                D::Time(p, self.time_zone_info()?)
            }
            Keyword::TIMETZ => D::Time(self.optional_precision()?, TimezoneInfo::Tz),
            Keyword::INTERVAL => {
                if self.flavor.expr_interval_fields() {
                    let fields = self.interval_fields()?;
                    let precision = self.optional_precision()?;
                    D::Interval { fields, precision }
                } else {
                    D::Interval {
                        fields: None,
                        precision: None,
                    }
                }
            }
            Keyword::JSON => D::JSON,
            Keyword::JSONB => D::JSONB,
            Keyword::REGCLASS => D::Regclass,
            Keyword::STRING => D::String(self.optional_precision()?),
            Keyword::FIXEDSTRING => {
                self.expect_token(&Token::LParen)?;
                let n = self.parse_literal_uint()?;
                self.expect_token(&Token::RParen)?;
                D::FixedString(n)
            }
            Keyword::TEXT => match self.type_modifiers()? {
                Some(modifiers) => {
                    D::Custom(crate::sql::build::name(Ident::new("TEXT")), modifiers)
                }
                None => D::Text,
            },
            Keyword::TINYTEXT => D::TinyText,
            Keyword::MEDIUMTEXT => D::MediumText,
            Keyword::LONGTEXT => D::LongText,
            Keyword::BYTEA => D::Bytea,
            Keyword::NUMERIC => D::Numeric(self.exact_number_info()?),
            Keyword::DECIMAL => {
                let p = self.exact_number_info()?;
                if self.parse_keyword(Keyword::UNSIGNED) {
                    D::DecimalUnsigned(p)
                } else {
                    D::Decimal(p)
                }
            }
            Keyword::DEC => {
                let p = self.exact_number_info()?;
                if self.parse_keyword(Keyword::UNSIGNED) {
                    D::DecUnsigned(p)
                } else {
                    D::Dec(p)
                }
            }
            Keyword::BIGNUMERIC => D::BigNumeric(self.exact_number_info()?),
            Keyword::BIGDECIMAL => D::BigDecimal(self.exact_number_info()?),
            Keyword::ENUM => D::Enum(self.enum_members()?, None),
            Keyword::ENUM8 => D::Enum(self.enum_members()?, Some(8)),
            Keyword::ENUM16 => D::Enum(self.enum_members()?, Some(16)),
            Keyword::SET => D::Set(self.string_values()?),
            Keyword::TRIGGER => D::Trigger,
            Keyword::ANY if self.peek_keyword(Keyword::TYPE) => {
                self.advance_token();
                D::AnyType
            }
            // A table of columns (a function's RETURNS TABLE (...)), read as CREATE TABLE's.
            Keyword::TABLE if matches!(self.peek_token_ref().token, Token::LParen) => {
                self.advance_token();
                let columns = self.parse_comma_separated(Parser::column_def)?;
                self.expect_token(&Token::RParen)?;
                D::Table(Some(columns))
            }
            Keyword::TABLE => D::Table(None),
            Keyword::SIGNED => {
                if self.parse_keyword(Keyword::INTEGER) {
                    D::SignedInteger
                } else {
                    D::Signed
                }
            }
            Keyword::UNSIGNED => {
                if self.parse_keyword(Keyword::INTEGER) {
                    D::UnsignedInteger
                } else {
                    D::Unsigned
                }
            }
            Keyword::TSVECTOR if matches!(self.flavor, Flavor::Postgres | Flavor::Generic) => {
                D::TsVector
            }
            Keyword::TSQUERY if matches!(self.flavor, Flavor::Postgres | Flavor::Generic) => {
                D::TsQuery
            }
            // The generic dialect's ClickHouse and DuckDB types are not read here.
            Keyword::STRUCT
            | Keyword::UNION
            | Keyword::NULLABLE
            | Keyword::LOWCARDINALITY
            | Keyword::MAP
            | Keyword::NESTED
            | Keyword::TUPLE
                if self.flavor.is_generic() =>
            {
                return self.expected_ref("a data type this parser reads", self.peek_token_ref())
            }
            _ => return Ok(None),
        };
        Ok(Some(ty))
    }

    /// The integer types: `INT[(n)] [UNSIGNED | SIGNED]` and kin.
    fn integer_type(&mut self, k: Keyword) -> Result<Option<DataType>, ParserError> {
        use DataType as D;
        type Make = fn(Option<u64>) -> DataType;
        // (signed, unsigned, whether SIGNED may follow)
        let (signed, unsigned, signed_suffix): (Make, Make, bool) = match k {
            Keyword::TINYINT => (D::TinyInt, D::TinyIntUnsigned, true),
            Keyword::INT2 => (D::Int2, D::Int2Unsigned, false),
            Keyword::SMALLINT => (D::SmallInt, D::SmallIntUnsigned, true),
            Keyword::MEDIUMINT => (D::MediumInt, D::MediumIntUnsigned, true),
            Keyword::INT => (D::Int, D::IntUnsigned, true),
            Keyword::INT4 => (D::Int4, D::Int4Unsigned, false),
            Keyword::INT8 => (D::Int8, D::Int8Unsigned, false),
            Keyword::INTEGER => (D::Integer, D::IntegerUnsigned, true),
            Keyword::BIGINT => (D::BigInt, D::BigIntUnsigned, true),
            _ => return Ok(self.fixed_width_type(k)),
        };
        // A bad precision is reported only after UNSIGNED has been looked for.
        let precision = self.optional_precision();
        if self.parse_keyword(Keyword::UNSIGNED) {
            return Ok(Some(unsigned(precision?)));
        }
        if signed_suffix && self.flavor.expr_signed_suffix() {
            let _ = self.parse_keyword(Keyword::SIGNED);
        }
        Ok(Some(signed(precision?)))
    }

    /// The integer types with no precision (ClickHouse's and DuckDB's, in every dialect).
    fn fixed_width_type(&self, k: Keyword) -> Option<DataType> {
        use DataType as D;
        Some(match k {
            Keyword::INT16 => D::Int16,
            Keyword::INT32 => D::Int32,
            Keyword::INT64 => D::Int64,
            Keyword::INT128 => D::Int128,
            Keyword::INT256 => D::Int256,
            Keyword::HUGEINT => D::HugeInt,
            Keyword::UBIGINT => D::UBigInt,
            Keyword::UHUGEINT => D::UHugeInt,
            Keyword::USMALLINT => D::USmallInt,
            Keyword::UTINYINT => D::UTinyInt,
            Keyword::UINT8 => D::UInt8,
            Keyword::UINT16 => D::UInt16,
            Keyword::UINT32 => D::UInt32,
            Keyword::UINT64 => D::UInt64,
            Keyword::UINT128 => D::UInt128,
            Keyword::UINT256 => D::UInt256,
            _ => return None,
        })
    }

    /// `DOUBLE PRECISION [UNSIGNED]` or `DOUBLE[(p[,s])] [UNSIGNED]`.
    fn double_type(&mut self) -> Result<DataType, ParserError> {
        if self.parse_keyword(Keyword::PRECISION) {
            return Ok(if self.parse_keyword(Keyword::UNSIGNED) {
                DataType::DoublePrecisionUnsigned
            } else {
                DataType::DoublePrecision
            });
        }
        let p = self.exact_number_info()?;
        Ok(if self.parse_keyword(Keyword::UNSIGNED) {
            DataType::DoubleUnsigned(p)
        } else {
            DataType::Double(p)
        })
    }

    /// `CHAR[(n)]`, `CHAR VARYING[(n)]`, `CHAR LARGE OBJECT[(n)]` (and CHARACTER alike).
    fn character_type(&mut self, k: Keyword) -> Result<DataType, ParserError> {
        let character = k == Keyword::CHARACTER;
        if self.parse_keyword(Keyword::VARYING) {
            let len = self.optional_character_length()?;
            return Ok(if character {
                DataType::CharacterVarying(len)
            } else {
                DataType::CharVarying(len)
            });
        }
        if self.parse_keywords(&[Keyword::LARGE, Keyword::OBJECT]) {
            let p = self.optional_precision()?;
            return Ok(if character {
                DataType::CharacterLargeObject(p)
            } else {
                DataType::CharLargeObject(p)
            });
        }
        let len = self.optional_character_length()?;
        Ok(if character {
            DataType::Character(len)
        } else {
            DataType::Char(len)
        })
    }

    /// `WITH TIME ZONE`, `WITHOUT TIME ZONE` or nothing, after TIME or TIMESTAMP.
    fn time_zone_info(&mut self) -> Result<TimezoneInfo, ParserError> {
        if self.parse_keyword(Keyword::WITH) {
            self.expect_keywords(&[Keyword::TIME, Keyword::ZONE])?;
            Ok(TimezoneInfo::WithTimeZone)
        } else if self.parse_keyword(Keyword::WITHOUT) {
            self.expect_keywords(&[Keyword::TIME, Keyword::ZONE])?;
            Ok(TimezoneInfo::WithoutTimeZone)
        } else {
            Ok(TimezoneInfo::None)
        }
    }

    /// The fields of an INTERVAL type: `YEAR [TO MONTH]`, `DAY [TO HOUR|MINUTE|SECOND]`, ...
    fn interval_fields(&mut self) -> Result<Option<IntervalFields>, ParserError> {
        use IntervalFields as I;
        let Some(k) = self.parse_one_of_keywords(&[
            Keyword::YEAR,
            Keyword::DAY,
            Keyword::HOUR,
            Keyword::MINUTE,
            Keyword::MONTH,
            Keyword::SECOND,
        ]) else {
            return Ok(None);
        };
        let to = self.peek_keyword(Keyword::TO);
        let fields = match k {
            Keyword::YEAR if to => {
                self.expect_keyword_is(Keyword::TO)?;
                self.expect_keyword_is(Keyword::MONTH)?;
                I::YearToMonth
            }
            Keyword::YEAR => I::Year,
            Keyword::DAY if to => {
                self.expect_keyword_is(Keyword::TO)?;
                match self.expect_one_of_keywords(&[
                    Keyword::HOUR,
                    Keyword::MINUTE,
                    Keyword::SECOND,
                ])? {
                    Keyword::HOUR => I::DayToHour,
                    Keyword::MINUTE => I::DayToMinute,
                    _ => I::DayToSecond,
                }
            }
            Keyword::DAY => I::Day,
            Keyword::HOUR if to => {
                self.expect_keyword_is(Keyword::TO)?;
                match self.expect_one_of_keywords(&[Keyword::MINUTE, Keyword::SECOND])? {
                    Keyword::MINUTE => I::HourToMinute,
                    _ => I::HourToSecond,
                }
            }
            Keyword::HOUR => I::Hour,
            Keyword::MINUTE if to => {
                self.expect_keyword_is(Keyword::TO)?;
                self.expect_keyword_is(Keyword::SECOND)?;
                I::MinuteToSecond
            }
            Keyword::MINUTE => I::Minute,
            Keyword::MONTH => I::Month,
            _ => I::Second,
        };
        Ok(Some(fields))
    }
}
