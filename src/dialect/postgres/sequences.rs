//! PostgreSQL's own sequences: `CREATE SEQUENCE` and `DROP SEQUENCE` change the catalog, and
//! `nextval('s')`, `currval('s')`, `setval('s', n [, called])` and `lastval()` become the
//! engine's functions over them (`engine::sequences`: outside every transaction, `currval`
//! per session). A ring of slots numbered by a `CYCLE` sequence is the classic use.
//!
//! Refused by name: `CACHE` above 1 (each session would take a block of values of its own),
//! TEMPORARY sequences, `OWNED BY` a column (dropped with its table), `DROP ... CASCADE`, and
//! a sequence named by anything but a string (`nextval(name_col)`).

use super::super::catalog::{Catalog, SequenceDef, NEXTVAL_FN};
use super::super::common::unsupported_with;
use super::super::exprs::last_ident;
use super::super::plan::{CatalogChange, Plan};
use super::super::Dialect;
use crate::source::Pos;
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{DataType, Expr, SequenceOptions, Statement, UnaryOperator, Value};
use std::ops::ControlFlow;

/// The engine's functions behind `currval`, `setval` and `lastval` (`nextval` is
/// [`NEXTVAL_FN`], which serial columns' defaults call too).
pub const CURRVAL_FN: &str = "ql_currval";
pub const SETVAL_FN: &str = "ql_setval";
pub const LASTVAL_FN: &str = "ql_lastval";

/// CREATE SEQUENCE; `None` for other statements (DROP SEQUENCE is `drops.rs`'s).
pub fn plan_ddl(stmt: &Statement, catalog: &Catalog) -> Option<Result<Plan, StepError>> {
    match stmt {
        Statement::CreateSequence { .. } => Some(create(stmt, catalog)),
        _ => None,
    }
}

fn create(stmt: &Statement, catalog: &Catalog) -> Result<Plan, StepError> {
    let Statement::CreateSequence {
        temporary,
        if_not_exists,
        name,
        sequence_options,
    } = stmt
    else {
        return Err(refused(
            "this CREATE SEQUENCE",
            "write CREATE SEQUENCE name ...",
        ));
    };
    if *temporary {
        return Err(refused(
            "A TEMPORARY sequence",
            "drop TEMPORARY: the lab's sequences last for the whole run",
        ));
    }
    if sequence_options
        .iter()
        .any(|o| matches!(o, SequenceOptions::OwnedBy(Some(_))))
    {
        return Err(refused(
            "OWNED BY a column (the sequence dropped with its table)",
            "leave OWNED BY out",
        ));
    }
    let data_type = sequence_options.iter().find_map(|o| match o {
        SequenceOptions::DataType(t) => Some(t),
        _ => None,
    });
    let name = last_ident(name).to_ascii_lowercase();
    let def = definition(&name, data_type, sequence_options)?;
    if catalog.table(&name).is_some() || catalog.relation_taken(&name, None) {
        return super::super::indexes::taken(&name, *if_not_exists);
    }
    let note = format!(
        "sequence {name}: from {} by {} within {}..{}{}, outside every transaction (a rolled-back nextval is not given back)",
        def.start,
        def.increment,
        def.min,
        def.max,
        if def.cycle { ", starting over past its end" } else { "" }
    );
    Ok(Plan::catalog_only(CatalogChange::Sequence(def), note))
}

