//! The PostgreSQL front-end: SQLite already speaks most of PostgreSQL's queue SQL
//! (`ON CONFLICT`, `RETURNING`), so this plans statements with the shared rules only.

use super::catalog::Catalog;
use super::common::{plan_ddl, plan_other, unsupported};
use super::dml::{plan_delete, plan_query, plan_update};
use super::exprs::{last_ident, rewrite_all};
use super::plan::{CatalogChange, InsertMode, Plan, PlanKind};
use super::{ring_hint, Dialect};
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{OnConflictAction, OnInsert, SetExpr, Statement};

mod advisory;
mod alias_columns;
pub(in crate::dialect) mod arbiters;
pub mod array_values;
pub mod arrays;
mod as_text;
mod caret;
mod casts;
pub mod client;
pub(in crate::dialect) mod drops;
mod enum_values;
pub mod enums;
pub mod errors;
mod from_entries;
mod identity;
mod ilike;
mod init_plans;
pub mod int_values;
mod integers;
pub mod isolation;
pub mod json;
pub mod jsonb;
pub(in crate::dialect) mod literals;
mod lock_order;
pub mod lock_strength;
mod modifying_ctes;
pub mod names;
mod notify;
mod nulls_order;
mod operand_types;
pub mod prepared;
pub mod reserved;
mod returning_from;
mod row_estimates;
pub mod sequences;
pub mod series;
mod snapshot_reads;
mod table_locks;
mod time_casts;
mod timeouts;
mod unmodelled;
pub mod uuids;
mod write_pairs;
mod writes;
pub mod xmax;

pub use init_plans::param as init_param;

pub fn plan(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    if let Some(planned) = prepared::plan(stmt, catalog) {
        return planned;
    }
    let written = stmt;
    let mut plan = plan_rewritten(stmt, catalog)?;
    if !matches!(plan.kind, PlanKind::LockTable { .. }) {
        plan.table_locks = super::table_locks::of(Dialect::Postgres, written, &plan, catalog);
    }
    Ok(plan)
}

