//! Queue Lab's lexer and parser against sqlparser's, over every statement the project's tests
//! parse (`tests/sql_corpus.jsonl`, one `{"entry", "flavor", "sql"}` per line). Tokens must be the
//! same, with the same spans; trees must be equal (sqlparser's equality ignores spans), with the
//! same token next; errors must read the same. Ours may refuse by name a statement sqlparser
//! reads ("... is not supported by Queue Lab's parser"), never build another tree.
//!
//! `QL_DIFF_REFUSED=1` prints the statements ours refuses by name.
//! `QL_DIFF_SHOW=N` prints the first N differences in full; `QL_DIFF_ENTRY=expr` (or
//! `statement`, `query`) and `QL_DIFF_FLAVOR=MySql` narrow the run.

#[path = "sql_reference/mod.rs"]
mod reference;

use queuelab::sql::{lexer, Duplicate, Flavor, Parser, ToSql};
use reference::{dialect, flavor};
use sqlparser::tokenizer::{Token, TokenWithSpan, Tokenizer};

struct Case {
    entry: String,
    flavor: Flavor,
    sql: String,
}

fn corpus() -> Vec<Case> {
    let text = include_str!("sql_corpus.jsonl");
    let entry_filter = std::env::var("QL_DIFF_ENTRY").ok();
    let flavor_filter = std::env::var("QL_DIFF_FLAVOR").ok();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            Case {
                entry: v["entry"].as_str().expect("entry").to_string(),
                flavor: flavor(v["flavor"].as_str().expect("flavor")),
                sql: v["sql"].as_str().expect("sql").to_string(),
            }
        })
        .filter(|c| entry_filter.as_deref().is_none_or(|e| e == c.entry))
        .filter(|c| {
            flavor_filter
                .as_deref()
                .is_none_or(|f| f == format!("{:?}", c.flavor))
        })
        .collect()
}

fn show() -> usize {
    std::env::var("QL_DIFF_SHOW")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5)
}

/// A token with its start and end as (line, column).
type Placed = (Token, (u64, u64), (u64, u64));

fn spans(tokens: &[TokenWithSpan]) -> Vec<Placed> {
    tokens
        .iter()
        .map(|t| {
            (
                t.token.clone(),
                (t.span.start.line, t.span.start.column),
                (t.span.end.line, t.span.end.column),
            )
        })
        .collect()
}

#[test]
fn the_lexer_reads_every_statement_as_sqlparser_does() {
    let cases = corpus();
    let mut differ = 0;
    for c in &cases {
        let theirs = Tokenizer::new(dialect(c.flavor).as_ref(), &c.sql)
            .tokenize_with_location()
            .map(|t| spans(&lexer::as_known(t)))
            .map_err(|e| e.to_string());
        let ours = lexer::tokenize(c.flavor, &c.sql)
            .map(|t| spans(&t))
            .map_err(|e| e.to_string());
        if theirs != ours {
            differ += 1;
            if differ <= show() {
                eprintln!(
                    "--- {:?} {}\n{}\n  sqlparser: {theirs:?}\n  ours:      {ours:?}",
                    c.flavor, c.entry, c.sql
                );
            }
        }
    }
    assert_eq!(
        differ,
        0,
        "{differ} of {} statements tokenized differently",
        cases.len()
    );
}

/// What a parse gave: the tree's Debug form (spans included, so compared by `==` below
/// instead) or the error, and the next token.
#[derive(Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // a test's value, made once per case
enum Outcome {
    Statement(sqlparser::ast::Statement, Token),
    Query(Box<sqlparser::ast::Query>, Token),
    Expr(sqlparser::ast::Expr, Token),
    Error(String),
}

fn theirs(c: &Case, tokens: Vec<TokenWithSpan>) -> Outcome {
    let d = dialect(c.flavor);
    let mut p = sqlparser::parser::Parser::new(d.as_ref()).with_tokens_with_locations(tokens);
    let r = match c.entry.as_str() {
        "statement" => p
            .parse_statement()
            .map(|s| Outcome::Statement(s, Token::EOF)),
        "query" => p.parse_query().map(|q| Outcome::Query(q, Token::EOF)),
        _ => p.parse_expr().map(|e| Outcome::Expr(e, Token::EOF)),
    };
    next_or_error(r, known_token(p.peek_token().token))
}

/// A token as Queue Lab's lexer gives it (a keyword it does not know is a plain word).
fn known_token(mut t: Token) -> Token {
    if let Token::Word(w) = &mut t {
        w.keyword = lexer::known(w.keyword);
    }
    t
}

fn ours(c: &Case, tokens: Vec<TokenWithSpan>) -> Outcome {
    let mut p = Parser::new(c.flavor, tokens);
    let r = match c.entry.as_str() {
        "statement" => p
            .parse_statement()
            .map(|s| Outcome::Statement(s, Token::EOF)),
        "query" => p.parse_query().map(|q| Outcome::Query(q, Token::EOF)),
        _ => p.parse_expr().map(|e| Outcome::Expr(e, Token::EOF)),
    };
    next_or_error(r, p.peek_token().token)
}

