//! Statements every front-end plans alike: DDL, session statements, and the error for what is
//! not supported.

use super::catalog::{ident, Catalog};
use super::ddl::{add_column, rebuild, table_def};
use super::exprs::last_ident;
use super::front::syntax_code;
use super::plan::{CatalogChange, Plan, PlanKind};
use super::plan::{Isolation, TxnControl};
use super::Dialect;
use crate::sql::Sql;
use crate::sql::ToSql;
use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{
    AlterTableOperation, Ident, ObjectType, Set, Statement, TransactionIsolationLevel,
    TransactionMode,
};

/// The isolation level among transaction modes, if one is named.
fn isolation(modes: &[TransactionMode]) -> Option<Isolation> {
    modes.iter().find_map(|m| match m {
        TransactionMode::IsolationLevel(l) => Some(match l {
            TransactionIsolationLevel::ReadUncommitted => Isolation::ReadUncommitted,
            TransactionIsolationLevel::ReadCommitted => Isolation::ReadCommitted,
            TransactionIsolationLevel::RepeatableRead => Isolation::RepeatableRead,
            TransactionIsolationLevel::Serializable | TransactionIsolationLevel::Snapshot => {
                Isolation::Serializable
            }
        }),
        TransactionMode::AccessMode(_) => None,
    })
}

/// `READ ONLY` (true) or `READ WRITE` among transaction modes, if one is named.
fn read_only(modes: &[TransactionMode]) -> Option<bool> {
    modes.iter().find_map(|m| match m {
        TransactionMode::AccessMode(a) => {
            Some(*a == sqlparser::ast::TransactionAccessMode::ReadOnly)
        }
        TransactionMode::IsolationLevel(_) => None,
    })
}

/// The settings of a transaction's access mode that are not modelled: the statements that
/// set it are (`read_only.rs`).
fn is_read_only_setting(name: &str) -> bool {
    let name = name.trim_start_matches('@').to_ascii_lowercase();
    let name = name
        .strip_prefix("session.")
        .or_else(|| name.strip_prefix("global."))
        .unwrap_or(&name);
    matches!(
        name,
        "default_transaction_read_only" | "transaction_read_only" | "tx_read_only"
    )
}

/// MySQL's `START TRANSACTION WITH CONSISTENT SNAPSHOT` (read by
/// `mysql/consistent_snapshot.rs` as the isolation level SNAPSHOT).
fn consistent_snapshot(dialect: Dialect, modes: &[TransactionMode]) -> Option<TxnControl> {
    let snapshot = modes.iter().any(|m| {
        matches!(
            m,
            TransactionMode::IsolationLevel(TransactionIsolationLevel::Snapshot)
        )
    });
    (dialect == Dialect::MySql && snapshot).then_some(TxnControl::Begin {
        level: None,
        snapshot_now: true,
        read_only: read_only(modes),
    })
}

/// What to use instead of a statement kind Queue Lab does not run.
const WHAT_RUNS: &str = "Queue Lab runs CREATE/ALTER/DROP TABLE, CREATE INDEX, INSERT, REPLACE, UPDATE, DELETE, SELECT and transaction statements";

/// The end of the parser's error for a statement or clause it knows and does not read
/// (`crate::sql` refuses those by name instead of building their tree).
const PARSER_REFUSAL: &str = " is not supported by Queue Lab's parser";

/// The error for a statement kind Queue Lab does not run.
pub fn unsupported(dialect: Dialect, stmt: &Statement) -> StepError {
    let text = stmt.to_sql();
    let what: Vec<&str> = text.split_whitespace().take(2).collect();
    unsupported_with(dialect, &crate::join::join(&what, " "), WHAT_RUNS)
}

/// A parser error that refuses a construct by name, as the refusal it is: never worded as a
/// syntax error, which would tell the learner their SQL is wrong.
pub fn parser_refusal(dialect: Dialect, parser_message: &str) -> Option<StepError> {
    let message = parser_message
        .strip_prefix("sql parser error: ")
        .unwrap_or(parser_message);
    let (message, pos) = super::split::parser_error(message);
    let what = message.strip_suffix(PARSER_REFUSAL)?;
    let mut e = unsupported_with(dialect, what, instead_of(dialect, what));
    e.pos = pos;
    Some(e)
}

