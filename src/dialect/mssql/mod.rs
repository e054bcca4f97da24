//! The SQL Server front-end for SQL statements; the procedural T-SQL around them is read and
//! run by `tsql/`, inside this front-end. sqlparser reads T-SQL's hints, TOP, OUTPUT and CTE
//! targets; the rules here turn them into SQLite plus the engine's lock requests, one small
//! file per rule.

use super::catalog::Catalog;
use super::common::{plan_ddl, plan_other, unsupported};
use super::dml::{plan_delete, plan_query, plan_update};
use super::plan::{Plan, PlanKind};
use super::Dialect;
use crate::sql::Duplicate;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::Statement;

mod casts;
pub mod client;
pub mod cte;
mod dates;
pub mod errors;
pub mod functions;
pub mod hints;
pub mod names;
pub mod output;
mod result_names;
pub mod tokens;
pub mod tsql;

pub fn plan(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    let mut stmt = stmt.duplicate();
    let mut notes: Vec<String> = Vec::new();
    notes.extend(names::strip_schema(&mut stmt));
    super::national::rewrite(Dialect::MsSql, &mut stmt)?;
    notes.extend(functions::rewrite(&mut stmt));
    notes.extend(super::substrings::rewrite(Dialect::MsSql, &mut stmt));
    super::quantified::as_in(Dialect::MsSql, &mut stmt)?;
    let columns = super::int_types::Columns::of(&mut stmt, catalog);
    casts::rewrite(&mut stmt, &columns)?;
    dates::rewrite(&mut stmt, &columns)?;
    super::walk::check_exprs(&mut stmt, &like_classes)?;
    if let Statement::Query(q) = &stmt {
        if let Some(dml) = cte::inline_target(q)? {
            notes.push(
                "the CTE the statement goes through is inlined: its query chooses the rows by rowid"
                    .into(),
            );
            stmt = dml;
        }
    }
    notes.extend(cte::choose_target_rows(&mut stmt)?);
    notes.extend(cte::top_to_limit(&mut stmt));
    let hinted = hints::rewrite(&mut stmt, catalog.read_committed_snapshot)?;
    notes.extend(hinted.notes);
    super::locks::refuse_unmodelled(&mut stmt, Dialect::MsSql)?;
    let (output_note, output_into) = output::rewrite(&mut stmt)?;
    notes.extend(output_note);
    super::returning_list::check(Dialect::MsSql, &stmt)?;
    result_names::rewrite(&mut stmt)?;
    notes.extend(super::division::guard(Dialect::MsSql, &mut stmt));
    notes.extend(super::extremes::rewrite(Dialect::MsSql, &mut stmt));
    super::scalar_rows::guard(&mut stmt);
    super::sqlite_names::quote(&mut stmt);
    let mut plan = plan_statement(&stmt, catalog)?;
    plan.dirty_read = hinted.dirty_read;
    plan.join_reads = hinted.join_reads;
    (plan.join_reads).extend(hints::update_from_reads(
        &stmt,
        catalog.read_committed_snapshot,
    ));
    plan.output_into = output_into;
    notes.append(&mut plan.notes);
    plan.notes = notes;
    Ok(plan)
}

/// SQL Server's LIKE reads `[abc]` and `[^a-c]` as one character of a set; SQLite's reads
/// `[` as itself, so such a pattern is refused by name rather than matched otherwise.
fn like_classes(e: &sqlparser::ast::Expr) -> Result<(), StepError> {
    use sqlparser::ast::{Expr, Value};
    if let Expr::Like { pattern, .. } = e {
        if let Expr::Value(v) = pattern.as_ref() {
            if matches!(&v.value, Value::SingleQuotedString(p) | Value::NationalStringLiteral(p) if p.contains('['))
            {
                return Err(super::common::unsupported_with(
                    Dialect::MsSql,
                    "a LIKE pattern with [...]",
                    "SQL Server's character sets in LIKE are not modelled; match the characters one by one (LIKE 'a%' OR LIKE 'b%')",
                ));
            }
        }
    }
    Ok(())
}

fn plan_statement(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    match stmt {
        Statement::Query(q) => Ok(plan_query(*q.duplicate())),
        Statement::Insert(ins) => {
            let mut ins = ins.duplicate();
            let notes = super::arity::fit(Dialect::MsSql, &mut ins, catalog)?;
            let mut plan = super::postgres::plan_insert(ins, catalog)?;
            plan.notes.extend(notes);
            Ok(plan)
        }
        Statement::Update(u) => Ok(plan_update(u.duplicate(), catalog)),
        Statement::Delete(d) => Ok(plan_delete(d.duplicate())),
        Statement::CreateIndex(ci) => Ok(create_index(ci)),
        other => plan_ddl(other, catalog, Dialect::MsSql)
            .or_else(|| plan_other(other, Dialect::MsSql))
            .unwrap_or_else(|| Err(unsupported(Dialect::MsSql, other))),
    }
}

/// CREATE INDEX: SQLite has partial indexes (`WHERE`) but no `INCLUDE` columns.
fn create_index(ci: &sqlparser::ast::CreateIndex) -> Plan {
    let mut ci = ci.duplicate();
    let mut notes = Vec::new();
    if !ci.include.is_empty() {
        notes.push(format!(
            "INCLUDE ({}) dropped: a covering column only saves SQL Server a lookup",
            ci.include
                .iter()
                .map(|i| i.to_sql())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        ci.include.clear();
    }
    if ci.predicate.is_some() {
        notes.push("a filtered index is a SQLite partial index (CREATE INDEX ... WHERE)".into());
    }
    let mut plan = Plan::new(
        PlanKind::Ddl {
            change: super::plan::CatalogChange::None,
        },
        vec![Statement::CreateIndex(ci).to_sql()],
    );
    plan.notes = notes;
    plan
}

/// A T-SQL construct the simulator does not model, with what to use instead.
fn refuse(message: &str) -> StepError {
    StepError {
        class: crate::trace::ErrorClass::Other,
        native: "unsupported".into(),
        message: message.to_string(),
        pos: None,
        fixed_text: None,
    }
}
