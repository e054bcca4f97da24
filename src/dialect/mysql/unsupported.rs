//! What MariaDB refuses, or what the engine does not model for it, said by name before
//! SQLite could answer in its own words: a data-modifying WITH (MariaDB has none), a LIMIT
//! inside `IN (subquery)` (MariaDB's error 1235), and multi-table UPDATE / DELETE.

use super::super::common::unsupported_with;
use super::super::walk;
use super::super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{Expr, FromTable, Statement};
use std::ops::ControlFlow;

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
    let multi_table = match &*stmt {
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(from) | FromTable::WithoutKeyword(from)) = &d.from;
            !d.tables.is_empty() || from.len() > 1 || from.iter().any(|t| !t.joins.is_empty())
        }
        Statement::Update(u) => !u.table.joins.is_empty() || u.from.is_some(),
        _ => false,
    };
    if multi_table {
        return Err(unsupported_with(
            Dialect::MySql,
            "a multi-table UPDATE or DELETE (with JOIN or several tables)",
            "change one table, picking its rows with a subquery: DELETE FROM claimed WHERE process_id IN (SELECT id FROM procs WHERE ...)",
        ));
    }
    let mut limited = false;
    walk::exprs(stmt, &mut |e| {
        if let Expr::InSubquery { subquery, .. } = e {
            limited |= subquery.limit_clause.is_some();
        }
        ControlFlow::Continue(())
    });
    if limited {
        return Err(StepError::other(
            "1235",
            "This version of MariaDB doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'".into(),
        ));
    }
    Ok(())
}
