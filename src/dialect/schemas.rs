//! Rule: a table named with its schema (PostgreSQL's `public.jobs`, `pgmq.q_tasks`) or its
//! database (MariaDB's `test.jobs`) is the table of that name in that schema. MariaDB has one
//! database, `test`; PostgreSQL has `public` and the schemas `CREATE SCHEMA` made
//! (`create_schema`; pgmq keeps its queues in `pgmq`). The search path is `public` alone, the
//! server's default: a table of another schema is found only when named with it. A schema or
//! database that does not exist fails the statement as the server fails it: PostgreSQL
//! answers 3F000 for DDL (`schema "pgmq" does not exist`) and 42P01 for the rest, MariaDB
//! 1049 for CREATE TABLE, 1051 for DROP TABLE and 1146 for the rest. `DROP TABLE IF EXISTS`
//! skips such a name with PostgreSQL's notice.
//!
//! The catalog and SQLite know a table by its name alone (the server's messages name it so
//! too: `relation "q_tasks"`), its schema kept beside it (`TableDef::schema`); so two tables
//! of one name in two schemas, which the server allows, are refused by name.
//! A column may be named with its table's schema too (`public.jobs.id`), and PostgreSQL's
//! built-in functions with theirs (`pg_catalog.now()`).
//! SQL Server's `dbo.` is in `mssql/names.rs`.

use super::catalog::Catalog;
use super::plan::{CatalogChange, Plan, PlanKind};
use super::walk;
use super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{
    ColumnOption, Expr, ObjectName, ObjectNamePart, ObjectType, Statement, TableConstraint,
};
use std::ops::ControlFlow;

/// What resolving a statement's names found beside the names themselves.
#[derive(Default)]
pub struct Resolved {
    /// The notices of the names a `DROP TABLE IF EXISTS` skipped.
    pub notices: Vec<String>,
    /// The schema a PostgreSQL CREATE TABLE puts its table in, when not `public`.
    pub created_in: Option<String>,
}

