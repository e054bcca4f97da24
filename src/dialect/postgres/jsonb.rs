//! Rule: PostgreSQL's `jsonb` in a statement, over the values of `json.rs`. SQLite has no
//! such type: `'{"b":1,"a":2}'::jsonb` would be refused as an unknown cast, `->>` is no
//! function of its build, and `j || '{}'` would join two texts.
//!
//! - `'...'::jsonb` (or `CAST('...' AS jsonb)`) becomes the string in the server's printed
//!   form, `'...'::json` the string once checked (an invalid one is the server's 22P02);
//! - `jsonb_build_object(...)` and `jsonb_build_array(...)` of constants become their value;
//! - `->`, `->>`, `@>`, `=` and `<>` on a jsonb become the engine's functions (`GET_FN`,
//!   `TEXT_FN`, `CONTAINS_FN`, `EQUALS_FN`), which read the stored form back (the stored
//!   texts alone would not do for `=`: the server compares numbers by value, `1.0 = 1`);
//! - any other operator on a jsonb, an arrow on a value not known to be a jsonb (a `json`'s
//!   arrows keep the text as written) and a cast of anything but a string are refused by
//!   name; so are ORDER BY, GROUP BY and DISTINCT on a jsonb (the server orders and groups
//!   jsonb by its own rules, not as text).

use super::json::JsonKind;
use super::json::{self, Json};
use super::literals::{jsonb_column, tables_read};
use crate::dialect::catalog::Catalog;
use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::is_null;
use crate::dialect::exprs::last_ident;
use crate::dialect::types::Admits;
use crate::dialect::walk;
use crate::dialect::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    GroupByExpr, InTarget, OrderByKind, SelectItem, SetExpr, Statement, UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// `j -> key`: the member or element, in the stored form; NULL when there is none.
pub const GET_FN: &str = "ql_jsonb_get";
/// `j ->> key`: the member or element as text (a string's own text, NULL for `null`).
pub const TEXT_FN: &str = "ql_jsonb_text";
/// `a @> b`: whether `a` contains `b`, as the server decides it.
pub const CONTAINS_FN: &str = "ql_jsonb_contains";
/// `a = b`: whether the values are equal, numbers by value (`1.0` equals `1`).
pub const EQUALS_FN: &str = "ql_jsonb_equals";

