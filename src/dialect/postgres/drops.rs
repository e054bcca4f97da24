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

/// DROP TABLE of a name that is an index or a sequence: PostgreSQL's 42809 comes with a
/// hint line the lab does not print, so it is refused by name.
pub fn not_a_table(names: &[ObjectName], catalog: &Catalog) -> Option<StepError> {
    let name = names.iter().find(|n| {
        // Through `as_ident`: a part's `Display` would bring sqlparser's printer into the
        // browser download (78 KB gzip).
        let schema = n.0.iter().rev().nth(1).and_then(|p| p.as_ident());
        let schema = schema.map(|i| i.value.to_ascii_lowercase());
        let table = last_ident(n);
        catalog.table(&table).is_none() && catalog.relation_taken(&table, schema.as_deref())
    })?;
    Some(not_a("table", &last_ident(name)))
}

/// DROP TABLE or DROP SEQUENCE of a relation of another kind.
fn not_a(kind: &str, name: &str) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        &format!(
            "DROP {} of {name}, which is not a {kind},",
            kind.to_ascii_uppercase()
        ),
        "PostgreSQL answers 42809 with a hint the lab does not print",
    )
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
            None if kind == "sequence" && catalog.relation_taken(&name, None) => {
                return Err(not_a(kind, &name));
            }
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
