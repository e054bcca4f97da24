//! Rule: MariaDB's casts, `CAST(x AS type)`. SQLite takes any type name in a cast and gives it
//! an affinity, so `CAST('2025-01-01 09:00:00' AS DATETIME)` would silently be the number
//! 2025. The casts whose results the lab writes as the server does (signed integers,
//! decimals and doubles, by `num_types.rs` and `num_text.rs`, and CHAR) go through; a cast to any other type (the
//! dates and times among them) is refused by name.

use super::super::common::unsupported_with;
use super::super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{DataType, Expr};
use std::ops::ControlFlow;

pub fn refuse_unmodelled<N: crate::sql::Walk>(node: &mut N) -> Result<(), StepError> {
    let mut refused: Option<String> = None;
    super::super::walk::exprs(node, &mut |e| match e {
        Expr::Cast { data_type, .. } if !modelled(data_type) => {
            refused = Some(data_type.to_sql());
            ControlFlow::Break(())
        }
        _ => ControlFlow::Continue(()),
    });
    match refused {
        None => Ok(()),
        Some(t) => Err(unsupported_with(
            Dialect::MySql,
            &format!("A cast to {t}"),
            "SQLite has no such type and would make the value a number or leave it as it is; cast to SIGNED, DECIMAL(p,s), DOUBLE or CHAR, or write a date or time as its text ('2025-01-01 09:00:00'), which the server compares as a time",
        )),
    }
}

/// A cast target whose conversion the lab models. Not UNSIGNED (the server wraps -1 to
/// 18446744073709551615) nor CHAR(n) (it cuts the text to n characters).
fn modelled(t: &DataType) -> bool {
    matches!(
        t,
        DataType::Signed
            | DataType::SignedInteger
            | DataType::Int(_)
            | DataType::Integer(_)
            | DataType::Decimal(_)
            | DataType::Dec(_)
            | DataType::Numeric(_)
            | DataType::Double(_)
            | DataType::DoublePrecision
            | DataType::Float(_)
            | DataType::Real
            | DataType::Char(None)
    )
}
