//! Rule: an identity column `GENERATED ALWAYS` takes its values from its sequence only. An
//! INSERT that names it, or an UPDATE that sets it, is error 428C9, raised as PostgreSQL's
//! rewriter raises it: before the statement runs, whatever rows it would touch. (`DEFAULT`
//! in its place, which the server allows, and OVERRIDING SYSTEM VALUE are refused by the
//! front-end before this rule.)

use super::super::catalog::{Catalog, TableDef};
use super::super::exprs::last_ident;
use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{AssignmentTarget, SetExpr, Statement, TableFactor, TableObject};

pub fn check(stmt: &Statement, catalog: &Catalog) -> Result<(), StepError> {
    match stmt {
        Statement::Insert(ins) => {
            let TableObject::TableName(name) = &ins.table else {
                return Ok(());
            };
            let Some(def) = catalog.table(&last_ident(name)) else {
                return Ok(());
            };
            let given = |column: &str| {
                if ins.columns.is_empty() {
                    // Without a column list the values fill the leading columns.
                    let width = match ins.source.as_ref().map(|q| q.body.as_ref()) {
                        Some(SetExpr::Values(v)) => v.rows.first().map_or(0, |r| r.content.len()),
                        Some(_) => def.columns.len(),
                        // DEFAULT VALUES: every column its default.
                        None => 0,
                    };
                    def.columns[..width.min(def.columns.len())]
                        .iter()
                        .any(|c| c.name == column)
                } else {
                    ins.columns
                        .iter()
                        .any(|c| last_ident(c).eq_ignore_ascii_case(column))
                }
            };
            match always(def).find(|c| given(c)) {
                Some(c) => Err(refused(format!(
                    "cannot insert a non-DEFAULT value into column \"{c}\""
                ))),
                None => Ok(()),
            }
        }
        Statement::Update(u) => {
            let TableFactor::Table { name, .. } = &u.table.relation else {
                return Ok(());
            };
            let Some(def) = catalog.table(&last_ident(name)) else {
                return Ok(());
            };
            for a in &u.assignments {
                let AssignmentTarget::ColumnName(target) = &a.target else {
                    continue;
                };
                let target = last_ident(target);
                if let Some(c) = always(def).find(|c| c.eq_ignore_ascii_case(&target)) {
                    return Err(refused(format!(
                        "column \"{c}\" can only be updated to DEFAULT"
                    )));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The names of the table's `GENERATED ALWAYS` identity columns.
fn always(def: &TableDef) -> impl Iterator<Item = &str> {
    def.columns
        .iter()
        .filter(|c| c.generated_always)
        .map(|c| c.name.as_str())
}

fn refused(message: String) -> StepError {
    StepError {
        class: ErrorClass::Other,
        // generated_always
        native: "428C9".into(),
        message,
        pos: None,
        fixed_text: None,
    }
}
