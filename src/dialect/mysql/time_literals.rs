//! Rule: a string written to a MariaDB date or time column, or compared with one, is read as
//! the server reads it (`time_text.rs`). The server turns `'2025-1-1 9:00'` into the time
//! 2025-01-01 09:00:00 and compares `at = '2025-01-01'` as times; SQLite would keep and compare
//! the texts (`'2025-01-01 00:00:00' = '2025-01-01'` is false there). So such a literal becomes
//! the text the column keeps. A string the lab does not read is left: written, it is refused
//! by `temporal.rs` (the statement undone); compared, it is refused here by name.

use super::super::catalog::Catalog;
use super::super::int_types::{column_named, Columns};
use super::super::temporal::Temporal;
use super::super::types::Admits;
use super::super::Dialect;
use super::time_text;
use crate::trace::StepError;
use sqlparser::ast::{
    AlterTableOperation, BinaryOperator as Op, ColumnDef, ColumnOption, Expr, InTarget, Statement,
    Value,
};
use std::ops::ControlFlow;

/// Rewrites the time literals of `stmt`, its names resolved by `columns`; the rule's note if
/// one changed.
pub fn rewrite(
    stmt: &mut Statement,
    catalog: &Catalog,
    columns: &Columns,
) -> Result<Option<String>, StepError> {
    let mut changed = writes(stmt, catalog) | defaults(stmt);
    changed |= comparisons(stmt, columns)?;
    Ok(changed.then(|| {
        "strings for date and time columns read as MariaDB reads them ('2025-1-1 9:00' is 2025-01-01 09:00:00)".into()
    }))
}

/// The temporal kind of column `name` (of the relation called `qualifier`).
fn temporal(qualifier: Option<&str>, name: &str, columns: &Columns) -> Option<Temporal> {
    columns.admits(qualifier, name, |a| match a {
        Admits::Temporal(t) => Some(*t),
        _ => None,
    })
}

/// The string `e` is, if it is a string literal.
fn text(e: &mut Expr) -> Option<&mut String> {
    match e {
        Expr::Value(v) => match &mut v.value {
            Value::SingleQuotedString(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// Puts `new` in place of the literal `s`; whether it changed.
fn replace(s: &mut String, new: Option<String>) -> bool {
    match new {
        Some(n) if n != *s => {
            *s = n;
            true
        }
        _ => false,
    }
}

/// The literals INSERT and UPDATE write to time columns, in the stored form.
fn writes(stmt: &mut Statement, catalog: &Catalog) -> bool {
    super::super::writes::each(stmt, catalog, &mut |def, column, value| {
        let kind = match def.column(column).map(|c| &c.admits) {
            Some(Admits::Temporal(t)) => *t,
            _ => return false,
        };
        match text(value) {
            Some(s) => {
                let new = time_text::stored(kind, s);
                replace(s, new)
            }
            None => false,
        }
    })
}

/// The string DEFAULTs of the time columns CREATE TABLE and ALTER TABLE ... ADD COLUMN define,
/// in the stored form: the server keeps `DEFAULT '2025-01-01 00:00:00.000000'` of a
/// DATETIME(6) as its time (and `'2025-1-9'` of a DATE as 2025-01-09), in the rows that take
/// it and in those already there when a column is added; an INSERT that took the text would
/// write it as it is (refused by `temporal.rs`, whose stored form ends no fraction in a zero).
fn defaults(stmt: &mut Statement) -> bool {
    let mut changed = false;
    match stmt {
        Statement::CreateTable(ct) => {
            for c in &mut ct.columns {
                changed |= column_default(c);
            }
        }
        Statement::AlterTable(at) => {
            for op in &mut at.operations {
                if let AlterTableOperation::AddColumn { column_def, .. } = op {
                    changed |= column_default(column_def);
                }
            }
        }
        _ => {}
    }
    changed
}

/// [`defaults`] of one column; whether it changed.
fn column_default(c: &mut ColumnDef) -> bool {
    let Some(Admits::Temporal(kind)) = super::super::temporal::of(&c.data_type, Dialect::MySql)
    else {
        return false;
    };
    let mut changed = false;
    for o in &mut c.options {
        if let ColumnOption::Default(e) = &mut o.option {
            if let Some(s) = text(e) {
                changed |= replace(s, time_text::stored(kind, s));
            }
        }
    }
    changed
}

/// The literals compared with time columns (`=`, `<>`, `<`, `<=`, `>`, `>=`, `<=>`, BETWEEN,
/// IN), as the column keeps its values; the first the lab does not read is refused.
fn comparisons(stmt: &mut Statement, columns: &Columns) -> Result<bool, StepError> {
    let mut changed = false;
    let mut refused: Option<(Temporal, String, String)> = None;
    let mut check = |column: &Expr, others: &mut [&mut Expr]| {
        let Some((qualifier, name)) = column_named(column) else {
            return;
        };
        let Some(t) = temporal(qualifier, name, columns) else {
            return;
        };
        for s in others.iter_mut().filter_map(|o| text(o)) {
            match time_text::compared(t, s) {
                Some(new) => changed |= replace(s, Some(new)),
                None => {
                    refused.get_or_insert((t, name.to_string(), s.clone()));
                }
            }
        }
    };
    super::super::walk::exprs(stmt, &mut |e| {
        match e {
            Expr::BinaryOp {
                left,
                op: Op::Eq | Op::NotEq | Op::Lt | Op::LtEq | Op::Gt | Op::GtEq | Op::Spaceship,
                right,
            } => {
                check(left, &mut [right]);
                check(right, &mut [left]);
            }
            Expr::Between {
                expr, low, high, ..
            } => check(expr, &mut [low, high]),
            Expr::In {
                expr,
                target: InTarget::List(list),
                ..
            } => check(expr, &mut list.iter_mut().collect::<Vec<_>>()),
            _ => {}
        }
        ControlFlow::<()>::Continue(())
    });
    match refused {
        None => Ok(changed),
        Some((t, column, value)) => Err(super::super::common::unsupported_with(
            Dialect::MySql,
            &format!("Comparing the column {column} with '{value}'"),
            &format!(
                "the server reads the string as a time, in forms the lab reads only in part; write the time as {} (a four-digit year, a real day, a clock under 24 hours, no zone)",
                t.form()
            ),
        )),
    }
}
