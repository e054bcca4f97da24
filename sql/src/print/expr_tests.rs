//! The expression and type printer against sqlparser's `Display`: on every expression inside
//! the corpus's statements (whose own printers may still lean on `Display`), on the shapes the
//! engine composes that no parse gives, and on the quoting corner cases.

use crate::print::{display_difference, ToSql, UNPRINTABLE};
use crate::reference::flavor;
use crate::Parser;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    visit_expressions, ArrayElemTypeDef, BinaryOperator, CaseWhen, CastKind, CharacterLength,
    DataType, DateTimeField, DollarQuotedString, Expr, Function, FunctionArg, FunctionArgExpr,
    FunctionArgumentList, FunctionArguments, Ident, Interval, ObjectName, QuoteDelimitedString,
    Statement, TimezoneInfo, UnaryOperator, Value,
};
use sqlparser::tokenizer::Span;
use std::ops::ControlFlow;

/// Every difference in `nodes`, one line each.
fn differences<T: ToSql>(nodes: &[T]) -> Vec<String> {
    nodes.iter().filter_map(display_difference).collect()
}

fn call(name: &str, args: Vec<Expr>) -> Expr {
    Expr::Function(Function {
        name: ObjectName::from(vec![Ident::new(name)]),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::List(FunctionArgumentList {
            duplicate_treatment: None,
            args: args
                .into_iter()
                .map(|a| FunctionArg::Unnamed(FunctionArgExpr::Expr(a)))
                .collect(),
            clauses: Vec::new(),
        }),
        within_group: Vec::new(),
        filter: None,
        null_treatment: None,
        over: None,
    })
}

fn number(n: &str) -> Expr {
    Expr::value(Value::Number(n.to_string(), false))
}

fn text(s: &str) -> Expr {
    Expr::value(Value::SingleQuotedString(s.to_string()))
}

fn column(name: &str) -> Expr {
    Expr::Identifier(Ident::new(name))
}

fn cast(e: Expr, data_type: DataType) -> Expr {
    Expr::Cast {
        kind: CastKind::Cast,
        expr: Box::new(e),
        data_type,
        format: None,
    }
}

/// The expressions and column types of one statement.
fn collect(statement: &Statement, exprs: &mut Vec<Expr>, types: &mut Vec<DataType>) {
    let _ = visit_expressions(statement, |e| {
        exprs.push(e.clone());
        ControlFlow::<()>::Continue(())
    });
    if let Statement::CreateTable(t) = statement {
        types.extend(t.columns.iter().map(|c| c.data_type.clone()));
    }
}

#[test]
fn every_expression_of_the_corpus_prints_as_display() -> Result<(), String> {
    // The corpus nests deeply, and cloning, visiting and printing each recurse.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(corpus_expressions)
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the corpus check failed".to_string())?
}

fn corpus_expressions() -> Result<(), String> {
    let mut exprs = Vec::new();
    let mut types = Vec::new();
    for line in include_str!("../../tests/corpus.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let (Some(entry), Some(f), Some(sql)) =
            (v["entry"].as_str(), v["flavor"].as_str(), v["sql"].as_str())
        else {
            return Err(format!(
                "a corpus line without entry, flavor or sql: {line}"
            ));
        };
        let f = flavor(f);
        let Ok(tokens) = crate::lexer::tokenize(f, sql) else {
            continue;
        };
        let mut p = Parser::new(f, tokens);
        match entry {
            "statement" => {
                if let Ok(s) = p.parse_statement() {
                    collect(&s, &mut exprs, &mut types);
                }
            }
            "query" => {
                if let Ok(q) = p.parse_query() {
                    collect(&Statement::Query(q), &mut exprs, &mut types);
                }
            }
            _ => exprs.extend(p.parse_expr().ok()),
        }
    }
    assert!(exprs.len() > 5_000, "only {} expressions", exprs.len());
    assert!(types.len() > 300, "only {} column types", types.len());
    let mut found = differences(&exprs);
    found.extend(differences(&types));
    assert!(found.is_empty(), "{}", found.join("\n"));
    Ok(())
}

#[test]
fn the_engines_compositions_print_as_display() {
    let amount = Expr::BinaryOp {
        left: Box::new(Expr::Nested(Box::new(column("attempts")))),
        op: BinaryOperator::Multiply,
        right: Box::new(number("-10")),
    };
    let composed = vec![
        call("ql_now", Vec::new()),
        call("typeof", vec![column("x"), text("real")]),
        cast(call("round", vec![column("x")]), DataType::Integer(None)),
        cast(column("x"), DataType::Text),
        cast(column("x"), DataType::Real),
        Expr::Case {
            case_token: AttachedToken::empty(),
            end_token: AttachedToken::empty(),
            operand: None,
            conditions: vec![CaseWhen {
                condition: Expr::BinaryOp {
                    left: Box::new(call("typeof", vec![column("x")])),
                    op: BinaryOperator::Eq,
                    right: Box::new(text("real")),
                },
                result: cast(column("x"), DataType::Integer(None)),
            }],
            else_result: Some(Box::new(column("x"))),
        },
        Expr::BinaryOp {
            left: Box::new(Expr::Nested(Box::new(amount))),
            op: BinaryOperator::StringConcat,
            right: Box::new(text(" seconds")),
        },
        Expr::Nested(Box::new(Expr::BinaryOp {
            left: Box::new(Expr::Nested(Box::new(column("a")))),
            op: BinaryOperator::Modulo,
            right: Box::new(number("3")),
        })),
        Expr::UnaryOp {
            op: UnaryOperator::Not,
            expr: Box::new(Expr::value(Value::Boolean(true))),
        },
        Expr::value(Value::Boolean(false)),
        Expr::value(Value::Null),
        Expr::value(Value::Number("12".into(), true)),
        Expr::value(Value::SingleQuotedString("+30 seconds".into())),
        Expr::CompoundIdentifier(vec![Ident::new("t"), Ident::with_quote('"', "c")]),
        Expr::Identifier(Ident::with_quote('[', "odd]name")),
    ];
    let found = differences(&composed);
    assert!(found.is_empty(), "{}", found.join("\n"));
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
            ObjectName::from(vec![Ident::new("t")]),
            vec!["a".into(), "1".into()],
        ),
        DataType::Unspecified,
    ];
    let mut found = differences(&exprs);
    found.extend(differences(&types));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn what_no_parse_builds_prints_as_the_marker_sqlite_refuses() {
    let mut odbc = call("f", Vec::new());
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
        assert!(e.to_sql_unchecked().contains(UNPRINTABLE), "{e:?}");
    }
}

/// `to_sql` without the comparison with `Display`, which these nodes fail on purpose (or
/// on which `Display` panics).
trait Unchecked {
    fn to_sql_unchecked(&self) -> String;
}

impl<T: ToSql> Unchecked for T {
    fn to_sql_unchecked(&self) -> String {
        let mut out = String::new();
        self.write_sql(&mut out);
        out
    }
}
