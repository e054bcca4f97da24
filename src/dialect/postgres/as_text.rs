//! Rule: a boolean or a `timestamptz` made text as PostgreSQL writes it. The engine keeps a
//! boolean as SQLite's 1 or 0 and a timestamptz without its zone, and writes them as the
//! server does only in a result column (`text_forms.rs`). Made text inside a statement (`'b '
//! || paused`, `vt::text`, `concat('at ', vt)`) they would read `b 1` and `at 2000-01-01
//! 00:00:00` where the server writes `b true` and `at 2000-01-01 00:00:00+00`. So each such
//! operand becomes `CASE WHEN x THEN 'true' WHEN NOT x THEN 'false' END`, or `x || '+00'`
//! (the session's time zone is UTC). The server's words for a boolean differ by the way:
//! `||` and casts write `true` and `false`, concat and concat_ws the type's output, `t` and
//! `f` (checked on PostgreSQL 15).

use super::super::int_types::{column_named, Columns};
use super::super::intervals::PG_SHIFT_FN;
use super::super::num_as_text;
use super::super::plan::TextForm;
use super::super::text_forms::{is_pg_test, is_zoned_clock, of_type_name};
use super::super::walk;
use crate::sql::{Duplicate, ToSql};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    BinaryOperator, CaseWhen, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Statement,
    UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// Rewrites the operands made text in `stmt`; the note, if one changed.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> Option<String> {
    let mut changed = false;
    walk::exprs(stmt, &mut |e| {
        // concat and concat_ws write a boolean as `t` or `f`.
        let output = matches!(e, Expr::Function(f) if num_as_text::is_concat(f));
        for operand in num_as_text::made_text(e) {
            changed |= as_text(operand, output, columns);
        }
        ControlFlow::<()>::Continue(())
    });
    changed.then(|| {
        "a boolean or timestamptz made text as PostgreSQL writes it (true/false, t/f in concat, +00)".into()
    })
}

/// Rewrites `e` if it is a boolean or a timestamptz (a boolean as `t` / `f` when `output`);
/// whether it did.
fn as_text(e: &mut Expr, output: bool, columns: &Columns) -> bool {
    let written = match form(e, columns) {
        Some(TextForm::PgBool) => {
            let x = e.duplicate();
            let word = |w: &str| Expr::value(Value::SingleQuotedString(w.into()));
            Expr::Case {
                case_token: AttachedToken::empty(),
                end_token: AttachedToken::empty(),
                operand: None,
                conditions: vec![
                    CaseWhen {
                        condition: Expr::Nested(Box::new(x.duplicate())),
                        result: word(if output { "t" } else { "true" }),
                    },
                    CaseWhen {
                        condition: Expr::UnaryOp {
                            op: UnaryOperator::Not,
                            expr: Box::new(Expr::Nested(Box::new(x))),
                        },
                        result: word(if output { "f" } else { "false" }),
                    },
                ],
                else_result: None,
            }
        }
        Some(TextForm::PgTimestampTz) => Expr::Nested(Box::new(Expr::BinaryOp {
            left: Box::new(Expr::Nested(Box::new(e.duplicate()))),
            op: BinaryOperator::StringConcat,
            right: Box::new(Expr::value(Value::SingleQuotedString("+00".into()))),
        })),
        _ => return false,
    };
    *e = written;
    true
}

/// Whether `e` is a boolean or a timestamptz, where the rule can tell: a column of one, a
/// test, the clock, a timestamptz moved by an interval.
fn form(e: &Expr, columns: &Columns) -> Option<TextForm> {
    match e {
        Expr::Nested(inner) => form(inner, columns),
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
            let (q, name) = column_named(e)?;
            columns.columns_give(q, name, |c| of_type_name(&c.sql_type))
        }
        _ if is_pg_test(e) => Some(TextForm::PgBool),
        Expr::Function(f) => {
            let name = f.name.to_sql().to_ascii_lowercase();
            if is_zoned_clock(&name) {
                return Some(TextForm::PgTimestampTz);
            }
            if name != PG_SHIFT_FN {
                return None;
            }
            // A time moved keeps its type.
            let FunctionArguments::List(list) = &f.args else {
                return None;
            };
            match list.args.first()? {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(t)) => form(t, columns),
                _ => None,
            }
        }
        _ => None,
    }
}
