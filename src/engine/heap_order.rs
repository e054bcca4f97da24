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

/// One table's places: where each row's version stands, by rowid.
#[derive(Debug, Clone, Default, PartialEq)]
struct Table {
    /// Lower case.
    name: String,
    places: VecMap<i64, i64>,
    /// The bytes its versions take (an upper bound), and whether one of them is dead.
    bytes: i64,
    dead: bool,
}

/// By table: a short list (the lab's scenarios have a few tables), whose copy for a
/// checkpoint copies each table's places in one piece.
type Tables = Vec<Table>;

fn table_mut<'a>(tables: &'a mut Tables, name: &str) -> &'a mut Table {
    let at = match tables
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(name))
    {
        Some(at) => at,
        None => {
            tables.push(Table {
                name: name.to_ascii_lowercase(),
                ..Table::default()
            });
            tables.len() - 1
        }
    };
    &mut tables[at]
}

fn table<'a>(tables: &'a Tables, name: &str) -> Option<&'a Table> {
    tables.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeapOrder {
    /// The last place given (places start at 1; 0 stands for none).
    last: i64,
    newest: Tables,
    /// Inside a statement's view: the places of the versions it sees instead of the newest.
    seen: Tables,
}

/// The room a page has before PostgreSQL prunes it: 8,192 bytes less its 24-byte header and
/// the tenth it keeps free (`minfree`).
const PAGE_ROOM: i64 = 8192 - 24 - 819;

impl HeapOrder {
    /// Moves the row `c` wrote to a new place at the end; returns the place of the version
    /// it replaced (0 for an insert).
    pub fn write(&mut self, c: &RowChange) -> u64 {
        let t = table_mut(&mut self.newest, &c.table);
        if c.kind != ChangeKind::Delete {
            t.bytes += version_bytes(&c.new);
        }
        t.dead |= c.kind != ChangeKind::Insert;
        let replaced = match c.kind {
            ChangeKind::Insert => None,
            _ => t.places.remove(&c.old_rowid),
        };
        if c.kind != ChangeKind::Delete {
            self.last += 1;
            t.places.insert(c.new_rowid, self.last);
        }
        replaced.unwrap_or(0) as u64
    }

    /// Takes back `changes` (as they were written, undone last first): each row goes back to
    /// the place of the version the change replaced; the version written stays, dead, where
    /// it was written.
    pub fn undo(&mut self, changes: &[RowChange]) {
        for c in changes.iter().rev() {
            let t = table_mut(&mut self.newest, &c.table);
            t.dead = true;
            if c.kind != ChangeKind::Delete {
                t.places.remove(&c.new_rowid);
            }
            if c.kind != ChangeKind::Insert && c.heap_place != 0 {
                t.places.insert(c.old_rowid, c.heap_place as i64);
            }
        }
    }

    /// Enters a view whose snapshot does not see `hidden` (in the order they were written):
    /// each row one of them changed stands where the version before the first of them stood.
    pub fn enter_view<'a>(&mut self, hidden: impl Iterator<Item = &'a RowChange>) {
        self.seen.clear();
        for c in hidden.filter(|c| c.kind != ChangeKind::Insert) {
            let seen = &mut table_mut(&mut self.seen, &c.table).places;
            if seen.get(&c.old_rowid).is_none() {
                seen.insert(c.old_rowid, c.heap_place as i64);
            }
        }
    }

    pub fn leave_view(&mut self) {
        self.seen.clear();
    }

    /// Whether a version of the table's rows was ever written.
    pub fn written(&self, name: &str) -> bool {
        table(&self.newest, name).is_some_and(|t| t.bytes > 0)
    }

    /// Whether the table's versions may no longer stand in the order they were written.
    pub fn spilled(&self, name: &str) -> bool {
        table(&self.newest, name).is_some_and(|t| t.bytes > PAGE_ROOM && t.dead)
    }

    /// Where the row stands for the running statement. A row the engine never saw written
    /// stands before every other, by rowid.
    pub fn place(&self, name: &str, rowid: i64) -> i64 {
        let at = |tables: &Tables| table(tables, name).and_then(|t| t.places.get(&rowid).copied());
        at(&self.seen)
            .or_else(|| at(&self.newest))
            .unwrap_or(i64::MIN / 2 + rowid)
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
    pub fn rows_before(&self, name: &str, place: u64) -> i64 {
        table(&self.newest, name).map_or(0, |t| {
            t.places.values().filter(|p| **p < place as i64).count() as i64
        })
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
