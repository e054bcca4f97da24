//! Rule: `INSERT ... ON CONFLICT (cols) [WHERE pred]` names its arbiters by inference, as
//! PostgreSQL's planner does: every unique key on exactly those columns that holds for every
//! row, and every partial one whose WHERE the target's WHERE implies. River's unique jobs
//! (`ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL AND ...`) reach their partial
//! index this way; without the WHERE, or with one that leaves a condition out, nothing is
//! inferred and the server answers 42P10.
//!
//! The lab proves an implication as the server's simplest proofs do: each condition of the
//! index's WHERE is one of the target's (in any order, with the operands of a comparison in
//! either order), or it is `col IS NOT NULL` and the target compares `col` (a comparison is
//! never true over a NULL). A condition over columns the target's WHERE does not mention
//! cannot be implied. Any other case (`x > 5` implying `x > 0`) is refused by name, since the
//! lab cannot tell which answer the server's proofs give.
//!
//! SQLite's upsert matches a partial index only when the target's WHERE is the index's own,
//! so the statement SQLite runs carries the inferred index's WHERE; with a key over every row
//! among the arbiters, none (SQLite then takes that key).

use super::super::catalog::{KeyDef, TableDef};
use super::super::common::unsupported_with;
use super::super::exprs::{last_ident, parse_sqlite_expr};
use super::super::indexes::partial;
use super::super::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{BinaryOperator, ConflictTarget, Expr, Ident, OnConflict};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// What inference found.
#[derive(Default)]
pub struct Inferred {
    /// The arbiters, by name; `None`: every unique key, as ON CONFLICT without a target has it.
    pub keys: Option<Vec<String>>,
    /// For What ran, when a partial index was inferred.
    pub note: Option<String>,
    /// The target's WHERE SQLite needs: the inferred partial index's own.
    pub sqlite_where: Option<Expr>,
}

/// The inferred arbiters of `oc` on `def`. The target's WHERE is taken out of `oc`: give
/// SQLite its own with [`give_sqlite`] once the statement's other rewrites are done.
pub fn infer(oc: &mut OnConflict, def: &TableDef) -> Result<Inferred, StepError> {
    if let Some(ConflictTarget::OnConstraint(name)) = &oc.conflict_target {
        let key = named(def, &last_ident(name))?;
        // SQLite names no constraint: the key's columns lead it to the same index.
        oc.conflict_target = Some(ConflictTarget::Columns {
            columns: key
                .columns
                .iter()
                .map(|c| Ident::with_quote('"', c))
                .collect(),
            predicate: None,
        });
        let note = format!(
            "ON CONSTRAINT {} becomes the constraint's columns ({}): SQLite's upsert names no constraint",
            key.name,
            key.columns.join(", ")
        );
        return Ok(Inferred {
            keys: Some(vec![key.name.clone()]),
            note: Some(note),
            ..Inferred::default()
        });
    }
    let Some(ConflictTarget::Columns { columns, predicate }) = &mut oc.conflict_target else {
        return Ok(Inferred::default());
    };
    if let Some(c) = columns.iter().find(|c| def.column(&c.value).is_none()) {
        return Err(StepError::other(
            "42703",
            format!("column \"{}\" does not exist", c.value),
        ));
    }
    let given = match predicate.take() {
        Some(p) => Some(conjuncts(&partial::predicate(&p, def)?)),
        None => None,
    };
    let candidates: Vec<&KeyDef> = def
        .unique_keys()
        .filter(|k| same_columns(k, columns))
        .collect();
    // A key over every row on the same columns arbitrates every clash a partial one could:
    // whether the partial one is inferred too changes nothing.
    let whole: Vec<String> = candidates
        .iter()
        .filter(|k| k.is_whole())
        .map(|k| k.name.clone())
        .collect();
    if !whole.is_empty() {
        return Ok(Inferred {
            keys: Some(whole),
            ..Inferred::default()
        });
    }
    let mut inferred = Vec::new();
    for key in candidates {
        let (Some(p), Some(given)) = (&key.predicate, &given) else {
            continue;
        };
        match implied(&conjuncts(p), given) {
            Some(true) => inferred.push(key),
            Some(false) => {}
            None => return Err(unproven(key)),
        }
    }
    match inferred.as_slice() {
        [] => Err(StepError::other(
            "42P10",
            "there is no unique or exclusion constraint matching the ON CONFLICT specification"
                .into(),
        )),
        [key] => {
            let index_where = key.predicate.as_deref().unwrap_or_default();
            let note = format!(
                "ON CONFLICT's WHERE implies the WHERE of the partial unique index {}, so it arbitrates; SQLite is given the index's own WHERE ({index_where}), which its upsert must match",
                key.name
            );
            Ok(Inferred {
                keys: Some(vec![key.name.clone()]),
                note: Some(note),
                sqlite_where: parse_sqlite_expr(index_where),
            })
        }
        _ => Err(unsupported_with(
            Dialect::Postgres,
            "ON CONFLICT inferring two partial unique indexes",
            "SQLite's upsert arbitrates through one index; give the target the WHERE of one of them",
        )),
    }
}