/// What to write instead of a statement the parser refuses.
fn instead_of(dialect: Dialect, what: &str) -> &'static str {
    let prepared = ["PREPARE", "EXECUTE", "DEALLOCATE"]
        .iter()
        .any(|w| what.starts_with(w));
    match dialect {
        // sqlparser has no tree for MariaDB's `PREPARE s FROM '...'`, `EXECUTE s USING @a`.
        Dialect::MySql if prepared => {
            "MariaDB's prepared statements are not modelled; run the statement itself, with user variables for its values (SET @id = 1; UPDATE jobs SET owner = 'w1' WHERE id = @id)"
        }
        // `UPDATE a, b SET ...`, which the parser refuses before the rule for joins can.
        Dialect::MySql if what.starts_with("a multi-table UPDATE") => {
            super::mysql::unsupported::MULTI_TABLE_INSTEAD
        }
        // A NOTIFY payload, an ENUM member, an index COMMENT, a SET NAMES collation.
        _ if what.ends_with("that is a name") => {
            "write a string constant there: NOTIFY jobs, 'new'; ENUM('ready', 'done'); COMMENT 'by queue'; COLLATE 'utf8mb4_bin'"
        }
        Dialect::Postgres if what.starts_with("PREPARE of") => {
            "PostgreSQL prepares only these (the server answers a syntax error); run the statement itself"
        }
        _ => WHAT_RUNS,
    }
}

/// The error for a construct that is not supported, with what to use instead.
pub fn unsupported_with(dialect: Dialect, what: &str, instead: &str) -> StepError {
    StepError {
        class: ErrorClass::Other,
        native: syntax_code(dialect).into(),
        message: format!("{what} is not supported here: {instead}"),
        pos: None,
        fixed_text: None,
    }
}

/// A savepoint's name as the server matches it. PostgreSQL folds the ASCII letters of an
/// unquoted name to lower case and keeps a quoted one as written (`SAVEPOINT "A"` and
/// `ROLLBACK TO a` name two savepoints). MySQL and SQL Server match names whatever their case,
/// letters beyond ASCII included (MariaDB finds `SAVEPOINT Ä` by `ROLLBACK TO ä`): the lab
/// folds ASCII letters only, so it refuses other letters rather than miss such a match.
fn savepoint(dialect: Dialect, name: &Ident) -> Result<String, StepError> {
    match dialect {
        Dialect::Postgres => Ok(super::postgres::names::folded(name)),
        _ if name.value.is_ascii() => Ok(name.value.to_ascii_lowercase()),
        _ => Err(unsupported_with(
            dialect,
            "A savepoint name with letters beyond ASCII",
            "name savepoints with ASCII letters, digits and _",
        )),
    }
}

fn error(dialect: Dialect, native_mysql: &str, native_pg: &str, message: String) -> StepError {
    StepError {
        class: ErrorClass::Other,
        native: match dialect {
            Dialect::MySql => native_mysql.into(),
            _ => native_pg.into(),
        },
        message,
        pos: None,
        fixed_text: None,
    }
}

