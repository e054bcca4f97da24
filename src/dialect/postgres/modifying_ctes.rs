//! PostgreSQL's data-modifying WITH: `WITH d AS (DELETE FROM jobs WHERE ... RETURNING *)
//! INSERT INTO archive SELECT * FROM d` (pgmq's archive, River's and Oban's moves between
//! tables). SQLite has no DELETE or UPDATE inside WITH, so the statement becomes several
//! SQLite statements, run in order as one statement of the session:
//!
//! 1. the rows the DELETE or UPDATE picks (its WHERE, with any `FOR UPDATE SKIP LOCKED`
//!    subquery served as every locking read is), kept by rowid in a temp table;
//! 2. the change itself, on exactly those rows;
//! 3. what RETURNING gives, kept in the temp table `ql_cte_N` (a DELETE's from the rows
//!    before, an UPDATE's after);
//! 4. the main statement, with the CTE reading `ql_cte_N`.
//!
//! PostgreSQL runs every part on one snapshot: the main statement sees the tables as they
//! were before the WITH's change, and sees the change only through RETURNING. A main
//! statement that reads a table its WITH changes would see the change here, so it is refused
//! by name; so is an INSERT inside WITH, and a locking clause in both the WITH and the main
//! statement.

use super::super::catalog::{ident, Catalog};
use super::super::common::unsupported_with;
use super::super::conditions::and;
use super::super::dml::{plan_delete, plan_query, plan_update};
use super::super::exprs::last_ident;
use super::super::locks::LockRead;
use super::super::plan::{Plan, PlanKind};
use super::super::scan_order::{postgres_order, postgres_scans};
use super::super::walk;
use super::super::Dialect;
use crate::sql::Duplicate;
use crate::sql::{Flavor, Parser, Sql};
use crate::trace::StepError;
use sqlparser::ast::{
    Cte, Delete, Expr, FromTable, OrderBy, OrderByExpr, OrderByKind, Query, SelectItem, SetExpr,
    Statement, TableFactor, TableWithJoins, Update, UpdateTableFromKind,
};
use std::ops::ControlFlow;

