//! PostgreSQL's advisory locks (`pg_advisory_lock`, `pg_try_advisory_xact_lock`,
//! `pg_advisory_unlock`, ... : docs 9.27.10), which job queues use to make workers take turns
//! (Que, good_job, Oban's unique jobs). They are locks on numbers, not rows, so SQLite never
//! sees them: a `SELECT` whose items are such calls (and nothing else, no FROM) becomes a
//! list of [`AdvisoryCall`]s the engine carries out one after the other, waiting where a
//! call must wait. A call anywhere else (over the rows of a table, inside a WHERE) would lock
//! one number per row read, in an order the engine does not model: it is refused by name.

use super::super::common::unsupported_with;
use super::super::plan::{AdvisoryCall, AdvisoryKey, AdvisoryOp, Plan, PlanKind};
use super::super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, FunctionArg, FunctionArgExpr, FunctionArguments, SelectItem, SetExpr, Statement,
    UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// The plan of a SELECT of advisory lock calls; `None` when the statement calls none;
/// an error when it calls one where the engine cannot model it.
pub fn plan(stmt: &mut Statement) -> Option<Result<Plan, StepError>> {
    let mut named = None;
    super::super::walk::exprs(stmt, &mut |e| {
        if let Expr::Function(f) = e {
            let name = f.name.to_sql().to_ascii_lowercase();
            if op_of(&name).is_some() && named.is_none() {
                named = Some(name);
            }
        }
        ControlFlow::Continue(())
    });
    let name = named?;
    Some(match calls(stmt) {
        Some(Ok(calls)) => Ok(plan_of(calls)),
        Some(Err(e)) => Err(e),
        None => Err(unsupported_with(
            Dialect::Postgres,
            &format!("{name}() outside a SELECT of advisory lock calls only"),
            &format!("called over a table's rows it would lock one key per row read, in an order the engine does not model; take the lock in a SELECT of its own first (SELECT {name}(1))"),
        )),
    })
}

fn plan_of(calls: Vec<AdvisoryCall>) -> Plan {
    let mut plan = Plan::new(PlanKind::Query, Vec::new());
    plan.notes.push(format!(
        "advisory lock{} carried out by the engine (a lock on a number, not on a row: {})",
        if calls.len() == 1 { "" } else { "s" },
        calls
            .iter()
            .map(|c| c.column.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    plan.advisory = calls;
    plan
}

/// The calls of `SELECT f(k) [AS name], ...` with no FROM, WHERE, GROUP BY, ORDER BY or
/// LIMIT; `None` for any other shape.
fn calls(stmt: &Statement) -> Option<Result<Vec<AdvisoryCall>, StepError>> {
    let Statement::Query(q) = stmt else {
        return None;
    };
    let SetExpr::Select(sel) = q.body.as_ref() else {
        return None;
    };
    let plain_query = q.with.is_none()
        && q.order_by.is_none()
        && q.limit_clause.is_none()
        && q.locks.is_empty()
        && q.fetch.is_none();
    let plain_select = sel.from.is_empty()
        && sel.selection.is_none()
        && sel.having.is_none()
        && sel.distinct.is_none()
        && sel.into.is_none();
    if !(plain_query && plain_select) {
        return None;
    }
    let mut out = Vec::new();
    for item in &sel.projection {
        let (expr, alias) = match item {
            SelectItem::UnnamedExpr(e) => (e, None),
            SelectItem::ExprWithAlias { expr, alias } => (expr, Some(alias.value.clone())),
            _ => return None,
        };
        let Expr::Function(f) = expr else { return None };
        let name = f.name.to_sql().to_ascii_lowercase();
        let (op, shared) = op_of(&name)?;
        let FunctionArguments::List(list) = &f.args else {
            return None;
        };
        let args: Option<Vec<&Expr>> = list
            .args
            .iter()
            .map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Some(e),
                _ => None,
            })
            .collect();
        let key = match (op, args?.as_slice()) {
            (AdvisoryOp::UnlockAll, []) => None,
            (AdvisoryOp::UnlockAll, _) => return Some(Err(no_such(&name, list.args.len()))),
            (_, [k]) => match integer(k) {
                Some(k) => Some(AdvisoryKey::Big(k)),
                None => return Some(Err(key_refused(&name))),
            },
            (_, [a, b]) => match (integer(a).map(i32::try_from), integer(b).map(i32::try_from)) {
                (Some(Ok(a)), Some(Ok(b))) => Some(AdvisoryKey::Pair(a, b)),
                _ => return Some(Err(key_refused(&name))),
            },
            _ => return Some(Err(no_such(&name, list.args.len()))),
        };
        out.push(AdvisoryCall {
            op,
            shared,
            key,
            column: alias.unwrap_or(name),
        });
    }
    Some(Ok(out))
}

/// What a function name does, and whether it is the `_shared` variant.
fn op_of(name: &str) -> Option<(AdvisoryOp, bool)> {
    let (base, shared) = match name.strip_suffix("_shared") {
        Some(b) => (b, true),
        None => (name, false),
    };
    let op = match base {
        "pg_advisory_lock" => AdvisoryOp::Lock {
            xact: false,
            try_only: false,
        },
        "pg_advisory_xact_lock" => AdvisoryOp::Lock {
            xact: true,
            try_only: false,
        },
        "pg_try_advisory_lock" => AdvisoryOp::Lock {
            xact: false,
            try_only: true,
        },
        "pg_try_advisory_xact_lock" => AdvisoryOp::Lock {
            xact: true,
            try_only: true,
        },
        "pg_advisory_unlock" => AdvisoryOp::Unlock,
        "pg_advisory_unlock_all" if !shared => AdvisoryOp::UnlockAll,
        _ => return None,
    };
    Some((op, shared))
}

/// An integer literal, signed or in parentheses (`-2`, `+(3)`).
pub(super) fn integer(e: &Expr) -> Option<i64> {
    match e {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.parse().ok(),
            _ => None,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => integer(expr)?.checked_neg(),
        Expr::UnaryOp {
            op: UnaryOperator::Plus,
            expr,
        }
        | Expr::Nested(expr) => integer(expr),
        _ => None,
    }
}

fn key_refused(name: &str) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        &format!("{name}() with a key that is not an integer constant"),
        "the key must be written as a number (a bigint, or two integers); write the number the expression gives",
    )
}