/// The sequence `CREATE SEQUENCE` describes, checked as PostgreSQL checks it (22023).
fn definition(
    name: &str,
    data_type: Option<&DataType>,
    options: &[SequenceOptions],
) -> Result<SequenceDef, StepError> {
    let (type_min, type_max, type_name) = match data_type {
        None => (i64::MIN, i64::MAX, "bigint"),
        Some(DataType::SmallInt(_) | DataType::Int2(_)) => {
            (i16::MIN.into(), i16::MAX.into(), "smallint")
        }
        Some(DataType::Int(_) | DataType::Integer(_) | DataType::Int4(_)) => {
            (i32::MIN.into(), i32::MAX.into(), "integer")
        }
        Some(DataType::BigInt(_) | DataType::Int8(_)) => (i64::MIN, i64::MAX, "bigint"),
        Some(_) => {
            return Err(invalid(
                "sequence type must be smallint, integer, or bigint",
            ))
        }
    };
    let (mut increment, mut min, mut max, mut start, mut cycle) = (1, None, None, None, false);
    for option in options {
        match option {
            SequenceOptions::IncrementBy(e, _) => increment = number(e)?,
            SequenceOptions::MinValue(e) => min = e.as_ref().map(number).transpose()?,
            SequenceOptions::MaxValue(e) => max = e.as_ref().map(number).transpose()?,
            SequenceOptions::StartWith(e, _) => start = Some(number(e)?),
            SequenceOptions::Cache(e) => match number(e)? {
                1 => {}
                n if n < 1 => {
                    return Err(invalid(&format!("CACHE ({n}) must be greater than zero")))
                }
                _ => {
                    return Err(refused(
                        "CACHE above 1 (each session takes a block of values of its own)",
                        "leave CACHE out: the lab hands out values one at a time, as CACHE 1",
                    ))
                }
            },
            SequenceOptions::Cycle(no) => cycle = !no,
            // Read above.
            SequenceOptions::DataType(_) | SequenceOptions::OwnedBy(_) => {}
        }
    }
    if increment == 0 {
        return Err(invalid("INCREMENT must not be zero"));
    }
    let up = increment > 0;
    let max = max.unwrap_or(if up { type_max } else { -1 });
    let min = min.unwrap_or(if up { 1 } else { type_min });
    for (word, v) in [("MAXVALUE", max), ("MINVALUE", min)] {
        if !(type_min..=type_max).contains(&v) {
            return Err(invalid(&format!(
                "{word} ({v}) is out of range for sequence data type {type_name}"
            )));
        }
    }
    if min >= max {
        return Err(invalid(&format!(
            "MINVALUE ({min}) must be less than MAXVALUE ({max})"
        )));
    }
    let start = start.unwrap_or(if up { min } else { max });
    if start < min {
        return Err(invalid(&format!(
            "START value ({start}) cannot be less than MINVALUE ({min})"
        )));
    }
    if start > max {
        return Err(invalid(&format!(
            "START value ({start}) cannot be greater than MAXVALUE ({max})"
        )));
    }
    Ok(SequenceDef {
        name: name.to_string(),
        increment,
        min,
        max,
        start,
        cycle,
    })
}

/// A sequence option's whole number.
fn number(e: &Expr) -> Result<i64, StepError> {
    let (negative, value) = match e {
        Expr::UnaryOp {
            op: UnaryOperator::Minus,
            expr,
        } => (true, expr.as_ref()),
        Expr::UnaryOp {
            op: UnaryOperator::Plus,
            expr,
        } => (false, expr.as_ref()),
        other => (false, other),
    };
    let digits = match value {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.as_str(),
            _ => "",
        },
        _ => "",
    };
    let text = if negative {
        format!("-{digits}")
    } else {
        digits.to_string()
    };
    text.parse::<i64>().map_err(|_| {
        refused(
            &format!("The sequence option {}", e.to_sql()),
            "give a whole number within bigint's range",
        )
    })
}

pub(super) const DROP: super::drops::Kind = super::drops::Kind {
    name: "sequence",
    missing_code: "42P01",
    users: "the tables whose defaults use the sequence",
    change: CatalogChange::DropSequences,
    in_use,
};

/// Whether the sequence exists (`None` if not) and is in use: a serial column's, or one a
/// column default draws from.
fn in_use(catalog: &Catalog, name: &str) -> Option<bool> {
    let def = catalog.sequence(name)?;
    Some(!catalog.created_sequence(&def.name) || catalog.sequence_used(name))
}

