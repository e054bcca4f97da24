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
use sqlparser::ast::{
    FromTable, Ident, LockClause, ObjectName, ObjectNamePart, Query, SetExpr, Statement,
    TableFactor,
};
use std::ops::ControlFlow;

/// Names `main.t` the references a wait re-reads in their newest version (an UPDATE's or a
/// DELETE's target, the tables a SELECT's locking clauses lock) whose table `t` the statement
/// reads again elsewhere; returns those tables.
pub fn qualify(stmt: &mut Statement) -> Vec<String> {
    let mut reads: Vec<String> = Vec::new();
    // A walk that changes nothing.
    walk::relations(stmt, &mut |n| {
        reads.push(last_ident(n).to_ascii_lowercase());
        ControlFlow::Continue(())
    });
    // Tables a locking subquery reads with its lock (Oban's `WHERE id IN (SELECT ... FOR
    // UPDATE SKIP LOCKED)`): its lock request re-reads those rows in their newest version, as
    // the server does, so they need no copy, and their names stay as written.
    let mut locked: Vec<String> = Vec::new();
    let mut outer = matches!(stmt, Statement::Query(_));
    walk::queries(stmt, &mut |q| {
        if !std::mem::take(&mut outer) {
            if let SetExpr::Select(select) = q.body.as_mut() {
                for t in &mut select.from {
                    let joined = t.joins.iter_mut().map(|j| &mut j.relation);
                    for r in std::iter::once(&mut t.relation).chain(joined) {
                        if let Some(n) = newest_name(r, Some(&q.locks)) {
                            locked.push(last_ident(n).to_ascii_lowercase());
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    });
    let mut newest: Vec<&mut ObjectName> = Vec::new();
    match stmt {
        Statement::Update(u) => newest.extend(newest_name(&mut u.table.relation, None)),
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &mut d.from;
            if let Some(t) = t.first_mut() {
                newest.extend(newest_name(&mut t.relation, None));
            }
        }
        Statement::Query(q) => {
            let q: &mut Query = q;
            if let SetExpr::Select(select) = q.body.as_mut() {
                for t in &mut select.from {
                    newest.extend(newest_name(&mut t.relation, Some(&q.locks)));
                    for j in &mut t.joins {
                        newest.extend(newest_name(&mut j.relation, Some(&q.locks)));
                    }
                }
            }
        }
        _ => {}
    }
    // The reads left once the re-read references are taken out: other references.
    let tables: Vec<String> = (newest.iter())
        .map(|n| last_ident(n).to_ascii_lowercase())
        .collect();
    for t in &tables {
        if let Some(i) = reads.iter().position(|r| r == t) {
            reads.swap_remove(i);
        }
    }
    let mut out = Vec::new();
    for (name, table) in newest.into_iter().zip(tables) {
        if reads.contains(&table) && !locked.contains(&table) {
            name.0
                .insert(0, ObjectNamePart::Identifier(Ident::new("main")));
            if !out.contains(&table) {
                out.push(table);
            }
        }
    }
    out
}

/// The name of a FROM item's table a wait re-reads (the target's, `locks` `None`; or one
/// the locking clauses lock, all when a clause names none, else by its alias or name),
/// unless it has a schema already.
fn newest_name<'a>(
    relation: &'a mut TableFactor,
    locks: Option<&[LockClause]>,
) -> Option<&'a mut ObjectName> {
    let TableFactor::Table { name, alias, .. } = relation else {
        return None;
    };
    let called = alias
        .as_ref()
        .map_or_else(|| last_ident(name), |a| a.name.value.clone());
    let locked = |l: &LockClause| {
        (l.of.as_ref()).is_none_or(|o| last_ident(o).eq_ignore_ascii_case(&called))
    };
    let newest = locks.is_none_or(|ls| ls.iter().any(locked));
    (newest && name.0.len() == 1).then_some(name)
}

/// Asks the engine for the snapshot's copy of each of `tables` after a wait, unless a lock
/// request of the statement other than its `outer` ones (a locking SELECT's own: 1) reads
/// the table (then the server re-reads those rows in their newest version too).
pub fn carry(plan: &mut Plan, tables: Vec<String>, outer: usize) {
    for table in tables {
        if plan.lock_count(&table) == outer {
            plan.notes.push(format!(
                "after a wait, its other reads of {table} see the snapshot (temp.{table})"
            ));
            plan.snapshot_reads.push(table);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::sql::ToSql;
    use crate::trace::checked::Checked;

    /// `sql` after the rule, and the tables it asks copies of.
    fn qualified(sql: &str) -> Checked<(String, Vec<String>)> {
        let table = "CREATE TABLE jobs (id int PRIMARY KEY, state text)";
        let (_, mut stmt) = crate::dialect::catalog::for_tests(Dialect::Postgres, &[table], sql)?;
        let tables = qualify(&mut stmt);
        Ok((stmt.to_sql(), tables))
    }

    #[test]
    fn the_references_a_wait_rereads_are_named_main_when_the_table_is_read_again() -> Checked {
        let sub = "SELECT id FROM jobs WHERE state = 'ready' LIMIT 2";
        assert_eq!(
            qualified(&format!("UPDATE jobs SET state = 'w' WHERE id IN ({sub})"))?,
            (
                format!("UPDATE main.jobs SET state = 'w' WHERE id IN ({sub})"),
                vec!["jobs".to_string()]
            )
        );
        // A locking SELECT: the locked reference only (OF names it by its alias).
        assert_eq!(
            qualified("SELECT j.id FROM jobs j JOIN jobs j2 ON j2.id = j.id FOR UPDATE OF j")?,
            (
                "SELECT j.id FROM main.jobs j JOIN jobs j2 ON j2.id = j.id FOR UPDATE OF j".into(),
                vec!["jobs".to_string()]
            )
        );
        Ok(())
    }

    #[test]
    fn statements_that_read_the_table_once_are_left_as_written() -> Checked {
        for sql in [
            "DELETE FROM jobs WHERE id = 1",
            "SELECT id FROM jobs WHERE state = 'ready' FOR UPDATE",
            "SELECT id FROM jobs WHERE id IN (SELECT id FROM jobs LIMIT 1)",
            // Its other read locks: the lock request re-reads those rows (Oban's claim).
            "UPDATE jobs SET state = 'w' WHERE id IN (SELECT id FROM jobs WHERE state = 'ready' LIMIT 2 FOR UPDATE SKIP LOCKED)",
        ] {
            let (out, tables) = qualified(sql)?;
            assert!(!out.contains("main."), "{out}");
            assert!(tables.is_empty(), "{sql}: {tables:?}");
        }
        Ok(())
    }
}