fn next_or_error(r: Result<Outcome, sqlparser::parser::ParserError>, next: Token) -> Outcome {
    match r {
        Ok(Outcome::Statement(s, _)) => Outcome::Statement(s, next),
        Ok(Outcome::Query(q, _)) => Outcome::Query(q, next),
        Ok(Outcome::Expr(e, _)) => Outcome::Expr(e, next),
        Ok(o) => o,
        Err(e) => Outcome::Error(e.to_string()),
    }
}

/// Ours may refuse, by name, a statement sqlparser reads (or rejects later in its text): one
/// the engine does not run (GRANT, EXPLAIN, ...), whose grammar would be download size for
/// nothing.
fn refused_by_name(ours: &Outcome) -> bool {
    matches!(ours, Outcome::Error(e) if e.contains("is not supported by Queue Lab's parser"))
}

#[test]
fn the_parser_builds_the_trees_sqlparser_builds() {
    let cases = corpus();
    let mut differ = 0;
    for c in &cases {
        // Both parsers read sqlparser's tokens: a lexer difference is the other test's.
        let Ok(tokens) =
            Tokenizer::new(dialect(c.flavor).as_ref(), &c.sql).tokenize_with_location()
        else {
            continue;
        };
        let a = theirs(c, tokens.clone());
        // Ours reads them as its own lexer gives them (only the keywords it knows).
        let b = ours(c, lexer::as_known(tokens));
        if refused_by_name(&b) {
            if std::env::var("QL_DIFF_REFUSED").is_ok() {
                eprintln!("refused {:?} {}: {}\n  {b:?}", c.flavor, c.entry, c.sql);
            }
            continue;
        }
        if a != b {
            differ += 1;
            if differ <= show() {
                eprintln!(
                    "--- {:?} {}\n{}\n  sqlparser: {a:?}\n  ours:      {b:?}",
                    c.flavor, c.entry, c.sql
                );
            }
        }
    }
    assert_eq!(
        differ,
        0,
        "{differ} of {} statements parsed differently",
        cases.len()
    );
}

/// Our printer's text and sqlparser's `Display` for a tree our parser built, when they differ.
fn printed_differently(outcome: &Outcome) -> Option<(String, String)> {
    fn pair<T: ToSql>(node: &T) -> Option<(String, String)> {
        let mut ours = String::new();
        node.write_sql(&mut ours);
        let theirs = node.to_string();
        (ours != theirs).then_some((theirs, ours))
    }
    match outcome {
        Outcome::Statement(s, _) => pair(s),
        Outcome::Query(q, _) => pair(q.as_ref()),
        Outcome::Expr(e, _) => pair(e),
        Outcome::Error(_) => None,
    }
}

/// Runs `differ` (the reference's text and ours, when they differ) on every tree our parser
/// builds from the corpus, and fails on any difference; `what` names the texts in the report.
fn every_tree_agrees(what: (&str, &str), differ: fn(&Outcome) -> Option<(String, String)>) {
    let cases = corpus();
    let (mut differing, mut trees) = (0, 0);
    for c in &cases {
        let Ok(tokens) = lexer::tokenize(c.flavor, &c.sql) else {
            continue;
        };
        let tree = ours(c, tokens);
        trees += usize::from(!matches!(tree, Outcome::Error(_)));
        if let Some((theirs, ours)) = differ(&tree) {
            differing += 1;
            if differing <= show() {
                eprintln!(
                    "--- {:?} {}\n{}\n  {}: {theirs}\n  {}: {ours}",
                    c.flavor, c.entry, c.sql, what.0, what.1
                );
            }
        }
    }
    assert!(trees > 1_500, "only {trees} trees were compared");
    assert_eq!(differing, 0, "{differing} of {trees} trees differ");
}

#[test]
fn the_printer_prints_every_tree_as_sqlparser_displays_it() {
    every_tree_agrees(("Display", "printer"), printed_differently);
}

/// The tree's `Debug` text and its copy's, when they differ.
fn copied_differently(outcome: &Outcome) -> Option<(String, String)> {
    fn pair<T: Duplicate>(node: &T) -> Option<(String, String)> {
        let (a, b) = (format!("{node:?}"), format!("{:?}", node.copy_of()));
        (a != b).then_some((a, b))
    }
    match outcome {
        Outcome::Statement(s, _) => pair(s),
        Outcome::Query(q, _) => pair(q.as_ref()),
        Outcome::Expr(e, _) => pair(e),
        Outcome::Error(_) => None,
    }
}

#[test]
fn every_tree_copies_field_for_field() {
    every_tree_agrees(("original", "copy"), copied_differently);
}
