//! Rule: integer arithmetic and casts fail where PostgreSQL's integer types do. SQLite
//! computes every integer in 64 bits and turns an overflow into a float, so
//! `SELECT 2147483647 + 1` would give 2147483648 and a bigint counter past its maximum would
//! go on as 9.2e18, where PostgreSQL stops the statement with 22003 (`integer out of
//! range`). Each `+ - * /` whose operands' integer types the planner knows (`int_types.rs`)
//! is computed by `ql_int_arith('+32', a, b)`, which checks each result against the range of
//! the wider type (the step `+32`: add, as integer). A left-deep chain is one call,
//! `ql_int_arith('+32 +32 *64', a, b, c, d)`, computed left to right as PostgreSQL does: a
//! call per operator would make a chain of 500 `+` a tree twice as deep, past SQLite's limit
//! of 1,000 levels. Unary minus and `abs` are steps too (`0 - x`, `abs(x) * 1`). A cast to smallint, integer or bigint becomes
//! `ql_int_cast(x, bits, from_float)`, which rounds, reads text and checks as the server's
//! cast does ('3.9'::int is 22P02, 3.5::int is 4, 3.5::float8::int half to even is 4).

use super::super::exprs::int_expr;
use super::super::int_types::{arithmetic, Columns, IntType};
use super::int_values::{ARITH_FN, CAST_FN};
use crate::sql::ToSql;
use sqlparser::ast::{
    CastKind, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Statement, UnaryOperator,
    Value,
};
use std::ops::ControlFlow;

/// Rewrites `stmt`'s integer arithmetic and casts, its names resolved by `columns`; the
/// notes of what it did.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> Vec<String> {
    let (mut checked, mut cast) = (false, false);
    super::super::walk::exprs(stmt, &mut |e| {
        if let Some((inner, t, from_float)) = int_cast(e, columns) {
            *e = call(CAST_FN, vec![inner, bits(t), flag(from_float)]);
            cast = true;
        } else if let Some(t) = checked_type(e, columns) {
            let op = std::mem::replace(e, null());
            let bits = t.bits();
            *e = match op {
                Expr::BinaryOp { left, op, right } => {
                    chain(*left, &format!("{}{bits}", op.to_sql()), *right)
                }
                // `-x` as `0 - x`, `abs(x)` as `abs(x) * 1`: the same errors as the server's.
                Expr::UnaryOp { expr, .. } => chain(int_expr(0), &format!("-{bits}"), *expr),
                abs => chain(abs, &format!("*{bits}"), int_expr(1)),
            };
            checked = true;
        }
        ControlFlow::<()>::Continue(())
    });
    let mut notes = Vec::new();
    if checked {
        notes.push(format!(
            "integer + - * / through {ARITH_FN}('+32', a, b): past the type's range, PostgreSQL's 22003 (SQLite would go on in 64 bits)"
        ));
    }
    if cast {
        notes.push(format!(
            "casts to integer types through {CAST_FN}(x, bits, from_float): rounded, text read and range checked as PostgreSQL casts"
        ));
    }
    notes
}

/// The most operands one `ql_int_arith` call takes (SQLite's limit is 1,000 arguments; the
/// statement's operator limit keeps a chain far below it).
const MAX_CHAIN: usize = 900;

/// `left step right`, where `left` may already be a chain this rule made: the step and
/// `right` are added to it, else a new chain of one step begins.
fn chain(mut left: Expr, step: &str, right: Expr) -> Expr {
    if let Some(args) = chain_args(&mut left).filter(|a| a.len() < MAX_CHAIN) {
        if let Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Value(v)))) = args.first_mut()
        {
            if let Value::SingleQuotedString(steps) = &mut v.value {
                steps.push(' ');
                steps.push_str(step);
                args.push(FunctionArg::Unnamed(FunctionArgExpr::Expr(right)));
                return left;
            }
        }
    }
    let steps = Expr::Value(Value::SingleQuotedString(step.to_string()).into());
    call(ARITH_FN, vec![steps, left, right])
}

/// The arguments of a `ql_int_arith` call, in parentheses or not.
fn chain_args(e: &mut Expr) -> Option<&mut Vec<FunctionArg>> {
    match e {
        Expr::Nested(inner) => chain_args(inner),
        Expr::Function(f) if f.name.to_sql() == ARITH_FN => match &mut f.args {
            FunctionArguments::List(list) => Some(&mut list.args),
            _ => None,
        },
        _ => None,
    }
}

/// A cast to one of the integer types: what is cast, to which, and whether from a float.
fn int_cast(e: &mut Expr, columns: &Columns) -> Option<(Expr, IntType, bool)> {
    let Expr::Cast {
        kind: CastKind::Cast | CastKind::DoubleColon,
        data_type,
        expr,
        ..
    } = e
    else {
        return None;
    };
    let t = IntType::of_cast(data_type)?;
    let from_float = columns.is_float(expr);
    let inner = std::mem::replace(expr.as_mut(), null());
    Some((inner, t, from_float))
}

