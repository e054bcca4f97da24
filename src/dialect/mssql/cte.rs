//! Rules for the row choice of T-SQL's pops:
//! - a CTE as the target of UPDATE/DELETE (`WITH c AS (SELECT TOP(1) ... FROM t WITH (hints)
//!   ... ORDER BY o) UPDATE c SET ...`) becomes a statement on `t` whose rows are
//!   `rowid IN (SELECT rowid ... the CTE's query ...)`, names mapped through the CTE's columns;
//! - `UPDATE/DELETE TOP (n)` and a DML target with lock hints (`DELETE FROM t WITH (READPAST)`)
//!   choose their rows the same way, so the hints lock exactly the rows written;
//! - `SELECT TOP (n)` becomes `LIMIT n`, ordered by rowid when there is no ORDER BY.

use super::super::conditions::and;
use super::hints::{locks_before_write, take_hints};
use super::refuse;
use crate::sql::Duplicate;
use crate::sql::ToSql;
use crate::sql::Walk;
use crate::sql::{Flavor, Parser, Sql};
use crate::trace::StepError;
use sqlparser::ast::{
    AssignmentTarget, Expr, FromTable, Ident, InTarget, LimitClause, Query, SelectItem, SetExpr,
    Statement, TableFactor, TopQuantity, UpdateTableFromKind,
};
use std::ops::ControlFlow;

/// `WITH c AS (...) UPDATE/DELETE c ...` as a statement on the CTE's table.
pub fn inline_target(q: &Query) -> Result<Option<Statement>, StepError> {
    let Some(with) = &q.with else {
        return Ok(None);
    };
    let target = match q.body.as_ref() {
        SetExpr::Update(Statement::Update(u)) => relation_name(&u.table.relation),
        SetExpr::Delete(Statement::Delete(d)) => match &d.from {
            FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t) => {
                t.first().and_then(|t| relation_name(&t.relation))
            }
        },
        _ => return Ok(None),
    };
    let Some(target) = target else {
        return Ok(None);
    };
    let Some(cte) = with
        .cte_tables
        .iter()
        .find(|c| c.alias.name.value.eq_ignore_ascii_case(&target))
    else {
        return Ok(None);
    };
    if with.cte_tables.len() > 1 {
        return Err(refuse(
            "an UPDATE/DELETE through a CTE with other CTEs beside it is not supported; keep one CTE",
        ));
    }
    let SetExpr::Select(select) = cte.query.body.as_ref() else {
        return Err(refuse(
            "the CTE an UPDATE/DELETE goes through must be one SELECT",
        ));
    };
    let [from] = select.from.as_slice() else {
        return Err(refuse(
            "the CTE an UPDATE/DELETE goes through must read one table",
        ));
    };
    let TableFactor::Table { name: base, .. } = &from.relation else {
        return Err(refuse(
            "the CTE an UPDATE/DELETE goes through must read a table",
        ));
    };
    // CTE column -> base column.
    let mut map: Vec<(String, String)> = Vec::new();
    for (i, item) in select.projection.iter().enumerate() {
        let (expr, alias) = match item {
            SelectItem::UnnamedExpr(e) => (e, None),
            SelectItem::ExprWithAlias { expr, alias } => (expr, Some(alias.value.clone())),
            _ => continue,
        };
        let base_col = match expr {
            Expr::Identifier(id) => id.value.clone(),
            Expr::CompoundIdentifier(parts) => parts.last().map(|p| p.value.clone()).unwrap_or_default(),
            other => {
                return Err(refuse(&format!(
                    "the CTE's column `{}` is an expression; an UPDATE/DELETE through a CTE needs plain columns",
                    Sql(other)
                )))
            }
        };
        let cte_col = cte
            .alias
            .columns
            .get(i)
            .map(|c| c.name.value.clone())
            .or(alias)
            .unwrap_or_else(|| base_col.clone());
        map.push((cte_col.to_ascii_lowercase(), base_col));
    }
    let rows = rowid_subquery(&cte.query, &qualifier(&from.relation))?;
    let rename = |e: &mut Expr| rename_columns(e, &map);
    let base_table = sqlparser::ast::TableWithJoins {
        relation: TableFactor::Table {
            name: base.duplicate(),
            alias: None,
            args: None,
            with_hints: Vec::new(),
            version: None,
            with_ordinality: false,
            partitions: Vec::new(),
            json_path: None,
            sample: None,
            index_directives: Vec::new(),
            inheritance: None,
        },
        joins: Vec::new(),
    };
    let stmt = match q.body.as_ref() {
        SetExpr::Update(Statement::Update(u)) => {
            let mut u = u.duplicate();
            u.table = base_table;
            for a in &mut u.assignments {
                if let AssignmentTarget::ColumnName(n) = &mut a.target {
                    if let Some(last) = n.0.pop() {
                        let col = last.to_sql();
                        *n = crate::sql::build::name(Ident::new(mapped(&col, &map)));
                    }
                }
                visit(&mut a.value, rename);
            }
            u.selection = Some(and(
                u.selection.take().map(|mut w| {
                    visit(&mut w, rename);
                    w
                }),
                rows,
            ));
            visit(&mut u.output, rename);
            Statement::Update(u)
        }
        SetExpr::Delete(Statement::Delete(d)) => {
            let mut d = d.duplicate();
            d.from = FromTable::WithFromKeyword(vec![base_table]);
            d.selection = Some(and(
                d.selection.take().map(|mut w| {
                    visit(&mut w, rename);
                    w
                }),
                rows,
            ));
            visit(&mut d.output, rename);
            Statement::Delete(d)
        }
        _ => return Ok(None),
    };
    Ok(Some(stmt))
}

