//! What MariaDB refuses, or what the engine does not model for it, said by name before
//! SQLite could answer in its own words: a data-modifying WITH (MariaDB has none), a LIMIT
//! inside `IN (subquery)` or a quantified one, `= ANY (subquery)` (MariaDB's error 1235),
//! multi-table UPDATE / DELETE, an alias in a single-table DELETE, `INSERT ... DEFAULT
//! VALUES` and a call of `DATETIME(...)`, a type in MariaDB, which SQLite would run as its
//! date function.

use super::super::common::unsupported_with;
use super::super::walk;
use super::super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{Expr, FromTable, InTarget, ObjectNamePart, Statement, TableFactor};
use std::ops::ControlFlow;

/// Why a multi-table UPDATE or DELETE is refused, and what to write instead. Its row locks
/// follow the join order MariaDB's optimizer picks from its table statistics: on 10.11,
/// `UPDATE jobs j JOIN (SELECT id ... LIMIT 1 FOR UPDATE SKIP LOCKED) d ON j.id = d.id`
/// scans `jobs` first and locks every row it reads when the table holds three rows (so it
/// waits for any job another worker holds), and reads the derived table first when it holds
/// two hundred. The lab has no such statistics.
pub(in crate::dialect) const MULTI_TABLE_INSTEAD: &str = "its row locks follow the join order MariaDB's optimizer picks from table statistics (with a few rows it scans the target first and locks every row it reads; with hundreds it reads the other side first), which the lab does not model; change one table and pick its rows with a subquery: UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)";

pub fn refuse(stmt: &mut Statement) -> Result<(), StepError> {
    if let Statement::Query(q) = &*stmt {
        if super::super::dml::modifying_with(q) {
            return Err(unsupported_with(
                Dialect::MySql,
                "INSERT, UPDATE or DELETE inside WITH",
                "MariaDB has no data-modifying WITH (the server answers 1064); run the DELETE ... RETURNING and the INSERT as two statements of one transaction",
            ));
        }
    }
    // MariaDB writes it `INSERT INTO t () VALUES ()`; SQLite would run it. (`INSERT ... SET`
    // has no source either.)
    if matches!(&*stmt, Statement::Insert(i) if i.source.is_none() && i.assignments.is_empty()) {
        return Err(unsupported_with(
            Dialect::MySql,
            "INSERT ... DEFAULT VALUES",
            "MariaDB has no DEFAULT VALUES (the server answers 1064); write INSERT INTO t () VALUES ()",
        ));
    }
    let multi_table = match &*stmt {
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(from) | FromTable::WithoutKeyword(from)) = &d.from;
            // `DELETE FROM jobs j WHERE ...`: MariaDB 10.11 has no alias there (1064).
            if let ([t], true) = (from.as_slice(), d.tables.is_empty()) {
                if matches!(&t.relation, TableFactor::Table { alias: Some(_), .. }) {
                    return Err(unsupported_with(
                        Dialect::MySql,
                        "An alias of a single-table DELETE's table",
                        "MariaDB 10.11 takes none (the server answers 1064); name the table itself: DELETE FROM jobs WHERE jobs.id = 2",
                    ));
                }
            }
            !d.tables.is_empty() || from.len() > 1 || from.iter().any(|t| !t.joins.is_empty())
        }
        Statement::Update(u) => !u.table.joins.is_empty() || u.from.is_some(),
        _ => false,
    };
    if multi_table {
        return Err(unsupported_with(
            Dialect::MySql,
            "a multi-table UPDATE or DELETE (with JOIN or several tables)",
            MULTI_TABLE_INSTEAD,
        ));
    }
    let mut limited = false;
    let mut datetime_call = false;
    walk::exprs(stmt, &mut |e| {
        match e {
            Expr::In {
                target: InTarget::Subquery(subquery),
                ..
            } => limited |= subquery.limit_clause.is_some(),
            Expr::AnyOp { right, .. } | Expr::AllOp { right, .. } => {
                limited |= matches!(&**right, Expr::Subquery(q) if q.limit_clause.is_some())
            }
            Expr::Function(f) => datetime_call |= names_datetime(&f.name.0),
            _ => {}
        }
        ControlFlow::Continue(())
    });
    if datetime_call {
        // The server stops at the `(` with a syntax error; SQLite would run its own
        // datetime(), on the machine's clock for 'now'.
        return Err(unsupported_with(
            Dialect::MySql,
            "DATETIME(...) as a function",
            "DATETIME is a type in MariaDB, and the server answers 1064 at the `(`; for the time use NOW(), for a conversion CAST(x AS DATETIME)",
        ));
    }
    if limited {
        return Err(StepError::other(
            "1235",
            "This version of MariaDB doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'".into(),
        ));
    }
    Ok(())
}

/// `datetime` or `` `datetime` `` as a function's whole name: a quoted name would be a stored
/// function of that name, which the lab has none of either.
fn names_datetime(parts: &[ObjectNamePart]) -> bool {
    matches!(parts, [ObjectNamePart::Identifier(i)] if i.value.eq_ignore_ascii_case("datetime"))
}
