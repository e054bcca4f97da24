//! The explorer's index of the states it has met: each state's 64-bit digest to its node
//! number. A table of its own (open addressing, linear probing), as the keys are hashes
//! already and a hash map's generic code would weigh on the download.

/// Digests to node numbers; a slot holding `EMPTY` as its node is free.
#[derive(Default)]
pub struct NodeIndex {
    slots: Vec<(u64, u32)>,
    len: usize,
}

const EMPTY: u32 = u32::MAX;

impl NodeIndex {
    /// The node of the state with digest `key`.
    pub fn get(&self, key: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = start(key) & mask;
        loop {
            match self.slots[i] {
                (_, EMPTY) => return None,
                (k, n) if k == key => return Some(n),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Records `node` (below `u32::MAX`) for `key`, which the index does not hold yet.
    pub fn insert(&mut self, key: u64, node: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        self.place(key, node);
        self.len += 1;
    }

    fn place(&mut self, key: u64, node: u32) {
        let mask = self.slots.len() - 1;
        let mut i = start(key) & mask;
        while self.slots[i].1 != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = (key, node);
    }

    /// Doubles the table (at least 16 slots), keeping it at most half full.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![(0, EMPTY); size]);
        for (key, node) in old.into_iter().filter(|s| s.1 != EMPTY) {
            self.place(key, node);
        }
    }
}

/// The slot a digest starts probing at: its two halves mixed, so that digests differing in
/// their high bits only do not share a start.
fn start(key: u64) -> usize {
    (key ^ (key >> 32)) as usize
}

#[cfg(test)]
mod tests {
    use super::NodeIndex;

    #[test]
    fn finds_every_node_it_was_given_and_no_other() {
        let mut index = NodeIndex::default();
        // Digests that share their low bits, and ones that share their high bits.
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| {
                if i % 2 == 0 {
                    i << 40
                } else {
                    i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                }
            })
            .collect();
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(index.get(k), None);
            index.insert(k, n as u32);
        }
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(index.get(k), Some(n as u32));
        }
        assert_eq!(index.get(12345), None);
    }
}
