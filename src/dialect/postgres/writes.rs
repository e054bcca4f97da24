//! The values an INSERT or UPDATE writes, each with its column: what the type rules of
//! `enum_values.rs`, `array_values.rs` and `uuids.rs` check before the statement runs
//! (`dialect/writes.rs` finds them).

use crate::dialect::catalog::{Catalog, ColumnDef};
use crate::trace::StepError;
use sqlparser::ast::{Expr, Statement};

/// Calls `f` on each value the statement writes (VALUES rows, a single SELECT's items, SET
/// and ON CONFLICT DO UPDATE SET), with its column; the first error.
pub fn check(
    stmt: &mut Statement,
    catalog: &Catalog,
    f: &mut dyn FnMut(&ColumnDef, &Expr) -> Result<(), StepError>,
) -> Result<(), StepError> {
    let mut failure = None;
    crate::dialect::writes::each(stmt, catalog, &mut |def, column, value| {
        if let (None, Some(c)) = (&failure, def.column(column)) {
            failure = f(c, value).err();
        }
        false
    });
    failure.map_or(Ok(()), Err)
}
