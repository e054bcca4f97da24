//! PostgreSQL's names of indexes that are not unique. Such an index changes nothing a
//! statement returns, locks or waits for, but its name is a relation name: a later table,
//! sequence or index of that name in its schema is 42P07. Outside a transaction block the
//! name goes into the catalog at once. Inside one it is the transaction's until it ends:
//! kept at COMMIT, gone at ROLLBACK, or at a ROLLBACK TO a savepoint set before it.
//!
//! Another transaction's name, not yet committed, is refused by name: PostgreSQL's second
//! creator waits for the first to end (then fails, or goes on if it rolled back), a wait on
//! the system catalog the lab does not model.

use super::{ok, Finished, Lab, TxnId};
use crate::dialect::catalog::PgIndex;
use crate::dialect::plan::{CatalogChange, IndexNaming};
use crate::dialect::Plan;
use crate::trace::{StepError, Success};
use std::sync::Arc;

impl Lab {
    /// `CREATE INDEX` of an index that is not unique, its table lock taken. The planner saw
    /// the committed names only: a name this session's transaction block holds is the
    /// server's notice with IF NOT EXISTS, or numbered on when the server chose it.
    pub(super) fn pg_index(
        &mut self,
        s: usize,
        plan: &Plan,
        def: &PgIndex,
        naming: IndexNaming,
    ) -> Finished {
        let schema = def.schema.as_deref();
        let mut def = def.clone();
        if self.pending_holder(&def.name, schema) == Some(s) {
            match naming {
                IndexNaming::IfNotExists => {
                    let notices = vec![crate::dialect::indexes::exists_notice(&def.name)];
                    return ok(
                        Success {
                            notices,
                            ..Success::default()
                        },
                        Vec::new(),
                    );
                }
                IndexNaming::Chosen => def.name = self.chosen_name(s, &def.name, schema),
                IndexNaming::Given => {}
            }
        }
        if let Some(e) = self.pending_clash(s, &def.name, schema) {
            return self.fail_with(s, e);
        }
        let open = self.sessions[s]
            .txn
            .filter(|t| self.txns.get(*t).is_some_and(|x| x.explicit));
        self.size(&def.table);
        if open.is_some() {
            let depth = self.sessions[s].savepoints.len();
            self.sessions[s].pending_indexes.push((def, depth));
        } else {
            Arc::make_mut(&mut self.catalog).apply(&CatalogChange::PgIndex(def, naming));
        }
        ok(
            Success {
                notices: plan.notices.clone(),
                ..Success::default()
            },
            Vec::new(),
        )
    }

    /// A PostgreSQL CREATE INDEX over rows writes their count for its planner
    /// ([`crate::dialect::catalog::TableDef::sized`]). Marked for any rebuild of a table
    /// that rows were written to (an ALTER TABLE too, or an index whose transaction rolls
    /// back): what the mark changes is a note that the lab does not estimate the table.
    pub(super) fn size(&mut self, table: &str) {
        if self.store.heap().written(table) {
            Arc::make_mut(&mut self.catalog).size(table);
        }
    }

    /// The session whose open transaction block's index is named `name` in `schema`.
    fn pending_holder(&self, name: &str, schema: Option<&str>) -> Option<usize> {
        self.sessions.iter().position(|x| {
            x.pending_indexes
                .iter()
                .any(|(i, _)| i.name.eq_ignore_ascii_case(name) && i.schema.as_deref() == schema)
        })
    }

    /// The server's name for an unnamed index whose first choice, `first`, session `s`'s
    /// transaction holds: its base (`jobs_state_idx`) numbered past every name the catalog
    /// or that transaction has.
    fn chosen_name(&self, s: usize, first: &str, schema: Option<&str>) -> String {
        let base = first.trim_end_matches(|c: char| c.is_ascii_digit());
        let taken = |n: &str| {
            self.catalog.relation_taken(n, schema) || self.pending_holder(n, schema) == Some(s)
        };
        let mut name = base.to_string();
        let mut n = 0;
        while taken(&name) {
            n += 1;
            name = format!("{base}{n}");
        }
        name
    }

    /// A relation `name` in `schema` that an open transaction block's index holds: 42P07
    /// in its own session, refused by name in another.
    pub(super) fn pending_clash(
        &self,
        s: usize,
        name: &str,
        schema: Option<&str>,
    ) -> Option<StepError> {
        let holder = self.pending_holder(name, schema)?;
        Some(if holder == s {
            StepError::other("42P07", format!("relation \"{name}\" already exists"))
        } else {
            crate::dialect::common::unsupported_with(
                self.dialect,
                &format!("{name}, an index another open transaction creates,"),
                "the server waits for that transaction; end it first",
            )
        })
    }

    /// At COMMIT: the transaction's index names become the catalog's.
    pub(super) fn commit_indexes(&mut self, t: TxnId) {
        let Some(s) = self.txns.session_of(t) else {
            return;
        };
        for (def, _) in std::mem::take(&mut self.sessions[s].pending_indexes) {
            Arc::make_mut(&mut self.catalog)
                .apply(&CatalogChange::PgIndex(def, IndexNaming::Given));
        }
    }

    /// At ROLLBACK TO the session's newest savepoint: the names given after it are gone.
    pub(super) fn roll_back_indexes(&mut self, t: TxnId) {
        if let Some(s) = self.txns.session_of(t) {
            let depth = self.sessions[s].savepoints.len();
            self.sessions[s].pending_indexes.retain(|(_, d)| *d < depth);
        }
    }
}
