//! The copy of expressions, names and data types against sqlparser's `Clone`, compared by
//! `Debug` text (spans included), on what only the copy keeps: the call forms the parser
//! refuses, and the placeholders of what the copy does not cover. (The corpus's
//! expressions, names and types, and the engine's shapes, are held to `Clone` in
//! `crate::sql::tests`.)

use super::super::types::marker_type;
use super::super::{copy_difference, marker_expr, marker_name, Duplicate};
use crate::sql::print::{ToSql, UNPRINTABLE};
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
    let Expr::Function(mut f) = crate::sql::tests::call("f", vec![Expr::value(Value::Null)]) else {
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
