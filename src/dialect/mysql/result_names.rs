//! Rule: result columns named as MariaDB names them. MariaDB names an unaliased constant by
//! its value (`'a'` is `a`, `NULL` is `NULL`, `-1` is `-1`, `true` is `TRUE`) and any other
//! expression by its text; SQLite names both by the text it was given, which the lab's other
//! rules rewrite (`now()` reached SQLite as `ql_now()`, and `'a'` kept its quotes). So every
//! unaliased item that is not a plain column gets MariaDB's name as its alias, before any
//! rule rewrites it.
//!
//! A VALUES list (`VALUES (1, 'a'), (2, 'b')` or in FROM) names its columns after its first
//! row, as a select list would be named (`1`, `a`), where SQLite says `column1`, `column2`:
//! it becomes `SELECT 1 AS "1", 'a' AS "a" UNION ALL VALUES (2, 'b')`. In FROM, two columns
//! of one name are MariaDB's error 1060.
//!
//! MariaDB takes an expression's text exactly as typed (`1+1`); the lab prints it from the
//! tree (`1 + 1`), so a header matches when the SQL is written with the printer's spacing.

use crate::dialect::walk;
use crate::trace::StepError;
use queuelab_sql::{Flavor, Parser, ToSql};
use sqlparser::ast::{
    Expr, OrderByKind, Query, SelectItem, SetExpr, SetOperator, SetQuantifier, Statement,
    UnaryOperator, Value,
};

pub fn rewrite(stmt: &mut Statement) -> Result<(), StepError> {
    if matches!(stmt, Statement::Insert(_)) {
        // An INSERT's VALUES are rows to write, never a result.
        return Ok(());
    }
    let top: *const Query = match stmt {
        Statement::Query(q) => &**q,
        _ => std::ptr::null(),
    };
    walk::try_queries(stmt, &mut |q| {
        let derived = !std::ptr::eq(q, top);
        values(q, derived)?;
        clashes(q)
    })?;
    crate::dialect::headers::name_items(stmt, &|e| match e {
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => None,
        _ => Some(name(e)),
    });
    Ok(())
}

/// MariaDB's name for an unaliased expression.
pub fn name(e: &Expr) -> String {
    constant(e).unwrap_or_else(|| e.to_sql())
}

/// The name of a constant: its value, as MariaDB gives it.
fn constant(e: &Expr) -> Option<String> {
    match e {
        Expr::Value(v) => Some(match &v.value {
            Value::SingleQuotedString(s) | Value::DoubleQuotedString(s) => s.clone(),
            Value::Number(n, _) => n.clone(),
            Value::Null => "NULL".into(),
            Value::Boolean(true) => "TRUE".into(),
            Value::Boolean(false) => "FALSE".into(),
            _ => return None,
        }),
        Expr::Nested(inner) => constant(inner),
        Expr::UnaryOp { op, expr } => match (op, expr.as_ref()) {
            (UnaryOperator::Minus, Expr::Value(v)) if matches!(v.value, Value::Number(..)) => {
                constant(expr).map(|n| format!("-{n}"))
            }
            (UnaryOperator::Plus, Expr::Value(v)) if matches!(v.value, Value::Number(..)) => {
                constant(expr)
            }
            _ => None,
        },
        _ => None,
    }
}

/// `VALUES r1, r2, ...` → `SELECT r1's values AS their names UNION ALL VALUES r2, ...`.
fn values(q: &mut Query, derived: bool) -> Result<(), StepError> {
    let SetExpr::Values(v) = q.body.as_mut() else {
        return Ok(());
    };
    let Some(first) = v.rows.first() else {
        return Ok(());
    };
    let names: Vec<String> = first.iter().map(name).collect();
    if derived {
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
                return Err(StepError::other(
                    "1060",
                    format!("Duplicate column name '{n}'"),
                ));
            }
        }
    }
    let mut select = Parser::from_sql(Flavor::MySql, "SELECT 1")
        .and_then(|mut p| p.parse_query())
        .map_err(|e| StepError::other("1064", e.to_string()))?;
    let first = v.rows.remove(0).content;
    if let SetExpr::Select(s) = select.body.as_mut() {
        s.projection = first
            .into_iter()
            .zip(names)
            .map(|(expr, n)| SelectItem::ExprWithAlias {
                expr,
                alias: sqlparser::ast::Ident::with_quote('"', n),
            })
            .collect();
    }
    if v.rows.is_empty() {
        q.body = select.body;
    } else {
        // The other rows' VALUES stay, as the right side of the UNION.
        let empty = SetExpr::Values(sqlparser::ast::Values {
            explicit_row: false,
            value_keyword: false,
            rows: Vec::new(),
        });
        let right = std::mem::replace(&mut q.body, Box::new(empty));
        *q.body = SetExpr::SetOperation {
            op: SetOperator::Union,
            set_quantifier: SetQuantifier::All,
            left: select.body,
            right,
        };
    }
    Ok(())
}

/// A constant named like a column that the query's ORDER BY names: MariaDB sorts by the
/// column, SQLite would sort by the constant's alias.
fn clashes(q: &Query) -> Result<(), StepError> {
    let Some(OrderByKind::Expressions(order)) = q.order_by.as_ref().map(|o| &o.kind) else {
        return Ok(());
    };
    let SetExpr::Select(s) = q.body.as_ref() else {
        return Ok(());
    };
    for item in &s.projection {
        let SelectItem::UnnamedExpr(e) = item else {
            continue;
        };
        let Some(n) = constant(e) else { continue };
        let named = order
            .iter()
            .any(|o| matches!(&o.expr, Expr::Identifier(i) if i.value.eq_ignore_ascii_case(&n)));
        if named {
            return Err(crate::dialect::common::unsupported_with(
                crate::dialect::Dialect::MySql,
                &format!("The constant {} in a select list whose ORDER BY names a column {n}", e.to_sql()),
                "MariaDB names the result column after the constant, and the lab would sort by it: give the constant an alias",
            ));
        }
    }
    Ok(())
}
