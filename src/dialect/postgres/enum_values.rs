//! Rule: the values of PostgreSQL's enum types (`enums.rs`) in a statement. The engine keeps
//! a label as its text, which serves `=`, `<>`, IN, GROUP BY and DISTINCT as the server's
//! own comparison does. What differs is checked or rewritten:
//!
//! - a string compared with an enum, written to an enum column or cast to an enum type must
//!   be one of its labels: else the statement fails before it runs, with the server's 22P02;
//! - `<`, `<=`, `>`, `>=`, BETWEEN and ORDER BY compare the labels' declared positions
//!   (`CASE state WHEN 'available' THEN 0 ... END`), not their texts;
//! - `'running'::job_state` is the string once checked;
//! - what the server would refuse for its types is refused: an enum compared with or written
//!   from another enum type (42883, 42804), and, by name, an enum compared with or written
//!   from a value of another type, a non-constant cast to an enum, arithmetic, LIKE and
//!   functions over an enum (the server has none of them for enums; cast to text first), and
//!   min/max/greatest/least (ordered by position on the server: not modelled).

use super::enums::EnumDef;
use super::literals::tables_read;
use crate::dialect::catalog::{Catalog, TableDef};
use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::{int_expr, last_ident};
use crate::dialect::types::Admits;
use crate::dialect::walk;
use crate::dialect::Dialect;
use crate::sql::{Duplicate, ToSql};
use crate::trace::StepError;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    BinaryOperator, CaseWhen, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    InTarget, OrderByKind, SelectItem, SetExpr, Statement, Value,
};
use std::ops::ControlFlow;

/// What an expression is to the enum rules.
#[derive(Clone, Copy, PartialEq)]
enum Kind<'a, 'e> {
    /// A value of this enum type: a column, a cast, a CASE or COALESCE over one.
    Enum(&'a EnumDef),
    /// A string constant: the server reads it as whatever type it meets.
    Text(&'e str),
    Null,
    Other,
}

/// The enum types the statement's tables and casts name.
struct Types<'a> {
    tables: Vec<&'a TableDef>,
    catalog: &'a Catalog,
}

impl<'a> Types<'a> {
    /// The enum type of the column of that name, every table naming such a column agreeing.
    fn column(&self, name: &str) -> Option<&'a EnumDef> {
        let mut found = self.tables.iter().filter_map(|t| t.column(name));
        let first = found.next()?;
        let Admits::Enum(e) = &first.admits else {
            return None;
        };
        found.all(|c| c.admits == first.admits).then_some(e)
    }

