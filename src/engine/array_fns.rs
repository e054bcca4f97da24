//! The functions `postgres/array_values.rs` puts in a statement for PostgreSQL's array
//! functions and `= ANY (column)`, over the printed form of `postgres/arrays.rs`.

use crate::dialect::postgres::array_values::APPEND_JSONB;
use crate::dialect::postgres::arrays::{self, Elem};
use crate::dialect::postgres::int_values::SERVER_ERROR;
use rusqlite::functions::Context;
use rusqlite::types::Value as Sql;

/// Which function.
#[derive(Clone, Copy)]
pub enum ArrayCall {
    /// `array_append(a, x)`, with the element type's width as a third argument (0 for text,
    /// `APPEND_JSONB` for jsonb).
    Append,
    /// `array_length(a, dimension)`: NULL for an empty array, as on the server.
    Length,
    /// `cardinality(a)`: 0 for an empty array.
    Cardinality,
    /// `x = ANY (a)`: true, false, or NULL when no element equals `x` but one is NULL.
    Any,
}

pub fn call(kind: ArrayCall, ctx: &Context) -> rusqlite::Result<Sql> {
    let array = match ctx.get::<Sql>(0)? {
        Sql::Text(t) => Some(parsed(&t)?),
        _ => None,
    };
    Ok(match kind {
        ArrayCall::Append => {
            let elem = match ctx.get::<i64>(2)? {
                0 => Elem::Text,
                APPEND_JSONB => Elem::Jsonb,
                bits => Elem::Int { bits: bits as u8 },
            };
            let mut elements = array.unwrap_or_default();
            elements.push(element_text(ctx.get::<Sql>(1)?, elem)?);
            Sql::Text(arrays::print(&elements))
        }
        ArrayCall::Length => match (array, ctx.get::<Sql>(1)?) {
            (Some(a), Sql::Integer(1)) if !a.is_empty() => Sql::Integer(a.len() as i64),
            _ => Sql::Null,
        },
        ArrayCall::Cardinality => array.map_or(Sql::Null, |a| Sql::Integer(a.len() as i64)),
        ArrayCall::Any => {
            let (Some(a), x) = (array, ctx.get::<Sql>(1)?) else {
                return Ok(Sql::Null);
            };
            let Some(x) = text_of(x) else {
                return Ok(Sql::Null);
            };
            if a.iter().any(|e| e.as_deref() == Some(x.as_str())) {
                Sql::Integer(1)
            } else if a.iter().any(Option::is_none) {
                Sql::Null
            } else {
                Sql::Integer(0)
            }
        }
    })
}

/// A value appended to an array of `elem`, as the element type reads it.
fn element_text(value: Sql, elem: Elem) -> rusqlite::Result<Option<String>> {
    let fail = |native: &str, message: String| {
        rusqlite::Error::UserFunctionError(format!("{SERVER_ERROR}{native} {message}").into())
    };
    // A number too wide for the elements: the server appends it to a wider array, which
    // the assignment back then finds out of range.
    if let (Sql::Integer(n), Elem::Int { bits }) = (&value, elem) {
        if bits < 64 && !(-(1i64 << (bits - 1))..(1i64 << (bits - 1))).contains(n) {
            return Err(fail("22003", format!("{} out of range", elem.name())));
        }
    }
    let Some(text) = text_of(value) else {
        return Ok(None);
    };
    let one = arrays::print(&[Some(text)]);
    let read = arrays::normal(&one, elem).map_err(|e| fail(&e.native, e.message))?;
    Ok(parsed(&read)?.pop().flatten())
}

/// A value's text as an element holds it; `None` for NULL.
fn text_of(value: Sql) -> Option<String> {
    match value {
        Sql::Integer(i) => Some(i.to_string()),
        Sql::Real(r) => Some(crate::float_text::display(r)),
        Sql::Text(t) => Some(t),
        Sql::Null | Sql::Blob(_) => None,
    }
}

/// A stored array read back (every value the lab stores in an array column parses).
fn parsed(text: &str) -> rusqlite::Result<Vec<Option<String>>> {
    arrays::parse(text).map_err(|e| rusqlite::Error::UserFunctionError(e.message.into()))
}
