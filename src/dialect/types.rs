//! What a column's declared type lets in, checked on every row a statement writes, as the
//! servers check it (SQLite would keep `'abc'` in an `int` column, or 300 characters in a
//! `varchar(10)`, and the lab would go on with a row no server has). PostgreSQL and MariaDB
//! under its default strict `sql_mode`: text that is no integer, an integer past the type's
//! range, a string longer than its `varchar(n)` / `char(n)`. (T-SQL is not checked yet.)

use super::Dialect;
use crate::trace::{ErrorClass, StepError, Value};
use queuelab_sql::ToSql;
use sqlparser::ast::{CharacterLength, DataType};

/// The values a column's type admits, read off its declaration.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Admits {
    /// Integers in `min..=max`; `name` is PostgreSQL's name of the type.
    Integer {
        min: i64,
        max: i64,
        name: &'static str,
    },
    /// Strings of at most `max` characters; `name` is PostgreSQL's name of the type.
    Chars { max: u64, name: String },
    #[default]
    Anything,
}

impl Admits {
    pub fn of(t: &DataType) -> Admits {
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

impl Dialect {
    /// Whether writes are checked against the columns' declared types.
    pub fn checks_column_types(self) -> bool {
        self != Dialect::MsSql
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
            // A float here went past 64 bits, or came by a path `int_writes.rs` does not
            // round: said, never kept.
            (Admits::Integer { min, max, .. }, Value::Real(r))
                if *r >= *min as f64 && *r <= *max as f64 =>
            {
                return Some(super::common::unsupported_with(
                    self,
                    &format!("the fraction {r} written to the integer column {column}"),
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
                Dialect::MySql => (
                    "1406",
                    format!("Data too long for column '{column}' at row {row}"),
                ),
                // PostgreSQL cuts spaces past the length without complaint: not modelled
                // (the row would keep them), so refused by name.
                _ if !too_long(t.trim_end_matches(' '), *max) => {
                    return Some(super::common::unsupported_with(
                        self,
                        &format!("a value for {name} with spaces past its length"),
                        "PostgreSQL would cut the spaces; trim the value first (rtrim)",
                    ))
                }
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

/// MariaDB keeps the digits of `12abc` (and says so); `abc` has none.
fn numeric_prefix(t: &str) -> bool {
    let t = t.trim_start();
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    t.starts_with(|c: char| c.is_ascii_digit())
}

/// Longer than `max` characters.
fn too_long(t: &str, max: u64) -> bool {
    t.chars().count() as u64 > max
}
