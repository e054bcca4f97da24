//! Rule: an UPDATE or DELETE that reads its own table again (a subquery, a semi-join, a
//! FROM or USING item) reads it there as its snapshot has it, even after a wait. PostgreSQL
//! re-checks only the target's row in its newest version (EvalPlanQual); every other
//! reference keeps the rows it first read. So the naive claim `UPDATE jobs SET ... WHERE id
//! IN (SELECT id FROM jobs WHERE state = 'ready' LIMIT 2)`, which waited for a competitor
//! taking the same two jobs, takes them again once that one commits (seen on PostgreSQL 15:
//! two workers deliver jobs 1 and 2 each), where the lab, whose subquery read the newest
//! rows, had it take jobs 3 and 4, as if the claim were safe.
//!
//! The statement names its target `main.t`, and after a wait the engine puts a copy of `t`
//! as the snapshot has it in `temp.t`, which every unqualified `t` then reads (SQLite looks in
//! `temp` first): `Plan::snapshot_reads`. Left to the lock requests: a table the statement
//! also reads with a lock (those rows are re-read in their newest version on the server too).
//! A locking SELECT that reads a table it locks again without a lock is the same: `SELECT
//! ... WHERE id IN (SELECT id FROM jobs WHERE state = 'ready' LIMIT 2) FOR UPDATE` that
//! waited returns the jobs the competitor took, its locked reference named `main.jobs`.

use super::super::exprs::last_ident;
use super::super::plan::Plan;
use super::super::walk;
use queuelab_sql::Duplicate;
use sqlparser::ast::{
    FromTable, Ident, ObjectName, ObjectNamePart, SetExpr, Statement, TableFactor,
};
use std::ops::ControlFlow;

/// Names the target of an UPDATE or DELETE that reads its table again `main.t`; returns `t`.
pub fn qualify(stmt: &mut Statement) -> Option<String> {
    let mut copy = stmt.duplicate();
    let relation = match stmt {
        Statement::Update(u) => &mut u.table.relation,
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &mut d.from;
            &mut t.first_mut()?.relation
        }
        _ => return None,
    };
    let TableFactor::Table { name, .. } = relation else {
        return None;
    };
    let table = last_ident(name).to_ascii_lowercase();
    let mut reads = 0;
    walk::relations(&mut copy, &mut |n| {
        reads += usize::from(last_ident(n).eq_ignore_ascii_case(&table));
        ControlFlow::Continue(())
    });
    if name.0.len() > 1 || reads < 2 {
        return None;
    }
    name.0
        .insert(0, ObjectNamePart::Identifier(Ident::new("main")));
    Some(table)
}

/// A locking SELECT that reads a table it locks again without a lock (`WHERE id IN (SELECT
/// id FROM jobs ...) FOR UPDATE`, a self-join `FOR UPDATE OF j`): names the locked references
/// `main.t`, which a wait re-reads in their newest version; returns those tables.
pub fn qualify_locked(stmt: &mut Statement) -> Vec<String> {
    let mut out = Vec::new();
    let Statement::Query(q) = stmt else {
        return out;
    };
    // Every table when a clause names none; else the tables (or aliases) the clauses name.
    let all = q.locks.iter().any(|l| l.of.is_none());
    let named: Vec<String> = (q.locks.iter().filter_map(|l| l.of.as_ref()))
        .map(|o| last_ident(o).to_ascii_lowercase())
        .collect();
    let mut copy = q.duplicate();
    let mut reads: Vec<String> = Vec::new();
    walk::relations(&mut copy, &mut |n| {
        reads.push(last_ident(n).to_ascii_lowercase());
        ControlFlow::Continue(())
    });
    let SetExpr::Select(select) = q.body.as_mut() else {
        return out;
    };
    let mut locked: Vec<&mut ObjectName> = Vec::new();
    for t in &mut select.from {
        let joined = t.joins.iter_mut().map(|j| &mut j.relation);
        for relation in std::iter::once(&mut t.relation).chain(joined) {
            if let TableFactor::Table { name, alias, .. } = relation {
                let called = alias
                    .as_ref()
                    .map_or_else(|| last_ident(name), |a| a.name.value.clone());
                if name.0.len() == 1 && (all || named.contains(&called.to_ascii_lowercase())) {
                    locked.push(name);
                }
            }
        }
    }
    for name in &locked {
        let table = last_ident(name).to_ascii_lowercase();
        let locks = locked
            .iter()
            .filter(|n| last_ident(n).eq_ignore_ascii_case(&table))
            .count();
        if reads.iter().filter(|r| **r == table).count() > locks && !out.contains(&table) {
            out.push(table);
        }
    }
    for name in locked {
        if out.contains(&last_ident(name).to_ascii_lowercase()) {
            name.0
                .insert(0, ObjectNamePart::Identifier(Ident::new("main")));
        }
    }
    out
}

/// Asks the engine for the snapshot's copy of `table` after a wait, unless a lock request of
/// the statement reads it.
pub fn carry(plan: &mut Plan, table: String) {
    if !plan.locks(&table) {
        ask(plan, table);
    }
}

/// Asks the engine for the snapshot's copy of `table` after a wait.
pub fn ask(plan: &mut Plan, table: String) {
    plan.notes.push(format!(
        "after a wait, its other reads of {table} see its snapshot (temp.{table}), as on PostgreSQL"
    ));
    plan.snapshot_reads.push(table);
}