/// The plan of `stmt` after every rule of the dialect has rewritten it.
fn plan_rewritten(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    if let Some(planned) = super::schemas::create_schema(stmt, catalog) {
        return planned;
    }
    let mut stmt = stmt.duplicate();
    let resolved = super::schemas::resolve(Dialect::Postgres, &mut stmt, catalog)?;
    super::national::rewrite(Dialect::Postgres, &mut stmt)?;
    super::cte_names::refuse_self_named(Dialect::Postgres, &mut stmt, catalog)?;
    super::merged_joins::refuse(Dialect::Postgres, &mut stmt, catalog)?;
    returning_from::refuse(&mut stmt, catalog)?;
    super::returning_list::check(Dialect::Postgres, &stmt)?;
    super::order_names::rewrite(Dialect::Postgres, &mut stmt);
    super::fetch::as_limit(&mut stmt, Dialect::Postgres)?;
    super::quantified::as_in(Dialect::Postgres, &mut stmt)?;
    super::placeholders::refuse(Dialect::Postgres, &mut stmt)?;
    super::locks::refuse_unmodelled(&mut stmt, Dialect::Postgres)?;
    refuse_unmodelled(&mut stmt)?;
    let xmax_note = unmodelled::refuse(&mut stmt, catalog)?;
    if let Some(advisory) = advisory::plan(&mut stmt) {
        return advisory;
    }
    if let Some(notify) = notify::plan(&stmt) {
        return notify;
    }
    // As written: the rules below rewrite conditions the planner estimates.
    let reads = row_estimates::of(&mut stmt, catalog);
    identity::check(&stmt, catalog)?;
    super::grouping::postgres(&mut stmt, catalog)?;
    let (order_notes, heap_scan) = super::scan_order::postgres(&mut stmt, catalog)?;
    // One resolution of the statement's names, as written (before names::rewrite adds its
    // aliases), serves the result forms, the decimal rule and both integer rules.
    let columns = super::int_types::Columns::of(&mut stmt, catalog);
    from_entries::check(&mut stmt, &columns, catalog)?;
    operand_types::check(&mut stmt, &columns, catalog)?;
    // Before the result forms: a conversion in UTC is a cast, whose type they read.
    let zone_note = time_casts::zones(&mut stmt, &columns)?;
    let text_forms = super::text_forms::forms(Dialect::Postgres, &stmt, catalog, &columns)?;
    let literals_note = literals::rewrite(&mut stmt, catalog)?;
    let names_note = names::rewrite(&mut stmt);
    caret::rewrite(&mut stmt);
    // After the names: the result column keeps the header `substring` or `position`.
    let substring_note = super::substrings::rewrite(Dialect::Postgres, &mut stmt);
    // After the names: a jsonb constant keeps the header of the cast or call it was.
    let jsonb_note = jsonb::rewrite(&mut stmt, catalog)?;
    // Before the array rule (`id = ANY (...)` is refused over a uuid as written) and the
    // cast rule, which refuses a cast to uuid.
    let uuid_note = uuids::rewrite(&mut stmt, catalog)?;
    // After the names too (an array constant keeps the header of its cast or ARRAY), and
    // before the cast rule, which refuses casts to types it does not know.
    let array_note = array_values::rewrite(&mut stmt, catalog)?;
    // Before the cast rule, which refuses casts to types it does not know.
    let enum_note = enum_values::rewrite(&mut stmt, catalog)?;
    // Before the cast rule, which refuses a cast to interval (`'5 minutes'::interval` is
    // read here), and before the number rules (an interval's factor is a double).
    let interval_note = super::intervals::rewrite(Dialect::Postgres, &mut stmt, &columns)?;
    // After the interval rule (a timestamptz moved stays one), before the clock rule (which
    // writes now() and LOCALTIMESTAMP alike) and the cast rule.
    let as_text_note = as_text::rewrite(&mut stmt, &columns);
    let num_text_note = super::num_as_text::rewrite(Dialect::Postgres, &mut stmt, &columns);
    let clock_note = super::clock_parts::rewrite(Dialect::Postgres, &mut stmt)?;
    // Before the cast rule: it reads the casts to integer types, and their operands' types.
    let decimal_note = super::decimal_arith::round(Dialect::Postgres, &mut stmt, &columns)?;
    // After the interval rule (which moves a time cast to one), before the cast rule.
    let time_cast_note = time_casts::casts(&mut stmt, &columns)?;
    let mut integer_notes = integers::rewrite(&mut stmt, &columns);
    integer_notes.extend(super::int_writes::round(
        Dialect::Postgres,
        &mut stmt,
        catalog,
        &columns,
    ));
    let cast_notes = casts::rewrite(&mut stmt).map_err(|why| StepError {
        class: crate::trace::ErrorClass::Other,
        // feature_not_supported
        native: "0A000".into(),
        message: why,
        pos: None,
        fixed_text: None,
    })?;
    let series_note = series::rewrite(&mut stmt)?;
    let values_note = alias_columns::rewrite(&mut stmt)?;
    let nulls_note = nulls_order::rewrite(&mut stmt);
    let ilike_note = ilike::rewrite(&mut stmt);
    let division_note = super::division::guard(Dialect::Postgres, &mut stmt);
    let extremes_note = super::extremes::rewrite(Dialect::Postgres, &mut stmt);
    // Last: every rule before reads `nextval(...)` as the server's call (a bigint).
    let sequence_note = sequences::rewrite(&mut stmt, catalog)?;
    // Before any rule prints a part of the statement for SQLite.
    super::sqlite_names::quote(&mut stmt);
    let init_plans = init_plans::freeze(&mut stmt, catalog);
    super::scalar_rows::guard(&mut stmt);
    let length_note = super::lengths::rewrite(Dialect::Postgres, &mut stmt);
    let pairs = write_pairs::keep(&mut stmt, write_pairs::PAIRS);
    // A locking SELECT's own lock request reads the table it names `main.t`.
    let outer = usize::from(matches!(&stmt, Statement::Query(q) if !q.locks.is_empty()));
    let own_reads = snapshot_reads::qualify(&mut stmt);
    let mut plan = plan_statement(&stmt, catalog)?;
    if let Some(pick) = pairs {
        write_pairs::carry(&mut plan, pick);
    }
    snapshot_reads::carry(&mut plan, own_reads, outer);
    write_pairs::say_snapshot_pick(&mut plan);
    plan.text_forms = text_forms;
    plan.heap_scans.extend(heap_scan);
    lock_order::of(&stmt, &mut plan, catalog, &reads);
    if !init_plans.is_empty() {
        plan.notes.push(format!(
            "{} computed once before the first row, as PostgreSQL's InitPlan: a wait for a row lock keeps {}",
            init_plans.iter().map(|q| format!("({})", Sql(q))).collect::<Vec<_>>().join(", "),
            if init_plans.len() == 1 { "its value" } else { "their values" }
        ));
        plan.init_plans = (init_plans.iter())
            .map(|q| super::scalar_rows::guarded(q).map_or_else(|| q.to_sql(), |g| g.to_sql()))
            .collect();
    }
    plan.notes.extend(xmax_note);
    plan.notes.extend(names_note);
    plan.notes.extend(order_notes);
    plan.notes.extend(decimal_note);
    plan.notes.extend(integer_notes);
    plan.notes.extend(cast_notes);
    plan.notes.extend(series_note);
    plan.notes.extend(values_note);
    plan.notes.extend(nulls_note);
    plan.notes.extend(literals_note);
    plan.notes.extend(jsonb_note);
    plan.notes.extend(array_note);
    plan.notes.extend(enum_note);
    plan.notes.extend(uuid_note);
    plan.notes.extend(substring_note);
    plan.notes.extend(num_text_note);
    plan.notes.extend(ilike_note);
    plan.notes.extend(interval_note);
    plan.notes.extend(clock_note);
    plan.notes.extend(as_text_note);
    plan.notes.extend(division_note);
    plan.notes.extend(extremes_note);
    plan.notes.extend(sequence_note);
    plan.notes.extend(length_note);
    plan.notes.extend(zone_note);
    plan.notes.extend(time_cast_note);
    plan.notices.splice(0..0, resolved.notices);
    if let (
        PlanKind::Ddl {
            change: CatalogChange::Create(def),
        },
        Some(schema),
    ) = (&mut plan.kind, resolved.created_in)
    {
        def.schema = Some(schema);
    }
    Ok(plan)
}