/// The key `ON CONFLICT ON CONSTRAINT name` names: a primary key or UNIQUE constraint of the
/// table (a unique index made by CREATE UNIQUE INDEX is no constraint, as the server says).
fn named<'a>(def: &'a TableDef, name: &str) -> Result<&'a KeyDef, StepError> {
    def.unique_keys()
        .find(|k| !k.by_index && k.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            StepError::other(
                "42704",
                format!(
                    "constraint \"{name}\" for table \"{}\" does not exist",
                    def.name
                ),
            )
        })
}

/// Puts the WHERE SQLite needs (see [`Inferred::sqlite_where`]) into the target.
pub fn give_sqlite(oc: &mut OnConflict, sqlite_where: Option<Expr>) {
    if let Some(ConflictTarget::Columns { predicate, .. }) = &mut oc.conflict_target {
        *predicate = sqlite_where;
    }
}

fn same_columns(key: &KeyDef, columns: &[sqlparser::ast::Ident]) -> bool {
    let has = |set: &[String], name: &str| set.iter().any(|c| c.eq_ignore_ascii_case(name));
    let target: Vec<String> = columns.iter().map(|c| c.value.clone()).collect();
    key.columns.iter().all(|k| has(&target, k)) && target.iter().all(|t| has(&key.columns, t))
}

fn unproven(key: &KeyDef) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        &format!(
            "ON CONFLICT's WHERE implying the WHERE of {} other than by repeating its conditions",
            key.name
        ),
        &format!(
            "the lab proves an implication only from the same conditions (in any order, more allowed); repeat the index's: {}",
            key.predicate.as_deref().unwrap_or_default()
        ),
    )
}

/// A condition of a WHERE, normalized, with the columns it reads.
struct Conjunct {
    expr: Expr,
    text: String,
    columns: Vec<String>,
}

/// The AND-ed conditions of `sqlite_text` (the SQLite form the catalog keeps a partial
/// index's WHERE in, and `partial::predicate` gives the target's).
fn conjuncts(sqlite_text: &str) -> Vec<Conjunct> {
    let mut out = Vec::new();
    if let Some(e) = parse_sqlite_expr(sqlite_text) {
        split(e, &mut out);
    }
    out
}

fn split(e: Expr, out: &mut Vec<Conjunct>) {
    match e {
        Expr::Nested(inner) => split(*inner, out),
        Expr::BinaryOp {
            left,
            op: BinaryOperator::And,
            right,
        } => {
            split(*left, out);
            split(*right, out);
        }
        e => {
            let mut expr = commuted(e);
            let mut columns = Vec::new();
            // Names compared as the server resolves them: quoting a folded name changes
            // nothing.
            super::super::walk::exprs(&mut expr, &mut |x: &mut Expr| {
                if let Expr::Identifier(i) = x {
                    i.quote_style = None;
                    columns.push(i.value.clone());
                }
                std::ops::ControlFlow::<()>::Continue(())
            });
            out.push(Conjunct {
                text: expr.to_sql(),
                expr,
                columns,
            });
        }
    }
}

