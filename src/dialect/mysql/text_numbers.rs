//! Check: MariaDB compares a string with a number as numbers, reading the string's leading
//! number (`'ready'` is 0, `'7abc'` 7, `' 5'` 5; probed on 10.11), and in an UPDATE, INSERT
//! or REPLACE strict mode fails a string that is not all number (1292). SQLite compares the
//! text with the number instead: `WHERE status = 0` on a VARCHAR column found no row where
//! the server finds every job whose status is a word. Such a comparison (`=`, `<`, ...,
//! `<=>`, IN, BETWEEN) is refused by name, unless it is a string constant that is a number
//! compared with a number column, which SQLite's column affinity reads as the server does
//! (`id = '5'`, `id IN ('5', '7')`).

use super::super::int_types::{column_named, Columns};
use super::super::num_types;
use super::super::walk;
use super::super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, Expr, InTarget, Statement, Value};
use std::ops::ControlFlow;

/// The first comparison of a string with a number in `stmt` that SQLite would answer
/// otherwise than the server, refused by name.
pub fn refuse(stmt: &mut Statement, columns: &Columns) -> Result<(), StepError> {
    let mut refused = None;
    walk::exprs(stmt, &mut |e| {
        let pairs: Vec<(&Expr, &Expr)> = match e {
            Expr::BinaryOp { left, op, right } if comparison(op) => vec![(left, right)],
            Expr::In {
                expr,
                target: InTarget::List(list),
                ..
            } => list.iter().map(|x| (&**expr, x)).collect(),
            Expr::Between {
                expr, low, high, ..
            } => vec![(expr, low), (expr, high)],
            _ => Vec::new(),
        };
        if pairs
            .iter()
            .any(|(a, b)| differs(a, b, columns) || differs(b, a, columns))
        {
            refused = Some(e.to_sql());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    match refused {
        Some(what) => Err(super::super::common::unsupported_with(
            Dialect::MySql,
            &format!("A string compared with a number ({what})"),
            "MariaDB reads the string as a number there ('ready' is 0, '7abc' is 7) and fails an UPDATE on one that is not all number (1292); compare the string with a string ('0'), or write the number as a number",
        )),
        None => Ok(()),
    }
}

fn comparison(op: &BinaryOperator) -> bool {
    use BinaryOperator::*;
    matches!(op, Eq | NotEq | Lt | LtEq | Gt | GtEq | Spaceship)
}

/// Whether SQLite would compare the string `s` with the number `n` otherwise than MariaDB.
fn differs(s: &Expr, n: &Expr, columns: &Columns) -> bool {
    if num_types::of(n, columns, Dialect::MySql).is_none() {
        return false;
    }
    match s {
        Expr::Nested(inner) => differs(inner, n, columns),
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(text) => !(number_text(text) && column_named(n).is_some()),
            _ => false,
        },
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => column_named(s)
            .and_then(|(q, name)| {
                columns.columns_give(q, name, |c| Some(c.case_blind || c.compares_bytes()))
            })
            .unwrap_or(false),
        _ => false,
    }
}

/// Whether `text` is all number to MariaDB (whitespace around it allowed): the affinity of a
/// number column then reads it as the server does.
fn number_text(text: &str) -> bool {
    let t = text.trim_matches(|c: char| c.is_ascii_whitespace());
    !t.is_empty()
        && t.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
        && crate::decimal::parse_f64(t).is_some()
}
