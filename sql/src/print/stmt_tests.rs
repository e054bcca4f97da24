//! Statements printed as sqlparser's `Display` prints them: the shapes the engine composes
//! from parsed statements (which the parser never builds itself), statements of each
//! flavour the corpus has few of, and the parts no one builds, which must print as the
//! unprintable marker rather than as something else.

use crate::print::{display_difference, ToSql, UNPRINTABLE};
use crate::{Flavor, Parser};
use sqlparser::ast::{
    Assignment, AssignmentTarget, ColumnOption, ConstraintCharacteristics, DoUpdate, Expr, Ident,
    Insert, ObjectName, OnConflict, OnConflictAction, OnInsert, OutputClause, SqliteOnConflict,
    Statement, TableObject,
};

fn parsed(flavor: Flavor, sql: &str) -> Result<Statement, String> {
    Parser::from_sql(flavor, sql)
        .and_then(|mut parser| parser.parse_statement())
        .map_err(|e| format!("{flavor:?} {sql}: {e}"))
}

fn same<T: ToSql + ?Sized>(node: &T) -> Result<(), String> {
    match display_difference(node) {
        Some(difference) => Err(difference),
        None => Ok(()),
    }
}

fn printed<T: ToSql + ?Sized>(node: &T) -> String {
    let mut out = String::new();
    node.write_sql(&mut out);
    out
}

fn insert(flavor: Flavor, sql: &str) -> Result<Insert, String> {
    match parsed(flavor, sql)? {
        Statement::Insert(insert) => Ok(insert),
        other => Err(format!("not an INSERT: {other:?}")),
    }
}

fn column(name: &str) -> ObjectName {
    ObjectName::from(vec![Ident::new(name)])
}

/// MySQL's INSERT IGNORE runs as SQLite's INSERT OR IGNORE: the OR form leaves out the
/// MySQL words (priority, INTO) that Display drops there too.
#[test]
fn insert_ignore_becomes_insert_or_ignore() -> Result<(), String> {
    for sql in [
        "INSERT IGNORE INTO jobs (id, state) VALUES (1, 'new')",
        "INSERT LOW_PRIORITY IGNORE INTO jobs VALUES (1, 'new')",
        "INSERT IGNORE jobs SET id = 1",
    ] {
        let mut ins = insert(Flavor::MySql, sql)?;
        ins.ignore = false;
        ins.or = Some(SqliteOnConflict::Ignore);
        same(&Statement::Insert(ins))?;
    }
    Ok(())
}

/// ON DUPLICATE KEY UPDATE becomes ON CONFLICT DO UPDATE with no target, `VALUES(c)` read
/// as `excluded.c`, and an added assignment for ON UPDATE CURRENT_TIMESTAMP columns.
#[test]
fn on_duplicate_key_update_becomes_on_conflict() -> Result<(), String> {
    let mut ins = insert(
        Flavor::MySql,
        "INSERT INTO ring (modulo, id) VALUES (3, 7) ON DUPLICATE KEY UPDATE id = VALUES(id)",
    )?;
    let Some(OnInsert::DuplicateKeyUpdate(mut assignments)) = ins.on.take() else {
        return Err("no ON DUPLICATE KEY UPDATE".into());
    };
    let Some(first) = assignments.first_mut() else {
        return Err("no assignment".into());
    };
    first.value = Expr::CompoundIdentifier(vec![Ident::new("excluded"), Ident::new("id")]);
    assignments.push(Assignment {
        target: AssignmentTarget::ColumnName(column("updated_at")),
        value: Expr::Identifier(Ident::new("updated_at")),
    });
    ins.on = Some(OnInsert::OnConflict(OnConflict {
        conflict_target: None,
        action: OnConflictAction::DoUpdate(DoUpdate {
            assignments,
            selection: None,
        }),
    }));
    let statement = Statement::Insert(ins);
    same(&statement)?;
    assert!(printed(&statement)
        .ends_with(" ON CONFLICT DO UPDATE SET id = excluded.id, updated_at = updated_at"));
    // With nothing left to assign, Display leaves out SET.
    let empty = OnConflictAction::DoUpdate(DoUpdate {
        assignments: vec![],
        selection: Some(Expr::Identifier(Ident::new("ok"))),
    });
    same(&empty)
}

