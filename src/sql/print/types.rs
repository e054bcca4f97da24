//! Data types, as CREATE TABLE, CAST and `::` name them.

use super::expr_value::{number, quoted};
use super::{comma, unprintable, ToSql};
use sqlparser::ast::{
    ArrayElemTypeDef, BinaryLength, CharLengthUnits, CharacterLength, DataType, EnumMember,
    ExactNumberInfo, GeometricTypeKind, IntervalFields, TimezoneInfo, TypeModifier,
};

impl ToSql for DataType {
    fn write_sql(&self, out: &mut String) {
        use DataType as D;
        let name = match self {
            D::Character(len) => return char_sized(out, "CHARACTER", len),
            D::Char(len) => return char_sized(out, "CHAR", len),
            D::CharacterVarying(len) => return char_sized(out, "CHARACTER VARYING", len),
            D::CharVarying(len) => return char_sized(out, "CHAR VARYING", len),
            D::Varchar(len) => return char_sized(out, "VARCHAR", len),
            D::Nvarchar(len) => return char_sized(out, "NVARCHAR", len),
            D::CharacterLargeObject(n) => return sized(out, "CHARACTER LARGE OBJECT", n, false),
            D::CharLargeObject(n) => return sized(out, "CHAR LARGE OBJECT", n, false),
            D::Clob(n) => return sized(out, "CLOB", n, false),
            D::Binary(n) => return sized(out, "BINARY", n, false),
            D::Varbinary(len) => return varbinary(out, len),
            D::Blob(n) => return sized(out, "BLOB", n, false),
            D::Bytes(n) => return sized(out, "BYTES", n, false),
            D::Numeric(info) => return exact(out, "NUMERIC", info, false),
            D::Decimal(info) => return exact(out, "DECIMAL", info, false),
            D::DecimalUnsigned(info) => return exact(out, "DECIMAL", info, true),
            D::Dec(info) => return exact(out, "DEC", info, false),
            D::DecUnsigned(info) => return exact(out, "DEC", info, true),
            D::BigNumeric(info) => return exact(out, "BIGNUMERIC", info, false),
            D::BigDecimal(info) => return exact(out, "BIGDECIMAL", info, false),
            D::Float(info) => return exact(out, "FLOAT", info, false),
            D::FloatUnsigned(info) => return exact(out, "FLOAT", info, true),
            D::Double(info) => return exact(out, "DOUBLE", info, false),
            D::DoubleUnsigned(info) => return exact(out, "DOUBLE", info, true),
            D::TinyInt(n) => return sized(out, "TINYINT", n, false),
            D::TinyIntUnsigned(n) => return sized(out, "TINYINT", n, true),
            D::Int2(n) => return sized(out, "INT2", n, false),
            D::Int2Unsigned(n) => return sized(out, "INT2", n, true),
            D::SmallInt(n) => return sized(out, "SMALLINT", n, false),
            D::SmallIntUnsigned(n) => return sized(out, "SMALLINT", n, true),
            D::MediumInt(n) => return sized(out, "MEDIUMINT", n, false),
            D::MediumIntUnsigned(n) => return sized(out, "MEDIUMINT", n, true),
            D::Int(n) => return sized(out, "INT", n, false),
            D::IntUnsigned(n) => return sized(out, "INT", n, true),
            D::Int4(n) => return sized(out, "INT4", n, false),
            D::Int4Unsigned(n) => return sized(out, "INT4", n, true),
            D::Int8(n) => return sized(out, "INT8", n, false),
            D::Int8Unsigned(n) => return sized(out, "INT8", n, true),
            D::Integer(n) => return sized(out, "INTEGER", n, false),
            D::IntegerUnsigned(n) => return sized(out, "INTEGER", n, true),
            D::BigInt(n) => return sized(out, "BIGINT", n, false),
            D::BigIntUnsigned(n) => return sized(out, "BIGINT", n, true),
            D::Datetime(n) => return sized(out, "DATETIME", n, false),
            D::TimestampNtz(n) => return sized(out, "TIMESTAMP_NTZ", n, false),
            D::String(n) => return sized(out, "STRING", n, false),
            D::Bit(n) => return sized(out, "BIT", n, false),
            D::BitVarying(n) => return sized(out, "BIT VARYING", n, false),
            D::VarBit(n) => return sized(out, "VARBIT", n, false),
            D::Time(n, tz) => return zoned(out, "TIME", n, tz),
            D::Timestamp(n, tz) => return zoned(out, "TIMESTAMP", n, tz),
            D::Interval { fields, precision } => return interval(out, fields, precision),
            D::Array(elem) => return array(out, elem),
            D::Custom(name, modifiers) => {
                name.write_sql(out);
                if !modifiers.is_empty() {
                    out.push('(');
                    comma(out, modifiers);
                    out.push(')');
                }
                return;
            }
            D::Enum(members, bits) => return enumeration(out, members, bits),
            D::Set(members) => {
                out.push_str("SET(");
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    quoted(out, '\'', m);
                }
                out.push(')');
                return;
            }
            D::FixedString(n) => {
                out.push_str("FixedString(");
                number(out, *n);
                out.push(')');
                return;
            }
            D::Table(columns) => {
                out.push_str("TABLE");
                if let Some(columns) = columns {
                    out.push('(');
                    super::comma(out, columns);
                    out.push(')');
                }
                return;
            }
            D::GeometricType(kind) => geometric(kind),
            D::Uuid => "UUID",
            D::TinyBlob => "TINYBLOB",
            D::MediumBlob => "MEDIUMBLOB",
            D::LongBlob => "LONGBLOB",
            D::Int16 => "Int16",
            D::Int32 => "Int32",
            D::Int64 => "INT64",
            D::Int128 => "Int128",
            D::Int256 => "Int256",
            D::HugeInt => "HUGEINT",
            D::UTinyInt => "UTINYINT",
            D::USmallInt => "USMALLINT",
            D::UBigInt => "UBIGINT",
            D::UHugeInt => "UHUGEINT",
            D::UInt8 => "UInt8",
            D::UInt16 => "UInt16",
            D::UInt32 => "UInt32",
            D::UInt64 => "UInt64",
            D::UInt128 => "UInt128",
            D::UInt256 => "UInt256",
            D::Signed => "SIGNED",
            D::SignedInteger => "SIGNED INTEGER",
            D::Unsigned => "UNSIGNED",
            D::UnsignedInteger => "UNSIGNED INTEGER",
            D::Real => "REAL",
            D::RealUnsigned => "REAL UNSIGNED",
            D::Float4 => "FLOAT4",
            D::Float32 => "Float32",
            D::Float64 => "FLOAT64",
            D::Float8 => "FLOAT8",
            D::DoublePrecision => "DOUBLE PRECISION",
            D::DoublePrecisionUnsigned => "DOUBLE PRECISION UNSIGNED",
            D::Bool => "BOOL",
            D::Boolean => "BOOLEAN",
            D::Date => "DATE",
            D::Date32 => "Date32",
            D::JSON => "JSON",
            D::JSONB => "JSONB",
            D::Regclass => "REGCLASS",
            D::Text => "TEXT",
            D::TinyText => "TINYTEXT",
            D::MediumText => "MEDIUMTEXT",
            D::LongText => "LONGTEXT",
            D::Bytea => "BYTEA",
            D::Trigger => "TRIGGER",
            D::AnyType => "ANY TYPE",
            D::TsVector => "TSVECTOR",
            D::TsQuery => "TSQUERY",
            // A column declared with no type (SQLite).
            D::Unspecified => "",
            // ClickHouse's, BigQuery's and DuckDB's composite types, which no parser of
            // ours reads.
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
            | D::Collate(..) => return unprintable(out),
        };
        out.push_str(name);
    }
}

