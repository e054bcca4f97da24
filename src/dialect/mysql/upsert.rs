//! Rule: `INSERT ... ON DUPLICATE KEY UPDATE c = VALUES(c)` becomes SQLite's UPSERT,
//! `INSERT ... ON CONFLICT DO UPDATE SET c = excluded.c`.
//!
//! The conflict target is left out (SQLite 3.35+), so, as in MySQL, a clash on *any* unique
//! key updates the clashing row: the ring relies on the `modulo` key firing, not the id.

use crate::sql::ToSql;
use sqlparser::ast::{
    Assignment, DoUpdate, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Ident, OnConflict,
    OnConflictAction, OnInsert,
};
use std::ops::ControlFlow;

/// Rewrites `on` in place; returns whether it was an ON DUPLICATE KEY UPDATE.
pub fn to_on_conflict(on: &mut Option<OnInsert>) -> bool {
    let Some(OnInsert::DuplicateKeyUpdate(assignments)) = on else {
        return false;
    };
    let mut assignments: Vec<Assignment> = std::mem::take(assignments);
    crate::dialect::walk::exprs(&mut assignments, &mut |e| {
        values_to_excluded(e);
        ControlFlow::<()>::Continue(())
    });
    *on = Some(OnInsert::OnConflict(OnConflict {
        conflict_target: None,
        action: OnConflictAction::DoUpdate(DoUpdate {
            assignments,
            selection: None,
        }),
    }));
    true
}

/// `VALUES(c)`, the value the row would have had, is SQLite's `excluded.c`.
fn values_to_excluded(e: &mut Expr) {
    let Expr::Function(f) = e else { return };
    if !f.name.to_sql().eq_ignore_ascii_case("values") {
        return;
    }
    let FunctionArguments::List(list) = &f.args else {
        return;
    };
    if let [FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Identifier(col)))] =
        list.args.as_slice()
    {
        *e = Expr::CompoundIdentifier(vec![Ident::new("excluded"), col.clone()]);
    }
}

/// Assignments of the DO UPDATE, for further rules (ON UPDATE CURRENT_TIMESTAMP).
pub fn assignments_mut(on: &mut Option<OnInsert>) -> Option<&mut Vec<Assignment>> {
    match on {
        Some(OnInsert::OnConflict(OnConflict {
            action: OnConflictAction::DoUpdate(d),
            ..
        })) => Some(&mut d.assignments),
        _ => None,
    }
}
