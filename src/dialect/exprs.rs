//! Expression rewrites shared by the front-ends. Each rule is a small function over one
//! `Expr`, applied to every expression of a statement by [`rewrite_all`].

use crate::sql::Duplicate;
use crate::sql::ToSql;
use crate::sql::Walk;
use crate::sql::{Flavor, Parser};
use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, ObjectName,
    UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// The SQLite function that reads the scenario's deterministic clock.
pub const NOW_FN: &str = "ql_now";

/// The SQLite function that reads when the running statement's transaction began on that
/// clock: PostgreSQL's `now()` (`clock_parts.rs`).
pub const TXN_NOW_FN: &str = "ql_txn_now";

/// The SQLite function behind T-SQL's NEWID(): the next id of a fixed sequence, printed as a
/// GUID, so that a scenario gives the same ids every run.
pub const NEWID_FN: &str = "ql_newid";

/// The engine's check of a value that must not be below zero: `ql_not_negative(value,
/// failure)`, the failure being the engine's error text (an unsigned result, a substring's
/// length).
pub const NOT_NEGATIVE_FN: &str = "ql_not_negative";

/// Functions that read the wall clock in some vendor's SQL.
const CLOCK_FUNCTIONS: &[&str] = &[
    "CURRENT_TIMESTAMP",
    "NOW",
    "LOCALTIME",
    "LOCALTIMESTAMP",
    "SYSDATE",
    "GETDATE",
    "SYSDATETIME",
    "TRANSACTION_TIMESTAMP",
    "STATEMENT_TIMESTAMP",
    "CLOCK_TIMESTAMP",
];

/// Whether `name` (any case) is a function that reads the wall clock.
pub fn is_clock(name: &str) -> bool {
    CLOCK_FUNCTIONS.iter().any(|c| c.eq_ignore_ascii_case(name))
}

/// Applies every shared rule to every expression in `node`; returns a note per rule that fired.
pub fn rewrite_all<N: Walk>(node: &mut N) -> Vec<String> {
    let mut clock = false;
    let mut modulo = false;
    let mut dq = false;
    let mut abs = false;
    super::walk::exprs(node, &mut |e| {
        clock |= clock_to_scenario_clock(e);
        modulo |= mod_function_to_operator(e);
        dq |= double_quoted_string_to_single(e);
        abs |= abs_operator_to_function(e);
        ControlFlow::<()>::Continue(())
    });
    let mut notes = Vec::new();
    if clock {
        notes.push(format!(
            "CURRENT_TIMESTAMP / NOW() read the scenario clock ({NOW_FN}()), which moves one second per statement"
        ));
    }
    if modulo {
        notes.push("MOD(a, b) becomes a % b".into());
    }
    if dq {
        notes.push(
            "\"double-quoted\" strings become 'single-quoted' (SQLite reads \"x\" as a name)"
                .into(),
        );
    }
    if abs {
        notes.push("@ x (absolute value) becomes abs(x)".into());
    }
    notes
}

/// PostgreSQL's `@ x`, the absolute value, → `abs(x)`: SQLite has no such operator (and
/// would read `@x` as a parameter).
fn abs_operator_to_function(e: &mut Expr) -> bool {
    let Expr::UnaryOp {
        op: UnaryOperator::PGAbs,
        expr,
    } = e
    else {
        return false;
    };
    let operand = std::mem::replace(&mut **expr, Expr::value(Value::Null));
    *e = crate::sql::build::call("abs", vec![operand]);
    true
}

/// `NOW()`, `CURRENT_TIMESTAMP`, ... → `ql_now()`.
fn clock_to_scenario_clock(e: &mut Expr) -> bool {
    let Expr::Function(f) = e else { return false };
    let name = f.name.to_sql().to_ascii_uppercase();
    if !CLOCK_FUNCTIONS.contains(&name.as_str()) {
        return false;
    }
    *e = now_expr();
    true
}

/// The arguments of a call of `name` (any case), when each is a plain expression (no
/// `name => value`, no `*`); `None` for anything else. `f()` and `f` with no list give none.
pub fn call_args<'a>(e: &'a Expr, name: &str) -> Option<Vec<&'a Expr>> {
    let Expr::Function(f) = e else { return None };
    if !f.name.to_sql().eq_ignore_ascii_case(name) {
        return None;
    }
    match &f.args {
        FunctionArguments::None => Some(Vec::new()),
        FunctionArguments::List(list) => list
            .args
            .iter()
            .map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x),
                _ => None,
            })
            .collect(),
        FunctionArguments::Subquery(_) => None,
    }
}