/// The engine sets an INSERT's columns (T-SQL's and MySQL's short rows), swaps its source
/// for the stashed rows, and turns T-SQL's OUTPUT into RETURNING.
#[test]
fn inserts_the_engine_rewrites() -> Result<(), String> {
    let mut ins = insert(
        Flavor::MsSql,
        "INSERT INTO dbo.jobs OUTPUT inserted.id VALUES (1, 'x')",
    )?;
    ins.columns = vec![column("id"), column("payload")];
    let Some(OutputClause::Output { select_items, .. }) = ins.output.take() else {
        return Err("no OUTPUT".into());
    };
    ins.returning = Some(select_items);
    same(&Statement::Insert(ins.clone()))?;
    let stash = Parser::from_sql(Flavor::Sqlite, "SELECT * FROM temp.ql_src WHERE true")
        .and_then(|mut p| p.parse_query())
        .map_err(|e| e.to_string())?;
    ins.source = Some(stash);
    same(&Statement::Insert(ins))?;

    let mut replace = insert(Flavor::MySql, "REPLACE INTO jobs (id) VALUES (1)")?;
    replace.columns.clear();
    same(&Statement::Insert(replace))
}

/// An INSERT whose target prints as nothing leaves out the spaces around it, as Display
/// does.
#[test]
fn an_empty_insert_target_prints_no_spaces() -> Result<(), String> {
    let mut ins = insert(Flavor::MySql, "INSERT INTO t VALUES (1)")?;
    ins.table = TableObject::TableName(ObjectName(vec![]));
    same(&Statement::Insert(ins))
}

/// UPDATE and DELETE as the engine leaves them: RETURNING taken out for PostgreSQL's
/// modifying CTEs, T-SQL's OUTPUT moved to RETURNING, assignments added.
#[test]
fn updates_and_deletes_the_engine_rewrites() -> Result<(), String> {
    let Statement::Update(mut update) = parsed(
        Flavor::Postgres,
        "UPDATE jobs SET state = 'done' FROM q WHERE jobs.id = q.id RETURNING jobs.id",
    )?
    else {
        return Err("not an UPDATE".into());
    };
    update.returning = None;
    update.assignments.push(Assignment {
        target: AssignmentTarget::ColumnName(column("updated_at")),
        value: Expr::Identifier(Ident::new("now")),
    });
    same(&Statement::Update(update))?;
    let Statement::Delete(mut delete) = parsed(
        Flavor::MsSql,
        "DELETE FROM jobs OUTPUT deleted.id WHERE id = 1",
    )?
    else {
        return Err("not a DELETE".into());
    };
    if let Some(OutputClause::Output { select_items, .. }) = delete.output.take() {
        delete.returning = Some(select_items);
    }
    same(&Statement::Delete(delete))
}

/// T-SQL's CREATE INDEX loses its INCLUDE columns before SQLite sees it.
#[test]
fn create_index_without_include() -> Result<(), String> {
    let Statement::CreateIndex(mut index) = parsed(
        Flavor::MsSql,
        "CREATE INDEX ix_ready ON jobs (state, id) INCLUDE (payload) WHERE state = 'ready'",
    )?
    else {
        return Err("not a CREATE INDEX".into());
    };
    index.include.clear();
    same(&Statement::CreateIndex(index))
}

