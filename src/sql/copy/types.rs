//! Data types, as CREATE TABLE, CAST and `::` name them.
//!
//! Every variant is spelt out: `DataType`'s own `Clone` would reach expressions through
//! `Custom`'s name, `Enum`'s values and `Table`'s columns. The lengths, precisions and time
//! zones inside are `Copy`; a custom type's modifiers are idents and strings, and a SET's members strings.

use super::{marker_name, Duplicate};
use sqlparser::ast::{ArrayElemTypeDef, DataType, EnumMember};

impl Duplicate for DataType {
    fn copy_of(&self) -> Self {
        use DataType as D;
        match self {
            D::Character(len) => D::Character(*len),
            D::Char(len) => D::Char(*len),
            D::CharacterVarying(len) => D::CharacterVarying(*len),
            D::CharVarying(len) => D::CharVarying(*len),
            D::Varchar(len) => D::Varchar(*len),
            D::Nvarchar(len) => D::Nvarchar(*len),
            D::CharacterLargeObject(n) => D::CharacterLargeObject(*n),
            D::CharLargeObject(n) => D::CharLargeObject(*n),
            D::Clob(n) => D::Clob(*n),
            D::Binary(n) => D::Binary(*n),
            D::Varbinary(len) => D::Varbinary(*len),
            D::Blob(n) => D::Blob(*n),
            D::Bytes(n) => D::Bytes(*n),
            D::Numeric(info) => D::Numeric(*info),
            D::Decimal(info) => D::Decimal(*info),
            D::DecimalUnsigned(info) => D::DecimalUnsigned(*info),
            D::Dec(info) => D::Dec(*info),
            D::DecUnsigned(info) => D::DecUnsigned(*info),
            D::BigNumeric(info) => D::BigNumeric(*info),
            D::BigDecimal(info) => D::BigDecimal(*info),
            D::Float(info) => D::Float(*info),
            D::FloatUnsigned(info) => D::FloatUnsigned(*info),
            D::Double(info) => D::Double(*info),
            D::DoubleUnsigned(info) => D::DoubleUnsigned(*info),
            D::TinyInt(n) => D::TinyInt(*n),
            D::TinyIntUnsigned(n) => D::TinyIntUnsigned(*n),
            D::Int2(n) => D::Int2(*n),
            D::Int2Unsigned(n) => D::Int2Unsigned(*n),
            D::SmallInt(n) => D::SmallInt(*n),
            D::SmallIntUnsigned(n) => D::SmallIntUnsigned(*n),
            D::MediumInt(n) => D::MediumInt(*n),
            D::MediumIntUnsigned(n) => D::MediumIntUnsigned(*n),
            D::Int(n) => D::Int(*n),
            D::IntUnsigned(n) => D::IntUnsigned(*n),
            D::Int4(n) => D::Int4(*n),
            D::Int4Unsigned(n) => D::Int4Unsigned(*n),
            D::Int8(n) => D::Int8(*n),
            D::Int8Unsigned(n) => D::Int8Unsigned(*n),
            D::Integer(n) => D::Integer(*n),
            D::IntegerUnsigned(n) => D::IntegerUnsigned(*n),
            D::BigInt(n) => D::BigInt(*n),
            D::BigIntUnsigned(n) => D::BigIntUnsigned(*n),
            D::Datetime(n) => D::Datetime(*n),
            D::TimestampNtz(n) => D::TimestampNtz(*n),
            D::String(n) => D::String(*n),
            D::Bit(n) => D::Bit(*n),
            D::BitVarying(n) => D::BitVarying(*n),
            D::VarBit(n) => D::VarBit(*n),
            D::Time(n, tz) => D::Time(*n, *tz),
            D::Timestamp(n, tz) => D::Timestamp(*n, *tz),
            D::Interval { fields, precision } => D::Interval {
                fields: *fields,
                precision: *precision,
            },
            D::Array(elem) => array(elem),
            D::Custom(name, modifiers) => D::Custom(name.copy_of(), modifiers.clone()),
            D::Enum(members, bits) => D::Enum(members.copy_of(), *bits),
            D::Set(members) => D::Set(members.clone()),
            D::FixedString(n) => D::FixedString(*n),
            // A function's RETURNS TABLE (...): its columns are the statement area's.
            D::Table(columns) => D::Table(columns.copy_of()),
            D::GeometricType(kind) => D::GeometricType(*kind),
            D::Uuid => D::Uuid,
            D::TinyBlob => D::TinyBlob,
            D::MediumBlob => D::MediumBlob,
            D::LongBlob => D::LongBlob,
            D::Int16 => D::Int16,
            D::Int32 => D::Int32,
            D::Int64 => D::Int64,
            D::Int128 => D::Int128,
            D::Int256 => D::Int256,
            D::HugeInt => D::HugeInt,
            D::UTinyInt => D::UTinyInt,
            D::USmallInt => D::USmallInt,
            D::UBigInt => D::UBigInt,
            D::UHugeInt => D::UHugeInt,
            D::UInt8 => D::UInt8,
            D::UInt16 => D::UInt16,
            D::UInt32 => D::UInt32,
            D::UInt64 => D::UInt64,
            D::UInt128 => D::UInt128,
            D::UInt256 => D::UInt256,
            D::Signed => D::Signed,
            D::SignedInteger => D::SignedInteger,
            D::Unsigned => D::Unsigned,
            D::UnsignedInteger => D::UnsignedInteger,
            D::Real => D::Real,
            D::RealUnsigned => D::RealUnsigned,
            D::Float4 => D::Float4,
            D::Float32 => D::Float32,
            D::Float64 => D::Float64,
            D::Float8 => D::Float8,
            D::DoublePrecision => D::DoublePrecision,
            D::DoublePrecisionUnsigned => D::DoublePrecisionUnsigned,
            D::Bool => D::Bool,
            D::Boolean => D::Boolean,
            D::Date => D::Date,
            D::Date32 => D::Date32,
            D::JSON => D::JSON,
            D::JSONB => D::JSONB,
            D::Regclass => D::Regclass,
            D::Text => D::Text,
            D::TinyText => D::TinyText,
            D::MediumText => D::MediumText,
            D::LongText => D::LongText,
            D::Bytea => D::Bytea,
            D::Trigger => D::Trigger,
            D::AnyType => D::AnyType,
            D::TsVector => D::TsVector,
            D::TsQuery => D::TsQuery,
            D::Unspecified => D::Unspecified,
            // ClickHouse's, BigQuery's and DuckDB's composite types, which no parser of ours
            // reads (the printer's list).
            D::Datetime64(..)
            | D::Struct(..)
            | D::Union(_)
            | D::Nullable(_)
            | D::LowCardinality(_)
            | D::Map(..)
            | D::Tuple(_)
            | D::Nested(_)
            | D::NamedTable { .. }
            // MySQL's ZEROFILL and Snowflake's OBJECT(...), which our parser refuses by name,
            // and Databricks' `type COLLATE c`.
            | D::Zerofill(_)
            | D::Object(_)
            | D::Collate(..) => marker_type(),
        }
    }
}

