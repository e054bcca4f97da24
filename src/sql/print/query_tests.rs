//! The query nodes no one builds, which must print the marker rather than some other text.
//! (The query shapes and the engine's trees are held to `Display` in `crate::sql::tests`.)

use crate::sql::print::UNPRINTABLE;
use crate::sql::tests::{number, printed, query, select_of};
use crate::sql::Flavor;
use sqlparser::ast::{Ident, OrderByKind, OrderByOptions, TableAlias};

#[test]
fn what_no_one_builds_prints_the_marker() -> Result<(), String> {
    let mut q = query(Flavor::Generic, "SELECT a FROM t ORDER BY a LIMIT 1")?;
    if let Some(order_by) = q.order_by.as_mut() {
        order_by.kind = OrderByKind::All(OrderByOptions::default());
    }
    select_of(&mut q)?.qualify = Some(number("1"));
    let text = printed(&q);
    assert_eq!(text.matches(UNPRINTABLE).count(), 2, "{text}");

    let alias = TableAlias {
        explicit: false,
        name: Ident::new("e"),
        columns: vec![],
        at: Some(Ident::new("i")),
    };
    let out = printed(&alias);
    assert!(out.contains(UNPRINTABLE), "{out}");
    Ok(())
}
