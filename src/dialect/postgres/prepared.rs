//! Rule: PostgreSQL's `PREPARE name [(types)] AS statement`, `EXECUTE name [(args)]` and
//! `DEALLOCATE [PREPARE] name | ALL`. A prepared statement belongs to its session and is not
//! transactional (a ROLLBACK keeps it). The engine keeps each session's prepared statements;
//! an EXECUTE is planned when it runs, as the prepared statement with each `$n` replaced by
//! its argument (cast to the declared type, so `'abc'` for an `int` fails with 22P02 as on
//! the server).
//!
//! The server computes each argument once; the lab puts it in every place `$n` stands. So
//! arguments are constants (literals, `-1`, casts of them); a function call or a subquery is
//! refused by name, since `nextval('s')` written twice would draw twice.

use super::super::common::unsupported_with;
use super::super::plan::{Kept, Plan, PlanKind};
use super::super::Dialect;
use super::names::folded;
use crate::sql::{Duplicate, Sql, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{CastKind, DataType, Expr, Ident, Statement, Value};
use std::ops::ControlFlow;
use std::sync::Arc;

/// A statement `PREPARE` named: what `EXECUTE` runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Prepared {
    /// As the server matches it (`names::folded`).
    pub name: String,
    /// The declared parameter types; `$n` beyond them takes its argument as written.
    pub types: Vec<Kept<DataType>>,
    /// How many arguments `EXECUTE` must give: the declared types, or the highest `$n`.
    pub params: usize,
    pub statement: Kept<Statement>,
}

/// The plan of PREPARE, EXECUTE or DEALLOCATE; `None` for any other statement.
pub fn plan(stmt: &Statement, catalog: &super::Catalog) -> Option<Result<Plan, StepError>> {
    match stmt {
        Statement::Prepare {
            name,
            data_types,
            statement,
        } => Some(prepare(name, data_types, statement, catalog)),
        // `EXECUTE q()`: sqlparser reads it, PostgreSQL does not.
        Statement::Execute {
            has_parentheses: true,
            parameters,
            ..
        } if parameters.is_empty() => Some(Err(StepError::other(
            super::errors::SYNTAX_ERROR,
            "syntax error at or near \")\"".into(),
        ))),
        Statement::Execute {
            name: Some(name),
            parameters,
            immediate: false,
            into,
            using,
            ..
        } if into.is_empty() && using.is_empty() => Some(Ok(Plan::new(
            PlanKind::Execute {
                name: folded(name.0.last().and_then(|p| p.as_ident())?),
                args: parameters.iter().map(|a| Kept(a.duplicate())).collect(),
            },
            Vec::new(),
        ))),
        Statement::Deallocate { name, .. } => {
            let all = name.quote_style.is_none() && name.value.eq_ignore_ascii_case("all");
            let kind = PlanKind::Deallocate((!all).then(|| folded(name)));
            Some(Ok(Plan::new(kind, Vec::new())))
        }
        _ => None,
    }
}

/// PREPARE: the statement is planned now (with every `$n` as NULL of its type), so what the
/// lab refuses is refused here, as the server reports a bad statement at PREPARE; and it
/// takes the statement's table locks.
fn prepare(
    name: &Ident,
    types: &[DataType],
    statement: &Statement,
    catalog: &super::Catalog,
) -> Result<Plan, StepError> {
    if !matches!(
        statement,
        Statement::Query(_) | Statement::Insert(_) | Statement::Update(_) | Statement::Delete(_)
    ) {
        return Err(StepError::other(
            super::errors::SYNTAX_ERROR,
            format!(
                "syntax error at or near \"{}\"",
                statement.to_sql().split_whitespace().next().unwrap_or("")
            ),
        ));
    }
    let used = params_used(statement);
    let highest = used.last().copied().unwrap_or(0);
    // A `$n` past the declared types takes its type from where it stands: one that stands
    // nowhere, below the highest, has none.
    if let Some(n) = (types.len() + 1..highest).find(|n| used.binary_search(n).is_err()) {
        // indeterminate_datatype
        return Err(StepError::other(
            "42P18",
            format!("could not determine data type of parameter ${n}"),
        ));
    }
    let params = types.len().max(highest);
    let prepared = Prepared {
        name: folded(name),
        types: types.iter().map(|t| Kept(t.duplicate())).collect(),
        params,
        statement: Kept(statement.duplicate()),
    };
    // An integer parameter is tried as 1, so `LIMIT $1` of a locking read plans as it will
    // run (a literal in its place: see `argument`); any other as NULL.
    let trial_args: Vec<Kept<Expr>> = (0..params)
        .map(|i| match prepared.types.get(i) {
            Some(t) if integer(&t.0).is_some() => {
                Kept(Expr::Value(Value::Number("1".into(), false).into()))
            }
            _ => Kept(Expr::Value(Value::Null.into())),
        })
        .collect();
    let (trial, _) = expand(&prepared, &trial_args, catalog)?;
    let mut plan = Plan::new(PlanKind::Prepare(Arc::new(prepared)), Vec::new());
    // Kept for the engine's check that the tables and columns exist (SQLite compiles it).
    plan.sqlite = trial.sqlite;
    // The server's parse analysis takes the table locks running it would (ROW EXCLUSIVE for
    // an UPDATE), held to the end of the transaction.
    plan.table_locks = trial.table_locks;
    Ok(plan)
}