/// The placeholder of a type the copy does not cover.
pub(super) fn marker_type() -> DataType {
    DataType::Custom(marker_name(), Vec::new())
}

fn array(elem: &ArrayElemTypeDef) -> DataType {
    let elem = match elem {
        ArrayElemTypeDef::AngleBracket(t) => ArrayElemTypeDef::AngleBracket(t.copy_of()),
        ArrayElemTypeDef::SquareBracket(t, size) => {
            ArrayElemTypeDef::SquareBracket(t.copy_of(), *size)
        }
        ArrayElemTypeDef::Qualified(t, size) => ArrayElemTypeDef::Qualified(t.copy_of(), *size),
        // A bare ARRAY and ClickHouse's and Snowflake's Array(T): no parser of ours reads them.
        ArrayElemTypeDef::None
        | ArrayElemTypeDef::Parenthesis(_)
        | ArrayElemTypeDef::ParenthesisNotNull(_) => return marker_type(),
    };
    DataType::Array(elem)
}

impl Duplicate for EnumMember {
    fn copy_of(&self) -> Self {
        match self {
            EnumMember::Name(name) => EnumMember::Name(name.clone()),
            EnumMember::NamedValue(name, value) => {
                EnumMember::NamedValue(name.clone(), value.copy_of())
            }
        }
    }
}
