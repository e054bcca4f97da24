//! Rule: result columns named as MariaDB names them. MariaDB names an unaliased constant by
//! its value (`'a'` is `a`, `NULL` is `NULL`, `-1` is `-1`, `true` is `TRUE`) and any other
//! expression by its text; SQLite names both by the text it was given, which the lab's other
//! rules rewrite (`now()` reached SQLite as `ql_now()`, and `'a'` kept its quotes). So every
//! unaliased item that is not a plain column gets MariaDB's name as its alias, before any
//! rule rewrites it. A plain column is named as typed (`ID`, `(id)` is `id`), where SQLite
//! names it as the table declares it: it gets an alias where the two differ.
//!
//! A VALUES list (`VALUES (1, 'a'), (2, 'b')` or in FROM) names its columns after its first
//! row, as a select list would be named (`1`, `a`), where SQLite says `column1`, `column2`:
//! it becomes `SELECT 1 AS "1", 'a' AS "a" UNION ALL VALUES (2, 'b')`. In FROM, two columns
//! of one name are MariaDB's error 1060.
//!
//! MariaDB takes an expression's text exactly as typed (`1+1`, comments inside and before
//! it included), in a subquery, a derived table or a WITH query as in the result.
//! `name_as_typed` names the items of every SELECT so, from the tokens, as the script is
//! parsed (each SELECT keeps where its keyword was); where the tokens cannot tell the
//! items apart, an item gets the text the lab prints from the tree (`1 + 1`).

use crate::dialect::catalog::Catalog;
use crate::dialect::exprs::last_ident;
use crate::dialect::split::{self, LineIndex};
use crate::dialect::walk;
use crate::sql::{Flavor, Parser, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, OrderByKind, Query, Select, SelectItem, SetExpr, SetOperator, SetQuantifier, Statement,
    TableFactor, UnaryOperator, Value,
};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan};

pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<(), StepError> {
    if matches!(stmt, Statement::Insert(_)) {
        // An INSERT's VALUES are rows to write, never a result.
        return Ok(());
    }
    let top: *const Query = match stmt {
        Statement::Query(q) => &**q,
        _ => std::ptr::null(),
    };
    walk::try_queries(stmt, &mut |q| {
        let derived = !std::ptr::eq(q, top);
        values(q, derived)?;
        clashes(q)
    })?;
    columns_as_typed(stmt, catalog);
    crate::dialect::headers::name_items(stmt, &|e| match e {
        e if typed_column(e).is_some() => None,
        _ => Some(name(e)),
    });
    Ok(())
}

/// MariaDB's name for an unaliased expression.
pub fn name(e: &Expr) -> String {
    constant(e).unwrap_or_else(|| e.to_sql())
}

/// The name of a constant: its value, as MariaDB gives it.
fn constant(e: &Expr) -> Option<String> {
    match e {
        Expr::Value(v) => Some(match &v.value {
            Value::SingleQuotedString(s)
            | Value::DoubleQuotedString(s)
            | Value::NationalStringLiteral(s) => s.clone(),
            Value::Number(n, _) => n.clone(),
            Value::Null => "NULL".into(),
            Value::Boolean(true) => "TRUE".into(),
            Value::Boolean(false) => "FALSE".into(),
            _ => return None,
        }),
        Expr::Nested(inner) => constant(inner),
        // `+2` is named `2`; `-2` and `- 2` by their text, as any expression.
        Expr::UnaryOp {
            op: UnaryOperator::Plus,
            expr,
        } if matches!(expr.as_ref(), Expr::Value(v) if matches!(v.value, Value::Number(..))) => {
            constant(expr)
        }
        _ => None,
    }
}