/// Statements of each flavour that the corpus has few or none of.
#[test]
fn statements_of_every_flavour() -> Result<(), String> {
    let cases: &[(Flavor, &str)] = &[
        (Flavor::MySql, "INSERT /*+ NO_ICP(t) */ INTO t (a) VALUES (1)"),
        (Flavor::MySql, "INSERT INTO t (a) VALUES (1) AS new (x) ON DUPLICATE KEY UPDATE a = x"),
        (Flavor::MySql, "INSERT INTO t () VALUES ()"),
        (Flavor::MySql, "INSERT INTO t PARTITION (p1) VALUES (1)"),
        (Flavor::MySql, "UPDATE /*+ BKA(t) */ t SET a = 1 ORDER BY id LIMIT 10"),
        (Flavor::MySql, "DELETE t1, t2 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t1.a = 1"),
        (Flavor::MySql, "DELETE FROM t WHERE a = 1 ORDER BY id LIMIT 5"),
        (Flavor::MySql, "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, b VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin COMMENT 'it''s b', c TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, UNIQUE KEY uk (b), KEY ix USING BTREE (c) COMMENT 'x', FULLTEXT INDEX ft (b)) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COMMENT = 'jobs'"),
        (Flavor::MySql, "CREATE TABLE t (a INT AS (b + 1) VIRTUAL, b INT INVISIBLE, g GEOMETRY SRID 4326)"),
        (Flavor::MySql, "ALTER TABLE t ADD COLUMN c INT FIRST, ADD d INT AFTER `c`"),
        (Flavor::MySql, "ALTER TABLE t RENAME TO u"),
        (Flavor::MySql, "SET SESSION a = 1, @b = 2"),
        (Flavor::MySql, "SET NAMES utf8mb4 COLLATE 'utf8mb4_bin'"),
        (Flavor::MySql, "SET NAMES DEFAULT"),
        (Flavor::MySql, "DROP TEMPORARY TABLE IF EXISTS a, b"),
        (Flavor::Postgres, "INSERT INTO t AS x (a) VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING"),
        (Flavor::Postgres, "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = excluded.a WHERE t.a < 5 RETURNING *"),
        (Flavor::Postgres, "INSERT INTO t DEFAULT VALUES"),
        (Flavor::Postgres, "DELETE FROM t USING u WHERE t.id = u.id RETURNING t.id"),
        (Flavor::Postgres, "CREATE TEMPORARY TABLE t (id BIGINT GENERATED ALWAYS AS IDENTITY, b INT GENERATED BY DEFAULT AS IDENTITY, c INT GENERATED ALWAYS AS (id * 2) STORED, d INT REFERENCES u (id) MATCH FULL ON DELETE CASCADE ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED, CONSTRAINT ck CHECK (d > 0) NO INHERIT, FOREIGN KEY (b) REFERENCES u(id) ON DELETE NO ACTION, UNIQUE NULLS NOT DISTINCT (c)) ON COMMIT DROP"),
        (Flavor::Postgres, "CREATE TABLE t (LIKE u INCLUDING DEFAULTS)"),
        (Flavor::Postgres, "CREATE TABLE t () WITH (fillfactor = 70)"),
        (Flavor::Postgres, "CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ix ON t USING gin (a jsonb_path_ops, b DESC NULLS LAST) INCLUDE (c) NULLS NOT DISTINCT WITH (fastupdate = off) WHERE a IS NOT NULL"),
        (Flavor::Postgres, "ALTER TABLE IF EXISTS ONLY t ADD CONSTRAINT c UNIQUE (a) NOT VALID, RENAME CONSTRAINT c TO d"),
        (Flavor::Postgres, "ALTER TABLE t RENAME COLUMN a TO b"),
        (Flavor::Postgres, "ALTER TABLE t ADD COLUMN IF NOT EXISTS c INT NOT NULL DEFAULT 0"),
        (Flavor::Postgres, "TRUNCATE TABLE ONLY a, b * RESTART IDENTITY CASCADE"),
        (Flavor::Postgres, "DECLARE c BINARY INSENSITIVE NO SCROLL CURSOR WITH HOLD FOR SELECT 1"),
        (Flavor::Postgres, "SET LOCAL TIME ZONE 'UTC'"),
        (Flavor::Postgres, "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY"),
        (Flavor::Postgres, "SET statement_timeout TO 1000, 2"),
        (Flavor::Postgres, "BEGIN WORK ISOLATION LEVEL REPEATABLE READ READ WRITE"),
        (Flavor::Postgres, "ROLLBACK AND CHAIN"),
        (Flavor::Postgres, "COMMIT AND CHAIN"),
        (Flavor::Postgres, "RELEASE SAVEPOINT s"),
        (Flavor::Postgres, "DROP INDEX ix CASCADE"),
        (Flavor::MsSql, "CREATE TABLE dbo.t (id INT IDENTITY(1, 1) NOT NULL, CONSTRAINT pk PRIMARY KEY (id))"),
        (Flavor::MsSql, "INSERT INTO t (a) OUTPUT inserted.a INTO @ids VALUES (1)"),
        (Flavor::MsSql, "UPDATE t SET a = 1 OUTPUT deleted.a, inserted.a FROM t JOIN u ON t.id = u.id"),
        (Flavor::MsSql, "DECLARE @a INT = 1, @c CURSOR"),
        (Flavor::MsSql, "IF @a > 1 BEGIN SELECT 1; SELECT 2 END ELSE SELECT 3"),
        (Flavor::MsSql, "BEGIN SELECT 1; END"),
        (Flavor::MsSql, "BEGIN TRAN"),
        (Flavor::MsSql, "END TRY"),
        (Flavor::MsSql, "SET NOCOUNT, XACT_ABORT ON"),
        (Flavor::MsSql, "USE queue"),
        (Flavor::Sqlite, "INSERT OR REPLACE INTO t VALUES (1)"),
        (Flavor::Sqlite, "REPLACE INTO t VALUES (1)"),
        (Flavor::Sqlite, "UPDATE OR ABORT t SET a = 1"),
        (Flavor::Sqlite, "CREATE TABLE t (a INTEGER PRIMARY KEY AUTOINCREMENT, b UNIQUE ON CONFLICT REPLACE, c TEXT NOT NULL ON CONFLICT IGNORE) WITHOUT ROWID STRICT"),
        (Flavor::Sqlite, "BEGIN IMMEDIATE TRANSACTION"),
        (Flavor::Generic, "DELETE WHERE a = 1"),
        (Flavor::Generic, "SET (a, b) = (1, 2)"),
        (Flavor::Generic, "CREATE TABLE t (a INT MATERIALIZED 1, b INT ALIAS a, c INT EPHEMERAL, d INT EPHEMERAL 2)"),
        (Flavor::Generic, "CREATE OR REPLACE GLOBAL TEMPORARY TABLE t AS SELECT 1"),
    ];
    for (flavor, sql) in cases {
        let statement = parsed(*flavor, sql)?;
        same(&statement).map_err(|d| format!("{flavor:?} {sql}\n  {d}"))?;
        let out = printed(&statement);
        assert!(!out.contains(UNPRINTABLE), "{flavor:?} {sql}: {out}");
    }
    Ok(())
}

