//! Rule: the rows an UPDATE ... FROM or a DELETE ... USING joined each target row to. After
//! a wait PostgreSQL re-checks the newest version of a target row a commit changed with the
//! rows of the other tables that row was joined to on the first try (EvalPlanQual), where
//! SQLite would join the new version afresh: a job moved to another queue while the statement
//! waited is passed over (seen on PostgreSQL 15), not updated through its new queue.
//!
//! The statement keeps to its first try's joined rows through `ql_locked(PAIRS, t.rowid,
//! q.rowid)`, and its plan carries the query of those rowid tuples as a read that locks no
//! row: the engine finds its candidates on the first try and keeps them for every retry, as
//! it does a locking read's (`engine/lab/lock_reads.rs`). A data-modifying WITH's
//! UPDATE ... FROM picks its rows the same way (`modifying_ctes.rs`). Left as they were: a
//! main statement with a WITH or a locking read (its target's rows come from the rows it
//! locked, whose tuples are kept already), and a FROM item that is no table (a subquery's
//! rows have no rowid).

use super::super::conditions::and;
use super::super::join_locks::{qualifier, JoinedRead};
use super::super::locks::{LockRead, WaitPolicy, LOCKED_FN};
use super::super::plan::{Plan, PlanKind};
use super::modifying_ctes::skeleton;
use crate::dialect::exprs::{call, int_expr};
use crate::sql::Duplicate;
use sqlparser::ast::{
    Delete, Expr, FromTable, Ident, Query, SelectItem, SetExpr, Statement, TableFactor,
    TableWithJoins, Update, UpdateTableFromKind,
};

/// The lock request id `ql_locked` keeps the joined rows under (above any locking read's);
/// a data-modifying WITH's `n`th change keeps them under `PAIRS + 1 + n`.
pub const PAIRS: usize = 1 << 20;

/// Narrows `stmt`, an UPDATE ... FROM or DELETE ... USING over tables, to the tuples lock
/// request `id` keeps; returns the query of its tuples (each target row with the rows
/// joined) and their width.
pub fn keep(stmt: &mut Statement, id: usize) -> Option<(Query, usize)> {
    let (target, from, selection) = match stmt {
        Statement::Update(Update {
            table,
            from: Some(UpdateTableFromKind::AfterSet(f) | UpdateTableFromKind::BeforeSet(f)),
            selection,
            ..
        }) => (&*table, &*f, selection),
        Statement::Delete(Delete {
            from: FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t),
            using: Some(f),
            selection,
            ..
        }) => (t.first()?, &*f, selection),
        _ => return None,
    };
    narrow(target, from, selection, id)
}

/// [`keep`] on the parts of an UPDATE ... FROM or DELETE ... USING: its target, its other
/// FROM items and its WHERE.
pub fn narrow(
    target: &TableWithJoins,
    from: &[TableWithJoins],
    selection: &mut Option<Expr>,
    id: usize,
) -> Option<(Query, usize)> {
    // Plain loops: iterator adapters here cost the download a few hundred bytes.
    let mut tables = vec![target.duplicate()];
    for t in from {
        tables.push(t.duplicate());
    }
    let mut keys = Vec::new();
    for t in &tables {
        rowid_of(&t.relation, &mut keys);
        for j in &t.joins {
            rowid_of(&j.relation, &mut keys);
        }
    }
    if keys.len() < 2 {
        return None;
    }
    let mut pick = skeleton("SELECT 1").ok()?;
    if let SetExpr::Select(s) = pick.body.as_mut() {
        s.projection.clear();
        for k in &keys {
            s.projection.push(SelectItem::UnnamedExpr(k.duplicate()));
        }
        s.from = tables;
        s.selection = selection.duplicate();
    }
    let width = keys.len();
    keys.insert(0, int_expr(id as i64));
    let kept = call(LOCKED_FN, keys);
    *selection = Some(and(selection.take(), kept));
    Some((pick, width))
}

/// Puts the query of the tuples into the plan as a read that locks nothing, whose
/// candidates the engine keeps for every retry as it keeps a locking read's, unless the
/// statement reads with locks.
pub fn carry(plan: &mut Plan, pick: (Query, usize)) {
    let (PlanKind::Update { table } | PlanKind::Delete { table, .. }) = &plan.kind else {
        return;
    };
    if plan.lock_reads.is_empty() {
        let read = read(table, PAIRS, pick);
        plan.lock_reads.push(read);
        plan.notes.push(JOIN_ORDER.into());
    }
}

