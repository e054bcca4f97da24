//! What a column's declared type lets in, checked on every row a statement writes, as the
//! servers check it (SQLite would keep `'abc'` in an `int` column, or 300 characters in a
//! `varchar(10)`, and the lab would go on with a row no server has). PostgreSQL and MariaDB
//! under its default strict `sql_mode`: text that is no integer, an integer past the type's
//! range, a string longer than its `varchar(n)` / `char(n)`. (T-SQL is not checked yet.)

use super::Dialect;
use crate::sql::ToSql;
use crate::trace::{ErrorClass, StepError, Value};
use sqlparser::ast::{CharacterLength, DataType};

/// The values a column's type admits, read off its declaration.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub enum Admits {
    /// Integers in `min..=max`; `name` is PostgreSQL's name of the type.
    Integer {
        min: i64,
        max: i64,
        name: &'static str,
    },
    /// Strings of at most `max` characters; `name` is PostgreSQL's name of the type.
    Chars { max: u64, name: String },
    /// A 64-bit float: PostgreSQL's double precision, MariaDB's DOUBLE (and its REAL).
    Double,
    /// An exact decimal of `precision` digits, `scale` of them after the point (SQLite keeps
    /// it as a double: exact to 15 digits, so declaring more is refused, `refused_type`).
    Decimal { precision: u32, scale: u32 },
    /// MariaDB's dates and times, in the one form the server stores (`temporal.rs`).
    Temporal(super::temporal::Temporal),
    #[default]
    Anything,
    /// JSON text (`postgres/json.rs`): PostgreSQL's `json` and MariaDB's `JSON` (text that
    /// parses), PostgreSQL's `jsonb` (in the server's printed form). Last, so that the
    /// catalog hashes of the kinds before it stay as they were.
    Json(super::postgres::json::JsonKind),
    /// A PostgreSQL enum type's labels (`postgres/enums.rs`). After `Json`, for the same
    /// reason.
    Enum(super::postgres::enums::EnumDef),
    /// A PostgreSQL one-dimensional array of text or integers (`postgres/arrays.rs`), in the
    /// server's printed form. After `Enum`, for the same reason.
    Array(super::postgres::arrays::Elem),
    /// A PostgreSQL uuid, in its stored form (`postgres/uuids.rs`). After `Array`, for the
    /// same reason.
    Uuid,
}

impl Admits {
    pub fn of(t: &DataType, dialect: Dialect) -> Admits {
        if let Some(fraction) = fraction_type(t, dialect) {
            return fraction;
        }
        if let Some(temporal) = super::temporal::of(t, dialect) {
            return temporal;
        }
        if let (Some(Ok(elem)), Dialect::Postgres) = (super::postgres::arrays::Elem::of(t), dialect)
        {
            return Admits::Array(elem);
        }
        use super::postgres::json::JsonKind;
        use DataType::*;
        let int = |bits: u32, unsigned: bool, name| {
            let (min, max): (i128, i128) = if unsigned {
                (0, (1i128 << bits) - 1)
            } else {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            };
            let clamp = |n: i128| n.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
            let (min, max) = (clamp(min), clamp(max));
            Admits::Integer { min, max, name }
        };
        match t {
            TinyInt(_) => int(8, false, "tinyint"),
            TinyIntUnsigned(_) => int(8, true, "tinyint"),
            SmallInt(_) | Int2(_) => int(16, false, "smallint"),
            SmallIntUnsigned(_) | Int2Unsigned(_) => int(16, true, "smallint"),
            MediumInt(_) => int(24, false, "mediumint"),
            MediumIntUnsigned(_) => int(24, true, "mediumint"),
            Int(_) | Int4(_) | Integer(_) => int(32, false, "integer"),
            IntUnsigned(_) | Int4Unsigned(_) | IntegerUnsigned(_) => int(32, true, "integer"),
            BigInt(_) | Int8(_) => int(64, false, "bigint"),
            // Up to 2^63 - 1, where SQLite's integers end (the server's 1264 above it).
            BigIntUnsigned(_) | Int8Unsigned(_) => int(63, true, "bigint"),
            Uuid if dialect == Dialect::Postgres => Admits::Uuid,
            JSON if dialect == Dialect::Postgres => Admits::Json(JsonKind::Json),
            JSONB if dialect == Dialect::Postgres => Admits::Json(JsonKind::Jsonb),
            JSON if dialect == Dialect::MySql => Admits::Json(JsonKind::MariaDb),
            Custom(name, _) => match name.to_sql().to_ascii_lowercase().as_str() {
                "serial" | "serial4" => int(32, false, "integer"),
                "smallserial" | "serial2" => int(16, false, "smallint"),
                "bigserial" | "serial8" => int(64, false, "bigint"),
                _ => Admits::Anything,
            },
            Varchar(Some(CharacterLength::IntegerLength { length, .. }))
            | CharacterVarying(Some(CharacterLength::IntegerLength { length, .. }))
            | CharVarying(Some(CharacterLength::IntegerLength { length, .. })) => Admits::Chars {
                max: *length,
                name: format!("character varying({length})"),
            },
            Char(Some(CharacterLength::IntegerLength { length, .. }))
            | Character(Some(CharacterLength::IntegerLength { length, .. })) => Admits::Chars {
                max: *length,
                name: format!("character({length})"),
            },
            _ => Admits::Anything,
        }
    }
}