/// What PostgreSQL does that the engine does not model, refused by name rather than run
/// differently: data-modifying statements in WITH, and SERIALIZABLE (which would run as
/// REPEATABLE READ, without the 40001 errors of serializable snapshot isolation).
fn refuse_unmodelled(stmt: &mut Statement) -> Result<(), StepError> {
    let mut dml_in_with = false;
    // The statement's own WITH may change rows (`modifying_ctes.rs`); one inside a subquery
    // may not.
    let mut top = matches!(stmt, Statement::Query(_));
    super::walk::queries(stmt, &mut |q| {
        if std::mem::take(&mut top) {
            return std::ops::ControlFlow::Continue(());
        }
        dml_in_with |= super::dml::modifying_with(q);
        std::ops::ControlFlow::Continue(())
    });
    if dml_in_with {
        return Err(super::common::unsupported_with(
            Dialect::Postgres,
            "INSERT, UPDATE or DELETE inside the WITH of a subquery",
            "put the data-modifying WITH at the head of the statement",
        ));
    }
    let serializable = match stmt {
        Statement::StartTransaction { modes, .. }
        | Statement::Set(sqlparser::ast::Set::SetTransaction { modes, .. }) => {
            modes.iter().any(|m| {
                matches!(
                    m,
                    sqlparser::ast::TransactionMode::IsolationLevel(
                        sqlparser::ast::TransactionIsolationLevel::Serializable
                    )
                )
            })
        }
        _ => false,
    };
    if serializable {
        return Err(super::common::unsupported_with(
            Dialect::Postgres,
            "ISOLATION LEVEL SERIALIZABLE",
            "serializable snapshot isolation (its 40001 errors for write skew) is not modelled yet, and running it as REPEATABLE READ would hide them; use REPEATABLE READ, or lock the rows you decide on (SELECT ... FOR UPDATE)",
        ));
    }
    Ok(())
}

