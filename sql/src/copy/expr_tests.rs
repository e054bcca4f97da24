//! The copy of expressions, names and data types against sqlparser's `Clone`, compared by
//! `Debug` text (spans included): every one inside the parsed corpus, the shapes the engine
//! builds that the parser does not, and the placeholders of what the copy does not cover.

use super::super::types::marker_type;
use super::super::{copy_difference, marker_expr, marker_name, Duplicate};
use crate::print::{ToSql, UNPRINTABLE};
use crate::reference::flavor;
use crate::{lexer, Flavor, Parser};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    AlterTableOperation, ArrayElemTypeDef, BinaryOperator, CaseWhen, CastKind, DataType, Expr,
    Function, FunctionArg, FunctionArgExpr, FunctionArgumentClause, FunctionArgumentList,
    FunctionArguments, Ident, NullTreatment, ObjectName, ObjectNamePart, ObjectNamePartFunction,
    Statement, TableFactor, Value, Visit, Visitor,
};
use std::ops::ControlFlow;

/// Holds each expression, name and data type it visits to its copy.
#[derive(Default)]
struct Compare {
    exprs: usize,
    names: usize,
    types: usize,
    differences: Vec<String>,
}

impl Compare {
    fn check<T: Duplicate>(&mut self, node: &T) {
        if let Some(d) = copy_difference(node) {
            self.differences.push(d);
        }
    }

    fn check_type(&mut self, t: &DataType) {
        self.types += 1;
        self.check(t);
    }

    /// The data types an expression holds directly (the ones nested deeper come as their
    /// own expressions).
    fn expr_types(&mut self, e: &Expr) {
        match e {
            Expr::Cast { data_type, .. } => self.check_type(data_type),
            Expr::Convert {
                data_type: Some(t), ..
            } => self.check_type(t),
            Expr::TypedString(t) => self.check_type(&t.data_type),
            _ => {}
        }
    }

    /// The data types a statement holds outside its expressions: columns and variables.
    fn statement_types(&mut self, s: &Statement) {
        match s {
            Statement::CreateTable(t) => {
                for c in &t.columns {
                    self.check_type(&c.data_type);
                }
            }
            Statement::AlterTable(t) => {
                for op in &t.operations {
                    if let AlterTableOperation::AddColumn { column_def, .. } = op {
                        self.check_type(&column_def.data_type);
                    }
                }
            }
            Statement::Declare { stmts } => {
                for d in stmts {
                    if let Some(t) = &d.data_type {
                        self.check_type(t);
                    }
                }
            }
            _ => {}
        }
    }
}

impl Visitor for Compare {
    type Break = ();

    fn pre_visit_expr(&mut self, e: &Expr) -> ControlFlow<()> {
        self.exprs += 1;
        self.check(e);
        self.expr_types(e);
        ControlFlow::Continue(())
    }

    fn pre_visit_relation(&mut self, name: &ObjectName) -> ControlFlow<()> {
        self.names += 1;
        self.check(name);
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, t: &TableFactor) -> ControlFlow<()> {
        let alias = match t {
            TableFactor::Table { alias, .. }
            | TableFactor::Derived { alias, .. }
            | TableFactor::Function { alias, .. }
            | TableFactor::TableFunction { alias, .. }
            | TableFactor::UNNEST { alias, .. } => alias.as_ref(),
            _ => None,
        };
        for column in alias.iter().flat_map(|a| &a.columns) {
            if let Some(t) = &column.data_type {
                self.check_type(t);
            }
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_statement(&mut self, s: &Statement) -> ControlFlow<()> {
        self.statement_types(s);
        ControlFlow::Continue(())
    }
}

/// Visits the tree our parser builds from `sql` read as `entry`, if it parses.
fn visit_parsed(entry: &str, f: Flavor, sql: &str, compare: &mut Compare) {
    let Ok(tokens) = lexer::tokenize(f, sql) else {
        return;
    };
    let mut p = Parser::new(f, tokens);
    let _ = match entry {
        "statement" => p.parse_statement().map(|s| s.visit(compare)),
        "query" => p.parse_query().map(|q| q.visit(compare)),
        _ => p.parse_expr().map(|e| e.visit(compare)),
    };
}

fn field<'a>(line: &'a serde_json::Value, name: &str) -> Result<&'a str, String> {
    line[name]
        .as_str()
        .ok_or_else(|| format!("a corpus line with no {name}: {line}"))
}

#[test]
fn every_expression_name_and_type_in_the_corpus_copies_field_for_field() -> Result<(), String> {
    let mut compare = Compare::default();
    for line in include_str!("../../tests/corpus.jsonl").lines() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let f = flavor(field(&v, "flavor")?);
        visit_parsed(field(&v, "entry")?, f, field(&v, "sql")?, &mut compare);
    }
    // The corpus holds thousands of expressions and hundreds of names and types.
    assert!(compare.exprs > 1000, "{} expressions", compare.exprs);
    assert!(compare.names > 100, "{} names", compare.names);
    assert!(compare.types > 100, "{} data types", compare.types);
    let shown: Vec<_> = compare.differences.iter().take(5).collect();
    assert!(
        compare.differences.is_empty(),
        "{} of {} nodes copied differently; the first:\n{shown:#?}",
        compare.differences.len(),
        compare.exprs + compare.names + compare.types
    );
    Ok(())
}