/// `nextval('s')` and the other sequence functions as the engine's, each sequence checked to
/// exist (42P01 at the name, as the server's `regclass` reads it).
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let mut failure = None;
    let mut fired = false;
    crate::dialect::walk::exprs(stmt, &mut |e| {
        match call(e, catalog) {
            Ok(Some(new)) => {
                *e = new;
                fired = true;
            }
            Ok(None) => {}
            Err(err) => {
                failure = Some(err);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if let Some(err) = failure {
        return Err(err);
    }
    Ok(fired.then(|| {
        "nextval / currval / setval / lastval: the lab's sequences, outside every transaction; currval and lastval are each session's own".to_string()
    }))
}

/// The engine's call for a sequence function call `e`; `None` when `e` is none.
fn call(e: &Expr, catalog: &Catalog) -> Result<Option<Expr>, StepError> {
    let Expr::Function(f) = e else {
        return Ok(None);
    };
    let name = f.name.to_sql().to_ascii_lowercase();
    let engine = match name.as_str() {
        "nextval" => NEXTVAL_FN,
        "currval" => CURRVAL_FN,
        "setval" => SETVAL_FN,
        "lastval" => LASTVAL_FN,
        _ => return Ok(None),
    };
    let Some(args) = super::super::exprs::call_args(e, &name) else {
        return Ok(None);
    };
    let arity_ok = match engine {
        LASTVAL_FN => args.is_empty(),
        SETVAL_FN => args.len() == 2 || args.len() == 3,
        _ => args.len() == 1,
    };
    if !arity_ok {
        return Err(StepError::other(
            "42883",
            format!(
                "function {name}() does not exist with {} arguments",
                args.len()
            ),
        ));
    }
    if engine == LASTVAL_FN {
        return Ok(Some(crate::sql::build::call(engine, Vec::new())));
    }
    let (schema, sequence) = sequence_name(args[0])?;
    // Found in the schema named, or in `public` (the search path) when none is.
    let placed = schema.as_deref().filter(|s| *s != "public");
    if let Some(missing) = placed.filter(|s| !catalog.has_schema(s)) {
        return Err(StepError {
            pos: position(args[0]),
            ..StepError::other("3F000", format!("schema \"{missing}\" does not exist"))
        });
    }
    if catalog.sequence(&sequence).is_none() || catalog.sequence_schema(&sequence) != placed {
        let written = match &schema {
            Some(s) => format!("{s}.{sequence}"),
            None => sequence,
        };
        return Err(StepError {
            pos: position(args[0]),
            ..StepError::other("42P01", format!("relation \"{written}\" does not exist"))
        });
    }
    let mut new_args = vec![string(&sequence)];
    if engine == SETVAL_FN {
        new_args.push(args[1].duplicate());
        new_args.push(
            args.get(2)
                .map(|b| b.duplicate())
                .unwrap_or_else(|| Expr::value(Value::Boolean(true))),
        );
    }
    Ok(Some(crate::sql::build::call(engine, new_args)))
}

/// The schema (if named) and the sequence a function's first argument names: a string,
/// possibly cast to `regclass`, folded to lower case as the lab folds every name (a quoted
/// name too).
fn sequence_name(arg: &Expr) -> Result<(Option<String>, String), StepError> {
    let inner = match arg {
        Expr::Cast { expr, .. } => expr.as_ref(),
        other => other,
    };
    let text = match inner {
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) => Some(s.as_str()),
            _ => None,
        },
        _ => None,
    };
    let Some(text) = text else {
        return Err(refused(
            "A sequence named by an expression",
            "name the sequence with a string: nextval('jobs_id_seq')",
        ));
    };
    let folded = |part: &str| {
        let unquoted = part.strip_prefix('"').and_then(|s| s.strip_suffix('"'));
        unquoted.unwrap_or(part).to_ascii_lowercase()
    };
    Ok(match text.rsplit_once('.') {
        Some((schema, last)) => (Some(folded(schema)), folded(last)),
        None => (None, folded(text)),
    })
}

fn string(s: &str) -> Expr {
    Expr::value(Value::SingleQuotedString(s.to_string()))
}

fn position(e: &Expr) -> Option<Pos> {
    let inner = match e {
        Expr::Cast { expr, .. } => expr.as_ref(),
        other => other,
    };
    let Expr::Value(v) = inner else { return None };
    (v.span.start.line > 0).then_some(Pos {
        line: v.span.start.line as u32,
        column: v.span.start.column as u32,
    })
}

fn refused(what: &str, instead: &str) -> StepError {
    unsupported_with(Dialect::Postgres, what, instead)
}

/// invalid_parameter_value, PostgreSQL's code for a sequence's contradicting options.
fn invalid(message: &str) -> StepError {
    StepError::other("22023", message.to_string())
}
