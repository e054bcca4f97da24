//! SQLite's errors, told the way the vendor's server would tell them: this file reads what
//! failed, `Dialect::store_error` (`src/dialect/errors.rs`) words it.

use super::store::{Store, StoreError};
use crate::dialect::catalog::Catalog;
use crate::dialect::errors::StoreFailure;
use crate::dialect::{Dialect, PlanKind};
use crate::trace::{StepError, Value};

const SQLITE_CONSTRAINT_NOTNULL: i32 = 1299;
const SQLITE_CONSTRAINT_PRIMARYKEY: i32 = 1555;
const SQLITE_CONSTRAINT_UNIQUE: i32 = 2067;
const SQLITE_CONSTRAINT_CHECK: i32 = 275;

/// The error an engine function (`time_fns`, `case_fns`) fails with to refuse a value by
/// name: `vendor_error` reads it back as a refusal in the dialect's words.
pub(crate) fn refused_in_function(what: &str, instead: &str) -> rusqlite::Error {
    let refused = crate::dialect::errors::REFUSED;
    rusqlite::Error::UserFunctionError(
        format!("{refused}{what} is not supported here: {instead}").into(),
    )
}

/// A failed statement's error as the vendor's server would report it: what failed is read
/// from SQLite's error here, the vendor's number and words come from the dialect.
/// `source`: the rows an INSERT ... SELECT inserts, when it computed them before a wait (its
/// query would give others now); `None` to compute them from its query.
pub fn vendor_error(
    dialect: Dialect,
    err: &StoreError,
    (kind, source): (&PlanKind, Option<&[Vec<Value>]>),
    catalog: &Catalog,
    store: &Store,
) -> StepError {
    dialect.store_error(&failure(err, (kind, source), catalog, store))
}

/// Whether SQLite's error is a unique or primary key that would have held a value twice.
pub fn is_duplicate(err: &StoreError) -> bool {
    err.code == SQLITE_CONSTRAINT_UNIQUE || err.code == SQLITE_CONSTRAINT_PRIMARYKEY
}

/// What failed, in words no vendor owns.
fn failure(
    err: &StoreError,
    (kind, source): (&PlanKind, Option<&[Vec<Value>]>),
    catalog: &Catalog,
    store: &Store,
) -> StoreFailure {
    let msg = err.message.as_str();
    if err.interrupted {
        StoreFailure::Interrupted(msg.to_string())
    } else if err.over_limit {
        StoreFailure::OverLimit(msg.to_string())
    } else if is_duplicate(err) {
        let (table, columns) = constraint_columns(msg);
        let def = catalog.table(&table);
        let key = def.and_then(|d| d.key_on(&columns));
        let primary = match (def.and_then(|d| d.primary_key.as_ref()), key) {
            (Some(pk), Some(k)) => pk.name == k.name,
            _ => false,
        };
        let key = key
            .map(|k| k.name.clone())
            .unwrap_or_else(|| columns.join(","));
        let value = clashing_value((kind, source), &table, &columns, catalog, store);
        StoreFailure::Duplicate {
            table,
            key,
            primary,
            value,
        }
    } else if err.code == SQLITE_CONSTRAINT_CHECK {
        let name = name_only(msg.split_once(": ").map_or("", |(_, n)| n)).to_string();
        let table = catalog
            .table_with_check(&name)
            .map(|t| t.name.clone())
            .unwrap_or_default();
        StoreFailure::Check { table, name }
    } else if err.code == SQLITE_CONSTRAINT_NOTNULL {
        let (table, columns) = constraint_columns(msg);
        let column = columns.first().cloned().unwrap_or_default();
        StoreFailure::NotNull { table, column }
    } else if msg.starts_with("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE") {
        StoreFailure::NoConflictTarget
    } else if msg.starts_with(crate::dialect::division::DIVISION_BY_ZERO) {
        StoreFailure::DivisionByZero
    } else if msg.starts_with(crate::dialect::scalar_rows::MANY_ROWS) {
        StoreFailure::ManyRows
    } else if msg == "integer overflow" {
        // SQLite's sum() past 64 bits, where the servers sum into a numeric or DECIMAL.
        StoreFailure::Refused(
            "A sum of integers past 64 bits is not supported here: the lab sums in 64-bit integers; keep the total within ±9.2e18".into(),
        )
    } else if msg.starts_with("no tables specified") {
        StoreFailure::NoTables
    } else if let Some(m) = msg.strip_prefix(crate::dialect::errors::REFUSED) {
        StoreFailure::Refused(m.to_string())
    } else if msg.starts_with("HAVING clause on a non-aggregate query") {
        // MariaDB filters the rows with it, PostgreSQL and SQL Server want the columns
        // grouped: SQLite refuses it.
        StoreFailure::Refused(
            "HAVING without GROUP BY or an aggregate is not supported here: write the condition in WHERE".into(),
        )
    } else if let Some(f) = int_failure(msg) {
        f
    } else if let Some(t) = msg.strip_prefix("no such table: ").map(name_only) {
        StoreFailure::NoTable(t.to_string())
    } else if let Some(rest) = msg.strip_prefix("no such column: ") {
        no_column(rest, kind)
    } else if let Some(rest) = msg.strip_prefix("ambiguous column name: ") {
        // Without an offset, a join's ON (as for `no_column`).
        let clause = match offset_in(rest) {
            Some((sql, n)) => super::clauses::clause_at(sql, n),
            None => Some("ON"),
        };
        StoreFailure::Ambiguous {
            name: name_only(rest).to_string(),
            clause,
        }
    } else if let Some((table, column)) = msg
        .strip_prefix("table ")
        .and_then(|rest| rest.split_once(" has no column named "))
    {
        // An INSERT's column list.
        StoreFailure::NoColumn {
            name: name_only(column).to_string(),
            target: Some(table.to_string()),
            clause: Some("INSERT INTO"),
        }
    } else if let Some(f) = msg
        .strip_prefix("no such function: ")
        // SQLite's words for a column DEFAULT that calls an unknown function.
        .or_else(|| msg.strip_prefix("unknown function: "))
        .map(|f| name_only(f.trim_end_matches("()")))
    {
        StoreFailure::NoFunction(f.to_string())
    } else if let Some(near) = msg
        .strip_prefix("near \"")
        .and_then(|rest| rest.split_once("\": syntax error"))
        // An operator SQLite does not have (PostgreSQL's `^`, `#`, `!~`).
        .or_else(|| msg.strip_prefix("unrecognized token: \"")?.split_once('"'))
        .map(|(near, _)| near)
    {
        StoreFailure::Untranslated(near.to_string())
    } else {
        StoreFailure::Other(msg.to_string())
    }
}