/// Characteristics that are there but empty print as nothing after their space, as
/// Display prints them.
#[test]
fn empty_characteristics() -> Result<(), String> {
    let Statement::CreateTable(mut table) =
        parsed(Flavor::Postgres, "CREATE TABLE t (a INT PRIMARY KEY)")?
    else {
        return Err("not a CREATE TABLE".into());
    };
    let option = table
        .columns
        .first_mut()
        .and_then(|c| c.options.first_mut());
    if let Some(ColumnOption::PrimaryKey(key)) = option.map(|o| &mut o.option) {
        key.characteristics = Some(ConstraintCharacteristics::default());
    }
    same(&Statement::CreateTable(table))
}

/// What neither the parser nor the engine builds prints as the marker SQLite refuses.
#[test]
fn parts_no_one_builds_are_unprintable() -> Result<(), String> {
    let mut ins = insert(Flavor::MySql, "INSERT INTO t VALUES (1)")?;
    ins.after_columns = vec![Ident::new("a")];
    assert!(printed(&Statement::Insert(ins)).contains(UNPRINTABLE));

    let Statement::CreateTable(mut table) = parsed(Flavor::MySql, "CREATE TABLE t (a INT)")? else {
        return Err("not a CREATE TABLE".into());
    };
    table.copy_grants = true;
    assert!(printed(&Statement::CreateTable(table)).contains(UNPRINTABLE));

    let Statement::CreateTable(mut table) = parsed(Flavor::MySql, "CREATE TABLE t (a INT UNIQUE)")?
    else {
        return Err("not a CREATE TABLE".into());
    };
    let option = table
        .columns
        .first_mut()
        .and_then(|c| c.options.first_mut());
    if let Some(ColumnOption::Unique(key)) = option.map(|o| &mut o.option) {
        key.columns = vec!["b".into()];
    }
    assert!(printed(&Statement::CreateTable(table)).contains(UNPRINTABLE));

    assert!(printed(&Statement::Kill {
        modifier: None,
        id: 1
    })
    .contains(UNPRINTABLE));
    Ok(())
}