/// Plans a query whose WITH changes rows. `main` plans the statement that is left once each
/// change reads from its temp table.
pub fn plan(
    mut q: Query,
    catalog: &Catalog,
    main: &dyn Fn(Statement) -> Result<Plan, StepError>,
) -> Result<Plan, StepError> {
    let mut before: Vec<Plan> = Vec::new();
    // Read after the check of locking clauses below: they lock nothing.
    let mut pairs: Vec<LockRead> = Vec::new();
    let mut changed: Vec<String> = Vec::new();
    let mut scans: Vec<String> = Vec::new();
    let Some(with) = q.with.as_mut() else {
        return main(Statement::Query(Box::new(q)));
    };
    // The tables a change reads again, as its snapshot has them after a wait.
    let mut own_reads: Vec<String> = Vec::new();
    for (n, cte) in with.cte_tables.iter_mut().enumerate() {
        if let SetExpr::Delete(s) | SetExpr::Update(s) = cte.query.body.as_mut() {
            own_reads.extend(super::snapshot_reads::qualify(s));
        }
        let parts = match cte.query.body.as_ref() {
            SetExpr::Delete(Statement::Delete(d)) => deleting(d, n, catalog)?,
            SetExpr::Update(Statement::Update(u)) => updating(u, n, catalog)?,
            SetExpr::Insert(_) => return Err(refused(
                "INSERT inside WITH",
                "run the INSERT ... RETURNING as a statement of its own, in the same transaction",
            )),
            _ => continue,
        };
        changed.push(parts.table.to_ascii_lowercase());
        pairs.extend(parts.pairs);
        scans.extend(parts.scans);
        *cte.query = reading(cte, n, &parts.names)?;
        before.extend(parts.plans);
    }
    let reads_changed = reads_any(&mut q, &changed);
    if let Some(t) = reads_changed {
        return Err(refused(
            &format!("a statement that reads {t}, which its WITH changes"),
            "PostgreSQL's main statement sees the table as it was before the WITH's change (one snapshot), which is not modelled; read the change through the CTE's RETURNING only",
        ));
    }
    let statement = match *q.body {
        SetExpr::Insert(Statement::Insert(mut ins)) => {
            // SQLite takes the WITH at the head of the INSERT's SELECT.
            if let Some(source) = ins.source.as_mut() {
                source.with = q.with.take();
            }
            Statement::Insert(ins)
        }
        _ => Statement::Query(Box::new(q)),
    };
    let mut last = main(statement)?;
    if let PlanKind::Insert {
        source_query,
        stash_sql,
        ..
    } = &mut last.kind
    {
        // Its rows come from the WITH's change, after any wait of that change: never from
        // rows computed before the wait, nor from its source run alone (which reads a temp
        // table the parts before it fill).
        *source_query = None;
        *stash_sql = None;
    }
    let locking = before.iter().filter(|p| !p.lock_reads.is_empty()).count()
        + usize::from(!last.lock_reads.is_empty());
    if locking > 1 {
        return Err(refused(
            "locking clauses in more than one part of a data-modifying WITH",
            "lock the rows in the WITH's DELETE or UPDATE only (its WHERE's FOR UPDATE SKIP LOCKED subquery)",
        ));
    }
    let mut sqlite = Vec::new();
    let mut notes = vec![format!(
        "data-modifying WITH run as {} SQLite statements in one: each DELETE or UPDATE on the rows its WHERE picks, its RETURNING kept in a temp table the main statement reads",
        before.iter().map(|p| p.sqlite.len()).sum::<usize>() + last.sqlite.len()
    )];
    let mut lock_reads = Vec::new();
    for p in before {
        last.capture_hash = last.capture_hash.take().or(p.capture_hash);
        sqlite.extend(p.sqlite);
        notes.extend(p.notes);
        lock_reads.extend(p.lock_reads);
    }
    sqlite.append(&mut last.sqlite);
    notes.append(&mut last.notes);
    lock_reads.append(&mut last.lock_reads);
    last.sqlite = sqlite;
    last.notes = notes;
    last.lock_reads = lock_reads;
    last.lock_reads.append(&mut pairs);
    super::snapshot_reads::carry(&mut last, own_reads, 0);
    last.heap_scans = scans;
    last.cte_writes = changed;
    Ok(last)
}

/// A change of the WITH as planned parts, the table it changes and its RETURNING's names.
struct Parts {
    plans: Vec<Plan>,
    table: String,
    names: Vec<String>,
    /// The table, when the server surely scans it for the change's WHERE.
    scans: Option<String>,
    /// An UPDATE ... FROM's read of the rowid tuples it meets (`write_pairs.rs`).
    pairs: Option<LockRead>,
}

fn deleting(d: &Delete, n: usize, catalog: &Catalog) -> Result<Parts, StepError> {
    let (FromTable::WithFromKeyword(from) | FromTable::WithoutKeyword(from)) = &d.from;
    let [target] = from.as_slice() else {
        return Err(refused(
            "a DELETE of several tables inside WITH",
            "delete from one table",
        ));
    };
    if d.using.is_some() || !target.joins.is_empty() {
        return Err(refused(
            "DELETE ... USING inside WITH",
            "put the other table in a subquery of the WHERE",
        ));
    }
    let (table, called) = target_names(target)?;
    let items = d.returning.duplicate().unwrap_or_default();
    let names = item_names(&items, &table, catalog)?;
    let kept = format!("temp.ql_cte_{n}");
    let mut capture = rows_of(
        &called,
        vec![target.duplicate()],
        items,
        d.selection.duplicate(),
    )?;
    // RETURNING gives the rows in the order the DELETE met them.
    // `called` is SQL text, quoted where it must be.
    let me = sqlparser::ast::Ident::new(&called);
    capture.order_by = postgres_order(catalog, &table, me.clone(), d.selection.as_ref()).scan();
    let mut planned = plan_query(capture.duplicate());
    if capture.order_by.is_none() {
        let alone = semi_order(d, &table, &mut planned, catalog);
        let order = match (alone.lock_order, &alone.lock_hash) {
            (Some(id), Some(_)) => Some(SemiOrder::Locked(id)),
            _ if !alone.heap_scans.is_empty() => Some(SemiOrder::Heap),
            _ => None,
        };
        match order {
            Some(order) => {
                capture.order_by = Some(order.of(me, &table, catalog));
                planned = plan_query(capture);
                planned.capture_hash = (alone.lock_order.zip(alone.lock_hash))
                    .map(|(id, hash)| (id, table.clone(), hash));
            }
            None => planned.notes.extend(alone.notes),
        }
    }
    let capture = as_temp_table(planned, &kept);
    let mut delete = d.duplicate();
    delete.returning = None;
    delete.selection = Some(rowid_in(&called, &kept)?);
    delete.order_by.clear();
    delete.limit = None;
    let mut delete = plan_delete(delete);
    let cascade = super::super::foreign_keys::cascade_note(catalog, &table, Dialect::Postgres);
    delete.notes.extend(cascade);
    Ok(Parts {
        plans: vec![capture, delete],
        pairs: None,
        scans: postgres_scans(catalog, &table, d.selection.as_ref()),
        table,
        names,
    })
}

