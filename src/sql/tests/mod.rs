//! The tests the printer, the copy and the walk share: each tree (a shape the parser reads,
//! a tree the engine builds, a node of the corpus) is built once and held at once to
//! sqlparser's `Display` (the printer), to its `Clone` (the copy, by `Debug` text) and, where
//! the node is one the walk takes, to a walk that reaches its end and leaves it as it was.
//! The tests only one side has (the placeholders, the marker, ...) stay beside that side.

mod depth;
mod expressions;
mod queries;
mod statements;

use crate::sql::copy::{copy_difference, Duplicate};
use crate::sql::print::{display_difference, ToSql, UNPRINTABLE};
use crate::sql::walk::{Callbacks, Walk};
use crate::sql::{Flavor, Parser};
use sqlparser::ast::{
    CastKind, DataType, Expr, Ident, LimitClause, ObjectName, Query, Select, SetExpr, Statement,
    TableFactor, Value,
};
use std::ops::ControlFlow;

/// What the printer and the copy get wrong about `node`, one line each.
fn differences<T: ToSql + Duplicate>(node: &T) -> Vec<String> {
    display_difference(node)
        .into_iter()
        .chain(copy_difference(node))
        .collect()
}

/// Fails unless `node` prints as `Display` prints it and copies as `Clone` copies it.
fn printed_and_copied<T: ToSql + Duplicate>(node: &T) -> Result<(), String> {
    let found = differences(node);
    if found.is_empty() {
        Ok(())
    } else {
        Err(found.join("\n"))
    }
}

/// As [`printed_and_copied`], and a walk with every callback (on a copy, as the walk takes
/// the tree mutably) must reach the end and leave the tree as it was.
fn judged<T: ToSql + Duplicate + Walk>(node: &T) -> Result<(), String> {
    printed_and_copied(node)?;
    let mut walked = node.copy_of();
    let (mut e, mut q, mut r) = (
        |_: &mut Expr| ControlFlow::Continue(()),
        |_: &mut Query| ControlFlow::Continue(()),
        |_: &mut ObjectName| ControlFlow::Continue(()),
    );
    let flow = walked.walk(&mut Callbacks {
        expr: Some(&mut e),
        query: Some(&mut q),
        relation: Some(&mut r),
    });
    if flow.is_break() {
        return Err(format!("the walk stopped early on {node:?}"));
    }
    if format!("{walked:?}") != format!("{node:?}") {
        return Err(format!("the walk changed {node:?}"));
    }
    Ok(())
}

/// Judges every case of a list of SQL texts, parsed by `parse`; fails with all the
/// differences at once, each under its text. Also fails on text that prints the marker,
/// which the lists must not hold.
fn judge_each<T: ToSql + Duplicate + Walk>(
    cases: &[(Flavor, &str)],
    parse: fn(Flavor, &str) -> Result<T, String>,
) -> Result<(), String> {
    let mut found = vec![];
    for (flavor, sql) in cases {
        let tree = parse(*flavor, sql).map_err(|e| format!("{flavor:?}: {sql}: {e}"))?;
        if let Err(d) = judged(&tree) {
            found.push(format!("{flavor:?}: {sql}\n  {d}"));
        }
        let out = printed(&tree);
        if out.contains(UNPRINTABLE) {
            found.push(format!("{flavor:?}: {sql}: prints the marker: {out}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    Ok(())
}

pub(crate) fn query(flavor: Flavor, sql: &str) -> Result<Query, String> {
    Parser::from_sql(flavor, sql)
        .and_then(|mut parser| parser.parse_query())
        .map(|q| *q)
        .map_err(|e| format!("{flavor:?} {sql}: {e}"))
}

pub(crate) fn statement(flavor: Flavor, sql: &str) -> Result<Statement, String> {
    Parser::from_sql(flavor, sql)
        .and_then(|mut parser| parser.parse_statement())
        .map_err(|e| format!("{flavor:?} {sql}: {e}"))
}

/// The printer's text without the `check` comparison with `Display`, which the marker
/// fails (and on which `Display` may panic).
pub(crate) fn printed<T: ToSql + ?Sized>(node: &T) -> String {
    let mut out = String::new();
    node.write_sql(&mut out);
    out
}

pub(crate) fn text(s: &str) -> Expr {
    Expr::value(Value::SingleQuotedString(s.to_string()))
}

pub(crate) fn cast(e: Expr, data_type: DataType) -> Expr {
    Expr::Cast {
        kind: CastKind::Cast,
        expr: Box::new(e),
        data_type,
        format: None,
    }
}

pub(crate) fn number(n: &str) -> Expr {
    Expr::value(Value::Number(n.to_string(), false))
}

pub(crate) fn name(parts: &[&str]) -> ObjectName {
    crate::sql::build::name_of(parts.iter().map(|p| Ident::new(*p)).collect::<Vec<_>>())
}

fn limit(n: &str) -> Option<LimitClause> {
    Some(LimitClause::LimitOffset {
        limit: Some(number(n)),
        offset: None,
        limit_by: vec![],
    })
}

pub(crate) fn select_of(query: &mut Query) -> Result<&mut Select, String> {
    match query.body.as_mut() {
        SetExpr::Select(select) => Ok(select),
        _ => Err("not a select".to_string()),
    }
}

pub(crate) fn first_table(query: &mut Query) -> Result<&mut TableFactor, String> {
    select_of(query)?
        .from
        .first_mut()
        .map(|t| &mut t.relation)
        .ok_or_else(|| "no FROM".to_string())
}

/// A call as the engine builds one.
pub(crate) use crate::sql::build::call;
