//! Rule: the upsert idiom `INSERT ... ON CONFLICT DO UPDATE ... RETURNING (xmax = 0)`, which
//! tells a row the statement inserted (true) from one its DO UPDATE changed (false); River's
//! unique inserts ask `(xmax <> 0) AS skipped`.
//!
//! The lab's rows carry no transaction ids, but in an INSERT's RETURNING the comparison only
//! ever asks that question: a row the statement inserts has no xmax, and a row its DO UPDATE
//! changes carries the lock the update took first (recorded on PostgreSQL 15: also for a row
//! the same transaction inserted before, and for one another producer committed while this
//! one waited). So `xmax = 0` becomes `ql_inserted('jobs', rowid) = 1`, which reads the
//! statement's change log. Any other use of xmax stays refused (`unmodelled.rs`).

use super::super::catalog::Catalog;
use sqlparser::ast::{BinaryOperator, Expr, Ident, Insert, Statement, Value};
use std::ops::ControlFlow;

/// The SQLite function that answers for one row (`engine::store`).
pub const INSERTED_FN: &str = "ql_inserted";

/// Rewrites `xmax = 0`, `xmax <> 0` and `xmax != 0` (either side, the column bare or named
/// by the table or its alias) in a top-level INSERT's RETURNING, and says so.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Option<String> {
    let Statement::Insert(ins) = stmt else {
        return None;
    };
    let names = target_names(ins);
    let table = names.first()?.clone();
    let rowid = rowid_name(catalog, &table)?;
    // The first comparison rewritten, as the note names it: `= 0` or `<> 0`.
    let mut asked: Option<bool> = None;
    for item in ins.returning.iter_mut().flatten() {
        super::super::walk::exprs(item, &mut |e: &mut Expr| {
            if let Some(inserted) = asks_inserted(e, &names) {
                *e = inserted_check(&table, rowid, inserted);
                asked.get_or_insert(inserted);
            }
            ControlFlow::<()>::Continue(())
        });
    }
    asked.map(|inserted| {
        let (op, then) = if inserted { ("=", 1) } else { ("<>", 0) };
        format!("xmax {op} 0 in RETURNING becomes {INSERTED_FN}(table, rowid) = {then}: whether the statement inserted the row or its ON CONFLICT DO UPDATE changed it, as PostgreSQL's xmax tells")
    })
}

/// A name SQLite knows the target's rowid by that none of its columns has (a column of the
/// user's named `rowid` hides that one); `None` leaves xmax to the refusal.
pub(in crate::dialect) fn rowid_name(catalog: &Catalog, table: &str) -> Option<&'static str> {
    let def = catalog.table(table);
    ["rowid", "_rowid_", "oid"]
        .into_iter()
        .find(|n| def.is_none_or(|t| t.column(n).is_none()))
}

/// The names a RETURNING item may qualify xmax with: the table (its last part), then its
/// alias.
fn target_names(ins: &Insert) -> Vec<String> {
    let mut out = Vec::new();
    if let sqlparser::ast::TableObject::TableName(n) = &ins.table {
        if let Some(last) = n.0.last().and_then(|p| p.as_ident()) {
            out.push(last.value.clone());
        }
    }
    if let Some(a) = &ins.table_alias {
        out.push(a.alias.value.clone());
    }
    out
}

/// `Some(true)` for `xmax = 0` (the row was inserted), `Some(false)` for `xmax <> 0`.
fn asks_inserted(e: &Expr, names: &[String]) -> Option<bool> {
    let Expr::BinaryOp { left, op, right } = e else {
        return None;
    };
    let eq = match op {
        BinaryOperator::Eq => true,
        BinaryOperator::NotEq => false,
        _ => return None,
    };
    let both = (is_xmax(left, names) && is_zero(right)) || (is_zero(left) && is_xmax(right, names));
    both.then_some(eq)
}

fn is_xmax(e: &Expr, names: &[String]) -> bool {
    let xmax = |i: &Ident| i.quote_style.is_none() && i.value.eq_ignore_ascii_case("xmax");
    match e {
        Expr::Identifier(i) => xmax(i),
        Expr::CompoundIdentifier(parts) => match parts.as_slice() {
            [t, c] => xmax(c) && names.iter().any(|n| n.eq_ignore_ascii_case(&t.value)),
            _ => false,
        },
        Expr::Nested(inner) => is_xmax(inner, names),
        _ => false,
    }
}

fn is_zero(e: &Expr) -> bool {
    match e {
        Expr::Value(v) => {
            matches!(&v.value, Value::Number(n, _) if n.trim_start_matches('0').is_empty())
        }
        Expr::Nested(inner) => is_zero(inner),
        _ => false,
    }
}

/// `ql_inserted('table', rowid) = 1` (or `= 0`): a comparison, so that the result form is
/// PostgreSQL's boolean, as the server's `xmax = 0` is.
fn inserted_check(table: &str, rowid: &str, inserted: bool) -> Expr {
    let call = crate::sql::build::call(
        INSERTED_FN,
        vec![
            Expr::Value(Value::SingleQuotedString(table.to_string()).into()),
            Expr::Identifier(Ident::new(rowid)),
        ],
    );
    Expr::BinaryOp {
        left: Box::new(call),
        op: BinaryOperator::Eq,
        right: Box::new(Expr::Value(
            Value::Number(if inserted { "1" } else { "0" }.into(), false).into(),
        )),
    }
}
