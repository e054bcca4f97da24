//! InnoDB's locking reads wherever they are in a statement: every `FOR UPDATE` / `LOCK IN
//! SHARE MODE` query, the outer one or a subquery, locks the rows its access path reads, in
//! the order it reads them, with the gaps of that path at REPEATABLE READ
//! ([`LockRead::scan_sql`], [`LockRead::gaps`]). And an UPDATE or DELETE whose WHERE compares
//! a key with a locking subquery (`WHERE id = (SELECT id ... LIMIT 1 FOR UPDATE SKIP
//! LOCKED)`) runs that subquery first and looks up the one key it gives, as MariaDB's
//! optimizer does (its plan shows the lookup as `const`): its write scan reads the statement
//! as it runs, after the subquery's rows were locked.

use super::super::catalog::Catalog;
use super::super::locks::{lock_requests_sorting, LockRead};
use super::access;
use queuelab_sql::Duplicate;
use sqlparser::ast::{Query, Statement};
use std::ops::ControlFlow;

/// Which queries sort without an index (`filesort.rs`).
pub type Sorts<'a> = &'a dyn Fn(&Query) -> bool;

/// Gives each of `reads` that a locking query of `stmt` makes (numbered as
/// [`lock_requests_sorting`] numbers them: outer queries first) InnoDB's scan of its access
/// path. A locking query inside another is run first, so the outer one's scan reads the
/// statement with the inner one's locks in place.
pub fn attach_scans(stmt: &Statement, catalog: &Catalog, reads: &mut [LockRead], sorts: Sorts<'_>) {
    let mut node = stmt.duplicate();
    let mut scans = Vec::new();
    super::super::walk::queries(&mut node, &mut |q| {
        if !q.locks.is_empty() {
            let mut own = q.duplicate();
            own.locks.clear();
            // The reads inside this one come right after it in the numbering.
            lock_requests_sorting(&mut own, scans.len() + 1, sorts);
            scans.push(access::locking_scan(&own, catalog));
        }
        ControlFlow::Continue(())
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