/// `1 < x` as `x > 1`: a comparison with its column first, as the index's WHERE is usually
/// written.
fn commuted(e: Expr) -> Expr {
    match e {
        Expr::BinaryOp { left, op, right }
            if matches!(*left, Expr::Value(_)) && matches!(*right, Expr::Identifier(_)) =>
        {
            let op = match op {
                BinaryOperator::Lt => BinaryOperator::Gt,
                BinaryOperator::Gt => BinaryOperator::Lt,
                BinaryOperator::LtEq => BinaryOperator::GtEq,
                BinaryOperator::GtEq => BinaryOperator::LtEq,
                op => op,
            };
            if is_comparison(&op) {
                Expr::BinaryOp {
                    left: right,
                    op,
                    right: left,
                }
            } else {
                Expr::BinaryOp { left, op, right }
            }
        }
        e => e,
    }
}

/// Whether the conditions `given` imply every one of `index`: `Some(false)` when one of them
/// cannot be implied (no given condition reads its columns), `None` when the lab cannot tell.
fn implied(index: &[Conjunct], given: &[Conjunct]) -> Option<bool> {
    let mut undecided = false;
    for c in index {
        let same = given.iter().any(|g| g.text == c.text);
        let not_null = match &c.expr {
            Expr::IsNotNull(inner) => match inner.as_ref() {
                Expr::Identifier(x) => given.iter().any(|g| compares(&g.expr, &x.value)),
                _ => false,
            },
            _ => false,
        };
        if same || not_null {
            continue;
        }
        let unrelated = given
            .iter()
            .all(|g| !g.columns.is_empty() && !g.columns.iter().any(|x| c.columns.contains(x)));
        if unrelated {
            return Some(false);
        }
        undecided = true;
    }
    (!undecided).then_some(true)
}

/// Whether `e` compares the column `name` with something: never true when it is NULL.
fn compares(e: &Expr, name: &str) -> bool {
    let Expr::BinaryOp { left, op, right } = e else {
        return false;
    };
    let is = |x: &Expr| matches!(x, Expr::Identifier(i) if i.value == name);
    is_comparison(op) && (is(left) || is(right))
}

fn is_comparison(op: &BinaryOperator) -> bool {
    matches!(
        op,
        BinaryOperator::Eq
            | BinaryOperator::NotEq
            | BinaryOperator::Lt
            | BinaryOperator::Gt
            | BinaryOperator::LtEq
            | BinaryOperator::GtEq
    )
}

/// `ON CONFLICT ((expr))`, which infers a unique index on an expression: refused by name
/// (the lab's keys are on columns), where the parser's tree has no place for it and would
/// answer a syntax error the server does not give.
pub fn refuse_expression_target(tokens: &[TokenWithSpan]) -> Result<(), StepError> {
    let solid: Vec<&TokenWithSpan> = (tokens.iter())
        .filter(|t| !matches!(t.token, Token::Whitespace(_)))
        .collect();
    let word = |t: &TokenWithSpan, k: Keyword| matches!(&t.token, Token::Word(w) if w.keyword == k);
    let at = solid.windows(4).find(|w| {
        word(w[0], Keyword::ON)
            && word(w[1], Keyword::CONFLICT)
            && matches!(w[2].token, Token::LParen)
            && matches!(w[3].token, Token::LParen)
    });
    let Some(at) = at else { return Ok(()) };
    let mut e = unsupported_with(
        Dialect::Postgres,
        "ON CONFLICT on an expression",
        "the lab keeps unique keys on columns (an index on an expression is refused too); store the value in a column of its own, make that column unique and name it in ON CONFLICT (col)",
    );
    e.pos = Some(crate::source::Pos {
        line: at[3].span.start.line as u32,
        column: at[3].span.start.column as u32,
    });
    Err(e)
}