/// Rewrites the statement's jsonb, or refuses it; the note, if anything changed.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let tables = tables_read(stmt, catalog);
    let typed = |e: &Expr| is_jsonb(e, &|name| jsonb_column(&tables, name));
    let mut failed: Option<StepError> = None;
    // The server orders jsonb values by kind and length before content, and groups them by
    // value (`1.0` with `1`), not as their text.
    let any_jsonb_column = tables.iter().any(|t| {
        t.columns
            .iter()
            .any(|c| c.admits == Admits::Json(JsonKind::Jsonb))
    });
    walk::queries(stmt, &mut |q| {
        if let Some(OrderByKind::Expressions(keys)) = q.order_by.as_ref().map(|o| &o.kind) {
            if keys.iter().any(|k| typed(&k.expr)) {
                failed = Some(refused_use("ORDER BY"));
            }
        }
        let outputs_jsonb = |s: &sqlparser::ast::Select| {
            s.projection.iter().any(|item| match item {
                SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => typed(e),
                _ => any_jsonb_column,
            })
        };
        if let SetExpr::Select(s) = q.body.as_ref() {
            let grouped =
                matches!(&s.group_by, GroupByExpr::Expressions(g, _) if g.iter().any(&typed));
            if grouped || (s.distinct.is_some() && outputs_jsonb(s)) {
                failed = Some(refused_use("GROUP BY or DISTINCT"));
            }
        }
        // UNION, INTERSECT and EXCEPT without ALL compare their rows as DISTINCT does.
        if deduplicates(&q.body) && crate::dialect::walk::selects(&q.body).any(outputs_jsonb) {
            failed = Some(refused_use("UNION, INTERSECT or EXCEPT without ALL"));
        }
        if failed.is_some() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Some(err) = failed {
        return Err(err);
    }
    // Operators first, while the casts under them still say jsonb (inner expressions first).
    let operators = |e: &Expr| match build(e)? {
        Some(built) => Ok(Some(built)),
        None => operator(e, &typed),
    };
    let changed = walk::replace_exprs(stmt, &operators)? | walk::replace_exprs(stmt, &constant)?;
    Ok(changed.then(|| {
        "jsonb: literals kept in the server's printed form (keys sorted, one space after each colon and comma); ->, ->>, @> and = read by the engine's functions".into()
    }))
}

/// Whether a set operation at the head of `body` removes duplicate rows.
fn deduplicates(body: &SetExpr) -> bool {
    use sqlparser::ast::SetQuantifier;
    matches!(body, SetExpr::SetOperation { set_quantifier, .. }
        if !matches!(set_quantifier, SetQuantifier::All | SetQuantifier::AllByName))
}

/// Whether `e` is a jsonb: a column of that type, a cast to it, a build, or what `->` gives.
fn is_jsonb(e: &Expr, column: &dyn Fn(&str) -> bool) -> bool {
    match e {
        Expr::Nested(inner) => is_jsonb(inner, column),
        Expr::Identifier(i) => column(&i.value),
        Expr::CompoundIdentifier(parts) => parts.last().is_some_and(|p| column(&p.value)),
        Expr::Cast { data_type, .. } => matches!(data_type, DataType::JSONB),
        Expr::Function(f) => {
            let name = last_ident(&f.name).to_ascii_lowercase();
            [GET_FN, "jsonb_build_object", "jsonb_build_array"].contains(&name.as_str())
        }
        _ => false,
    }
}

fn is_string(e: &Expr) -> Option<&str> {
    match e {
        Expr::Nested(inner) => is_string(inner),
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// An operator with a jsonb side, as the engine's function; `None` for other expressions.
fn operator(e: &Expr, typed: &dyn Fn(&Expr) -> bool) -> Result<Option<Expr>, StepError> {
    let (left, op, right) = match e {
        Expr::BinaryOp { left, op, right } => (left, op, right),
        Expr::In {
            expr,
            target: InTarget::List(_),
            ..
        }
        | Expr::Between { expr, .. }
            if typed(expr) =>
        {
            return Err(refused_use("IN or BETWEEN"));
        }
        Expr::IsDistinctFrom(a, b) | Expr::IsNotDistinctFrom(a, b) if typed(a) || typed(b) => {
            return Err(refused_use("IS DISTINCT FROM"));
        }
        _ => return Ok(None),
    };
    let (l, r) = (typed(left), typed(right));
    // A side that is no jsonb may be a string constant, which the server reads as one.
    let side = |x: &Expr, t: bool| -> Result<Expr, StepError> {
        match is_string(x) {
            Some(s) if !t => Ok(string(json::jsonb(s)?)),
            _ if t => Ok(x.clone_expr()),
            _ if is_null(x) => Ok(x.clone_expr()),
            _ => Err(refused_operator()),
        }
    };
    match op {
        BinaryOperator::Arrow | BinaryOperator::LongArrow => {
            if !l {
                return Err(unsupported_with(
                    Dialect::Postgres,
                    "-> or ->> on a value the lab cannot tell is a jsonb",
                    "the lab reads them on a jsonb (a column, a cast, another ->); a json's arrows give its text as written: declare the column jsonb",
                ));
            }
            let name = if *op == BinaryOperator::Arrow {
                GET_FN
            } else {
                TEXT_FN
            };
            let call =
                crate::sql::build::call(name, vec![(**left).clone_expr(), (**right).clone_expr()]);
            Ok(Some(call))
        }
        BinaryOperator::AtArrow if l || r => {
            let (a, b) = (side(left, l)?, side(right, r)?);
            Ok(Some(crate::sql::build::call(CONTAINS_FN, vec![a, b])))
        }
        BinaryOperator::Eq | BinaryOperator::NotEq if l || r => {
            let (a, b) = (side(left, l)?, side(right, r)?);
            let call = crate::sql::build::call(EQUALS_FN, vec![a, b]);
            Ok(Some(if *op == BinaryOperator::Eq {
                call
            } else {
                Expr::UnaryOp {
                    op: UnaryOperator::Not,
                    expr: Box::new(call),
                }
            }))
        }
        _ if l || r => Err(refused_operator()),
        _ => Ok(None),
    }
}

fn refused_operator() -> StepError {
    refused_use("an operator other than ->, ->>, @>, = and <>")
}

fn refused_use(what: &str) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        &format!("{what} on a jsonb"),
        "the server compares, orders and groups jsonb by its own rules, which the lab models for ->, ->>, @>, = and <> only; use a member, (j->>'n'), or write the whole new value",
    )
}

fn string(s: String) -> Expr {
    Expr::Value(Value::SingleQuotedString(s).into())
}

/// A cast of a string (or NULL) to json or jsonb, as its value.
fn constant(e: &Expr) -> Result<Option<Expr>, StepError> {
    match e {
        Expr::Cast {
            kind: CastKind::Cast | CastKind::DoubleColon,
            expr,
            data_type: data_type @ (DataType::JSON | DataType::JSONB),
            ..
        } => {
            if is_null(expr) {
                return Ok(Some(Expr::Value(Value::Null.into())));
            }
            let Some(s) = is_string(expr) else {
                return Err(unsupported_with(
                    Dialect::Postgres,
                    &format!("a cast to {} of anything but a string", data_type_name(data_type)),
                    "the lab converts string constants only ('{\"a\": 1}'::jsonb); build the JSON text first",
                ));
            };
            Ok(Some(if matches!(data_type, DataType::JSONB) {
                string(json::jsonb(s)?)
            } else {
                json::json(s)?;
                string(s.to_string())
            }))
        }
        _ => Ok(None),
    }
}

/// `jsonb_build_object(...)` or `jsonb_build_array(...)` of constants, as a cast of its
/// value: still a jsonb to the operators above it, a string once `constant` has run. Runs
/// before the casts under it become strings, so that a `'[1]'::jsonb` argument is an array.
fn build(e: &Expr) -> Result<Option<Expr>, StepError> {
    match e {
        Expr::Function(f) => {
            let name = last_ident(&f.name).to_ascii_lowercase();
            let object = match name.as_str() {
                "jsonb_build_object" => true,
                "jsonb_build_array" => false,
                _ => return Ok(None),
            };
            let args = constants(&f.args).ok_or_else(|| {
                unsupported_with(
                    Dialect::Postgres,
                    &format!("{name}() of anything but constants"),
                    "the lab builds JSON from constants only; write the JSON text as a string",
                )
            })?;
            let value = if object {
                build_object(args)?
            } else {
                Json::Array(args)
            };
            Ok(Some(Expr::Cast {
                kind: CastKind::DoubleColon,
                expr: Box::new(string(json::normalized(value).to_text())),
                data_type: DataType::JSONB,
                format: None,
            }))
        }
        _ => Ok(None),
    }
}

fn data_type_name(t: &DataType) -> &'static str {
    if matches!(t, DataType::JSONB) {
        "jsonb"
    } else {
        "json"
    }
}

