//! Rule: operators MySQL reads otherwise than SQLite. Under MariaDB's default `sql_mode`
//! (no `PIPES_AS_CONCAT`) `a || b` is a logical OR, where SQLite concatenates: `WHERE
//! locked_at IS NULL || locked_at < ...` would silently pick other rows. And `CONCAT(a, b)`
//! is NULL when an argument is NULL, where SQLite's `concat()` skips NULLs: it becomes
//! SQLite's `a || b`, which is NULL then too. `a <=> b` (NULL-safe equality) is SQLite's
//! `a IS NOT DISTINCT FROM b`, and `a XOR b` is written out (NULL if either side is).

use super::super::walk;
use crate::sql::Duplicate;
use sqlparser::ast::{BinaryOperator, Expr, InTarget, Statement};
use std::ops::ControlFlow;

/// Rewrites `stmt`; the note, if a rule fired.
pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    super::super::headers::keep_as_written(stmt, &|e| {
        concat_args(e).is_some()
            || matches!(
                e,
                Expr::BinaryOp {
                    op: BinaryOperator::Spaceship | BinaryOperator::Xor,
                    ..
                }
            )
    });
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        match e {
            Expr::BinaryOp { op, .. } if *op == BinaryOperator::StringConcat => {
                *op = BinaryOperator::Or;
                fired = true;
            }
            // MariaDB's optimizer reads `c IN (v)` as `c = v`, and `c IN (3, 1+2)` too (its
            // ranges merge into one key): an index serves it as an equality, so its order
            // serves an ORDER BY of the next columns and a LIMIT stops the scan (the access,
            // filesort and gap rules read equalities only).
            Expr::In {
                expr,
                target: InTarget::List(list),
                negated: false,
                ..
            } if list.len() == 1 || one_key(expr, list) => {
                *e = Expr::BinaryOp {
                    left: expr.duplicate(),
                    op: BinaryOperator::Eq,
                    right: Box::new(list[0].duplicate()),
                };
            }
            // NULL-safe equality is SQLite's IS (1 or 0, never NULL).
            Expr::BinaryOp {
                op: BinaryOperator::Spaceship,
                left,
                right,
            } => {
                *e = Expr::IsNotDistinctFrom(left.duplicate(), right.duplicate());
                fired = true;
            }
            // Logical XOR: NULL if either side is, else whether exactly one is true.
            Expr::BinaryOp { op, left, right } if *op == BinaryOperator::Xor => {
                let truth =
                    |e: &Expr| Expr::Nested(Box::new(Expr::IsTrue(Box::new(paren(e.duplicate())))));
                *e = Expr::Case {
                    case_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
                    end_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
                    operand: None,
                    conditions: vec![sqlparser::ast::CaseWhen {
                        condition: Expr::BinaryOp {
                            left: Box::new(Expr::IsNull(Box::new(paren((**left).duplicate())))),
                            op: BinaryOperator::Or,
                            right: Box::new(Expr::IsNull(Box::new(paren((**right).duplicate())))),
                        },
                        result: Expr::value(sqlparser::ast::Value::Null),
                    }],
                    else_result: Some(Box::new(Expr::BinaryOp {
                        left: Box::new(truth(left)),
                        op: BinaryOperator::NotEq,
                        right: Box::new(truth(right)),
                    })),
                };
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
        "MySQL's || is OR (sql_mode without PIPES_AS_CONCAT), <=> is IS NOT DISTINCT FROM, XOR a CASE; CONCAT(a, b) as SQLite's a || b, NULL when an argument is".into()
    })
}

/// Whether the column `expr` is tested against items that are all one integer or all one
/// string. Items of mixed types (`3, 3.0`, `3, '3'`) are compared otherwise and use no range
/// on the server; they stay an IN list.
fn one_key(expr: &Expr, list: &[Expr]) -> bool {
    let first = key(&list[0]);
    matches!(expr, Expr::Identifier(_) | Expr::CompoundIdentifier(_))
        && first.is_some()
        && list.iter().all(|e| key(e) == first)
}

/// A constant item's value: an integer folded from `+`, `-` and `*` (as `Ok`), or a quoted
/// string's text (as `Err`).
fn key(e: &Expr) -> Option<Result<i64, &str>> {
    use sqlparser::ast::{UnaryOperator, Value};
    let int = |e| key(e)?.ok();
    Some(match e {
        Expr::Nested(inner) => return key(inner),
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => Ok(n.parse().ok()?),
            Value::SingleQuotedString(s) => Err(s),
            _ => return None,
        },
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => Ok(int(expr)?.checked_neg()?),
        Expr::BinaryOp { left, op, right } => {
            let (l, r) = (int(left)?, int(right)?);
            Ok(match op {
                BinaryOperator::Plus => l.checked_add(r),
                BinaryOperator::Minus => l.checked_sub(r),
                BinaryOperator::Multiply => l.checked_mul(r),
                _ => None,
            }?)
        }
        _ => return None,
    })
}

/// The arguments of a `CONCAT(...)` call.
fn concat_args(e: &Expr) -> Option<Vec<Expr>> {
    let args = super::super::exprs::call_args(e, "concat")?;
    Some(args.into_iter().map(Duplicate::duplicate).collect())
}

fn paren(e: Expr) -> Expr {
    super::super::exprs::parenthesized(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::sql::ToSql;
    use crate::trace::StepError;

    fn rewritten(sql: &str) -> Result<String, StepError> {
        let script = crate::dialect::front::parse_script(Dialect::MySql, sql);
        let mut stmt = script.statements[0].ast.duplicate()?;
        rewrite(&mut stmt);
        Ok(stmt.to_sql())
    }

    #[test]
    fn pipes_are_or_and_concat_is_null_with_a_null() -> Result<(), StepError> {
        assert_eq!(
            rewritten("SELECT id FROM jobs WHERE a IS NULL || b < 2")?,
            "SELECT id FROM jobs WHERE a IS NULL OR b < 2"
        );
        assert_eq!(
            rewritten("SELECT CONCAT('host:', locked_by, 1) FROM jobs")?,
            "SELECT 'host:' || locked_by || 1 AS \"CONCAT('host:', locked_by, 1)\" FROM jobs"
        );
        Ok(())
    }

    #[test]
    fn an_in_list_of_one_key_is_an_equality_and_mixed_types_stay_a_list() -> Result<(), StepError> {
        for (sql, out) in [
            ("a IN (3, 3)", "a = 3"),
            ("a IN (3, 1 + 2, (6 - 3) * 1)", "a = 3"),
            ("a IN (-3, -3)", "a = -3"),
            ("s IN ('x3', 'x3')", "s = 'x3'"),
            ("a IN (3, 3.0)", "a IN (3, 3.0)"),
            ("a IN (3, '3')", "a IN (3, '3')"),
            ("a IN (3, 4)", "a IN (3, 4)"),
            ("3 IN (a, a)", "3 IN (a, a)"),
        ] {
            let sql = format!("SELECT id FROM jobs WHERE {sql}");
            assert_eq!(
                rewritten(&sql)?,
                format!("SELECT id FROM jobs WHERE {out}"),
                "{sql}"
            );
        }
        Ok(())
    }
}