/// `name[(n)][ UNSIGNED]`.
fn sized(out: &mut String, name: &str, n: &Option<u64>, unsigned: bool) {
    out.push_str(name);
    if let Some(n) = n {
        out.push('(');
        number(out, *n);
        out.push(')');
    }
    if unsigned {
        out.push_str(" UNSIGNED");
    }
}

fn char_sized(out: &mut String, name: &str, len: &Option<CharacterLength>) {
    out.push_str(name);
    match len {
        None => {}
        Some(CharacterLength::Max) => out.push_str("(MAX)"),
        Some(CharacterLength::IntegerLength { length, unit }) => {
            out.push('(');
            number(out, *length);
            match unit {
                None => {}
                Some(CharLengthUnits::Characters) => out.push_str(" CHARACTERS"),
                Some(CharLengthUnits::Octets) => out.push_str(" OCTETS"),
            }
            out.push(')');
        }
    }
}

fn varbinary(out: &mut String, len: &Option<BinaryLength>) {
    out.push_str("VARBINARY");
    match len {
        None => {}
        Some(BinaryLength::Max) => out.push_str("(MAX)"),
        Some(BinaryLength::IntegerLength { length }) => {
            out.push('(');
            number(out, *length);
            out.push(')');
        }
    }
}

/// `name[(p[,s])][ UNSIGNED]`: no space after the comma.
fn exact(out: &mut String, name: &str, info: &ExactNumberInfo, unsigned: bool) {
    out.push_str(name);
    match info {
        ExactNumberInfo::None => {}
        ExactNumberInfo::Precision(p) => {
            out.push('(');
            number(out, *p);
            out.push(')');
        }
        ExactNumberInfo::PrecisionAndScale(p, s) => {
            out.push('(');
            number(out, *p);
            out.push(',');
            if *s < 0 {
                out.push('-');
            }
            number(out, s.unsigned_abs());
            out.push(')');
        }
    }
    if unsigned {
        out.push_str(" UNSIGNED");
    }
}

