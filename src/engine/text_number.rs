//! `ql_text_number(x, word)`: MariaDB's reading of a string as a number where it compares one
//! with a number (`dialect/mysql/text_numbers.rs` reads the text and says where it is called).
//! A number or NULL is itself; a string its leading number; with a word (`DECIMAL`,
//! `DOUBLE`: an UPDATE, INSERT or REPLACE, which strict mode fails), a string that loses more
//! than whitespace is the server's error 1292.

use crate::dialect::mysql::text_numbers::{read, Number};
use crate::dialect::postgres::int_values::SERVER_ERROR;
use rusqlite::types::Value as Sql;

pub fn text_number(ctx: &rusqlite::functions::Context) -> rusqlite::Result<Sql> {
    let text = match ctx.get::<Sql>(0)? {
        Sql::Text(t) => t,
        Sql::Blob(b) => String::from_utf8_lossy(&b).into_owned(),
        other => return Ok(other),
    };
    let reading = read(&text);
    if reading.lossy {
        if let Sql::Text(word) = ctx.get::<Sql>(1)? {
            let message = format!("{SERVER_ERROR}1292 Truncated incorrect {word} value: '{text}'");
            return Err(rusqlite::Error::UserFunctionError(message.into()));
        }
    }
    Ok(match reading.value {
        Number::Int(n) => Sql::Integer(n),
        Number::Real(r) => Sql::Real(r),
    })
}