/// What a column of a 64-bit float or a decimal type admits (in MariaDB, `DECIMAL` alone is
/// `DECIMAL(10,0)` and `REAL` is a DOUBLE; PostgreSQL's `float` is a double); `None` for other
/// types, and for those `refused_type` refuses. T-SQL's are not checked yet.
fn fraction_type(t: &DataType, dialect: Dialect) -> Option<Admits> {
    use sqlparser::ast::ExactNumberInfo as Info;
    let mysql = match dialect {
        Dialect::MsSql => return None,
        d => d == Dialect::MySql,
    };
    match t {
        DataType::Double(Info::None)
        | DataType::DoublePrecision
        | DataType::Float8
        | DataType::Float64 => Some(Admits::Double),
        DataType::Real if mysql => Some(Admits::Double),
        DataType::Float(info) if !single_float(info, mysql) => Some(Admits::Double),
        DataType::Numeric(info) | DataType::Decimal(info) | DataType::Dec(info) => {
            let (precision, scale) = match *info {
                Info::PrecisionAndScale(p, s) => (p, s),
                Info::Precision(p) => (p, 0),
                Info::None if mysql => (10, 0),
                Info::None => return None,
            };
            let fits = precision <= MAX_DECIMAL_DIGITS && (0..=precision as i64).contains(&scale);
            fits.then_some(Admits::Decimal {
                precision: precision as u32,
                scale: scale as u32,
            })
        }
        _ => None,
    }
}

/// The most digits a decimal column may declare: what a double holds exactly.
const MAX_DECIMAL_DIGITS: u64 = 15;

/// `float` / `float(p)` is a 4-byte float: `p` up to 24, or no `p` in MariaDB.
fn single_float(info: &sqlparser::ast::ExactNumberInfo, mysql: bool) -> bool {
    use sqlparser::ast::ExactNumberInfo as Info;
    match *info {
        Info::None => mysql,
        Info::Precision(p) => p <= 24,
        Info::PrecisionAndScale(..) => true,
    }
}

