//! SQLite names an unaliased result column by its expression's text. A rule that rewrites an
//! expression first gives such a column its text as written for alias, so the header the
//! server would print stays (`a / b`, not `a / ql_nonzero(b)`; `greatest(a, b)`, not
//! `max(a, b)`).

use crate::sql::ToSql;
use sqlparser::ast::{Expr, Ident, Query, SelectItem, SetExpr, Statement, Value};
use std::ops::ControlFlow;

/// Gives each unaliased result column (select lists, RETURNING) whose expression holds a
/// node `rewritten` picks its text as written for alias, before the rewrite changes it.
pub fn keep_as_written(stmt: &mut Statement, rewritten: &dyn Fn(&Expr) -> bool) {
    name_items(stmt, &|e| holds(e, rewritten).then(|| e.to_sql()));
}

/// Gives each unaliased result column (select lists, RETURNING) the name `name` gives its
/// expression, if it gives one.
pub fn name_items(stmt: &mut Statement, name: &dyn Fn(&mut Expr) -> Option<String>) {
    let returning = match stmt {
        Statement::Insert(i) => i.returning.as_mut(),
        Statement::Update(u) => u.returning.as_mut(),
        Statement::Delete(d) => d.returning.as_mut(),
        _ => None,
    };
    if let Some(items) = returning {
        name_list(items, name);
    }
    super::walk::queries(stmt, &mut |q: &mut Query| {
        if let SetExpr::Select(s) = q.body.as_mut() {
            name_list(&mut s.projection, name);
        }
        ControlFlow::Continue(())
    });
}

fn name_list(items: &mut [SelectItem], name: &dyn Fn(&mut Expr) -> Option<String>) {
    for item in items {
        let SelectItem::UnnamedExpr(e) = item else {
            continue;
        };
        let Some(alias) = name(e) else {
            continue;
        };
        let alias = Ident::with_quote('"', alias);
        let expr = std::mem::replace(e, Expr::Value(Value::Null.into()));
        *item = SelectItem::ExprWithAlias { expr, alias };
    }
}

/// Whether `e` or an expression inside it is one `pick` picks. Walked in place, never
/// cloned: a clone of a 1,000-operator chain recurses deep enough to overflow a debug
/// build's 2 MB thread stack.
pub fn holds(e: &mut Expr, pick: &dyn Fn(&Expr) -> bool) -> bool {
    let mut found = false;
    super::walk::exprs(e, &mut |x| {
        found |= pick(x);
        ControlFlow::<()>::Continue(())
    });
    found
}
