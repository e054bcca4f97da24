//! Rule: the order InnoDB reads a table's rows in, where a statement gives none, written out
//! as an ORDER BY. InnoDB keeps a table in its primary key's order (the clustered index): a
//! scan of the table, a range of the key and a lookup of equal values in a secondary index
//! all give the rows in that order. SQLite gives them in its rowids' order, the order they
//! were inserted in. Without the rule `SELECT * FROM q` listed the ring in the order its
//! slots were first written after an upsert had moved a row's id, and
//! `UPDATE jobs SET state = 'taken' WHERE state = 'ready' LIMIT 1` took the first job
//! inserted rather than the lowest id, as the server does.
//!
//! Where MariaDB's optimizer may read a secondary index instead (the WHERE bounds its first
//! column without pinning all of its columns, or the index holds every column the query
//! needs), the order is the optimizer's choice, made from statistics and costs the lab does
//! not keep: a read whose LIMIT picks rows is refused by name, and a read of every match
//! lists its rows in the primary key's order with a note saying the server may not. Reads of
//! one table only: joins, grouping, DISTINCT and windows are left as they are.
//!
//! PostgreSQL scans a table in the order its row versions were written, so a row updated
//! since comes after the others (`engine::heap_order` keeps that order). Where no index could
//! serve the WHERE, the server surely scans the table: the rule writes that order out as
//! `ORDER BY ql_heap(table, rowid)`, and marks an UPDATE or DELETE that scans so that the
//! engine orders its changes and RETURNING rows by it. Where an index could serve it, the
//! planner chooses by statistics the lab does not keep (an index scan in the index's order,
//! a bitmap scan in the order of each row's first version): such reads keep the order rows
//! were inserted in, with a note.

use super::catalog::{Catalog, KeyDef, TableDef};
use super::common::unsupported_with;
use super::conditions::conjuncts;
use super::exprs::{last_ident, table_called};
use super::int_types::column_named;
use super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, FromTable, GroupByExpr, Ident, OrderBy, OrderByExpr, OrderByKind, Query, SelectItem,
    SetExpr, Statement, TableFactor,
};
use std::ops::ControlFlow;

/// The order InnoDB reads rows in: `Ok(None)` when it does not matter (one row at most, or
/// a table without a primary key, whose hidden row ids SQLite's rowids already follow),
/// `Ok(columns)` when every path gives it, `Err(index)` when the optimizer may read that
/// secondary index instead of the primary key's order.
type Order = Result<Option<Vec<String>>, Vec<String>>;

/// Adds PostgreSQL's order to the statement's reads where the server surely scans the table
/// (no index could serve the WHERE): the order its row versions stand in, through the
/// engine's `ql_heap`, and to the values `string_agg` and `array_agg` gather in it. The note
/// saying so, or that the planner may read an index instead; the table an UPDATE or DELETE
/// surely scans.
pub fn postgres(
    stmt: &mut Statement,
    catalog: &Catalog,
) -> Result<(Vec<String>, Option<String>), StepError> {
    let mut note = None;
    let target = match &*stmt {
        Statement::Update(u) if u.from.is_none() && u.table.joins.is_empty() => {
            Some((&u.table.relation, &u.selection))
        }
        Statement::Delete(d) if d.using.is_none() => match &d.from {
            FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) if f.len() == 1 => {
                Some((&f[0].relation, &d.selection))
            }
            _ => None,
        },
        _ => None,
    };
    let heap_scan = match target {
        Some((TableFactor::Table { name, .. }, selection)) => {
            postgres_scans(catalog, &last_ident(name), selection.as_ref())
        }
        _ => None,
    };
    let ctes = super::cte_names::of(stmt);
    let (mut ties, mut indexed_ties) = (false, false);
    reads(stmt, true, &mut |q| {
        let Some((def, called, _)) = single_read(q, catalog, &ctes) else {
            return ControlFlow::Continue(());
        };
        // An ORDER BY whose columns hold a unique key's every one leaves no rows equal.
        if let Some(OrderBy {
            kind: OrderByKind::Expressions(keys),
            ..
        }) = &q.order_by
        {
            if names_unique_key(keys, def) {
                return ControlFlow::Continue(());
            }
        }
        let selection = match q.body.as_ref() {
            SetExpr::Select(s) => s.selection.as_ref(),
            _ => None,
        };
        match postgres_order(
            catalog,
            &def.name,
            Ident::with_quote('"', called),
            selection,
        ) {
            // Rows equal on the ORDER BY in the order the scan meets them, as PostgreSQL's
            // sort keeps them while it sorts by insertion (under 7 rows): SQLite went by
            // rowid, and a claim of the first of equal priorities took another job than the
            // server's once one of them had been updated.
            PgOrder::Scan(order) => match (&mut q.order_by, order.kind) {
                (
                    Some(OrderBy {
                        kind: OrderByKind::Expressions(keys),
                        ..
                    }),
                    OrderByKind::Expressions(last),
                ) => {
                    keys.extend(last);
                    ties = true;
                }
                (by, kind) => {
                    note.get_or_insert_with(|| HEAP_ORDER.into());
                    *by = Some(OrderBy {
                        kind,
                        interpolate: None,
                    });
                }
            },
            PgOrder::One => {}
            PgOrder::Planner if q.order_by.is_some() => indexed_ties = true,
            PgOrder::Planner => note = Some(PLANNER_ORDER.into()),
        }
        ControlFlow::Continue(())
    });
    if let Some(n) = super::gathering::statement(stmt, (catalog, &ctes), Dialect::Postgres)? {
        note = Some(n.into());
    }
    let mut notes: Vec<String> = note.into_iter().collect();
    notes.extend(ties.then(|| TIES.into()));
    notes.extend(indexed_ties.then(|| INDEXED_TIES.into()));
    Ok((notes, heap_scan))
}

