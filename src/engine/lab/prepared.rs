//! PostgreSQL's prepared statements (`dialect/postgres/prepared.rs`), kept by each session
//! for its life: PREPARE, EXECUTE and DEALLOCATE are not transactional (a ROLLBACK keeps
//! what PREPARE made, and a DEALLOCATE stays done), as recorded on PostgreSQL 15
//! (`tests/conformance/specs/pg-prepare-*`).

use super::{ok, Exec, Finished, Lab};
use crate::dialect::postgres::prepared::{expand, Prepared};
use crate::dialect::{Plan, PlanKind};
use crate::trace::{StepError, Success};
use std::sync::Arc;

/// A session's prepared statements by name (folded as the server matches names).
pub type PreparedStatements = crate::vec_map::VecMap<String, Arc<Prepared>>;

impl Lab {
    /// For EXECUTE, the prepared statement with its arguments in place, and its text; `None`
    /// for any other plan, and for an EXECUTE in an aborted transaction, which the engine
    /// refuses as every statement there (25P02 comes before "does not exist").
    pub fn expand_execute(
        &self,
        s: usize,
        plan: &Plan,
    ) -> Option<Result<(Plan, String), StepError>> {
        let PlanKind::Execute { name, args } = &plan.kind else {
            return None;
        };
        if self.sessions[s].aborted {
            return None;
        }
        Some(match self.sessions[s].prepared.get(name) {
            Some(p) => expand(p, args, &self.catalog),
            None => Err(missing(name)),
        })
    }

    /// PREPARE: refused when the name is taken, or when the statement names a table or
    /// column that does not exist (the server analyses the statement at PREPARE).
    pub(super) fn prepare(&mut self, s: usize, plan: &Plan, p: &Arc<Prepared>) -> Exec {
        if self.sessions[s].prepared.get(&p.name).is_some() {
            let err = StepError::other(
                "42P05",
                format!("prepared statement \"{}\" already exists", p.name),
            );
            return Exec::Done(self.fail_with(s, err));
        }
        for sql in &plan.sqlite {
            if let Err(e) = self.store.compiles(sql) {
                let err = super::super::errors::vendor_error(
                    self.dialect,
                    &e,
                    (&plan.kind, None),
                    &self.catalog,
                    &self.store,
                );
                // Only a missing table or column is the server's answer at PREPARE; anything
                // else SQLite cannot compile is for EXECUTE to report in its own words.
                if matches!(err.native.as_str(), "42P01" | "42703") {
                    return Exec::Done(self.fail_with(s, err));
                }
            }
        }
        self.sessions[s].prepared.insert(p.name.clone(), p.clone());
        // Outside a transaction block, the table locks it took end with it.
        self.end_implicit(s);
        Exec::Done(done())
    }

    /// DEALLOCATE name, or ALL (`None`).
    pub(super) fn deallocate(&mut self, s: usize, name: Option<&str>) -> Exec {
        let Some(name) = name else {
            self.sessions[s].prepared = Default::default();
            return Exec::Done(done());
        };
        if self.sessions[s].prepared.remove(name).is_none() {
            return Exec::Done(self.fail_with(s, missing(name)));
        }
        Exec::Done(done())
    }
}

fn done() -> Finished {
    ok(Success::default(), Vec::new())
}

fn missing(name: &str) -> StepError {
    // invalid_sql_statement_name
    StepError::other(
        "26000",
        format!("prepared statement \"{name}\" does not exist"),
    )
}
