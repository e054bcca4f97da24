//! The values an INSERT (VALUES, SELECT or SET), an upsert's assignments or a single-table UPDATE
//! writes straight into a column, each with its table and column: the rules that fit a value
//! to its column's type (`int_writes.rs`, `num_as_text.rs`) visit them.

use super::catalog::{Catalog, TableDef};
use super::exprs::last_ident;
use sqlparser::ast::{
    Assignment, AssignmentTarget, Expr, OnConflictAction, OnInsert, SelectItem, SetExpr, Statement,
    TableFactor, TableObject,
};

/// What a rule does to one written value; whether it changed it.
pub type Visit<'f> = &'f mut dyn FnMut(&TableDef, &str, &mut Expr) -> bool;

/// Calls `visit` on every value `stmt` writes directly; whether any call changed one.
pub fn each(stmt: &mut Statement, catalog: &Catalog, visit: Visit<'_>) -> bool {
    let mut any = false;
    match stmt {
        Statement::Insert(ins) => {
            let TableObject::TableName(name) = &ins.table else {
                return false;
            };
            let Some(def) = catalog.table(&last_ident(name)) else {
                return false;
            };
            let targets: Vec<String> = if ins.columns.is_empty() {
                def.columns.iter().map(|c| c.name.clone()).collect()
            } else {
                ins.columns.iter().map(last_ident).collect()
            };
            if let Some(source) = ins.source.as_mut() {
                match source.body.as_mut() {
                    SetExpr::Values(v) => {
                        for row in &mut v.rows {
                            for (value, column) in row.iter_mut().zip(&targets) {
                                any |= visit(def, column, value);
                            }
                        }
                    }
                    SetExpr::Select(s) => {
                        for (item, column) in s.projection.iter_mut().zip(&targets) {
                            if let SelectItem::UnnamedExpr(value)
                            | SelectItem::ExprWithAlias { expr: value, .. } = item
                            {
                                any |= visit(def, column, value);
                            }
                        }
                    }
                    _ => {}
                }
            }
            // MariaDB's `INSERT INTO t SET c = x`.
            any |= assignments(def, &mut ins.assignments, visit);
            match &mut ins.on {
                Some(OnInsert::OnConflict(oc)) => {
                    if let OnConflictAction::DoUpdate(u) = &mut oc.action {
                        any |= assignments(def, &mut u.assignments, visit);
                    }
                }
                Some(OnInsert::DuplicateKeyUpdate(a)) => any |= assignments(def, a, visit),
                _ => {}
            }
        }
        Statement::Update(u) if u.table.joins.is_empty() => {
            let TableFactor::Table { name, .. } = &u.table.relation else {
                return false;
            };
            if let Some(def) = catalog.table(&last_ident(name)) {
                any |= assignments(def, &mut u.assignments, visit);
            }
        }
        _ => {}
    }
    any
}

fn assignments(def: &TableDef, list: &mut [Assignment], visit: Visit<'_>) -> bool {
    let mut any = false;
    for a in list {
        if let AssignmentTarget::ColumnName(name) = &a.target {
            any |= visit(def, &last_ident(name), &mut a.value);
        }
    }
    any
}