const INDEXED_TIES: &str = "rows equal on the ORDER BY: PostgreSQL's planner may read them through an index the WHERE names, in an order the lab does not model; the lab lists them in the order they were inserted";

const TIES: &str = "rows equal on the ORDER BY in PostgreSQL's scan order (ql_heap, a last key); past 6 unsorted rows its quicksort may swap equal rows, which the lab does not model";

/// Whether the ORDER BY `keys` name every column of one of `def`'s unique keys (no two rows
/// are then equal on them).
pub(super) fn names_unique_key(keys: &[OrderByExpr], def: &TableDef) -> bool {
    let named: Vec<&str> = keys
        .iter()
        .filter_map(|k| column_named(&k.expr))
        .map(|n| n.1)
        .collect();
    def.unique_keys().any(|k| {
        k.predicate.is_none()
            && (k.columns.iter()).all(|c| named.iter().any(|n| n.eq_ignore_ascii_case(c)))
    })
}

/// The store's function giving where a row's version stands: `ql_heap('table', rowid)`.
pub const HEAP_FN: &str = "ql_heap";

/// The refusal of a read in the heap order of a table whose versions filled a page (see
/// `engine::heap_order`).
pub fn spilled() -> StepError {
    unsupported_with(
        Dialect::Postgres,
        "the order of a table's rows once its row versions fill a page",
        "PostgreSQL then prunes dead versions and writes new ones where that freed space or on another page, which the lab does not follow; add ORDER BY",
    )
}

pub(super) const HEAP_ORDER: &str = "no ORDER BY: PostgreSQL scans the table in the order its row versions were written, a row updated since after the others; written out as an ORDER BY on where each version stands (ql_heap)";

pub(super) const PLANNER_ORDER: &str = "no ORDER BY: PostgreSQL's planner may read these rows through an index the WHERE names, in an order the lab does not model; the lab lists them in the order they were inserted";

/// The table's name when PostgreSQL surely scans it for the WHERE `selection` (so a change
/// meets its rows in their heap order).
pub fn postgres_scans(catalog: &Catalog, table: &str, selection: Option<&Expr>) -> Option<String> {
    let order = postgres_order(catalog, table, Ident::new(table), selection);
    order
        .scan()
        .and(catalog.table(table))
        .map(|d| d.name.clone())
}

/// How PostgreSQL orders a read of one table.
pub enum PgOrder {
    /// The server surely scans the table: `ORDER BY ql_heap(...)`.
    Scan(OrderBy),
    /// At most one row comes (or the catalog does not know the table).
    One,
    /// The WHERE names a column of an index (its key or its predicate), which the planner
    /// may read instead, in its order or, by a bitmap, in the order of each row's first
    /// version, on statistics the lab does not keep.
    Planner,
}

impl PgOrder {
    pub fn scan(self) -> Option<OrderBy> {
        match self {
            PgOrder::Scan(order) => Some(order),
            _ => None,
        }
    }
}