/// The order a DELETE inside WITH meets the rows of `WHERE id IN (SELECT id ... FOR
/// UPDATE)` in, as the statement alone would (`lock_order.rs`): the plan of that statement
/// alone, its `lock_order` and `lock_hash`, `heap_scans` or a note saying the lab cannot tell.
fn semi_order(d: &Delete, table: &str, capture: &mut Plan, catalog: &Catalog) -> Plan {
    let mut alone = Plan::new(
        PlanKind::Delete {
            table: table.to_string(),
            truncate: false,
        },
        Vec::new(),
    );
    // Lent, not copied: a copy of the reads costs the download 1 KB of code.
    alone.lock_reads = std::mem::take(&mut capture.lock_reads);
    let mut stmt = Statement::Delete(d.duplicate());
    let reads = super::row_estimates::of(&mut stmt, catalog);
    super::lock_order::of(&stmt, &mut alone, catalog, &reads);
    capture.lock_reads = std::mem::take(&mut alone.lock_reads);
    alone
}

/// How a DELETE inside WITH meets the rows its locking `IN` subquery picks.
enum SemiOrder {
    /// In the order the read's rows come out of the hash table (the engine puts them so).
    Locked(usize),
    /// By a scan of the table.
    Heap,
}

impl SemiOrder {
    fn of(&self, called: sqlparser::ast::Ident, table: &str, catalog: &Catalog) -> OrderBy {
        let rowid =
            Expr::CompoundIdentifier(vec![called.clone(), sqlparser::ast::Ident::new("rowid")]);
        let key = match self {
            SemiOrder::Locked(id) => crate::sql::build::call(
                super::super::locks::LOCK_ORDER_FN,
                vec![super::super::exprs::int_expr(*id as i64), rowid],
            ),
            SemiOrder::Heap => {
                let heap = super::super::scan_order::heap_order(catalog, table, called);
                return heap.unwrap_or_else(|| by(rowid));
            }
        };
        by(key)
    }
}

/// `ORDER BY key`.
fn by(key: Expr) -> OrderBy {
    OrderBy {
        kind: OrderByKind::Expressions(vec![OrderByExpr {
            expr: key,
            options: Default::default(),
            with_fill: None,
        }]),
        interpolate: None,
    }
}

