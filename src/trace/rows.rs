//! A table's rows as pictures hold them: in chunks by rowid, shared between the pictures of
//! successive steps. A step that changes a few rows of a large table makes new chunks only
//! for those rows, so memory grows with what changed, not with table size × steps.

use super::{Mark, RowView};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// Rows whose rowids share `rowid / CHUNK` share a chunk.
const CHUNK: i64 = 256;

/// Live rows in rowid order, then the rows the last statement deleted (ghosts).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rows {
    /// (rowid / CHUNK, the live rows in that range), in order.
    chunks: Vec<(i64, Arc<[RowView]>)>,
    ghosts: Vec<RowView>,
    len: usize,
}

impl Rows {
    /// `rows` (live rows in rowid order, then ghosts marked [`Mark::Deleted`]), sharing every
    /// chunk that is equal in `previous`.
    pub fn new(rows: Vec<RowView>, previous: Option<&Rows>) -> Rows {
        let len = rows.len();
        let mut chunks: Vec<(i64, Arc<[RowView]>)> = Vec::new();
        let mut ghosts = Vec::new();
        let mut current: Vec<RowView> = Vec::new();
        let mut bucket = None;
        let mut flush = |bucket: i64, current: &mut Vec<RowView>| {
            let fresh = std::mem::take(current);
            let shared = previous
                .and_then(|p| p.chunk(bucket))
                .filter(|old| old[..] == fresh[..])
                .cloned();
            chunks.push((bucket, shared.unwrap_or_else(|| fresh.into())));
        };
        for row in rows {
            if row.mark == Mark::Deleted {
                ghosts.push(row);
                continue;
            }
            let b = row.rowid.div_euclid(CHUNK);
            if bucket.is_some_and(|x| x != b) {
                flush(bucket.unwrap_or(b), &mut current);
            }
            bucket = Some(b);
            current.push(row);
        }
        if let Some(b) = bucket {
            flush(b, &mut current);
        }
        Rows {
            chunks,
            ghosts,
            len,
        }
    }

    fn chunk(&self, bucket: i64) -> Option<&Arc<[RowView]>> {
        self.chunks
            .binary_search_by_key(&bucket, |(b, _)| *b)
            .ok()
            .map(|i| &self.chunks[i].1)
    }

    pub fn iter(&self) -> impl Iterator<Item = &RowView> {
        self.chunks
            .iter()
            .flat_map(|(_, c)| c.iter())
            .chain(self.ghosts.iter())
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&RowView> {
        self.iter().nth(i)
    }

    /// Whether two pictures hold the same chunk for this row range (for tests of sharing).
    pub fn shares_chunk_with(&self, other: &Rows, rowid: i64) -> bool {
        let b = rowid.div_euclid(CHUNK);
        match (self.chunk(b), other.chunk(b)) {
            (Some(x), Some(y)) => Arc::ptr_eq(x, y),
            _ => false,
        }
    }
}

impl std::ops::Index<usize> for Rows {
    type Output = RowView;

    fn index(&self, i: usize) -> &RowView {
        match self.get(i) {
            Some(r) => r,
            None => panic!("row {i} of {}", self.len),
        }
    }
}

impl<'a> IntoIterator for &'a Rows {
    type Item = &'a RowView;
    type IntoIter = Box<dyn Iterator<Item = &'a RowView> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl FromIterator<RowView> for Rows {
    fn from_iter<I: IntoIterator<Item = RowView>>(rows: I) -> Rows {
        Rows::new(rows.into_iter().collect(), None)
    }
}

impl Serialize for Rows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rows, D::Error> {
        Ok(Rows::new(Vec::<RowView>::deserialize(d)?, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Value;

    fn row(rowid: i64, v: i64) -> RowView {
        RowView {
            rowid,
            values: vec![Value::Int(v)],
            mark: Mark::Unchanged,
        }
    }

    #[test]
    fn unchanged_chunks_are_shared_and_order_is_kept() {
        let before = Rows::new((1..=1000).map(|i| row(i, i)).collect(), None);
        let mut next: Vec<RowView> = (1..=1000).map(|i| row(i, i)).collect();
        next[600].values = vec![Value::Int(-1)];
        next.remove(3);
        let mut ghost = row(4, 4);
        ghost.mark = Mark::Deleted;
        next.push(ghost);
        let after = Rows::new(next, Some(&before));
        assert_eq!(after.len(), 1000);
        assert!(!after.shares_chunk_with(&before, 4), "row 4 went");
        assert!(after.shares_chunk_with(&before, 300));
        assert!(!after.shares_chunk_with(&before, 601), "row 601 changed");
        assert!(after.shares_chunk_with(&before, 900));
        let ids: Vec<i64> = after.iter().map(|r| r.rowid).collect();
        assert_eq!(&ids[..4], [1, 2, 3, 5]);
        assert_eq!(ids.last(), Some(&4), "the ghost comes last");
        assert_eq!(after[3].rowid, 5);
    }
}