/// Why a column may not be declared with type `t`, if it may not: a number type whose values
/// the lab cannot keep as the server does (its rows hold doubles, printed per `num_text.rs`).
pub fn refused_type(t: &DataType, dialect: Dialect) -> Option<String> {
    use sqlparser::ast::ExactNumberInfo as Info;
    if dialect == Dialect::MsSql || fraction_type(t, dialect).is_some() {
        return None;
    }
    let (double, decimal) = match dialect {
        Dialect::Postgres => ("double precision", "numeric(p,s)"),
        _ => ("DOUBLE", "DECIMAL(p,s)"),
    };
    let why = match t {
        DataType::Real
        | DataType::Float4
        | DataType::Float32
        | DataType::Float(_)
        | DataType::FloatUnsigned(_)
        | DataType::RealUnsigned => format!(
            "a 4-byte float keeps 24 bits and prints 6 to 9 digits, and the lab keeps 64-bit doubles; use {double}"
        ),
        DataType::Numeric(Info::None) | DataType::Decimal(Info::None) | DataType::Dec(Info::None) => {
            format!("a numeric without a precision keeps each value's own scale (2.50 stays 2.50), which is not modelled; declare {decimal}")
        }
        DataType::Numeric(_) | DataType::Decimal(_) | DataType::Dec(_) => format!(
            "the lab keeps decimals as 64-bit doubles, exact to {MAX_DECIMAL_DIGITS} digits; declare {decimal} with at most {MAX_DECIMAL_DIGITS} digits and a scale from 0 to p"
        ),
        DataType::Double(_)
        | DataType::DoubleUnsigned(_)
        | DataType::DoublePrecisionUnsigned
        | DataType::DecimalUnsigned(_)
        | DataType::DecUnsigned(_)
        | DataType::BigNumeric(_)
        | DataType::BigDecimal(_) => {
            format!("this form is not modelled; use {double} or {decimal}")
        }
        // PostgreSQL's is `postgres/uuids.rs`'s.
        DataType::Uuid if dialect == Dialect::MySql => "MariaDB keeps a UUID in lower case and orders UUIDs by their segments in an order of its own, which is not modelled; use CHAR(36)".into(),
        _ => return None,
    };
    Some(format!("the column type {}: {why}", t.to_sql()))
}

impl Dialect {
    /// Whether writes are checked against the columns' declared types.
    pub fn checks_column_types(self) -> bool {
        self != Dialect::MsSql
    }

    /// Whether a fraction may be shown only in a result column of a known number type, which
    /// says how the server prints it (`text_forms.rs`). T-SQL's are not typed yet.
    pub fn types_fractions(self) -> bool {
        self != Dialect::MsSql
    }

    /// The refusal of a fraction in result column `column` (`name`), whose type the planner
    /// could not tell: its text would be a guess.
    pub fn untyped_fraction(self, column: usize, name: &str) -> StepError {
        let instead = match self {
            Dialect::Postgres => {
                "give it a type: x::float8, or round(x, 2) for a numeric of scale 2"
            }
            _ => "give it a type: CAST(x AS DOUBLE), or CAST(x AS DECIMAL(10,2))",
        };
        super::common::unsupported_with(
            self,
            &format!(
                "Result column {} ({name}), a number whose text Queue Lab cannot tell (it cannot tell its type, or it is a numeric whose scale each value carries),",
                column + 1
            ),
            instead,
        )
    }