    fn cast(&self, t: &DataType) -> Option<&'a EnumDef> {
        match t {
            DataType::Custom(name, _) => self.catalog.enum_type(&last_ident(name)),
            _ => None,
        }
    }

    fn kind<'e>(&self, e: &'e Expr) -> Kind<'a, 'e> {
        let enum_or_other = |found: Option<&'a EnumDef>| found.map_or(Kind::Other, Kind::Enum);
        match e {
            Expr::Nested(inner) => self.kind(inner),
            // Takes the column's default (`arity.rs`), checked at CREATE TABLE.
            e if crate::dialect::arity::is_default(e) => Kind::Null,
            Expr::Identifier(i) => enum_or_other(self.column(&i.value)),
            Expr::CompoundIdentifier(parts) => {
                enum_or_other(parts.last().and_then(|p| self.column(&p.value)))
            }
            Expr::Value(v) => match &v.value {
                Value::SingleQuotedString(s) => Kind::Text(s),
                Value::Null => Kind::Null,
                _ => Kind::Other,
            },
            Expr::Cast { data_type, .. } => enum_or_other(self.cast(data_type)),
            Expr::Case { .. } => self.joined(case_results(e)),
            Expr::Function(f) if last_ident(&f.name).eq_ignore_ascii_case("coalesce") => {
                self.joined(args(f))
            }
            _ => Kind::Other,
        }
    }

    /// The type of a CASE's or COALESCE's results: an enum if one is and every other is a
    /// string or NULL, as the server resolves them (strings alone are text).
    fn joined<'e>(&self, items: impl Iterator<Item = &'e Expr> + Clone) -> Kind<'a, 'e> {
        let Some(e) = items.clone().find_map(|x| match self.kind(x) {
            Kind::Enum(e) => Some(e),
            _ => None,
        }) else {
            return Kind::Other;
        };
        let fits = items.map(|x| self.kind(x)).all(|k| match k {
            Kind::Enum(other) => other == e,
            Kind::Text(_) | Kind::Null => true,
            Kind::Other => false,
        });
        if fits {
            Kind::Enum(e)
        } else {
            Kind::Other
        }
    }

    /// Checks `a` and `b` where an operator compares them.
    fn compare(&self, a: &Expr, b: &Expr, op: &str) -> Result<(), StepError> {
        match (self.kind(a), self.kind(b)) {
            (Kind::Enum(x), Kind::Enum(y)) if x != y => Err(StepError::other(
                "42883",
                format!("operator does not exist: {} {op} {}", x.name, y.name),
            )),
            (Kind::Enum(e), Kind::Text(s)) | (Kind::Text(s), Kind::Enum(e)) => {
                e.position(s).map(|_| ())
            }
            (Kind::Enum(e), Kind::Other) | (Kind::Other, Kind::Enum(e)) => Err(refused(
                &format!("Comparing a {} with a value of another type", e.name),
                e,
                Instead::Label,
            )),
            _ => Ok(()),
        }
    }

    /// Checks `value` written to `column`, of enum type `e`.
    fn write(&self, e: &EnumDef, column: &str, value: &Expr) -> Result<(), StepError> {
        match self.kind(value) {
            Kind::Text(s) => e.position(s).map(|_| ()),
            Kind::Null => Ok(()),
            Kind::Enum(other) if other == e => Ok(()),
            Kind::Enum(other) => Err(StepError::other(
                "42804",
                format!(
                    "column \"{column}\" is of type {} but expression is of type {}",
                    e.name, other.name
                ),
            )),
            Kind::Other => Err(refused(
                &format!(
                    "Writing a value of another type to the {} column {column}",
                    e.name
                ),
                e,
                Instead::Label,
            )),
        }
    }

    /// The checks of one expression (its inner ones are checked on their own).
    fn check(&self, e: &Expr) -> Result<(), StepError> {
        use BinaryOperator::*;
        match e {
            Expr::Cast {
                expr, data_type, ..
            } => match self.cast(data_type) {
                Some(to) => match self.kind(expr) {
                    Kind::Text(s) => to.position(s).map(|_| ()),
                    Kind::Null => Ok(()),
                    Kind::Enum(from) if from == to => Ok(()),
                    _ => Err(refused(
                        &format!("A cast of a computed value to {}", to.name),
                        to,
                        Instead::Label,
                    )),
                },
                None => Ok(()),
            },
            Expr::BinaryOp { left, op, right } => match op {
                Eq | NotEq | Lt | LtEq | Gt | GtEq => self.compare(left, right, &op.to_sql()),
                And | Or | StringConcat => Ok(()),
                _ => self.no_enum(
                    [left, right].into_iter().map(|b| &**b),
                    &format!("The operator {}", op.to_sql()),
                    Instead::Text,
                ),
            },
            Expr::IsDistinctFrom(a, b) | Expr::IsNotDistinctFrom(a, b) => self.compare(a, b, "="),
            Expr::In {
                expr,
                target: InTarget::List(list),
                ..
            } => list.iter().try_for_each(|x| self.compare(expr, x, "=")),
            Expr::Between {
                expr, low, high, ..
            } => {
                self.compare(expr, low, ">=")?;
                self.compare(expr, high, "<=")
            }
            Expr::Like { expr, .. } | Expr::ILike { expr, .. } => {
                self.no_enum(std::iter::once(&**expr), "LIKE", Instead::Text)
            }
            Expr::Case { .. } => self.labels_in(case_results(e), e),
            Expr::Function(f) => {
                let name = last_ident(&f.name).to_ascii_lowercase();
                match name.as_str() {
                    "coalesce" => self.labels_in(args(f), e),
                    "count" => Ok(()),
                    "min" | "max" | "greatest" | "least" => {
                        self.no_enum(args(f), &format!("{name}()"), Instead::Order)
                    }
                    _ => self.no_enum(args(f), &format!("{name}()"), Instead::Text),
                }
            }
            _ => Ok(()),
        }
    }

    /// Checks the strings among `results`, the results of `whole` (a CASE or COALESCE), as
    /// labels when `whole` is an enum: the server reads them so before the statement runs,
    /// whichever branch the rows take.
    fn labels_in<'e>(
        &self,
        mut results: impl Iterator<Item = &'e Expr>,
        whole: &Expr,
    ) -> Result<(), StepError> {
        let Kind::Enum(def) = self.kind(whole) else {
            return Ok(());
        };
        results.try_for_each(|r| match self.kind(r) {
            Kind::Text(s) => def.position(s).map(|_| ()),
            _ => Ok(()),
        })
    }

    /// Refuses `what` if any of `operands` is an enum.
    fn no_enum<'e>(
        &self,
        mut operands: impl Iterator<Item = &'e Expr>,
        what: &str,
        instead: Instead,
    ) -> Result<(), StepError> {
        match operands.find_map(|x| match self.kind(x) {
            Kind::Enum(e) => Some(e),
            _ => None,
        }) {
            Some(e) => Err(refused(
                &format!("{what} over a {} value", e.name),
                e,
                instead,
            )),
            None => Ok(()),
        }
    }

    /// `e` as its label's declared position, for `e` of enum type `def`.
    fn position(&self, e: &Expr, def: &EnumDef) -> Expr {
        match self.kind(e) {
            Kind::Text(s) => int_expr(def.position(s).unwrap_or(0) as i64),
            Kind::Null => e.duplicate(),
            _ => Expr::Case {
                case_token: AttachedToken::empty(),
                end_token: AttachedToken::empty(),
                operand: Some(Box::new(e.duplicate())),
                conditions: def
                    .labels
                    .iter()
                    .enumerate()
                    .map(|(i, l)| CaseWhen {
                        condition: Expr::value(Value::SingleQuotedString(l.clone())),
                        result: int_expr(i as i64),
                    })
                    .collect(),
                else_result: None,
            },
        }
    }

    /// Each of `exprs` as its position in `def`.
    fn to_position<const N: usize>(&self, exprs: [&mut Box<Expr>; N], def: &EnumDef) {
        for e in exprs {
            **e = self.position(e, def);
        }
    }

    /// The enum type two compared expressions share, if either is an enum.
    fn either(&self, a: &Expr, b: &Expr) -> Option<&'a EnumDef> {
        [self.kind(a), self.kind(b)]
            .into_iter()
            .find_map(|k| match k {
                Kind::Enum(e) => Some(e),
                _ => None,
            })
    }
}

