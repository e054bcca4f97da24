//! The order in which PostgreSQL's hash aggregate hands back the distinct keys it was given:
//! how an UPDATE or DELETE `WHERE id IN (SELECT id ... LIMIT 5 FOR UPDATE SKIP LOCKED)` meets
//! its rows when the planner makes the subquery's ids unique by hashing them and loops over
//! them (`dialect/postgres/lock_order.rs` says when). The server keeps the keys in an
//! open-addressing table of its own (`simplehash.h` over PostgreSQL 15's tuple hash): as many
//! buckets as the next power of two above the expected groups over 0.9, a key's first bucket
//! its hash's low bits, a key further from its first bucket than the one it meets taking
//! that one's place ("robin hood"), the table doubled before an insert once it holds 0.9 of
//! its buckets. It is read from the first empty bucket downwards, wrapping round.
//!
//! A key's hash is its type's hash function (`hashint4`, `hashint8`, Bob Jenkins's final
//! mix of 32 bits) mixed once more by MurmurHash3's finalizer. Checked on PostgreSQL 15
//! against 21 random claims of 3 to 15 ids (the order they came back in RETURNING).

use super::store::RowChange;
use crate::trace::Value;
/// The rows a locking read picked (`got`, in the order it locked them) in the order the
/// server's loop meets them after it made their keys unique (`Plan::lock_hash`): the hash
/// table's order, or the keys' where it sorted them.
pub fn rows_in_order(
    got: &[i64],
    changes: &[RowChange],
    (column, groups, bits): (usize, u64, u8),
) -> Vec<i64> {
    let rows: Vec<(i64, i64)> = got
        .iter()
        .filter_map(|r| {
            let c = changes.iter().find(|c| c.old_rowid == *r)?;
            match c.old.get(column)? {
                Value::Int(k) => Some((*r, *k)),
                _ => None,
            }
        })
        .collect();
    keyed_in_order(rows, (groups, bits))
}

/// [`rows_in_order`] of rows given with their keys (rowid, key), in the order they were
/// locked.
pub fn keyed_in_order(mut rows: Vec<(i64, i64)>, (groups, bits): (u64, u8)) -> Vec<i64> {
    if groups == 0 {
        crate::sort::sort_by(&mut rows, |a, b| a.1.cmp(&b.1));
        return rows.into_iter().map(|(r, _)| r).collect();
    }
    let keys: Vec<i64> = rows.iter().map(|(_, k)| *k).collect();
    (order(&keys, groups, bits).into_iter())
        .map(|i| rows[i].0)
        .collect()
}

/// The indexes of `keys` (distinct, in the order the aggregate read them) in the order the
/// hash table gives them back, for a table sized for `groups` keys; `bits` is the width of
/// the keys' integer type (16, 32 or 64).
pub fn order(keys: &[i64], groups: u64, bits: u8) -> Vec<usize> {
    let mut table = Table::sized((groups as f64 / FILL) as u64);
    for (i, k) in keys.iter().enumerate() {
        table.insert(i, murmur(int_hash(*k, bits)));
    }
    table.read()
}

/// `SH_FILLFACTOR`.
const FILL: f64 = 0.9;

/// `hashint2`, `hashint4`, `hashint8`.
fn int_hash(k: i64, bits: u8) -> u32 {
    if bits < 64 {
        return jenkins(k as u32);
    }
    let (low, high) = (k as u32, (k >> 32) as u32);
    jenkins(low ^ if k >= 0 { high } else { !high })
}

/// `hash_bytes_uint32`: Bob Jenkins's final mix over one 32-bit word.
fn jenkins(k: u32) -> u32 {
    let seed = 0x9e37_79b9u32.wrapping_add(4 + 3_923_095);
    let (mut a, mut b, mut c) = (seed.wrapping_add(k), seed, seed);
    c = (c ^ b).wrapping_sub(b.rotate_left(14));
    a = (a ^ c).wrapping_sub(c.rotate_left(11));
    b = (b ^ a).wrapping_sub(a.rotate_left(25));
    c = (c ^ b).wrapping_sub(b.rotate_left(16));
    a = (a ^ c).wrapping_sub(c.rotate_left(4));
    b = (b ^ a).wrapping_sub(a.rotate_left(14));
    (c ^ b).wrapping_sub(b.rotate_left(24))
}

