//! Rule: a name after a dot that SQLite reserves is quoted. Every dialect reads any word after
//! a dot as a name (PostgreSQL's `j.to`, MariaDB's `j.order`, T-SQL's `j.filter`), where
//! SQLite's grammar stops at some words: the statement failed with SQLite's syntax error, named
//! as an unsupported construct. The word gets the dialect's quotes before the statement is
//! parsed (after PostgreSQL folded it to lower case, so that the name stays the one written),
//! and SQLite reads it as the name.

use crate::sql::lexer::word;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// The words SQLite's grammar takes for a keyword wherever they stand (the rest of its
/// keywords fall back to a name), sorted.
const RESERVED: [&str; 61] = [
    "ADD",
    "ALL",
    "ALTER",
    "AND",
    "AS",
    "AUTOINCREMENT",
    "BETWEEN",
    "CASE",
    "CHECK",
    "COLLATE",
    "COMMIT",
    "CONSTRAINT",
    "CREATE",
    "DEFAULT",
    "DEFERRABLE",
    "DELETE",
    "DISTINCT",
    "DROP",
    "ELSE",
    "ESCAPE",
    "EXCEPT",
    "EXISTS",
    "FILTER",
    "FOREIGN",
    "FROM",
    "GROUP",
    "HAVING",
    "IN",
    "INDEX",
    "INSERT",
    "INTERSECT",
    "INTO",
    "IS",
    "ISNULL",
    "JOIN",
    "LIMIT",
    "NOT",
    "NOTHING",
    "NOTNULL",
    "NULL",
    "ON",
    "OR",
    "ORDER",
    "OVER",
    "PRIMARY",
    "REFERENCES",
    "RETURNING",
    "SELECT",
    "SET",
    "TABLE",
    "THEN",
    "TO",
    "TRANSACTION",
    "UNION",
    "UNIQUE",
    "UPDATE",
    "USING",
    "VALUES",
    "WHEN",
    "WHERE",
    "WINDOW",
];

/// Quotes (`quote`: the dialect's own) each unquoted word after a `.` that SQLite reserves.
pub fn quote(tokens: &mut [TokenWithSpan], quote: char) {
    for i in 1..tokens.len() {
        if !matches!(tokens[i - 1].token, Token::Period) {
            continue;
        }
        if let Token::Word(w) = &tokens[i].token {
            let upper = w.value.to_ascii_uppercase();
            if w.quote_style.is_none() && RESERVED.binary_search(&upper.as_str()).is_ok() {
                tokens[i].token = word(&w.value, Some(quote));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_sorted_for_its_search() {
        assert!(RESERVED.windows(2).all(|w| w[0] < w[1]));
    }
}
