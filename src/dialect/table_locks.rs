//! The table-level lock every statement takes, before it reads anything, on each table it
//! names (`Plan::table_locks`; the engine's `table_locks.rs` grants them and keeps them to
//! the end of the transaction). The mode per use is the dialect's
//! (`Dialect::table_lock_modes`): PostgreSQL's table locks (ACCESS SHARE to read, ROW SHARE
//! for a locking read, ROW EXCLUSIVE to write, SHARE for CREATE INDEX, ACCESS EXCLUSIVE for
//! TRUNCATE, DROP and ALTER), MariaDB's metadata locks (shared to read or write, exclusive
//! for DDL); SQL Server takes none the lab models.

use super::catalog::Catalog;
use super::exprs::last_ident;
use super::plan::{Plan, PlanKind};
use super::Dialect;
use crate::ids::TableLockMode;
use crate::sql::Duplicate;
use sqlparser::ast::{ObjectType, SetExpr, Statement};
use std::ops::ControlFlow;

/// A plan's table locks: shared, not copied, as a step's plans are cloned on every move.
pub type Locks = std::sync::Arc<[(std::sync::Arc<str>, TableLockMode)]>;

fn shared(locks: Vec<(String, TableLockMode)>) -> Locks {
    locks.into_iter().map(|(t, m)| (t.into(), m)).collect()
}

/// What a statement does with a table, for the lock it takes on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableUse {
    Read,
    LockingRead,
    Write,
    /// CREATE INDEX.
    Index,
    /// TRUNCATE, DROP TABLE, ALTER TABLE.
    Rebuild,
}

/// The locks `stmt` (as written) takes, given its `plan`, strongest per table, in the order
/// the tables first appear.
pub fn of(dialect: Dialect, stmt: &Statement, plan: &Plan, catalog: &Catalog) -> Locks {
    let Some(mode_for) = dialect.table_lock_modes() else {
        return Locks::default();
    };
    let mut out: Vec<(String, TableLockMode)> = Vec::new();
    let mut take = |table: &str, mode: TableLockMode| {
        let table = table.to_ascii_lowercase();
        if catalog.table(&table).is_none() {
            return;
        }
        match out.iter_mut().find(|(t, _)| *t == table) {
            Some((_, m)) => *m = (*m).max(mode),
            None => out.push((table, mode)),
        }
    };
    match stmt {
        Statement::Truncate(t) => {
            for target in &t.table_names {
                take(&last_ident(&target.name), mode_for(TableUse::Rebuild));
            }
            return shared(out);
        }
        Statement::Drop {
            object_type: ObjectType::Table,
            names,
            ..
        } => {
            for name in names {
                take(&last_ident(name), mode_for(TableUse::Rebuild));
            }
            return shared(out);
        }
        Statement::AlterTable(a) => {
            take(&last_ident(&a.name), mode_for(TableUse::Rebuild));
            return shared(out);
        }
        Statement::CreateIndex(i) => {
            take(&last_ident(&i.table_name), mode_for(TableUse::Index));
            return shared(out);
        }
        Statement::Query(_)
        | Statement::Insert(_)
        | Statement::Update(_)
        | Statement::Delete(_) => {}
        _ => return Locks::default(),
    }
    let mut copy = stmt.duplicate();
    super::walk::relations(&mut copy, &mut |name| {
        take(&last_ident(name), mode_for(TableUse::Read));
        ControlFlow::Continue(())
    });
    for read in &plan.lock_reads {
        take(&read.table, mode_for(TableUse::LockingRead));
        // A join's: every table it locks rows of.
        if let Some(j) = &read.joined {
            for l in &j.locks {
                take(&l.table, mode_for(TableUse::LockingRead));
            }
        }
    }
    match &plan.kind {
        PlanKind::Insert { table, .. }
        | PlanKind::Update { table }
        | PlanKind::Delete { table, .. } => take(table, mode_for(TableUse::Write)),
        _ => {}
    }
    if dialect.checks_foreign_keys_per_row() {
        for (table, mode) in foreign_key_tables(&plan.kind, catalog) {
            take(&table, mode_for(mode));
        }
    }
    // The writes of a data-modifying WITH.
    super::walk::queries(&mut copy, &mut |q| {
        let target = match q.body.as_ref() {
            SetExpr::Insert(s) | SetExpr::Update(s) | SetExpr::Delete(s) => written_table(s),
            _ => None,
        };
        if let Some(t) = target {
            take(&t, mode_for(TableUse::Write));
        }
        ControlFlow::Continue(())
    });
    shared(out)
}

/// The tables MariaDB opens with a write for its foreign keys (prelocking), whatever the
/// write and whether or not a row needs a check: its parents and its children, read, or
/// written where ON DELETE CASCADE deletes them (checked: an INSERT into the parent makes an
/// ALTER TABLE of a child wait, a locking read of the parent does not).
fn foreign_key_tables(kind: &PlanKind, catalog: &Catalog) -> Vec<(String, TableUse)> {
    let (PlanKind::Insert { table, .. }
    | PlanKind::Update { table }
    | PlanKind::Delete { table, .. }) = kind
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(def) = catalog.table(table) {
        out.extend(
            def.foreign_keys
                .iter()
                .map(|fk| (fk.parent.clone(), TableUse::Read)),
        );
    }
    for (child, fk) in catalog.referencing(table) {
        let cascades = fk.cascade && !matches!(kind, PlanKind::Update { .. });
        let use_ = if cascades {
            TableUse::Write
        } else {
            TableUse::Read
        };
        out.push((child.name.clone(), use_));
    }
    out
}

/// The table an INSERT, UPDATE or DELETE writes.
fn written_table(stmt: &Statement) -> Option<String> {
    match stmt {
        Statement::Insert(i) => match &i.table {
            sqlparser::ast::TableObject::TableName(n) => Some(last_ident(n)),
            _ => None,
        },
        Statement::Update(u) => match &u.table.relation {
            sqlparser::ast::TableFactor::Table { name, .. } => Some(last_ident(name)),
            _ => None,
        },
        Statement::Delete(d) => {
            let tables = match &d.from {
                sqlparser::ast::FromTable::WithFromKeyword(t)
                | sqlparser::ast::FromTable::WithoutKeyword(t) => t,
            };
            match &tables.first()?.relation {
                sqlparser::ast::TableFactor::Table { name, .. } => Some(last_ident(name)),
                _ => None,
            }
        }
        _ => None,
    }
}
