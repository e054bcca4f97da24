//! The copy of expressions, names and data types against sqlparser's `Clone`, compared by
//! `Debug` text (spans included), on what only the copy keeps: the call forms the parser
//! refuses, and the placeholders of what the copy does not cover. (The corpus's
//! expressions, names and types, and the engine's shapes, are held to `Clone` in
//! `crate::tests`.)

use super::super::types::marker_type;
use super::super::{copy_difference, marker_expr, marker_name, Duplicate};
use crate::print::{ToSql, UNPRINTABLE};
use crate::{lexer, Flavor, Parser};
use sqlparser::ast::{
    ArrayElemTypeDef, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArgumentClause,
    FunctionArgumentList, FunctionArguments, Ident, NullTreatment, ObjectName, ObjectNamePart,
    ObjectNamePartFunction, Value,
};

fn ident_expr(name: &str) -> Box<Expr> {
    Box::new(Expr::Identifier(Ident::new(name)))
}

/// The fields our parser refuses but the copy keeps as they are, as they cost nothing more.
#[test]
fn refused_call_forms_copy_as_they_are() -> Result<(), String> {
    let Expr::Function(mut f) = crate::tests::call("f", vec![Expr::value(Value::Null)]) else {
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
