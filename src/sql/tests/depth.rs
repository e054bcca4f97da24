//! The printer, the copy and the walk each recurse as the tree nests: the deepest trees the
//! parser accepts must print, copy and walk within WebAssembly's stack (1 MiB), where an
//! overflow would kill the page; here in a debug build, whose frames are larger. One builder
//! gives all three the same trees.

use crate::sql::copy::copy_difference;
use crate::sql::print::ToSql;
use crate::sql::walk::{Callbacks, Walk};
use crate::sql::{lexer, Flavor, Parser};
use sqlparser::ast::Statement;
use sqlparser::tokenizer::Token;
use std::cell::Cell;
use std::ops::ControlFlow;

/// Each nesting path, as the text of `n` levels: through queries, and through each kind of
/// expression.
fn paths(n: usize) -> Vec<String> {
    let nest = |before: &str, open: &str, inner: &str, close: &str, after: &str| {
        format!(
            "{before}{}{inner}{}{after}",
            open.repeat(n),
            close.repeat(n)
        )
    };
    let expr = |open: &str, close: &str| nest("SELECT ", open, "1", close, "");
    vec![
        nest("", "(", "SELECT 1", ")", ""),
        expr("(", ")"),
        expr("-(", ")"),
        expr("abs(", ")"),
        expr("CAST(", " AS INT)"),
        expr("CASE WHEN a THEN ", " END"),
        expr("f(x) OVER (PARTITION BY ", ")"),
        expr("a IN (", ")"),
        expr("ARRAY[", "]"),
        expr("SUBSTRING(", " FROM 2)"),
        expr("1 + (", ")"),
        nest("", "SELECT * FROM (", "SELECT 1", ") AS d", ""),
        nest("", "SELECT (", "1", ")", ""),
        nest("", "WITH c AS (", "SELECT 1", ") SELECT 1", ""),
        nest(
            "SELECT * FROM t",
            " JOIN (t",
            " JOIN t ON 1 = 1",
            ") ON 1 = 1",
            "",
        ),
        nest("", "SELECT 1 UNION (", "SELECT 1", ")", ""),
        nest("SELECT 1 WHERE ", "EXISTS (SELECT ", "1", ")", ""),
    ]
}

/// The statement of `sql` in PostgreSQL's flavour, if it parses to the end: a parse that
/// stops early (a deep CASE read as far as the nesting limit allows) is a shallow tree, not
/// the deep one the path is about.
fn parsed(sql: &str) -> Option<Statement> {
    let tokens = lexer::tokenize(Flavor::Postgres, sql).ok()?;
    let mut parser = Parser::new(Flavor::Postgres, tokens);
    let statement = parser.parse_statement().ok()?;
    (parser.peek_token().token == Token::EOF).then_some(statement)
}

/// For each nesting path, the deepest tree the parser accepts (parsed on a big stack); each
/// path must nest at least 20 deep.
fn deepest_trees() -> Result<Vec<Statement>, String> {
    let deepest = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            (0..paths(1).len())
                .map(|i| {
                    (1..=60)
                        .rev()
                        .find_map(|n| parsed(&paths(n)[i]).map(|s| (n, s)))
                })
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the parsing thread failed".to_string())?;
    for (i, found) in deepest.iter().enumerate() {
        let depth = found.as_ref().map(|(n, _)| *n);
        assert!(depth >= Some(20), "path {i} parses only to depth {depth:?}");
    }
    Ok(deepest.into_iter().flatten().map(|(_, s)| s).collect())
}

/// Runs `f` on the deepest trees on a thread with WebAssembly's stack. A stack overflow
/// aborts the whole test run, which fails it too.
fn in_webassemblys_stack<R: Send + 'static>(f: fn(Vec<Statement>) -> R) -> Result<R, String> {
    let trees = deepest_trees()?;
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || f(trees))
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the thread on WebAssembly's stack failed".to_string())
}

#[test]
fn the_deepest_accepted_trees_print_in_webassemblys_stack() -> Result<(), String> {
    let lengths =
        in_webassemblys_stack(|trees| trees.iter().map(|t| t.to_sql().len()).collect::<Vec<_>>())?;
    assert!(lengths.iter().all(|&n| n > 0), "{lengths:?}");
    Ok(())
}

#[test]
fn the_deepest_accepted_trees_copy_in_webassemblys_stack() -> Result<(), String> {
    let differ = in_webassemblys_stack(|trees| {
        trees.iter().filter_map(copy_difference).collect::<Vec<_>>()
    })?;
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    Ok(())
}

/// How many callbacks a walk of `tree` with all three makes.
fn calls(tree: &mut Statement) -> usize {
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
    let counts =
        in_webassemblys_stack(|mut trees| trees.iter_mut().map(calls).collect::<Vec<_>>())?;
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    Ok(())
}
