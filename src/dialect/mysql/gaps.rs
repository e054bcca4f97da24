//! The gaps an InnoDB scan locks at REPEATABLE READ ([`GapScan`]). A scan reads the ranges
//! its access path gives in one index (`access.rs`); it locks each entry it reads with the gap
//! before it, and the entry after a range's last one (the one that ends the range) with its
//! gap: so `WHERE id > 2 FOR UPDATE` locks up to the end of the index, where a new job would
//! go, and `WHERE id = 5 FOR UPDATE` with no job 5 locks the gap between the jobs around it.
//! A lookup of one key of a unique index that finds its row locks no gap. The row of the
//! entry that ends a range is locked too where InnoDB fetched it before it looked at the
//! entry's key: in the primary key, and in a secondary index read by an UPDATE or DELETE or
//! by a SELECT the index covers. A SELECT needing other columns pushes the range's end down
//! to InnoDB ("Using index condition"), which stops at the entry (checked on MariaDB 10.11:
//! `SELECT id ... WHERE prio < 10 FOR UPDATE` locked the row after the range with `KEY
//! (prio)`, and did not with `AND state = 'a'` added). This file writes the
//! SQL that lists the index's entries with, for each range, whether an entry sorts before it
//! and whether it is in it; the engine finds the gaps from that list.

use super::super::catalog::{ident, TableDef};
use super::super::conditions::is_value;
use super::super::exprs::rewrite_all;
use super::super::locks::{GapScan, RangeEnd};
use super::access::Access;
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use sqlparser::ast::{BinaryOperator as Op, Expr, InTarget};

/// The gap scan of `access`, over the table `from` called `qualifier` in the statement;
/// `end_row`: whether the row of the entry that ends a range is locked too
/// (`GapScan::end_row`); `descending`: whether the scan walks the index down.
pub fn scan(
    def: &TableDef,
    (from, qualifier): (&str, &str),
    access: &Access,
    (end_row, descending): (bool, bool),
) -> GapScan {
    let keys = def.innodb_keys();
    let key = keys.get(access.index).cloned().unwrap_or_default();
    let field = |c: &String| {
        if c == "rowid" {
            format!("{qualifier}.rowid")
        } else {
            format!("{qualifier}.{}", ident(c))
        }
    };
    let fields: Vec<String> = key.iter().map(field).collect();
    let (ranges, end) = ranges(def, access);
    let flags: Vec<String> = ranges
        .iter()
        .flat_map(|(below, inside)| [below, inside])
        .map(|c| format!("CASE WHEN ({c}) THEN 1 ELSE 0 END"))
        .collect();
    let mut columns = vec![format!("{qualifier}.rowid")];
    columns.extend(fields.iter().cloned());
    columns.extend(flags);
    GapScan {
        index: access.index,
        entries_sql: format!(
            "SELECT {} FROM {from} ORDER BY {}",
            columns.join(", "),
            fields.join(", ")
        ),
        key_len: fields.len(),
        ranges: ranges.len(),
        end,
        from_end: false,
        end_row,
        descending,
        may_scan_table: false,
    }
}