/// `MOD(a, b)` → `a % b`.
fn mod_function_to_operator(e: &mut Expr) -> bool {
    let Some([left, right]) = call_args(e, "mod").and_then(|a| <[&Expr; 2]>::try_from(a).ok())
    else {
        return false;
    };
    let (left, right) = (left.duplicate(), right.duplicate());
    *e = Expr::Nested(Box::new(Expr::BinaryOp {
        left: Box::new(parenthesized(left)),
        op: BinaryOperator::Modulo,
        right: Box::new(parenthesized(right)),
    }));
    true
}

/// MySQL reads `"abc"` as a string; SQLite would look for a column named abc first.
fn double_quoted_string_to_single(e: &mut Expr) -> bool {
    let Expr::Value(v) = e else { return false };
    if let Value::DoubleQuotedString(s) = &v.value {
        v.value = Value::SingleQuotedString(s.clone());
        return true;
    }
    false
}

/// Wraps compound expressions in parentheses, so that printing the tree keeps its meaning.
pub fn parenthesized(e: Expr) -> Expr {
    match e {
        Expr::Identifier(_)
        | Expr::CompoundIdentifier(_)
        | Expr::Value(_)
        | Expr::Function(_)
        | Expr::Nested(_) => e,
        other => Expr::Nested(Box::new(other)),
    }
}

/// `ql_now()` as an expression.
pub fn now_expr() -> Expr {
    call(NOW_FN, Vec::new())
}

/// A call of one of the engine's own SQLite functions, built as a tree.
pub use crate::sql::build::call;

/// An integer literal.
/// The values a CASE may give: each branch's result, then the ELSE.
pub fn case_results<'a>(
    conditions: &'a [sqlparser::ast::CaseWhen],
    else_result: Option<&'a Expr>,
) -> impl Iterator<Item = &'a Expr> {
    conditions.iter().map(|w| &w.result).chain(else_result)
}

/// The one expression a scalar subquery `(SELECT e ...)` returns, if it is that simple.
pub fn scalar_subquery_expr(q: &sqlparser::ast::Query) -> Option<&Expr> {
    use sqlparser::ast::{SelectItem, SetExpr};
    match q.body.as_ref() {
        SetExpr::Select(s) if s.projection.len() == 1 => match &s.projection[0] {
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => Some(e),
            _ => None,
        },
        _ => None,
    }
}

pub fn int_expr(n: i64) -> Expr {
    Expr::value(Value::Number(n.to_string(), false))
}

/// Parses an expression the engine itself composed (never user text) as SQLite.
pub fn parse_sqlite_expr(sql: &str) -> Option<Expr> {
    Parser::from_sql(Flavor::Sqlite, sql)
        .ok()?
        .parse_expr()
        .ok()
}

/// A table in FROM: its name, and the name the statement calls it by (its alias, if any).
pub fn table_called(
    name: &ObjectName,
    alias: Option<&sqlparser::ast::TableAlias>,
) -> (String, String) {
    let table = last_ident(name);
    let called = alias.map_or_else(|| table.clone(), |a| a.name.value.clone());
    (table, called)
}

/// The last part of a possibly qualified name, unquoted.
pub fn last_ident(name: &ObjectName) -> String {
    name.0
        .last()
        .and_then(|p| p.as_ident())
        .map(|i| i.value.clone())
        .unwrap_or_else(|| name.to_sql())
}

/// Whether `e` is the constant NULL.
pub fn is_null(e: &Expr) -> bool {
    matches!(e, Expr::Value(v) if matches!(v.value, Value::Null))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlparser::parser::ParserError;

    fn rewrite(sql: &str) -> Result<String, ParserError> {
        let mut stmts = Parser::parse_sql(Flavor::MySql, sql)?;
        rewrite_all(&mut stmts);
        Ok(stmts.iter().map(|s| s.to_sql()).collect())
    }

    #[test]
    fn clock_functions_read_the_scenario_clock() -> Result<(), ParserError> {
        assert_eq!(
            rewrite("SELECT NOW(), CURRENT_TIMESTAMP")?,
            "SELECT ql_now(), ql_now()"
        );
        Ok(())
    }

    #[test]
    fn mod_function_becomes_an_operator() -> Result<(), ParserError> {
        assert_eq!(
            rewrite("SELECT MOD(id + 1, 5) FROM q")?,
            "SELECT ((id + 1) % 5) FROM q"
        );
        Ok(())
    }

    #[test]
    fn double_quoted_strings_become_single_quoted() -> Result<(), ParserError> {
        assert_eq!(rewrite("SELECT \"a\"")?, "SELECT 'a'");
        Ok(())
    }
}
