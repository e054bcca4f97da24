//! Rule: a string a function makes (CONCAT, SUBSTRING, TRIM, REPLACE, ...) groups, sorts and
//! is told apart ignoring case and accents, as MariaDB's default collation does. SQLite gives
//! a function's result its BINARY collation: `GROUP BY SUBSTRING(kind, 1, 1)` made `a` and `A`
//! two groups, `SELECT DISTINCT CONCAT(...)` listed both, `ORDER BY CONCAT(b, '')` put `B`
//! before `a`, and MIN, MAX and COUNT(DISTINCT ...) of such strings compared bytes (probed on
//! 10.11: one group, one row, `a` first). Such an expression gets `COLLATE ql_case_blind`
//! where it is a select item (so an alias naming it carries the collation), an ORDER BY or
//! GROUP BY key, or the argument of MIN, MAX or an aggregate's DISTINCT; unless a string
//! column it reads compares bytes, or it reads an unknown name.

use super::super::catalog::CASE_BLIND;
use super::super::int_types::Columns;
use super::super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{
    BinaryOperator, DuplicateTreatment, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    GroupByExpr, Ident, OrderByKind, Query, SelectItem, SetExpr, Statement,
};
use std::ops::ControlFlow;

/// Functions of MariaDB's that make a string (CONCAT is SQLite's `||` by now).
const STRING_FUNCTIONS: &[&str] = &[
    "lower", "lpad", "ltrim", "repeat", "replace", "reverse", "rpad", "rtrim", "substr", "trim",
    "upper",
];

/// Rewrites `stmt`; whether it did.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> bool {
    super::super::headers::keep_as_written(stmt, &|e| makes_string(e, columns));
    let mut fired = false;
    let mut blind = |e: &mut Expr| {
        if makes_string(e, columns) {
            *e = Expr::Collate {
                expr: Box::new(Expr::Nested(Box::new(e.duplicate()))),
                collation: crate::sql::build::name(Ident::new(CASE_BLIND)),
            };
            fired = true;
        }
    };
    walk::queries(stmt, &mut |q: &mut Query| {
        if let Some(OrderByKind::Expressions(keys)) = q.order_by.as_mut().map(|o| &mut o.kind) {
            keys.iter_mut().for_each(|k| blind(&mut k.expr));
        }
        if let SetExpr::Select(s) = q.body.as_mut() {
            for item in &mut s.projection {
                if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item
                {
                    blind(e);
                }
            }
            if let GroupByExpr::Expressions(keys, _) = &mut s.group_by {
                keys.iter_mut().for_each(&mut blind);
            }
        }
        ControlFlow::<()>::Continue(())
    });
    walk::exprs(stmt, &mut |e| {
        let Expr::Function(f) = e else {
            return ControlFlow::Continue(());
        };
        let name = crate::sql::ToSql::to_sql(&f.name);
        let FunctionArguments::List(list) = &mut f.args else {
            return ControlFlow::Continue(());
        };
        let distinct = matches!(list.duplicate_treatment, Some(DuplicateTreatment::Distinct));
        if distinct || name.eq_ignore_ascii_case("min") || name.eq_ignore_ascii_case("max") {
            for arg in &mut list.args {
                if let FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) = arg {
                    blind(x);
                }
            }
        }
        ControlFlow::Continue(())
    });
    fired
}

/// Whether `e` is a string a function makes, of case-blind strings.
fn makes_string(e: &Expr, columns: &Columns) -> bool {
    let maker = match e {
        Expr::Nested(inner) => return makes_string(inner, columns),
        Expr::BinaryOp {
            op: BinaryOperator::StringConcat,
            ..
        }
        | Expr::Substring { .. }
        | Expr::Trim { .. } => true,
        Expr::Function(f) => {
            let name = crate::sql::ToSql::to_sql(&f.name);
            // SUBSTRING is `iif(start = 0, '', substr(...))` by now (`substrings.rs`).
            if name.eq_ignore_ascii_case("iif") {
                let args = super::super::exprs::call_args(e, "iif").unwrap_or_default();
                return args.last().is_some_and(|a| makes_string(a, columns));
            }
            STRING_FUNCTIONS
                .iter()
                .any(|n| name.eq_ignore_ascii_case(n))
        }
        _ => false,
    };
    maker && super::collation::derives_case_blind(e, columns)
}
