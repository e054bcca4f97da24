//! Rule: a table named with its schema (PostgreSQL's `public.jobs`) or its database
//! (MariaDB's `test.jobs`) is the table of that name. The lab has one schema, `public`, and
//! one database, `test`, so any other schema or database does not exist, and the statement
//! fails as the server fails it: PostgreSQL answers 3F000 for DDL (`schema "pgmq" does not
//! exist`) and 42P01 for the rest, MariaDB 1049 for CREATE TABLE, 1051 for DROP TABLE and
//! 1146 for the rest. `DROP TABLE IF EXISTS` skips such a name with PostgreSQL's notice.
//! Before, the schema was dropped when a table was created and kept when it was used, so
//! `CREATE TABLE pgmq.q` made `q` and `INSERT INTO pgmq.q` found no table. A column may be
//! named with its table's schema too (`public.jobs.id`), and PostgreSQL's built-in functions
//! with theirs (`pg_catalog.now()`).
//! SQL Server's `dbo.` is in `mssql/names.rs`.

use super::catalog::Catalog;
use super::walk;
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{
    ColumnOption, Expr, ObjectName, ObjectNamePart, ObjectType, Statement, TableConstraint,
};
use std::ops::ControlFlow;

/// Takes the lab's own schema off every table name of `stmt`; the notices of the names a
/// `DROP TABLE IF EXISTS` skipped, or the server's error for a name in another schema.
pub fn resolve(
    dialect: Dialect,
    stmt: &mut Statement,
    catalog: &Catalog,
) -> Result<Vec<String>, StepError> {
    let own = match dialect {
        Dialect::Postgres => "public",
        Dialect::MySql => "test",
        Dialect::MsSql => return Ok(Vec::new()),
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
    let mut notices = Vec::new();
    match stmt {
        Statement::CreateTable(ct) => {
            created(dialect, own, &mut ct.name)?;
            let this = super::exprs::last_ident(&ct.name);
            // A table may refer to itself, which the catalog does not hold yet.
            let exists = |t: &str| t == this || catalog.table(t).is_some();
            for parent in parents(ct) {
                used(dialect, own, parent, (true, &exists))?;
            }
        }
        Statement::Drop {
            object_type: ObjectType::Table,
            names,
            if_exists,
            ..
        } => notices = dropped(dialect, own, names, *if_exists)?,
        _ => {}
    }
    let mut failed = None;
    let exists = |t: &str| catalog.table(t).is_some();
    walk::relations(
        stmt,
        &mut |name| match used(dialect, own, name, (ddl, &exists)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    qualified_exprs(dialect, own, stmt);
    Ok(notices)
}

/// Columns named with the table's schema (`public.jobs.id`) lose it, and PostgreSQL's
/// built-in functions theirs (`pg_catalog.now()`).
fn qualified_exprs(dialect: Dialect, own: &str, stmt: &mut Statement) {
    walk::exprs(stmt, &mut |e| {
        match e {
            // `public.jobs.id`: the column of the table the statement reads as `jobs`.
            Expr::CompoundIdentifier(parts) if parts.len() == 3 && parts[0].value == own => {
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

/// The name a CREATE TABLE gives: another schema or database does not exist.
fn created(dialect: Dialect, own: &str, name: &mut ObjectName) -> Result<(), StepError> {
    match split(name, own) {
        Split::Plain | Split::Own => Ok(()),
        Split::Other(schema, _) => Err(match dialect {
            Dialect::MySql => StepError::other("1049", format!("Unknown database '{schema}'")),
            _ => missing_schema(&schema),
        }),
        Split::Long => Err(long_name(dialect)),
    }
}

/// The names a DROP TABLE drops; those of another schema are skipped with a notice when
/// IF EXISTS, else the statement fails.
fn dropped(
    dialect: Dialect,
    own: &str,
    names: &mut Vec<ObjectName>,
    if_exists: bool,
) -> Result<Vec<String>, StepError> {
    let mut notices = Vec::new();
    let mut kept = Vec::new();
    for mut name in std::mem::take(names) {
        match split(&mut name, own) {
            Split::Plain | Split::Own => kept.push(name),
            Split::Other(schema, _) if if_exists && dialect == Dialect::Postgres => notices.push(
                format!("NOTICE:  schema \"{schema}\" does not exist, skipping"),
            ),
            // MariaDB's is a note, which the lab's client does not print.
            Split::Other(..) if if_exists => {}
            Split::Other(schema, table) => {
                return Err(match dialect {
                    Dialect::MySql => {
                        StepError::other("1051", format!("Unknown table '{schema}.{table}'"))
                    }
                    _ => missing_schema(&schema),
                })
            }
            Split::Long => return Err(long_name(dialect)),
        }
    }
    *names = kept;
    Ok(notices)
}

/// A table the statement reads, changes or refers to. In another schema it does not exist
/// (PostgreSQL's DDL says the schema is missing, the rest the relation); in PostgreSQL's own
/// schema it must exist too, and the error names it as written.
fn used(
    dialect: Dialect,
    own: &str,
    name: &mut ObjectName,
    (ddl, exists): (bool, &dyn Fn(&str) -> bool),
) -> Result<(), StepError> {
    let (schema, table) = match split(name, own) {
        Split::Plain => return Ok(()),
        Split::Own => {
            let table = super::exprs::last_ident(name);
            if dialect != Dialect::Postgres || exists(&table) {
                return Ok(());
            }
            (own.to_string(), table)
        }
        Split::Other(schema, _) if ddl && dialect == Dialect::Postgres => {
            return Err(missing_schema(&schema))
        }
        Split::Other(schema, table) => (schema, table),
        Split::Long => return Err(long_name(dialect)),
    };
    Err(match dialect {
        Dialect::MySql => {
            StepError::other("1146", format!("Table '{schema}.{table}' doesn't exist"))
        }
        _ => StepError::other(
            "42P01",
            format!("relation \"{schema}.{table}\" does not exist"),
        ),
    })
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
    Plain,
    /// `own.table`, now `table`.
    Own,
    /// Another schema or database, and the table.
    Other(String, String),
    /// Three parts or more.
    Long,
}

/// Takes `own.` off `name`.
fn split(name: &mut ObjectName, own: &str) -> Split {
    let text = |p: &ObjectNamePart| p.as_ident().map_or_else(String::new, |i| i.value.clone());
    match name.0.as_slice() {
        [_] | [] => Split::Plain,
        [schema, _] if text(schema) == own => {
            name.0.remove(0);
            Split::Own
        }
        [schema, table] => Split::Other(text(schema), text(table)),
        _ => Split::Long,
    }
}
