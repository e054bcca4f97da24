//! `CREATE [UNIQUE] INDEX` in PostgreSQL and MySQL (SQL Server's is planned in `mssql/`).
//!
//! A unique index is a key like any other: the catalog gets it, so that duplicate keys are
//! found, waited for and named as the server does. MySQL's other indexes are access paths
//! InnoDB locks through (`mysql/access.rs`, `mysql/filesort.rs`), so the catalog gets them
//! too. PostgreSQL's other indexes change nothing a statement returns, locks or waits for
//! (its row locks are on rows, not index entries): such an index is accepted and noted, and
//! only its name is kept, since PostgreSQL's tables, sequences and indexes share the names of
//! a schema (42P07; an unnamed index is numbered past the names taken, `jobs_state_idx1`).
//! `CREATE INDEX CONCURRENTLY` is refused by name: its weaker lock and its waits for older
//! transactions are not modelled.
//! A partial unique index (PostgreSQL's `CREATE UNIQUE INDEX ... WHERE`) is a key whose
//! predicate the engine's key checks evaluate on both rows (`partial.rs`). What the catalog
//! cannot hold, a unique index on an expression, is refused by name: SQLite would enforce
//! it, but the engine's own key checks would not know it, and a waiter would miss an
//! uncommitted duplicate.

pub(super) mod partial;

use super::catalog::{Catalog, KeyDef, TableDef};
use super::common::unsupported_with;
use super::ddl::rebuild;
use super::exprs::last_ident;
use super::plan::{CatalogChange, IndexNaming, Plan, PlanKind};
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{CreateIndex, Expr};

pub fn plan(ci: &CreateIndex, catalog: &Catalog, dialect: Dialect) -> Result<Plan, StepError> {
    let table = last_ident(&ci.table_name);
    let Some(old) = catalog.table(&table) else {
        return Err(match dialect {
            Dialect::MySql => {
                StepError::other("1146", format!("Table 'test.{table}' doesn't exist"))
            }
            _ => StepError::other("42P01", format!("relation \"{table}\" does not exist")),
        });
    };
    let columns: Option<Vec<String>> = ci
        .columns
        .iter()
        .map(|c| match &c.column.expr {
            Expr::Identifier(i) => Some(i.value.clone()),
            _ => None,
        })
        .collect();
    if ci.concurrently {
        return Err(unsupported_with(
            dialect,
            "CREATE INDEX CONCURRENTLY",
            "its lock (SHARE UPDATE EXCLUSIVE, which lets writers in) and its waits for older transactions are not modelled; CREATE INDEX takes SHARE, for which writers wait",
        ));
    }
    let pg_named = (dialect == Dialect::Postgres).then(|| pg_name(ci, old, catalog));
    if let Some(name) = &pg_named {
        if catalog.relation_taken(name, old.schema.as_deref()) {
            return taken(name, ci.if_not_exists);
        }
        if !ci.unique {
            let naming = match (ci.if_not_exists, &ci.name) {
                (true, _) => IndexNaming::IfNotExists,
                (false, Some(_)) => IndexNaming::Given,
                (false, None) => IndexNaming::Chosen,
            };
            return Ok(other_index(name.clone(), old, naming, ci));
        }
    }
    let Some(columns) = columns else {
        return Err(unsupported_with(
            dialect,
            "an index on an expression",
            "the engine checks keys on columns only; index a column (a generated value stored in its own column, if need be)",
        ));
    };
    if ci.nulls_distinct == Some(false) {
        return Err(unsupported_with(
            dialect,
            "a unique index NULLS NOT DISTINCT",
            "the engine's unique keys let NULLs repeat; keep NULL out of the key (NOT NULL, or COALESCE into a column of its own)",
        ));
    }
    let predicate =
        match &ci.predicate {
            None => None,
            Some(p) if dialect == Dialect::Postgres => Some(partial::predicate(p, old)?),
            Some(_) => return Err(unsupported_with(
                dialect,
                "an index with WHERE",
                "MariaDB has no partial indexes (the server answers 1064); index the whole column",
            )),
        };
    if let Some(missing) = columns.iter().find(|c| old.column(c).is_none()) {
        return Err(match dialect {
            Dialect::MySql => StepError::other(
                "1072",
                format!("Key column '{missing}' doesn't exist in table"),
            ),
            _ => StepError::other("42703", format!("column \"{missing}\" does not exist")),
        });
    }
    let name = pg_named.unwrap_or_else(|| {
        ci.name
            .as_ref()
            .map(last_ident)
            .unwrap_or_else(|| format!("{table}_{}_idx", columns.join("_")))
    });
    if dialect == Dialect::MySql && key_named(old, &name) {
        if ci.if_not_exists {
            let mut plan = Plan::new(PlanKind::Noop, Vec::new());
            plan.notes
                .push(format!("{name} exists already: IF NOT EXISTS skips it"));
            return Ok(plan);
        }
        return Err(StepError::other(
            "1061",
            format!("Duplicate key name '{name}'"),
        ));
    }
    let mut new = old.clone();
    let key = KeyDef {
        name: name.clone(),
        columns: columns.clone(),
        predicate: predicate.clone(),
        by_index: true,
    };
    let what = if let Some(p) = &predicate {
        new.uniques.push(key);
        format!("a partial unique key: only rows where {p} must differ on it")
    } else if ci.unique {
        new.uniques.push(key);
        "a unique key".to_string()
    } else {
        new.indexes.push(key);
        "an index InnoDB reads (and locks) through".to_string()
    };
    let mut plan = Plan::new(
        PlanKind::Ddl {
            change: CatalogChange::Replace(new.clone()),
        },
        rebuild(old, &new),
    );
    plan.notes.push(format!(
        "{name} on {table} ({}) is {what}; SQLite gets it by a rebuild of the table with every row kept",
        columns.join(", ")
    ));
    Ok(plan)
}

