//! How many rows PostgreSQL's planner expects a locking read's WHERE to pick from a table it
//! has no statistics for (every scenario's table, `lock_order.rs`): its default selectivity
//! of each condition, as `clauselist_selectivity` combines them (EXPLAIN, PostgreSQL 15).
//! Read off the statement as written, before the dialect's rules rewrite its conditions.

use super::super::catalog::{Catalog, TableDef};
use super::super::conditions::{conjuncts, is_value};
use super::super::exprs::last_ident;
use sqlparser::ast::{BinaryOperator as Op, Expr, InTarget, SetExpr, Statement, TableFactor};
use sqlparser::ast::{UnaryOperator, Value};

/// Each locking read of one table in `stmt`: the table and the share of its rows its WHERE
/// picks, `None` where the lab does not estimate a condition of it.
pub fn of(stmt: &mut Statement, catalog: &Catalog) -> Vec<(String, Option<f64>)> {
    let mut reads = Vec::new();
    super::super::walk::queries(stmt, &mut |q| {
        if let (false, SetExpr::Select(s)) = (q.locks.is_empty(), q.body.as_ref()) {
            if let [from] = &s.from[..] {
                if let (true, TableFactor::Table { name, .. }) =
                    (from.joins.is_empty(), &from.relation)
                {
                    let table = last_ident(name);
                    let share = catalog.table(&table).and_then(|def| {
                        let rows = super::lock_order::tuples(def) as f64;
                        s.selection
                            .as_ref()
                            .map_or(Some(1.0), |w| share(w, def, rows))
                    });
                    reads.push((table, share));
                }
            }
        }
        std::ops::ControlFlow::Continue(())
    });
    reads
}

/// The share of `rows` rows of `def` that `e` holds for. Its AND-ed conditions multiply,
/// except that bounds of one column (`<`, `<=`, `>`, `>=`, a third each) count once a side,
/// and both sides together are 0.005.
fn share(e: &Expr, def: &TableDef, rows: f64) -> Option<f64> {
    let mut s = 1.0;
    let mut bounds: Vec<(String, bool)> = Vec::new();
    for c in conjuncts(e) {
        match bound(c, def) {
            Some(b) if !bounds.contains(&b) => bounds.push(b),
            Some(_) => {}
            None => s *= one(c, def, rows)?,
        }
    }
    for (i, (column, below)) in bounds.iter().enumerate() {
        // The second side of a column brings its 1/3 down to 0.005.
        let other = bounds[..i].iter().any(|(c, b)| c == column && b != below);
        s *= if other { 0.015 } else { 1.0 / 3.0 };
    }
    Some(s)
}

/// The column a bound `e` sets and whether it bounds it from below (`col > value`).
fn bound(e: &Expr, def: &TableDef) -> Option<(String, bool)> {
    let Expr::BinaryOp { left, op, right } = e else {
        return None;
    };
    let (column, flipped) = compared(left, right, def)?;
    let below = match op {
        Op::Gt | Op::GtEq => true,
        Op::Lt | Op::LtEq => false,
        _ => return None,
    };
    Some((column, below != flipped))
}

/// The column of `def` that one side of a comparison names, the other being a value, and
/// whether the column stands on the right.
fn compared(left: &Expr, right: &Expr, def: &TableDef) -> Option<(String, bool)> {
    match (column(left, def), column(right, def)) {
        (Some(c), None) if is_value(right) => Some((c, false)),
        (None, Some(c)) if is_value(left) => Some((c, true)),
        _ => None,
    }
}

fn column(e: &Expr, def: &TableDef) -> Option<String> {
    let name = match e {
        Expr::Identifier(i) => &i.value,
        Expr::CompoundIdentifier(parts) => &parts.last()?.value,
        _ => return None,
    };
    def.column(name).map(|c| c.name.clone())
}