/// Every data type the printer covers, as CAST names it, in the generic flavour (which
/// reads them all).
#[test]
fn every_data_type_copies_field_for_field() -> Result<(), String> {
    // One string, not an array, that the formatter would spread one type a line.
    let list =
        "CHARACTER(10 CHARACTERS); CHAR(MAX); CHARACTER VARYING(3); CHAR VARYING(4 OCTETS); \
        VARCHAR; NVARCHAR(MAX); CLOB(5); BINARY(2); VARBINARY(MAX); VARBINARY(9); BLOB; \
        TINYBLOB; MEDIUMBLOB; LONGBLOB; BYTES(3); NUMERIC(10,2); DECIMAL(5) UNSIGNED; \
        DEC(7,-1); DEC UNSIGNED; BIGNUMERIC; BIGDECIMAL(3); FLOAT(8); FLOAT UNSIGNED; DOUBLE; \
        DOUBLE(5,2) UNSIGNED; DOUBLE PRECISION; TINYINT(1) UNSIGNED; INT2; SMALLINT UNSIGNED; \
        MEDIUMINT(4); INT UNSIGNED; INT4(2); INT8 UNSIGNED; INTEGER; BIGINT(20) UNSIGNED; \
        INT16; INT64; UINT256; HUGEINT; UBIGINT; SIGNED INTEGER; UNSIGNED; REAL UNSIGNED; \
        FLOAT4; FLOAT64; BOOL; BOOLEAN; DATE; DATE32; TIME(3) WITH TIME ZONE; TIMETZ; \
        DATETIME(6); TIMESTAMP WITHOUT TIME ZONE; TIMESTAMPTZ(2); TIMESTAMP_NTZ; INTERVAL; \
        INTERVAL DAY TO SECOND (3); JSON; JSONB; REGCLASS; TEXT; TEXT(10); TINYTEXT; \
        LONGTEXT; STRING(5); FixedString(16); BYTEA; BIT(3); BIT VARYING(5); VARBIT; UUID; \
        my.type(1, 2); ARRAY<INT>; INT[3][]; TEXT ARRAY[2]; ENUM('a', 'b'); \
        ENUM8('a' = 1, 'b' = -2); SET('x', 'y'); TSVECTOR; TSQUERY; TRIGGER; ANY TYPE";
    let types: Vec<&str> = list.split("; ").collect();
    let mut parsed = 0;
    for t in &types {
        let mut compare = Compare::default();
        visit_parsed(
            "expr",
            Flavor::Generic,
            &format!("CAST(x AS {t})"),
            &mut compare,
        );
        parsed += compare.types;
        assert_eq!(compare.differences, Vec::<String>::new(), "{t}");
    }
    assert_eq!(parsed, types.len(), "some type did not parse");
    Ok(())
}

fn ident_expr(name: &str) -> Box<Expr> {
    Box::new(Expr::Identifier(Ident::new(name)))
}

