//! `DROP SEQUENCE` and `DROP TYPE` of several names, as PostgreSQL answers each: a missing
//! one is an error (a NOTICE with IF EXISTS, and the others are dropped), one that a column
//! still uses is 2BP01, and nothing is dropped unless every name passes.

use super::super::catalog::Catalog;
use super::super::common::unsupported_with;
use super::super::exprs::last_ident;
use super::super::plan::{CatalogChange, Plan, PlanKind};
use super::super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{ObjectName, ObjectType, Statement};

/// DROP SEQUENCE and DROP TYPE; `None` for other statements.
pub fn plan_ddl(stmt: &Statement, catalog: &Catalog) -> Option<Result<Plan, StepError>> {
    let Statement::Drop {
        object_type,
        if_exists,
        names,
        cascade,
        ..
    } = stmt
    else {
        return None;
    };
    let kind = match object_type {
        ObjectType::Sequence => &super::sequences::DROP,
        ObjectType::Type => &super::enums::DROP,
        _ => return None,
    };
    Some(plan(kind, names, (*if_exists, *cascade), catalog))
}

/// What is dropped: the kind of object (`sequence`, `type`), the server's error for a
/// missing one, and what may use one (for the refusal of CASCADE).
pub struct Kind {
    pub name: &'static str,
    pub missing_code: &'static str,
    pub users: &'static str,
    pub change: fn(Vec<String>) -> CatalogChange,
    /// Whether one of that name exists (`None` if not) and is still in use.
    pub in_use: fn(&Catalog, &str) -> Option<bool>,
}

/// The plan dropping `names` of objects of `kind`, as the catalog has them. CASCADE is
/// refused by name.
fn plan(
    kind: &Kind,
    names: &[ObjectName],
    (if_exists, cascade): (bool, bool),
    catalog: &Catalog,
) -> Result<Plan, StepError> {
    let Kind {
        name: kind,
        missing_code,
        users,
        change,
        in_use,
    } = *kind;
    if cascade {
        return Err(unsupported_with(
            Dialect::Postgres,
            &format!("DROP {} ... CASCADE", kind.to_ascii_uppercase()),
            &format!("drop {users} first"),
        ));
    }
    let mut dropped = Vec::new();
    let mut notices = Vec::new();
    for name in names {
        let name = last_ident(name).to_ascii_lowercase();
        match in_use(catalog, &name) {
            None if if_exists => {
                notices.push(format!(
                    "NOTICE:  {kind} \"{name}\" does not exist, skipping"
                ));
            }
            None => {
                return Err(StepError::other(
                    missing_code,
                    format!("{kind} \"{name}\" does not exist"),
                ))
            }
            Some(true) => {
                return Err(StepError::other(
                    "2BP01",
                    format!("cannot drop {kind} {name} because other objects depend on it"),
                ))
            }
            Some(false) => dropped.push(name),
        }
    }
    let kind = if dropped.is_empty() {
        PlanKind::Noop
    } else {
        PlanKind::Ddl {
            change: change(dropped),
        }
    };
    let mut plan = Plan::new(kind, Vec::new());
    plan.notices = notices;
    Ok(plan)
}
