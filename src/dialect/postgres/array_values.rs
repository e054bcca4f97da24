//! Rule: PostgreSQL's arrays (`arrays.rs`) in a statement. The engine keeps an array as its
//! printed form, which serves `=`, `<>`, IS DISTINCT FROM, GROUP BY and DISTINCT as the
//! server's comparison does (one element type, one form). What differs is checked or
//! rewritten:
//!
//! - `'{...}'::int[]`, `CAST(... AS text[])` and `ARRAY[...]` of constants become the string
//!   in the printed form (`literals.rs` puts strings written to or compared with an array
//!   column in it); `ARRAY[]` without a cast is the server's 42P18;
//! - `x = ANY (a)` and `x <> ALL (a)`, over a constant or a column, become the engine's
//!   function (`ANY_FN`), an untyped string read as an array of `x`'s type;
//! - `array_append`, `array_length` and `cardinality` become the engine's functions;
//! - what the server would refuse for its types is refused: a text array written to an
//!   integer array column (42804); by name, a value of another type written to an array
//!   column, any other operator or array function, subscripts, ORDER BY, `<` and `>` over an
//!   array (the server compares arrays element by element, not as text).

use super::arrays::{self, Elem};
use super::enum_values::args;
use super::literals::tables_read;
use crate::dialect::catalog::{Catalog, TableDef};
use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::last_ident;
use crate::dialect::types::Admits;
use crate::dialect::walk;
use crate::dialect::Dialect;
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::{
    AccessExpr, BinaryOperator, Expr, Function, InTarget, OrderByKind, Statement, UnaryOperator,
    Value,
};
use std::ops::ControlFlow;

/// `array_append(a, x)`, with the element type's width (0 for text) as a third argument.
pub const APPEND_FN: &str = "ql_array_append";
/// `array_append`'s third argument for an array of jsonb (else the integers' width, 0 for
/// text).
pub const APPEND_JSONB: i64 = -1;
/// `array_length(a, dimension)`.
pub const LENGTH_FN: &str = "ql_array_length";
/// `cardinality(a)`.
pub const CARDINALITY_FN: &str = "ql_array_cardinality";
/// `x = ANY (a)` over an array column: `ql_array_any(a, x)`.
pub const ANY_FN: &str = "ql_array_any";

/// What an expression is to the array rules.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// An array of this element type.
    Array(Elem),
    /// A string constant: the server reads it as whatever type it meets.
    Text,
    Null,
    Other,
}

struct Types<'a> {
    tables: Vec<&'a TableDef>,
}

