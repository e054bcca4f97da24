//! Rule: ORDER BY (and, in MariaDB, GROUP BY) takes a name alone for the select list's
//! column of that name before the tables' columns. `SELECT jobs.id FROM jobs JOIN runs ON
//! ... ORDER BY id` sorts by `jobs.id` on both servers; SQLite calls that `id` ambiguous
//! (runs has one too), as it looks for a name in the select list only where it is an alias.
//! Such a key becomes the item's column, where one item of the list is so named. PostgreSQL
//! takes GROUP BY's names for the tables' columns first: its GROUP BY stays as written.

use super::walk;
use super::Dialect;
use crate::sql::Duplicate;
use sqlparser::ast::{Expr, GroupByExpr, OrderByKind, Select, SelectItem, SetExpr, Statement};

pub fn rewrite(dialect: Dialect, stmt: &mut Statement) {
    walk::queries(stmt, &mut |q| {
        let SetExpr::Select(select) = q.body.as_mut() else {
            return std::ops::ControlFlow::Continue(());
        };
        let joined = select.from.len() > 1 || select.from.iter().any(|f| !f.joins.is_empty());
        if !joined {
            return std::ops::ControlFlow::Continue(());
        }
        if let Some(OrderByKind::Expressions(keys)) = q.order_by.as_mut().map(|o| &mut o.kind) {
            for key in keys {
                to_item_of(&mut key.expr, &select.projection);
            }
        }
        let Select {
            projection,
            group_by,
            ..
        } = select.as_mut();
        if let (Dialect::MySql, GroupByExpr::Expressions(keys, _)) = (dialect, group_by) {
            for key in keys {
                to_item_of(key, projection);
            }
        }
        std::ops::ControlFlow::Continue(())
    });
}

/// `key` becomes the column of the one item of `items` named as it is, if any.
fn to_item_of(key: &mut Expr, items: &[SelectItem]) {
    let Expr::Identifier(name) = key else {
        return;
    };
    let named = |item: &&SelectItem| match item {
        SelectItem::UnnamedExpr(Expr::Identifier(i)) => i.value.eq_ignore_ascii_case(&name.value),
        SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts)) => parts
            .last()
            .is_some_and(|p| p.value.eq_ignore_ascii_case(&name.value)),
        SelectItem::ExprWithAlias { alias, .. } => alias.value.eq_ignore_ascii_case(&name.value),
        _ => false,
    };
    let mut found = items.iter().filter(named);
    if let (Some(SelectItem::UnnamedExpr(e @ Expr::CompoundIdentifier(_))), None) =
        (found.next(), found.next())
    {
        *key = e.duplicate();
    }
}