/// What the lab says of a change joined to other tables. PostgreSQL changes the target's rows
/// in the order its join meets them: measured on PostgreSQL 15 (random race 224-13), `UPDATE
/// t ... FROM q WHERE q.name = t.s AND t.b IN (4, 1) RETURNING t.id` hashed the few rows of
/// t it expected and scanned q, so returned job 70 (queue w) before job 40 (queue x). The
/// planner's choice of join for tables of any kind is not modelled (`lock_order.rs` models
/// it for a locking read of the target's own table).
pub const JOIN_ORDER: &str = "PostgreSQL changes the rows of this join, and RETURNING lists them, in the order its join meets them, which it chooses by row estimates the lab does not make here: the lab goes in the order the target's rows stand";

/// What the lab says of a change that may wait in a locking read. PostgreSQL's change scans
/// its target by its snapshot, and re-checks the newest version only of the rows that matched
/// there; after a wait the lab's re-check reads every row in its newest version. So a job a
/// commit released, moved or re-keyed while the claim waited is claimed here and not on the
/// server (seen on PostgreSQL 15, random race 211-17). The model (the target's rows picked
/// again from a copy of the snapshot, after the wait) cost more of the download than its
/// budget left.
pub const SNAPSHOT_PICK: &str = "after a wait in its locking read at READ COMMITTED, PostgreSQL changes only rows its snapshot matched (then re-checked); the lab checks their newest version alone: a row a commit changed meanwhile may be changed here, not on the server";

/// Says [`SNAPSHOT_PICK`] of an UPDATE or DELETE, or a data-modifying WITH, with a locking
/// read that waits for a held row (not SKIP LOCKED or NOWAIT).
pub fn say_snapshot_pick(plan: &mut Plan) {
    let changes = matches!(plan.kind, PlanKind::Update { .. } | PlanKind::Delete { .. });
    let waits = |r: &LockRead| r.policy == WaitPolicy::Wait && r.id < PAIRS;
    if (changes || !plan.cte_writes.is_empty()) && plan.lock_reads.iter().any(waits) {
        plan.notes.push(SNAPSHOT_PICK.into());
    }
}

/// The read of `table`'s tuples that locks nothing, as lock request `id`.
pub fn read(table: &str, id: usize, (pick, width): (Query, usize)) -> LockRead {
    let sql = super::super::dml::plan_query(pick).sqlite.join("; ");
    let mut read = LockRead::plain(id, table.to_string(), sql, None);
    read.joined = Some(JoinedRead {
        width,
        locks: Vec::new(),
    });
    read
}

/// Adds `t.rowid` for a table of the FROM to `keys`.
fn rowid_of(t: &TableFactor, keys: &mut Vec<Expr>) {
    if let TableFactor::Table {
        name,
        alias,
        args: None,
        ..
    } = t
    {
        let mut parts = qualifier(name, alias.as_ref());
        parts.push(Ident::new("rowid"));
        keys.push(Expr::CompoundIdentifier(parts));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::trace::checked::Checked;

    #[test]
    fn a_change_joined_to_another_table_says_the_server_goes_in_its_joins_order() -> Checked {
        const TABLES: [&str; 2] = [
            "CREATE TABLE t (id int PRIMARY KEY, s text NOT NULL, paid int NOT NULL)",
            "CREATE TABLE q (name text PRIMARY KEY, paused boolean NOT NULL)",
        ];
        let says = |sql: &str| -> Checked<bool> {
            let (catalog, stmt) =
                crate::dialect::catalog::for_tests(Dialect::Postgres, &TABLES, sql)?;
            let plan = super::super::plan(&stmt, &catalog).map_err(|e| e.message)?;
            Ok(plan.notes.iter().any(|n| n == JOIN_ORDER))
        };
        assert!(says("UPDATE t SET paid = paid + 1 FROM q WHERE q.name = t.s AND NOT q.paused RETURNING t.id")?);
        assert!(says(
            "DELETE FROM t USING q WHERE q.name = t.s AND q.paused"
        )?);
        // No join: the table's own order, which the lab keeps.
        assert!(!says(
            "UPDATE t SET paid = paid + 1 WHERE s = 'x' RETURNING id"
        )?);
        Ok(())
    }
}
