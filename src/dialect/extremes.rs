//! Rule: `greatest(a, b, ...)` and `least(a, b, ...)`, which SQLite lacks. PostgreSQL and SQL
//! Server skip NULL arguments (NULL only when all are), the engine's `ql_greatest` /
//! `ql_least`; MySQL gives NULL when any argument is NULL, as SQLite's several-argument
//! `max` / `min` do. Queue SQL uses them for back-off (`greatest(0, attempts - 1)`).

use super::exprs::call;
use super::walk;
use super::Dialect;
use crate::sql::Duplicate;
use crate::sql::ToSql;
use sqlparser::ast::{Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Statement};
use std::ops::ControlFlow;

/// The engine's NULL-skipping functions (registered by the store).
pub const GREATEST_FN: &str = "ql_greatest";
pub const LEAST_FN: &str = "ql_least";

/// Rewrites every call; the note says what each became.
pub fn rewrite(dialect: Dialect, stmt: &mut Statement) -> Option<String> {
    if dialect != Dialect::Postgres {
        // PostgreSQL names such a column `greatest` (`postgres/names.rs` did); the others
        // print the call as written.
        super::headers::keep_as_written(stmt, &is_extreme);
    }
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        let Expr::Function(f) = e else {
            return ControlFlow::Continue(());
        };
        let name = f.name.to_sql().to_ascii_lowercase();
        let greatest = match name.as_str() {
            "greatest" => true,
            "least" => false,
            _ => return ControlFlow::Continue(()),
        };
        let FunctionArguments::List(list) = &f.args else {
            return ControlFlow::Continue(());
        };
        let args: Option<Vec<Expr>> = list
            .args
            .iter()
            .map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x.duplicate()),
                _ => None,
            })
            .collect();
        let Some(args) = args.filter(|a| a.len() >= 2) else {
            return ControlFlow::Continue(());
        };
        let target = match (dialect, greatest) {
            (Dialect::MySql, true) => "max",
            (Dialect::MySql, false) => "min",
            (_, true) => GREATEST_FN,
            (_, false) => LEAST_FN,
        };
        *e = call(target, args);
        fired = true;
        ControlFlow::Continue(())
    });
    fired.then(|| match dialect {
        Dialect::MySql => "GREATEST/LEAST become SQLite's max/min of several values (NULL if any is NULL, as MySQL)".to_string(),
        _ => format!("greatest/least become {GREATEST_FN}/{LEAST_FN}: NULL arguments are skipped, as the server does"),
    })
}

fn is_extreme(e: &Expr) -> bool {
    matches!(e, Expr::Function(f) if {
        let name = f.name.to_sql();
        name.eq_ignore_ascii_case("greatest") || name.eq_ignore_ascii_case("least")
    })
}