/// PostgreSQL's order for a read of `table`, called `called`, with the WHERE `selection`.
pub fn postgres_order(
    catalog: &Catalog,
    table: &str,
    called: Ident,
    selection: Option<&Expr>,
) -> PgOrder {
    let Some(def) = catalog.table(table) else {
        return PgOrder::One;
    };
    let (pinned, mentioned) = where_names(selection);
    if (def.unique_keys())
        .any(|k| k.predicate.is_none() && k.columns.iter().all(|c| has(&pinned, c)))
    {
        return PgOrder::One;
    }
    let mut keys = def
        .primary_key
        .iter()
        .chain(&def.uniques)
        .chain(&def.indexes);
    let in_predicate =
        |k: &KeyDef, c: &String| k.predicate.as_deref().is_some_and(|p| mentions_word(p, c));
    let indexed = keys.any(|k| {
        mentioned
            .iter()
            .any(|c| has(&k.columns, c) || in_predicate(k, c))
    });
    // An index that is not unique (CREATE INDEX) too, where the WHERE bounds its first column
    // (`b <= 4`; not `b <> 4`, which no index serves) or names a column of its WHERE: read by
    // a bitmap, the rows come in the order of their first versions, not of the versions a
    // scan meets.
    let bounded = bounded_columns(selection);
    let served = |i: &super::catalog::PgIndex| {
        i.leading.iter().any(|c| has(&bounded, c)) || i.predicate.iter().any(|c| has(&mentioned, c))
    };
    if indexed || catalog.pg_indexes_of(table).any(served) {
        return PgOrder::Planner;
    }
    heap_order(catalog, table, called).map_or(PgOrder::One, PgOrder::Scan)
}

/// `ORDER BY ql_heap(table, called.rowid)`: the order a scan of `table` meets its rows in.
pub fn heap_order(catalog: &Catalog, table: &str, called: Ident) -> Option<OrderBy> {
    let def = catalog.table(table)?;
    let rowid = super::postgres::xmax::rowid_name(catalog, &def.name)?;
    let call = crate::sql::build::call(
        HEAP_FN,
        vec![
            Expr::Value(sqlparser::ast::Value::SingleQuotedString(def.name.clone()).into()),
            Expr::CompoundIdentifier(vec![called, Ident::new(rowid)]),
        ],
    );
    let key = OrderByExpr {
        expr: call,
        options: Default::default(),
        with_fill: None,
    };
    Some(OrderBy {
        kind: OrderByKind::Expressions(vec![key]),
        interpolate: None,
    })
}

