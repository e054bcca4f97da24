//! MariaDB's "impossible WHERE": when its optimizer sees that a DELETE's WHERE can match no
//! row before reading any (a comparison with a NULL value, a constant that is false), a
//! `DELETE ... RETURNING` answers with a plain OK, no result set at all; with a WHERE that
//! just finds nothing it sends an empty result set. Queue pops hit this: after
//! `SELECT id INTO @j ... SKIP LOCKED` found no job, `DELETE ... WHERE id = @j RETURNING ...`
//! compares with NULL. Which case it is depends on the variables' values, so the plan
//! carries a query (`Plan::no_result_set_if`) the engine asks when the statement ends.

use super::super::conditions::{self, is_value};
use crate::sql::Sql;
use sqlparser::ast::{BinaryOperator, Delete, Expr};

/// An SQLite query whose one value is true when `d`'s WHERE is impossible in MariaDB's
/// sense; `None` when the statement returns nothing or no conjunct of its WHERE can be.
pub fn probe(d: &Delete) -> Option<String> {
    d.returning.as_ref()?;
    let mut terms = Vec::new();
    conjuncts(d.selection.as_ref()?, &mut terms);
    (!terms.is_empty()).then(|| format!("SELECT {}", terms.join(" OR ")))
}

/// For each top-level AND-ed condition that MariaDB decides before reading rows, a test of
/// it being so: a constant that is not true, or a comparison of a column with NULL.
fn conjuncts(e: &Expr, out: &mut Vec<String>) {
    for c in conditions::conjuncts(e) {
        match c {
            Expr::BinaryOp { left, op, right } if is_comparison(op) => {
                match (is_value(left), is_value(right)) {
                    (true, true) => out.push(format!("coalesce(NOT ({}), 1)", Sql(c))),
                    (true, false) => out.push(format!("({}) IS NULL", Sql(left.as_ref()))),
                    (false, true) => out.push(format!("({}) IS NULL", Sql(right.as_ref()))),
                    (false, false) => {}
                }
            }
            other if is_value(other) => out.push(format!("coalesce(NOT ({}), 1)", Sql(other))),
            _ => {}
        }
    }
}

fn is_comparison(op: &BinaryOperator) -> bool {
    use BinaryOperator::*;
    matches!(op, Eq | NotEq | Lt | LtEq | Gt | GtEq)
}
