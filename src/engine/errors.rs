//! SQLite's errors, told the way the vendor's server would tell them.

use super::store::{Store, StoreError};
use crate::dialect::catalog::Catalog;
use crate::dialect::{Dialect, PlanKind};
use crate::trace::{ErrorClass, StepError, Value};

const SQLITE_CONSTRAINT_NOTNULL: i32 = 1299;
const SQLITE_CONSTRAINT_PRIMARYKEY: i32 = 1555;
const SQLITE_CONSTRAINT_UNIQUE: i32 = 2067;

pub fn vendor_error(
    dialect: Dialect,
    err: &StoreError,
    kind: &PlanKind,
    catalog: &Catalog,
    store: &Store,
) -> StepError {
    let msg = err.message.as_str();
    if dialect == Dialect::MsSql {
        return mssql_error(err, kind, catalog, store);
    }
    let mysql = dialect == Dialect::MySql;
    let (class, native, message) = if err.interrupted {
        (
            ErrorClass::Other,
            if mysql { "1317" } else { "57014" },
            msg.to_string(),
        )
    } else if err.code == SQLITE_CONSTRAINT_UNIQUE || err.code == SQLITE_CONSTRAINT_PRIMARYKEY {
        let (table, columns) = constraint_columns(msg);
        let def = catalog.table(&table);
        let key = def
            .and_then(|d| d.key_on(&columns))
            .map(|k| k.name.clone())
            .unwrap_or_else(|| columns.join(","));
        let value = clashing_value(kind, &table, &columns, catalog, store);
        if mysql {
            let entry = value
                .map(|v| format!("Duplicate entry '{v}' for key '{key}'"))
                .unwrap_or_else(|| format!("Duplicate entry for key '{key}'"));
            (ErrorClass::UniqueViolation, "1062", entry)
        } else {
            (
                ErrorClass::UniqueViolation,
                "23505",
                format!("duplicate key value violates unique constraint \"{key}\""),
            )
        }
    } else if err.code == SQLITE_CONSTRAINT_NOTNULL {
        let (table, columns) = constraint_columns(msg);
        let col = columns.first().cloned().unwrap_or_default();
        if mysql {
            (
                ErrorClass::Other,
                "1048",
                format!("Column '{col}' cannot be null"),
            )
        } else {
            (
                ErrorClass::Other,
                "23502",
                format!("null value in column \"{col}\" of relation \"{table}\" violates not-null constraint"),
            )
        }
    } else if let Some(t) = msg.strip_prefix("no such table: ").map(name_only) {
        if mysql {
            (
                ErrorClass::Other,
                "1146",
                format!("Table 'test.{t}' doesn't exist"),
            )
        } else {
            (
                ErrorClass::Other,
                "42P01",
                format!("relation \"{t}\" does not exist"),
            )
        }
    } else if let Some(c) = msg.strip_prefix("no such column: ").map(name_only) {
        if mysql {
            (
                ErrorClass::Other,
                "1054",
                format!("Unknown column '{c}' in 'field list'"),
            )
        } else {
            (
                ErrorClass::Other,
                "42703",
                format!("column \"{c}\" does not exist"),
            )
        }
    } else {
        (
            ErrorClass::Other,
            if mysql { "1105" } else { "XX000" },
            format!("SQLite: {msg}"),
        )
    };
    StepError {
        class,
        native: native.to_string(),
        message,
        pos: None,
        fixed_text: None,
    }
}

