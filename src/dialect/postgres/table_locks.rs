//! The table-level locks a PostgreSQL statement takes before it reads anything
//! (`Plan::table_locks`; the engine's `table_locks.rs` grants them and keeps them to the end
//! of the transaction): ACCESS SHARE on every table it reads, ROW SHARE on those a locking
//! clause locks, ROW EXCLUSIVE on those it writes, SHARE for CREATE INDEX, ACCESS EXCLUSIVE
//! for TRUNCATE, DROP TABLE and ALTER TABLE; and `LOCK TABLE`'s own.

use super::super::catalog::Catalog;
use super::super::exprs::last_ident;
use super::super::plan::{Plan, PlanKind};
use crate::ids::TableLockMode;
use crate::trace::StepError;
use queuelab_sql::Duplicate;
use sqlparser::ast::{Lock, LockTableMode, ObjectType, SetExpr, Statement};
use std::ops::ControlFlow;

/// The locks `stmt` (as written) takes, given its `plan`, strongest per table, in the order
/// the tables first appear.
pub fn of(stmt: &Statement, plan: &Plan, catalog: &Catalog) -> Vec<(String, TableLockMode)> {
    let mut out: Vec<(String, TableLockMode)> = Vec::new();
    let mut take = |table: &str, mode: TableLockMode| {
        let table = table.to_ascii_lowercase();
        if catalog.table(&table).is_none() {
            return;
        }
        match out.iter_mut().find(|(t, _)| *t == table) {
            Some((_, m)) => *m = (*m).max(mode),
            None => out.push((table, mode)),
        }
    };
    match stmt {
        Statement::Truncate(t) => {
            for target in &t.table_names {
                take(&last_ident(&target.name), TableLockMode::AccessExclusive);
            }
            return out;
        }
        Statement::Drop {
            object_type: ObjectType::Table,
            names,
            ..
        } => {
            for name in names {
                take(&last_ident(name), TableLockMode::AccessExclusive);
            }
            return out;
        }
        Statement::AlterTable(a) => {
            take(&last_ident(&a.name), TableLockMode::AccessExclusive);
            return out;
        }
        Statement::CreateIndex(i) => {
            take(&last_ident(&i.table_name), TableLockMode::Share);
            return out;
        }
        Statement::Query(_)
        | Statement::Insert(_)
        | Statement::Update(_)
        | Statement::Delete(_) => {}
        _ => return out,
    }
    let mut copy = stmt.duplicate();
    super::super::walk::relations(&mut copy, &mut |name| {
        take(&last_ident(name), TableLockMode::AccessShare);
        ControlFlow::Continue(())
    });
    for read in &plan.lock_reads {
        take(&read.table, TableLockMode::RowShare);
    }
    match &plan.kind {
        PlanKind::Insert { table, .. }
        | PlanKind::Update { table }
        | PlanKind::Delete { table, .. } => take(table, TableLockMode::RowExclusive),
        _ => {}
    }
    // The writes of a data-modifying WITH.
    super::super::walk::queries(&mut copy, &mut |q| {
        let target = match q.body.as_ref() {
            SetExpr::Insert(s) | SetExpr::Update(s) | SetExpr::Delete(s) => written_table(s),
            _ => None,
        };
        if let Some(t) = target {
            take(&t, TableLockMode::RowExclusive);
        }
        ControlFlow::Continue(())
    });
    out
}

/// The table an INSERT, UPDATE or DELETE writes.
fn written_table(stmt: &Statement) -> Option<String> {
    match stmt {
        Statement::Insert(i) => match &i.table {
            sqlparser::ast::TableObject::TableName(n) => Some(last_ident(n)),
            _ => None,
        },
        Statement::Update(u) => match &u.table.relation {
            sqlparser::ast::TableFactor::Table { name, .. } => Some(last_ident(name)),
            _ => None,
        },
        Statement::Delete(d) => {
            let tables = match &d.from {
                sqlparser::ast::FromTable::WithFromKeyword(t)
                | sqlparser::ast::FromTable::WithoutKeyword(t) => t,
            };
            match &tables.first()?.relation {
                sqlparser::ast::TableFactor::Table { name, .. } => Some(last_ident(name)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `LOCK TABLE`: each table named (42P01 for one that does not exist), in the mode asked
/// (ACCESS EXCLUSIVE when none is).
pub fn plan_lock(lock: &Lock, catalog: &Catalog) -> Result<Plan, StepError> {
    let mode = match &lock.lock_mode {
        None | Some(LockTableMode::AccessExclusive) => TableLockMode::AccessExclusive,
        Some(LockTableMode::AccessShare) => TableLockMode::AccessShare,
        Some(LockTableMode::RowShare) => TableLockMode::RowShare,
        Some(LockTableMode::RowExclusive) => TableLockMode::RowExclusive,
        Some(LockTableMode::ShareUpdateExclusive) => TableLockMode::ShareUpdateExclusive,
        Some(LockTableMode::Share) => TableLockMode::Share,
        Some(LockTableMode::ShareRowExclusive) => TableLockMode::ShareRowExclusive,
        Some(LockTableMode::Exclusive) => TableLockMode::Exclusive,
    };
    let mut locks = Vec::new();
    for target in &lock.tables {
        let name = last_ident(&target.name).to_ascii_lowercase();
        if catalog.table(&name).is_none() {
            return Err(StepError::other(
                "42P01",
                format!("relation \"{name}\" does not exist"),
            ));
        }
        locks.push((name, mode));
    }
    let mut plan = Plan::new(
        PlanKind::LockTable {
            nowait: lock.nowait,
        },
        Vec::new(),
    );
    plan.notes.push(format!(
        "{} locked in {} mode until the transaction ends: others wait for any mode that conflicts with it",
        locks.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>().join(", "),
        mode.label()
    ));
    plan.table_locks = locks.into_iter().map(|(t, m)| (t.into(), m)).collect();
    Ok(plan)
}
