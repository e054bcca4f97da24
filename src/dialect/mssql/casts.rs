//! Rule: SQL Server's conversions, `CAST(x AS type)`, where SQLite would answer otherwise.
//! SQLite takes any type name in a cast and gives it an affinity, so `CAST(GETDATE() AS
//! datetime2)` would silently be the number 2025, `CAST(5 AS bit)` 5, and a decimal or float
//! would keep SQLite's digits, not SQL Server's scale. A cast to an integer type or to
//! varchar / nvarchar goes through as before; one to any other type is refused by name, as
//! are CONVERT (SQLite has no such function: write CAST) and TRY_CAST / TRY_CONVERT.
//!
//! (A fuller model, with CONVERT as CAST, SQL Server's `*` for a number too long for a
//! varchar and text cut to the length, is in the history at `1f11360`: it waits for room in
//! the download.)

use super::super::common::unsupported_with;
use super::super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{CastKind, DataType, Expr};
use std::ops::ControlFlow;

/// Refuses the first conversion of `stmt` that SQLite would answer otherwise.
pub fn refuse_unmodelled(stmt: &mut sqlparser::ast::Statement) -> Result<(), StepError> {
    let mut refused = None;
    super::super::walk::exprs(stmt, &mut |e| {
        let instead = match e {
            Expr::Cast {
                kind: CastKind::Cast,
                data_type,
                ..
            } if passes(data_type) => return ControlFlow::Continue(()),
            Expr::Cast {
                kind: CastKind::Cast,
                ..
            } => "SQLite has no such type and would make the value a number or leave it; write a time as its text ('2025-01-01 09:00:00'), a bit as 1 or 0",
            Expr::Cast { .. } | Expr::Convert { .. } => "write CAST(x AS type), which the lab runs where SQL Server converts",
            _ => return ControlFlow::Continue(()),
        };
        refused = Some(unsupported_with(Dialect::MsSql, &e.to_sql(), instead));
        ControlFlow::Break(())
    });
    refused.map_or(Ok(()), Err)
}

/// A target SQLite's cast serves as SQL Server's does for the values queues convert.
fn passes(t: &DataType) -> bool {
    super::super::int_types::IntType::of_cast(t).is_some()
        || matches!(t, DataType::Varchar(_) | DataType::Nvarchar(_))
}