/// PostgreSQL's name for the index: the one given, or the table's and columns' names and
/// `idx`, numbered from 1 past the names taken (`jobs_state_idx1`).
fn pg_name(ci: &CreateIndex, table: &TableDef, catalog: &Catalog) -> String {
    if let Some(n) = &ci.name {
        return last_ident(n);
    }
    let mut base = table.name.clone();
    for c in &ci.columns {
        base.push('_');
        base.push_str(&match &c.column.expr {
            Expr::Identifier(i) => i.value.clone(),
            Expr::Function(f) => last_ident(&f.name).to_ascii_lowercase(),
            _ => "expr".into(),
        });
    }
    base.push_str("_idx");
    let mut name = base.clone();
    let mut n = 0;
    while catalog.relation_taken(&name, table.schema.as_deref()) {
        n += 1;
        name = format!("{base}{n}");
    }
    name
}

/// A relation of the name a CREATE INDEX or CREATE SEQUENCE gives exists: PostgreSQL's
/// 42P07, or its notice with IF NOT EXISTS (a plan that does nothing).
pub(in crate::dialect) fn taken(name: &str, if_not_exists: bool) -> Result<Plan, StepError> {
    if !if_not_exists {
        return Err(StepError::other(
            "42P07",
            format!("relation \"{name}\" already exists"),
        ));
    }
    let mut plan = Plan::new(PlanKind::Noop, Vec::new());
    plan.notices.push(exists_notice(name));
    Ok(plan)
}

/// PostgreSQL's notice for an IF NOT EXISTS whose relation exists.
pub fn exists_notice(name: &str) -> String {
    format!("NOTICE:  relation \"{name}\" already exists, skipping")
}

/// PostgreSQL's index that is not unique: its name is kept, and the columns it names, through
/// which the planner may read the table (a read of them is then in no order the lab models).
fn other_index(name: String, table: &TableDef, naming: IndexNaming, ci: &CreateIndex) -> Plan {
    let note = format!(
        "{name}: PostgreSQL's row locks are on rows, not index entries, so an index that is not unique changes no lock or wait here; the planner may read rows through it"
    );
    // A key of an expression (`lower(kind)`) serves no bound on the column itself.
    let leading: Vec<String> = match ci.columns.first().map(|c| &c.column.expr) {
        Some(Expr::Identifier(i)) => vec![i.value.clone()],
        _ => Vec::new(),
    };
    let mut predicate = Vec::new();
    if let Some(p) = &ci.predicate {
        super::scan_order::names(p, &mut predicate);
    }
    let def = super::catalog::PgIndex {
        name,
        schema: table.schema.clone(),
        table: table.name.clone(),
        leading,
        predicate,
    };
    Plan::catalog_only(CatalogChange::PgIndex(def, naming), note)
}

fn key_named(def: &TableDef, name: &str) -> bool {
    def.unique_keys()
        .chain(def.indexes.iter())
        .any(|k| k.name.eq_ignore_ascii_case(name))
}
