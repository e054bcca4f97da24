//! PostgreSQL's enum types: `CREATE TYPE job_state AS ENUM ('available', 'running', ...)`,
//! which Oban, River and pg-boss keep a job's state in, and `DROP TYPE`. A column of such a
//! type admits its labels only, spelled exactly (`'Running'` and `' running'` are the
//! server's 22P02), and orders by the labels' declared order, not as text. The engine keeps
//! the label's text (SQLite TEXT affinity, so a label `'1'` stays text); `enum_values.rs`
//! checks the statements that use the type.

use super::super::catalog::{Catalog, TableDef};
use super::super::common::unsupported_with;
use super::super::exprs::last_ident;
use super::super::plan::{CatalogChange, Plan};
use super::super::types::Admits;
use super::super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{ObjectName, Statement, UserDefinedTypeRepresentation};

/// One enum type: its name (lower case, as PostgreSQL folds an unquoted one) and labels in
/// their declared order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumDef {
    pub name: String,
    pub labels: Vec<String>,
}

/// The longest label PostgreSQL keeps, in bytes (NAMEDATALEN - 1).
const MAX_LABEL_BYTES: usize = 63;

impl EnumDef {
    /// The label's place in the declared order; the server's 22P02 for a text that is none.
    pub fn position(&self, text: &str) -> Result<usize, StepError> {
        self.labels
            .iter()
            .position(|l| l == text)
            .ok_or_else(|| self.misfit(text))
    }

    /// The server's error for `text` read as a value of this type.
    pub fn misfit(&self, text: &str) -> StepError {
        StepError::other(
            "22P02",
            format!("invalid input value for enum {}: \"{text}\"", self.name),
        )
    }
}

/// CREATE TYPE ... AS ENUM; `None` for other statements (DROP TYPE is `drops.rs`'s).
pub fn plan_ddl(stmt: &Statement, catalog: &Catalog) -> Option<Result<Plan, StepError>> {
    match stmt {
        Statement::CreateType {
            name,
            representation: Some(UserDefinedTypeRepresentation::Enum { labels }),
        } => Some(create(
            name,
            labels.iter().map(|l| l.value.clone()).collect(),
            catalog,
        )),
        _ => None,
    }
}

fn create(name: &ObjectName, labels: Vec<String>, catalog: &Catalog) -> Result<Plan, StepError> {
    let name = last_ident(name).to_ascii_lowercase();
    // A table brings a row type of its own name.
    if catalog.enum_type(&name).is_some() || catalog.table(&name).is_some() {
        return Err(StepError::other(
            "42710",
            format!("type \"{name}\" already exists"),
        ));
    }
    if let Some(long) = labels.iter().find(|l| l.len() > MAX_LABEL_BYTES) {
        return Err(StepError::other(
            "42602",
            format!("invalid enum label \"{long}\""),
        ));
    }
    if labels
        .iter()
        .enumerate()
        .any(|(i, l)| labels[..i].contains(l))
    {
        return Err(StepError {
            class: crate::trace::ErrorClass::UniqueViolation,
            ..StepError::other(
                "23505",
                "duplicate key value violates unique constraint \"pg_enum_typid_label_index\""
                    .into(),
            )
        });
    }
    let note = format!(
        "enum {name}: kept as the label's text, ordered as declared ({})",
        labels.join(" < ")
    );
    let def = EnumDef { name, labels };
    Ok(Plan::catalog_only(CatalogChange::EnumType(def), note))
}

pub(super) const DROP: super::drops::Kind = super::drops::Kind {
    name: "type",
    missing_code: "42704",
    users: "the tables whose columns use the type",
    change: CatalogChange::DropTypes,
    in_use,
};

/// Whether the enum type exists (`None` if not) and a column still uses it.
fn in_use(catalog: &Catalog, name: &str) -> Option<bool> {
    catalog.enum_type(name)?;
    let columns = catalog.tables().flat_map(|t| &t.columns);
    Some(
        columns
            .into_iter()
            .any(|c| matches!(&c.admits, Admits::Enum(e) if e.name == name)),
    )
}

/// Gives the columns of `def` declared with an enum type of the catalog that type, and
/// checks their defaults as the server does at CREATE TABLE.
pub fn resolve(def: &mut TableDef, catalog: &Catalog) -> Result<(), StepError> {
    for c in def.columns.iter_mut() {
        if c.admits != Admits::Anything {
            continue;
        }
        let Some(e) = catalog.enum_type(&c.sql_type) else {
            continue;
        };
        if let Some(d) = c.default.as_mut() {
            *d = default_label(d, e)?;
        }
        c.admits = Admits::Enum(e.clone());
    }
    Ok(())
}

/// A column default of enum type `e`: a label in quotes (or NULL), kept as written.
fn default_label(default: &str, e: &EnumDef) -> Result<String, StepError> {
    let mut parsed = super::super::exprs::parse_sqlite_expr(default);
    while let Some(sqlparser::ast::Expr::Nested(inner)) = parsed {
        parsed = Some(*inner);
    }
    let value = match parsed {
        Some(sqlparser::ast::Expr::Value(v)) => Some(v.value),
        _ => None,
    };
    match value {
        Some(sqlparser::ast::Value::SingleQuotedString(label)) => {
            e.position(&label).map(|_| default.into())
        }
        Some(sqlparser::ast::Value::Null) => Ok(default.into()),
        _ => Err(unsupported_with(
            Dialect::Postgres,
            &format!("The default {default} of an enum column"),
            "write one of the labels in quotes: DEFAULT 'label'",
        )),
    }
}

/// Refuses a column declared with a type the lab does not model: a name no enum of the
/// catalog, no serial and no type sqlparser reads has (SQLite would take any name and keep
/// what is written as it comes, where the server has a type of its own or answers 42704,
/// `type "x" does not exist`, as after `DROP TYPE`), and the built-in types the server keeps
/// in a form of its own: an interval (`'5 minutes'` is `00:05:00`), a bytea (`'ab'` is
/// `\x6162`).
pub fn known_types<'c>(
    columns: impl Iterator<Item = &'c sqlparser::ast::ColumnDef>,
    catalog: &Catalog,
) -> Result<(), StepError> {
    use sqlparser::ast::DataType;
    for c in columns {
        if let Some(Err(elem)) = super::arrays::Elem::of(&c.data_type) {
            return Err(unsupported_with(
                Dialect::Postgres,
                &format!("The column type {elem}[] (column {})", c.name.value),
                "Queue Lab models one-dimensional arrays of text, varchar(n), smallint, integer, bigint and jsonb; use jsonb for a list of other values",
            ));
        }
        let name = match &c.data_type {
            DataType::Custom(name, _) => last_ident(name).to_ascii_lowercase(),
            DataType::Interval { .. } => "interval".into(),
            DataType::Bytea => "bytea".into(),
            _ => continue,
        };
        if name.ends_with("serial") || catalog.enum_type(&name).is_some() {
            continue;
        }
        return Err(unsupported_with(
            Dialect::Postgres,
            &format!("The column type {name} (column {})", c.name.value),
            "Queue Lab models the number, text, boolean, timestamp, date, json and uuid types and the enum types a CREATE TYPE ... AS ENUM declared (the server keeps an interval or a bytea in a form of its own, and answers 42704 for a type it does not have); use text",
        ));
    }
    Ok(())
}
