//! Rule: `*` over a join with USING or NATURAL, refused by name where the lab would list
//! its columns in another order than the server. PostgreSQL and MariaDB give each column the
//! two sides share once, first, then the left side's other columns, then the right side's;
//! SQLite keeps every column of the left side in its place. `SELECT * FROM a JOIN q USING
//! (msg_id)` over `a (archived, msg_id)` would show its values and headers in another order,
//! and an `INSERT ... SELECT *` would fill other columns. The orders agree where the shared
//! columns are the first ones of the left side, in the USING list's order (`jobs JOIN queues
//! USING (id)`, both tables led by `id`): such a join of tables runs. A RIGHT or FULL join, or
//! a WITH query, subquery or table function in one, is refused: the servers take a shared
//! value from the right side there (MariaDB lists a RIGHT JOIN's right side first), and the
//! columns of a query are not listed here; so is a NATURAL join, whose shared columns are not
//! worked out here. Named columns, and a qualified `a.*`, run as the server runs them.

use super::catalog::Catalog;
use super::common::unsupported_with;
use super::exprs::last_ident;
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{
    JoinConstraint as On, JoinOperator as J, SelectItem, SetExpr, Statement, TableFactor,
    TableWithJoins,
};

pub fn refuse(dialect: Dialect, stmt: &mut Statement, catalog: &Catalog) -> Result<(), StepError> {
    // The names of the WITH queries met so far (outer queries first): a relation of one of
    // those names is not a table.
    let mut ctes = Vec::new();
    super::walk::try_queries(stmt, &mut |q| {
        ctes.extend(
            (q.with.iter().flat_map(|w| &w.cte_tables)).map(|c| c.alias.name.value.clone()),
        );
        if reordered(&q.body, catalog, &ctes) {
            return Err(unsupported_with(
                dialect,
                "SELECT * over this join with USING or NATURAL",
                "name the columns (SELECT q.msg_id, q.message, a.archived_at ...): the server lists each shared column once, first, where the lab's SQLite keeps the left side's columns in place",
            ));
        }
        Ok(())
    })
}

/// Whether a SELECT of `body` (either side of a UNION) has `*` over a join whose columns
/// SQLite would not list in the server's order.
fn reordered(body: &SetExpr, catalog: &Catalog, ctes: &[String]) -> bool {
    match body {
        SetExpr::Select(s) => {
            s.projection
                .iter()
                .any(|i| matches!(i, SelectItem::Wildcard(_)))
                && !s.from.iter().all(|t| in_order(t, catalog, ctes))
        }
        SetExpr::SetOperation { left, right, .. } => {
            reordered(left, catalog, ctes) || reordered(right, catalog, ctes)
        }
        _ => false,
    }
}

/// Whether SQLite's `*` over `t` gives the server's columns: each join with USING is an inner
/// or left join of tables whose shared columns lead the left side's, in order (and none is
/// NATURAL, whose shared columns are not worked out here).
fn in_order(t: &TableWithJoins, catalog: &Catalog, ctes: &[String]) -> bool {
    // A table the catalog lacks: the run answers with the server's error, not a refusal.
    let unknown = |f: &TableFactor| {
        matches!(f, TableFactor::Table { name, args: None, .. }
            if !ctes.iter().any(|c| same(c, &last_ident(name))) && catalog.table(&last_ident(name)).is_none())
    };
    if super::walk::factors(std::slice::from_ref(t)).any(unknown) {
        return true;
    }
    let Some(mut left) = columns(&t.relation, catalog, ctes) else {
        return t.joins.iter().all(|j| !merges(&j.join_operator));
    };
    for (k, j) in t.joins.iter().enumerate() {
        let right = columns(&j.relation, catalog, ctes);
        let shared = match right {
            Some(_) => listed_once(&j.join_operator),
            None => Vec::new(),
        };
        if shared.is_empty() && merges(&j.join_operator) {
            return false;
        }
        let leads = shared.iter().enumerate().all(|(i, s)| {
            left.get(i).is_some_and(|l| same(l, s))
                && left.iter().filter(|l| same(l, s)).count() == 1
        });
        if !leads {
            return false;
        }
        // Columns not listed here: no later join may merge them.
        let Some(right) = right else {
            return t.joins[k + 1..].iter().all(|j| !merges(&j.join_operator));
        };
        left.extend(
            right
                .into_iter()
                .filter(|r| !shared.iter().any(|s| same(s, r))),
        );
    }
    true
}

/// A table's columns; None for anything else (a WITH query, a subquery, a table function).
fn columns(f: &TableFactor, catalog: &Catalog, ctes: &[String]) -> Option<Vec<String>> {
    let TableFactor::Table {
        name, args: None, ..
    } = f
    else {
        return None;
    };
    let table = last_ident(name);
    if ctes.iter().any(|c| same(c, &table)) {
        return None;
    }
    Some(
        catalog
            .table(&table)?
            .columns
            .iter()
            .map(|c| c.name.clone())
            .collect(),
    )
}

fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// The columns a join this rule lets run gives once in a `*`: the USING list of an inner or
/// left join (`text_forms.rs` leaves them out of the right side's forms).
pub fn listed_once(op: &J) -> Vec<String> {
    match op {
        J::Join(On::Using(list))
        | J::Inner(On::Using(list))
        | J::Left(On::Using(list))
        | J::LeftOuter(On::Using(list)) => list.iter().map(last_ident).collect(),
        _ => Vec::new(),
    }
}

/// Whether a join gives the columns both sides share once (USING, NATURAL).
fn merges(op: &J) -> bool {
    let (J::Join(c)
    | J::Inner(c)
    | J::Left(c)
    | J::LeftOuter(c)
    | J::Right(c)
    | J::RightOuter(c)
    | J::FullOuter(c)) = op
    else {
        return false;
    };
    matches!(c, On::Using(_) | On::Natural)
}