/// The plan of `EXECUTE` of `p` with `args`: the prepared statement with `$n` replaced by
/// the n-th argument, cast to its declared type; and that statement's text.
pub fn expand(
    p: &Prepared,
    args: &[Kept<Expr>],
    catalog: &super::Catalog,
) -> Result<(Plan, String), StepError> {
    if args.len() != p.params {
        return Err(StepError::other(
            super::errors::SYNTAX_ERROR,
            format!(
                "wrong number of parameters for prepared statement \"{}\"",
                p.name
            ),
        ));
    }
    if let Some(bad) = args.iter().find(|a| !constant(&a.0)) {
        return Err(unsupported_with(
            Dialect::Postgres,
            &format!("EXECUTE with the argument {} (not a constant)", Sql(&bad.0)),
            "the lab puts each argument where its $n stands, so it would be computed more than once; compute the value in a statement of its own, or write it as a constant",
        ));
    }
    let mut stmt = p.statement.0.duplicate();
    super::super::walk::exprs(&mut stmt, &mut |e| {
        if let Some(n) = param_number(e) {
            *e = argument(&args[n - 1].0, p.types.get(n - 1).map(|t| &t.0));
        }
        ControlFlow::Continue(())
    });
    // The whole planning, read-only refusal included (`BEGIN READ ONLY; EXECUTE upd(1)`).
    let mut plan = super::super::plan(Dialect::Postgres, &stmt, catalog)?;
    let text = stmt.to_sql();
    plan.notes.insert(
        0,
        format!(
            "EXECUTE {} runs the statement PREPARE gave that name: {text}",
            p.name
        ),
    );
    Ok((plan, text))
}

/// What stands for `$n`: the argument cast to the declared type; an integer literal for an
/// integer parameter as it is (the cast would change nothing, and a locking read's
/// `LIMIT $1` needs a number there).
fn argument(arg: &Expr, declared: Option<&DataType>) -> Expr {
    let arg = arg.duplicate();
    match declared {
        Some(t) if integer_literal(&arg).is_some_and(|n| n <= integer(t).unwrap_or(0)) => arg,
        Some(t) => Expr::Cast {
            kind: CastKind::Cast,
            expr: Box::new(arg),
            data_type: t.duplicate(),
            format: None,
        },
        None => Expr::Nested(Box::new(arg)),
    }
}

/// The largest value of an integer type; `None` for any other type.
fn integer(t: &DataType) -> Option<u64> {
    match t.to_sql().to_ascii_lowercase().as_str() {
        "smallint" | "int2" => Some(i16::MAX as u64),
        "int" | "integer" | "int4" => Some(i32::MAX as u64),
        "bigint" | "int8" => Some(i64::MAX as u64),
        _ => None,
    }
}

/// `7`, not `-7` nor `2.6` (a LIMIT takes no sign, and a fraction must round as the cast
/// does); one over its type's range is cast, and fails as the server's cast does.
fn integer_literal(e: &Expr) -> Option<u64> {
    match e {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// `$n`: n (from 1).
fn param_number(e: &Expr) -> Option<usize> {
    let Expr::Value(v) = e else { return None };
    let Value::Placeholder(p) = &v.value else {
        return None;
    };
    p.strip_prefix('$')?.parse().ok().filter(|n| *n > 0)
}

/// The `$n` the statement uses, each once, in order.
fn params_used(stmt: &Statement) -> Vec<usize> {
    let mut stmt = stmt.duplicate();
    let mut used = Vec::new();
    super::super::walk::exprs(&mut stmt, &mut |e| {
        used.extend(param_number(e));
        ControlFlow::Continue(())
    });
    crate::sort::sort(&mut used);
    used.dedup();
    used
}

/// A literal, a signed literal, or a cast of one.
fn constant(e: &Expr) -> bool {
    match e {
        Expr::Value(v) => !matches!(v.value, Value::Placeholder(_)),
        Expr::UnaryOp { expr, .. } | Expr::Nested(expr) => constant(expr),
        Expr::Cast { expr, .. } => constant(expr),
        Expr::TypedString(_) => true,
        _ => false,
    }
}