/// PostgreSQL's answer to a call with the wrong number of arguments.
fn no_such(name: &str, args: usize) -> StepError {
    let types = match args {
        0 => String::new(),
        n => crate::join::join(&vec!["integer"; n], ", "),
    };
    StepError::other("42883", format!("function {name}({types}) does not exist"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::Duplicate;
    use crate::trace::checked::{Checked, OrFail};

    fn planned(sql: &str) -> Checked<Option<Result<Plan, StepError>>> {
        let script = crate::dialect::front::parse_script(Dialect::Postgres, sql);
        let mut stmt = script.statements[0].ast.duplicate().or_fail("parses")?;
        Ok(plan(&mut stmt))
    }

    #[test]
    fn calls_of_a_select_become_the_plan_in_order() -> Checked {
        let plan = planned(
            "SELECT pg_advisory_lock(1), pg_try_advisory_xact_lock_shared(-2, 3) AS got, pg_advisory_unlock_all()",
        )?
        .or_fail("advisory")?
        .or_fail("planned")?;
        let calls = &plan.advisory;
        assert_eq!(calls.len(), 3);
        assert_eq!(calls[0].key, Some(AdvisoryKey::Big(1)));
        assert_eq!(
            calls[1].op,
            AdvisoryOp::Lock {
                xact: true,
                try_only: true
            }
        );
        assert!(calls[1].shared);
        assert_eq!(calls[1].key, Some(AdvisoryKey::Pair(-2, 3)));
        assert_eq!(calls[1].column, "got");
        assert_eq!(calls[2].op, AdvisoryOp::UnlockAll);
        assert!(plan.sqlite.is_empty());
        Ok(())
    }

    #[test]
    fn other_shapes_are_refused_by_name_and_other_selects_pass() -> Checked {
        let over_rows = planned("SELECT pg_try_advisory_lock(id) FROM jobs")?
            .or_fail("advisory")?
            .expect_err("refused");
        assert!(over_rows
            .message
            .contains("pg_try_advisory_lock() outside a SELECT"));
        let key = planned("SELECT pg_advisory_lock(hashtext('q'))")?
            .or_fail("advisory")?
            .expect_err("refused");
        assert!(
            key.message.contains("not an integer constant"),
            "{}",
            key.message
        );
        let arity = planned("SELECT pg_advisory_lock(1, 2, 3)")?
            .or_fail("advisory")?
            .expect_err("refused");
        assert_eq!(arity.native, "42883");
        assert!(planned("SELECT 1")?.is_none());
        Ok(())
    }
}