/// Whether the SQL text `sql` (a partial index's predicate) holds the name `word` as a word.
fn mentions_word(sql: &str, word: &str) -> bool {
    sql.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// The columns a WHERE pins to one value (`col = value`, `col IS NULL`) and every column it
/// names.
fn where_names(selection: Option<&Expr>) -> (Vec<String>, Vec<String>) {
    let pinned: Vec<String> = (selection.map(conjuncts).unwrap_or_default().into_iter())
        .filter_map(pinned_column)
        .collect();
    let mut mentioned = Vec::new();
    if let Some(w) = selection {
        names(w, &mut mentioned);
    }
    (pinned, mentioned)
}

/// Calls `f` on the statement's reads whose order shows: its own (SELECT, INSERT's source)
/// and those whose LIMIT picks rows, when they have no ORDER BY; and, if `ordered`, on every
/// read with one.
fn reads(stmt: &mut Statement, ordered: bool, f: &mut dyn FnMut(&mut Query) -> ControlFlow<()>) {
    let top = match stmt {
        Statement::Query(q) => Some(q.as_ref() as *const Query),
        Statement::Insert(i) => i.source.as_deref().map(|q| q as *const Query),
        _ => None,
    };
    super::walk::queries(stmt, &mut |q| {
        let shows = q.limit_clause.is_some() || top == Some(q as *const Query);
        match (shows && q.order_by.is_none()) || (ordered && q.order_by.is_some()) {
            true => f(q),
            false => ControlFlow::Continue(()),
        }
    });
}

/// Adds MariaDB's order to the statement's reads; the note saying so, or that the order is
/// the optimizer's choice.
pub fn mariadb(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let mut note: Option<String> = None;
    let write = match stmt {
        Statement::Update(u) if u.limit.is_some() && u.order_by.is_empty() => {
            Some((&u.table.relation, &u.selection, &mut u.order_by))
        }
        Statement::Delete(d) if d.limit.is_some() && d.order_by.is_empty() => match &d.from {
            FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) if f.len() == 1 => {
                Some((&f[0].relation, &d.selection, &mut d.order_by))
            }
            _ => None,
        },
        _ => None,
    };
    if let Some((TableFactor::Table { name, .. }, selection, order_by)) = write {
        if let Some(def) = catalog.table(&last_ident(name)) {
            *order_by = keys(order_of(def, selection.as_ref(), None), None)?;
            if !order_by.is_empty() {
                note = Some(KEY_ORDER.into());
            }
        }
    }
    let mut failed = None;
    let ctes = super::cte_names::of(stmt);
    reads(stmt, false, &mut |q| {
        let limited = q.limit_clause.is_some();
        let Some((def, called, mut order)) = read_order(q, catalog, &ctes) else {
            return ControlFlow::Continue(());
        };
        if let (Err(index), false) = (&order, limited) {
            note = Some(format!(
                "no ORDER BY: MariaDB may list these rows in the order of the index on ({})",
                index.join(", ")
            ));
            order = Ok(def.primary_key.as_ref().map(|k| k.columns.clone()));
        }
        match keys(order, Some(&called)) {
            Ok(k) if !k.is_empty() => {
                note.get_or_insert_with(|| KEY_ORDER.into());
                q.order_by = Some(OrderBy {
                    kind: OrderByKind::Expressions(k),
                    interpolate: None,
                });
                ControlFlow::Continue(())
            }
            Ok(_) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(n) = super::gathering::statement(stmt, (catalog, &ctes), Dialect::MySql)? {
        note = Some(n.into());
    }
    Ok(note)
}

pub(super) const KEY_ORDER: &str =
    "no ORDER BY: InnoDB reads the rows in its primary key's order, written out as an ORDER BY";

/// A read of one table with no grouping, DISTINCT, aggregate or window: the table, the name
/// it is called by, and its order.
fn read_order<'c>(
    q: &Query,
    catalog: &'c Catalog,
    ctes: &[String],
) -> Option<(&'c TableDef, String, Order)> {
    let (def, called, needed) = single_read(q, catalog, ctes)?;
    let selection = match q.body.as_ref() {
        SetExpr::Select(s) => s.selection.as_ref(),
        _ => None,
    };
    Some((def, called, order_of(def, selection, Some(needed))))
}

/// A read of one table with no grouping, DISTINCT, aggregate or window: the table, the name
/// it is called by, and the columns it returns. Not a read of a WITH query (`ctes`).
pub(super) fn single_read<'c>(
    q: &Query,
    catalog: &'c Catalog,
    ctes: &[String],
) -> Option<(&'c TableDef, String, Vec<String>)> {
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    let [from] = s.from.as_slice() else {
        return None;
    };
    let TableFactor::Table { name, alias, .. } = &from.relation else {
        return None;
    };
    if super::cte_names::hides(ctes, name) {
        return None;
    }
    let grouped = !matches!(&s.group_by, GroupByExpr::Expressions(g, _) if g.is_empty());
    if !from.joins.is_empty() || grouped || s.having.is_some() || s.distinct.is_some() {
        return None;
    }
    let (table, called) = table_called(name, alias.as_ref());
    let def = catalog.table(&table)?;
    let mut needed = Vec::new();
    for item in &s.projection {
        match item {
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                if names(e, &mut needed) {
                    return None;
                }
            }
            // A wildcard: every column.
            _ => needed.extend(def.columns.iter().map(|c| c.name.clone())),
        }
    }
    Some((def, called, needed))
}

/// The order InnoDB reads `def` in for the WHERE `selection`; `needed` are the columns a
/// SELECT returns: an index holding them and the WHERE's may be scanned instead of the table.
pub(super) fn order_of(
    def: &TableDef,
    selection: Option<&Expr>,
    needed: Option<Vec<String>>,
) -> Order {
    let Some(pk) = &def.primary_key else {
        return Ok(None);
    };
    let (pinned, mentioned) = where_names(selection);
    let all_pinned = |k: &[String]| k.iter().all(|c| has(&pinned, c));
    if def.unique_keys().any(|k| all_pinned(&k.columns)) {
        return Ok(None);
    }
    let needed = needed.map(|mut n| {
        n.extend(mentioned.iter().cloned());
        n
    });
    if needed.as_ref().is_some_and(|n| n.is_empty()) {
        return Ok(None); // `SELECT 1 FROM jobs LIMIT 1`: any row gives the same
    }
    let mut secondary = def.uniques.iter().chain(&def.indexes).map(|k| &k.columns);
    // A range of a secondary index, or a scan of the table: the optimizer's costs choose.
    if let Some(k) = secondary
        .clone()
        .find(|k| !all_pinned(k) && k.first().is_some_and(|c| has(&mentioned, c)))
    {
        return Err(k.clone());
    }
    // A lookup of equal keys (the primary key's order among them) beats any scan. Otherwise
    // an index holding every column the read needs (InnoDB's secondary entries hold the
    // primary key's too) may be scanned instead of the table, as MariaDB's cost model finds
    // the lengths of its entries and of the table's rows.
    let pinned_index = secondary.clone().any(|k| all_pinned(k));
    let covering = secondary.find(|k| needed.as_ref().is_some_and(|n| covers(def, k, n)));
    match covering {
        Some(k) if !pinned_index => Err(k.clone()),
        _ => Ok(Some(pk.columns.clone())),
    }
}