/// The results a CASE chooses from (none for another expression).
fn case_results(e: &Expr) -> impl Iterator<Item = &Expr> + Clone {
    let (conditions, otherwise): (&[CaseWhen], _) = match e {
        Expr::Case {
            conditions,
            else_result,
            ..
        } => (conditions, else_result.as_deref()),
        _ => (&[], None),
    };
    conditions.iter().map(|c| &c.result).chain(otherwise)
}

/// The plain arguments of a call.
pub(super) fn args(f: &sqlparser::ast::Function) -> impl Iterator<Item = &Expr> + Clone {
    let list = match &f.args {
        FunctionArguments::List(l) => l.args.as_slice(),
        _ => &[],
    };
    list.iter().filter_map(|a| match a {
        FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Some(e),
        _ => None,
    })
}

/// How to write what was refused instead.
#[derive(Clone, Copy)]
enum Instead {
    /// A value of another type where the enum is (42883 or 42804 on the server).
    Label,
    /// An operator or function the server has no enum form of (42883).
    Text,
    /// What the server orders by position and the lab does not model.
    Order,
}

fn refused(what: &str, e: &EnumDef, instead: Instead) -> StepError {
    let first = e.labels.first().map_or("", String::as_str);
    let instead = match instead {
        Instead::Label => format!(
            "PostgreSQL compares and writes a {0} only with {0} values and strings; write a label in quotes ('{first}'), or compare as text (col::text = x)",
            e.name
        ),
        Instead::Text => {
            "PostgreSQL has no such operator or function for an enum; cast it to text first (col::text)".into()
        }
        Instead::Order => "the server takes it by the labels' declared positions, which the lab models for <, >, BETWEEN and ORDER BY only; ORDER BY the column and LIMIT 1".into(),
    };
    unsupported_with(Dialect::Postgres, what, &instead)
}

