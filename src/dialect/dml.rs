//! Planning shared by the front-ends for SELECT, UPDATE and DELETE.

use super::catalog::{ident, Catalog, TableDef};
use super::exprs::{last_ident, now_expr, parenthesized, parse_sqlite_expr, rewrite_all};
use super::plan::{Plan, PlanKind, RowByRow};
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use sqlparser::ast::{
    Assignment, AssignmentTarget, Delete, Expr, FromTable, Ident, OrderByExpr, Query, SelectItem,
    SelectItemQualifiedWildcardKind, SetExpr, Statement, TableFactor, TableWithJoins, Update,
};

/// A plain query. Locking clauses are dropped with a note: one session takes no locks.
/// A query, or a `WITH ... UPDATE/DELETE` (a CTE pop), which counts as the write it ends in.
pub fn plan_query(q: Query) -> Plan {
    plan_query_sorting(q, &|_| false)
}

/// [`plan_query`], with the queries that sort without an index (see
/// [`super::locks::lock_requests_sorting`]).
pub fn plan_query_sorting(mut q: Query, filesort: &dyn Fn(&Query) -> bool) -> Plan {
    let mut notes = rewrite_all(&mut q);
    let kind = match q.body.as_mut() {
        SetExpr::Delete(Statement::Delete(d)) => {
            let (FromTable::WithFromKeyword(targets) | FromTable::WithoutKeyword(targets)) =
                &mut d.from;
            targets.iter_mut().for_each(alias_with_as);
            if let Some(t) = targets.first() {
                unqualified_returning(&t.duplicate(), &mut d.returning);
            }
            notes.extend(using_to_exists(d));
            let table = match &d.from {
                FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t) => {
                    t.first().and_then(table_name)
                }
            };
            PlanKind::Delete {
                table: table.unwrap_or_default(),
                truncate: false,
            }
        }
        SetExpr::Update(Statement::Update(u)) => {
            alias_with_as(&mut u.table);
            unqualified_returning(&u.table, &mut u.returning);
            PlanKind::Update {
                table: table_name(&u.table).unwrap_or_default(),
            }
        }
        _ => PlanKind::Query,
    };
    let (lock_reads, lock_notes) = super::locks::lock_requests_sorting(&mut q, 0, filesort);
    notes.extend(lock_notes);
    let mut plan = Plan::new(kind, vec![q.to_sql()]);
    plan.notes = notes;
    plan.lock_reads = lock_reads;
    plan
}

/// Whether `q`'s WITH holds an INSERT, UPDATE or DELETE (a data-modifying WITH).
pub fn modifying_with(q: &Query) -> bool {
    q.with.iter().flat_map(|w| w.cte_tables.iter()).any(|c| {
        matches!(
            c.query.body.as_ref(),
            SetExpr::Insert(_) | SetExpr::Update(_) | SetExpr::Delete(_)
        )
    })
}

/// SQLite reads an UPDATE's or DELETE's target alias only after AS (`DELETE FROM jobs AS j`);
/// the servers take it without (`DELETE FROM jobs j`).
fn alias_with_as(t: &mut TableWithJoins) {
    if let TableFactor::Table { alias: Some(a), .. } = &mut t.relation {
        a.explicit = true;
    }
}

/// SQLite's RETURNING names the target's columns bare: `RETURNING m.id` (the target's alias
/// or name before the column, as pgmq writes it) becomes `RETURNING id`, `m.*` becomes `*`.
fn unqualified_returning(t: &TableWithJoins, returning: &mut Option<Vec<SelectItem>>) {
    if let TableFactor::Table { name, alias, .. } = &t.relation {
        let called = alias.as_ref().map(|a| a.name.value.as_str());
        unqualify_returning(&last_ident(name), called, returning);
    }
}