/// Whether the index `columns` (with the primary key's, as its entries hold them) holds
/// every column of `needed`.
pub(super) fn covers(def: &TableDef, columns: &[String], needed: &[String]) -> bool {
    let pk = def.primary_key.as_ref().map_or(&[][..], |k| &k.columns[..]);
    needed.iter().all(|c| has(columns, c) || has(pk, c))
}

/// Adds the column names `e` reads (the last part of a qualified one) to `out`; whether it
/// calls an aggregate or a window (one row, or an order of its own).
pub(in crate::dialect) fn names(e: &Expr, out: &mut Vec<String>) -> bool {
    let mut summary = false;
    super::walk::exprs(&mut e.duplicate(), &mut |x| {
        if let Some((_, name)) = column_named(x) {
            out.push(name.to_string());
        } else if let Expr::Function(f) = x {
            summary |= f.over.is_some()
                || super::grouping::is_aggregate(&last_ident(&f.name).to_ascii_lowercase())
        }
        ControlFlow::Continue(())
    });
    summary
}

/// Whether `list` holds the name `c` (names are case-blind in MariaDB).
fn has(list: &[String], c: &str) -> bool {
    list.iter().any(|m| m.eq_ignore_ascii_case(c))
}

/// The columns a WHERE's conjuncts bound as an index can read them: compared with a value by
/// `=`, `<`, `<=`, `>`, `>=`, BETWEEN, IN a list, IS NULL.
fn bounded_columns(selection: Option<&Expr>) -> Vec<String> {
    use sqlparser::ast::BinaryOperator::*;
    let mut out = Vec::new();
    for c in selection.map(conjuncts).unwrap_or_default() {
        let column = match c {
            Expr::BinaryOp {
                left,
                op: Eq | Lt | LtEq | Gt | GtEq,
                right,
            } => super::mysql::access::column_against_value(left, right),
            Expr::Between {
                expr,
                negated: false,
                ..
            }
            | Expr::In {
                expr,
                target: sqlparser::ast::InTarget::List(_),
                negated: false,
                ..
            }
            | Expr::IsNull(expr) => column_named(expr).map(|(_, n)| n.to_string()),
            _ => None,
        };
        out.extend(column);
    }
    out
}

/// `col = value` (a value not naming a column) or `col IS NULL`: the column, whose matching
/// index entries then share one key.
pub(super) fn pinned_column(e: &Expr) -> Option<String> {
    match e {
        Expr::IsNull(c) => column_named(c).map(|(_, name)| name.to_string()),
        Expr::BinaryOp {
            left,
            op: sqlparser::ast::BinaryOperator::Eq,
            right,
        } => super::mysql::access::column_against_value(left, right),
        _ => None,
    }
}

/// The ORDER BY keys for `order` (columns qualified by `called`, for a SELECT), or the
/// refusal of a LIMIT whose rows the optimizer's choice picks.
pub(super) fn keys(order: Order, called: Option<&str>) -> Result<Vec<OrderByExpr>, StepError> {
    let columns = match order {
        Ok(columns) => columns.unwrap_or_default(),
        Err(index) => {
            return Err(unsupported_with(
                Dialect::MySql,
                "LIMIT without ORDER BY over a table with an index",
                &format!("MariaDB's optimizer reads the rows through the index on ({}) or the primary key, by statistics the lab does not keep; add ORDER BY", index.join(", ")),
            ))
        }
    };
    // Quoted: a key column may be named by a keyword.
    let name = |n: &str| Ident::with_quote('"', n);
    Ok(columns
        .iter()
        .map(|c| OrderByExpr {
            expr: match called {
                Some(t) => Expr::CompoundIdentifier(vec![name(t), name(c)]),
                None => Expr::Identifier(name(c)),
            },
            options: Default::default(),
            with_fill: None,
        })
        .collect())
}