/// `UPDATE/DELETE TOP (n)` and hinted targets: the rows are chosen (and locked) by a subquery.
pub fn choose_target_rows(stmt: &mut Statement) -> Result<Option<String>, StepError> {
    match stmt {
        Statement::Update(u) => {
            if let Some(UpdateTableFromKind::AfterSet(f) | UpdateTableFromKind::BeforeSet(f)) =
                &mut u.from
            {
                // `UPDATE j ... FROM jobs j JOIN q ...` (or a derived table `j`) or `UPDATE jobs
                // ... FROM jobs JOIN q ...`: SQLite would look for a table `j`, or refuse `jobs`
                // in FROM. (With one table in FROM, tokens.rs wrote it as the target.)
                let target = relation_name(&u.table.relation).unwrap_or_default();
                let names_target = |t: &TableFactor| match t {
                    TableFactor::Table { alias: Some(a), .. }
                    | TableFactor::Derived { alias: Some(a), .. } => {
                        a.name.value.eq_ignore_ascii_case(&target)
                    }
                    t => relation_name(t).is_some_and(|n| n.eq_ignore_ascii_case(&target)),
                };
                if super::super::walk::factors(f).any(names_target) {
                    return Err(joined_target());
                }
                super::hints::refuse_joined(f)?;
            }
            let hints = peek_hints(&u.table.relation);
            if u.limit.is_none() && !locks_before_write(&hints) {
                return Ok(None);
            }
            let sub = target_query(&mut u.table.relation, u.selection.take(), u.limit.take())?;
            u.selection = Some(sub);
            Ok(Some(note("UPDATE", &hints)))
        }
        Statement::Delete(d) => {
            if !d.tables.is_empty() {
                return Err(joined_target()); // `DELETE j FROM jobs j JOIN q ...`
            }
            let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &mut d.from;
            let Some(first) = t.first_mut() else {
                return Ok(None);
            };
            let hints = peek_hints(&first.relation);
            if d.limit.is_none() && !locks_before_write(&hints) {
                return Ok(None);
            }
            let sub = target_query(&mut first.relation, d.selection.take(), d.limit.take())?;
            d.selection = Some(sub);
            Ok(Some(note("DELETE", &hints)))
        }
        _ => Ok(None),
    }
}

/// T-SQL's UPDATE or DELETE of one table of a join in its FROM clause, or of a derived table
/// there, named by its alias.
fn joined_target() -> StepError {
    crate::dialect::common::unsupported_with(
        crate::dialect::Dialect::MsSql,
        "an UPDATE or DELETE whose target is a table joined in its FROM clause or a derived table",
        "name the table as the target and the others in FROM, with the join's condition in WHERE (UPDATE jobs SET q = 2 FROM q WHERE q.id = jobs.q)",
    )
}

fn note(verb: &str, hints: &[String]) -> String {
    format!(
        "{verb}'s rows are chosen by `rowid IN (SELECT rowid ...{})` with U locks, as SQL Server's {verb} looks for its rows, so the rows it locks are the rows it writes",
        if hints.is_empty() {
            String::new()
        } else {
            format!(" WITH ({})", hints.join(", "))
        }
    )
}

fn peek_hints(relation: &TableFactor) -> Vec<String> {
    let mut r = relation.duplicate();
    take_hints(&mut r)
}

/// `rowid IN (SELECT q.rowid FROM <table WITH (hints)> WHERE w ORDER BY rowid LIMIT n)`.
fn target_query(
    relation: &mut TableFactor,
    selection: Option<Expr>,
    limit: Option<Expr>,
) -> Result<Expr, StepError> {
    let q = qualifier(relation);
    // UPDATE and DELETE look for their rows with U locks (X on the rows they then change),
    // unless the hints ask for X already.
    if let TableFactor::Table { with_hints, .. } = relation {
        let named = |h: &str| {
            with_hints
                .iter()
                .any(|x| x.to_sql().eq_ignore_ascii_case(h))
        };
        if !named("UPDLOCK") && !named("XLOCK") {
            with_hints.push(Expr::Identifier(Ident::new("UPDLOCK")));
        }
    }
    let from = relation.to_sql();
    let _ = take_hints(relation);
    let mut sql = format!("SELECT {q}.rowid FROM {from}");
    if let Some(w) = selection {
        sql.push_str(&format!(" WHERE {}", Sql(&w)));
    }
    if let Some(n) = limit {
        sql.push_str(&format!(
            " ORDER BY {q}.rowid OFFSET 0 ROWS FETCH NEXT {} ROWS ONLY",
            Sql(&n)
        ));
    }
    let query = parse_query(&sql)?;
    Ok(Expr::In {
        expr: Box::new(Expr::Identifier(Ident::new("rowid"))),
        target: InTarget::Subquery(Box::new(query)),
        negated: false,
        global: false,
    })
}

