//! View settings: choices about how to show a run that change no run of their own.

/// Ring sizes a user may pick: below 1 there is no ring, above this the circle is unreadable.
pub const MAX_RING_SIZE: i64 = 32;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct View {
    /// The user's ring-size overrides, by table name (passed to `RunConfig::ring_sizes`).
    pub ring_sizes: Vec<(String, i64)>,
    /// The permutation picked in the menu (an index into the spec's list; a new spec may
    /// have fewer, see [`View::picked`]).
    pub permutation: usize,
    /// First-column values whose rows the tables mark (a replayed counterexample's).
    pub highlight: Vec<String>,
    /// A message above the page until dismissed (a link that could not be opened).
    pub notice: Option<String>,
    /// The user picked a dialect in the menu: a paste no longer switches it.
    pub dialect_picked: bool,
}

impl View {
    /// The user's override for `table`, if any.
    pub fn ring_size_override(&self, table: &str) -> Option<i64> {
        self.ring_sizes
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(table))
            .map(|(_, n)| *n)
    }

    /// The ring sizes with `table`'s overridden (`Some`) or restored (`None`).
    pub fn with_ring_size(&self, table: &str, size: Option<i64>) -> Vec<(String, i64)> {
        let mut out: Vec<(String, i64)> = self
            .ring_sizes
            .iter()
            .filter(|(t, _)| !t.eq_ignore_ascii_case(table))
            .cloned()
            .collect();
        if let Some(n) = size {
            out.push((table.to_string(), n.clamp(1, MAX_RING_SIZE)));
        }
        out
    }

    /// The picked permutation among `count`: the first when the pick is out of range.
    pub fn picked(&self, count: usize) -> usize {
        if self.permutation < count {
            self.permutation
        } else {
            0
        }
    }
}