fn updating(u: &Update, n: usize, catalog: &Catalog) -> Result<Parts, StepError> {
    if !u.table.joins.is_empty() {
        return Err(refused(
            "an UPDATE of joined tables inside WITH",
            "update one table, with FROM for the others",
        ));
    }
    let (table, called) = target_names(&u.table)?;
    let items = u.returning.duplicate().unwrap_or_default();
    let names = item_names(&items, &table, catalog)?;
    let ids = format!("temp.ql_cte_{n}_ids");
    let kept = format!("temp.ql_cte_{n}");
    let mut read = vec![u.table.duplicate()];
    if let Some(UpdateTableFromKind::AfterSet(from) | UpdateTableFromKind::BeforeSet(from)) =
        &u.from
    {
        read.extend(from.iter().map(Duplicate::duplicate));
    }
    // After a wait a changed row meets the rows it was joined to at first (`write_pairs.rs`).
    let id = super::write_pairs::PAIRS + 1 + n;
    let mut selection = u.selection.duplicate();
    let pairs = match &u.from {
        Some(UpdateTableFromKind::AfterSet(f) | UpdateTableFromKind::BeforeSet(f)) => {
            super::write_pairs::narrow(&u.table, f, &mut selection, id)
        }
        None => None,
    };
    let pick = rows_of(&called, read, Vec::new(), selection)?;
    let pick = as_temp_table(plan_query(pick), &ids);
    let mut update = u.duplicate();
    update.returning = None;
    let mine = rowid_in(&called, &ids)?;
    update.selection = Some(match &u.from {
        // The FROM's join condition stays: the SET may read the other tables' columns.
        Some(_) => and(update.selection.take(), mine),
        None => mine,
    });
    let mut after = rows_of(
        &called,
        vec![u.table.duplicate()],
        items,
        Some(rowid_in(&called, &ids)?),
    )?;
    // RETURNING gives the rows in the order the UPDATE met them: where their versions
    // stood before it (the engine moves them once the statement is done).
    let scans = match u.from {
        None => postgres_scans(catalog, &table, u.selection.as_ref()),
        Some(_) => None,
    };
    if scans.is_some() {
        let me = sqlparser::ast::Ident::new(&called);
        after.order_by = postgres_order(catalog, &table, me, u.selection.as_ref()).scan();
    }
    let after = as_temp_table(plan_query(after), &kept);
    Ok(Parts {
        plans: vec![pick, plan_update(update, catalog), after],
        pairs: pairs.map(|p| super::write_pairs::read(&table, id, p)),
        table,
        names,
        scans,
    })
}

/// The query a changing CTE becomes: its RETURNING's columns from the temp table, under
/// the CTE's own column names if it gives them.
fn reading(cte: &Cte, n: usize, names: &[String]) -> Result<Query, StepError> {
    let renamed: Vec<String> = cte
        .alias
        .columns
        .iter()
        .map(|c| c.name.value.clone())
        .collect();
    if !renamed.is_empty() && renamed.len() != names.len() {
        return Err(StepError::other(
            "42P10",
            format!(
                "WITH query \"{}\" has {} columns available but {} columns specified",
                cte.alias.name.value,
                names.len(),
                renamed.len()
            ),
        ));
    }
    let columns: Vec<String> = if names.is_empty() {
        vec!["NULL AS ql_nothing".into()]
    } else {
        names
            .iter()
            .enumerate()
            .map(|(i, c)| match renamed.get(i) {
                Some(r) => format!("{} AS {}", ident(c), ident(r)),
                None => ident(c),
            })
            .collect()
    };
    skeleton(&format!(
        "SELECT {} FROM temp.ql_cte_{n}",
        columns.join(", ")
    ))
}

/// The first table among `changed` that the query reads, once its changes read their temp
/// tables.
fn reads_any(q: &mut Query, changed: &[String]) -> Option<String> {
    let mut found = None;
    walk::relations(q, &mut |name| {
        let t = last_ident(name).to_ascii_lowercase();
        if found.is_none() && changed.contains(&t) {
            found = Some(t);
        }
        ControlFlow::Continue(())
    });
    found
}

/// The table a change targets and the name its columns are qualified by (alias or table).
fn target_names(t: &TableWithJoins) -> Result<(String, String), StepError> {
    let TableFactor::Table { name, alias, .. } = &t.relation else {
        return Err(refused(
            "a change of a subquery inside WITH",
            "change a table",
        ));
    };
    let table = last_ident(name);
    let called = alias
        .as_ref()
        .map_or_else(|| table.clone(), |a| a.name.value.clone());
    Ok((table, ident(&called)))
}

