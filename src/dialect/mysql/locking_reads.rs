//! InnoDB's locking reads wherever they are in a statement: every `FOR UPDATE` / `LOCK IN
//! SHARE MODE` query, the outer one or a subquery, locks the rows its access path reads, in
//! the order it reads them, with the gaps of that path at REPEATABLE READ
//! ([`LockRead::scan_sql`], [`LockRead::gaps`]). And an UPDATE or DELETE whose WHERE compares
//! a key with a locking subquery (`WHERE id = (SELECT id ... LIMIT 1 FOR UPDATE SKIP
//! LOCKED)`) runs that subquery first and looks up the one key it gives, as MariaDB's
//! optimizer does (its plan shows the lookup as `const`): its write scan reads the statement
//! as it runs, after the subquery's rows were locked.

use super::super::catalog::Catalog;
use super::super::innermost::each_locking_query;
use super::super::locks::{
    lock_requests_sorting, outer_reference, servable, LockRead, REPEATABLE_READ_SHARE,
};
use super::access;
use crate::sql::Duplicate;
use sqlparser::ast::{FromTable, Ident, LockClause, LockType, Query, Statement};
use std::ops::ControlFlow;

/// Which queries sort without an index (`filesort.rs`).
pub type Sorts<'a> = &'a dyn Fn(&Query) -> bool;

/// Gives each of `reads` that a locking query of `stmt` makes (numbered as
/// [`lock_requests_sorting`] numbers them: innermost first, `innermost.rs`) InnoDB's scan of
/// its access path. A locking query inside another is run first, so the outer one's scan
/// reads the statement with the inner one's locks in place.
pub fn attach_scans(stmt: &Statement, catalog: &Catalog, reads: &mut [LockRead], sorts: Sorts<'_>) {
    let mut node = stmt.duplicate();
    let mut scans = Vec::new();
    each_locking_query(&mut node, &mut |q| {
        // Its subqueries' clauses are requests already, numbered as the plan numbers them.
        let mut own = q.duplicate();
        own.locks.clear();
        scans.push(access::locking_scan(&own, catalog));
        lock_requests_sorting(q, scans.len() - 1, sorts);
    });
    for (read, scan) in reads.iter_mut().zip(scans) {
        if let Some((sql, gaps)) = scan {
            read.scan_sql = Some(sql);
            read.gaps = gaps;
        }
    }
}

/// `stmt` as the engine runs it: its locking clauses turned into the lock requests the plan
/// makes of them (a locked row passes `ql_locked(k, rowid)`).
pub fn as_run(stmt: &Statement, sorts: Sorts<'_>) -> Statement {
    let mut stmt = stmt.duplicate();
    lock_requests_sorting(&mut stmt, 0, sorts);
    stmt
}

/// MariaDB's UPDATE and DELETE read their plain subqueries with shared locks (what their
/// access path reads, as `LOCK IN SHARE MODE`), so that the rows they used stay as read: a
/// subquery of the statement's own table at READ COMMITTED too, one of another table at
/// REPEATABLE READ only (as `INSERT ... SELECT`'s source). Checked on MariaDB 10.11: the
/// claim `UPDATE jobs ... WHERE id = (SELECT min(id) FROM jobs WHERE status = 'ready')` waits
/// for a job another worker holds at both levels. Not a subquery that reads one end of an
/// index (`SELECT min(id) FROM jobs`), which the optimizer reads before the statement runs,
/// nor one reading its outer row or a join. An INSERT's subqueries likewise, at REPEATABLE
/// READ, in its VALUES too (probed; a SELECT source's own FROM is read by
/// `access::of_insert_source`): the
/// enqueue-once `INSERT ... SELECT ... FROM DUAL WHERE NOT EXISTS (SELECT ... WHERE dedupe =
/// 'g')` of a second producer waits for the first one's new row (checked on MariaDB 10.11,
/// `my-insert-from-dual`). Returns the statement with those locks (a clause taken at
/// REPEATABLE READ only carries `REPEATABLE_READ_SHARE`), and whether it added one.
pub fn shared_subqueries(stmt: &Statement, catalog: &Catalog) -> (Statement, bool) {
    let target = match stmt {
        Statement::Update(u) => super::super::dml::table_name(&u.table),
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &d.from;
            t.first().and_then(super::super::dml::table_name)
        }
        // No table read there is the target at READ COMMITTED.
        Statement::Insert(_) => Some(String::new()),
        _ => None,
    };
    let mut stmt = stmt.duplicate();
    let Some(target) = target else {
        return (stmt, false);
    };
    // An INSERT's first query is its source.
    let mut source = matches!(stmt, Statement::Insert(_));
    let mut added = false;
    super::super::walk::queries(&mut stmt, &mut |q| {
        if std::mem::take(&mut source) || !q.locks.is_empty() {
            return ControlFlow::Continue(());
        }
        let Some(table) = plain_read_of_one_table(q, catalog) else {
            return ControlFlow::Continue(());
        };
        let repeatable_read_only = !table.eq_ignore_ascii_case(&target);
        q.locks.push(LockClause {
            lock_type: LockType::Share,
            of: repeatable_read_only
                .then(|| crate::sql::build::name(Ident::new(REPEATABLE_READ_SHARE))),
            nonblock: None,
        });
        added = true;
        ControlFlow::Continue(())
    });
    (stmt, added)
}

/// The table a subquery reads with shared locks inside an UPDATE or DELETE.
fn plain_read_of_one_table(q: &Query, catalog: &Catalog) -> Option<String> {
    let (_, from, table) = access::one_table(q)?;
    let own = from.joins.is_empty()
        && servable(q, false)
        && outer_reference(q).is_none()
        && !super::end_read::reads_index_end(q, catalog);
    own.then_some(table)
}

#[cfg(test)]
mod tests {
    use crate::dialect::{catalog, Dialect};
    use crate::trace::checked::Checked;

    /// A locking read inside another is numbered first (`innermost.rs`), and InnoDB's scan
    /// each read gets is its own table's (they were swapped when the numbering changed: the
    /// subquery's read of `claims` locked by a scan of `jobs`).
    #[test]
    fn nested_locking_reads_get_the_scans_of_their_own_tables() -> Checked {
        let tables = [
            "CREATE TABLE jobs (id int PRIMARY KEY, state varchar(10) NOT NULL)",
            "CREATE TABLE claims (job_id int PRIMARY KEY, worker varchar(10) NOT NULL)",
        ];
        let sql = "SELECT id FROM jobs WHERE id IN (SELECT job_id FROM claims WHERE worker = 'w' LOCK IN SHARE MODE) FOR UPDATE";
        let (cat, stmt) = catalog::for_tests(Dialect::MySql, &tables, sql)?;
        let plan = crate::dialect::plan(Dialect::MySql, &stmt, &cat).map_err(|e| e.message)?;
        let reads: Vec<(&str, bool, bool)> = (plan.lock_reads.iter())
            .map(|r| {
                let scan = r.scan_sql.as_deref().unwrap_or_default();
                let own = scan.contains(&format!("FROM \"{}\"", r.table));
                (r.table.as_str(), r.exclusive, own)
            })
            .collect();
        assert_eq!(reads, [("claims", false, true), ("jobs", true, true)]);
        Ok(())
    }
}
