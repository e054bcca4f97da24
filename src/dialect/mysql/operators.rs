//! Rule: operators MySQL reads otherwise than SQLite. Under MariaDB's default `sql_mode`
//! (no `PIPES_AS_CONCAT`) `a || b` is a logical OR, where SQLite concatenates: `WHERE
//! locked_at IS NULL || locked_at < ...` would silently pick other rows. And `CONCAT(a, b)`
//! is NULL when an argument is NULL, where SQLite's `concat()` skips NULLs: it becomes
//! SQLite's `a || b`, which is NULL then too.

use super::super::walk;
use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Statement,
};
use std::ops::ControlFlow;

/// Rewrites `stmt`; the note, if a rule fired.
pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    super::super::headers::keep_as_written(stmt, &|e| concat_args(e).is_some());
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        match e {
            Expr::BinaryOp { op, .. } if *op == BinaryOperator::StringConcat => {
                *op = BinaryOperator::Or;
                fired = true;
            }
            _ => {
                if let Some(args) = concat_args(e) {
                    let mut args = args.into_iter();
                    if let Some(first) = args.next() {
                        *e = args.fold(paren(first), |left, right| Expr::BinaryOp {
                            left: Box::new(left),
                            op: BinaryOperator::StringConcat,
                            right: Box::new(paren(right)),
                        });
                        fired = true;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    });
    fired.then(|| {
        "MySQL's || is OR (sql_mode without PIPES_AS_CONCAT); CONCAT(a, b) as SQLite's a || b, NULL when an argument is".into()
    })
}

/// The arguments of a `CONCAT(...)` call.
fn concat_args(e: &Expr) -> Option<Vec<Expr>> {
    let Expr::Function(f) = e else { return None };
    if !f.name.to_string().eq_ignore_ascii_case("concat") {
        return None;
    }
    let FunctionArguments::List(list) = &f.args else {
        return None;
    };
    list.args
        .iter()
        .map(|a| match a {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x.clone()),
            _ => None,
        })
        .collect()
}

fn paren(e: Expr) -> Expr {
    super::super::exprs::parenthesized(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;

    fn rewritten(sql: &str) -> String {
        let script = crate::dialect::front::parse_script(Dialect::MySql, sql);
        let mut stmt = script.statements[0].ast.clone().expect("parses");
        rewrite(&mut stmt);
        stmt.to_string()
    }

    #[test]
    fn pipes_are_or_and_concat_is_null_with_a_null() {
        assert_eq!(
            rewritten("SELECT id FROM jobs WHERE a IS NULL || b < 2"),
            "SELECT id FROM jobs WHERE a IS NULL OR b < 2"
        );
        assert_eq!(
            rewritten("SELECT CONCAT('host:', locked_by, 1) FROM jobs"),
            "SELECT 'host:' || locked_by || 1 AS \"CONCAT('host:', locked_by, 1)\" FROM jobs"
        );
    }
}
