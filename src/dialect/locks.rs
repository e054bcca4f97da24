//! Rule: locking clauses (`FOR UPDATE`, `FOR SHARE`, `SKIP LOCKED`, `NOWAIT`) are taken off
//! every query, nested ones included: SQLite has no row locks, and in a single session no
//! other transaction could hold one. The note keeps what was asked for visible.

use sqlparser::ast::{Query, VisitMut, VisitorMut};
use std::ops::ControlFlow;

struct StripLocks {
    seen: Vec<String>,
}

impl VisitorMut for StripLocks {
    type Break = ();

    fn pre_visit_query(&mut self, query: &mut Query) -> ControlFlow<()> {
        for lock in query.locks.drain(..) {
            let text = lock.to_string();
            if !self.seen.contains(&text) {
                self.seen.push(text);
            }
        }
        ControlFlow::Continue(())
    }
}

/// Removes every locking clause under `node`; returns the note, if any was removed.
pub fn strip<N: VisitMut>(node: &mut N) -> Option<String> {
    let mut v = StripLocks { seen: Vec::new() };
    let _ = node.visit(&mut v);
    (!v.seen.is_empty()).then(|| {
        format!(
            "{}: a single session takes no row locks, so SQLite runs the query without it",
            v.seen.join(", ")
        )
    })
}
