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

use super::super::exprs::last_ident;
use super::super::plan::Plan;
use super::super::walk;
use queuelab_sql::Duplicate;
use sqlparser::ast::{FromTable, Ident, ObjectNamePart, Statement, TableFactor};
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

/// Asks the engine for the snapshot's copy of `table` after a wait, unless a lock request of
/// the statement reads it.
pub fn carry(plan: &mut Plan, table: String) {
    if !plan.locks(&table) {
        plan.notes.push(format!(
            "after a wait, its other reads of {table} see its snapshot (temp.{table}), as on PostgreSQL"
        ));
        plan.snapshot_reads.push(table);
    }
}
