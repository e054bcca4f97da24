//! Rule: a double or a decimal made text inside a statement, as the server writes it. SQLite
//! writes a REAL as `1.0`, `1.5`, `1.0e+20`, where PostgreSQL writes a double precision 1 as
//! `1` and MariaDB a DOUBLE as `1`, and both write a numeric(10,2) 1.5 as `1.50` (checked on
//! PostgreSQL 15 and MariaDB 10.11): `'x' || w`, `w::text`, `CONCAT('x', n)`, `CAST(n AS
//! CHAR)` read `x1.0` and `1.5` in the lab. So each such operand whose number type the planner
//! knows (`num_types.rs`) goes through `ql_num_text(x, form)`, which writes it with the
//! servers' own text forms of a result column (`num_text.rs`).

use super::exprs::{call, int_expr};
use super::int_types::Columns;
use super::num_types::{self, NumType};
use super::walk;
use super::Dialect;
use crate::sql::Duplicate;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    Statement,
};
use std::ops::ControlFlow;

/// `ql_num_text(x, form)`: `x` as text; `form` a decimal's scale, or one of the two below.
pub const NUM_TEXT_FN: &str = "ql_num_text";
/// `ql_num_text`'s form of a PostgreSQL double precision.
pub const PG_DOUBLE: i64 = -1;
/// `ql_num_text`'s form of a MariaDB DOUBLE.
pub const MY_DOUBLE: i64 = -2;

/// Rewrites the numbers `stmt` makes text; the note, if one changed.
pub fn rewrite(dialect: Dialect, stmt: &mut Statement, columns: &Columns) -> Option<String> {
    let mut changed = false;
    walk::exprs(stmt, &mut |e| {
        for operand in made_text(e) {
            let form = match num_types::of(operand, columns, dialect) {
                Some(NumType::Double) if dialect == Dialect::Postgres => PG_DOUBLE,
                Some(NumType::Double) => MY_DOUBLE,
                Some(NumType::Decimal(scale)) => i64::from(scale),
                _ => continue,
            };
            *operand = call(NUM_TEXT_FN, vec![operand.duplicate(), int_expr(form)]);
            changed = true;
        }
        ControlFlow::<()>::Continue(())
    });
    changed.then(|| format!("a double or decimal made text as the server writes it ({NUM_TEXT_FN}: 1 not 1.0, 1.50 for a decimal of scale 2)"))
}

/// The operands `e` makes text: what a cast to a string type casts, the arguments of concat
/// and concat_ws, and both sides of `||`.
pub fn made_text(e: &mut Expr) -> Vec<&mut Expr> {
    if let Expr::Cast {
        kind: CastKind::Cast | CastKind::DoubleColon,
        expr,
        data_type,
        ..
    } = e
    {
        return match string_type(data_type) {
            true => vec![expr.as_mut()],
            false => Vec::new(),
        };
    }
    match e {
        // MariaDB's `||` is OR, and its CONCAT is `||` by now (`mysql/operators.rs`).
        Expr::BinaryOp {
            left,
            op: BinaryOperator::StringConcat,
            right,
        } => vec![left.as_mut(), right.as_mut()],
        Expr::Function(f) if is_concat(f) => match &mut f.args {
            FunctionArguments::List(list) => list
                .args
                .iter_mut()
                .filter_map(|a| match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Whether `f` is concat or concat_ws.
pub fn is_concat(f: &sqlparser::ast::Function) -> bool {
    let name = super::exprs::last_ident(&f.name);
    name.eq_ignore_ascii_case("concat") || name.eq_ignore_ascii_case("concat_ws")
}

fn string_type(t: &DataType) -> bool {
    matches!(
        t,
        DataType::Text
            | DataType::Varchar(_)
            | DataType::CharacterVarying(_)
            | DataType::Char(_)
            | DataType::Character(_)
            | DataType::String(_)
    )
}
