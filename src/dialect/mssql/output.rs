//! Rule: `OUTPUT inserted.c / deleted.c` becomes SQLite's `RETURNING c`. A DELETE's row is the
//! deleted one, an INSERT's or UPDATE's the new one, which is what RETURNING gives; an UPDATE's
//! old values (`deleted.c`) have no RETURNING form and are refused.

use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{Expr, OutputClause, SelectItem, SelectItemQualifiedWildcardKind, Statement};

pub fn rewrite(stmt: &mut Statement) -> Result<Option<String>, StepError> {
    let (output, returning, new_rows) = match stmt {
        Statement::Delete(d) => (&mut d.output, &mut d.returning, false),
        Statement::Update(u) => (&mut u.output, &mut u.returning, true),
        Statement::Insert(i) => (&mut i.output, &mut i.returning, true),
        _ => return Ok(None),
    };
    let Some(clause) = output.take() else {
        return Ok(None);
    };
    let OutputClause::Output {
        select_items,
        into_table,
        ..
    } = clause
    else {
        return Ok(None);
    };
    if into_table.is_some() {
        return Err(refuse(
            "OUTPUT ... INTO is not supported yet; use OUTPUT alone (its rows are the statement's result)",
        ));
    }
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
    Ok(Some(format!(
        "OUTPUT {keep}.* becomes RETURNING (SQLite's way to return the rows a statement changed)"
    )))
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
            let q = n.to_string().to_ascii_lowercase();
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

fn refuse(message: &str) -> StepError {
    StepError {
        class: ErrorClass::Other,
        native: "unsupported".into(),
        message: message.to_string(),
        pos: None,
        fixed_text: None,
    }
}