/// Takes the schema off every table name of `stmt`; what else that found, or the server's
/// error for a name in a schema the catalog does not hold, or of a table not in its schema.
pub fn resolve(
    dialect: Dialect,
    stmt: &mut Statement,
    catalog: &Catalog,
) -> Result<Resolved, StepError> {
    let own = match dialect {
        Dialect::Postgres => "public",
        Dialect::MySql => "test",
        Dialect::MsSql => return Ok(Resolved::default()),
    };
    let ddl = matches!(
        stmt,
        Statement::CreateTable(_)
            | Statement::AlterTable(_)
            | Statement::CreateIndex(_)
            | Statement::Drop { .. }
            | Statement::Truncate(_)
            | Statement::Lock(_)
    );
    let mut names = Names {
        dialect,
        own,
        catalog,
        making: None,
        ctes: super::cte_names::of(stmt),
    };
    if dialect == Dialect::Postgres {
        outside_tables(stmt, catalog)?;
    }
    let mut out = Resolved::default();
    match stmt {
        Statement::CreateTable(ct) => {
            // The name keeps its schema for the walk below, which takes it off.
            out.created_in = names.created(&mut ct.name.duplicate())?;
            // A table may refer to itself, which the catalog does not hold yet.
            names.making = Some((
                super::exprs::last_ident(&ct.name).to_ascii_lowercase(),
                out.created_in.clone(),
            ));
            for parent in parents(ct) {
                names.used(parent, true)?;
            }
        }
        Statement::Drop {
            object_type: ObjectType::Table,
            names: dropped,
            if_exists,
            ..
        } => out.notices = names.dropped(dropped, *if_exists)?,
        _ => {}
    }
    let mut failed = None;
    walk::relations(stmt, &mut |name| match names.used(name, ddl) {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    qualified_exprs(&names, stmt);
    Ok(out)
}

/// PostgreSQL's `CREATE SCHEMA [IF NOT EXISTS] name`: a schema in the catalog, for tables to
/// be created in. `None` for other statements.
pub fn create_schema(stmt: &Statement, catalog: &Catalog) -> Option<Result<Plan, StepError>> {
    if !matches!(stmt, Statement::CreateSchema { .. }) {
        return None;
    }
    // The parser builds no other form (AUTHORIZATION and the rest are refused by name there).
    let Some((name, if_not_exists)) = crate::sql::plain_create_schema(stmt) else {
        return Some(Err(super::common::unsupported_with(
            Dialect::Postgres,
            "This form of CREATE SCHEMA",
            "write CREATE SCHEMA [IF NOT EXISTS] name",
        )));
    };
    let name = super::exprs::last_ident(name).to_ascii_lowercase();
    // The server's own schemas exist from the start.
    let builtin = ["public", "pg_catalog", "information_schema"].contains(&name.as_str());
    if builtin || catalog.has_schema(&name) {
        if if_not_exists {
            let mut plan = Plan::new(PlanKind::Noop, Vec::new());
            plan.notices.push(format!(
                "NOTICE:  schema \"{name}\" already exists, skipping"
            ));
            return Some(Ok(plan));
        }
        return Some(Err(StepError::other(
            "42P06",
            format!("schema \"{name}\" already exists"),
        )));
    }
    let note = format!(
        "schema {name}: its tables are named {name}.table, and only so (the search path is public); SQLite keeps each by its name alone"
    );
    Some(Ok(Plan::catalog_only(CatalogChange::Schema(name), note)))
}

/// PostgreSQL's sequences and enum types are the lab's in `public` only: one named in a
/// schema `CREATE SCHEMA` made is refused by name, in a schema that does not exist it fails
/// as on the server (3F000).
fn outside_tables(stmt: &Statement, catalog: &Catalog) -> Result<(), StepError> {
    let (names, what, creates): (Vec<&ObjectName>, _, _) = match stmt {
        Statement::CreateSequence { name, .. } => (vec![name], "sequence", true),
        Statement::CreateType { name, .. } => (vec![name], "type", true),
        Statement::Drop {
            object_type: ObjectType::Sequence,
            names,
            ..
        } => (names.iter().collect(), "sequence", false),
        Statement::Drop {
            object_type: ObjectType::Type,
            names,
            ..
        } => (names.iter().collect(), "type", false),
        _ => return Ok(()),
    };
    for name in names {
        let [schema, _] = name.0.as_slice() else {
            continue;
        };
        let schema = schema
            .as_ident()
            .map_or_else(String::new, |i| i.value.to_ascii_lowercase());
        if schema == "public" {
            continue;
        }
        if creates && !catalog.has_schema(&schema) {
            return Err(missing_schema(&schema));
        }
        return Err(super::common::unsupported_with(
            Dialect::Postgres,
            &format!("A {what} named with the schema {schema}"),
            &format!("the lab keeps sequences and types in public: name the {what} alone"),
        ));
    }
    Ok(())
}

/// The catalog's tables and schemas, as a statement's names find them.
struct Names<'a> {
    dialect: Dialect,
    /// The lab's own schema (`public`) or database (`test`).
    own: &'a str,
    catalog: &'a Catalog,
    /// The table a CREATE TABLE makes (lower-cased) and its schema: its foreign keys may
    /// refer to it.
    making: Option<(String, Option<String>)>,
    ctes: Vec<String>,
}

/// Where a table is: `None` no such table, `Some(None)` in the lab's own schema,
/// `Some(Some(s))` in the schema `s` (lower-cased).
type Place = Option<Option<String>>;

impl Names<'_> {
    fn place(&self, table: &str) -> Place {
        let table = table.to_ascii_lowercase();
        if let Some((made, schema)) = &self.making {
            if *made == table {
                return Some(schema.clone());
            }
        }
        self.catalog
            .table(&table)
            .map(|t| t.schema.as_ref().map(|s| s.to_ascii_lowercase()))
    }

    /// How a name is qualified; `own.` and a schema the catalog holds taken off it.
    fn split(&self, name: &mut ObjectName) -> Split {
        let text = |p: &ObjectNamePart| p.as_ident().map_or_else(String::new, |i| i.value.clone());
        match name.0.as_slice() {
            [t] => Split::Plain(text(t)),
            [] => Split::Plain(String::new()),
            [schema, table] if text(schema) == self.own => {
                let table = text(table);
                name.0.remove(0);
                Split::Own(table)
            }
            [schema, table]
                if self.dialect == Dialect::Postgres && self.catalog.has_schema(&text(schema)) =>
            {
                let (schema, table) = (text(schema).to_ascii_lowercase(), text(table));
                name.0.remove(0);
                Split::Placed(schema, table)
            }
            [schema, table] => Split::Other(text(schema), text(table)),
            _ => Split::Long,
        }
    }

    /// The schema a CREATE TABLE makes its table in (`None`: the lab's own); another schema
    /// or database does not exist.
    fn created(&self, name: &mut ObjectName) -> Result<Option<String>, StepError> {
        let (schema, table) = match self.split(name) {
            Split::Plain(t) | Split::Own(t) => (None, t),
            Split::Placed(s, t) => (Some(s), t),
            Split::Other(schema, _) => {
                return Err(match self.dialect {
                    Dialect::MySql => {
                        StepError::other("1049", format!("Unknown database '{schema}'"))
                    }
                    _ => missing_schema(&schema),
                })
            }
            Split::Long => return Err(long_name(self.dialect)),
        };
        match self.place(&table) {
            Some(there) if there != schema => Err(two_schemas(&table, &schema, &there)),
            _ => Ok(schema),
        }
    }

    /// The names a DROP TABLE drops; a name in another schema is skipped with a notice
    /// when IF EXISTS, else the statement fails.
    fn dropped(
        &self,
        names: &mut Vec<ObjectName>,
        if_exists: bool,
    ) -> Result<Vec<String>, StepError> {
        let mut notices = Vec::new();
        let mut kept = Vec::new();
        for mut name in std::mem::take(names) {
            let (schema, table) = match self.split(&mut name) {
                Split::Plain(t) | Split::Own(t) => (None, t),
                Split::Placed(s, t) => (Some(s), t),
                Split::Other(schema, _) if if_exists && self.dialect == Dialect::Postgres => {
                    notices.push(format!(
                        "NOTICE:  schema \"{schema}\" does not exist, skipping"
                    ));
                    continue;
                }
                // MariaDB's is a note, which the lab's client does not print.
                Split::Other(..) if if_exists => continue,
                Split::Other(schema, table) => {
                    return Err(match self.dialect {
                        Dialect::MySql => {
                            StepError::other("1051", format!("Unknown table '{schema}.{table}'"))
                        }
                        _ => missing_schema(&schema),
                    })
                }
                Split::Long => return Err(long_name(self.dialect)),
            };
            match self.place(&table) {
                // A table of that name in another schema is not this one: the server names
                // the missing table alone.
                Some(there) if there != schema => {
                    if !if_exists {
                        return Err(StepError::other(
                            "42P01",
                            format!("table \"{table}\" does not exist"),
                        ));
                    }
                    notices.push(format!(
                        "NOTICE:  table \"{table}\" does not exist, skipping"
                    ));
                }
                _ => kept.push(name),
            }
        }
        *names = kept;
        Ok(notices)
    }

    /// A table the statement reads, changes or refers to. It must be in the schema named,
    /// or in the search path's (`public`) when none is; PostgreSQL's DDL says that a missing
    /// schema is missing, the rest that the relation is, as written.
    fn used(&self, name: &mut ObjectName, ddl: bool) -> Result<(), StepError> {
        let postgres = self.dialect == Dialect::Postgres;
        let (schema, table) = match self.split(name) {
            Split::Plain(t) => {
                let cte = self.ctes.contains(&t.to_ascii_lowercase());
                if !postgres || cte || !matches!(self.place(&t), Some(Some(_))) {
                    return Ok(());
                }
                return Err(StepError::other(
                    "42P01",
                    format!("relation \"{t}\" does not exist"),
                ));
            }
            Split::Own(t) => {
                if !postgres || self.place(&t) == Some(None) {
                    return Ok(());
                }
                (self.own.to_string(), t)
            }
            Split::Placed(s, t) => {
                if self.place(&t) == Some(Some(s.clone())) {
                    return Ok(());
                }
                (s, t)
            }
            Split::Other(schema, _) if ddl && postgres => return Err(missing_schema(&schema)),
            Split::Other(schema, table) => (schema, table),
            Split::Long => return Err(long_name(self.dialect)),
        };
        Err(match self.dialect {
            Dialect::MySql => {
                StepError::other("1146", format!("Table '{schema}.{table}' doesn't exist"))
            }
            _ => StepError::other(
                "42P01",
                format!("relation \"{schema}.{table}\" does not exist"),
            ),
        })
    }
}

