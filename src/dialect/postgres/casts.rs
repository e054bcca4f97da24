//! Rule: PostgreSQL's casts, `x::type` and `CAST(x AS type)`. SQLite has no `::`, and it
//! takes any type name in a CAST, giving it an affinity: `'5 minutes'::interval` would
//! silently be the number 5. So a cast to a type SQLite converts to as PostgreSQL does becomes
//! `CAST(x AS INTEGER | TEXT | REAL)`, and any other cast is refused by name.

use queuelab_sql::Duplicate;
use queuelab_sql::ToSql;
use sqlparser::ast::{CastKind, DataType, Expr};
use std::ops::ControlFlow;

/// The cast the statement cannot have, named, or the notes of the casts it rewrote.
pub fn rewrite<N: queuelab_sql::Walk>(node: &mut N) -> Result<Vec<String>, String> {
    let mut refused: Option<String> = None;
    let mut colons = false;
    crate::dialect::walk::exprs(node, &mut |e| {
        let Expr::Cast {
            kind, data_type, ..
        } = e
        else {
            return ControlFlow::Continue(());
        };
        if !matches!(kind, CastKind::Cast | CastKind::DoubleColon) {
            return ControlFlow::Continue(());
        }
        match sqlite_type(data_type) {
            Some(t) => {
                colons |= *kind == CastKind::DoubleColon;
                *kind = CastKind::Cast;
                *data_type = t;
                if *data_type == DataType::Integer(None) {
                    *e = rounded(e.duplicate());
                }
                ControlFlow::Continue(())
            }
            None => {
                refused = Some(data_type.to_sql());
                ControlFlow::Break(())
            }
        }
    });
    if let Some(t) = refused {
        return Err(format!(
            "a cast to {t} is not modelled by Queue Lab (SQLite has no such type, and would silently make it a number or text): cast to int, bigint, text or float8, or leave the cast out"
        ));
    }
    Ok(if colons {
        vec!["x::type: SQLite writes a cast CAST(x AS type)".into()]
    } else {
        Vec::new()
    })
}

/// `CAST(x AS INTEGER)` that rounds a fraction as PostgreSQL does (`3.9::int` is 4, half away
/// from zero as for numeric): SQLite's cast truncates. Integers and text are cast as they are.
fn rounded(cast: Expr) -> Expr {
    let Expr::Cast { expr, .. } = &cast else {
        return cast;
    };
    let call = |name: &str, args: Vec<Expr>| {
        Expr::Function(sqlparser::ast::Function {
            name: sqlparser::ast::ObjectName::from(vec![sqlparser::ast::Ident::new(name)]),
            uses_odbc_syntax: false,
            parameters: sqlparser::ast::FunctionArguments::None,
            args: sqlparser::ast::FunctionArguments::List(sqlparser::ast::FunctionArgumentList {
                duplicate_treatment: None,
                args: args
                    .into_iter()
                    .map(|a| {
                        sqlparser::ast::FunctionArg::Unnamed(sqlparser::ast::FunctionArgExpr::Expr(
                            a,
                        ))
                    })
                    .collect(),
                clauses: Vec::new(),
            }),
            filter: None,
            null_treatment: None,
            over: None,
            within_group: Vec::new(),
        })
    };
    let is_real = Expr::BinaryOp {
        left: Box::new(call("typeof", vec![(**expr).duplicate()])),
        op: sqlparser::ast::BinaryOperator::Eq,
        right: Box::new(Expr::Value(
            sqlparser::ast::Value::SingleQuotedString("real".into()).into(),
        )),
    };
    let round_then_cast = Expr::Cast {
        kind: CastKind::Cast,
        expr: Box::new(call("round", vec![(**expr).duplicate()])),
        data_type: DataType::Integer(None),
        format: None,
    };
    Expr::Case {
        case_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
        end_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
        operand: None,
        conditions: vec![sqlparser::ast::CaseWhen {
            condition: is_real,
            result: round_then_cast,
        }],
        else_result: Some(Box::new(cast)),
    }
}

/// The SQLite type that converts values as the PostgreSQL type does, for the types where one
/// does: integers, text of any length, floating point. `numeric` keeps trailing zeros and
/// `varchar(n)` truncates in PostgreSQL, so they are not among them.
fn sqlite_type(t: &DataType) -> Option<DataType> {
    let name = t.to_sql().to_ascii_lowercase();
    match name.as_str() {
        "int" | "integer" | "int2" | "int4" | "int8" | "smallint" | "bigint" => {
            Some(DataType::Integer(None))
        }
        "text" | "varchar" | "character varying" => Some(DataType::Text),
        "real" | "float4" | "float8" | "double precision" | "float" => Some(DataType::Real),
        _ => None,
    }
}
