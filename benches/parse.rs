//! Reading speed: Queue Lab's lexer and parser against sqlparser's over the corpus of every
//! parse the project's tests make (`tests/sql_corpus.jsonl`), each statement lexed and parsed.
//! `cargo bench --bench parse`.

#[path = "../tests/sql_reference/mod.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, Criterion};
use queuelab::sql::{lexer, Flavor, Parser};
use reference::{dialect, flavor};
use sqlparser::tokenizer::Tokenizer;

fn corpus() -> Vec<(Flavor, String)> {
    include_str!("../tests/sql_corpus.jsonl")
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["entry"] == "statement")
        .filter_map(|v| {
            Some((
                flavor(v["flavor"].as_str()?),
                v["sql"].as_str()?.to_string(),
            ))
        })
        .collect()
}

fn parse(c: &mut Criterion) {
    let cases = corpus();
    c.bench_function("queuelab sql: lex and parse the corpus", |b| {
        b.iter(|| {
            for (f, sql) in &cases {
                if let Ok(tokens) = lexer::tokenize(*f, sql) {
                    let _ = std::hint::black_box(Parser::new(*f, tokens).parse_statement());
                }
            }
        })
    });
    let dialects: Vec<_> = cases.iter().map(|(f, _)| dialect(*f)).collect();
    c.bench_function("sqlparser: lex and parse the corpus", |b| {
        b.iter(|| {
            for ((_, sql), d) in cases.iter().zip(&dialects) {
                if let Ok(tokens) = Tokenizer::new(d.as_ref(), sql).tokenize_with_location() {
                    let mut p = sqlparser::parser::Parser::new(d.as_ref())
                        .with_tokens_with_locations(tokens);
                    let _ = std::hint::black_box(p.parse_statement());
                }
            }
        })
    });
}

criterion_group!(benches, parse);
criterion_main!(benches);
