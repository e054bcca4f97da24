//! The expression and type printer against sqlparser's `Display` on the quoting corner cases
//! and the types no text parses to, and on what must print the marker. (The corpus's
//! expressions and the engine's shapes are held to `Display` in `crate::sql::tests`.)

use crate::sql::print::{display_difference, ToSql, UNPRINTABLE};
use crate::sql::tests::{cast, printed, text};
use sqlparser::ast::{
    ArrayElemTypeDef, CharacterLength, DataType, DateTimeField, DollarQuotedString, Expr, Ident,
    Interval, QuoteDelimitedString, TimezoneInfo, TypeModifier, UnaryOperator, Value,
};
use sqlparser::tokenizer::Span;

/// Every difference in `nodes`, one line each.
fn differences<T: ToSql>(nodes: &[T]) -> Vec<String> {
    nodes.iter().filter_map(display_difference).collect()
}

fn column(name: &str) -> Expr {
    Expr::Identifier(Ident::new(name))
}

#[test]
fn quotes_inside_strings_and_names_escape_as_display_escapes_them() {
    let bodies = [
        "",
        "'",
        "''",
        "'''",
        "a'b",
        "a''b",
        "a\\'b",
        "a\\''b",
        "a\\'''b",
        "\\",
        "\"",
        "a\"\"b",
        "it's \"quoted\"",
        "\\\\'",
        "é'ü",
        "'\\'x'",
    ];
    let mut values = Vec::new();
    let mut idents = Vec::new();
    for b in bodies {
        let s = b.to_string();
        values.push(Value::SingleQuotedString(s.clone()));
        values.push(Value::DoubleQuotedString(s.clone()));
        values.push(Value::NationalStringLiteral(s.clone()));
        values.push(Value::EscapedStringLiteral(format!("{s}\n\t\r")));
        values.push(Value::UnicodeStringLiteral(format!(
            "{s}é\u{1F600}\u{FFFF}"
        )));
        for q in ['"', '\'', '`'] {
            idents.push(Ident::with_quote(q, s.clone()));
        }
    }
    values.push(Value::DollarQuotedString(DollarQuotedString {
        value: "x$y".into(),
        tag: Some("tag".into()),
    }));
    values.push(Value::DollarQuotedString(DollarQuotedString {
        value: "x".into(),
        tag: None,
    }));
    // Printed as read, unescaped.
    let verbatim: [fn(String) -> Value; 11] = [
        Value::TripleSingleQuotedString,
        Value::TripleDoubleQuotedString,
        Value::HexStringLiteral,
        Value::SingleQuotedByteStringLiteral,
        Value::DoubleQuotedByteStringLiteral,
        Value::TripleSingleQuotedByteStringLiteral,
        Value::TripleDoubleQuotedByteStringLiteral,
        Value::SingleQuotedRawStringLiteral,
        Value::DoubleQuotedRawStringLiteral,
        Value::TripleSingleQuotedRawStringLiteral,
        Value::TripleDoubleQuotedRawStringLiteral,
    ];
    values.extend(verbatim.iter().map(|make| make("a'b\"c".into())));
    values.push(Value::QuoteDelimitedStringLiteral(QuoteDelimitedString {
        start_quote: '[',
        value: "x'y".into(),
        end_quote: ']',
    }));
    values.push(Value::NationalQuoteDelimitedStringLiteral(
        QuoteDelimitedString {
            start_quote: '!',
            value: "z".into(),
            end_quote: '!',
        },
    ));
    let mut found = differences(&values);
    found.extend(differences(&idents));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn types_and_intervals_no_text_parses_to_print_as_display() {
    let interval = |leading, p, last, s| {
        Expr::Interval(Interval {
            value: Box::new(text("1")),
            leading_field: leading,
            leading_precision: p,
            last_field: last,
            fractional_seconds_precision: s,
        })
    };
    let exprs = vec![
        interval(Some(DateTimeField::Second), Some(2), None, Some(3)),
        interval(Some(DateTimeField::Second), Some(2), None, None),
        interval(
            Some(DateTimeField::Day),
            Some(2),
            Some(DateTimeField::Second),
            Some(3),
        ),
        interval(None, None, None, None),
        // Display writes `ILIKE ANY` with no space before the pattern when ESCAPE follows.
        Expr::ILike {
            negated: true,
            any: true,
            expr: Box::new(column("a")),
            pattern: Box::new(text("x%")),
            escape_char: Some(Box::new(text("!"))),
        },
    ];
    let types = vec![
        DataType::Timestamp(Some(3), TimezoneInfo::Tz),
        DataType::Time(None, TimezoneInfo::WithoutTimeZone),
        DataType::Varchar(Some(CharacterLength::Max)),
        DataType::Array(ArrayElemTypeDef::Qualified(
            Box::new(DataType::Int(None)),
            Some(4),
        )),
        DataType::Custom(
            crate::sql::build::name(Ident::new("t")),
            vec![
                TypeModifier::Identifier(Ident::new("a")),
                TypeModifier::Number("1".into(), false),
                TypeModifier::String("it's".into()),
            ],
        ),
        DataType::Unspecified,
    ];
    let mut found = differences(&exprs);
    found.extend(differences(&types));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn what_no_parse_builds_prints_as_the_marker_sqlite_refuses() {
    let mut odbc = crate::sql::tests::call("f", Vec::new());
    if let Expr::Function(f) = &mut odbc {
        f.uses_odbc_syntax = true;
    }
    let exprs = [
        odbc,
        Expr::Prior(Box::new(column("a"))),
        Expr::Rollup(vec![vec![column("a")]]),
        Expr::UnaryOp {
            op: UnaryOperator::BangNot,
            expr: Box::new(column("a")),
        },
        cast(
            column("a"),
            DataType::Nullable(Box::new(DataType::Int(None))),
        ),
        Expr::Identifier(Ident {
            value: "a".into(),
            quote_style: Some('<'),
            span: Span::empty(),
        }),
    ];
    for e in &exprs {
        assert!(printed(e).contains(UNPRINTABLE), "{e:?}");
    }
}