/// `no such column: x`, followed by ` in SQL at offset N` when SQLite knows where the name is:
/// in an expression, whose clause the offset tells. Without it, a join's ON (SQLite keeps no
/// offset for its terms) or, for an unqualified name in an UPDATE or INSERT, a column the
/// statement writes (UPDATE's SET, an upsert's DO UPDATE SET), which SQLite checks before it
/// reads any expression. (An unqualified name in the ON of an INSERT ... SELECT is taken for
/// the upsert's: the rarer case.)
fn no_column(rest: &str, kind: &PlanKind) -> StoreFailure {
    let name = name_only(rest).to_string();
    let (target, clause) = match (offset_in(rest), kind) {
        // MariaDB says 'SELECT' for a value in ON DUPLICATE KEY UPDATE (which runs as
        // ON CONFLICT DO UPDATE SET).
        (Some((sql, n)), PlanKind::Insert { .. }) => match super::clauses::clause_at(sql, n) {
            Some("SET") => (None, Some("SELECT")),
            clause => (None, clause),
        },
        (Some((sql, n)), _) => (None, super::clauses::clause_at(sql, n)),
        (None, _) if name.contains('.') => (None, Some("ON")),
        (None, PlanKind::Update { table }) => (Some(table.clone()), Some("SET")),
        (None, PlanKind::Insert { table, .. }) => (Some(table.clone()), Some("UPDATE")),
        (None, _) => (None, Some("ON")),
    };
    StoreFailure::NoColumn {
        name,
        target,
        clause,
    }
}

/// The statement and offset SQLite 3.50+ appends to a message about a name (` in <sql> at
/// offset N`), where it knows them.
fn offset_in(rest: &str) -> Option<(&str, usize)> {
    let (_, r) = rest.split_once(" in ")?;
    let (sql, n) = r.rsplit_once(" at offset ")?;
    Some((sql, n.parse().ok()?))
}

/// The failure one of the engine's functions reported in the server's words
/// (`dialect::postgres::int_values`, `engine::sequences`): `ql: server error 22003 integer out of range`.
fn int_failure(msg: &str) -> Option<StoreFailure> {
    let rest = msg.strip_prefix(crate::dialect::postgres::int_values::SERVER_ERROR)?;
    let (code, message) = rest.split_once(' ')?;
    let native = match code {
        "22003" => "22003",
        // An interval multiplied past its range (`engine::time_fns`).
        "22008" => "22008",
        "22P02" => "22P02",
        // PostgreSQL's and MariaDB's LIKE (`engine::like_fn`).
        "22025" => "22025",
        "1210" => "1210",
        // The sequences' (`engine::sequences`): past the end, no currval yet.
        "2200H" => "2200H",
        "55000" => "55000",
        "42P01" => "42P01",
        // MariaDB's unsigned arithmetic below zero (`mysql/unsigned.rs`).
        "1690" => "1690",
        // A negative substring length, PostgreSQL's and SQL Server's (`dialect/substrings.rs`).
        "22011" => "22011",
        "537" => "537",
        _ => return None,
    };
    Some(StoreFailure::Server {
        native,
        message: message.to_string(),
    })
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

/// For an INSERT, the key value that clashed, its columns joined with `-` (`0-f`, as MySQL
/// prints it).
/// The failed statement was rolled back, so the table is as it was before it.
fn clashing_value(
    (kind, source): (&PlanKind, Option<&[Vec<Value>]>),
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
    let candidates = match source {
        Some(rows) => rows.to_vec(),
        None => store.look_ahead(source_query.as_ref()?).ok()?.1,
    };
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
    let def = catalog.table(table)?;
    let key_columns: Vec<&crate::dialect::catalog::ColumnDef> =
        key.iter().filter_map(|k| def.column(k)).collect();
    let same_key = |a: &[Value], b: &[Value]| {
        a.len() == b.len()
            && a.len() == key_columns.len()
            && a.iter()
                .zip(b)
                .zip(&key_columns)
                .all(|((x, y), c)| c.same_key(x, y))
    };
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
