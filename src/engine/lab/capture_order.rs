//! The order a PostgreSQL data-modifying WITH's `DELETE ... WHERE id IN (SELECT id ... FOR
//! UPDATE)` meets its rows in (`Plan::capture_hash`): the planner makes the ids unique
//! through a hash table and loops over them, so the DELETE, and its RETURNING that an
//! archive's INSERT reads, go in the hash table's order (`hash_order.rs`). The engine puts
//! the rows the read locked in that order; the capture of the rows to delete reads them by
//! `ql_lock_order`.

use super::Lab;
use crate::trace::Value;

impl Lab {
    /// Reorders lock request `id`'s rows of `table` by the hash table of their key.
    pub(super) fn put_in_hash_order(
        &self,
        id: usize,
        table: &str,
        (column, groups, bits): (usize, u64, u8),
    ) {
        let got = self.store.locked_rows(id);
        let Some(name) = self.store.columns(table).get(column).cloned() else {
            return;
        };
        let rowids: Vec<String> = got.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT rowid, {} FROM {} WHERE rowid IN ({})",
            crate::dialect::catalog::ident(&name),
            crate::dialect::catalog::ident(table),
            rowids.join(", ")
        );
        let Ok((_, found)) = self.store.query(&sql) else {
            return;
        };
        let key = |r: i64| {
            found.iter().find_map(|row| match row.as_slice() {
                [Value::Int(at), Value::Int(k)] if *at == r => Some(*k),
                _ => None,
            })
        };
        let keyed: Vec<(i64, i64)> = got.iter().filter_map(|&r| Some((r, key(r)?))).collect();
        if keyed.len() == got.len() {
            let ordered = crate::engine::hash_order::keyed_in_order(keyed, (groups, bits));
            self.store.set_locked(id, ordered);
        }
    }
}
