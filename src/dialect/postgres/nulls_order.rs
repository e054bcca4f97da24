//! Rule: PostgreSQL sorts NULL as larger than any value: last in ascending order, first in
//! descending order; SQLite does the opposite. A queue ordered by a nullable `priority` or
//! `run_at` would pop another job first. Each ORDER BY key that does not say where its NULLs
//! go gets PostgreSQL's place for them, written out for SQLite (`NULLS LAST` / `NULLS FIRST`).

use super::super::exprs::last_ident;
use super::super::scan_order::HEAP_FN;
use super::super::walk;
use sqlparser::ast::{
    Expr, FunctionArgumentClause, FunctionArguments, OrderByExpr, OrderByKind, OrderBySort,
    Statement, WindowType,
};
use std::ops::ControlFlow;

/// Places the NULLs of every ORDER BY of `stmt`, a window's and an aggregate's too (`row_number()
/// OVER (ORDER BY priority)`, `string_agg(x, ',' ORDER BY priority)`); the note, if a key got
/// a place.
pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    let mut fired = false;
    walk::queries(stmt, &mut |q| {
        if let Some(OrderByKind::Expressions(keys)) = q.order_by.as_mut().map(|o| &mut o.kind) {
            fired |= place(keys);
        }
        ControlFlow::Continue(())
    });
    walk::exprs(stmt, &mut |e| {
        if let Expr::Function(f) = e {
            if let Some(WindowType::WindowSpec(spec)) = &mut f.over {
                fired |= place(&mut spec.order_by);
            }
            if let FunctionArguments::List(list) = &mut f.args {
                for clause in &mut list.clauses {
                    if let FunctionArgumentClause::OrderBy(keys) = clause {
                        fired |= place(keys);
                    }
                }
            }
            fired |= place(&mut f.within_group);
        }
        ControlFlow::Continue(())
    });
    fired.then(|| {
        "ORDER BY puts NULLs where PostgreSQL does (last ascending, first descending), written out for SQLite".into()
    })
}

/// Gives each key that does not say where its NULLs go PostgreSQL's place for them; whether
/// one got it.
fn place(keys: &mut [OrderByExpr]) -> bool {
    // The heap order's key (`scan_order.rs`) is never NULL: nothing to write out.
    let never_null = |e: &Expr| matches!(e, Expr::Function(f) if last_ident(&f.name) == HEAP_FN);
    let mut fired = false;
    for key in (keys.iter_mut()).filter(|k| k.options.nulls_first.is_none() && !never_null(&k.expr))
    {
        let descending = matches!(key.options.sort, Some(OrderBySort::Desc));
        key.options.nulls_first = Some(descending);
        fired = true;
    }
    fired
}
