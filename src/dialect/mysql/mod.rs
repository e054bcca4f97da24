//! The MySQL / MariaDB front-end: plans each parsed statement for SQLite. One rewrite rule per
//! file; this file only dispatches.

pub mod access;
mod assignments;
pub mod auto_increment;
mod casts;
pub mod client;
pub mod collation;
pub mod consistent_snapshot;
mod derived_strings;
mod dual;
mod end_read;
pub mod errors;
pub mod filesort;
mod gaps;
pub mod impossible;
pub mod last_insert_id;
mod locking_reads;
pub mod mod_operator;
mod operators;
pub mod reserved;
pub mod result_names;
pub mod returning;
pub mod row_count;
pub mod session_transaction;
pub mod share_mode;
pub mod text_numbers;
mod time_literals;
mod time_text;
pub mod timestampdiff;
pub mod unix_time;
pub mod unsigned;
pub(in crate::dialect) mod unsupported;
pub mod upsert;
pub mod variables;

use super::catalog::Catalog;
use super::common::{plan_ddl, plan_other, unsupported};
use super::dml::{
    add_on_update_now, add_where_true, on_update_note, plan_delete_sorting, plan_query_sorting,
    plan_update_sorting,
};
use super::exprs::{last_ident, rewrite_all};
use super::plan::{InsertMode, Plan, PlanKind};
use super::{ring_hint, Dialect};
use crate::sql::Duplicate;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{Insert, SetExpr, SqliteOnConflict, Statement};

pub fn plan(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    let mut plan = plan_rewritten(stmt, catalog)?;
    plan.table_locks = super::table_locks::of(Dialect::MySql, stmt, &plan, catalog);
    Ok(plan)
}