/// [`unqualified_returning`] for a target named `target`, called `alias` in the statement
/// (an INSERT's `INSERT INTO jobs AS j`).
pub fn unqualify_returning(
    target: &str,
    alias: Option<&str>,
    returning: &mut Option<Vec<SelectItem>>,
) {
    let Some(items) = returning.as_mut() else {
        return;
    };
    let ours = |q: &str| {
        q.eq_ignore_ascii_case(target) || alias.is_some_and(|c| c.eq_ignore_ascii_case(q))
    };
    for item in items.iter_mut() {
        if let SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(n), opts) =
            item
        {
            if ours(&last_ident(n)) {
                *item = SelectItem::Wildcard(opts.duplicate());
            }
            continue;
        }
        super::walk::exprs(item, &mut |e| {
            if let Expr::CompoundIdentifier(parts) = e {
                if parts.len() == 2 && ours(&parts[0].value) {
                    *e = Expr::Identifier(parts[1].clone());
                }
            }
            std::ops::ControlFlow::Continue(())
        });
    }
}

pub fn table_name(t: &TableWithJoins) -> Option<String> {
    match &t.relation {
        TableFactor::Table { name, .. } => Some(last_ident(name)),
        _ => None,
    }
}

pub fn plan_update(u: Update, catalog: &Catalog) -> Plan {
    plan_update_sorting(u, catalog, &|_| false)
}

/// [`plan_update`], with the locking subqueries that sort without an index (see
/// [`super::locks::lock_requests_sorting`]).
pub fn plan_update_sorting(
    mut u: Update,
    catalog: &Catalog,
    filesort: &dyn Fn(&Query) -> bool,
) -> Plan {
    let table = table_name(&u.table).unwrap_or_default();
    alias_with_as(&mut u.table);
    unqualified_returning(&u.table, &mut u.returning);
    let mut notes = rewrite_all(&mut u);
    let (lock_reads, lock_notes) = super::locks::lock_requests_sorting(&mut u, 0, filesort);
    notes.extend(lock_notes);
    if let Some(def) = catalog.table(&table) {
        notes.extend(super::arity::set_defaults(def, &mut u.assignments));
        if add_on_update_now(def, &mut u.assignments) {
            notes.push(on_update_note(def));
        }
    }
    let row_by_row = catalog.table(&table).and_then(|def| row_by_row(&u, def));
    notes.extend(limit_by_rowid(
        "UPDATE",
        &table,
        &mut u.selection,
        &mut u.order_by,
        &mut u.limit,
    ));
    let mut plan = Plan::new(PlanKind::Update { table }, vec![u.to_sql()]);
    plan.notes = notes;
    plan.lock_reads = lock_reads;
    plan.row_by_row = row_by_row;
    plan
}

/// The UPDATE `u` (of `def`, in SQLite's words) one row at a time, if it sets a column of one
/// of the table's unique keys.
fn row_by_row(u: &Update, def: &TableDef) -> Option<RowByRow> {
    if u.from.is_some() || !u.table.joins.is_empty() {
        return None;
    }
    let set: Vec<String> = (u.assignments.iter())
        .filter_map(|a| match &a.target {
            AssignmentTarget::ColumnName(n) => Some(last_ident(n)),
            _ => None,
        })
        .collect();
    let sets = |c: &String| set.iter().any(|n| n.eq_ignore_ascii_case(c));
    if !(def.unique_keys()).any(|k| k.columns.iter().any(sets)) {
        return None;
    }
    let q = match &u.table.relation {
        TableFactor::Table { alias: Some(a), .. } => a.name.to_sql(),
        _ => ident(&def.name),
    };
    let mut one = u.duplicate();
    one.selection = None;
    one.order_by.clear();
    one.limit = None;
    let mut rows = format!("SELECT {q}.rowid FROM {}", Sql(&u.table));
    if let Some(w) = &u.selection {
        rows.push_str(&format!(" WHERE {}", Sql(w)));
    }
    let order = u.order_by.iter().map(|o| o.to_sql());
    let order: Vec<String> = order.chain([format!("{q}.rowid")]).collect();
    rows.push_str(&format!(" ORDER BY {}", order.join(", ")));
    if let Some(l) = &u.limit {
        rows.push_str(&format!(" LIMIT {}", Sql(l)));
    }
    Some(RowByRow {
        rows,
        ordered: !u.order_by.is_empty(),
        update: format!("{} WHERE {q}.rowid = ", Sql(&one)),
    })
}