/// The arguments as JSON values, if each is a constant.
fn constants(args: &FunctionArguments) -> Option<Vec<Json>> {
    let list = match args {
        FunctionArguments::None => return Some(Vec::new()),
        FunctionArguments::List(l) if l.clauses.is_empty() && l.duplicate_treatment.is_none() => {
            &l.args
        }
        _ => return None,
    };
    list.iter()
        .map(|a| match a {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => constant_value(e),
            _ => None,
        })
        .collect()
}

fn constant_value(e: &Expr) -> Option<Json> {
    match e {
        Expr::Nested(inner) => constant_value(inner),
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => match constant_value(expr)? {
            Json::Number(n) => json::parse_jsonb(&format!("-{n}")).ok(),
            _ => None,
        },
        Expr::Cast {
            expr,
            data_type: DataType::JSONB | DataType::JSON,
            ..
        } => json::parse_jsonb(is_string(expr)?).ok(),
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) => Some(Json::String(s.clone())),
            // As JSON reads it: `1e2` is 100, `1.50` stays 1.50 (`.5` is refused).
            Value::Number(n, _) => json::parse_jsonb(n).ok(),
            Value::Boolean(b) => Some(Json::Bool(*b)),
            Value::Null => Some(Json::Null),
            _ => None,
        },
        _ => None,
    }
}

/// `jsonb_build_object(k1, v1, ...)`: keys as text, the server's errors for an odd count and
/// a NULL key.
fn build_object(args: Vec<Json>) -> Result<Json, StepError> {
    if args.len() % 2 == 1 {
        return Err(StepError::other(
            "22023",
            "argument list must have even number of elements".into(),
        ));
    }
    let mut members = Vec::with_capacity(args.len() / 2);
    let mut it = args.into_iter().enumerate();
    while let (Some((i, k)), Some((_, v))) = (it.next(), it.next()) {
        let key = match k {
            Json::Null => {
                return Err(StepError::other(
                    "22004",
                    format!("argument {}: key must not be null", i + 1),
                ))
            }
            Json::String(s) => s,
            other => other.to_text(),
        };
        members.push((key, v));
    }
    Ok(Json::Object(members))
}

/// A copy of an expression through the SQL crate (sqlparser's derived `Clone` would link
/// every node type into the download).
trait CloneExpr {
    fn clone_expr(&self) -> Expr;
}

impl CloneExpr for Expr {
    fn clone_expr(&self) -> Expr {
        crate::sql::Duplicate::duplicate(self)
    }
}
