//! The parser's memories of failed tries, by token index: a `Vec` kept sorted, in place of
//! `BTreeMap` and `BTreeSet`, each of whose key and value types compiled its own copy of the
//! tree's code into the browser download (three here; about 2.7 KB gzip). One type for all
//! three, its values plain numbers, so its code is there once. The parser moves left to
//! right, so an entry goes in at or near the end, and a lookup is a binary search.
pub(crate) struct Memo(Vec<(usize, usize)>);

impl Memo {
    pub(crate) fn new() -> Self {
        Memo(Vec::new())
    }

    pub(crate) fn get(&self, key: usize) -> Option<usize> {
        let at = self.0.binary_search_by_key(&key, |e| e.0).ok()?;
        Some(self.0[at].1)
    }

    pub(crate) fn insert(&mut self, key: usize, value: usize) {
        match self.0.binary_search_by_key(&key, |e| e.0) {
            Ok(at) => self.0[at].1 = value,
            Err(at) => self.0.insert(at, (key, value)),
        }
    }
}
