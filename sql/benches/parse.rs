//! Reading speed: Queue Lab's lexer and parser against sqlparser's over the corpus of every
//! parse the project's tests make (`tests/corpus.jsonl`), each statement lexed and parsed.
//! `cargo bench -p queuelab-sql`.

use criterion::{criterion_group, criterion_main, Criterion};
use queuelab_sql::{lexer, Flavor, Parser};
use sqlparser::dialect::{
    Dialect, GenericDialect, MsSqlDialect, MySqlDialect, PostgreSqlDialect, SQLiteDialect,
};
use sqlparser::tokenizer::Tokenizer;

fn corpus() -> Vec<(Flavor, String)> {
    include_str!("../tests/corpus.jsonl")
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["entry"] == "statement")
        .filter_map(|v| {
            let flavor = match v["flavor"].as_str()? {
                "MySql" => Flavor::MySql,
                "Postgres" => Flavor::Postgres,
                "MsSql" => Flavor::MsSql,
                "Sqlite" => Flavor::Sqlite,
                _ => Flavor::Generic,
            };
            Some((flavor, v["sql"].as_str()?.to_string()))
        })
        .collect()
}

fn dialect(f: Flavor) -> Box<dyn Dialect> {
    match f {
        Flavor::MySql => Box::new(MySqlDialect {}),
        Flavor::Postgres => Box::new(PostgreSqlDialect {}),
        Flavor::MsSql => Box::new(MsSqlDialect {}),
        Flavor::Sqlite => Box::new(SQLiteDialect {}),
        Flavor::Generic => Box::new(GenericDialect {}),
    }
}

fn parse(c: &mut Criterion) {
    let cases = corpus();
    c.bench_function("queuelab-sql: lex and parse the corpus", |b| {
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
