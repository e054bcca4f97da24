//! Rule: strings compare as MariaDB's default collation (`utf8mb4_general_ci`) compares them,
//! ignoring case and accents, where no column says otherwise. SQLite compares such values
//! byte by byte: `'a' = 'A'` is 1 on the server and 0 here, and so is `upper(state) =
//! 'Done'` or `instr(payload, 'ERROR')` on a text column. A column's own comparisons already
//! use the engine's case-blind collation (ddl.rs), which SQLite applies whenever a bare column
//! is an operand; this rule covers the others: a comparison (`=`, `<>`, `<`, ..., `IN`,
//! `BETWEEN`) whose operands are no bare column gets `COLLATE ql_case_blind` on its left
//! operand, and `INSTR(a, b)` becomes `ql_instr_ci(a, b)`, unless a string column the
//! operands read compares bytes (a binary type or a `_bin` collation: the server compares
//! bytes then too) or a name of unknown columns is read (left as it is).

use super::super::catalog::CASE_BLIND;
use super::super::int_types::Columns;
use super::super::walk;
use crate::sql::build::call;
use crate::sql::Duplicate;
use sqlparser::ast::{BinaryOperator, Expr, Ident, InTarget, Statement, UnaryOperator};
use std::ops::ControlFlow;

/// The SQLite function for MariaDB's INSTR under the case-blind collation.
pub const INSTR_FN: &str = "ql_instr_ci";

/// The SQLite function for MariaDB's LIKE when it compares bytes (`engine/like_fn.rs`):
/// `ql_like_bytes(pattern, text [, escape])`, as SQLite calls `like`.
pub const LIKE_BYTES_FN: &str = "ql_like_bytes";

/// Rewrites `stmt`; the note, if the rule fired.
pub fn rewrite(stmt: &mut Statement, columns: &Columns) -> Option<String> {
    super::super::headers::keep_as_written(stmt, &|e| {
        target(e, columns).is_some() || like_bytes(e, columns).is_some()
    });
    let mut fired = false;
    walk::exprs(stmt, &mut |e| {
        if let Some(by_bytes) = like_bytes(e, columns) {
            *e = by_bytes;
            fired = true;
            return ControlFlow::Continue(());
        }
        match target(e, columns) {
            Some(Target::Compare) => {
                if let Some(left) = left_operand(e) {
                    let inner = left.duplicate();
                    **left = Expr::Collate {
                        expr: Box::new(Expr::Nested(inner)),
                        collation: crate::sql::build::name(Ident::new(CASE_BLIND)),
                    };
                    fired = true;
                }
            }
            Some(Target::Instr(args)) => {
                *e = call(INSTR_FN, args);
                fired = true;
            }
            None => {}
        }
        ControlFlow::<()>::Continue(())
    });
    fired.then(|| {
        format!("strings compared without a column (and INSTR) ignore case and accents, as MariaDB's default collation utf8mb4_general_ci does: COLLATE {CASE_BLIND}, {INSTR_FN}(); a LIKE that reads a binary string compares bytes: {LIKE_BYTES_FN}()")
    })
}

/// A LIKE that reads a string column compared byte by byte: MariaDB compares its bytes
/// (binary collation wins), where the engine's LIKE compares general_ci weights.
fn like_bytes(e: &Expr, columns: &Columns) -> Option<Expr> {
    let Expr::Like {
        negated,
        any: false,
        expr,
        pattern,
        escape_char,
    } = e
    else {
        return None;
    };
    if !reads_bytes(expr, columns) && !reads_bytes(pattern, columns) {
        return None;
    }
    let mut args = vec![pattern.as_ref().duplicate(), expr.as_ref().duplicate()];
    args.extend(escape_char.as_deref().map(Duplicate::duplicate));
    let like = call(LIKE_BYTES_FN, args);
    Some(match negated {
        true => Expr::UnaryOp {
            op: UnaryOperator::Not,
            expr: Box::new(like),
        },
        false => like,
    })
}