/// The CTE's query returning the rowids of its rows.
fn rowid_subquery(cte_query: &Query, q: &str) -> Result<Expr, StepError> {
    let mut query = cte_query.duplicate();
    if let SetExpr::Select(s) = query.body.as_mut() {
        s.projection = vec![SelectItem::UnnamedExpr(Expr::CompoundIdentifier(vec![
            Ident::new(q),
            Ident::new("rowid"),
        ]))];
    }
    Ok(Expr::In {
        expr: Box::new(Expr::Identifier(Ident::new("rowid"))),
        target: InTarget::Subquery(Box::new(query)),
        negated: false,
        global: false,
    })
}

/// SELECT TOP (n) → LIMIT n, in every query (subqueries and CTEs included).
pub fn top_to_limit<N: Walk>(node: &mut N) -> Vec<String> {
    let mut v = Top { notes: Vec::new() };
    crate::dialect::walk::queries(node, &mut |q| v.query(q));
    crate::sort::sort(&mut v.notes);
    v.notes.dedup();
    v.notes
}

struct Top {
    notes: Vec<String>,
}

impl Top {
    fn query(&mut self, q: &mut Query) -> ControlFlow<()> {
        // OFFSET 0 ROWS FETCH NEXT n ROWS ONLY (how the rules above write a limit).
        if let Some(fetch) = q.fetch.take() {
            if let Some(n) = fetch.quantity {
                q.limit_clause = Some(LimitClause::LimitOffset {
                    limit: Some(n),
                    offset: None,
                    limit_by: Vec::new(),
                });
            }
        }
        let SetExpr::Select(s) = q.body.as_mut() else {
            return ControlFlow::Continue(());
        };
        let Some(top) = s.top.take() else {
            return ControlFlow::Continue(());
        };
        let n = match top.quantity {
            Some(TopQuantity::Expr(e)) => e,
            Some(TopQuantity::Constant(c)) => {
                Expr::value(sqlparser::ast::Value::Number(c.to_string(), false))
            }
            None => return ControlFlow::Continue(()),
        };
        if top.percent || top.with_ties {
            self.notes
                .push("TOP ... PERCENT / WITH TIES is read as TOP (n)".into());
        }
        q.limit_clause = Some(LimitClause::LimitOffset {
            limit: Some(n),
            offset: None,
            limit_by: Vec::new(),
        });
        if q.order_by.is_none() {
            if let [from] = s.from.as_slice() {
                let qual = qualifier(&from.relation);
                if let Ok(order) = parse_query(&format!("SELECT 1 FROM t ORDER BY {qual}.rowid")) {
                    q.order_by = order.order_by;
                    self.notes.push(
                        "TOP without ORDER BY: SQL Server promises no order; here the lowest rowid (the oldest row) comes first"
                            .into(),
                    );
                }
            }
        }
        self.notes.push("TOP (n) becomes LIMIT n".into());
        ControlFlow::Continue(())
    }
}

/// The name a table's columns are qualified with: its alias, else its name.
fn qualifier(relation: &TableFactor) -> String {
    match relation {
        TableFactor::Table { alias: Some(a), .. } => a.name.to_sql(),
        TableFactor::Table { name, .. } => name.to_sql(),
        other => other.to_sql(),
    }
}

fn relation_name(relation: &TableFactor) -> Option<String> {
    match relation {
        TableFactor::Table { name, .. } => Some(crate::dialect::exprs::last_ident(name)),
        _ => None,
    }
}

fn mapped(col: &str, map: &[(String, String)]) -> String {
    let bare = col.trim_matches(|c| c == '[' || c == ']' || c == '"');
    map.iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(bare))
        .map(|(_, b)| b.clone())
        .unwrap_or_else(|| bare.to_string())
}

fn rename_columns(e: &mut Expr, map: &[(String, String)]) {
    match e {
        Expr::Identifier(id) if !id.value.starts_with('@') => {
            *id = Ident::new(mapped(&id.value, map));
        }
        Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
            let col = parts[1].value.clone();
            parts[1] = Ident::new(mapped(&col, map));
        }
        _ => {}
    }
}

fn visit<N: Walk>(node: &mut N, f: impl Fn(&mut Expr)) {
    crate::dialect::walk::exprs(node, &mut |e| {
        f(e);
        ControlFlow::<()>::Continue(())
    });
}

fn parse_query(sql: &str) -> Result<Query, StepError> {
    Parser::from_sql(Flavor::MsSql, sql)
        .and_then(|mut p| p.parse_query())
        .map(|q| *q)
        .map_err(|e| refuse(&format!("could not compose the row choice: {e}")))
}
