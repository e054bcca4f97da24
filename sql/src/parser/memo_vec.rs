//! The parser's memories of failed tries, by token index: a `Vec` kept sorted, in place of
//! `BTreeMap` and `BTreeSet`, each of whose key and value types compiles its own copy of the
//! tree's code into the browser download (three here; about 2 KB gzip). The parser moves
//! left to right, so an entry goes in at or near the end, and a lookup is a binary search.
pub(crate) struct Memo<V>(Vec<(usize, V)>);

impl<V> Memo<V> {
    pub(crate) fn new() -> Self {
        Memo(Vec::new())
    }

    pub(crate) fn get(&self, key: usize) -> Option<&V> {
        let at = self.0.binary_search_by_key(&key, |e| e.0).ok()?;
        Some(&self.0[at].1)
    }

    pub(crate) fn insert(&mut self, key: usize, value: V) {
        match self.0.binary_search_by_key(&key, |e| e.0) {
            Ok(at) => self.0[at].1 = value,
            Err(at) => self.0.insert(at, (key, value)),
        }
    }
}