/// Two tables of one name in two schemas: the server keeps them apart, the lab (which knows
/// a table by its name alone) does not.
fn two_schemas(table: &str, schema: &Option<String>, there: &Option<String>) -> StepError {
    let named = |s: &Option<String>| format!("{}.{table}", s.as_deref().unwrap_or("public"));
    super::common::unsupported_with(
        Dialect::Postgres,
        &format!(
            "A table {} beside the table {}",
            named(schema),
            named(there)
        ),
        "the lab knows a table by its name alone: give the tables different names",
    )
}

/// Columns named with the table's schema (`public.jobs.id`, `pgmq.q_tasks.vt`) lose it, and
/// PostgreSQL's built-in functions theirs (`pg_catalog.now()`).
fn qualified_exprs(names: &Names, stmt: &mut Statement) {
    let (dialect, own) = (names.dialect, names.own);
    walk::exprs(stmt, &mut |e| {
        match e {
            // `public.jobs.id`: the column of the table the statement reads as `jobs`.
            Expr::CompoundIdentifier(parts) if parts.len() == 3 && parts[0].value == own => {
                parts.remove(0);
            }
            // `pgmq.q_tasks.vt`, when the table is in that schema.
            Expr::CompoundIdentifier(parts)
                if parts.len() == 3
                    && dialect == Dialect::Postgres
                    && names.place(&parts[1].value)
                        == Some(Some(parts[0].value.to_ascii_lowercase())) =>
            {
                parts.remove(0);
            }
            // PostgreSQL's built-in functions are in `pg_catalog`. (A function of another
            // schema is left as written: SQLite cannot read it, and it is refused.)
            Expr::Function(f) if dialect == Dialect::Postgres => {
                if matches!(f.name.0.as_slice(), [s, _] if s.as_ident().is_some_and(|s| s.value == "pg_catalog"))
                {
                    f.name.0.remove(0);
                }
            }
            _ => {}
        }
        ControlFlow::<()>::Continue(())
    });
}