impl Types<'_> {
    /// The element type of the array column of that name, every table naming it agreeing.
    fn column(&self, name: &str) -> Option<Elem> {
        let mut found = self.tables.iter().filter_map(|t| t.column(name));
        let first = found.next()?;
        let Admits::Array(elem) = first.admits else {
            return None;
        };
        found.all(|c| c.admits == first.admits).then_some(elem)
    }

    /// Whether the column of that name is an integer, every table naming it agreeing.
    fn integer_column(&self, e: &Expr) -> Option<bool> {
        let name = column_name(e)?;
        let mut found = self.tables.iter().filter_map(|t| t.column(name));
        let first = matches!(found.next()?.admits, Admits::Integer { .. });
        found
            .all(|c| matches!(c.admits, Admits::Integer { .. }) == first)
            .then_some(first)
    }

    fn kind(&self, e: &Expr) -> Kind {
        match e {
            Expr::Nested(inner) => self.kind(inner),
            e if crate::dialect::arity::is_default(e) => Kind::Null,
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => column_name(e)
                .and_then(|n| self.column(n))
                .map_or(Kind::Other, Kind::Array),
            Expr::Value(v) => match &v.value {
                Value::SingleQuotedString(_) => Kind::Text,
                Value::Null => Kind::Null,
                _ => Kind::Other,
            },
            Expr::Cast { data_type, .. } => match Elem::of(data_type) {
                Some(Ok(elem)) => Kind::Array(elem),
                _ => Kind::Other,
            },
            Expr::Array(a) => constant_array(&a.elem, None)
                .ok()
                .flatten()
                .map_or(Kind::Other, |(elem, _)| Kind::Array(elem)),
            Expr::Function(f) if function(f) == "array_append" => match args(f).next() {
                Some(a) => self.kind(a),
                None => Kind::Other,
            },
            _ => Kind::Other,
        }
    }

    fn elem(&self, e: &Expr) -> Option<Elem> {
        match self.kind(e) {
            Kind::Array(elem) => Some(elem),
            _ => None,
        }
    }

    /// Checks `value` written to `column`, an array of `elem`.
    fn write(&self, elem: Elem, column: &str, value: &Expr) -> Result<(), StepError> {
        match self.kind(value) {
            Kind::Text | Kind::Null => Ok(()),
            // Which element casts the server applies between jsonb and the other types on
            // the way in is not modelled.
            Kind::Array(from) if (elem == Elem::Jsonb) != (from == Elem::Jsonb) => {
                Err(refused(&format!(
                    "Writing an array of {} to the array column {column} ({})",
                    from.name(),
                    elem.array_name()
                )))
            }
            Kind::Array(from) if is_int(elem) && !is_int(from) => Err(StepError::other(
                "42804",
                format!(
                    "column \"{column}\" is of type {} but expression is of type {}",
                    elem.array_name(),
                    from.array_name()
                ),
            )),
            Kind::Array(Elem::Int { bits: from }) => match elem {
                // A wider integer array's elements are cast on the way in.
                Elem::Int { bits } if from > bits => {
                    let elements = match strip(value) {
                        Expr::Array(a) => constant_array(&a.elem, None)?.map(|(_, e)| e),
                        _ => None,
                    };
                    let limit = 1i64 << (bits - 1);
                    let fits =
                        |t: &String| t.parse::<i64>().is_ok_and(|n| (-limit..limit).contains(&n));
                    if elements.iter().flatten().flatten().all(fits) {
                        Ok(())
                    } else {
                        Err(StepError::other(
                            "22003",
                            format!("{} out of range", elem.name()),
                        ))
                    }
                }
                _ => Ok(()),
            },
            Kind::Array(_) => Ok(()),
            Kind::Other if matches!(value, Expr::Value(v) if matches!(v.value, Value::Placeholder(_))) => {
                Ok(())
            }
            Kind::Other => Err(refused(&format!(
                "Writing a value of another type to the array column {column} ({})",
                elem.array_name()
            ))),
        }
    }

    /// Checks `a` and `b` where `=` or `<>` compares them.
    fn compare(&self, a: &Expr, b: &Expr, op: &str) -> Result<(), StepError> {
        match (self.kind(a), self.kind(b)) {
            // The server's array `=` takes two arrays of one type: varchar[] = text[] has no
            // operator, as int[] = bigint[] has none.
            (Kind::Array(x), Kind::Array(y)) if x.array_name() != y.array_name() => {
                Err(StepError::other(
                    "42883",
                    format!(
                        "operator does not exist: {} {op} {}",
                        x.array_name(),
                        y.array_name()
                    ),
                ))
            }
            (Kind::Array(x), Kind::Other) | (Kind::Other, Kind::Array(x)) => {
                Err(refused(&format!(
                    "Comparing an array ({}) with a value of another type",
                    x.array_name()
                )))
            }
            _ => Ok(()),
        }
    }

    /// The checks of one expression (its inner ones are checked on their own).
    fn check(&self, e: &Expr) -> Result<(), StepError> {
        use BinaryOperator::*;
        match e {
            Expr::BinaryOp { left, op, right } => match op {
                Eq | NotEq => self.compare(left, right, &op.to_sql()),
                And | Or => Ok(()),
                _ => self.no_array([&**left, right], &format!("The operator {}", op.to_sql())),
            },
            Expr::IsDistinctFrom(a, b) | Expr::IsNotDistinctFrom(a, b) => self.compare(a, b, "="),
            Expr::In {
                expr,
                target: InTarget::List(list),
                ..
            } => self.no_array(std::iter::once(&**expr).chain(list), "IN"),
            Expr::Between {
                expr, low, high, ..
            } => self.no_array([&**expr, low, high], "BETWEEN"),
            Expr::AnyOp {
                left,
                compare_op,
                right,
                ..
            }
            | Expr::AllOp {
                left,
                compare_op,
                right,
            } => {
                if matches!(**right, Expr::Subquery(_)) {
                    return Ok(());
                }
                let all = matches!(e, Expr::AllOp { .. });
                let fits = matches!((all, compare_op), (false, Eq) | (true, NotEq));
                let what = if all { "ALL" } else { "ANY" };
                if !fits {
                    return Err(refused(&format!(
                        "The operator {} {what} (...)",
                        compare_op.to_sql()
                    )));
                }
                self.no_array([&**left], what)?;
                self.over(left, right).map(|_| ())
            }
            Expr::Cast {
                expr, data_type, ..
            } => match Elem::of(data_type) {
                Some(Err(name)) => Err(refused(&format!("A cast to {name}[]"))),
                Some(Ok(to)) => match self.kind(expr) {
                    Kind::Text | Kind::Null => Ok(()),
                    Kind::Array(from) if is_int(to) == is_int(from) || !is_int(to) => Ok(()),
                    // Constants: each element read as the cast's type, as the server does.
                    _ if matches!(&**expr, Expr::Array(_)) => Ok(()),
                    _ => Err(refused(&format!(
                        "A cast of a computed value to {}",
                        to.array_name()
                    ))),
                },
                None => Ok(()),
            },
            Expr::Array(a) => constant_array(&a.elem, None).map(|_| ()),
            Expr::CompoundFieldAccess { root, access_chain }
                if access_chain
                    .iter()
                    .any(|a| matches!(a, AccessExpr::Subscript(_))) =>
            {
                self.no_array([&**root], "A subscript or slice")
            }
            Expr::Function(f) => self.check_call(f),
            _ => Ok(()),
        }
    }

    fn check_call(&self, f: &Function) -> Result<(), StepError> {
        let name = function(f);
        let list: Vec<&Expr> = args(f).collect();
        let array_arg = |i: usize| {
            list.get(i)
                .is_some_and(|a| matches!(self.kind(a), Kind::Array(_) | Kind::Null))
        };
        let ok = match name.as_str() {
            "array_append" => list.len() == 2 && array_arg(0) && self.elem(list[1]).is_none(),
            "array_length" => {
                list.len() == 2
                    && array_arg(0)
                    && matches!(list[1], Expr::Value(v) if matches!(v.value, Value::Number(..)))
            }
            "cardinality" => list.len() == 1 && array_arg(0),
            "count" | "coalesce" => true,
            n if n.starts_with("array_") || matches!(n, "unnest" | "string_to_array") => false,
            _ => list.iter().all(|a| self.elem(a).is_none()),
        };
        if ok {
            Ok(())
        } else {
            Err(refused(&format!("{name}() over arrays")))
        }
    }

    /// Refuses `what` if any of `operands` is an array.
    fn no_array<'e>(
        &self,
        operands: impl IntoIterator<Item = &'e Expr>,
        what: &str,
    ) -> Result<(), StepError> {
        match operands.into_iter().find_map(|x| self.elem(x)) {
            Some(elem) => Err(refused(&format!(
                "{what} over an array ({})",
                elem.array_name()
            ))),
            None => Ok(()),
        }
    }

    /// The element type of what `x = ANY (right)` searches, a constant's elements checked
    /// (an untyped string is read as an array of `x`'s type).
    fn over(&self, x: &Expr, right: &Expr) -> Result<Elem, StepError> {
        let int_x = self.integer_column(x);
        let elem = match (self.column_elem(right), strip(right)) {
            (Some(elem), _) => elem,
            (None, Expr::Value(v)) => match &v.value {
                Value::SingleQuotedString(s) => {
                    let elem = match int_x {
                        Some(true) => Elem::Int { bits: 64 },
                        _ => Elem::Text,
                    };
                    read_all(s, elem)?;
                    elem
                }
                _ => return Err(refused("ANY (...) over a value that is no array")),
            },
            (None, Expr::Cast { data_type, .. }) => match Elem::of(data_type) {
                Some(Ok(elem)) => elem,
                _ => return Err(refused("ANY (...) over a value that is no array")),
            },
            (None, Expr::Array(a)) => constant_array(&a.elem, None)?.ok_or_else(empty_array)?.0,
            _ => return Err(refused("ANY (...) over a computed array")),
        };
        // A jsonb element equals another in its parsed form, which x may not be written in.
        if elem == Elem::Jsonb {
            return Err(refused("ANY (...) over an array of jsonb"));
        }
        if int_x.is_some_and(|i| i != is_int(elem)) {
            return Err(refused(&format!(
                "Comparing a value of another type with the elements of an array ({})",
                elem.array_name()
            )));
        }
        Ok(elem)
    }

    fn column_elem(&self, e: &Expr) -> Option<Elem> {
        self.column(column_name(strip(e))?)
    }
}