/// A call as the engine builds one (`dialect::exprs::call`): no spans, no clauses.
fn engine_call(name: &str, args: Vec<Expr>) -> Expr {
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

/// The shapes the engine composes (src/dialect): a CASE with empty tokens (MySQL's XOR,
/// PostgreSQL's rounding casts), a CAST of a parenthesized quotient (MySQL's DIV), `<=>` as
/// IS NOT DISTINCT FROM, `excluded.col`, calls of its own functions.
#[test]
fn the_shapes_the_engine_builds_copy_field_for_field() -> Result<(), String> {
    let truth = |e: Box<Expr>| Expr::Nested(Box::new(Expr::IsTrue(Box::new(Expr::Nested(e)))));
    let shapes = vec![
        Expr::Case {
            case_token: AttachedToken::empty(),
            end_token: AttachedToken::empty(),
            operand: None,
            conditions: vec![CaseWhen {
                condition: Expr::BinaryOp {
                    left: Box::new(Expr::IsNull(ident_expr("a"))),
                    op: BinaryOperator::Or,
                    right: Box::new(Expr::IsNull(ident_expr("b"))),
                },
                result: Expr::value(Value::Null),
            }],
            else_result: Some(Box::new(Expr::BinaryOp {
                left: Box::new(truth(ident_expr("a"))),
                op: BinaryOperator::NotEq,
                right: Box::new(truth(ident_expr("b"))),
            })),
        },
        Expr::Cast {
            kind: CastKind::Cast,
            expr: Box::new(Expr::Nested(Box::new(Expr::BinaryOp {
                left: ident_expr("a"),
                op: BinaryOperator::Divide,
                right: ident_expr("b"),
            }))),
            data_type: DataType::Integer(None),
            format: None,
        },
        Expr::IsNotDistinctFrom(ident_expr("a"), ident_expr("b")),
        Expr::CompoundIdentifier(vec![Ident::new("excluded"), Ident::with_quote('`', "c")]),
        engine_call("ql_now", Vec::new()),
        engine_call(
            "round",
            vec![engine_call(
                "typeof",
                vec![Expr::value(Value::Number("1".into(), false))],
            )],
        ),
        Expr::Identifier(Ident::new("@ql_param")),
    ];
    for e in &shapes {
        assert_eq!(copy_difference(e), None);
    }
    Ok(())
}

/// The fields our parser refuses but the copy keeps as they are, as they cost nothing more.
#[test]
fn refused_call_forms_copy_as_they_are() -> Result<(), String> {
    let Expr::Function(mut f) = engine_call("f", vec![Expr::value(Value::Null)]) else {
        return Err("not a call".into());
    };
    f.uses_odbc_syntax = true;
    f.null_treatment = Some(NullTreatment::IgnoreNulls);
    f.parameters = FunctionArguments::List(FunctionArgumentList {
        duplicate_treatment: None,
        args: Vec::new(),
        clauses: vec![FunctionArgumentClause::IgnoreOrRespectNulls(
            NullTreatment::RespectNulls,
        )],
    });
    assert_eq!(copy_difference(&f), None);
    Ok(())
}

fn assert_marked<T: ToSql>(node: &T) {
    let text = node.to_sql();
    assert!(text.contains(UNPRINTABLE), "{text}");
}

#[test]
fn what_the_copy_does_not_cover_copies_to_a_placeholder_that_prints_the_marker() {
    assert_marked(&marker_expr());
    assert_marked(&marker_name());
    assert_marked(&marker_type());

    let prior = Expr::Prior(ident_expr("a"));
    assert_eq!(
        format!("{:?}", prior.copy_of()),
        format!("{:?}", marker_expr())
    );
    assert_marked(&prior.copy_of());

    let part = ObjectNamePart::Function(ObjectNamePartFunction {
        name: Ident::new("IDENTIFIER"),
        args: vec![FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::value(
            Value::SingleQuotedString("t".into()),
        )))],
    });
    assert_marked(&part.copy_of());
    assert_marked(&ObjectName(vec![part]).copy_of());

    let nullable = DataType::Nullable(Box::new(DataType::Int(None)));
    assert_marked(&nullable.copy_of());
    let bare_array = DataType::Array(ArrayElemTypeDef::None);
    assert_marked(&bare_array.copy_of());
    let clickhouse_array =
        DataType::Array(ArrayElemTypeDef::Parenthesis(Box::new(DataType::Int64)));
    assert_marked(&clickhouse_array.copy_of());

    let having = FunctionArgumentClause::Having(sqlparser::ast::HavingBound(
        sqlparser::ast::HavingBoundKind::Max,
        *ident_expr("a"),
    ));
    assert_marked(&having.copy_of());

    let wildcard = FunctionArgExpr::WildcardWithOptions(Default::default());
    assert_marked(&wildcard.copy_of());
}

/// Each path an expression nests by, as the text of `n` levels.
fn nestings(n: usize) -> Vec<String> {
    let nest = |open: &str, close: &str| format!("{}1{}", open.repeat(n), close.repeat(n));
    vec![
        nest("(", ")"),
        nest("-(", ")"),
        nest("abs(", ")"),
        nest("CAST(", " AS INT)"),
        nest("CASE WHEN a THEN ", " END"),
        nest("f(x) OVER (PARTITION BY ", ")"),
        nest("a IN (", ")"),
        nest("ARRAY[", "]"),
        nest("SUBSTRING(", " FROM 2)"),
        nest("1 + (", ")"),
    ]
}

/// The copy recurses as the tree nests: the deepest expressions the parser accepts must copy
/// within WebAssembly's stack (1 MiB), where an overflow would kill the page.
#[test]
fn the_deepest_accepted_expressions_copy_in_webassemblys_stack() -> Result<(), String> {
    let parsed = |sql: &str| {
        let tokens = lexer::tokenize(Flavor::Postgres, sql).ok()?;
        Parser::new(Flavor::Postgres, tokens).parse_expr().ok()
    };
    // For each path, the deepest nesting the parser accepts (parsed on a big stack).
    let deepest = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            (0..nestings(1).len())
                .map(|i| {
                    (1..=60)
                        .rev()
                        .find_map(|n| parsed(&nestings(n)[i]).map(|e| (n, e)))
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
    let trees: Vec<Expr> = deepest.into_iter().flatten().map(|(_, e)| e).collect();
    // A stack overflow aborts the whole test run, which fails it too.
    let differ = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            trees
                .iter()
                .filter(|t| copy_difference(*t).is_some())
                .count()
        })
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the copying thread failed".to_string())?;
    assert_eq!(differ, 0);
    Ok(())
}