/// The plan of `stmt` after every rule of the dialect has rewritten it.
fn plan_rewritten(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    let mut stmt = stmt.duplicate();
    dual::drop_dual(&mut stmt);
    // MariaDB's note for a table of another database that DROP ... IF EXISTS skips is not
    // printed by the lab's client.
    super::schemas::resolve(Dialect::MySql, &mut stmt, catalog)?;
    super::cte_names::refuse_self_named(Dialect::MySql, &mut stmt, catalog)?;
    super::merged_joins::refuse(Dialect::MySql, &mut stmt, catalog)?;
    super::placeholders::refuse(Dialect::MySql, &mut stmt)?;
    variables::refuse_unmodelled(&mut stmt)?;
    super::fetch::as_limit(&mut stmt, Dialect::MySql)?;
    unsupported::refuse(&mut stmt)?;
    super::returning_list::check(Dialect::MySql, &stmt)?;
    super::order_names::rewrite(Dialect::MySql, &mut stmt);
    casts::refuse_unmodelled(&mut stmt)?;
    super::locks::refuse_unmodelled(&mut stmt, Dialect::MySql)?;
    super::grouping::mariadb(&mut stmt, catalog)?;
    // Before every rule that rewrites an expression a header names.
    result_names::rewrite(&mut stmt, catalog)?;
    super::national::rewrite(Dialect::MySql, &mut stmt)?;
    super::quantified::as_in(Dialect::MySql, &mut stmt)?;
    let timestampdiff_note = timestampdiff::rewrite(&mut stmt)?;
    // After the names, before the collation rule (which makes `instr` case-blind).
    let substring_note = super::substrings::rewrite(Dialect::MySql, &mut stmt);
    // One resolution of the statement's names, as written, serves every rule that types.
    let columns = super::int_types::Columns::of(&mut stmt, catalog);
    let time_note = time_literals::rewrite(&mut stmt, catalog, &columns)?;
    let unix_note = unix_time::rewrite(&mut stmt, &columns)?;
    let text_forms = super::text_forms::forms(Dialect::MySql, &stmt, catalog, &columns)?;
    // Before the operators: it reads `<=>`.
    text_numbers::refuse(&mut stmt, &columns)?;
    // First: later rules write SQLite's `||` themselves.
    let operators_note = operators::rewrite(&mut stmt);
    let mut collation_note = collation::rewrite(&mut stmt, &columns);
    if derived_strings::rewrite(&mut stmt, &columns) {
        collation_note.get_or_insert_with(String::new).push_str(
            "; a string a function makes groups, sorts and is DISTINCT ignoring case: COLLATE ql_case_blind",
        );
    }
    let last_id_note = last_insert_id::rewrite(&mut stmt);
    let row_count_note = row_count::rewrite(&mut stmt);
    let division_note = super::division::guard(Dialect::MySql, &mut stmt);
    let quotient_note = super::division::mysql_quotients(&mut stmt)?;
    let extremes_note = super::extremes::rewrite(Dialect::MySql, &mut stmt);
    let interval_note = super::intervals::rewrite(Dialect::MySql, &mut stmt, &columns)?;
    let clock_note = super::clock_parts::rewrite(Dialect::MySql, &mut stmt)?;
    // Before the decimal rule, which wraps operations it computes (this one's are integers).
    let unsigned_note = unsigned::rewrite(&mut stmt, &columns)?;
    let num_text_note = super::num_as_text::rewrite(Dialect::MySql, &mut stmt, &columns);
    let decimal_note = super::decimal_arith::round(Dialect::MySql, &mut stmt, &columns)?;
    let round_note = super::int_writes::round(Dialect::MySql, &mut stmt, catalog, &columns);
    let length_note = super::lengths::rewrite(Dialect::MySql, &mut stmt);
    let ties_note = filesort::ties_note(&mut stmt, catalog);
    let order_note = super::scan_order::mariadb(&mut stmt, catalog)?;
    super::scalar_rows::guard(&mut stmt);
    super::sqlite_names::quote(&mut stmt);
    let mut plan = plan_statement(&stmt, catalog)?;
    // A SERIALIZABLE-only read (a plain SELECT's) would say it of every plain SELECT.
    let may_scan = |r: &super::locks::LockRead| r.gaps.as_ref().is_some_and(|g| g.may_scan_table);
    if (plan.lock_reads.iter()).any(|r| may_scan(r) && !r.serializable_only) {
        plan.notes.push(access::MAY_SCAN_TABLE.into());
    }
    plan.text_forms = text_forms;
    plan.notes.extend(time_note);
    plan.notes.extend(timestampdiff_note);
    plan.notes.extend(unix_note);
    plan.notes.extend(decimal_note);
    plan.notes.extend(round_note);
    plan.notes.extend(interval_note);
    plan.notes.extend(clock_note);
    plan.notes.extend(operators_note);
    plan.notes.extend(collation_note);
    plan.notes.extend(last_id_note);
    plan.notes.extend(row_count_note);
    plan.notes.extend(extremes_note);
    plan.notes.extend(division_note);
    plan.notes.extend(quotient_note);
    plan.notes.extend(length_note);
    plan.notes.extend(unsigned_note);
    plan.notes.extend(order_note);
    plan.notes.extend(ties_note);
    plan.notes.extend(num_text_note);
    plan.notes.extend(substring_note);
    Ok(plan)
}

fn plan_statement(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    let sorts = &|x: &sqlparser::ast::Query| filesort::filesort(x, catalog);
    match stmt {
        Statement::Query(q) => {
            let mut q = *q.duplicate();
            let assign = variables::take_into(&mut q)?;
            let shared = access::of_select(&q, catalog, 0);
            let mut plan = plan_query_sorting(q, sorts);
            locking_reads::attach_scans(stmt, catalog, &mut plan.lock_reads, sorts);
            if plan.kind == PlanKind::Query && plan.lock_reads.is_empty() {
                plan.lock_reads.extend(shared);
            }
            plan.assign = assign;
            Ok(plan)
        }
        Statement::Insert(ins) => plan_insert(ins.duplicate(), catalog),
        Statement::Update(u) if u.returning.is_some() => Err(super::common::unsupported_with(
            Dialect::MySql,
            "UPDATE ... RETURNING",
            "MariaDB has RETURNING on DELETE, INSERT and REPLACE only (the server answers 1064); lock the row with SELECT ... FOR UPDATE, then UPDATE it",
        )),
        Statement::Update(_) | Statement::Delete(_) => plan_write(stmt, catalog, sorts),
        other => plan_ddl(other, catalog, Dialect::MySql)
            .or_else(|| variables::plan_set(other, catalog))
            .or_else(|| plan_other(other, Dialect::MySql))
            .unwrap_or_else(|| Err(unsupported(Dialect::MySql, other))),
    }
}

