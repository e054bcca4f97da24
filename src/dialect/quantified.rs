//! Rule: `x = ANY (subquery)` (or `= SOME`) is `x IN (subquery)`, and `x <> ALL (subquery)`
//! is `x NOT IN (subquery)`, on all three servers: PostgreSQL parses IN as that very `= ANY`,
//! MariaDB and SQL Server run both alike, NULLs included (no row: false and true; a NULL
//! among unequal rows: NULL). SQLite reads neither quantifier, so the lab writes the IN form,
//! whose locking subquery (`WHERE id = ANY (SELECT id ... FOR UPDATE SKIP LOCKED)`) it
//! models. Any other comparison with a quantified subquery (`> ALL`, `< ANY`) is refused by
//! name.

use super::common::unsupported_with;
use super::walk;
use super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, Expr, InTarget, Statement, Value};
use std::ops::ControlFlow;

/// Rewrites `stmt`'s `= ANY (subquery)` and `<> ALL (subquery)` as IN and NOT IN.
pub fn as_in(dialect: Dialect, stmt: &mut Statement) -> Result<(), StepError> {
    let mut refused = None;
    walk::exprs(stmt, &mut |e| {
        let all = matches!(e, Expr::AllOp { .. });
        let (Expr::AnyOp {
            left,
            compare_op,
            right,
            ..
        }
        | Expr::AllOp {
            left,
            compare_op,
            right,
        }) = e
        else {
            return ControlFlow::Continue(());
        };
        if !matches!(**right, Expr::Subquery(_)) {
            return ControlFlow::Continue(());
        }
        if *compare_op != [BinaryOperator::Eq, BinaryOperator::NotEq][usize::from(all)] {
            let what = format!(
                "{} {}",
                compare_op.to_sql(),
                ["ANY", "ALL"][usize::from(all)]
            );
            refused = Some(unsupported_with(
                dialect,
                &format!("A comparison {what} (subquery)"),
                "the engine runs = ANY (subquery) as IN and <> ALL (subquery) as NOT IN; write other comparisons with EXISTS",
            ));
            return ControlFlow::Break(());
        }
        let null = || Box::new(Expr::Value(Value::Null.into()));
        if let Expr::Subquery(subquery) = *std::mem::replace(right, null()) {
            *e = Expr::In {
                expr: std::mem::replace(left, null()),
                target: InTarget::Subquery(subquery),
                negated: all,
                global: false,
            };
        }
        ControlFlow::Continue(())
    });
    refused.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::checked::Checked;

    /// `sql` after the rule, in `dialect`.
    fn rewritten(dialect: Dialect, sql: &str) -> Checked<Result<String, String>> {
        let table = "CREATE TABLE jobs (id int PRIMARY KEY, state varchar(10))";
        let (_, mut stmt) = crate::dialect::catalog::for_tests(dialect, &[table], sql)?;
        Ok(as_in(dialect, &mut stmt)
            .map(|()| stmt.to_sql())
            .map_err(|e| e.message))
    }

    #[test]
    fn equal_any_and_unequal_all_over_a_subquery_become_in_and_not_in() -> Checked {
        let sub = "SELECT id FROM jobs WHERE state = 'ready'";
        for dialect in [Dialect::Postgres, Dialect::MySql, Dialect::MsSql] {
            for (written, read) in [
                (format!("id = ANY ({sub})"), format!("id IN ({sub})")),
                (format!("id = SOME ({sub})"), format!("id IN ({sub})")),
                (format!("id <> ALL ({sub})"), format!("id NOT IN ({sub})")),
            ] {
                assert_eq!(
                    rewritten(dialect, &format!("DELETE FROM jobs WHERE {written}"))?,
                    Ok(format!("DELETE FROM jobs WHERE {read}")),
                    "{dialect:?}"
                );
            }
        }
        Ok(())
    }

    #[test]
    fn other_comparisons_with_a_quantified_subquery_are_refused_by_name() -> Checked {
        let refused = rewritten(
            Dialect::Postgres,
            "SELECT id FROM jobs WHERE id > ALL (SELECT id FROM jobs WHERE state = 'done')",
        )?;
        let message = refused.expect_err("refused");
        assert!(
            message.starts_with("A comparison > ALL (subquery) is not supported here"),
            "{message}"
        );
        assert!(message.contains("EXISTS"), "{message}");
        // Over an array (PostgreSQL's own rule reads those), nothing changes here.
        let array = "SELECT id FROM jobs WHERE id = ANY(ARRAY[1, 2])";
        assert_eq!(rewritten(Dialect::Postgres, array)?, Ok(array.to_string()));
        Ok(())
    }
}