fn plan_statement(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    match stmt {
        Statement::Query(q) if super::dml::modifying_with(q) => {
            modifying_ctes::plan(*q.duplicate(), catalog, &|main| {
                plan_statement(&main, catalog)
            })
        }
        Statement::Query(q) => Ok(plan_query(*q.duplicate())),
        Statement::Insert(ins) => {
            let mut ins = ins.duplicate();
            let note = super::arity::fit(Dialect::Postgres, &mut ins, catalog)?;
            let mut plan = plan_insert(ins, catalog)?;
            plan.notes.extend(note);
            Ok(plan)
        }
        Statement::Update(u) => Ok(plan_update(u.duplicate(), catalog)),
        Statement::Delete(d) => Ok(plan_delete(d.duplicate())),
        Statement::Lock(lock) => table_locks::plan_lock(lock, catalog),
        other => sequences::plan_ddl(other, catalog)
            .or_else(|| enums::plan_ddl(other, catalog))
            .or_else(|| drops::plan_ddl(other, catalog))
            .or_else(|| plan_ddl(other, catalog, Dialect::Postgres))
            .or_else(|| timeouts::plan(other))
            .or_else(|| plan_other(other, Dialect::Postgres))
            .unwrap_or_else(|| Err(unsupported(Dialect::Postgres, other))),
    }
}

/// An INSERT, with `ON CONFLICT` as SQLite has it (the SQL Server front-end uses it too: its
/// INSERT is the plain case).
pub fn plan_insert(mut ins: sqlparser::ast::Insert, catalog: &Catalog) -> Result<Plan, StepError> {
    let table = match &ins.table {
        sqlparser::ast::TableObject::TableName(n) => last_ident(n),
        other => other.to_sql(),
    };
    // Before the rewrites: the target's WHERE is read as the user wrote it, and SQLite is
    // given the inferred index's own (already SQLite's) after them.
    let inferred = match (&mut ins.on, catalog.table(&table)) {
        (Some(OnInsert::OnConflict(oc)), Some(def)) => arbiters::infer(oc, def)?,
        _ => arbiters::Inferred::default(),
    };
    let mut notes = rewrite_all(&mut ins);
    notes.extend(inferred.note);
    let alias = ins.table_alias.as_ref().map(|a| a.alias.value.clone());
    super::dml::unqualify_returning(&table, alias.as_deref(), &mut ins.returning);
    let (lock_reads, lock_notes) = super::locks::lock_requests(&mut ins, 0);
    notes.extend(lock_notes);
    if ins.on.is_some() {
        notes.extend(super::dml::add_where_true(&mut ins));
    }
    let ring = ring_hint::detect(&ins, &table, catalog.table(&table), &mut notes);
    let mode = match &ins.on {
        Some(OnInsert::OnConflict(oc)) => match oc.action {
            OnConflictAction::DoNothing => InsertMode::Ignore,
            OnConflictAction::DoUpdate(_) => InsertMode::Upsert,
        },
        _ => InsertMode::Plain,
    };
    let multi_row_source = !matches!(
        ins.source.as_ref().map(|q| q.body.as_ref()),
        Some(SetExpr::Values(v)) if v.rows.len() == 1
    );
    if let Some(OnInsert::OnConflict(oc)) = &mut ins.on {
        arbiters::give_sqlite(oc, inferred.sqlite_where);
    }
    let mut plan = Plan::new(
        PlanKind::Insert {
            table,
            mode,
            multi_row_source,
            columns: ins.columns.iter().map(last_ident).collect(),
            source_query: ins.source.as_ref().map(|q| q.to_sql()),
            stash_sql: super::dml::stash_sql(&ins),
            arbiters: inferred.keys,
        },
        vec![Statement::Insert(ins).to_sql()],
    );
    plan.notes = notes;
    plan.ring = ring;
    plan.lock_reads = lock_reads;
    Ok(plan)
}