/// An UPDATE or DELETE: shared locks for its plain subqueries, InnoDB's scan for each of its
/// locking reads, and the write scan of its own access path, which reads the statement as it
/// runs (after its subqueries).
fn plan_write(
    stmt: &Statement,
    catalog: &Catalog,
    sorts: locking_reads::Sorts<'_>,
) -> Result<Plan, StepError> {
    let (stmt, added) = locking_reads::shared_subqueries(stmt, catalog);
    let mut plan = match &stmt {
        Statement::Update(u) => {
            let mut ordered = u.duplicate();
            let note = assignments::left_to_right(&mut ordered)?;
            let mut plan = plan_update_sorting(ordered, catalog, sorts);
            plan.notes.extend(note);
            plan
        }
        Statement::Delete(d) => {
            let mut plan = plan_delete_sorting(d.duplicate(), sorts);
            plan.no_result_set_if = impossible::probe(d);
            plan
        }
        other => return Err(unsupported(Dialect::MySql, other)),
    };
    if added {
        plan.notes.push("a subquery of an UPDATE or DELETE reads with shared locks, as MariaDB's does (one of another table at REPEATABLE READ only)".into());
    }
    locking_reads::attach_scans(&stmt, catalog, &mut plan.lock_reads, sorts);
    let id = plan.lock_reads.len();
    match locking_reads::as_run(&stmt, sorts) {
        Statement::Update(run) => plan.lock_reads.extend(access::of_update(&run, catalog, id)),
        Statement::Delete(run) => plan.lock_reads.extend(access::of_delete(&run, catalog, id)),
        _ => {}
    }
    Ok(plan)
}