/// MurmurHash3's 32-bit finalizer, as the tuple hash applies it to the combined key hash
/// (which for one key with a zero seed is the key's own hash).
fn murmur(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

/// The buckets: each empty or holding a key's index and hash.
struct Table {
    slots: Vec<Option<(usize, u32)>>,
    members: usize,
}

impl Table {
    /// `SH_COMPUTE_PARAMETERS`: at least two buckets, a power of two.
    fn sized(size: u64) -> Table {
        let size = size.max(2).next_power_of_two() as usize;
        Table {
            slots: vec![None; size],
            members: 0,
        }
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    fn grow_at(&self) -> usize {
        (self.slots.len() as f64 * FILL) as usize
    }

    /// `SH_INSERT_HASH_INTERNAL` for a key not in the table yet. The table also grows
    /// before a key would land more than 25 buckets from its first, or move more than 150
    /// keys, once it is a tenth full.
    fn insert(&mut self, key: usize, hash: u32) {
        let mut grow = self.members >= self.grow_at();
        'again: loop {
            if grow {
                self.grow();
            }
            let mask = self.mask();
            let crowded = self.members * 10 >= self.slots.len();
            let mut at = hash as usize & mask;
            let mut distance = 0;
            while let Some((_, there)) = self.slots[at] {
                let theirs = at.wrapping_sub(there as usize & mask) & mask;
                if distance > theirs {
                    // Shift every key from here to the next empty bucket one bucket on.
                    let (mut empty, mut moved) = ((at + 1) & mask, 0);
                    while self.slots[empty].is_some() {
                        empty = (empty + 1) & mask;
                        moved += 1;
                        if moved > 150 && crowded {
                            grow = true;
                            continue 'again;
                        }
                    }
                    while empty != at {
                        let before = empty.wrapping_sub(1) & mask;
                        self.slots[empty] = self.slots[before];
                        empty = before;
                    }
                    break;
                }
                at = (at + 1) & mask;
                distance += 1;
                if distance > 25 && crowded {
                    grow = true;
                    continue 'again;
                }
            }
            self.slots[at] = Some((key, hash));
            self.members += 1;
            return;
        }
    }

    /// `SH_GROW`: twice the buckets, the keys moved over from the first bucket that is empty
    /// or holds a key at its first bucket (reckoned with the new size, as the server does).
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![None; old.len() * 2];
        let mask = self.mask();
        let start = (old.iter().enumerate())
            .position(|(i, s)| s.is_none_or(|(_, h)| h as usize & mask == i))
            .unwrap_or(0);
        for i in 0..old.len() {
            if let Some((key, hash)) = old[(start + i) % old.len()] {
                let mut at = hash as usize & mask;
                while self.slots[at].is_some() {
                    at = (at + 1) & mask;
                }
                self.slots[at] = Some((key, hash));
            }
        }
    }

    /// `SH_START_ITERATE` and `SH_ITERATE`: from the first empty bucket downwards.
    fn read(&self) -> Vec<usize> {
        let mask = self.mask();
        let start = self.slots.iter().position(Option::is_none).unwrap_or(0);
        (0..self.slots.len())
            .filter_map(|i| self.slots[start.wrapping_sub(i) & mask].map(|(key, _)| key))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::order;

    fn keys_in_order(keys: &[i64], groups: u64) -> Vec<i64> {
        order(keys, groups, 32)
            .into_iter()
            .map(|i| keys[i])
            .collect()
    }

    #[test]
    fn ids_come_back_in_the_order_postgresql_returned_them() {
        // Each read off RETURNING of `UPDATE t ... WHERE id IN (SELECT id ... ORDER BY k
        // LIMIT n FOR UPDATE)` on PostgreSQL 15: the subquery's ids, then RETURNING's.
        assert_eq!(keys_in_order(&[20, 40, 60], 3), [60, 40, 20]);
        assert_eq!(keys_in_order(&[20, 60], 3), [60, 20]);
        assert_eq!(keys_in_order(&[10, 30], 3), [30, 10]);
        assert_eq!(keys_in_order(&[40, 30, 70], 3), [30, 70, 40]);
    }

    #[test]
    fn a_table_sized_for_one_group_grows_as_the_server_grows_it() {
        // The subquery's WHERE expected one row (`k = 1 AND j = 1`) and read 7, then 18:
        // two buckets doubled up to 32 on the way (PostgreSQL 15's RETURNING).
        assert_eq!(
            keys_in_order(&[8, 21, 37, 46, 47, 65, 69], 1),
            [8, 21, 46, 47, 69, 65, 37]
        );
        let read = [
            33, 44, 106, 111, 142, 160, 203, 270, 278, 299, 322, 348, 369, 386, 387, 396, 418, 472,
        ];
        let returned = [
            160, 142, 348, 418, 396, 33, 386, 106, 472, 278, 111, 387, 322, 369, 270, 203, 299, 44,
        ];
        assert_eq!(keys_in_order(&read, 1), returned);
    }

    #[test]
    fn a_bigint_key_hashes_its_two_halves() {
        // hashint8 of a value that fits 32 bits is hashint4's (below zero too: the high
        // half is inverted before it is folded in); past 32 bits the halves are folded.
        assert_eq!(order(&[20, 60], 3, 64), order(&[20, 60], 3, 32));
        assert_eq!(super::int_hash(-1, 64), super::int_hash(-1, 32));
        let past = (1i64 << 32) | 7;
        assert_eq!(super::int_hash(past, 64), super::jenkins(7 ^ 1));
    }
}
