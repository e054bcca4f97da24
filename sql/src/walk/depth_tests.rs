//! The walk recurses as the tree nests: the deepest trees the parser accepts must walk within
//! WebAssembly's stack (1 MiB), where an overflow would kill the page.

use super::{Callbacks, Walk};
use std::cell::Cell;
use std::ops::ControlFlow;

/// How many callbacks a walk of `tree` with all three makes.
fn calls(tree: &mut sqlparser::ast::Statement) -> usize {
    let n = Cell::new(0usize);
    let count = || {
        n.set(n.get() + 1);
        ControlFlow::Continue(())
    };
    let (mut e, mut q, mut r) = (
        |_: &mut _| count(),
        |_: &mut _| count(),
        |_: &mut _| count(),
    );
    let _ = tree.walk(&mut Callbacks {
        expr: Some(&mut e),
        query: Some(&mut q),
        relation: Some(&mut r),
    });
    n.get()
}

#[test]
fn the_deepest_accepted_trees_walk_in_webassemblys_stack() -> Result<(), String> {
    let mut trees = crate::print::depth_tests::deepest_trees()?;
    // A stack overflow aborts the whole test run, which fails it too.
    let counts = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || trees.iter_mut().map(calls).collect::<Vec<_>>())
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the walking thread failed".to_string())?;
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    Ok(())
}
