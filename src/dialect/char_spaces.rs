//! Rule: a CHAR(n) value's trailing spaces are no part of it. MariaDB drops them when it
//! reads the value back (its default sql_mode has no PAD_CHAR_TO_FULL_LENGTH): `'ab '`
//! written to a CHAR(3) reads `ab`, its LENGTH is 2 and `CONCAT(c, '|')` is `ab|` (probed on
//! 10.11). PostgreSQL pads the value to n and prints it so (`'ab '`, `text_forms.rs`), but
//! ignores the spaces in length(), `||`, casts to text and comparisons, and cuts spaces past
//! n without complaint (probed on 15). SQLite keeps what was written, so each value an INSERT
//! or UPDATE writes to a CHAR column goes through SQLite's `rtrim(x)`, which drops spaces only
//! (a tab stays), as both servers do. A string constant written to a VARCHAR(n) loses the
//! spaces past n, which both servers cut (MariaDB with a note) where the value is too long
//! only by them.

use super::catalog::{Catalog, ColumnDef};
use super::exprs::call;
use super::types::Admits;
use crate::sql::Duplicate;
use sqlparser::ast::{Expr, Statement, Value};

/// Trims what `stmt` writes to CHAR columns; the note, if it did.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Option<String> {
    let trimmed = super::writes::each(stmt, catalog, &mut |def, column, value| {
        let Some(c) = def.column(column) else {
            return false;
        };
        let default = matches!(value, Expr::Identifier(i) if i.quote_style.is_none() && i.value.eq_ignore_ascii_case("default"));
        if default {
            return false;
        }
        if fixed_length(c).is_some() {
            *value = call("rtrim", vec![value.duplicate()]);
            return true;
        }
        cut_spaces(c, value)
    });
    trimmed.then(|| "a value written to a CHAR column loses its trailing spaces, which the servers do not count: rtrim(x)".into())
}

/// A string constant written to a VARCHAR(n) that is too long only by trailing spaces loses
/// the spaces past n, as both servers cut them (MariaDB with a note). The spaces of any
/// other value are the column check's (`types.rs`: refused by name).
fn cut_spaces(c: &ColumnDef, value: &mut Expr) -> bool {
    let (Admits::Chars { max, .. }, Expr::Value(v)) = (&c.admits, &mut *value) else {
        return false;
    };
    let Value::SingleQuotedString(text) = &mut v.value else {
        return false;
    };
    let keep = text
        .char_indices()
        .nth(usize::try_from(*max).unwrap_or(usize::MAX))
        .map(|(at, _)| at);
    match keep {
        Some(at) if text[at..].bytes().all(|b| b == b' ') => {
            text.truncate(at);
            true
        }
        _ => false,
    }
}

/// The n of a CHAR(n) column (`types.rs` names the type `character(n)`), not a VARCHAR.
pub fn fixed_length(c: &ColumnDef) -> Option<u32> {
    match &c.admits {
        Admits::Chars { max, name } if name.starts_with("character(") => u32::try_from(*max).ok(),
        _ => None,
    }
}