/// `VALUES r1, r2, ...` → `SELECT r1's values AS their names UNION ALL VALUES r2, ...`.
fn values(q: &mut Query, derived: bool) -> Result<(), StepError> {
    let SetExpr::Values(v) = q.body.as_mut() else {
        return Ok(());
    };
    let Some(first) = v.rows.first() else {
        return Ok(());
    };
    let names: Vec<String> = first.iter().map(name).collect();
    if derived {
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
                return Err(StepError::other(
                    "1060",
                    format!("Duplicate column name '{n}'"),
                ));
            }
        }
    }
    let mut select = Parser::from_sql(Flavor::MySql, "SELECT 1")
        .and_then(|mut p| p.parse_query())
        .map_err(|e| StepError::other("1064", e.to_string()))?;
    let first = v.rows.remove(0).content;
    if let SetExpr::Select(s) = select.body.as_mut() {
        s.projection = first
            .into_iter()
            .zip(names)
            .map(|(expr, n)| SelectItem::ExprWithAlias {
                expr,
                alias: sqlparser::ast::Ident::with_quote('"', n),
            })
            .collect();
    }
    if v.rows.is_empty() {
        q.body = select.body;
    } else {
        // The other rows' VALUES stay, as the right side of the UNION.
        let empty = SetExpr::Values(sqlparser::ast::Values {
            explicit_row: false,
            value_keyword: false,
            rows: Vec::new(),
        });
        let right = std::mem::replace(&mut q.body, Box::new(empty));
        *q.body = SetExpr::SetOperation {
            op: SetOperator::Union,
            set_quantifier: SetQuantifier::All,
            left: select.body,
            right,
        };
    }
    Ok(())
}

/// A constant named like a column that the query's ORDER BY names: MariaDB sorts by the
/// column, SQLite would sort by the constant's alias.
fn clashes(q: &Query) -> Result<(), StepError> {
    let Some(OrderByKind::Expressions(order)) = q.order_by.as_ref().map(|o| &o.kind) else {
        return Ok(());
    };
    let SetExpr::Select(s) = q.body.as_ref() else {
        return Ok(());
    };
    for item in &s.projection {
        let SelectItem::UnnamedExpr(e) = item else {
            continue;
        };
        let Some(n) = constant(e) else { continue };
        let named = order
            .iter()
            .any(|o| matches!(&o.expr, Expr::Identifier(i) if i.value.eq_ignore_ascii_case(&n)));
        if named {
            return Err(crate::dialect::common::unsupported_with(
                crate::dialect::Dialect::MySql,
                &format!("The constant {} in a select list whose ORDER BY names a column {n}", e.to_sql()),
                "MariaDB names the result column after the constant, and the lab would sort by it: give the constant an alias",
            ));
        }
    }
    Ok(())
}

