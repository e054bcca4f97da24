//! PostgreSQL's `LOCK TABLE`: the tables it names in the mode it asks, for the engine's
//! table locks (`engine::table_locks`; the locks every statement takes are
//! `dialect::table_locks`).

use super::super::catalog::Catalog;
use super::super::exprs::last_ident;
use super::super::plan::{Plan, PlanKind};
use crate::ids::TableLockMode;
use crate::trace::StepError;
use sqlparser::ast::{Lock, LockTableMode};

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
        crate::join::join(&locks.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ", "),
        mode.label()
    ));
    plan.table_locks = locks.into_iter().map(|(t, m)| (t.into(), m)).collect();
    Ok(plan)
}
