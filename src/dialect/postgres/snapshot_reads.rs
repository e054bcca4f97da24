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

/// Names `main.t` the references a wait re-reads in their newest version (an UPDATE's or a
/// DELETE's target, the tables a SELECT's locking clauses lock) whose table `t` the statement
/// reads again elsewhere; returns those tables.
pub fn qualify(stmt: &mut Statement) -> Vec<String> {
    let mut copy = stmt.duplicate();
    let mut reads: Vec<String> = Vec::new();
    walk::relations(&mut copy, &mut |n| {
        reads.push(last_ident(n).to_ascii_lowercase());
        ControlFlow::Continue(())
    });
    let mut newest: Vec<&mut ObjectName> = Vec::new();
    match stmt {
        Statement::Update(u) => newest.extend(newest_name(&mut u.table.relation, true, &[])),
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &mut d.from;
            if let Some(t) = t.first_mut() {
                newest.extend(newest_name(&mut t.relation, true, &[]));
            }
        }
        Statement::Query(q) => {
            // Every table when a clause names none; else those (or their aliases) named.
            let all = q.locks.iter().any(|l| l.of.is_none());
            let named: Vec<String> = (q.locks.iter().filter_map(|l| l.of.as_ref()))
                .map(|o| last_ident(o).to_ascii_lowercase())
                .collect();
            if let SetExpr::Select(select) = q.body.as_mut() {
                for t in &mut select.from {
                    newest.extend(newest_name(&mut t.relation, all, &named));
                    for j in &mut t.joins {
                        newest.extend(newest_name(&mut j.relation, all, &named));
                    }
                }
            }
        }
        _ => {}
    }
    let mut out = Vec::new();
    for name in &newest {
        let table = last_ident(name).to_ascii_lowercase();
        let refs = (newest.iter())
            .filter(|n| last_ident(n).eq_ignore_ascii_case(&table))
            .count();
        if reads.iter().filter(|r| **r == table).count() > refs && !out.contains(&table) {
            out.push(table);
        }
    }
    for name in newest {
        if out.contains(&last_ident(name).to_ascii_lowercase()) {
            name.0
                .insert(0, ObjectNamePart::Identifier(Ident::new("main")));
        }
    }
    out
}

/// The name of a FROM item's table a wait re-reads (`all`, or by its alias or name in
/// `named`), unless it has a schema already.
fn newest_name<'a>(
    relation: &'a mut TableFactor,
    all: bool,
    named: &[String],
) -> Option<&'a mut ObjectName> {
    let TableFactor::Table { name, alias, .. } = relation else {
        return None;
    };
    let called = alias
        .as_ref()
        .map_or_else(|| last_ident(name), |a| a.name.value.clone());
    let newest = all || named.contains(&called.to_ascii_lowercase());
    (newest && name.0.len() == 1).then_some(name)
}

/// Asks the engine for the snapshot's copy of each of `tables` after a wait, unless a lock
/// request of the statement other than its `outer` ones (a locking SELECT's own: 1) reads
/// the table (then the server re-reads those rows in their newest version too).
pub fn carry(plan: &mut Plan, tables: Vec<String>, outer: usize) {
    for table in tables {
        if plan.lock_count(&table) == outer {
            plan.notes.push(format!(
                "after a wait, its other reads of {table} see its snapshot (temp.{table}), as on PostgreSQL"
            ));
            plan.snapshot_reads.push(table);
        }
    }
}
