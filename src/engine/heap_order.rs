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
//! nothing.
//!
//! True while the table's versions fit its first 8 KB page (nothing vacuums the lab's
//! tables). Once they fill it, the server prunes dead versions and writes new ones where
//! that freed space, or on a later page (checked: of 1,000 rows, an updated row 1 went to
//! the last page, row 2 updated next stayed on the first). So the engine counts the bytes
//! each table's versions take, over-estimating, and once they pass the room before pruning
//! and some version is dead (updated, deleted or rolled back), a read in that order is
//! refused by name. Inserts alone fill the pages in order, and stay modelled.

use super::store::RowChange;
use crate::ids::ChangeKind;
use crate::trace::Value;
use crate::vec_map::VecMap;

/// Places by table (lower case) and rowid. One map of the type the engine already uses for
/// rowids by table (`Lab::remap_rowids`): each map type compiles its own code.
type Places = VecMap<(String, i64), i64>;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeapOrder {
    /// The last place given (places start at 1; 0 stands for none).
    last: i64,
    newest: Places,
    /// Inside a statement's view: the places of the versions it sees instead of the newest.
    seen: Places,
    /// By table: the bytes its versions take (an upper bound) and whether one of them is
    /// dead. A short list: the lab's scenarios have a few tables.
    written: Vec<(String, i64, bool)>,
}

/// The room a page has before PostgreSQL prunes it: 8,192 bytes less its 24-byte header and
/// the tenth it keeps free (`minfree`).
const PAGE_ROOM: i64 = 8192 - 24 - 819;

impl HeapOrder {
    /// Moves the row `c` wrote to a new place at the end; returns the place of the version
    /// it replaced (0 for an insert).
    pub fn write(&mut self, c: &RowChange) -> u64 {
        let bytes = match c.kind {
            ChangeKind::Delete => 0,
            _ => version_bytes(&c.new),
        };
        self.count(&c.table, bytes, c.kind != ChangeKind::Insert);
        let replaced = match c.kind {
            ChangeKind::Insert => None,
            _ => self.newest.remove(&key(&c.table, c.old_rowid)),
        };
        if c.kind != ChangeKind::Delete {
            self.last += 1;
            self.newest.insert(key(&c.table, c.new_rowid), self.last);
        }
        replaced.unwrap_or(0) as u64
    }

    /// Takes back `changes` (as they were written, undone last first): each row goes back to
    /// the place of the version the change replaced.
    pub fn undo(&mut self, changes: &[RowChange]) {
        for c in changes.iter().rev() {
            // The version written stays, dead, where it was written.
            self.count(&c.table, 0, true);
            if c.kind != ChangeKind::Delete {
                self.newest.remove(&key(&c.table, c.new_rowid));
            }
            if c.kind != ChangeKind::Insert && c.heap_place != 0 {
                (self.newest).insert(key(&c.table, c.old_rowid), c.heap_place as i64);
            }
        }
    }

    /// Enters a view whose snapshot does not see `hidden` (in the order they were written):
    /// each row one of them changed stands where the version before the first of them stood.
    pub fn enter_view<'a>(&mut self, hidden: impl Iterator<Item = &'a RowChange>) {
        self.seen.clear();
        for c in hidden.filter(|c| c.kind != ChangeKind::Insert) {
            let k = key(&c.table, c.old_rowid);
            if self.seen.get(&k).is_none() {
                self.seen.insert(k, c.heap_place as i64);
            }
        }
    }

    pub fn leave_view(&mut self) {
        self.seen.clear();
    }

    fn count(&mut self, table: &str, bytes: i64, dead: bool) {
        match self
            .written
            .iter_mut()
            .find(|w| w.0.eq_ignore_ascii_case(table))
        {
            Some(w) => {
                w.1 += bytes;
                w.2 |= dead;
            }
            None => self.written.push((table.to_ascii_lowercase(), bytes, dead)),
        }
    }

    /// Whether the table's versions may no longer stand in the order they were written.
    pub fn spilled(&self, table: &str) -> bool {
        (self.written.iter()).any(|w| w.0.eq_ignore_ascii_case(table) && w.1 > PAGE_ROOM && w.2)
    }

    /// Where the row stands for the running statement. A row the engine never saw written
    /// stands before every other, by rowid.
    pub fn place(&self, table: &str, rowid: i64) -> i64 {
        let k = key(table, rowid);
        let found = self.seen.get(&k).or_else(|| self.newest.get(&k));
        found.copied().unwrap_or(i64::MIN / 2 + rowid)
    }

    /// Puts a scan's changes of `table` in the order it met their rows (where their old
    /// versions stand for the running statement), ahead of the statement's other changes
    /// (a data-modifying WITH's main statement writes after it), and its RETURNING rows
    /// with them when they go one for one.
    pub fn order_scan(
        &self,
        table: &str,
        changes: &mut Vec<RowChange>,
        rows: &mut Vec<Vec<Value>>,
    ) {
        let scanned =
            |c: &RowChange| c.kind != ChangeKind::Insert && c.table.eq_ignore_ascii_case(table);
        let places: Vec<i64> = (changes.iter())
            .map(|c| match scanned(c) {
                true => self.place(table, c.old_rowid),
                false => i64::MAX,
            })
            .collect();
        let at = crate::sort::positions(places.len(), &|i, j| places[i].cmp(&places[j]));
        if rows.len() == at.len() && changes.iter().all(scanned) {
            crate::sort::permute(rows, &at);
        }
        crate::sort::permute(changes, &at);
    }

    /// How many of the table's newest versions stand before `place`: where a rollback would
    /// put a row back, told without the places' own numbers (two runs alike but for the
    /// order of their writes to other tables number them otherwise).
    pub fn rows_before(&self, table: &str, place: u64) -> i64 {
        let table = table.to_ascii_lowercase();
        (self.newest.iter())
            .filter(|((t, _), p)| *t == table && **p < place as i64)
            .count() as i64
    }
}

/// An upper bound of the bytes a version of a row of `values` takes in a page: its line
/// pointer (4), its header with a null bitmap (at most 32), and each value aligned to 8
/// bytes (a text with its length word).
fn version_bytes(values: &[Value]) -> i64 {
    let data: usize = (values.iter())
        .map(|v| match v {
            Value::Null => 0,
            Value::Text(t) => (t.len() + 4).div_ceil(8) * 8,
            Value::Blob(b) => (b.len() + 4).div_ceil(8) * 8,
            _ => 8,
        })
        .sum();
    36 + data as i64
}

fn key(table: &str, rowid: i64) -> (String, i64) {
    (table.to_ascii_lowercase(), rowid)
}