pub fn plan_delete(d: Delete) -> Plan {
    plan_delete_sorting(d, &|_| false)
}

/// [`plan_delete`], with the locking subqueries that sort without an index.
pub fn plan_delete_sorting(mut d: Delete, filesort: &dyn Fn(&Query) -> bool) -> Plan {
    let tables = match &d.from {
        FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t) => t,
    };
    let table = tables.first().and_then(table_name).unwrap_or_default();
    let (FromTable::WithFromKeyword(targets) | FromTable::WithoutKeyword(targets)) = &mut d.from;
    targets.iter_mut().for_each(alias_with_as);
    if let Some(t) = targets.first() {
        unqualified_returning(&t.duplicate(), &mut d.returning);
    }
    let mut notes = rewrite_all(&mut d);
    notes.extend(using_to_exists(&mut d));
    let (lock_reads, lock_notes) = super::locks::lock_requests_sorting(&mut d, 0, filesort);
    notes.extend(lock_notes);
    notes.extend(limit_by_rowid(
        "DELETE",
        &table,
        &mut d.selection,
        &mut d.order_by,
        &mut d.limit,
    ));
    let mut plan = Plan::new(
        PlanKind::Delete {
            table,
            truncate: false,
        },
        vec![d.to_sql()],
    );
    plan.notes = notes;
    plan.lock_reads = lock_reads;
    plan
}

/// Rule: MySQL's `UPDATE/DELETE ... ORDER BY ... LIMIT n` becomes
/// `WHERE rowid IN (SELECT rowid ... ORDER BY ... LIMIT n)`: stock SQLite has no such LIMIT.
fn limit_by_rowid(
    verb: &str,
    table: &str,
    selection: &mut Option<Expr>,
    order_by: &mut Vec<OrderByExpr>,
    limit: &mut Option<Expr>,
) -> Option<String> {
    if order_by.is_empty() && limit.is_none() {
        return None;
    }
    let order: Vec<String> = order_by.drain(..).map(|o| o.to_sql()).collect();
    *selection = Some(rowid_subquery(
        table,
        selection.take(),
        &order,
        limit.take(),
    ));
    Some(format!("{verb} ... ORDER BY/LIMIT becomes WHERE rowid IN (SELECT rowid ... ORDER BY ... LIMIT n): stock SQLite has no {verb} ... LIMIT"))
}

fn rowid_subquery(
    table: &str,
    selection: Option<Expr>,
    order: &[String],
    limit: Option<Expr>,
) -> Expr {
    let mut sql = format!("rowid IN (SELECT rowid FROM {}", ident(table));
    if let Some(w) = selection {
        sql.push_str(&format!(" WHERE {}", Sql(&w)));
    }
    if !order.is_empty() {
        sql.push_str(&format!(" ORDER BY {}", order.join(", ")));
    }
    if let Some(l) = limit {
        sql.push_str(&format!(" LIMIT {}", Sql(&l)));
    }
    sql.push(')');
    parse_sqlite_expr(&sql).unwrap_or_else(now_expr)
}