/// The share of one condition that is not a bound of an AND.
fn one(e: &Expr, def: &TableDef, rows: f64) -> Option<f64> {
    let column_of = |e: &Expr| column(e, def);
    Some(match e {
        Expr::BinaryOp { left, op, right } => match op {
            Op::Or => {
                let (a, b) = (share(left, def, rows)?, share(right, def, rows)?);
                a + b - a * b
            }
            Op::Eq => equal(&compared(left, right, def)?.0, def, rows),
            Op::NotEq => 1.0 - equal(&compared(left, right, def)?.0, def, rows),
            _ => {
                bound(e, def)?;
                1.0 / 3.0
            }
        },
        Expr::UnaryOp {
            op: UnaryOperator::Not,
            expr,
        } => 1.0 - share(expr, def, rows)?,
        Expr::Nested(e) => share(e, def, rows)?,
        Expr::IsNull(e) => column_of(e).map(|_| 0.005)?,
        // Both bounds of one column.
        Expr::Between {
            expr,
            negated: false,
            low,
            high,
        } if is_value(low) && is_value(high) => column_of(expr).map(|_| 0.005)?,
        Expr::IsNotNull(e) => column_of(e).map(|_| 0.995)?,
        Expr::In {
            expr,
            target: InTarget::List(list),
            negated: false,
            ..
        } if list.iter().all(is_value) => {
            (equal(&column_of(expr)?, def, rows) * list.len() as f64).min(1.0)
        }
        Expr::Value(v) if matches!(v.value, Value::Boolean(true)) => 1.0,
        e => boolean(&column_of(e)?, def)?,
    })
}

/// `column = value`: one row of a unique key's, half of a boolean's, else one of as many
/// distinct values as rows, at most 200.
fn equal(column: &str, def: &TableDef, rows: f64) -> f64 {
    let unique = (def.primary_key.iter().chain(&def.uniques)).any(|k| {
        k.predicate.is_none() && k.columns.len() == 1 && k.columns[0].eq_ignore_ascii_case(column)
    });
    match (unique, boolean(column, def)) {
        (true, _) => 1.0 / rows,
        (_, Some(half)) => half,
        _ => 1.0 / rows.min(200.0),
    }
}

/// Half, if `column` is a boolean.
fn boolean(column: &str, def: &TableDef) -> Option<f64> {
    let c = def.column(column)?;
    c.sql_type
        .to_ascii_lowercase()
        .starts_with("bool")
        .then_some(0.5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::trace::checked::Checked;

    #[test]
    fn a_reads_rows_are_what_explain_estimates() -> Checked {
        let ddl = "CREATE TABLE est (id int PRIMARY KEY, state text, prio int, ts timestamptz, done boolean)";
        // Each figure read off EXPLAIN on PostgreSQL 15 (the table's 1,060 rows never
        // analyzed); `None` where the server's estimate is one the lab does not make.
        for (condition, rows) in [
            ("true", Some(1060.0)),
            ("state = 'a'", Some(5.0)),
            ("id = 3", Some(1.0)),
            ("prio > 1 AND prio < 50", Some(5.0)),
            ("prio BETWEEN 1 AND 5", Some(5.0)),
            ("prio > 0 AND prio > 1", Some(353.0)),
            ("state = 'a' OR prio = 2", Some(11.0)),
            ("NOT done", Some(530.0)),
            ("id IN (1,2,3)", Some(3.0)),
            ("state IN ('a','b')", Some(11.0)),
            ("state IS NULL", Some(5.0)),
            ("state IS NOT NULL", Some(1055.0)),
            ("state <> 'x' AND prio >= 1", Some(352.0)),
            (
                "(state = 'a') AND ts <= now() - interval '5 minutes'",
                Some(2.0),
            ),
            ("NOT (state = 'b')", Some(1055.0)),
            ("lower(state) = 'a'", None),
            ("prio = id", None),
        ] {
            let sql = format!("SELECT id FROM est WHERE {condition} FOR UPDATE SKIP LOCKED");
            let (catalog, mut stmt) =
                crate::dialect::catalog::for_tests(Dialect::Postgres, &[ddl], &sql)?;
            let reads = of(&mut stmt, &catalog);
            let got = reads[0].1.map(|s| (1060.0 * s).round().max(1.0));
            assert_eq!((reads[0].0.as_str(), got), ("est", rows), "{condition}");
        }
        Ok(())
    }
}