/// How a conjunct bounds its column.
#[derive(Clone, Copy)]
enum Bound<'a> {
    Eq(&'a Expr),
    /// `col > v` (`true`: `>=`).
    Above(&'a Expr, bool),
    Below,
    Between(&'a Expr),
    In(&'a [Expr]),
    /// `col <> v`: the range below `v` and the one above it.
    Not(&'a Expr),
}

/// The column a conjunct bounds, and how.
fn bound(e: &Expr) -> Option<(&Expr, Bound<'_>)> {
    match e {
        Expr::BinaryOp { left, op, right } => {
            // A subquery the access path took is the value, never the column.
            let valued = |e: &Expr| is_value(e) || matches!(e, Expr::Subquery(_));
            let (col, value, op) = if valued(right) && !valued(left) {
                (left.as_ref(), right.as_ref(), op.clone())
            } else {
                let flipped = match op {
                    Op::Lt => Op::Gt,
                    Op::LtEq => Op::GtEq,
                    Op::Gt => Op::Lt,
                    Op::GtEq => Op::LtEq,
                    other => other.clone(),
                };
                (right.as_ref(), left.as_ref(), flipped)
            };
            let b = match op {
                Op::Eq => Bound::Eq(value),
                Op::Gt => Bound::Above(value, false),
                Op::GtEq => Bound::Above(value, true),
                Op::Lt | Op::LtEq => Bound::Below,
                Op::NotEq => Bound::Not(value),
                _ => return None,
            };
            Some((col, b))
        }
        // `id BETWEEN 3 AND 3` is a lookup of one key to MariaDB's range optimizer. (Texts
        // compared: the AST's derived equality would compile into the download.)
        Expr::Between {
            expr, low, high, ..
        } if low.to_sql() == high.to_sql() => Some((expr.as_ref(), Bound::Eq(low))),
        Expr::Between { expr, low, .. } => Some((expr.as_ref(), Bound::Between(low))),
        Expr::In {
            expr,
            target: InTarget::List(list),
            ..
        } => Some((expr.as_ref(), Bound::In(list))),
        _ => None,
    }
}

/// SQLite's text of `e`, as the statement's rewritten WHERE has it.
pub(super) fn text(e: &Expr) -> String {
    let mut e = e.duplicate();
    rewrite_all(&mut e);
    format!("({})", Sql(&e))
}

/// An entry sorts before the bound `op v` on the column `c` where the columns `pinned`
/// before it in the key (`(columns, values)`, each followed by ", ") are pinned.
fn under(pinned: &(String, String), c: &str, v: &Expr, op: &str) -> String {
    format!("({}{c}) {op} ({}{})", pinned.0, pinned.1, text(v))
}

/// Each range as (sorts before it, is in it), and how its end is locked.
fn ranges(def: &TableDef, access: &Access) -> (Vec<(String, String)>, RangeEnd) {
    if access.conjuncts.is_empty() {
        return (vec![("0".into(), "1".into())], RangeEnd::Range);
    }
    let bounds: Vec<(&Expr, Bound)> = access.conjuncts.iter().filter_map(|e| bound(e)).collect();
    let all = |parts: &[String], join: &str, none: &str| {
        if parts.is_empty() {
            none.to_string()
        } else {
            parts.join(join)
        }
    };
    // An IN list reads a range for each of its values, its column pinned to that value (the
    // columns after it bounded in each: `queue IN ('a', 'c') AND run_at <= 40`); `<>` one
    // below its value and one above (`None` and `Some` of the value here).
    let list = (bounds.iter()).position(|(_, b)| matches!(b, Bound::In(_) | Bound::Not(_)));
    let points: Vec<Option<&Expr>> = match list.map(|i| &bounds[i].1) {
        Some(Bound::In(values)) => values.iter().map(Some).collect(),
        Some(Bound::Not(v)) => vec![None, Some(v)],
        _ => vec![None],
    };
    let mut equalities = true;
    let mut ranges = Vec::new();
    for point in points {
        let mut below = Vec::new();
        let mut inside = Vec::new();
        // The columns pinned so far and their values, each followed by ", " (key order): an
        // entry sorts before a bound on a later column when it does in all of them,
        // `(state, priority) < ('a', 5)`.
        let mut pinned = (String::new(), String::new());
        for (i, ((col, b), e)) in bounds.iter().zip(&access.conjuncts).enumerate() {
            let c = text(col);
            let (b, e) = match (*b, point) {
                (b, _) if Some(i) != list => (b, text(e)),
                (Bound::Not(v), None) => (Bound::Below, format!("{c} < {}", text(v))),
                (Bound::Not(_), Some(v)) => (Bound::Above(v, false), format!("{c} > {}", text(v))),
                (_, Some(v)) => (Bound::Eq(v), format!("{c} = {}", text(v))),
                (b, None) => (b, text(e)),
            };
            match b {
                Bound::Eq(v) | Bound::Above(v, true) | Bound::Between(v) => {
                    below.push(under(&pinned, &c, v, "<"))
                }
                Bound::Above(v, false) => below.push(under(&pinned, &c, v, "<=")),
                Bound::Below | Bound::In(_) | Bound::Not(_) => {}
            }
            if let Bound::Eq(v) = b {
                pinned.0 += &format!("{c}, ");
                pinned.1 += &format!("{}, ", text(v));
            }
            equalities &= matches!(b, Bound::Eq(_));
            inside.push(e);
        }
        ranges.push((all(&below, " OR ", "0"), all(&inside, " AND ", "1")));
    }
    // A unique key of one column (`innodb_keys` lists the clustered index, then the unique
    // keys, before the other indexes).
    let unique_column = match access.index {
        0 => def
            .primary_key
            .as_ref()
            .is_none_or(|k| k.columns.len() == 1),
        i => def.uniques.get(i - 1).is_some_and(|k| k.columns.len() == 1),
    };
    // (All of a unique key pinned: `access.unique`.)
    let end = match (equalities, unique_column || access.unique) {
        (true, true) => RangeEnd::UniqueLookup,
        (true, false) => RangeEnd::Point,
        _ => RangeEnd::Range,
    };
    (ranges, end)
}
