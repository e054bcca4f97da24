//! The order in which a statement's locking queries become lock requests: innermost first.
//! A locking query's candidate rows are read through its subqueries, which must be lock
//! requests (their clauses gone, `ql_locked(k, rowid)` in their place) by then, as the
//! servers run a subquery's locking read before the rows of the query around it (`SELECT
//! ... WHERE id IN (SELECT id FROM held FOR SHARE) FOR UPDATE`; every read of SQL Server's
//! READ COMMITTED, subqueries included, takes its S locks). Siblings keep the walk's order
//! (outer queries first, then their contents in order). A request's number is its place in
//! this order, which every rule that numbers requests follows (MariaDB's scans,
//! `mysql/locking_reads.rs`).

use crate::sql::Walk;
use sqlparser::ast::Query;
use std::ops::ControlFlow;

/// Calls `f` on each locking query under `node`, innermost first: each time the first, in
/// the walk's order, whose contents hold no other locking clause. `f` turns its clause into
/// a request; whatever it leaves of the clause goes, so each query is met once.
pub fn each_locking_query<N: Walk + ?Sized>(node: &mut N, f: &mut dyn FnMut(&mut Query)) {
    loop {
        let mut taken = false;
        super::walk::queries(node, &mut |q| {
            if q.locks.is_empty() || locking_inside(q) {
                return ControlFlow::Continue(());
            }
            taken = true;
            f(q);
            q.locks.clear();
            ControlFlow::Break(())
        });
        if !taken {
            return;
        }
    }
}

/// Whether a query under `q` (not `q` itself) has a locking clause.
fn locking_inside(q: &mut Query) -> bool {
    let mut found = false;
    let own = std::mem::take(&mut q.locks);
    super::walk::queries(q, &mut |inner| {
        found = !inner.locks.is_empty();
        if found {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    q.locks = own;
    found
}
