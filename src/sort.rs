//! One sort for the whole crate. Each `sort`, `sort_by` or `collect` into a `BTreeMap` with
//! another element type or closure compiles the standard library's sort again, about 3.5 KB
//! of WebAssembly each; every sort here goes through one compiled copy instead.

use std::cmp::Ordering;

/// The positions of `len` items in the order `order(i, j)` gives, equal ones as they were.
/// Not generic, so that its sort is compiled once.
pub fn positions(len: usize, order: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut at: Vec<usize> = (0..len).collect();
    at.sort_by(|&i, &j| order(i, j));
    at
}

/// Puts `items` in the order of `at` (positions of all of them, as `positions` gives).
pub fn permute<T>(items: &mut Vec<T>, at: &[usize]) {
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(
        at.iter()
            .filter_map(|i| slots.get_mut(*i).and_then(Option::take)),
    );
}

/// Sorts `items` by `order`, stable, as `slice::sort_by` does.
pub fn sort_by<T>(items: &mut Vec<T>, order: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let at = positions(items.len(), &|i, j| order(&items[i], &items[j]));
    permute(items, &at);
}

/// Rowids sorted, each once: a set that `binary_search` looks up (a `BTreeSet` of each type
/// compiles its own tree code into the download).
pub fn rowid_set(mut items: Vec<i64>) -> Vec<i64> {
    sort(&mut items);
    items.dedup();
    items
}

/// Sorts `items` in their own order, stable.
pub fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_library_does_keeping_equal_items_in_place() {
        let mut items: Vec<(u32, &str)> = vec![(3, "c"), (1, "a"), (3, "a"), (2, "b"), (1, "z")];
        let mut theirs = items.clone();
        theirs.sort_by_key(|p| p.0);
        sort_by(&mut items, |a, b| a.0.cmp(&b.0));
        assert_eq!(items, theirs);
        assert_eq!(items, [(1, "a"), (1, "z"), (2, "b"), (3, "c"), (3, "a")]);
        let mut words = vec!["pear".to_string(), "apple".into(), "fig".into()];
        sort(&mut words);
        assert_eq!(words, ["apple", "fig", "pear"]);
        let mut none: Vec<i64> = Vec::new();
        sort(&mut none);
        assert!(none.is_empty());
    }
}
