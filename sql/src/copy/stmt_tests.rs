//! Statements copied as sqlparser's `Clone` copies them: the shapes the engine composes from
//! parsed statements (which the parser never builds itself), statements of each flavour the
//! corpus has few of, and the parts no one builds, which must copy as the marker.

use crate::copy::{copy_difference, Duplicate};
use crate::print::{ToSql, UNPRINTABLE};
use crate::{Flavor, Parser};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    Assignment, AssignmentTarget, ColumnOption, ColumnOptionDef, ConstraintUsingIndex,
    CreateTableOptions, DeclareAssignment, DoUpdate, Expr, FromTable, GeneratedAs, Ident,
    IdentityParameters, IdentityProperty, IdentityPropertyFormatKind, IdentityPropertyKind,
    IdentityPropertyOrder, Insert, ObjectName, OnConflict, OnConflictAction, OnInsert,
    OutputClause, SequenceOptions, Set, SqlOption, SqliteOnConflict, Statement, TableConstraint,
    TableObject, Use,
};

fn parsed(flavor: Flavor, sql: &str) -> Result<Statement, String> {
    Parser::from_sql(flavor, sql)
        .and_then(|mut parser| parser.parse_statement())
        .map_err(|e| format!("{flavor:?} {sql}: {e}"))
}

fn same<T: Duplicate>(node: &T) -> Result<(), String> {
    match copy_difference(node) {
        Some(difference) => Err(difference),
        None => Ok(()),
    }
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

/// MySQL's INSERT IGNORE and REPLACE as the engine hands them to SQLite.
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
    let mut replace = insert(Flavor::MySql, "REPLACE INTO jobs (id) VALUES (1)")?;
    replace.columns.clear();
    replace.or = Some(SqliteOnConflict::Replace);
    same(&Statement::Insert(replace))
}

/// ON DUPLICATE KEY UPDATE becomes ON CONFLICT DO UPDATE with no target and an added
/// assignment; the copy checks itself through `duplicate` too.
#[test]
fn on_duplicate_key_update_becomes_on_conflict() -> Result<(), String> {
    let mut ins = insert(
        Flavor::MySql,
        "INSERT INTO ring (modulo, id) VALUES (3, 7) ON DUPLICATE KEY UPDATE id = VALUES(id)",
    )?;
    let Some(OnInsert::DuplicateKeyUpdate(mut assignments)) = ins.on.take() else {
        return Err("no ON DUPLICATE KEY UPDATE".into());
    };
    if let Some(first) = assignments.first_mut() {
        first.value = Expr::CompoundIdentifier(vec![Ident::new("excluded"), Ident::new("id")]);
    }
    assignments.push(Assignment {
        target: AssignmentTarget::ColumnName(column("updated_at")),
        value: Expr::Identifier(Ident::new("updated_at")),
    });
    ins.on = Some(OnInsert::OnConflict(OnConflict {
        conflict_target: None,
        action: OnConflictAction::DoUpdate(DoUpdate {
            assignments,
            selection: Some(Expr::Identifier(Ident::new("true"))),
        }),
    }));
    let statement = Statement::Insert(ins);
    same(&statement)?;
    let copy = statement.duplicate();
    assert_eq!(format!("{copy:?}"), format!("{statement:?}"));
    Ok(())
}