/// An array's elements' texts, `None` for NULL.
type Elements = Vec<Option<String>>;

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Nested(inner) => strip(inner),
        e => e,
    }
}

fn column_name(e: &Expr) -> Option<&str> {
    match e {
        Expr::Identifier(i) => Some(&i.value),
        Expr::CompoundIdentifier(parts) => parts.last().map(|p| p.value.as_str()),
        _ => None,
    }
}

fn is_int(e: Elem) -> bool {
    matches!(e, Elem::Int { .. })
}

fn read_all(s: &str, elem: Elem) -> Result<Vec<Option<String>>, StepError> {
    arrays::parse(&arrays::normal(s, elem)?)
}

/// The element type and elements of `ARRAY[...]` of constants (`None` when empty), read as
/// `to` if given (a cast's element type), else as the server resolves them: integers if any
/// element is one, else text.
fn constant_array(items: &[Expr], to: Option<Elem>) -> Result<Option<(Elem, Elements)>, StepError> {
    let mut texts = Vec::new();
    let mut ints = false;
    for item in items {
        let number = |n: &str, negative: bool| {
            if !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(refused("ARRAY[...] of numbers that are not integers"));
            }
            Ok(Some(if negative {
                format!("-{n}")
            } else {
                n.to_string()
            }))
        };
        let text = match item {
            Expr::Value(v) => match &v.value {
                Value::SingleQuotedString(s) => Some(s.clone()),
                Value::Null => None,
                Value::Number(n, _) => {
                    ints = true;
                    number(n, false)?
                }
                _ => return Err(refused("ARRAY[...] of values other than text and integers")),
            },
            Expr::UnaryOp {
                op: UnaryOperator::Minus,
                expr,
            } => match &**expr {
                Expr::Value(v) => match &v.value {
                    Value::Number(n, _) => {
                        ints = true;
                        number(n, true)?
                    }
                    _ => return Err(refused("ARRAY[...] of computed values")),
                },
                _ => return Err(refused("ARRAY[...] of computed values")),
            },
            Expr::Array(_) => return Err(arrays_unmodelled()),
            _ => return Err(refused("ARRAY[...] of computed values")),
        };
        texts.push(text);
    }
    if texts.is_empty() {
        return Ok(None);
    }
    let elem = to.unwrap_or(if ints {
        let fits = texts
            .iter()
            .flatten()
            .all(|t| t.parse::<i64>().map_or(true, |n| i32::try_from(n).is_ok()));
        Elem::Int {
            bits: if fits { 32 } else { 64 },
        }
    } else {
        Elem::Text
    });
    Ok(Some((elem, read_all(&arrays::print(&texts), elem)?)))
}

