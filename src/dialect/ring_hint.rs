//! Spots a ring insert: a value computed as `<something with max(order)> % N` going into a
//! column, as in `INSERT ... SELECT (coalesce(max(id), -1) + 1) mod 5 ...`. The table view then
//! draws the table as a circle of N slots.

use super::catalog::{RingHint, TableDef};
use super::exprs::last_ident;
use crate::sql::Duplicate;
use crate::sql::ToSql;
use sqlparser::ast::{BinaryOperator, Expr, Insert, SelectItem, SetExpr, Value};
use std::ops::ControlFlow;

/// The ring `ins` fills, if it is a ring insert. A ring of more than
/// [`MAX_RING_SLOTS`](crate::limits::MAX_RING_SLOTS) slots is not drawn: it stays a table,
/// with a note in `notes` saying so.
pub fn detect(
    ins: &Insert,
    table: &str,
    def: Option<&TableDef>,
    notes: &mut Vec<String>,
) -> Option<RingHint> {
    let hint = ring_of(ins, table, def)?;
    let limit = crate::limits::MAX_RING_SLOTS;
    if hint.size > limit {
        notes.push(format!(
            "`mod {}` would make a ring of {} slots: it is shown as a table, not drawn as a ring (over the limit of {} slots, MAX_RING_SLOTS)",
            hint.size, hint.size, limit
        ));
        return None;
    }
    Some(hint)
}

fn ring_of(ins: &Insert, table: &str, def: Option<&TableDef>) -> Option<RingHint> {
    let source = ins.source.as_ref()?;
    let exprs: Vec<&Expr> = match source.body.as_ref() {
        SetExpr::Select(s) => s
            .projection
            .iter()
            .filter_map(|item| match item {
                SelectItem::UnnamedExpr(e) => Some(e),
                SelectItem::ExprWithAlias { expr, .. } => Some(expr),
                _ => None,
            })
            .collect(),
        SetExpr::Values(v) => v.rows.first()?.iter().collect(),
        _ => return None,
    };
    let columns: Vec<String> = if ins.columns.is_empty() {
        def?.columns.iter().map(|c| c.name.clone()).collect()
    } else {
        ins.columns.iter().map(last_ident).collect()
    };
    for (i, e) in exprs.iter().enumerate() {
        let Some((size, order_column)) = modulo_of(e) else {
            continue;
        };
        let slot_column = columns.get(i)?.clone();
        let order_column = order_column.or_else(|| {
            // No max(col) inside: fall back to the other column of the primary key.
            def?.primary_key
                .as_ref()?
                .columns
                .iter()
                .find(|c| !c.eq_ignore_ascii_case(&slot_column))
                .cloned()
        })?;
        return Some(RingHint {
            table: table.to_string(),
            size,
            slot_column,
            order_column,
        });
    }
    None
}

/// `x % N` (after the `mod` token fix-up) with N a positive integer literal: N, and the column
/// inside a `max(...)` in x, if any.
fn modulo_of(e: &Expr) -> Option<(i64, Option<String>)> {
    match e {
        // The slot, rounded on its way into an integer column (`int_writes.rs`).
        Expr::Function(f) if f.name.to_sql() == super::int_writes::ROUND_FN => match &f.args {
            sqlparser::ast::FunctionArguments::List(l) => match l.args.first()? {
                sqlparser::ast::FunctionArg::Unnamed(sqlparser::ast::FunctionArgExpr::Expr(x)) => {
                    modulo_of(x)
                }
                _ => None,
            },
            _ => None,
        },
        Expr::Nested(inner) => modulo_of(inner),
        Expr::BinaryOp {
            left,
            op: BinaryOperator::Modulo,
            right,
        } => {
            let size = int_literal(right)?;
            (size > 0).then(|| (size, max_column(left)))
        }
        _ => None,
    }
}

fn int_literal(e: &Expr) -> Option<i64> {
    match e {
        Expr::Nested(inner) => int_literal(inner),
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

fn max_column(e: &Expr) -> Option<String> {
    let mut found = None;
    // The shared mutable walk, on a copy: a read-only walk would be one more copy of the
    // walk in the browser build (see `walk.rs`).
    let mut e = e.duplicate();
    super::walk::exprs(&mut e, &mut |x| {
        if let Expr::Function(f) = x {
            if f.name.to_sql().eq_ignore_ascii_case("max") {
                let args = f.args.to_sql();
                let inner = args.trim_matches(|c| c == '(' || c == ')').trim();
                if !inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    found = Some(inner.to_string());
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    });
    found
}