/// T-SQL's OUTPUT moved to RETURNING, the columns and source the engine sets, RETURNING
/// taken out of PostgreSQL's modifying CTEs.
#[test]
fn statements_the_engine_rewrites() -> Result<(), String> {
    let mut ins = insert(
        Flavor::MsSql,
        "INSERT INTO dbo.jobs OUTPUT inserted.id VALUES (1, 'x')",
    )?;
    ins.columns = vec![column("id"), column("payload")];
    if let Some(OutputClause::Output { select_items, .. }) = ins.output.take() {
        ins.returning = Some(select_items);
    }
    ins.source = Some(
        Parser::from_sql(Flavor::Sqlite, "SELECT * FROM temp.ql_src WHERE true")
            .and_then(|mut p| p.parse_query())
            .map_err(|e| e.to_string())?,
    );
    same(&Statement::Insert(ins))?;

    let Statement::Update(mut update) = parsed(
        Flavor::Postgres,
        "UPDATE jobs SET state = 'done' FROM q WHERE jobs.id = q.id RETURNING jobs.id",
    )?
    else {
        return Err("not an UPDATE".into());
    };
    update.returning = None;
    same(&Statement::Update(update))?;

    for (flavor, sql) in [
        (
            Flavor::MsSql,
            "DELETE FROM jobs OUTPUT deleted.id WHERE id = 1",
        ),
        (
            Flavor::MsSql,
            "UPDATE t SET a = 1 OUTPUT inserted.a FROM t JOIN u ON t.id = u.id",
        ),
    ] {
        let mut statement = parsed(flavor, sql)?;
        let (output, returning) = match &mut statement {
            Statement::Delete(d) => (&mut d.output, &mut d.returning),
            Statement::Update(u) => (&mut u.output, &mut u.returning),
            _ => return Err(format!("{sql}: no OUTPUT")),
        };
        if let Some(OutputClause::Output { select_items, .. }) = output.take() {
            *returning = Some(select_items);
        }
        same(&statement)?;
    }

    // T-SQL's DELETE through a CTE: the CTE's table in FROM, the rows in WHERE.
    let Statement::Delete(mut delete) = parsed(Flavor::MsSql, "DELETE FROM q WHERE id = 1")? else {
        return Err("not a DELETE".into());
    };
    let Statement::Delete(base) = parsed(Flavor::MsSql, "DELETE FROM dbo.jobs AS j")? else {
        return Err("not a DELETE".into());
    };
    if let FromTable::WithFromKeyword(tables) = base.from {
        delete.from = FromTable::WithFromKeyword(tables);
    }
    same(&Statement::Delete(delete))?;

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

/// Statements of each flavour, the SQL the engine composes for SQLite among them.
#[test]
fn statements_of_every_flavour() -> Result<(), String> {
    let cases: &[(Flavor, &str)] = &[
        (Flavor::MySql, "INSERT /*+ NO_ICP(t) */ INTO t (a) VALUES (1)"),
        (Flavor::MySql, "INSERT INTO t (a) VALUES (1) AS new (x) ON DUPLICATE KEY UPDATE a = x"),
        (Flavor::MySql, "INSERT INTO t PARTITION (p1) VALUES (1)"),
        (Flavor::MySql, "UPDATE /*+ BKA(t) */ t SET a = 1 ORDER BY id LIMIT 10"),
        (Flavor::MySql, "DELETE t1, t2 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t1.a = 1 ORDER BY t1.id LIMIT 5"),
        (Flavor::MySql, "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, b VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin COMMENT 'it''s b', c TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, UNIQUE KEY uk (b), KEY ix USING BTREE (c) COMMENT 'x', FULLTEXT INDEX ft (b)) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COMMENT = 'jobs'"),
        (Flavor::MySql, "CREATE TABLE t (a INT AS (b + 1) VIRTUAL, b INT INVISIBLE, g GEOMETRY SRID 4326)"),
        (Flavor::MySql, "CREATE TABLE t SELECT 1"),
        (Flavor::MySql, "ALTER TABLE t ADD COLUMN c INT FIRST, ADD d INT AFTER `c`, RENAME AS u"),
        (Flavor::MySql, "SET SESSION a = 1, @b = 2"),
        (Flavor::MySql, "SET NAMES utf8mb4 COLLATE 'utf8mb4_bin'"),
        (Flavor::MySql, "SET NAMES DEFAULT"),
        (Flavor::MySql, "DROP TEMPORARY TABLE IF EXISTS a, b"),
        (Flavor::MySql, "DROP INDEX ix ON t"),
        (Flavor::Postgres, "INSERT INTO t AS x (a) VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING"),
        (Flavor::Postgres, "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET (a, b) = (1, 2) WHERE t.a < 5 RETURNING *"),
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
        (Flavor::Postgres, "ROLLBACK AND CHAIN TO SAVEPOINT s"),
        (Flavor::Postgres, "COMMIT AND CHAIN"),
        (Flavor::Postgres, "SAVEPOINT s"),
        (Flavor::Postgres, "RELEASE SAVEPOINT s"),
        (Flavor::Postgres, "DROP INDEX ix CASCADE"),
        (Flavor::MsSql, "CREATE TABLE dbo.t (id INT IDENTITY(1, 1) NOT NULL, n INT IDENTITY, CONSTRAINT pk PRIMARY KEY (id))"),
        (Flavor::MsSql, "INSERT INTO t (a) OUTPUT inserted.a INTO @ids VALUES (1)"),
        (Flavor::MsSql, "DECLARE @a INT = 1, @c CURSOR"),
        (Flavor::MsSql, "IF @a > 1 BEGIN SELECT 1; SELECT 2 END ELSE SELECT 3"),
        (Flavor::MsSql, "BEGIN SELECT 1; END"),
        (Flavor::MsSql, "BEGIN TRAN"),
        (Flavor::MsSql, "END TRY"),
        (Flavor::MsSql, "SET NOCOUNT, XACT_ABORT ON"),
        (Flavor::MsSql, "USE queue"),
        (Flavor::Sqlite, "INSERT OR REPLACE INTO t VALUES (1) RETURNING id"),
        (Flavor::Sqlite, "INSERT INTO t VALUES (1) ON CONFLICT DO UPDATE SET a = excluded.a WHERE true"),
        (Flavor::Sqlite, "UPDATE OR ABORT t SET a = 1"),
        (Flavor::Sqlite, "CREATE TABLE t (a INTEGER PRIMARY KEY AUTOINCREMENT, b UNIQUE ON CONFLICT REPLACE, c TEXT NOT NULL ON CONFLICT IGNORE DEFAULT 'x', d INTEGER REFERENCES u (id) ON DELETE CASCADE) WITHOUT ROWID STRICT"),
        (Flavor::Sqlite, "CREATE TABLE \"jobs\" (\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, \"name\" TEXT COLLATE NOCASE NOT NULL DEFAULT ('x'), UNIQUE (\"name\"), PRIMARY KEY (\"id\"), CONSTRAINT \"ck\" CHECK (id > 0))"),
        (Flavor::Sqlite, "CREATE INDEX \"jobs__ix\" ON \"jobs\" (\"name\", \"id\")"),
        (Flavor::Sqlite, "BEGIN IMMEDIATE TRANSACTION"),
        (Flavor::Generic, "DELETE WHERE a = 1"),
        (Flavor::Generic, "SET (a, b) = (1, 2)"),
        (Flavor::Generic, "CREATE TABLE t (a INT MATERIALIZED 1, b INT ALIAS a, c INT EPHEMERAL, d INT EPHEMERAL 2)"),
        (Flavor::Generic, "CREATE OR REPLACE GLOBAL TEMPORARY TABLE t AS SELECT 1"),
    ];
    for (flavor, sql) in cases {
        let statement = parsed(*flavor, sql)?;
        same(&statement).map_err(|d| format!("{flavor:?} {sql}\n  {d}"))?;
    }
    Ok(())
}

/// The copy's SQL, which holds the marker.
fn marked(statement: &Statement) -> Result<(), String> {
    let out = statement.copy_of().to_sql();
    if out.contains(UNPRINTABLE) {
        Ok(())
    } else {
        Err(format!("no marker in {out}"))
    }
}

fn create_table(sql: &str) -> Result<sqlparser::ast::CreateTable, String> {
    match parsed(Flavor::Postgres, sql)? {
        Statement::CreateTable(table) => Ok(table),
        other => Err(format!("not a CREATE TABLE: {other:?}")),
    }
}

/// Statements, INSERTs and tables of other databases copy as the marker.
#[test]
fn foreign_statements_copy_as_the_marker() -> Result<(), String> {
    marked(&Statement::Kill {
        modifier: None,
        id: 1,
    })?;
    marked(&Statement::Use(Use::Default))?;
    let mut begin = parsed(Flavor::Postgres, "BEGIN")?;
    if let Statement::StartTransaction { exception, .. } = &mut begin {
        *exception = Some(vec![]);
    }
    marked(&begin)?;

    let mut ins = insert(Flavor::MySql, "INSERT INTO t VALUES (1)")?;
    ins.settings = Some(vec![]);
    marked(&Statement::Insert(ins))?;
    let mut ins = insert(Flavor::MySql, "INSERT INTO t VALUES (1)")?;
    ins.table = TableObject::TableQuery(
        Parser::from_sql(Flavor::MySql, "SELECT a FROM u")
            .and_then(|mut p| p.parse_query())
            .map_err(|e| e.to_string())?,
    );
    marked(&Statement::Insert(ins))?;
    let mut ins = insert(Flavor::MsSql, "INSERT INTO t VALUES (1)")?;
    ins.output = Some(OutputClause::Returning {
        returning_token: AttachedToken::empty(),
        select_items: vec![],
    });
    marked(&Statement::Insert(ins))?;

    let mut table = create_table("CREATE TABLE t (a INT)")?;
    table.copy_grants = true;
    marked(&Statement::CreateTable(table))?;
    let mut table = create_table("CREATE TABLE t (a INT)")?;
    table.sortkey = Some(vec![]);
    marked(&Statement::CreateTable(table))?;
    let mut table = create_table("CREATE TABLE t (a INT)")?;
    table.table_options = CreateTableOptions::Options(vec![]);
    marked(&Statement::CreateTable(table))?;
    let mut table = create_table("CREATE TABLE t (a INT)")?;
    table.table_options = CreateTableOptions::Plain(vec![SqlOption::Partition {
        column_name: Ident::new("a"),
        range_direction: None,
        for_values: vec![],
    }]);
    marked(&Statement::CreateTable(table))?;
    let mut table = create_table("CREATE TABLE t (a INT)")?;
    table
        .constraints
        .push(TableConstraint::PrimaryKeyUsingIndex(
            ConstraintUsingIndex {
                name: None,
                index_name: Ident::new("ix"),
                characteristics: None,
            },
        ));
    marked(&Statement::CreateTable(table))
}

/// Column options no one builds copy as `DEFAULT` and the marker.
#[test]
fn foreign_column_options_copy_as_the_marker() -> Result<(), String> {
    let identity = |parameters, order| IdentityProperty { parameters, order };
    let one = || Expr::value(sqlparser::ast::Value::Number("1".into(), false));
    let options = [
        ColumnOption::Options(vec![]),
        ColumnOption::Generated {
            generated_as: GeneratedAs::Always,
            sequence_options: Some(vec![SequenceOptions::Cycle(true)]),
            generation_expr: None,
            generation_expr_mode: None,
            generated_keyword: true,
        },
        ColumnOption::Identity(IdentityPropertyKind::Autoincrement(identity(None, None))),
        ColumnOption::Identity(IdentityPropertyKind::Identity(identity(
            None,
            Some(IdentityPropertyOrder::Order),
        ))),
        ColumnOption::Identity(IdentityPropertyKind::Identity(identity(
            Some(IdentityPropertyFormatKind::StartAndIncrement(
                IdentityParameters {
                    seed: one(),
                    increment: one(),
                },
            )),
            None,
        ))),
    ];
    for option in options {
        let mut table = create_table("CREATE TABLE t (a INT)")?;
        if let Some(column) = table.columns.first_mut() {
            column.options.push(ColumnOptionDef { name: None, option });
        }
        marked(&Statement::CreateTable(table))?;
    }
    Ok(())
}

/// ALTER TABLE operations, SET forms and DECLARE assignments no one builds.
#[test]
fn foreign_session_and_alter_parts_copy_as_the_marker() -> Result<(), String> {
    let mut alter = parsed(Flavor::Postgres, "ALTER TABLE t RENAME COLUMN a TO b")?;
    if let Statement::AlterTable(alter) = &mut alter {
        alter
            .operations
            .push(sqlparser::ast::AlterTableOperation::DisableRowLevelSecurity);
    }
    marked(&alter)?;
    marked(&Statement::Set(Set::SetRole {
        context_modifier: None,
        role_name: None,
    }))?;
    let mut declare = parsed(Flavor::MsSql, "DECLARE @a INT = 1")?;
    if let Statement::Declare { stmts } = &mut declare {
        for stmt in stmts {
            stmt.assignment = Some(DeclareAssignment::Default(Box::new(Expr::Identifier(
                Ident::new("x"),
            ))));
        }
    }
    marked(&declare)
}
