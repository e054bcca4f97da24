//! Rule: result columns named as PostgreSQL names them. SQLite names an unaliased column by
//! its text (`count(*)`, `id + 1`); PostgreSQL by the function (`count`), the column (`id`),
//! the type of a cast constant (`'x'::text` is `text`), `case`, `exists`, and else
//! `?column?`. An unaliased item of the statement's own result (the outer SELECT, the first
//! branch of a UNION, RETURNING) gets PostgreSQL's name as an alias, and so does one of a
//! WITH query or a subquery in FROM (`SELECT * FROM (SELECT count(*) FROM t) s`, `WITH d AS
//! (DELETE ... RETURNING 1)`), whose names a query over it reads.

use crate::sql::ToSql;
use sqlparser::ast::{
    CastKind, DataType, Delete, Expr, Function, Insert, ObjectNamePart, Query, SelectItem, SetExpr,
    Statement, Update,
};

/// Names the result columns of `stmt` as PostgreSQL would, and says so when it named one.
/// Run before the cast rule, which changes the type names PostgreSQL reads.
pub fn rewrite(stmt: &mut Statement) -> Option<String> {
    quote_aliases(stmt);
    let named = match &mut *stmt {
        Statement::Query(q) => query(q),
        s => returning(s).is_some_and(|r| items(r)),
    };
    let mut inner = false;
    crate::dialect::walk::queries(stmt, &mut |q| {
        inner |= relations(q);
        std::ops::ControlFlow::Continue(())
    });
    (named || inner).then(|| {
        "result columns named as PostgreSQL names them (count, ?column?, ...): SQLite would name them by their text".into()
    })
}

/// Every alias of a select list or RETURNING quoted (its letters already folded by
/// `fold_tokens`): after AS, PostgreSQL takes any word as a name (`SELECT v AS order`,
/// `RETURNING id AS to`), and SQLite's parser no keyword.
fn quote_aliases(stmt: &mut Statement) {
    fn quote(list: &mut [SelectItem]) {
        for item in list {
            if let SelectItem::ExprWithAlias { alias, .. } = item {
                alias.quote_style.get_or_insert('"');
            }
        }
    }
    fn body(b: &mut SetExpr) {
        match b {
            SetExpr::Select(s) => quote(&mut s.projection),
            SetExpr::SetOperation { left, right, .. } => {
                body(left);
                body(right)
            }
            SetExpr::Insert(s) | SetExpr::Update(s) | SetExpr::Delete(s) => {
                returning(s).into_iter().for_each(|r| quote(r))
            }
            _ => {}
        }
    }
    returning(stmt).into_iter().for_each(|r| quote(r));
    crate::dialect::walk::queries(stmt, &mut |q| {
        body(&mut q.body);
        std::ops::ControlFlow::Continue(())
    });
}

/// The RETURNING list of an INSERT, UPDATE or DELETE.
fn returning(s: &mut Statement) -> Option<&mut Vec<SelectItem>> {
    match s {
        Statement::Insert(Insert {
            returning: Some(r), ..
        })
        | Statement::Update(Update {
            returning: Some(r), ..
        })
        | Statement::Delete(Delete {
            returning: Some(r), ..
        }) => Some(r),
        _ => None,
    }
}

fn query(q: &mut Query) -> bool {
    if let SetExpr::Insert(s) | SetExpr::Update(s) | SetExpr::Delete(s) = q.body.as_mut() {
        return returning(s).is_some_and(|r| items(r));
    }
    // A set operation's columns are its first branch's.
    match crate::dialect::walk::result_select_mut(q) {
        Some(select) => items(&mut select.projection),
        None => false,
    }
}

/// Names the items of `q`'s WITH queries and of the subqueries its FROM reads, but those
/// renamed by a column list (`AS s(a, b)`: `alias_columns.rs`).
fn relations(q: &mut Query) -> bool {
    use sqlparser::ast::TableFactor;
    let mut named = false;
    for cte in q.with.iter_mut().flat_map(|w| &mut w.cte_tables) {
        if cte.alias.columns.is_empty() {
            named |= query(&mut cte.query);
        }
    }
    let SetExpr::Select(s) = q.body.as_mut() else {
        return named;
    };
    for t in &mut s.from {
        let joined = t.joins.iter_mut().map(|j| &mut j.relation);
        for factor in std::iter::once(&mut t.relation).chain(joined) {
            if let TableFactor::Derived {
                subquery, alias, ..
            } = factor
            {
                if alias.as_ref().is_none_or(|a| a.columns.is_empty()) {
                    named |= query(subquery);
                }
            }
        }
    }
    named
}

