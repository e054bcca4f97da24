//! The values an INSERT or UPDATE writes, each with its column: what the type rules of
//! `enum_values.rs` and `array_values.rs` check before the statement runs.

use crate::dialect::catalog::{Catalog, ColumnDef};
use crate::dialect::exprs::last_ident;
use crate::trace::StepError;
use sqlparser::ast::{
    AssignmentTarget, Expr, OnConflictAction, OnInsert, SelectItem, SetExpr, Statement, TableObject,
};

/// Calls `f` on each value the statement writes (VALUES rows, a single SELECT's items, SET
/// and ON CONFLICT DO UPDATE SET), with its column, up to the first error.
pub fn check(
    stmt: &Statement,
    catalog: &Catalog,
    f: &mut dyn FnMut(&ColumnDef, &Expr) -> Result<(), StepError>,
) -> Result<(), StepError> {
    let target = |name: &sqlparser::ast::ObjectName| catalog.table(&last_ident(name));
    let set = |def: &crate::dialect::catalog::TableDef,
               assignments: &[sqlparser::ast::Assignment],
               f: &mut dyn FnMut(&ColumnDef, &Expr) -> Result<(), StepError>| {
        for a in assignments {
            if let AssignmentTarget::ColumnName(n) = &a.target {
                if let Some(c) = def.column(&last_ident(n)) {
                    f(c, &a.value)?;
                }
            }
        }
        Ok(())
    };
    match stmt {
        Statement::Insert(ins) => {
            let TableObject::TableName(name) = &ins.table else {
                return Ok(());
            };
            let Some(def) = target(name) else {
                return Ok(());
            };
            let columns: Vec<Option<&ColumnDef>> = if ins.columns.is_empty() {
                def.columns.iter().map(Some).collect()
            } else {
                ins.columns
                    .iter()
                    .map(|c| def.column(&last_ident(c)))
                    .collect()
            };
            let rows: Vec<Vec<&Expr>> = match ins.source.as_ref().map(|q| q.body.as_ref()) {
                Some(SetExpr::Values(v)) => {
                    v.rows.iter().map(|r| r.content.iter().collect()).collect()
                }
                Some(SetExpr::Select(s)) => vec![s
                    .projection
                    .iter()
                    .filter_map(|item| match item {
                        SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                            Some(e)
                        }
                        _ => None,
                    })
                    .collect()],
                _ => Vec::new(),
            };
            for row in rows {
                for (value, column) in row.into_iter().zip(&columns) {
                    if let Some(c) = column {
                        f(c, value)?;
                    }
                }
            }
            if let Some(OnInsert::OnConflict(oc)) = &ins.on {
                if let OnConflictAction::DoUpdate(u) = &oc.action {
                    set(def, &u.assignments, f)?;
                }
            }
        }
        Statement::Update(u) => {
            let name = match &u.table.relation {
                sqlparser::ast::TableFactor::Table { name, .. } => target(name),
                _ => None,
            };
            if let Some(def) = name {
                set(def, &u.assignments, f)?;
            }
        }
        _ => {}
    }
    Ok(())
}
