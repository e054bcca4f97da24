//! Rule: SQL Server gives an unaliased expression no name. Its result column is named by
//! the empty string (sqlcmd prints a blank header), where SQLite named it by the text it ran
//! (`1 + 1`, `ql_now()` for GETDATE()). A derived table or a WITH query with such a column
//! is the server's error 8155. Plain columns keep the name SQLite gives them.

use crate::dialect::walk;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Query, SelectItem, SetExpr, Statement, TableFactor};

pub fn rewrite(stmt: &mut Statement) -> Result<(), StepError> {
    walk::try_queries(stmt, &mut |q| {
        for cte in q.with.iter().flat_map(|w| &w.cte_tables) {
            named(&cte.query, &cte.alias)?;
        }
        if let SetExpr::Select(s) = q.body.as_ref() {
            for f in walk::factors(&s.from) {
                if let TableFactor::Derived {
                    subquery,
                    alias: Some(alias),
                    ..
                } = f
                {
                    named(subquery, alias)?;
                }
            }
        }
        Ok(())
    })?;
    crate::dialect::headers::name_items(stmt, &|e| (!column(e)).then(String::new));
    Ok(())
}

fn column(e: &Expr) -> bool {
    match e {
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => true,
        Expr::Nested(inner) => column(inner),
        _ => false,
    }
}

/// Error 8155 when a column of `q`, read as the table `alias`, has no name.
fn named(q: &Query, alias: &sqlparser::ast::TableAlias) -> Result<(), StepError> {
    let Some(s) = walk::result_select(q) else {
        return Ok(());
    };
    if !alias.columns.is_empty() {
        return Ok(());
    }
    for (i, item) in s.projection.iter().enumerate() {
        if matches!(item, SelectItem::UnnamedExpr(e) if !column(e)) {
            return Err(StepError::other(
                "8155",
                format!(
                    "No column name was specified for column {} of '{}'.",
                    i + 1,
                    alias.name.value
                ),
            ));
        }
    }
    Ok(())
}