/// Whether `e` reads a string column MariaDB compares byte by byte.
fn reads_bytes(e: &Expr, columns: &Columns) -> bool {
    let mut e = e.duplicate();
    let mut found = false;
    walk::exprs(&mut e, &mut |x| {
        found |= column_bytes(x, columns) == Some(true);
        ControlFlow::<()>::Continue(())
    });
    found
}

/// Whether column `e` compares bytes; `None` for another expression or an unknown column.
fn column_bytes(e: &Expr, columns: &Columns) -> Option<bool> {
    match e {
        Expr::Identifier(i) => columns.compares_bytes(None, &i.value),
        Expr::CompoundIdentifier(parts) => match parts.as_slice() {
            [.., q, c] => columns.compares_bytes(Some(&q.value), &c.value),
            _ => None,
        },
        _ => None,
    }
}

enum Target {
    Compare,
    Instr(Vec<Expr>),
}

/// What the rule does to `e`, if anything.
fn target(e: &Expr, columns: &Columns) -> Option<Target> {
    if let Some(args) = super::super::exprs::call_args(e, "instr").filter(|a| a.len() == 2) {
        let case_blind = args.iter().all(|a| derives_case_blind(a, columns));
        return case_blind
            .then(|| Target::Instr(args.into_iter().map(Duplicate::duplicate).collect()));
    }
    let operands: Vec<&Expr> = match e {
        Expr::BinaryOp { left, op, right } if comparison(op) => vec![left, right],
        Expr::In {
            expr,
            target: InTarget::List(list),
            ..
        } => std::iter::once(&**expr).chain(list).collect(),
        Expr::Between {
            expr, low, high, ..
        } => vec![expr, low, high],
        _ => return None,
    };
    // A number on either side: no strings are compared (and the SQLite text stays plain).
    // An operand that is an unparenthesised OR is MariaDB's `||`, which the parser read as
    // concatenation (binding tighter than `<`) and operators.rs made OR: the printed text
    // gives SQLite OR's precedence back, so the comparison is left as written.
    let rewritten = !operands.iter().any(|o| number(o) || logical(o))
        && operands.iter().all(|o| {
            !bare_column(o) && !matches!(o, Expr::Collate { .. }) && derives_case_blind(o, columns)
        });
    rewritten.then_some(Target::Compare)
}

fn comparison(op: &BinaryOperator) -> bool {
    use BinaryOperator::*;
    matches!(op, Eq | NotEq | Lt | LtEq | Gt | GtEq)
}

fn left_operand(e: &mut Expr) -> Option<&mut Box<Expr>> {
    match e {
        Expr::BinaryOp { left, .. } => Some(left),
        Expr::In {
            expr,
            target: InTarget::List(_),
            ..
        }
        | Expr::Between { expr, .. } => Some(expr),
        _ => None,
    }
}

fn logical(e: &Expr) -> bool {
    matches!(
        e,
        Expr::BinaryOp {
            op: BinaryOperator::Or | BinaryOperator::And | BinaryOperator::Xor,
            ..
        }
    )
}

fn number(e: &Expr) -> bool {
    match e {
        Expr::Nested(inner) | Expr::UnaryOp { expr: inner, .. } => number(inner),
        Expr::Value(v) => matches!(v.value, sqlparser::ast::Value::Number(..)),
        _ => false,
    }
}

fn bare_column(e: &Expr) -> bool {
    match e {
        Expr::Nested(inner) => bare_column(inner),
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => true,
        _ => false,
    }
}

/// Whether `e` takes the case-blind collation: every column it reads is known and none is a
/// string compared byte by byte, and it holds no subquery (whose columns are another
/// statement's).
pub(super) fn derives_case_blind(e: &Expr, columns: &Columns) -> bool {
    let mut e = e.duplicate();
    let mut blind = true;
    walk::exprs(&mut e, &mut |x| {
        let bytes = match x {
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => column_bytes(x, columns),
            Expr::Subquery(_)
            | Expr::Exists { .. }
            | Expr::In {
                target: InTarget::Subquery(_),
                ..
            } => None,
            _ => Some(false),
        };
        if bytes != Some(false) {
            blind = false;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    blind
}
