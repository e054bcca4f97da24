//! Rule: PostgreSQL's casts, `x::type` and `CAST(x AS type)`. SQLite has no `::`, and it
//! takes any type name in a CAST, giving it an affinity: `'5 minutes'::interval` would
//! silently be the number 5. So a cast to a type SQLite converts to as PostgreSQL does becomes
//! `CAST(x AS TEXT | REAL)` (the integer types are `integers.rs`'s), and any other cast is
//! refused by name.

use crate::sql::ToSql;
use sqlparser::ast::{CastKind, DataType, Expr};
use std::ops::ControlFlow;

/// The cast the statement cannot have, named, or the notes of the casts it rewrote.
pub fn rewrite<N: crate::sql::Walk>(node: &mut N) -> Result<Vec<String>, String> {
    let mut refused: Option<String> = None;
    let mut colons = false;
    crate::dialect::walk::exprs(node, &mut |e| {
        let Expr::Cast {
            kind,
            data_type,
            expr,
            ..
        } = e
        else {
            return ControlFlow::Continue(());
        };
        if !matches!(kind, CastKind::Cast | CastKind::DoubleColon) {
            return ControlFlow::Continue(());
        }
        // SQLite reads 'NaN' and 'Infinity' as 0: the server's special doubles are refused.
        if matches!(sqlite_type(data_type), Some(DataType::Real)) && special_double(expr) {
            refused = Some(format!(
                "a cast of {} to {} is not supported here: the lab's doubles are finite; keep NaN and Infinity out of the queue's numbers",
                expr.to_sql(),
                data_type.to_sql()
            ));
            return ControlFlow::Break(());
        }
        match sqlite_type(data_type) {
            Some(t) => {
                colons |= *kind == CastKind::DoubleColon;
                *kind = CastKind::Cast;
                *data_type = t;
                ControlFlow::Continue(())
            }
            None => {
                refused = Some(format!(
                    "a cast to {} is not modelled by Queue Lab (SQLite has no such type, and would silently make it a number or text): cast to int, bigint, text or float8, or leave the cast out",
                    data_type.to_sql()
                ));
                ControlFlow::Break(())
            }
        }
    });
    if let Some(message) = refused {
        return Err(message);
    }
    Ok(if colons {
        vec!["x::type: SQLite writes a cast CAST(x AS type)".into()]
    } else {
        Vec::new()
    })
}

/// Whether `e` is text PostgreSQL reads as a double's NaN or an infinity.
fn special_double(e: &Expr) -> bool {
    matches!(e, Expr::Value(v) if matches!(&v.value,
        sqlparser::ast::Value::SingleQuotedString(s) if super::super::types::special_double(s)))
}

/// The SQLite type that converts values as the PostgreSQL type does, for the types where one
/// does: text of any length, floating point. (Casts to the integer types are
/// `integers.rs`'s, which runs first.) `numeric` keeps trailing zeros and
/// `varchar(n)` truncates in PostgreSQL, so they are not among them.
fn sqlite_type(t: &DataType) -> Option<DataType> {
    let name = t.to_sql().to_ascii_lowercase();
    match name.as_str() {
        "text" | "varchar" | "character varying" => Some(DataType::Text),
        "real" | "float4" | "float8" | "double precision" | "float" => Some(DataType::Real),
        _ => None,
    }
}