/// The names RETURNING gives its columns: the table's for `*`, a column's, an alias.
fn item_names(
    items: &[SelectItem],
    table: &str,
    catalog: &Catalog,
) -> Result<Vec<String>, StepError> {
    let all = || {
        catalog
            .table(table)
            .map(|d| d.columns.iter().map(|c| c.name.clone()).collect())
    };
    let names = names_of(items, &all).map_err(|item| match item {
        SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
            StepError::other("42P01", format!("relation \"{table}\" does not exist"))
        }
        other => refused(
            &format!("RETURNING {} inside WITH without a name", Sql(other)),
            "name the value (RETURNING expr AS name)",
        ),
    })?;
    // The rows go through a temp table whose columns SQLite names apart (`id:1`, regardless
    // of case), and are read back by name: the second of two would read the first's values.
    let twice = (names.iter().enumerate())
        .find(|(i, a)| names[..*i].iter().any(|b| a.eq_ignore_ascii_case(b)));
    match twice {
        Some((_, name)) => Err(refused(
            &format!("RETURNING two columns named {name} inside WITH"),
            "name them apart (AS ...)",
        )),
        None => Ok(names),
    }
}

/// The names the server gives a select list's or RETURNING's columns: `*`'s (and `t.*`'s)
/// are `all`'s, a column's its own, an item's its alias. `Err`: the first item the lab
/// cannot name (an expression without an alias, or `*` where `all` has none).
pub(super) fn names_of<'a>(
    items: &'a [SelectItem],
    all: &dyn Fn() -> Option<Vec<String>>,
) -> Result<Vec<String>, &'a SelectItem> {
    let mut out = Vec::new();
    for item in items {
        match item {
            SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                out.extend(all().ok_or(item)?)
            }
            SelectItem::ExprWithAlias { alias, .. } => out.push(alias.value.clone()),
            SelectItem::UnnamedExpr(Expr::Identifier(i)) => out.push(i.value.clone()),
            SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts)) => {
                out.push(parts.last().ok_or(item)?.value.clone())
            }
            _ => return Err(item),
        }
    }
    Ok(out)
}

/// `SELECT called.rowid AS ql_r, items... FROM from WHERE selection`: the rows a change
/// picks, by rowid, with what its RETURNING gives.
fn rows_of(
    called: &str,
    from: Vec<TableWithJoins>,
    items: Vec<SelectItem>,
    selection: Option<Expr>,
) -> Result<Query, StepError> {
    let mut q = skeleton(&format!("SELECT {called}.rowid AS ql_r"))?;
    if let SetExpr::Select(s) = q.body.as_mut() {
        s.projection.extend(items);
        s.from = from;
        s.selection = selection;
    }
    Ok(q)
}

/// `called.rowid IN (SELECT ql_r FROM kept)`.
fn rowid_in(called: &str, kept: &str) -> Result<Expr, StepError> {
    let q = skeleton(&format!(
        "SELECT 1 WHERE {called}.rowid IN (SELECT ql_r FROM {kept})"
    ))?;
    match *q.body {
        SetExpr::Select(s) => s.selection.ok_or_else(internal),
        _ => Err(internal()),
    }
}

/// A query the engine composes (never the user's text), parsed to be filled in.
pub(super) fn skeleton(sql: &str) -> Result<Query, StepError> {
    match Parser::from_sql(Flavor::Postgres, sql).and_then(|mut p| p.parse_query()) {
        Ok(q) => Ok(*q),
        Err(_) => Err(internal()),
    }
}

/// A capture query's plan, made to fill the temp table `kept` (emptied first).
fn as_temp_table(mut plan: Plan, kept: &str) -> Plan {
    let select = plan.sqlite.join("; ");
    let name = kept.trim_start_matches("temp.");
    plan.kind = PlanKind::Query;
    plan.sqlite = vec![
        format!("DROP TABLE IF EXISTS {kept}"),
        format!("CREATE TEMP TABLE {name} AS {select}"),
    ];
    plan
}

fn refused(what: &str, instead: &str) -> StepError {
    unsupported_with(Dialect::Postgres, what, instead)
}

fn internal() -> StepError {
    StepError::other(
        "XX000",
        "a data-modifying WITH could not be composed".into(),
    )
}
