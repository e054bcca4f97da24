//! PostgreSQL's retry after a wait reads its target's rows in their newest version, and
//! every other reference to the target's table (a subquery, a semi-join, a self-join) as its
//! snapshot has it (EvalPlanQual keeps what those first read). The statement names its
//! target `main.t` (`dialect/postgres/snapshot_reads.rs`); here, inside its view, a copy of
//! `t` as the snapshot has it goes into `temp.t`, which every unqualified `t` reads (SQLite
//! looks in `temp` first). The copy goes when the view is rolled back.

use super::{row_of, Lab, RowChange, StoreError, View};
use crate::dialect::catalog::ident;
use crate::engine::undo::{column_list, undo_sql};

impl Lab {
    /// Copies each of `tables` into `temp` as the view's snapshot has it: the view shows the
    /// rows re-read after the wait in their newest version, which the copy takes back.
    pub(super) fn copy_snapshots(&self, view: &View, tables: &[String]) -> Result<(), StoreError> {
        let store = &self.store;
        for table in tables {
            // Its columns, of the same affinities (no constraint: nothing writes it), and its
            // rows with their rowids (a join's tuples name them).
            let name = ident(table);
            let columns = column_list(&store.columns(table));
            store.run_raw(&[
                format!("CREATE TEMP TABLE {name} AS SELECT * FROM main.{name} WHERE 0"),
                format!("INSERT INTO temp.{name} (rowid, {columns}) SELECT rowid, {columns} FROM main.{name}"),
            ])?;
        }
        let copied = |t: &str| tables.iter().any(|c| c.eq_ignore_ascii_case(t));
        let back: Vec<RowChange> = (self.history.iter())
            .filter(|(w, c)| {
                copied(&c.table)
                    && !view.snapshot_sees(&self.txns, *w)
                    && view.sees(&self.txns, *w, &row_of(c))
            })
            .map(|(_, c)| c.clone())
            .collect();
        store.run_raw(&undo_sql(&back, &|t| store.columns(t)))?;
        Ok(())
    }
}
