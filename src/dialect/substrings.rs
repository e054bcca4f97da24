//! Rule: SUBSTRING and POSITION as each server reads them. SQLite's `substr(s, start, n)`
//! counts a start of 0 or below from the end of the string; PostgreSQL and SQL Server clip the
//! range `start .. start + n` to the string (`substr('abc', -1)` is `abc`, where SQLite gives
//! `c`; SQL Server's as its documentation says, not checked on a server)
//! and MariaDB gives the empty string for a start of 0 (a negative one counts from the end,
//! as SQLite's does), and no characters for a negative length (PostgreSQL's error 22011, SQL
//! Server's 537). `SUBSTRING(s FROM a FOR n)`
//! and `POSITION(x IN s)` are not SQLite's syntax at all: SQLite read the latter as `x IN`
//! a table named by the string. So each becomes `substr` with its start and length made
//! SQLite's, and `instr(s, x)` (also MariaDB's case-blind one, `mysql/collation.rs`, which
//! runs after). (Checked on PostgreSQL 15 and MariaDB 10.11.)

use super::exprs::{call, int_expr};
use super::walk;
use super::Dialect;
use crate::sql::Duplicate;
use sqlparser::ast::{BinaryOperator, Expr, Statement, Value};

/// Rewrites the statement's SUBSTRING and POSITION; the note, if one changed.
pub fn rewrite(dialect: Dialect, stmt: &mut Statement) -> Option<String> {
    let changed = walk::replace_exprs(stmt, &|e| {
        Ok(match e {
            Expr::Substring {
                expr,
                substring_from,
                substring_for,
                ..
            } => Some(substr(
                dialect,
                expr,
                substring_from.as_deref(),
                substring_for.as_deref(),
            )),
            Expr::Position { expr, r#in } => Some(call(
                "instr",
                vec![(**r#in).duplicate(), (**expr).duplicate()],
            )),
            _ => None,
        })
    });
    changed.unwrap_or(false).then(|| {
        "SUBSTRING as the server counts its start and length, through SQLite's substr; POSITION(x IN s) as instr(s, x)".into()
    })
}

/// `substr` of `s` from `start` for `n` characters, in `dialect`'s terms.
fn substr(dialect: Dialect, s: &Expr, start: Option<&Expr>, n: Option<&Expr>) -> Expr {
    let one = || int_expr(1);
    let start = start.map_or_else(one, Duplicate::duplicate);
    let mut args = vec![s.duplicate()];
    match dialect {
        Dialect::MySql => {
            // A start of 0 gives no characters; a negative length none either.
            let zero = Expr::BinaryOp {
                left: Box::new(start.duplicate()),
                op: BinaryOperator::Eq,
                right: Box::new(int_expr(0)),
            };
            args.push(start);
            args.extend(n.map(|n| call("max", vec![n.duplicate(), int_expr(0)])));
            let empty = Expr::value(Value::SingleQuotedString(String::new()));
            call("iif", vec![zero, empty, call("substr", args)])
        }
        _ => {
            // From max(start, 1), for what is left of start .. start + n.
            let from = call("max", vec![start.duplicate(), one()]);
            args.push(from.duplicate());
            args.extend(n.map(|n| {
                // A negative length is the server's error, whatever the start.
                let failure = format!(
                    "{}{}",
                    super::postgres::int_values::SERVER_ERROR,
                    match dialect {
                        Dialect::MsSql => "537 Invalid length parameter passed to the LEFT or SUBSTRING function.",
                        _ => "22011 negative substring length not allowed",
                    }
                );
                let checked = call(
                    super::exprs::NOT_NEGATIVE_FN,
                    vec![
                        n.duplicate(),
                        Expr::value(Value::SingleQuotedString(failure)),
                    ],
                );
                let end = Expr::BinaryOp {
                    left: Box::new(start),
                    op: BinaryOperator::Plus,
                    right: Box::new(checked),
                };
                let left = Expr::BinaryOp {
                    left: Box::new(end),
                    op: BinaryOperator::Minus,
                    right: Box::new(from),
                };
                call("max", vec![left, int_expr(0)])
            }));
            call("substr", args)
        }
    }
}
