//! The placeholders of the statement parts no one builds, which must copy as the marker.
//! (Statements of each flavour and the engine's rewrites are held to `Clone` in
//! `crate::sql::tests`.)

use crate::sql::copy::Duplicate;
use crate::sql::print::{ToSql, UNPRINTABLE};
use crate::sql::tests::statement as parsed;
use crate::sql::{Flavor, Parser};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    ColumnOption, ColumnOptionDef, ConstraintUsingIndex, CreateTableOptions, DeclareAssignment,
    Expr, GeneratedAs, Ident, IdentityParameters, IdentityProperty, IdentityPropertyFormatKind,
    IdentityPropertyKind, IdentityPropertyOrder, Insert, OutputClause, SequenceOptions, Set,
    SqlOption, Statement, TableConstraint, TableObject, Use,
};

fn insert(flavor: Flavor, sql: &str) -> Result<Insert, String> {
    match parsed(flavor, sql)? {
        Statement::Insert(insert) => Ok(insert),
        other => Err(format!("not an INSERT: {other:?}")),
    }
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
    if let Statement::Declare { stmts, .. } = &mut declare {
        for stmt in stmts {
            stmt.assignment = Some(DeclareAssignment::Default(Box::new(Expr::Identifier(
                Ident::new("x"),
            ))));
        }
    }
    marked(&declare)
}