/// SQLite's errors as SQL Server numbers and words them.
fn mssql_error(err: &StoreError, kind: &PlanKind, catalog: &Catalog, store: &Store) -> StepError {
    let msg = err.message.as_str();
    let (class, native, message) = if err.interrupted {
        (ErrorClass::Other, "3617", msg.to_string())
    } else if err.code == SQLITE_CONSTRAINT_UNIQUE || err.code == SQLITE_CONSTRAINT_PRIMARYKEY {
        let (table, columns) = constraint_columns(msg);
        let def = catalog.table(&table);
        let key = def.and_then(|d| d.key_on(&columns));
        let primary = match (def.and_then(|d| d.primary_key.as_ref()), key) {
            (Some(pk), Some(k)) => pk.name == k.name,
            _ => false,
        };
        let name = key
            .map(|k| k.name.clone())
            .unwrap_or_else(|| columns.join(","));
        let value = clashing_value(kind, &table, &columns, catalog, store)
            .map(|v| format!(" The duplicate key value is ({}).", v.replace('-', ", ")))
            .unwrap_or_default();
        (
            ErrorClass::UniqueViolation,
            "2627",
            format!(
                "Violation of {} constraint '{name}'. Cannot insert duplicate key in object 'dbo.{table}'.{value}",
                if primary { "PRIMARY KEY" } else { "UNIQUE KEY" }
            ),
        )
    } else if err.code == SQLITE_CONSTRAINT_NOTNULL {
        let (table, columns) = constraint_columns(msg);
        let col = columns.first().cloned().unwrap_or_default();
        (
            ErrorClass::Other,
            "515",
            format!("Cannot insert the value NULL into column '{col}', table 'queuelab.dbo.{table}'; column does not allow nulls. INSERT fails."),
        )
    } else if let Some(t) = msg.strip_prefix("no such table: ").map(name_only) {
        (
            ErrorClass::Other,
            "208",
            format!("Invalid object name '{t}'."),
        )
    } else if let Some(c) = msg.strip_prefix("no such column: ").map(name_only) {
        (
            ErrorClass::Other,
            "207",
            format!("Invalid column name '{c}'."),
        )
    } else {
        (ErrorClass::Other, "50000", format!("SQLite: {msg}"))
    };
    StepError {
        class,
        native: native.to_string(),
        message,
        pos: None,
        fixed_text: None,
    }
}

/// SQLite 3.50+ appends `in <sql> at offset N` to some messages: keep the name only.
fn name_only(rest: &str) -> &str {
    rest.split(" in ").next().unwrap_or(rest)
}

/// `UNIQUE constraint failed: q.modulo, q.kind` → (`q`, [`modulo`, `kind`]).
fn constraint_columns(msg: &str) -> (String, Vec<String>) {
    let list = msg.split_once(": ").map(|(_, l)| l).unwrap_or("");
    let mut table = String::new();
    let columns = list
        .split(", ")
        .filter_map(|qc| {
            let (t, c) = qc.split_once('.')?;
            table = t.to_string();
            Some(c.to_string())
        })
        .collect();
    (table, columns)
}

/// For an INSERT, the key value that clashed, as MySQL prints it (`0-f` for two columns).
/// The failed statement was rolled back, so the table is as it was before it.
fn clashing_value(
    kind: &PlanKind,
    table: &str,
    key: &[String],
    catalog: &Catalog,
    store: &Store,
) -> Option<String> {
    let PlanKind::Insert {
        columns,
        source_query,
        ..
    } = kind
    else {
        return None;
    };
    let columns: Vec<String> = if columns.is_empty() {
        catalog
            .table(table)?
            .columns
            .iter()
            .map(|c| c.name.clone())
            .collect()
    } else {
        columns.clone()
    };
    let idx: Vec<usize> = key
        .iter()
        .map(|k| columns.iter().position(|c| c.eq_ignore_ascii_case(k)))
        .collect::<Option<_>>()?;
    let (_, candidates) = store.query(source_query.as_ref()?).ok()?;
    let (_, existing) = store
        .query(&format!(
            "SELECT {} FROM {}",
            key.iter()
                .map(|k| crate::dialect::catalog::ident(k))
                .collect::<Vec<_>>()
                .join(", "),
            crate::dialect::catalog::ident(table)
        ))
        .ok()?;
    let mut seen: Vec<Vec<Value>> = existing;
    for row in candidates {
        let k: Vec<Value> = idx
            .iter()
            .map(|&i| row.get(i).cloned().unwrap_or(Value::Null))
            .collect();
        if seen.iter().any(|s| same_key(s, &k)) {
            return Some(
                k.iter()
                    .map(|v| v.text().unwrap_or_else(|| "NULL".into()))
                    .collect::<Vec<_>>()
                    .join("-"),
            );
        }
        seen.push(k);
    }
    None
}

/// Compares as SQLite's unique index would (an integer 1 equals the text '1' after affinity).
fn same_key(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.text() == y.text() && x.text().is_some())
}