fn arrays_unmodelled() -> StepError {
    refused("An array of several dimensions")
}

fn empty_array() -> StepError {
    StepError::other("42P18", "cannot determine type of empty array".into())
}

/// The name of a call, in lower case.
fn function(f: &Function) -> String {
    last_ident(&f.name).to_ascii_lowercase()
}

fn refused(what: &str) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        what,
        "Queue Lab models arrays of text and integers written as constants ('{a,b}', ARRAY['a','b']) and arrays of jsonb written as a string or grown by array_append, compared with = and <>, searched with = ANY (...), and array_append, array_length and cardinality",
    )
}

/// Checks and rewrites the statement's arrays; the note, if it has any.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let types = Types {
        tables: tables_read(stmt, catalog),
    };
    let mut found = types.tables.iter().any(|t| {
        t.columns
            .iter()
            .any(|c| matches!(c.admits, Admits::Array(_)))
    });
    walk::exprs(stmt, &mut |e| {
        found |= mentions_arrays(e);
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if !found {
        return Ok(None);
    }
    super::writes::check(stmt, catalog, &mut |c, value| match c.admits {
        Admits::Array(elem) => types.write(elem, &c.name, value),
        _ => Ok(()),
    })?;
    walk::check_exprs(stmt, &|e| types.check(e))?;
    refuse_order_by(stmt, &types)?;
    // The calls first, while the casts under them still tell their element types.
    let changed = walk::replace_exprs(stmt, &|e| Ok(call(e, &types)))?
        | walk::replace_exprs(stmt, &constant)?;
    check_untyped(stmt)?;
    Ok(changed.then(|| {
        "arrays in the server's printed form ({a,\"b c\",NULL}); = ANY (...), array_append, array_length and cardinality read by the engine's functions".into()
    }))
}

/// Whether `e` is array syntax: ARRAY[...], a cast to an array type, ANY/ALL over a list.
fn mentions_arrays(e: &Expr) -> bool {
    match e {
        Expr::Array(_) => true,
        Expr::Cast { data_type, .. } => Elem::of(data_type).is_some(),
        Expr::AnyOp { right, .. } | Expr::AllOp { right, .. } => {
            !matches!(**right, Expr::Subquery(_))
        }
        Expr::Function(f) => {
            let name = function(f);
            name.starts_with("array_") || matches!(name.as_str(), "cardinality" | "unnest")
        }
        _ => false,
    }
}

/// ORDER BY an array: the server orders element by element, not as the printed text.
fn refuse_order_by(stmt: &mut Statement, types: &Types) -> Result<(), StepError> {
    let mut failed = None;
    walk::queries(stmt, &mut |q| {
        let items: &[sqlparser::ast::SelectItem] = match q.body.as_ref() {
            sqlparser::ast::SetExpr::Select(s) => &s.projection,
            _ => &[],
        };
        if let Some(OrderByKind::Expressions(keys)) = q.order_by.as_ref().map(|o| &o.kind) {
            // A key naming an output column (by alias or number) is that column's expression.
            let key = |k: &sqlparser::ast::OrderByExpr| {
                let e = super::enum_values::output_column(items, &k.expr).unwrap_or(&k.expr);
                match (types.elem(e), e) {
                    (Some(elem), _) => Some(elem),
                    // `SELECT * ... ORDER BY 2`: the table's column of that number.
                    (None, Expr::Value(v)) if has_wildcard(items) => match &v.value {
                        Value::Number(n, _) => n.parse::<usize>().ok().and_then(|n| {
                            let c = types.tables.first()?.columns.get(n.checked_sub(1)?)?;
                            match c.admits {
                                Admits::Array(elem) => Some(elem),
                                _ => None,
                            }
                        }),
                        _ => None,
                    },
                    _ => None,
                }
            };
            if let Some(elem) = keys.iter().find_map(key) {
                failed = Some(refused(&format!(
                    "ORDER BY an array ({})",
                    elem.array_name()
                )));
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    failed.map_or(Ok(()), Err)
}

fn has_wildcard(items: &[sqlparser::ast::SelectItem]) -> bool {
    use sqlparser::ast::SelectItem::*;
    matches!(items, [Wildcard(_) | QualifiedWildcard(..), ..])
}

/// The engine's form of an array call or `= ANY (...)`, checked before.
fn call(e: &Expr, types: &Types) -> Option<Expr> {
    match e {
        Expr::AnyOp { left, right, .. } | Expr::AllOp { left, right, .. }
            if !matches!(**right, Expr::Subquery(_)) =>
        {
            let elem = types.over(left, right).ok()?;
            // A string is read as the elements' type: an integer's digits, an array's form.
            let read = |e: &Expr, one: bool| match strip(e) {
                Expr::Value(v) => match &v.value {
                    Value::SingleQuotedString(s) if one && is_int(elem) => {
                        Some(Expr::value(Value::Number(elem.read(s).ok()?, false)))
                    }
                    Value::SingleQuotedString(s) if !one => Some(Expr::value(
                        Value::SingleQuotedString(arrays::normal(s, elem).ok()?),
                    )),
                    _ => None,
                },
                _ => None,
            };
            let x = read(left, true).unwrap_or_else(|| (**left).duplicate());
            let array = read(right, false).unwrap_or_else(|| (**right).duplicate());
            let found = crate::dialect::exprs::call(ANY_FN, vec![array, x]);
            Some(match e {
                Expr::AllOp { .. } => Expr::UnaryOp {
                    op: UnaryOperator::Not,
                    expr: Box::new(found),
                },
                _ => found,
            })
        }
        Expr::Function(f) => {
            let list: Vec<Expr> = args(f).map(|a| a.duplicate()).collect();
            let (name, mut list) = match function(f).as_str() {
                "array_append" => (APPEND_FN, list),
                "array_length" => (LENGTH_FN, list),
                "cardinality" => (CARDINALITY_FN, list),
                _ => return None,
            };
            if name == APPEND_FN {
                let bits = match types.elem(&list[0]) {
                    Some(Elem::Int { bits }) => i64::from(bits),
                    Some(Elem::Jsonb) => APPEND_JSONB,
                    _ => 0,
                };
                list.push(crate::dialect::exprs::int_expr(bits));
            }
            Some(crate::dialect::exprs::call(name, list))
        }
        _ => None,
    }
}

/// A constant array as the string of its printed form (inner expressions first).
fn constant(e: &Expr) -> Result<Option<Expr>, StepError> {
    let text = |elements: &[Option<String>]| {
        Some(Expr::value(Value::SingleQuotedString(arrays::print(
            elements,
        ))))
    };
    Ok(match e {
        Expr::Array(a) => match constant_array(&a.elem, None)? {
            Some((_, elements)) => text(&elements),
            None => None,
        },
        Expr::Cast {
            expr, data_type, ..
        } => {
            let Some(Ok(elem)) = Elem::of(data_type) else {
                return Ok(None);
            };
            match strip(expr) {
                Expr::Value(v) => match &v.value {
                    Value::SingleQuotedString(s) => text(&read_all(s, elem)?),
                    Value::Null => Some(Expr::value(Value::Null)),
                    _ => None,
                },
                Expr::Array(a) if a.elem.is_empty() => text(&[]),
                // A column of a like array type: its printed form is already the cast's.
                inner => Some(inner.duplicate()),
            }
        }
        _ => None,
    })
}

/// An `ARRAY[]` no cast gave a type: the server's 42P18.
fn check_untyped(stmt: &mut Statement) -> Result<(), StepError> {
    walk::check_exprs(stmt, &|e| match e {
        Expr::Array(a) if a.elem.is_empty() => Err(empty_array()),
        _ => Ok(()),
    })
}
