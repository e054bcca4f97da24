//! The functions `postgres/jsonb.rs` puts in a statement for PostgreSQL's jsonb operators,
//! over the stored form of `postgres/json.rs`.

use crate::dialect::postgres::json::{self, Key};
use rusqlite::functions::Context;
use rusqlite::types::Value as Sql;

/// Which operator.
#[derive(Clone, Copy)]
pub enum JsonbCall {
    /// `->`
    Get,
    /// `->>`
    Text,
    /// `@>`
    Contains,
    /// `=`
    Equals,
}

pub fn call(kind: JsonbCall, ctx: &Context) -> rusqlite::Result<Sql> {
    let Sql::Text(left) = ctx.get::<Sql>(0)? else {
        return Ok(Sql::Null);
    };
    let value = parsed(&left)?;
    let right = ctx.get::<Sql>(1)?;
    Ok(match (kind, right) {
        (_, Sql::Null) => Sql::Null,
        (JsonbCall::Contains, Sql::Text(t)) => {
            Sql::Integer(i64::from(json::contains(&value, &parsed(&t)?)))
        }
        (JsonbCall::Equals, Sql::Text(t)) => Sql::Integer(i64::from(value.equals(&parsed(&t)?))),
        (JsonbCall::Contains | JsonbCall::Equals, _) => Sql::Null,
        (get, key) => {
            let found = match &key {
                Sql::Integer(i) => value.get(Key::Index(*i)),
                Sql::Text(k) => value.get(Key::Field(k)),
                _ => None,
            };
            match (get, found) {
                (JsonbCall::Get, Some(v)) => Sql::Text(v.to_text()),
                (_, Some(v)) => v.as_text().map_or(Sql::Null, Sql::Text),
                (_, None) => Sql::Null,
            }
        }
    })
}

/// A stored jsonb read back (every value the lab stores in a jsonb column or gives a jsonb
/// operator parses; anything else is the server's error).
fn parsed(text: &str) -> rusqlite::Result<json::Json> {
    json::parse_jsonb(text).map_err(|e| rusqlite::Error::UserFunctionError(e.message.into()))
}
