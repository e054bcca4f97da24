//! Rule: a column list on a derived table's alias, which SQLite does not read. PostgreSQL's
//! `(VALUES (1, 'done'), (2, 'failed')) AS v(id, state)` names the list's columns `id` and
//! `state` (a shorter list names the first ones, the rest keep `column2`, ...), the usual way
//! to join a batch of values to a table (`UPDATE jobs SET state = v.state FROM (VALUES ...)
//! AS v(id, state) WHERE jobs.id = v.id`): the list becomes `(SELECT column1 AS "id", column2
//! AS "state" FROM (VALUES ...) AS ql_values) AS v`. `(SELECT id FROM jobs ...) AS c(job_id)`
//! names the subquery's columns: its items get the names as aliases. More names than
//! columns is the server's 42P10. Refused by name: a subquery that selects `*` (its columns
//! are not counted here), and one with ORDER BY, GROUP BY or HAVING whose items have aliases
//! the list replaces (those clauses may name an old alias, which PostgreSQL reads as the
//! output column and SQLite would read as a table's column, or none).

use crate::dialect::common::unsupported_with;
use crate::dialect::Dialect;
use crate::sql::{Flavor, Parser};
use crate::trace::StepError;
use sqlparser::ast::{Expr, Query, SelectItem, SetExpr, Statement, TableFactor};

/// The alias of the VALUES list inside the rewritten subquery.
const INNER: &str = "ql_values";

pub fn rewrite(stmt: &mut Statement) -> Result<Option<String>, StepError> {
    let mut fired = false;
    super::series::from_factors(stmt, &mut |f| {
        fired |= derived(f)?;
        Ok(())
    })?;
    Ok(fired.then(|| {
        "a column list on a derived table's alias names its columns: (VALUES ...) AS v(a, b) becomes (SELECT column1 AS a, column2 AS b FROM (VALUES ...)) AS v, (SELECT id ...) AS c(x) gives id the alias x; SQLite reads no column list on an alias".into()
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
    let names: Vec<String> = alias
        .columns
        .iter()
        .map(|c| super::names::folded(&c.name))
        .collect();
    let available =
        match subquery.body.as_ref() {
            SetExpr::Values(values) => values.rows.first().map_or(0, |r| r.len()),
            _ => match crate::dialect::walk::result_select(subquery) {
                Some(s)
                    if s.projection.iter().all(|i| {
                        !matches!(
                            i,
                            SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..)
                        )
                    }) =>
                {
                    s.projection.len()
                }
                _ => return Err(unsupported_with(
                    Dialect::Postgres,
                    &format!(
                    "A column list on the alias {} of a subquery that selects * or is no SELECT",
                    alias.name.value
                ),
                    "name the columns inside the subquery: (SELECT id AS job_id FROM jobs) AS c",
                )),
            },
        };
    if names.len() > available {
        return Err(StepError::other(
            "42P10",
            format!(
                "table \"{}\" has {available} columns available but {} columns specified",
                alias.name.value,
                names.len()
            ),
        ));
    }
    if !matches!(subquery.body.as_ref(), SetExpr::Values(_)) {
        rename(subquery, &names, &alias.name.value)?;
        alias.columns.clear();
        return Ok(true);
    }
    let items: Vec<String> = (1..=available)
        .map(|i| match names.get(i - 1) {
            Some(n) => format!("column{i} AS \"{}\"", n.replace('"', "\"\"")),
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

/// Gives the first items of `q`'s result the `names`, as aliases.
fn rename(q: &mut Query, names: &[String], table: &str) -> Result<(), StepError> {
    let ordered = q.order_by.is_some();
    let Some(s) = crate::dialect::walk::result_select_mut(q) else {
        return Ok(());
    };
    // The clauses may name an alias the list replaces (reading the output column), where
    // SQLite would read the table's column of that name, or none.
    let grouped =
        !matches!(&s.group_by, sqlparser::ast::GroupByExpr::Expressions(e, _) if e.is_empty());
    let clauses = ordered || grouped || s.having.is_some();
    for (item, name) in s.projection.iter_mut().zip(names) {
        let expr = match item {
            SelectItem::UnnamedExpr(e) => e,
            SelectItem::ExprWithAlias { expr, .. } if !clauses => expr,
            SelectItem::ExprWithAlias { .. } => {
                return Err(unsupported_with(
                    Dialect::Postgres,
                    &format!("A column list on the alias {table} of a subquery with ORDER BY, GROUP BY or HAVING whose items have aliases"),
                    "name the columns inside the subquery: (SELECT id AS job_id FROM jobs) AS c",
                ))
            }
            _ => continue,
        };
        let expr = std::mem::replace(expr, Expr::Value(sqlparser::ast::Value::Null.into()));
        *item = SelectItem::ExprWithAlias {
            expr,
            alias: sqlparser::ast::Ident::with_quote('"', name.as_str()),
        };
    }
    Ok(())
}
