//! Rule: `OUTPUT inserted.c / deleted.c` becomes `RETURNING c` (`engine/store/returning.rs`).
//! A DELETE's row is the deleted one, an INSERT's or UPDATE's the new one, which is what
//! RETURNING gives; an UPDATE's old values (`deleted.c`) have no RETURNING form and are
//! refused.

use super::refuse;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{Expr, OutputClause, SelectItem, SelectItemQualifiedWildcardKind, Statement};

/// What OUTPUT asked for: a note, and for `OUTPUT ... INTO t` the table the rows go to.
pub type Output = (Option<String>, Option<String>);

pub fn rewrite(stmt: &mut Statement) -> Result<Output, StepError> {
    let (output, returning, new_rows) = match stmt {
        Statement::Delete(d) => (&mut d.output, &mut d.returning, false),
        Statement::Update(u) => (&mut u.output, &mut u.returning, true),
        Statement::Insert(i) => (&mut i.output, &mut i.returning, true),
        _ => return Ok((None, None)),
    };
    let Some(clause) = output.take() else {
        return Ok((None, None));
    };
    let OutputClause::Output {
        select_items,
        into_table,
        ..
    } = clause
    else {
        return Ok((None, None));
    };
    let into = match into_table.map(|i| i.targets) {
        None => None,
        Some(targets) => match targets.as_slice() {
            [Expr::Identifier(t)] if !t.value.starts_with('@') => Some(t.value.clone()),
            [Expr::CompoundIdentifier(parts)] => parts.last().map(|p| p.value.clone()),
            _ => {
                return Err(refuse(
                    "OUTPUT ... INTO @table_variable is not supported (table variables are not); OUTPUT INTO a table made with CREATE TABLE",
                ))
            }
        },
    };
    let (keep, other) = if new_rows {
        ("inserted", "deleted")
    } else {
        ("deleted", "inserted")
    };
    let mut items = Vec::new();
    for item in select_items {
        items.push(unqualify(item, keep, other)?);
    }
    *returning = Some(items);
    let note = match &into {
        Some(t) => format!(
            "OUTPUT ... INTO {t}: the statement returns its rows (RETURNING), and the next step inserts them into {t}"
        ),
        None => format!(
            "OUTPUT {keep}.* becomes RETURNING: the lab returns the rows the statement changed once it has run"
        ),
    };
    Ok((Some(note), into))
}

fn unqualify(item: SelectItem, keep: &str, other: &str) -> Result<SelectItem, StepError> {
    let fix = |e: Expr| -> Result<Expr, StepError> {
        match e {
            Expr::CompoundIdentifier(mut parts) if parts.len() == 2 => {
                let q = parts[0].value.to_ascii_lowercase();
                if q == other {
                    return Err(refuse(&format!(
                        "OUTPUT {other}.{} is not available here: this statement's rows are the {keep} ones",
                        parts[1].value
                    )));
                }
                if q == keep {
                    return Ok(Expr::Identifier(parts.remove(1)));
                }
                Ok(Expr::CompoundIdentifier(parts))
            }
            e => Ok(e),
        }
    };
    Ok(match item {
        SelectItem::UnnamedExpr(e) => SelectItem::UnnamedExpr(fix(e)?),
        SelectItem::ExprWithAlias { expr, alias } => SelectItem::ExprWithAlias {
            expr: fix(expr)?,
            alias,
        },
        SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(n), opts) => {
            let q = n.to_sql().to_ascii_lowercase();
            if q == other {
                return Err(refuse(&format!(
                    "OUTPUT {other}.* is not available here: this statement's rows are the {keep} ones"
                )));
            }
            if q == keep {
                SelectItem::Wildcard(opts)
            } else {
                SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(n), opts)
            }
        }
        other => other,
    })
}