fn missing_schema(schema: &str) -> StepError {
    StepError::other("3F000", format!("schema \"{schema}\" does not exist"))
}

/// `db.schema.table`: the lab has one database, which has no name of its own to match.
fn long_name(dialect: Dialect) -> StepError {
    super::common::unsupported_with(
        dialect,
        "a table name with a database and a schema",
        "the lab has one database; name the table alone, or with its schema (public.jobs)",
    )
}

/// The parent tables of a CREATE TABLE's foreign keys.
fn parents(ct: &mut sqlparser::ast::CreateTable) -> Vec<&mut ObjectName> {
    let mut out = Vec::new();
    for c in &mut ct.constraints {
        if let TableConstraint::ForeignKey(fk) = c {
            out.push(&mut fk.foreign_table);
        }
    }
    for column in &mut ct.columns {
        for option in &mut column.options {
            if let ColumnOption::ForeignKey(fk) = &mut option.option {
                out.push(&mut fk.foreign_table);
            }
        }
    }
    out
}

/// How a name is qualified.
enum Split {
    /// One part: the table alone.
    Plain(String),
    /// `own.table`, now `table`.
    Own(String),
    /// PostgreSQL's `schema.table` of a schema `CREATE SCHEMA` made (lower-cased), now
    /// `table`.
    Placed(String, String),
    /// Another schema or database, and the table.
    Other(String, String),
    /// Three parts or more.
    Long,
}
