//! PostgreSQL's heap order: where each row's version stands in its table. The server writes
//! every new row version (an INSERT's, an UPDATE's, an ON CONFLICT DO UPDATE's) after the
//! versions already there, and a scan of a small table reads them in that order, so a row
//! updated since comes after the others. SQLite keeps a row at its rowid, so the engine keeps
//! the places here: a counter that every version written takes the next value of, the place
//! of each row's newest version, and inside a statement's view the places of the older
//! versions it sees instead (a reader whose snapshot hides an update finds the row where it
//! was). The store's `ql_heap(table, rowid)` reads them, so a plan can sort by them.
//!
//! A change remembers the place of the version it replaced (`RowChange::heap_place`), so a
//! rollback or a view puts the row back there. SELECT FOR UPDATE writes no version and moves
//! nothing. True while the table fits one page and nothing vacuums it: the lab's tables do.

use super::store::RowChange;
use crate::ids::ChangeKind;
use crate::trace::Value;
use crate::vec_map::VecMap;

/// Places by table (lower case) and rowid.
type Places = VecMap<String, VecMap<i64, u64>>;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeapOrder {
    /// The last place given (places start at 1; 0 stands for none).
    last: u64,
    newest: Places,
    /// Inside a statement's view: the places of the versions it sees instead of the newest.
    seen: Places,
}

impl HeapOrder {
    /// Moves the row `c` wrote to a new place at the end; returns the place of the version
    /// it replaced (0 for an insert).
    pub fn write(&mut self, c: &RowChange) -> u64 {
        let rows = self.newest.get_or_insert_with(key(&c.table), VecMap::new);
        let replaced = match c.kind {
            ChangeKind::Insert => 0,
            ChangeKind::Update | ChangeKind::Delete => rows.remove(&c.old_rowid).unwrap_or(0),
        };
        if c.kind != ChangeKind::Delete {
            self.last += 1;
            rows.insert(c.new_rowid, self.last);
        }
        replaced
    }

    /// Takes back `changes` (as they were written, undone last first): each row goes back to
    /// the place of the version the change replaced.
    pub fn undo(&mut self, changes: &[RowChange]) {
        for c in changes.iter().rev() {
            let rows = self.newest.get_or_insert_with(key(&c.table), VecMap::new);
            if c.kind != ChangeKind::Delete {
                rows.remove(&c.new_rowid);
            }
            if c.kind != ChangeKind::Insert && c.heap_place != 0 {
                rows.insert(c.old_rowid, c.heap_place);
            }
        }
    }

    /// Enters a view that does not see `hidden` (in the order they were written): each row
    /// one of them changed stands where the version before the first of them stood.
    pub fn enter_view(&mut self, hidden: &[RowChange]) {
        self.seen.clear();
        for c in hidden.iter().filter(|c| c.kind != ChangeKind::Insert) {
            let rows = self.seen.get_or_insert_with(key(&c.table), VecMap::new);
            if !rows.contains_key(&c.old_rowid) {
                rows.insert(c.old_rowid, c.heap_place);
            }
        }
    }

    pub fn leave_view(&mut self) {
        self.seen.clear();
    }

    /// Forgets a table's places (dropped, or emptied by DDL).
    pub fn forget(&mut self, table: &str) {
        self.newest.remove(&key(table));
    }

    /// Where the row stands for the running statement. A row the engine never saw written
    /// stands before every other, by rowid.
    pub fn place(&self, table: &str, rowid: i64) -> i64 {
        let table = key(table);
        let found = [&self.seen, &self.newest]
            .into_iter()
            .find_map(|p| p.get(&table).and_then(|rows| rows.get(&rowid)));
        match found {
            Some(p) => *p as i64,
            None => i64::MIN / 2 + rowid,
        }
    }

    /// Puts a scan's changes of `table` in the order it met their rows (where their old
    /// versions stand for the running statement), each in the slot of one of them, and its
    /// RETURNING rows with them when they are all it changed, one row each.
    pub fn order_scan(&self, table: &str, changes: &mut [RowChange], rows: &mut [Vec<Value>]) {
        let slots: Vec<usize> = (changes.iter().enumerate())
            .filter(|(_, c)| c.kind != ChangeKind::Insert && c.table.eq_ignore_ascii_case(table))
            .map(|(i, _)| i)
            .collect();
        let mut order: Vec<(i64, usize)> = (slots.iter())
            .map(|i| (self.place(table, changes[*i].old_rowid), *i))
            .collect();
        crate::sort::sort(&mut order);
        let with_rows = slots.len() == changes.len() && rows.len() == changes.len();
        let picked: Vec<(RowChange, Option<Vec<Value>>)> = (order.iter())
            .map(|(_, i)| {
                let row = with_rows.then(|| std::mem::take(&mut rows[*i]));
                (changes[*i].clone(), row)
            })
            .collect();
        for (slot, (change, row)) in slots.iter().zip(picked) {
            changes[*slot] = change;
            if let Some(r) = row {
                rows[*slot] = r;
            }
        }
    }

    /// Feeds what decides later orders, without the places' own numbers (two runs that
    /// wrote in other orders but left the rows alike are alike): each table's rows in their
    /// order, then the rank among all places of each place in `replaced` (the places the
    /// history may still give back).
    pub fn digest(&self, replaced: &[u64], feed: &mut dyn FnMut(&[u8])) {
        let mut all: Vec<u64> = replaced.to_vec();
        for (table, rows) in self.newest.iter() {
            let mut order: Vec<(u64, i64)> = rows.iter().map(|(r, p)| (*p, *r)).collect();
            crate::sort::sort(&mut order);
            feed(table.as_bytes());
            for (p, rowid) in &order {
                feed(&rowid.to_le_bytes());
                all.push(*p);
            }
            feed(b";");
        }
        crate::sort::sort(&mut all);
        for p in replaced {
            let rank = all.partition_point(|x| x < p) as u64;
            feed(&rank.to_le_bytes());
        }
    }
}

fn key(table: &str) -> String {
    table.to_ascii_lowercase()
}
