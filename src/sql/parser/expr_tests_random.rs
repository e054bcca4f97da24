//! Random runs of expression and data type tokens, the same for every run (fixed seeds),
//! held to sqlparser's parse; none may make ours panic.

use super::tests::compare;
use crate::sql::reference::FLAVORS;

/// Random runs of expression tokens, the same for every run (a fixed seed): both parsers
/// must agree on each, and ours must not panic.
#[test]
fn random_token_runs_parse_as_sqlparser_parses_them() {
    const WORDS: &[&str] = &[
        "a",
        "t.c",
        "1",
        "'s'",
        "NULL",
        "TRUE",
        "(",
        ")",
        ",",
        "+",
        "-",
        "*",
        "/",
        "%",
        "=",
        "<>",
        "<",
        ">=",
        "||",
        "::",
        "int",
        "AND",
        "OR",
        "NOT",
        "IS",
        "IN",
        "BETWEEN",
        "LIKE",
        "ESCAPE",
        "CASE",
        "WHEN",
        "THEN",
        "ELSE",
        "END",
        "CAST",
        "AS",
        "f",
        "count",
        "DISTINCT",
        "OVER",
        "PARTITION",
        "BY",
        "ORDER",
        "INTERVAL",
        "DAY",
        "EXTRACT",
        "FROM",
        "EXISTS",
        "SELECT",
        "ANY",
        "ALL",
        "COLLATE",
        "AT",
        "TIME",
        "ZONE",
        "[",
        "]",
        ".",
        "@v",
        "?",
        "$1",
        "DATE",
        "varchar",
        "NULLS",
        "FIRST",
        "FILTER",
        "WHERE",
        "DIV",
        "MOD",
        "XOR",
        "<=>",
        "->",
        "->>",
        "TRIM",
        "POSITION",
        "SUBSTRING",
        "FOR",
        "CONVERT",
        "USING",
        "ARRAY",
        "ROWS",
        "CURRENT",
        "ROW",
        "WITHIN",
        "GROUP",
        "IGNORE",
        "RESPECT",
        "NOTNULL",
        "REGEXP",
        "GLOB",
        "ILIKE",
        "SIMILAR",
        "TO",
        "UNBOUNDED",
        "PRECEDING",
        "FOLLOWING",
        "N'x'",
        "X'01'",
        "TIMESTAMP",
        "WITH",
        "{",
        "}",
        "fn",
        "MATCH",
        "AGAINST",
        ":",
        "JSON",
        "BINARY",
        "SIGNED",
        "UNSIGNED",
        "MAX",
        "DECIMAL",
        "ENUM",
        "SET",
        "OPERATOR",
        "UNKNOWN",
        "DISTINCT",
        "TRY_CAST",
        "CURRENT_DATE",
        "USER",
        "point",
        "!",
        "~",
        "^",
        "#",
        "&",
        "|",
        "<<",
        "@>",
        "?",
        "WEEK",
        "SECOND",
        "ESCAPE",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut differ = Vec::new();
    for _ in 0..50000 {
        let len = 1 + (next() % 12) as usize;
        let sql: Vec<&str> = (0..len)
            .map(|_| WORDS[(next() % WORDS.len() as u64) as usize])
            .collect();
        let sql = sql.join(" ");
        let f = FLAVORS[(next() % 5) as usize];
        let outcome =
            std::panic::catch_unwind(|| compare(f, &sql, |p| p.parse_expr(), |p| p.parse_expr()));
        match outcome {
            Ok(d) => differ.extend(d),
            Err(_) => differ.push(format!("{f:?} {sql}: panicked")),
        }
    }
    for d in differ.iter().take(15) {
        eprintln!("{}", &d[..d.len().min(1500)]);
    }
    assert!(differ.is_empty(), "{} differences", differ.len());
}

/// Random runs of data type tokens, as [`random_token_runs_parse_as_sqlparser_parses_them`].
/// No `.`: the cursor's `parse_object_name` does not read T-SQL's `db..name` yet.
#[test]
fn random_type_runs_parse_as_sqlparser_parses_them() {
    const WORDS: &[&str] = &[
        "int",
        "INTEGER",
        "bigint",
        "UNSIGNED",
        "SIGNED",
        "varchar",
        "CHAR",
        "CHARACTER",
        "VARYING",
        "(",
        ")",
        ",",
        "1",
        "-2",
        "MAX",
        "CHARACTERS",
        "OCTETS",
        "decimal",
        "NUMERIC",
        "double",
        "PRECISION",
        "float",
        "TIMESTAMP",
        "TIME",
        "WITH",
        "WITHOUT",
        "ZONE",
        "INTERVAL",
        "DAY",
        "TO",
        "SECOND",
        "YEAR",
        "MONTH",
        "HOUR",
        "MINUTE",
        "ARRAY",
        "<",
        ">",
        ">>",
        "[",
        "]",
        "ENUM",
        "'a'",
        "=",
        "SET",
        "text",
        "my_type",
        "datetime",
        "binary",
        "varbinary",
        "BIT",
        "LARGE",
        "OBJECT",
        "nvarchar",
        "uuid",
        "json",
        "TABLE",
        "ANY",
        "TYPE",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut differ = Vec::new();
    for _ in 0..50000 {
        let len = 1 + (next() % 8) as usize;
        let sql: Vec<&str> = (0..len)
            .map(|_| WORDS[(next() % WORDS.len() as u64) as usize])
            .collect();
        let sql = sql.join(" ");
        let f = FLAVORS[(next() % 5) as usize];
        let outcome = std::panic::catch_unwind(|| {
            compare(f, &sql, |p| p.parse_data_type(), |p| p.parse_data_type())
        });
        match outcome {
            Ok(d) => differ.extend(d),
            Err(_) => differ.push(format!("{f:?} {sql}: panicked")),
        }
    }
    for d in differ.iter().take(15) {
        eprintln!("{}", &d[..d.len().min(1500)]);
    }
    assert!(differ.is_empty(), "{} differences", differ.len());
}
