//! Rule: the order PostgreSQL's UPDATE ... FROM or DELETE ... USING meets its target's rows
//! in, where it joins a locking read of the target's own table, as pg-boss and River claim
//! jobs (`WITH next AS (SELECT id FROM jobs WHERE ... LIMIT 2 FOR UPDATE SKIP LOCKED) UPDATE
//! jobs SET ... FROM next WHERE jobs.id = next.id RETURNING ...`) and pgmq pops them (`DELETE
//! FROM q USING cte WHERE q.msg_id = cte.msg_id`). The server materializes such a
//! read and, when its LIMIT makes it small, joins it by a nested loop over its rows, each
//! finding its job by the primary key: it changes the jobs, writes their new versions and
//! returns them in the order the read locked them (its ORDER BY). SQLite goes by rowid, so
//! the lab returned the jobs in the order they were inserted, and later scans met their new
//! versions so too.
//!
//! Small means at most [`NESTED_LOOP_ROWS`]: on a table never analyzed (every scenario's),
//! PostgreSQL 15 joins a read of `LIMIT 5` so and one of `LIMIT 10` by a hash join that scans
//! the target instead, by the costs it estimates from the table's size. Without a LIMIT the
//! choice rests on how many rows the planner expects the WHERE to pick, which the lab does not
//! estimate: such a statement keeps SQLite's order.

use super::super::plan::{Plan, PlanKind};
use sqlparser::ast::{Delete, SetExpr, Statement, Update};

/// The largest LIMIT of a read PostgreSQL joins by a nested loop over its rows.
pub const NESTED_LOOP_ROWS: u64 = 5;

/// The id of the locking read whose order the statement's changes follow
/// (`Plan::lock_order`), if `stmt` is an UPDATE ... FROM or a DELETE ... USING whose one
/// locking read of its target table has a LIMIT of at most [`NESTED_LOOP_ROWS`]. (One that
/// reads it in its WHERE, `WHERE id IN (SELECT ...)`, joins it by a hash, in the hash's
/// order: left as it is.)
pub fn of(stmt: &Statement, plan: &Plan) -> Option<usize> {
    let s = match stmt {
        Statement::Query(q) => match q.body.as_ref() {
            SetExpr::Update(s) | SetExpr::Delete(s) => s,
            _ => return None,
        },
        s => s,
    };
    let (Statement::Update(Update { from: Some(_), .. })
    | Statement::Delete(Delete { using: Some(_), .. })) = s
    else {
        return None;
    };
    let (PlanKind::Update { table } | PlanKind::Delete { table, .. }) = &plan.kind else {
        return None;
    };
    let mut reads = (plan.lock_reads.iter()).filter(|r| r.table.eq_ignore_ascii_case(table));
    match (reads.next(), reads.next()) {
        (Some(r), None) if r.limit.is_some_and(|l| l <= NESTED_LOOP_ROWS) => Some(r.id),
        _ => None,
    }
}
