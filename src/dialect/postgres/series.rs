//! Rule: functions in FROM. PostgreSQL's `generate_series(a, b [, step])` over integers is
//! modelled: it becomes `(WITH RECURSIVE ql_series(v) AS (SELECT a WHERE a <= b UNION ALL
//! SELECT v + step FROM ql_series WHERE v + step <= b) SELECT v AS "g" FROM ql_series) AS "g"`
//! (`>=` for a step below zero), under the name the server gives its one column: the alias
//! (`g`), or the function's name without one. So `SELECT *`, `g` in ORDER BY or a join's ON,
//! and the result's header are the server's. A step of zero is the server's error 22023.
//! (SQLite's own generate_series, a virtual table the lab loaded before, counted up by one
//! for a step of zero and gave nothing for a step below zero; without it the browser's
//! SQLite leaves virtual tables out, about 6 KB gzip.)
//!
//! Every other function in FROM (`unnest`, `jsonb_array_elements`, ...), a column list on
//! generate_series's alias, and arguments that read a column or are not integers are refused
//! by name: SQLite has no such table, and the lab answered `relation "unnest" does not
//! exist`, an error the server does not give.

use crate::dialect::common::unsupported_with;
use crate::dialect::Dialect;
use crate::sql::{Flavor, Parser, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{
    FunctionArg, FunctionArgExpr, SetExpr, Statement, TableFactor, TableWithJoins,
    UpdateTableFromKind,
};

const SERIES: &str = "generate_series";
/// The WITH query that counts the series, inside the rewritten FROM item.
const INNER: &str = "ql_series";

pub fn rewrite(stmt: &mut Statement) -> Result<Option<String>, StepError> {
    let mut fired = false;
    from_factors(stmt, &mut |f| factor(f, &mut fired))?;
    Ok(fired.then(|| {
        format!("{SERIES}(a, b, step) g becomes (WITH RECURSIVE {INNER}(v) AS (SELECT a ... UNION ALL SELECT v + step ...) SELECT v AS g FROM {INNER}) AS g: SQLite has no such function here")
    }))
}

type FactorFn<'a> = &'a mut dyn FnMut(&mut TableFactor) -> Result<(), StepError>;

/// Calls `f` on every table factor of every FROM list of `stmt` (every SELECT's, both sides
/// of a UNION, an UPDATE's FROM, a DELETE's USING; the tables of a parenthesized join), up
/// to the first error.
pub fn from_factors(stmt: &mut Statement, f: FactorFn) -> Result<(), StepError> {
    crate::dialect::walk::try_queries(stmt, &mut |q| body(&mut q.body, f))?;
    let extra = match stmt {
        Statement::Update(u) => match &mut u.from {
            Some(UpdateTableFromKind::BeforeSet(f) | UpdateTableFromKind::AfterSet(f)) => Some(f),
            None => None,
        },
        Statement::Delete(d) => d.using.as_mut(),
        _ => None,
    };
    match extra {
        Some(from) => tables(from, f),
        None => Ok(()),
    }
}

/// The FROM lists of every SELECT of a query body (a nested query is the walk's).
fn body(body: &mut SetExpr, f: FactorFn) -> Result<(), StepError> {
    match body {
        SetExpr::Select(s) => tables(&mut s.from, f),
        SetExpr::SetOperation { left, right, .. } => {
            self::body(left, f)?;
            self::body(right, f)
        }
        _ => Ok(()),
    }
}

fn tables(from: &mut [TableWithJoins], f: FactorFn) -> Result<(), StepError> {
    for t in from {
        one(&mut t.relation, f)?;
        for j in &mut t.joins {
            one(&mut j.relation, f)?;
        }
    }
    Ok(())
}

fn one(factor: &mut TableFactor, f: FactorFn) -> Result<(), StepError> {
    match factor {
        TableFactor::NestedJoin {
            table_with_joins, ..
        } => tables(std::slice::from_mut(table_with_joins.as_mut()), f),
        _ => f(factor),
    }
}

fn factor(f: &mut TableFactor, fired: &mut bool) -> Result<(), StepError> {
    let (name, args, alias) = match f {
        TableFactor::UNNEST { .. } => return Err(refused("unnest(...)")),
        TableFactor::Function { name, .. } => {
            return Err(refused(&format!("{}(...)", name.to_sql())))
        }
        TableFactor::TableFunction { .. } => return Err(refused("TABLE(...)")),
        TableFactor::Table {
            name,
            args: Some(args),
            alias,
            ..
        } => (name.to_sql(), &args.args, alias),
        _ => return Ok(()),
    };
    if !name.eq_ignore_ascii_case(SERIES) {
        return Err(refused(&format!("{name}(...)")));
    }
    if alias.as_ref().is_some_and(|a| !a.columns.is_empty()) {
        return Err(unsupported_with(
            Dialect::Postgres,
            "A column list on generate_series's alias (AS g(n))",
            "name the series alone: generate_series(1, 5) AS n",
        ));
    }
    let mut written = Vec::new();
    for a in args {
        match a {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) if super::advisory::integer(e).is_some() => {
                written.push(e.to_sql())
            }
            _ => {
                return Err(unsupported_with(
                    Dialect::Postgres,
                    &format!("{SERIES}() over {}", a.to_sql()),
                    "the lab's generate_series counts over integer constants: write the bounds as numbers",
                ))
            }
        }
    }
    let step = match args.get(2) {
        Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(e))) => super::advisory::integer(e),
        _ => Some(1),
    };
    let (Some(step), [from, to] | [from, to, _]) = (step, written.as_slice()) else {
        return Err(refused(SERIES));
    };
    if step == 0 {
        return Err(StepError::other(
            "22023",
            "step size cannot equal zero".into(),
        ));
    }
    let column = alias
        .as_ref()
        .map_or(SERIES.to_string(), |a| a.name.value.clone());
    let quoted = format!("\"{}\"", column.replace('"', "\"\""));
    let within = if step > 0 { "<=" } else { ">=" };
    let text = format!(
        "SELECT 1 FROM (WITH RECURSIVE {INNER}(v) AS (SELECT {from} WHERE {from} {within} {to} \
         UNION ALL SELECT v + {step} FROM {INNER} WHERE v + {step} {within} {to}) \
         SELECT v AS {quoted} FROM {INNER}) AS {quoted}"
    );
    let mut query = Parser::from_sql(Flavor::Postgres, &text)
        .and_then(|mut p| p.parse_query())
        .map_err(|e| refused(&format!("{SERIES}(...) ({e})")))?;
    let SetExpr::Select(s) = query.body.as_mut() else {
        return Err(refused(SERIES));
    };
    *f = s.from.remove(0).relation;
    *fired = true;
    Ok(())
}

fn refused(what: &str) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        &format!("The function {what} in FROM"),
        "the lab models generate_series(a, b) in FROM; write the rows as a query (SELECT ... UNION ALL SELECT ...) or one statement per value",
    )
}
