//! Rule: `[dbo].[Table]` and `dbo.Table` name the one table of that name: Queue Lab has one
//! schema, and SQLite would read `dbo` as an attached database.

use crate::sql::ToSql;
use crate::sql::Walk;
use sqlparser::ast::ObjectName;
use std::ops::ControlFlow;

pub fn strip_schema<N: Walk>(node: &mut N) -> Option<String> {
    let mut schemas: Vec<String> = Vec::new();
    crate::dialect::walk::relations(node, &mut |name: &mut ObjectName| {
        if name.0.len() > 1 {
            let last = name.0.pop();
            schemas.push(
                name.0
                    .iter()
                    .map(|p| p.to_sql())
                    .collect::<Vec<_>>()
                    .join("."),
            );
            name.0 = last.into_iter().collect();
        }
        ControlFlow::<()>::Continue(())
    });
    crate::sort::sort(&mut schemas);
    schemas.dedup();
    (!schemas.is_empty()).then(|| {
        format!(
            "schema {} dropped from table names: Queue Lab has one schema",
            schemas.join(", ")
        )
    })
}