/// Names the unaliased expressions of every query's result (its SELECT, or a UNION's
/// first; subqueries, derived tables and WITH queries included) by their text as typed in
/// `lines`, as MariaDB does: from the end of the token before (SELECT, a modifier or a
/// comma), blanks skipped, to the end of the expression's last token. `tokens` are the
/// statement's, blanks and comments left out. Constants and plain columns are `rewrite`'s;
/// a list the tokens split otherwise than the parser is left to it too.
pub fn name_as_typed(stmt: &mut Statement, tokens: &[TokenWithSpan], lines: &LineIndex) {
    if matches!(stmt, Statement::Insert(_)) {
        return; // the rows it writes are named by the table's columns
    }
    walk::queries(stmt, &mut |q: &mut Query| {
        if let Some(s) = walk::result_select_mut(q) {
            name_select(s, tokens, lines);
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
}

fn name_select(s: &mut Select, tokens: &[TokenWithSpan], lines: &LineIndex) {
    // The SELECT keyword's token: the parser keeps where it was.
    let start = s.select_token.0.span.start;
    let Some(at) = tokens.iter().position(|t| t.span.start == start) else {
        return;
    };
    let ranges = item_ranges(tokens, at);
    if ranges.len() != s.projection.len() {
        return;
    }
    for (item, (from, to)) in s.projection.iter_mut().zip(ranges) {
        let SelectItem::UnnamedExpr(e) = item else {
            continue;
        };
        if typed_column(e).is_some() || constant(e).is_some() {
            continue;
        }
        let typed = lines.slice(split::pos(from), split::pos(to));
        let expr = std::mem::replace(e, Expr::Value(Value::Null.into()));
        *item = SelectItem::ExprWithAlias {
            expr,
            alias: sqlparser::ast::Ident::with_quote('"', typed.trim_start()),
        };
    }
}

/// The SELECT whose list names a query statement's result.
fn result_select(stmt: &mut Statement) -> Option<&mut Select> {
    match stmt {
        Statement::Query(q) => walk::result_select_mut(q),
        _ => None,
    }
}

/// A plain column of the result named as typed (`ID`, `(id)`), where SQLite names it as the
/// table declares it (`id`). Only where the two differ: an alias on every column would crowd
/// what the lab shows it ran.
fn columns_as_typed(stmt: &mut Statement, catalog: &Catalog) {
    let Some(s) = result_select(stmt) else {
        return;
    };
    let mut tables = Vec::new();
    for f in walk::factors(&s.from) {
        if let TableFactor::Table { name, .. } = f {
            tables.extend(catalog.table(&last_ident(name)));
        }
    }
    for item in &mut s.projection {
        let SelectItem::UnnamedExpr(e) = item else {
            continue;
        };
        let Some((typed, nested)) = typed_column(e) else {
            continue;
        };
        let mut differs = false;
        for t in &tables {
            for c in &t.columns {
                differs |= c.name.eq_ignore_ascii_case(&typed) && (nested || c.name != typed);
            }
        }
        if differs {
            let alias = sqlparser::ast::Ident::with_quote('"', typed);
            let expr = std::mem::replace(e, Expr::Value(Value::Null.into()));
            *item = SelectItem::ExprWithAlias { expr, alias };
        }
    }
}

/// A plain column's name as typed, and whether it stands in parentheses.
fn typed_column(e: &Expr) -> Option<(String, bool)> {
    match e {
        Expr::Identifier(i) => Some((i.value.clone(), false)),
        Expr::CompoundIdentifier(parts) => parts.last().map(|i| (i.value.clone(), false)),
        Expr::Nested(inner) => typed_column(inner).map(|(n, _)| (n, true)),
        _ => None,
    }
}

/// Words that end a select list at its own depth.
const LIST_ENDS: &[Keyword] = &[
    Keyword::FROM,
    Keyword::INTO,
    Keyword::WHERE,
    Keyword::GROUP,
    Keyword::HAVING,
    Keyword::WINDOW,
    Keyword::ORDER,
    Keyword::LIMIT,
    Keyword::OFFSET,
    Keyword::FETCH,
    Keyword::UNION,
    Keyword::INTERSECT,
    Keyword::EXCEPT,
    Keyword::FOR,
    Keyword::LOCK,
    Keyword::PROCEDURE,
];

/// Words between SELECT and the first item.
const MODIFIERS: &[&str] = &[
    "ALL",
    "DISTINCT",
    "DISTINCTROW",
    "HIGH_PRIORITY",
    "STRAIGHT_JOIN",
    "SQL_SMALL_RESULT",
    "SQL_BIG_RESULT",
    "SQL_BUFFER_RESULT",
    "SQL_CACHE",
    "SQL_NO_CACHE",
    "SQL_CALC_FOUND_ROWS",
];

/// For each item of the list of the SELECT at `tokens[i]`: where the text naming it starts
/// (the end of the token before it) and ends.
fn item_ranges(tokens: &[TokenWithSpan], mut i: usize) -> Vec<(Location, Location)> {
    while let Some(Token::Word(w)) = tokens.get(i + 1).map(|t| &t.token) {
        if w.quote_style.is_some() || !MODIFIERS.iter().any(|m| w.value.eq_ignore_ascii_case(m)) {
            break;
        }
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut from = tokens[i].span.end;
    let mut to = None;
    let (at, mut depth) = (0, 0);
    for t in &tokens[i + 1..] {
        match &t.token {
            Token::Comma if depth == at => {
                ranges.extend(to.map(|to| (from, to)));
                (from, to) = (t.span.end, None);
                continue;
            }
            Token::Word(w)
                if depth == at && w.quote_style.is_none() && LIST_ENDS.contains(&w.keyword) =>
            {
                break
            }
            Token::RParen if depth == at => break,
            Token::SemiColon | Token::EOF => break,
            Token::LParen => depth += 1,
            Token::RParen => depth -= 1,
            _ => {}
        }
        to = Some(t.span.end);
    }
    ranges.extend(to.map(|to| (from, to)));
    ranges
}