/// The type whose range `e`'s result must be checked against: `e` computes a new integer
/// from integers of known types.
fn checked_type(e: &Expr, columns: &Columns) -> Option<IntType> {
    match e {
        Expr::BinaryOp { op, .. } if arithmetic(op) => columns.int_type(e),
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } if !matches!(expr.as_ref(), Expr::Value(_)) => columns.int_type(e),
        Expr::Function(_) if is_abs(e) => columns.int_type(e),
        _ => None,
    }
}

fn is_abs(e: &Expr) -> bool {
    super::super::exprs::call_args(e, "abs").is_some_and(|a| a.len() == 1)
}

fn call(name: &str, args: Vec<Expr>) -> Expr {
    super::super::exprs::call(name, args)
}

fn bits(t: IntType) -> Expr {
    int_expr(t.bits())
}

fn flag(on: bool) -> Expr {
    int_expr(i64::from(on))
}

fn null() -> Expr {
    Expr::Value(Value::Null.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::sql::ToSql;
    use crate::trace::checked::Checked;

    const TABLE: &str =
        "CREATE TABLE t (id bigserial, n int, m bigint, s smallint, f double precision, x text, p numeric(12,2))";

    /// `sql` after the rule, over the table [`TABLE`].
    fn rewritten(sql: &str) -> Checked<(String, usize)> {
        let (catalog, mut stmt) =
            crate::dialect::catalog::for_tests(Dialect::Postgres, &[TABLE], sql)?;
        let columns = Columns::of(&mut stmt, &catalog);
        let notes = rewrite(&mut stmt, &columns);
        Ok((stmt.to_sql(), notes.len()))
    }

    #[test]
    fn arithmetic_over_known_integer_types_is_checked_against_the_wider_type() -> Checked {
        assert_eq!(
            rewritten("SELECT n + 1, n * m, s - s, -n, abs(s), t.id / 2 FROM t")?,
            (
                "SELECT ql_int_arith('+32', n, 1), ql_int_arith('*64', n, m), ql_int_arith('-16', s, s), ql_int_arith('-32', 0, n), ql_int_arith('*16', abs(s), 1), ql_int_arith('/64', t.id, 2) FROM t".into(),
                1
            )
        );
        // A chain is one call, each step checked against its own type; a parenthesized
        // right operand is a call of its own.
        assert_eq!(
            rewritten("SELECT n + 1 - s * 2 + (m - 1) FROM t")?.0,
            "SELECT ql_int_arith('+32 -32 +64', n, 1, ql_int_arith('*32', s, 2), (ql_int_arith('-64', m, 1))) FROM t"
        );
        assert_eq!(
            rewritten("UPDATE t SET m = (n + 1) * 3000000000 WHERE coalesce(n, 0) + count_me(1) > 0")?
                .0,
            "UPDATE t SET m = (ql_int_arith('+32 *64', n, 1, 3000000000)) WHERE coalesce(n, 0) + count_me(1) > 0"
        );
        assert_eq!(
            rewritten("SELECT (SELECT max(n) FROM t) + 1, coalesce(max(s), 0) + 1, count(*) + 1 FROM t")?
                .0,
            "SELECT ql_int_arith('+32', (SELECT max(n) FROM t), 1), ql_int_arith('+32', coalesce(max(s), 0), 1), ql_int_arith('+64', count(*), 1) FROM t"
        );
        Ok(())
    }

    #[test]
    fn values_of_unknown_or_other_types_are_left_alone() -> Checked {
        for sql in [
            "SELECT x || 'a', p * 2, n + 1.5, f * 2, n + x FROM t",
            "SELECT now() + INTERVAL '1 minute', -2147483648, n % 7",
            // A derived table's column, and a name a result alias may stand for.
            "SELECT d.n + 1 FROM (SELECT m AS n FROM t) d",
            "SELECT n + 1 FROM (SELECT m AS n FROM t) d",
        ] {
            assert_eq!(rewritten(sql)?, (sql.to_string(), 0), "{sql}");
        }
        Ok(())
    }

    #[test]
    fn casts_to_integer_types_go_through_the_cast_function() -> Checked {
        assert_eq!(
            rewritten("SELECT '5'::int, CAST(p AS bigint), f::smallint, (f * 2)::int4 + 1, n::int8, n::int2, n::integer FROM t")?,
            (
                "SELECT ql_int_cast('5', 32, 0), ql_int_cast(p, 64, 0), ql_int_cast(f, 16, 1), ql_int_arith('+32', ql_int_cast((f * 2), 32, 1), 1), ql_int_cast(n, 64, 0), ql_int_cast(n, 16, 0), ql_int_cast(n, 32, 0) FROM t".into(),
                2
            )
        );
        Ok(())
    }
}
