//! Expressions, names and data types held at once to the printer and the copy (and, for
//! expressions, the walk): every one inside the parsed corpus, every data type CAST names,
//! and the shapes the engine builds that the parser does not.

use super::{call, cast, differences, judged, text};
use crate::sql::copy::Duplicate;
use crate::sql::print::ToSql;
use crate::sql::reference::flavor;
use crate::sql::{lexer, Flavor, Parser};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    AlterTableOperation, BinaryOperator, CaseWhen, DataType, Expr, Ident, ObjectName, Statement,
    TableFactor, UnaryOperator, Value, Visit, Visitor,
};
use std::ops::ControlFlow;

/// Holds each expression, name and data type it visits to `Display` and `Clone`.
#[derive(Default)]
struct Compare {
    exprs: usize,
    names: usize,
    types: usize,
    differences: Vec<String>,
}

impl Compare {
    fn check<T: ToSql + Duplicate>(&mut self, node: &T) {
        self.differences.extend(differences(node));
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
            Statement::Declare { stmts, .. } => {
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
fn every_expression_name_and_type_of_the_corpus_prints_and_copies() -> Result<(), String> {
    // The corpus nests deeply, and visiting, printing and copying each recurse.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(corpus_expressions)
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the corpus check failed".to_string())?
}

fn corpus_expressions() -> Result<(), String> {
    let mut compare = Compare::default();
    for line in include_str!("../../../tests/sql_corpus.jsonl").lines() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let f = flavor(field(&v, "flavor")?);
        visit_parsed(field(&v, "entry")?, f, field(&v, "sql")?, &mut compare);
    }
    // The corpus holds thousands of expressions and hundreds of names and types.
    assert!(compare.exprs > 5_000, "only {} expressions", compare.exprs);
    assert!(compare.names > 100, "only {} names", compare.names);
    assert!(compare.types > 300, "only {} data types", compare.types);
    let shown: Vec<_> = compare.differences.iter().take(5).collect();
    assert!(
        compare.differences.is_empty(),
        "{} differences in {} nodes; the first:\n{shown:#?}",
        compare.differences.len(),
        compare.exprs + compare.names + compare.types
    );
    Ok(())
}

/// Every data type the printer covers, as CAST names it, in the generic flavour (which
/// reads them all).
#[test]
fn every_data_type_prints_and_copies() -> Result<(), String> {
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

fn column(name: &str) -> Box<Expr> {
    Box::new(Expr::Identifier(Ident::new(name)))
}

fn case_when(condition: Expr, result: Expr, else_result: Expr) -> Expr {
    Expr::Case {
        case_token: AttachedToken::empty(),
        end_token: AttachedToken::empty(),
        operand: None,
        conditions: vec![CaseWhen { condition, result }],
        else_result: Some(Box::new(else_result)),
    }
}

fn binary(left: Expr, op: BinaryOperator, right: Expr) -> Expr {
    Expr::BinaryOp {
        left: Box::new(left),
        op,
        right: Box::new(right),
    }
}

fn nested(e: Expr) -> Expr {
    Expr::Nested(Box::new(e))
}

/// The shapes the engine composes (src/dialect): calls of its own functions, casts for
/// SQLite's types, CASEs with empty tokens (SQLite's rounding, MySQL's XOR), a CAST of a
/// parenthesized quotient (MySQL's DIV), `<=>` as IS NOT DISTINCT FROM, `excluded.col`,
/// interval text, and names quoted every way.
#[test]
fn the_shapes_the_engine_builds_print_copy_and_walk() -> Result<(), String> {
    let x = || *column("x");
    let truth = |e: Expr| nested(Expr::IsTrue(Box::new(nested(e))));
    let amount = binary(nested(*column("attempts")), BinaryOperator::Multiply, {
        Expr::value(Value::Number("-10".into(), false))
    });
    let shapes = vec![
        call("ql_now", Vec::new()),
        call("typeof", vec![x(), text("real")]),
        cast(call("round", vec![x()]), DataType::Integer(None)),
        cast(x(), DataType::Text),
        cast(x(), DataType::Real),
        call(
            "round",
            vec![call(
                "typeof",
                vec![Expr::value(Value::Number("1".into(), false))],
            )],
        ),
        case_when(
            binary(call("typeof", vec![x()]), BinaryOperator::Eq, text("real")),
            cast(x(), DataType::Integer(None)),
            x(),
        ),
        case_when(
            binary(
                Expr::IsNull(column("a")),
                BinaryOperator::Or,
                Expr::IsNull(column("b")),
            ),
            Expr::value(Value::Null),
            binary(
                truth(*column("a")),
                BinaryOperator::NotEq,
                truth(*column("b")),
            ),
        ),
        cast(
            nested(binary(*column("a"), BinaryOperator::Divide, *column("b"))),
            DataType::Integer(None),
        ),
        Expr::IsNotDistinctFrom(column("a"), column("b")),
        binary(
            nested(amount),
            BinaryOperator::StringConcat,
            text(" seconds"),
        ),
        nested(binary(
            nested(*column("a")),
            BinaryOperator::Modulo,
            Expr::value(Value::Number("3".into(), false)),
        )),
        Expr::UnaryOp {
            op: UnaryOperator::Not,
            expr: Box::new(Expr::value(Value::Boolean(true))),
        },
        Expr::value(Value::Boolean(false)),
        Expr::value(Value::Null),
        Expr::value(Value::Number("12".into(), true)),
        Expr::value(Value::SingleQuotedString("+30 seconds".into())),
        Expr::CompoundIdentifier(vec![Ident::new("t"), Ident::with_quote('"', "c")]),
        Expr::CompoundIdentifier(vec![Ident::new("excluded"), Ident::with_quote('`', "c")]),
        Expr::Identifier(Ident::with_quote('[', "odd]name")),
        Expr::Identifier(Ident::new("@ql_param")),
    ];
    let found: Vec<String> = shapes.iter().filter_map(|e| judged(e).err()).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
    Ok(())
}