/// CREATE TABLE, ALTER TABLE, DROP TABLE, TRUNCATE.
pub fn plan_ddl(
    stmt: &Statement,
    catalog: &Catalog,
    dialect: Dialect,
) -> Option<Result<Plan, StepError>> {
    Some(match stmt {
        Statement::CreateTable(ct) => plan_create(ct, catalog, dialect),
        Statement::AlterTable(at) => plan_alter(at, catalog, dialect),
        Statement::CreateIndex(ci) => super::indexes::plan(ci, catalog, dialect),
        Statement::Drop {
            object_type: ObjectType::Table,
            if_exists,
            names,
            ..
        } => {
            if dialect == Dialect::Postgres {
                if let Some(e) = super::postgres::drops::not_a_table(names, catalog) {
                    return Some(Err(e));
                }
            }
            let names: Vec<String> = names.iter().map(last_ident).collect();
            if let (false, Some(missing)) = (
                *if_exists,
                names.iter().find(|n| catalog.table(n).is_none()),
            ) {
                return Some(Err(error(
                    dialect,
                    "1051",
                    "42P01",
                    match dialect {
                        Dialect::MySql => format!("Unknown table 'test.{missing}'"),
                        _ => format!("table \"{missing}\" does not exist"),
                    },
                )));
            }
            let (present, missing): (Vec<String>, Vec<String>) =
                names.into_iter().partition(|n| catalog.table(n).is_some());
            if dialect == Dialect::MySql {
                if let Some(e) = super::foreign_keys::innodb_drop(catalog, &present) {
                    return Some(Err(e));
                }
            } else if let Some(parent) = super::foreign_keys::still_referenced(catalog, &present) {
                return Some(Err(error(
                    dialect,
                    "1451",
                    "2BP01",
                    format!("cannot drop table {parent} because other objects depend on it"),
                )));
            }
            let sql = present
                .iter()
                .map(|n| format!("DROP TABLE IF EXISTS {}", ident(n)))
                .collect();
            let kind = if present.is_empty() {
                PlanKind::Noop
            } else {
                PlanKind::Ddl {
                    change: CatalogChange::Drop(present),
                }
            };
            let mut plan = Plan::new(kind, sql);
            if dialect == Dialect::Postgres {
                plan.notices = missing
                    .iter()
                    .map(|n| format!("NOTICE:  table \"{n}\" does not exist, skipping"))
                    .collect();
            }
            Ok(plan)
        }
        Statement::Truncate(t) => {
            if t.identity == Some(sqlparser::ast::TruncateIdentityOption::Restart) {
                // Ignored, the serial ids went on where the server starts them again.
                return Some(Err(unsupported_with(
                    dialect,
                    "TRUNCATE ... RESTART IDENTITY",
                    "the lab's sequences are not rolled back with a transaction, as the server's restart is; restart one after the TRUNCATE: SELECT setval('jobs_id_seq', 1, false)",
                )));
            }
            let names: Vec<String> = t.table_names.iter().map(|n| last_ident(&n.name)).collect();
            if dialect == Dialect::MySql {
                if let Some(e) = super::foreign_keys::innodb_truncate(catalog, &names) {
                    return Some(Err(e));
                }
            } else if super::foreign_keys::still_referenced(catalog, &names).is_some() {
                return Some(Err(error(
                    dialect,
                    "1701",
                    "0A000",
                    "cannot truncate a table referenced in a foreign key constraint".into(),
                )));
            }
            let mut sql: Vec<String> = names
                .iter()
                .map(|n| format!("DELETE FROM {}", ident(n)))
                .collect();
            // MariaDB's and SQL Server's TRUNCATE start the AUTO_INCREMENT / IDENTITY counter
            // again (PostgreSQL's sequences go on unless RESTART IDENTITY, refused).
            if dialect != Dialect::Postgres {
                let counted = names.iter().filter(|n| {
                    catalog
                        .table(n)
                        .is_some_and(|d| d.columns.iter().any(|c| c.auto_increment))
                });
                sql.extend(counted.map(|n| {
                    format!(
                        "DELETE FROM sqlite_sequence WHERE name = '{}'",
                        n.replace('\'', "''")
                    )
                }));
            }
            let mut plan = Plan::new(
                PlanKind::Delete {
                    table: names.first().cloned().unwrap_or_default(),
                    truncate: true,
                },
                sql,
            );
            plan.notes.push("TRUNCATE runs as DELETE FROM".into());
            Ok(plan)
        }
        _ => return None,
    })
}