/// Whether an item got a name.
fn items(list: &mut [SelectItem]) -> bool {
    let mut named = false;
    for item in list.iter_mut() {
        if let SelectItem::UnnamedExpr(e) = item {
            // SQLite already names a plain column as PostgreSQL does.
            if matches!(e, Expr::Identifier(_) | Expr::CompoundIdentifier(_)) {
                continue;
            }
            let (name, _) = name_of(e);
            // Moved, not cloned: copying a deep operator chain is recursion the
            // stack of a browser tab may not have (`limits::MAX_OPERATORS`).
            let expr = std::mem::replace(e, Expr::Value(sqlparser::ast::Value::Null.into()));
            *item = SelectItem::ExprWithAlias {
                expr,
                alias: sqlparser::ast::Ident::with_quote('"', name),
            };
            named = true;
        }
    }
    named
}

/// PostgreSQL's name for an unaliased expression, and how sure it is: 2 for a column or a
/// function, 1 for a fallback (`case`, a cast's type), 0 for none (`?column?`).
pub(in crate::dialect) fn name_of(e: &Expr) -> (String, u8) {
    match e {
        Expr::Identifier(i) => (folded(i), 2),
        Expr::CompoundIdentifier(parts) => parts.last().map_or((none(), 0), |i| (folded(i), 2)),
        Expr::Function(f) => (function_name(f), 2),
        Expr::Nested(inner) => name_of(inner),
        Expr::Cast {
            kind: CastKind::Cast | CastKind::DoubleColon,
            expr,
            data_type,
            ..
        } => match name_of(expr) {
            (n, s) if s > 0 => (n, s),
            _ => (type_name(data_type), 1),
        },
        Expr::Case { else_result, .. } => match else_result.as_deref().map(name_of) {
            Some((n, 2)) => (n, 2),
            _ => ("case".into(), 1),
        },
        Expr::Exists { .. } => ("exists".into(), 2),
        // Functions sqlparser reads as expressions of their own.
        Expr::Substring { shorthand, .. } => {
            (if *shorthand { "substr" } else { "substring" }.into(), 2)
        }
        Expr::Position { .. } => ("position".into(), 2),
        // The server reads TRIM as the function it runs.
        Expr::Trim { trim_where, .. } => {
            let f = match trim_where {
                Some(sqlparser::ast::TrimWhereField::Leading) => "ltrim",
                Some(sqlparser::ast::TrimWhereField::Trailing) => "rtrim",
                _ => "btrim",
            };
            (f.into(), 2)
        }
        Expr::Array(_) => ("array".into(), 2),
        Expr::Subquery(q) => first_column(q),
        _ => (none(), 0),
    }
}

fn none() -> String {
    "?column?".into()
}

/// An unquoted name folded to lower case, as PostgreSQL folds it: ASCII letters only (in a
/// UTF-8 database, `Ä` stays `Ä`).
pub fn folded(i: &sqlparser::ast::Ident) -> String {
    match i.quote_style {
        Some(_) => i.value.clone(),
        None => i.value.to_ascii_lowercase(),
    }
}

fn function_name(f: &Function) -> String {
    match f.name.0.last() {
        Some(ObjectNamePart::Identifier(i)) => folded(i),
        _ => none(),
    }
}

/// A scalar subquery is named by its own first column.
fn first_column(q: &Query) -> (String, u8) {
    match q.body.as_ref() {
        SetExpr::Select(s) => match s.projection.first() {
            Some(SelectItem::UnnamedExpr(e)) => name_of(e),
            Some(SelectItem::ExprWithAlias { alias, .. }) => (alias.value.clone(), 2),
            _ => (none(), 0),
        },
        _ => (none(), 0),
    }
}

/// The name PostgreSQL's parser gives a type in a cast (`int` is `int4`).
fn type_name(t: &DataType) -> String {
    // An array type is named by its element type (`text[]` is `text`).
    let written = t.to_sql().to_ascii_lowercase().replace("[]", "");
    let base = written.split('(').next().unwrap_or("").trim().to_string();
    match base.as_str() {
        "int" | "integer" => "int4".into(),
        "bigint" => "int8".into(),
        "smallint" => "int2".into(),
        "boolean" => "bool".into(),
        "real" => "float4".into(),
        "double precision" | "float" => "float8".into(),
        "character varying" => "varchar".into(),
        "decimal" => "numeric".into(),
        _ => base,
    }
}

/// The tokens with every unquoted word's ASCII letters in lower case, as PostgreSQL folds
/// names in a UTF-8 database (keywords are read whatever their case).
pub fn fold_tokens(
    mut tokens: Vec<sqlparser::tokenizer::TokenWithSpan>,
) -> Vec<sqlparser::tokenizer::TokenWithSpan> {
    for t in &mut tokens {
        if let sqlparser::tokenizer::Token::Word(w) = &mut t.token {
            if w.quote_style.is_none() {
                w.value.make_ascii_lowercase();
            }
        }
    }
    tokens
}