/// Checks and rewrites the statement's enum values; the note, if it has any.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let types = Types {
        tables: tables_read(stmt, catalog),
        catalog,
    };
    if !catalog.has_enum_types() {
        return Ok(None);
    }
    check_writes(stmt, &types)?;
    walk::check_exprs(stmt, &|e| types.check(e))?;
    order_by_positions(stmt, &types);
    // Comparisons of order by positions; then the casts, which the kinds above read.
    walk::exprs(stmt, &mut |e| {
        match e {
            Expr::BinaryOp {
                left,
                op:
                    BinaryOperator::Lt
                    | BinaryOperator::LtEq
                    | BinaryOperator::Gt
                    | BinaryOperator::GtEq,
                right,
            } => {
                if let Some(def) = types.either(left, right) {
                    types.to_position([left, right], def);
                }
            }
            Expr::Between {
                expr, low, high, ..
            } => {
                if let Kind::Enum(def) = types.kind(expr) {
                    types.to_position([expr, low, high], def);
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    walk::exprs(stmt, &mut |e| {
        if let Expr::Cast {
            expr, data_type, ..
        } = e
        {
            if types.cast(data_type).is_some() {
                *e = (**expr).duplicate();
            }
        }
        ControlFlow::Continue(())
    });
    Ok(Some(
        "enum values kept as their labels' text; <, >, BETWEEN and ORDER BY compare the labels' declared positions".into(),
    ))
}

/// The values INSERT and UPDATE write to enum columns.
fn check_writes(stmt: &mut Statement, types: &Types) -> Result<(), StepError> {
    super::writes::check(stmt, types.catalog, &mut |c, value| match &c.admits {
        Admits::Enum(e) => types.write(e, &c.name, value),
        _ => Ok(()),
    })
}

/// ORDER BY keys of enum type as their labels' positions. A key naming an output column
/// (by alias or number) is that column's expression, as the server reads it.
fn order_by_positions(stmt: &mut Statement, types: &Types) {
    walk::queries(stmt, &mut |q| {
        let Some(mut order_by) = q.order_by.take() else {
            return ControlFlow::Continue(());
        };
        let items: &[SelectItem] = match q.body.as_ref() {
            SetExpr::Select(s) => &s.projection,
            _ => &[],
        };
        if let OrderByKind::Expressions(keys) = &mut order_by.kind {
            for key in keys.iter_mut() {
                let expr = output_column(items, &key.expr).unwrap_or(&key.expr);
                if let Kind::Enum(def) = types.kind(expr) {
                    key.expr = types.position(expr, def);
                }
            }
        }
        q.order_by = Some(order_by);
        ControlFlow::Continue(())
    });
}

/// The output column an ORDER BY key names: by its alias, or by its number.
pub(super) fn output_column<'q>(items: &'q [SelectItem], key: &Expr) -> Option<&'q Expr> {
    let expr = |item: &'q SelectItem| match item {
        SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => Some(e),
        _ => None,
    };
    match key {
        Expr::Identifier(name) => items.iter().find_map(|item| match item {
            SelectItem::ExprWithAlias { expr, alias } if alias.value == name.value => Some(expr),
            _ => None,
        }),
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => {
                let n: usize = n.parse().ok()?;
                expr(items.get(n.checked_sub(1)?)?)
            }
            _ => None,
        },
        _ => None,
    }
}