fn plan_insert(mut ins: Insert, catalog: &Catalog) -> Result<Plan, StepError> {
    values_from_set(&mut ins);
    let fit_notes = super::arity::fit(Dialect::MySql, &mut ins, catalog)?;
    let table = match &ins.table {
        sqlparser::ast::TableObject::TableName(n) => last_ident(n),
        other => other.to_sql(),
    };
    let def = catalog.table(&table);
    let auto_ids = auto_increment::classify(&mut ins, def)?;
    let mut notes = fit_notes;
    notes.extend(rewrite_all(&mut ins));
    let (shared, added) = locking_reads::shared_subqueries(&Statement::Insert(ins), catalog);
    let Statement::Insert(mut ins) = shared else {
        return Err(unsupported(Dialect::MySql, &shared));
    };
    let written = Statement::Insert(ins.duplicate());
    let (mut lock_reads, lock_notes) = super::locks::lock_requests(&mut ins, 0);
    notes.extend(lock_notes);
    if added {
        notes.push("a subquery of an INSERT ... SELECT reads with shared locks at REPEATABLE READ, as MariaDB's does".into());
    }
    locking_reads::attach_scans(&written, catalog, &mut lock_reads, &|_| false);
    let keyed = ins
        .source
        .as_deref()
        .and_then(|q| access::of_insert_source(q, catalog, lock_reads.len()));
    match keyed {
        Some(read) => lock_reads.push(read),
        None => {
            let id = lock_reads.len();
            let end_read = ins.source.as_deref();
            match end_read.and_then(|q| end_read::of_insert_source(q, catalog, id)) {
                Some(read) => lock_reads.push(read),
                None => {
                    for t in source_tables(&ins) {
                        lock_reads.push(super::locks::source_scan(lock_reads.len(), &t));
                    }
                }
            }
        }
    }
    let ring = ring_hint::detect(&ins, &table, def, &mut notes);
    if ins.insert_alias.is_some() {
        return Err(super::common::unsupported_with(
            Dialect::MySql,
            "INSERT ... AS alias ON DUPLICATE KEY UPDATE",
            "write VALUES(col) for the new value instead of alias.col",
        ));
    }
    let multi_row_source = is_multi_row(&ins);
    let columns = ins.columns.iter().map(last_ident).collect();
    let source_query = ins.source.as_ref().map(|q| q.to_sql());
    let mode = if ins.replace_into {
        notes.push("REPLACE runs as SQLite's REPLACE: every row clashing on a unique key is deleted, then the new row inserted".into());
        InsertMode::Replace
    } else if ins.ignore {
        ins.ignore = false;
        ins.or = Some(SqliteOnConflict::Ignore);
        notes.push(
            "INSERT IGNORE becomes INSERT OR IGNORE: rows with a duplicate key are skipped".into(),
        );
        InsertMode::Ignore
    } else if upsert::to_on_conflict(&mut ins.on) {
        notes.push("ON DUPLICATE KEY UPDATE becomes ON CONFLICT DO UPDATE (any unique key), VALUES(c) becomes excluded.c".into());
        if let Some(assignments) = upsert::assignments_mut(&mut ins.on) {
            notes.extend(assignments::in_order(assignments)?);
        }
        if let (Some(def), Some(assignments)) = (def, upsert::assignments_mut(&mut ins.on)) {
            if add_on_update_now(def, assignments) {
                notes.push(on_update_note(def));
            }
        }
        notes.extend(add_where_true(&mut ins));
        InsertMode::Upsert
    } else {
        InsertMode::Plain
    };
    let mut plan = Plan::new(
        PlanKind::Insert {
            table,
            mode,
            multi_row_source,
            columns,
            source_query,
            stash_sql: super::dml::stash_sql(&ins),
            arbiters: None,
        },
        vec![Statement::Insert(ins).to_sql()],
    );
    plan.notes = notes;
    plan.ring = ring;
    plan.lock_reads = lock_reads;
    plan.auto_ids = auto_ids;
    Ok(plan)
}

/// `INSERT ... SELECT` or VALUES with several rows.
fn is_multi_row(ins: &Insert) -> bool {
    match ins.source.as_ref().map(|q| q.body.as_ref()) {
        Some(SetExpr::Values(v)) => v.rows.len() > 1,
        Some(_) => true,
        None => false,
    }
}

/// The tables an `INSERT ... SELECT` reads (plain names in its FROM).
fn source_tables(ins: &Insert) -> Vec<String> {
    let Some(SetExpr::Select(select)) = ins.source.as_ref().map(|q| q.body.as_ref()) else {
        return Vec::new();
    };
    super::walk::factors(&select.from)
        .filter_map(|r| match r {
            sqlparser::ast::TableFactor::Table {
                name, args: None, ..
            } => Some(last_ident(name)),
            _ => None,
        })
        .collect()
}

/// MySQL's `INSERT INTO t SET a = 1, b = 2` as the VALUES form SQLite takes.
fn values_from_set(ins: &mut Insert) {
    if ins.assignments.is_empty() || ins.source.is_some() {
        return;
    }
    // A query the engine composes, to be filled with the user's values.
    let Ok(mut q) = crate::sql::Parser::from_sql(crate::sql::Flavor::MySql, "VALUES (1)")
        .and_then(|mut p| p.parse_query())
    else {
        return;
    };
    let mut row = Vec::new();
    for a in std::mem::take(&mut ins.assignments) {
        if let sqlparser::ast::AssignmentTarget::ColumnName(name) = a.target {
            ins.columns.push(name);
            row.push(a.value);
        }
    }
    if let SetExpr::Values(v) = q.body.as_mut() {
        if let Some(first) = v.rows.first_mut() {
            first.content = row;
        }
    }
    ins.source = Some(q);
}