    /// The server's error for `value` written into column `column` of `table` (the `row`th
    /// row the statement writes, from 1), if its type does not admit it.
    pub fn misfit(
        self,
        (table, column, admits): (&str, &str, &Admits),
        value: &Value,
        row: usize,
    ) -> Option<StepError> {
        let (native, message) = match (admits, value) {
            // PostgreSQL's NaN and infinities, which SQLite stores as text or as a double
            // the servers refuse (a number past the doubles' range).
            (Admits::Double, Value::Text(t)) if self == Dialect::Postgres && special_double(t) => {
                return Some(super::common::unsupported_with(
                    self,
                    "NaN or Infinity in a double precision column",
                    "the lab's doubles are finite; keep such values out of the queue's numbers",
                ))
            }
            (Admits::Double | Admits::Decimal { .. }, Value::Real(r)) if !r.is_finite() => {
                return Some(super::common::unsupported_with(
                    self,
                    "A number past the range of a double",
                    "the server fails it as out of range; keep numbers within ±1.8e308",
                ))
            }
            (Admits::Integer { name, .. }, Value::Text(t)) => match self {
                Dialect::MySql if numeric_prefix(t) => (
                    "1265",
                    format!("Data truncated for column '{column}' at row {row}"),
                ),
                Dialect::MySql => (
                    "1366",
                    format!(
                        "Incorrect integer value: '{t}' for column `test`.`{table}`.`{column}` at row {row}"
                    ),
                ),
                _ => (
                    "22P02",
                    format!("invalid input syntax for type {name}: \"{t}\""),
                ),
            },
            (Admits::Double | Admits::Decimal { .. }, Value::Text(t)) => {
                let (pg, my) = match admits {
                    Admits::Double => ("double precision", "double"),
                    _ => ("numeric", "decimal"),
                };
                match self {
                    Dialect::MySql if numeric_prefix(t) => (
                        "1265",
                        format!("Data truncated for column '{column}' at row {row}"),
                    ),
                    Dialect::MySql => (
                        "1366",
                        format!("Incorrect {my} value: '{t}' for column `test`.`{table}`.`{column}` at row {row}"),
                    ),
                    _ => ("22P02", format!("invalid input syntax for type {pg}: \"{t}\"")),
                }
            }
            (Admits::Json(kind), value) => return json_misfit(*kind, (table, column), value),
            (Admits::Uuid, Value::Text(t))
                if super::postgres::uuids::canonical(t).as_deref() == Some(t) =>
            {
                return None
            }
            (Admits::Uuid, Value::Null) => return None,
            (Admits::Uuid, value) => {
                return Some(super::postgres::uuids::misfit(&value.text().unwrap_or_default()))
            }
            (Admits::Enum(e), Value::Text(t)) if e.labels.contains(t) => return None,
            (Admits::Enum(_), Value::Null) => return None,
            (Admits::Array(elem), value) => {
                return super::postgres::arrays::misfit(*elem, column, value)
            }
            (Admits::Enum(e), value) => {
                return Some(e.misfit(&value.text().unwrap_or_default()));
            }
            (Admits::Temporal(t), Value::Text(v)) if !t.stored(v) => {
                return Some(t.misfit(self, column, v));
            }
            (Admits::Temporal(t), Value::Int(_) | Value::Real(_)) => {
                return Some(t.misfit(self, column, &value.text().unwrap_or_default()));
            }
            (Admits::Decimal { precision, scale }, Value::Int(_) | Value::Real(_)) => {
                return self.decimal_misfit(column, (*precision, *scale), value, row)
            }
            // A float here went past 64 bits, or came by a path `int_writes.rs` does not
            // round: said, never kept.
            (Admits::Integer { min, max, .. }, Value::Real(r))
                if *r >= *min as f64 && *r <= *max as f64 =>
            {
                return Some(super::common::unsupported_with(
                    self,
                    &format!(
                        "the fraction {} written to the integer column {column}",
                        crate::float_text::display(*r)
                    ),
                    "Queue Lab rounds only what an INSERT or UPDATE writes directly; write round(x)",
                ));
            }
            (Admits::Integer { name, .. }, Value::Real(_)) => match self {
                Dialect::MySql => (
                    "1264",
                    format!("Out of range value for column '{column}' at row {row}"),
                ),
                _ => ("22003", format!("{name} out of range")),
            },
            (Admits::Integer { min, max, name }, Value::Int(n)) if n < min || n > max => {
                match self {
                    Dialect::MySql => (
                        "1264",
                        format!("Out of range value for column '{column}' at row {row}"),
                    ),
                    _ => ("22003", format!("{name} out of range")),
                }
            }
            (Admits::Chars { max, name }, Value::Text(t)) if too_long(t, *max) => match self {
                // Both servers cut spaces past the length without an error (MariaDB with a
                // note): not modelled (the row would keep them), so refused by name.
                _ if !too_long(t.trim_end_matches(' '), *max) => {
                    return Some(super::common::unsupported_with(
                        self,
                        &format!("a value for {name} with spaces past its length"),
                        "the server would cut the spaces; trim the value first (rtrim)",
                    ))
                }
                Dialect::MySql => (
                    "1406",
                    format!("Data too long for column '{column}' at row {row}"),
                ),
                _ => ("22001", format!("value too long for type {name}")),
            },
            _ => return None,
        };
        Some(StepError {
            class: ErrorClass::Other,
            native: native.into(),
            message,
            pos: None,
            fixed_text: None,
        })
    }
}