fn plan_create(
    ct: &sqlparser::ast::CreateTable,
    catalog: &Catalog,
    dialect: Dialect,
) -> Result<Plan, StepError> {
    if ct.query.is_some() || ct.like.is_some() || ct.clone.is_some() {
        return Err(unsupported_with(
            dialect,
            "CREATE TABLE ... AS SELECT / LIKE",
            "declare the columns, then INSERT ... SELECT",
        ));
    }
    let (mut def, notes) =
        table_def(ct, dialect).map_err(|u| unsupported_with(dialect, "CREATE TABLE", &u.0))?;
    super::foreign_keys::resolve(&mut def, catalog, dialect)?;
    if dialect == Dialect::Postgres {
        super::postgres::enums::known_types(ct.columns.iter(), catalog)?;
    }
    super::postgres::enums::resolve(&mut def, catalog)?;
    if dialect == Dialect::Postgres {
        super::postgres::literals::defaults(&mut def)?;
    }
    if catalog.enum_type(&def.name).is_some() {
        // A table brings a row type of its own name, which the enum's name already holds.
        return Err(error(
            dialect,
            "1050",
            "42710",
            format!("type \"{}\" already exists", def.name),
        ));
    }
    let taken =
        dialect == Dialect::Postgres && catalog.relation_taken(&def.name, def.schema.as_deref());
    if taken || catalog.table(&def.name).is_some() {
        if ct.if_not_exists {
            let mut plan = Plan::new(PlanKind::Noop, Vec::new());
            plan.notes
                .push(format!("table {} already exists: nothing to do", def.name));
            if dialect == Dialect::Postgres {
                plan.notices.push(format!(
                    "NOTICE:  relation \"{}\" already exists, skipping",
                    def.name
                ));
            }
            return Ok(plan);
        }
        return Err(error(
            dialect,
            "1050",
            "42P07",
            match dialect {
                Dialect::MySql => format!("Table '{}' already exists", def.name),
                _ => format!("relation \"{}\" already exists", def.name),
            },
        ));
    }
    let mut plan = Plan::new(
        PlanKind::Ddl {
            change: CatalogChange::Create(def.clone()),
        },
        def.to_sqlite(),
    );
    plan.notes = notes;
    if !def.uniques.is_empty() || def.primary_key.is_some() {
        plan.notes.push(format!(
            "keys as the server names them: {}",
            def.unique_keys()
                .map(|k| format!("{} ({})", k.name, k.columns.join(", ")))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(plan)
}

fn plan_alter(
    at: &sqlparser::ast::AlterTable,
    catalog: &Catalog,
    dialect: Dialect,
) -> Result<Plan, StepError> {
    let name = last_ident(&at.name);
    let Some(old) = catalog.table(&name) else {
        return Err(error(
            dialect,
            "1146",
            "42P01",
            match dialect {
                Dialect::MySql => format!("Table 'test.{name}' doesn't exist"),
                _ => format!("relation \"{name}\" does not exist"),
            },
        ));
    };
    let mut new = old.clone();
    let mut notes = Vec::new();
    for op in &at.operations {
        match op {
            AlterTableOperation::AddColumn { column_def, .. } => {
                if dialect == Dialect::Postgres {
                    super::postgres::enums::known_types(std::iter::once(column_def), catalog)?;
                }
                new = add_column(&new, column_def, dialect, &mut notes)
                    .map_err(|u| error(dialect, "1060", "42701", u.0))?;
            }
            other => {
                return Err(unsupported_with(
                    dialect,
                    &format!("ALTER TABLE ... {}", Sql(other)),
                    "only ADD COLUMN is supported; recreate the table for other changes",
                ))
            }
        }
    }
    super::postgres::enums::resolve(&mut new, catalog)?;
    if dialect == Dialect::Postgres {
        super::postgres::literals::defaults(&mut new)?;
    }
    notes.push(format!(
        "SQLite cannot add such a column in place: the table is rebuilt with every row kept ({} → {} columns)",
        old.columns.len(),
        new.columns.len()
    ));
    let mut plan = Plan::new(
        PlanKind::Ddl {
            change: CatalogChange::Replace(new.clone()),
        },
        rebuild(old, &new),
    );
    plan.notes = notes;
    Ok(plan)
}

/// USE, SET, and transaction control.
pub fn plan_other(stmt: &Statement, dialect: Dialect) -> Option<Result<Plan, StepError>> {
    let (kind, sql, note) = match stmt {
        Statement::Use(u) => (
            PlanKind::Noop,
            Vec::new(),
            format!(
                "{}: Queue Lab has one database, there is nothing to switch to",
                Sql(u)
            ),
        ),
        Statement::Set(Set::SetTransaction { modes, session, .. }) => {
            match (isolation(modes), read_only(modes)) {
                (None, None) => (
                    PlanKind::Noop,
                    Vec::new(),
                    format!(
                        "{}: only the isolation level and READ ONLY / READ WRITE are modelled",
                        Sql(stmt)
                    ),
                ),
                (level, read_only) => (
                    PlanKind::Txn(TxnControl::SetTransaction {
                        level,
                        read_only,
                        session: *session
                            || stmt
                                .to_sql()
                                .to_ascii_uppercase()
                                .starts_with("SET SESSION"),
                    }),
                    Vec::new(),
                    String::new(),
                ),
            }
        }
        Statement::Set(Set::SingleAssignment { variable, .. })
            if is_read_only_setting(&variable.to_sql()) =>
        {
            return Some(Err(unsupported_with(
                dialect,
                &format!("SET {}", variable.to_sql()),
                "say READ ONLY in START TRANSACTION or SET [SESSION] TRANSACTION",
            )));
        }
        Statement::Set(Set::SingleAssignment {
            variable, values, ..
        }) if dialect == Dialect::MySql && is_autocommit(&variable.to_sql()) => {
            let on = match values.as_slice() {
                [v] => on_off(&v.to_sql()),
                _ => None,
            };
            let Some(on) = on else {
                return Some(Err(error(
                    dialect,
                    "1231",
                    "22023",
                    format!(
                        "Variable 'autocommit' can't be set to the value of '{}'",
                        values
                            .iter()
                            .map(|v| v.to_sql().trim_matches('\'').to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )));
            };
            (
                PlanKind::Txn(TxnControl::SetAutocommit(on)),
                Vec::new(),
                if on {
                    "autocommit on: each statement is its own transaction (an open one is committed now)".into()
                } else {
                    "autocommit off: the next statement opens a transaction that stays open until COMMIT or ROLLBACK".into()
                },
            )
        }
        Statement::Set(_) => (
            PlanKind::Noop,
            Vec::new(),
            format!("{}: this setting has no effect here", Sql(stmt)),
        ),
        Statement::StartTransaction { modes, .. } => (
            PlanKind::Txn(
                consistent_snapshot(dialect, modes).unwrap_or(TxnControl::Begin {
                    level: isolation(modes),
                    snapshot_now: false,
                    read_only: read_only(modes),
                }),
            ),
            Vec::new(),
            "the transaction stays open until COMMIT or ROLLBACK".into(),
        ),
        Statement::Commit { .. } => (PlanKind::Txn(TxnControl::Commit), Vec::new(), String::new()),
        Statement::Rollback {
            savepoint: None, ..
        } => (
            PlanKind::Txn(TxnControl::Rollback),
            Vec::new(),
            String::new(),
        ),
        Statement::Rollback {
            savepoint: Some(name),
            ..
        } => (
            PlanKind::Txn(TxnControl::RollbackTo(match savepoint(dialect, name) {
                Ok(name) => name,
                Err(e) => return Some(Err(e)),
            })),
            Vec::new(),
            format!(
                "the transaction's changes after savepoint {} are undone; {}",
                Sql(name),
                if dialect.rollback_to_savepoint_releases_locks() {
                    "the row locks taken after it go too"
                } else {
                    "the row locks taken after it stay held"
                }
            ),
        ),
        Statement::Savepoint { name } => (
            PlanKind::Txn(TxnControl::Savepoint(match savepoint(dialect, name) {
                Ok(name) => name,
                Err(e) => return Some(Err(e)),
            })),
            Vec::new(),
            String::new(),
        ),
        Statement::ReleaseSavepoint { name } => (
            PlanKind::Txn(TxnControl::Release(match savepoint(dialect, name) {
                Ok(name) => name,
                Err(e) => return Some(Err(e)),
            })),
            Vec::new(),
            String::new(),
        ),
        _ => return None,
    };
    let mut plan = Plan::new(kind, sql);
    if !note.is_empty() {
        plan.notes.push(note);
    }
    Some(Ok(plan))
}

/// `autocommit`, with or without its `@@` / `SESSION` prefixes.
fn is_autocommit(variable: &str) -> bool {
    let v = variable.to_ascii_lowercase();
    let v = v.trim_start_matches("@@");
    let v = v.strip_prefix("session.").unwrap_or(v);
    v == "autocommit"
}

/// MySQL's reading of a boolean setting: 1 / 0, ON / OFF, TRUE / FALSE.
fn on_off(value: &str) -> Option<bool> {
    match value.trim_matches('\'').to_ascii_lowercase().as_str() {
        "1" | "on" | "true" => Some(true),
        "0" | "off" | "false" => Some(false),
        _ => None,
    }
}
