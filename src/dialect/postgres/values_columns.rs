//! Rule: a column list on a VALUES list's alias. PostgreSQL's `(VALUES (1, 'done'), (2,
//! 'failed')) AS v(id, state)` names the list's columns `id` and `state` (a shorter list
//! names the first ones, the rest keep `column2`, ...), the usual way to join a batch of
//! values to a table (`UPDATE jobs SET state = v.state FROM (VALUES ...) AS v(id, state)
//! WHERE jobs.id = v.id`). SQLite reads no column list there: the list becomes
//! `(SELECT column1 AS "id", column2 AS "state" FROM (VALUES ...) AS ql_values) AS v`.
//! More names than columns is the server's 42P10. A column list on a subquery's alias is
//! refused by name.

use crate::dialect::common::unsupported_with;
use crate::dialect::Dialect;
use crate::trace::StepError;
use queuelab_sql::{Flavor, Parser};
use sqlparser::ast::{SetExpr, Statement, TableFactor};

/// The alias of the VALUES list inside the rewritten subquery.
const INNER: &str = "ql_values";

pub fn rewrite(stmt: &mut Statement) -> Result<Option<String>, StepError> {
    let mut fired = false;
    super::series::from_factors(stmt, &mut |f| {
        fired |= derived(f)?;
        Ok(())
    })?;
    Ok(fired.then(|| {
        "(VALUES ...) AS v(a, b) becomes (SELECT column1 AS a, column2 AS b FROM (VALUES ...)) AS v: SQLite reads no column list on an alias".into()
    }))
}

/// Whether `f` was a VALUES list with a column list, now rewritten.
fn derived(f: &mut TableFactor) -> Result<bool, StepError> {
    let TableFactor::Derived {
        subquery,
        alias: Some(alias),
        ..
    } = f
    else {
        return Ok(false);
    };
    if alias.columns.is_empty() {
        return Ok(false);
    }
    let SetExpr::Values(values) = subquery.body.as_ref() else {
        return Err(unsupported_with(
            Dialect::Postgres,
            &format!("A column list on the subquery alias {}", alias.name.value),
            "name the columns inside the subquery: (SELECT id AS job_id FROM jobs) AS c",
        ));
    };
    let available = values.rows.first().map_or(0, |r| r.len());
    if alias.columns.len() > available {
        return Err(StepError::other(
            "42P10",
            format!(
                "table \"{}\" has {available} columns available but {} columns specified",
                alias.name.value,
                alias.columns.len()
            ),
        ));
    }
    let items: Vec<String> = (1..=available)
        .map(|i| match alias.columns.get(i - 1) {
            Some(c) => format!(
                "column{i} AS \"{}\"",
                super::names::folded(&c.name).replace('"', "\"\"")
            ),
            None => format!("column{i}"),
        })
        .collect();
    let text = format!("SELECT {} FROM (VALUES (1)) AS {INNER}", items.join(", "));
    let mut outer = Parser::from_sql(Flavor::Postgres, &text)
        .and_then(|mut p| p.parse_query())
        .map_err(|e| StepError::other("42601", e.to_string()))?;
    if let SetExpr::Select(s) = outer.body.as_mut() {
        if let Some(TableFactor::Derived {
            subquery: inner, ..
        }) = s.from.first_mut().map(|t| &mut t.relation)
        {
            std::mem::swap(inner, subquery);
        }
    }
    *subquery = outer;
    alias.columns.clear();
    Ok(true)
}