/// A value written to a JSON column that the server would not store as the lab keeps it:
/// text that does not parse is the server's error (MariaDB's is the column's CHECK); a jsonb
/// not in the printed form (computed by the statement: literals are put in that form
/// before) and a number in PostgreSQL (which has no such implicit cast) are refused by name.
fn json_misfit(
    kind: super::postgres::json::JsonKind,
    (table, column): (&str, &str),
    value: &Value,
) -> Option<StepError> {
    use super::postgres::json::{self, JsonKind};
    match (kind, value) {
        (JsonKind::MariaDb, Value::Text(t)) if !json::mariadb_valid(t) => Some(StepError::other(
            "4025",
            format!("CONSTRAINT `{table}.{column}` failed for `test`.`{table}`"),
        )),
        (JsonKind::Jsonb, Value::Text(t)) => match json::jsonb(t) {
            Err(e) => Some(e),
            Ok(printed) if printed != *t => Some(super::common::unsupported_with(
                Dialect::Postgres,
                &format!("the text {t} computed for the jsonb column {column}"),
                &format!("the server would keep it as {printed}, a form the lab gives constants only; write it as a constant"),
            )),
            Ok(_) => None,
        },
        (JsonKind::Json, Value::Text(t)) => json::json(t).err(),
        (JsonKind::Json | JsonKind::Jsonb, Value::Int(_) | Value::Real(_)) => {
            Some(super::common::unsupported_with(
                Dialect::Postgres,
                &format!("a number written to the json column {column}"),
                "the server has no implicit cast from a number to JSON (42804); write it as a string, '1'",
            ))
        }
        _ => None,
    }
}

impl Dialect {
    /// A number written to a `decimal(precision, scale)` column: past its integer digits it
    /// is out of range, as on the server; with more decimals than the scale the server
    /// would round it, which the lab does not do yet, so it says so.
    fn decimal_misfit(
        self,
        column: &str,
        (precision, scale): (u32, u32),
        value: &Value,
        row: usize,
    ) -> Option<StepError> {
        // A double at 15 decimals: its binary noise past them (0.30000000000000004) is no
        // decimal the statement meant.
        let text = match value {
            Value::Real(r) => super::num_text::decimal(*r, 15),
            other => other.text()?,
        };
        let text = text.trim_start_matches('-');
        let (int_part, fraction) = text.split_once('.').unwrap_or((text, ""));
        let int_digits = int_part.trim_start_matches('0').len() as u32;
        if int_digits > precision - scale {
            let (native, message) = match self {
                Dialect::MySql => (
                    "1264",
                    format!("Out of range value for column '{column}' at row {row}"),
                ),
                _ => ("22003", "numeric field overflow".to_string()),
            };
            return Some(StepError {
                class: ErrorClass::Other,
                native: native.into(),
                message,
                pos: None,
                fixed_text: None,
            });
        }
        (fraction.trim_end_matches('0').len() as u32 > scale).then(|| {
            super::common::unsupported_with(
                self,
                &format!("a value with more decimals than the column {column}'s scale ({scale})"),
                &format!("the server rounds it, which Queue Lab does not model yet; write round(x, {scale})"),
            )
        })
    }
}

/// MariaDB keeps the digits of `12abc` (and says so); `abc` has none.
/// Whether `t` is text PostgreSQL reads as a double's NaN or an infinity.
pub fn special_double(t: &str) -> bool {
    let t = t.trim().trim_start_matches(['+', '-']).to_ascii_lowercase();
    t == "nan" || t == "inf" || t == "infinity"
}

fn numeric_prefix(t: &str) -> bool {
    let t = t.trim_start();
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    t.starts_with(|c: char| c.is_ascii_digit())
}

/// Longer than `max` characters.
fn too_long(t: &str, max: u64) -> bool {
    t.chars().count() as u64 > max
}