/// TIME and TIMESTAMP: PostgreSQL's `TZ` suffix goes before the precision, the
/// `WITH[OUT] TIME ZONE` words after it.
fn zoned(out: &mut String, name: &str, n: &Option<u64>, tz: &TimezoneInfo) {
    if *tz == TimezoneInfo::Tz {
        out.push_str(name);
        out.push_str("TZ");
        return sized(out, "", n, false);
    }
    sized(out, name, n, false);
    tz.write_sql(out);
}

impl ToSql for TimezoneInfo {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            TimezoneInfo::None => "",
            TimezoneInfo::WithTimeZone => " WITH TIME ZONE",
            TimezoneInfo::WithoutTimeZone => " WITHOUT TIME ZONE",
            TimezoneInfo::Tz => "TZ",
        });
    }
}

fn interval(out: &mut String, fields: &Option<IntervalFields>, precision: &Option<u64>) {
    use IntervalFields as I;
    out.push_str("INTERVAL");
    if let Some(fields) = fields {
        out.push(' ');
        out.push_str(match fields {
            I::Year => "YEAR",
            I::Month => "MONTH",
            I::Day => "DAY",
            I::Hour => "HOUR",
            I::Minute => "MINUTE",
            I::Second => "SECOND",
            I::YearToMonth => "YEAR TO MONTH",
            I::DayToHour => "DAY TO HOUR",
            I::DayToMinute => "DAY TO MINUTE",
            I::DayToSecond => "DAY TO SECOND",
            I::HourToMinute => "HOUR TO MINUTE",
            I::HourToSecond => "HOUR TO SECOND",
            I::MinuteToSecond => "MINUTE TO SECOND",
        });
    }
    sized(out, "", precision, false);
}

fn array(out: &mut String, elem: &ArrayElemTypeDef) {
    match elem {
        ArrayElemTypeDef::AngleBracket(t) => {
            out.push_str("ARRAY<");
            t.write_sql(out);
            out.push('>');
        }
        ArrayElemTypeDef::SquareBracket(t, size) => {
            t.write_sql(out);
            bracketed_size(out, size);
        }
        ArrayElemTypeDef::Qualified(t, size) => {
            t.write_sql(out);
            out.push_str(" ARRAY");
            if size.is_some() {
                bracketed_size(out, size);
            }
        }
        // A bare ARRAY and ClickHouse's and Snowflake's Array(T): no parser of ours reads them.
        ArrayElemTypeDef::None
        | ArrayElemTypeDef::Parenthesis(_)
        | ArrayElemTypeDef::ParenthesisNotNull(_) => unprintable(out),
    }
}

fn bracketed_size(out: &mut String, size: &Option<u64>) {
    out.push('[');
    if let Some(n) = size {
        number(out, *n);
    }
    out.push(']');
}

fn enumeration(out: &mut String, members: &[EnumMember], bits: &Option<u8>) {
    out.push_str("ENUM");
    if let Some(bits) = bits {
        number(out, u64::from(*bits));
    }
    out.push('(');
    for (i, m) in members.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match m {
            EnumMember::Name(name) => quoted(out, '\'', name),
            EnumMember::NamedValue(name, value) => {
                quoted(out, '\'', name);
                out.push_str(" = ");
                value.write_sql(out);
            }
        }
    }
    out.push(')');
}

fn geometric(kind: &GeometricTypeKind) -> &'static str {
    match kind {
        GeometricTypeKind::Point => "point",
        GeometricTypeKind::Line => "line",
        GeometricTypeKind::LineSegment => "lseg",
        GeometricTypeKind::GeometricBox => "box",
        GeometricTypeKind::GeometricPath => "path",
        GeometricTypeKind::Polygon => "polygon",
        GeometricTypeKind::Circle => "circle",
    }
}

/// One of a custom type's modifiers: a name, a number or a string.
impl ToSql for TypeModifier {
    fn write_sql(&self, out: &mut String) {
        match self {
            TypeModifier::Identifier(name) => name.write_sql(out),
            TypeModifier::Number(digits, long) => {
                out.push_str(digits);
                if *long {
                    out.push('L');
                }
            }
            TypeModifier::String(s) => quoted(out, '\'', s),
        }
    }
}
