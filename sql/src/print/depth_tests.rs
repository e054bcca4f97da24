//! The printer recurses as the tree nests: the deepest trees the parser accepts must print
//! within WebAssembly's stack (1 MiB), where an overflow would kill the page.

use crate::print::ToSql;
use crate::{lexer, Flavor, Parser};

/// Each nesting path, as the text of `n` levels.
fn shapes(n: usize) -> Vec<String> {
    vec![
        format!("{}SELECT 1{}", "(".repeat(n), ")".repeat(n)),
        format!("SELECT {}1{}", "(".repeat(n), ")".repeat(n)),
        format!("SELECT {}1{}", "-(".repeat(n), ")".repeat(n)),
        format!("SELECT {}1{}", "abs(".repeat(n), ")".repeat(n)),
        format!("SELECT {}1{}", "CAST(".repeat(n), " AS INT)".repeat(n)),
        format!(
            "SELECT {}1{}",
            "CASE WHEN a THEN ".repeat(n),
            " END".repeat(n)
        ),
        format!(
            "{}SELECT 1{}",
            "SELECT * FROM (".repeat(n),
            ") AS d".repeat(n)
        ),
        format!("{}1{}", "SELECT (".repeat(n), ")".repeat(n)),
        format!(
            "{}SELECT 1{}",
            "WITH c AS (".repeat(n),
            ") SELECT 1".repeat(n)
        ),
        format!(
            "SELECT * FROM t{} JOIN t ON 1 = 1{}",
            " JOIN (t".repeat(n),
            ") ON 1 = 1".repeat(n)
        ),
        format!("{}SELECT 1{}", "SELECT 1 UNION (".repeat(n), ")".repeat(n)),
        format!(
            "SELECT 1 WHERE {}1{}",
            "EXISTS (SELECT ".repeat(n),
            ")".repeat(n)
        ),
    ]
}

/// The statement of `sql` in PostgreSQL's flavour, if it parses.
fn parsed(sql: &str) -> Option<sqlparser::ast::Statement> {
    let tokens = lexer::tokenize(Flavor::Postgres, sql).ok()?;
    Parser::new(Flavor::Postgres, tokens).parse_statement().ok()
}

/// For each nesting path, the deepest tree the parser accepts (parsed on a big stack): the
/// walk's depth test takes them too.
pub(crate) fn deepest_trees() -> Result<Vec<sqlparser::ast::Statement>, String> {
    let deepest = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            (0..shapes(1).len())
                .map(|i| {
                    (1..=60)
                        .rev()
                        .find_map(|n| parsed(&shapes(n)[i]).map(|s| (n, s)))
                })
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the parsing thread failed".to_string())?;
    for (i, found) in deepest.iter().enumerate() {
        let depth = found.as_ref().map(|(n, _)| *n);
        assert!(
            depth >= Some(20),
            "shape {i} parses only to depth {depth:?}"
        );
    }
    Ok(deepest.into_iter().flatten().map(|(_, s)| s).collect())
}

#[test]
fn the_deepest_accepted_trees_print_in_webassemblys_stack() -> Result<(), String> {
    let trees = deepest_trees()?;
    // A stack overflow aborts the whole test run, which fails it too.
    let lengths = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || trees.iter().map(|t| t.to_sql().len()).collect::<Vec<_>>())
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the printing thread failed".to_string())?;
    assert!(lengths.iter().all(|&n| n > 0));
    Ok(())
}