/// MySQL `ON UPDATE CURRENT_TIMESTAMP`: each such column not assigned explicitly gets
/// `col = CASE WHEN <any assigned column changes> THEN ql_now() ELSE col END`, because MySQL
/// touches it only when the row really changes. Returns whether anything was added.
pub fn add_on_update_now(def: &TableDef, assignments: &mut Vec<Assignment>) -> bool {
    let assigned: Vec<(String, String)> = assignments
        .iter()
        .filter_map(|a| match &a.target {
            AssignmentTarget::ColumnName(n) => {
                Some((last_ident(n), parenthesized(a.value.duplicate()).to_sql()))
            }
            AssignmentTarget::Tuple(_) => None,
        })
        .collect();
    if assigned.is_empty() {
        return false;
    }
    let changed: Vec<String> = assigned
        .iter()
        .map(|(c, v)| format!("{} IS DISTINCT FROM {v}", ident(c)))
        .collect();
    let mut added = false;
    for col in def.columns.iter().filter(|c| c.on_update_now) {
        if assigned
            .iter()
            .any(|(c, _)| c.eq_ignore_ascii_case(&col.name))
        {
            continue;
        }
        let sql = format!(
            "CASE WHEN {} THEN {}() ELSE {} END",
            changed.join(" OR "),
            super::exprs::NOW_FN,
            ident(&col.name)
        );
        if let Some(value) = parse_sqlite_expr(&sql) {
            assignments.push(Assignment {
                target: AssignmentTarget::ColumnName(crate::sql::build::name(Ident::new(
                    col.name.clone(),
                ))),
                value,
            });
            added = true;
        }
    }
    added
}

pub fn on_update_note(def: &TableDef) -> String {
    let cols: Vec<&str> = def
        .columns
        .iter()
        .filter(|c| c.on_update_now)
        .map(|c| c.name.as_str())
        .collect();
    format!(
        "{}: ON UPDATE CURRENT_TIMESTAMP, emulated: set to the scenario clock when the row changes",
        crate::join::join(&cols, ", ")
    )
}

/// The INSERT with its source replaced by the rows stashed in `temp.ql_src`.
pub fn stash_sql(ins: &sqlparser::ast::Insert) -> Option<String> {
    ins.source.as_ref()?;
    let mut copy = ins.duplicate();
    let query = crate::sql::Parser::from_sql(
        crate::sql::Flavor::Sqlite,
        "SELECT * FROM temp.ql_src WHERE true",
    )
    .ok()?
    .parse_query()
    .ok()?;
    copy.source = Some(query);
    Some(sqlparser::ast::Statement::Insert(copy).to_sql())
}

/// `INSERT ... SELECT ... FROM t ON CONFLICT` is ambiguous to SQLite's parser (the ON could
/// start a join constraint); a WHERE clause settles it, so `WHERE true` is added when missing.
pub fn add_where_true(ins: &mut sqlparser::ast::Insert) -> Option<String> {
    use sqlparser::ast::{Expr, SetExpr, Value};
    let source = ins.source.as_mut()?;
    let SetExpr::Select(select) = source.body.as_mut() else {
        return None;
    };
    if select.selection.is_some() || select.from.is_empty() {
        return None;
    }
    select.selection = Some(Expr::value(Value::Boolean(true)));
    Some(
        "WHERE true added to the SELECT: SQLite needs it to tell ON CONFLICT from a join's ON"
            .into(),
    )
}

/// Rule: PostgreSQL's `DELETE FROM t USING u WHERE c` has no SQLite form; it becomes
/// `DELETE FROM t WHERE EXISTS (SELECT 1 FROM u WHERE c)`.
fn using_to_exists(d: &mut Delete) -> Option<String> {
    let using = d.using.take()?;
    let from: Vec<String> = using.iter().map(|t| t.to_sql()).collect();
    let cond = d
        .selection
        .take()
        .map(|c| format!(" WHERE {}", Sql(&c)))
        .unwrap_or_default();
    d.selection = parse_sqlite_expr(&format!("EXISTS (SELECT 1 FROM {}{cond})", from.join(", ")));
    Some(
        "DELETE ... USING u WHERE c becomes DELETE ... WHERE EXISTS (SELECT 1 FROM u WHERE c)"
            .into(),
    )
}
