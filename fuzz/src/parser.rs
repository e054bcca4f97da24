//! The differential check of Queue Lab's own lexer and parser (`sql/`) against sqlparser's,
//! whose trees and tokens they promise to build: any input on which the two disagree in a way
//! a user could not see as a refusal is a crash.

use queuelab::sql::{lexer, Duplicate, Flavor, Parser, ToSql};
use sqlparser::dialect::{
    Dialect, GenericDialect, MsSqlDialect, MySqlDialect, PostgreSqlDialect, SQLiteDialect,
};
use sqlparser::tokenizer::Tokenizer;

/// The flavour the first byte names, with sqlparser's dialect for it.
pub fn flavor_of(byte: u8) -> (Flavor, Box<dyn Dialect>) {
    match byte % 5 {
        0 => (Flavor::MySql, Box::new(MySqlDialect {})),
        1 => (Flavor::Postgres, Box::new(PostgreSqlDialect {})),
        2 => (Flavor::MsSql, Box::new(MsSqlDialect {})),
        3 => (Flavor::Sqlite, Box::new(SQLiteDialect {})),
        _ => (Flavor::Generic, Box::new(GenericDialect {})),
    }
}

/// Panics when the lexers give different tokens (a keyword Queue Lab's lexer does not know is
/// a plain word to it: see `lexer::known`), spans or errors, or when the parsers give
/// different trees for one statement, or ours accepts what sqlparser rejects, or Queue Lab's
/// printer writes the tree otherwise than sqlparser's `Display`, or its copy differs from it.
/// Ours may refuse a statement sqlparser reads, by name ("... is not supported by Queue Lab's
/// parser"), and its error texts may differ where both reject.
pub fn agree(flavor: Flavor, dialect: &dyn Dialect, text: &str) {
    let theirs = Tokenizer::new(dialect, text).tokenize_with_location();
    let ours = lexer::tokenize(flavor, text);
    let tokens = match (theirs, ours) {
        (Ok(a), Ok(b)) => {
            let spans = |t: &[sqlparser::tokenizer::TokenWithSpan]| {
                t.iter()
                    .map(|t| (t.token.clone(), t.span.start, t.span.end))
                    .collect::<Vec<_>>()
            };
            let a_known = lexer::as_known(a.clone());
            assert_eq!(spans(&a_known), spans(&b), "tokens differ ({flavor:?})");
            a
        }
        (Err(a), Err(b)) => {
            assert_eq!(
                a.to_string(),
                b.to_string(),
                "lexer errors differ ({flavor:?})"
            );
            return;
        }
        (a, b) => panic!("one lexer failed ({flavor:?}): sqlparser {a:?}, ours {b:?}"),
    };
    let mut a = sqlparser::parser::Parser::new(dialect).with_tokens_with_locations(tokens.clone());
    // Ours reads its own lexer's tokens: only the keywords it knows are keywords.
    let mut b = Parser::new(flavor, lexer::as_known(tokens.clone()));
    let theirs = a.parse_statement();
    let ours = b.parse_statement();
    match (theirs, ours) {
        (Ok(x), Ok(y)) => {
            assert_eq!(x, y, "trees differ ({flavor:?})");
            let mut printed = String::new();
            y.write_sql(&mut printed);
            assert_eq!(x.to_string(), printed, "the printer differs ({flavor:?})");
            let copy = y.copy_of();
            assert_eq!(
                format!("{y:?}"),
                format!("{copy:?}"),
                "the copy differs ({flavor:?})"
            );
            assert_eq!(
                lexer::as_known(vec![a.peek_token()]),
                vec![b.peek_token()],
                "the parsers stopped at different tokens ({flavor:?})"
            );
        }
        (Ok(_), Err(e)) => assert!(
            e.to_string()
                .contains("is not supported by Queue Lab's parser"),
            "ours rejects what sqlparser reads, without naming it ({flavor:?}): {e}"
        ),
        (Err(e), Ok(y)) => panic!("ours reads what sqlparser rejects ({flavor:?}): {e}; ours {y}"),
        (Err(_), Err(_)) => {}
    }
}
