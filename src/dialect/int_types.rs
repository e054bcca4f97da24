//! Which integer type an expression has, in PostgreSQL's terms, where the planner can tell: a column
//! declared smallint, integer or bigint (serials included), an integer literal (integer if it
//! fits 32 bits, bigint if 64), a cast, `count(*)`, `length(...)`, `sum` of small integers,
//! and what PostgreSQL's rules make of those through `min`, `max`, `abs`, `coalesce`, `CASE`
//! and arithmetic (the wider type of the two). Anything else is not known, and stays
//! unchecked: a wrong guess would stop a statement the server runs.

use super::catalog::{Catalog, TableDef};
use super::exprs::{is_null, last_ident};
use super::postgres::int_values::{ARITH_FN, CAST_FN};
use super::types::Admits;
use crate::sql::ToSql;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, Query, SelectItem, SetExpr, Statement, TableFactor,
    UnaryOperator, Value,
};
use std::ops::ControlFlow;

/// smallint, integer, bigint, narrowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum IntType {
    Int2,
    Int4,
    Int8,
}

impl IntType {
    pub fn bits(self) -> i64 {
        match self {
            IntType::Int2 => 16,
            IntType::Int4 => 32,
            IntType::Int8 => 64,
        }
    }

    fn of_bits(bits: i64) -> Option<IntType> {
        [IntType::Int2, IntType::Int4, IntType::Int8]
            .into_iter()
            .find(|t| t.bits() == bits)
    }

    /// The type a cast to `t` gives, if it is one of the three.
    pub fn of_cast(t: &DataType) -> Option<IntType> {
        match t {
            DataType::SmallInt(_) | DataType::Int2(_) => Some(IntType::Int2),
            DataType::Int(_) | DataType::Integer(_) | DataType::Int4(_) => Some(IntType::Int4),
            DataType::BigInt(_) | DataType::Int8(_) => Some(IntType::Int8),
            _ => None,
        }
    }

    /// The type of a column declared as admitting `admits` (in MariaDB, where only whether
    /// it is an integer counts, an unsigned type may come out a size smaller).
    pub fn of_column(admits: &Admits) -> Option<IntType> {
        match *admits {
            Admits::Integer { max, .. } if max <= i64::from(i16::MAX) => Some(IntType::Int2),
            Admits::Integer { max, .. } if max <= i64::from(i32::MAX) => Some(IntType::Int4),
            Admits::Integer { .. } => Some(IntType::Int8),
            _ => None,
        }
    }

    /// The type PostgreSQL gives an integer literal's text.
    fn of_literal(text: &str) -> Option<IntType> {
        let n: i64 = text.parse().ok()?;
        Some(if i32::try_from(n).is_ok() {
            IntType::Int4
        } else {
            IntType::Int8
        })
    }
}

/// The column a plain or qualified name stands for, as written: its qualifier (the relation
/// it is called by) and its name; `None` for any other expression.
pub fn column_named(e: &Expr) -> Option<(Option<&str>, &str)> {
    match e {
        Expr::Identifier(i) => Some((None, &i.value)),
        Expr::CompoundIdentifier(p) if p.len() >= 2 => {
            Some((Some(&p[p.len() - 2].value), &p[p.len() - 1].value))
        }
        _ => None,
    }
}

/// The columns the statement's names may stand for: every table it reads or writes, by the
/// name it calls each (alias or table name), and the names that may stand for something else
/// (result columns' aliases, derived tables' columns), which are never resolved.
pub struct Columns<'a> {
    tables: Vec<(String, &'a TableDef)>,
    /// Names a relation of unknown columns is called by (a derived table, a CTE, a function).
    opaque: Vec<String>,
    /// Aliases given to result columns anywhere in the statement.
    aliases: Vec<String>,
}

impl<'a> Columns<'a> {
    /// Whether a relation of the statement is called `name` (its alias, or its table's name
    /// without one).
    pub fn calls(&self, name: &str) -> bool {
        let called = self.tables.iter().map(|(c, _)| c).chain(&self.opaque);
        called.into_iter().any(|c| c.eq_ignore_ascii_case(name))
    }

    /// Whether `name` is the name of a table of the statement (one it calls by an alias, when
    /// [`Columns::calls`] does not know the name).
    pub fn aliases_table(&self, name: &str) -> bool {
        (self.tables.iter()).any(|(_, def)| def.name.eq_ignore_ascii_case(name))
    }

    pub fn of(stmt: &mut Statement, catalog: &'a Catalog) -> Columns<'a> {
        let mut cols = Columns {
            tables: Vec::new(),
            opaque: Vec::new(),
            aliases: Vec::new(),
        };
        match stmt {
            Statement::Insert(ins) => {
                if let sqlparser::ast::TableObject::TableName(n) = &ins.table {
                    let name = last_ident(n);
                    if let Some(def) = catalog.table(&name) {
                        let called = ins
                            .table_alias
                            .as_ref()
                            .map_or(name, |a| a.alias.value.clone());
                        cols.tables.push((called, def));
                        cols.tables.push(("excluded".into(), def));
                    }
                }
                cols.items(ins.returning.as_deref().unwrap_or(&[]));
            }
            Statement::Update(u) => {
                cols.factor(&u.table.relation, catalog);
                for j in &u.table.joins {
                    cols.factor(&j.relation, catalog);
                }
                if let Some(sqlparser::ast::UpdateTableFromKind::AfterSet(from)) = &u.from {
                    cols.from(from, catalog);
                }
                cols.items(u.returning.as_deref().unwrap_or(&[]));
            }
            Statement::Delete(d) => {
                match &d.from {
                    sqlparser::ast::FromTable::WithFromKeyword(f)
                    | sqlparser::ast::FromTable::WithoutKeyword(f) => cols.from(f, catalog),
                }
                if let Some(using) = &d.using {
                    cols.from(using, catalog);
                }
                cols.items(d.returning.as_deref().unwrap_or(&[]));
            }
            _ => {}
        }
        super::walk::queries(stmt, &mut |q: &mut Query| {
            if let Some(with) = &q.with {
                for cte in &with.cte_tables {
                    cols.opaque.push(cte.alias.name.value.clone());
                }
            }
            if let SetExpr::Select(s) = q.body.as_ref() {
                cols.from(&s.from, catalog);
                cols.items(&s.projection);
            }
            ControlFlow::Continue(())
        });
        cols
    }

    fn from(&mut self, from: &[sqlparser::ast::TableWithJoins], catalog: &'a Catalog) {
        for t in from {
            self.factor(&t.relation, catalog);
            for j in &t.joins {
                self.factor(&j.relation, catalog);
            }
        }
    }

    fn factor(&mut self, factor: &TableFactor, catalog: &'a Catalog) {
        match factor {
            TableFactor::Table { name, alias, .. } => {
                let (table, called) = super::exprs::table_called(name, alias.as_ref());
                match catalog.table(&table) {
                    Some(def) => self.tables.push((called, def)),
                    None => self.opaque.push(called),
                }
                if let Some(a) = alias {
                    self.aliases
                        .extend(a.columns.iter().map(|c| c.name.value.clone()));
                }
            }
            other => {
                if let TableFactor::Derived { alias: Some(a), .. }
                | TableFactor::Function { alias: Some(a), .. }
                | TableFactor::TableFunction { alias: Some(a), .. } = other
                {
                    self.opaque.push(a.name.value.clone());
                    self.aliases
                        .extend(a.columns.iter().map(|c| c.name.value.clone()));
                }
                if let TableFactor::NestedJoin {
                    table_with_joins, ..
                } = other
                {
                    self.factor(&table_with_joins.relation, catalog);
                    for j in &table_with_joins.joins {
                        self.factor(&j.relation, catalog);
                    }
                }
            }
        }
    }

    fn items(&mut self, items: &[SelectItem]) {
        for item in items {
            if let SelectItem::ExprWithAlias { alias, .. } = item {
                self.aliases.push(alias.value.clone());
            }
        }
    }

    /// The integer type of column `name` (of the relation called `qualifier`), if every
    /// column it may be has the same one.
    fn column(&self, qualifier: Option<&str>, name: &str) -> Option<IntType> {
        self.admits(qualifier, name, IntType::of_column)
    }

    /// `of` what column `name` (of the relation called `qualifier`) admits, if every column
    /// it may be gives the same.
    pub fn admits<T: PartialEq>(
        &self,
        qualifier: Option<&str>,
        name: &str,
        of: impl Fn(&Admits) -> Option<T>,
    ) -> Option<T> {
        self.columns_give(qualifier, name, |c| of(&c.admits))
    }

    /// `of` the column `name` (of the relation called `qualifier`), if every column it may
    /// be gives the same.
    pub fn columns_give<T: PartialEq>(
        &self,
        qualifier: Option<&str>,
        name: &str,
        of: impl Fn(&super::catalog::ColumnDef) -> Option<T>,
    ) -> Option<T> {
        match qualifier {
            Some(q) if self.opaque.iter().any(|o| o.eq_ignore_ascii_case(q)) => return None,
            None if self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)) => return None,
            _ => {}
        }
        let mut found = None;
        for (called, def) in &self.tables {
            if qualifier.is_some_and(|q| !q.eq_ignore_ascii_case(called)) {
                continue;
            }
            let Some(c) = def.column(name) else { continue };
            let t = of(c)?;
            if found.as_ref().is_some_and(|f| *f != t) {
                return None;
            }
            found = Some(t);
        }
        found
    }

    /// The column `name` (of the relation called `qualifier`) and the name the statement
    /// calls its relation by (its alias or the table's name, as written), if it is the column
    /// of one relation (not PostgreSQL's `excluded`, an INSERT's second name for its table).
    pub fn owner(
        &self,
        qualifier: Option<&str>,
        name: &str,
    ) -> Option<(&str, &super::catalog::ColumnDef)> {
        match qualifier {
            Some(q) if self.opaque.iter().any(|o| o.eq_ignore_ascii_case(q)) => return None,
            None if self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)) => return None,
            _ => {}
        }
        let mut owners = self.tables.iter().filter_map(|(called, def)| {
            let by_name =
                qualifier.map_or(called != "excluded", |q| q.eq_ignore_ascii_case(called));
            by_name
                .then(|| def.column(name))
                .flatten()
                .map(|c| (called.as_str(), c))
        });
        let found = owners.next()?;
        owners.next().is_none().then_some(found)
    }

    /// Whether column `name` (of the relation called `qualifier`) is a string MariaDB
    /// compares byte by byte ([`ColumnDef::compares_bytes`](super::catalog::ColumnDef)),
    /// if every column it may be agrees; `None` for a name of unknown columns.
    pub fn compares_bytes(&self, qualifier: Option<&str>, name: &str) -> Option<bool> {
        match qualifier {
            Some(q) if self.opaque.iter().any(|o| o.eq_ignore_ascii_case(q)) => return None,
            None if self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)) => return None,
            _ => {}
        }
        let mut found = None;
        for (called, def) in &self.tables {
            if qualifier.is_some_and(|q| !q.eq_ignore_ascii_case(called)) {
                continue;
            }
            let Some(c) = def.column(name) else { continue };
            if found.is_some_and(|f| f != c.compares_bytes()) {
                return None;
            }
            found = Some(c.compares_bytes());
        }
        found
    }

    /// Whether `e` is a floating point value (which PostgreSQL rounds half to even when cast
    /// to an integer): a column declared real or double precision, a cast to one, random().
    pub fn is_float(&self, e: &Expr) -> bool {
        match e {
            Expr::Nested(inner) => self.is_float(inner),
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => column_named(e)
                .is_some_and(|(qualifier, name)| self.column_is_float(qualifier, name)),
            Expr::Cast { data_type, .. } => float_name(&data_type.to_sql()),
            Expr::Function(f) => f.name.to_sql().eq_ignore_ascii_case("random"),
            Expr::BinaryOp { left, op, right } if arithmetic(op) => {
                self.is_float(left) || self.is_float(right)
            }
            _ => false,
        }
    }

    fn column_is_float(&self, qualifier: Option<&str>, name: &str) -> bool {
        self.tables
            .iter()
            .filter(|(called, _)| qualifier.is_none_or(|q| q.eq_ignore_ascii_case(called)))
            .filter_map(|(_, def)| def.column(name))
            .any(|c| float_name(&c.sql_type))
    }

    /// The integer type of `e`, if the planner can tell. Reads `e`'s top only (and the
    /// arguments of the calls it knows), so a deep expression costs no deep recursion: the
    /// rewrite types inner expressions first and turns them into `ql_int_arith(...)` calls, which
    /// says its type.
    pub fn int_type(&self, e: &Expr) -> Option<IntType> {
        match e {
            Expr::Nested(inner) => self.int_type(inner),
            Expr::Value(v) => match &v.value {
                Value::Number(n, _) => IntType::of_literal(n),
                _ => None,
            },
            Expr::UnaryOp {
                op: UnaryOperator::Minus,
                expr,
            } => match expr.as_ref() {
                // PostgreSQL reads `-2147483648` as one integer constant.
                Expr::Value(v) => match &v.value {
                    Value::Number(n, _) => IntType::of_literal(&format!("-{n}")),
                    _ => None,
                },
                other => self.int_type(other),
            },
            Expr::UnaryOp {
                op: UnaryOperator::Plus,
                expr,
            } => self.int_type(expr),
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
                let (qualifier, name) = column_named(e)?;
                self.column(qualifier, name)
            }
            Expr::Cast {
                kind: CastKind::Cast | CastKind::DoubleColon,
                data_type,
                ..
            } => IntType::of_cast(data_type),
            Expr::BinaryOp { left, op, right }
                if arithmetic(op) || *op == BinaryOperator::Modulo =>
            {
                self.common([left.as_ref(), right.as_ref()])
            }
            Expr::Case {
                conditions,
                else_result,
                ..
            } => self.common(super::exprs::case_results(
                conditions,
                else_result.as_deref(),
            )),
            Expr::Subquery(q) => self.subquery(q),
            Expr::Function(_) => self.call(e),
            _ => None,
        }
    }

    fn call(&self, e: &Expr) -> Option<IntType> {
        let Expr::Function(f) = e else { return None };
        let name = f.name.to_sql().to_ascii_lowercase();
        let args = || super::exprs::call_args(e, &name);
        match name.as_str() {
            // The engine's own calls say their type: `ql_int_cast(x, 32, 0)`.
            CAST_FN => match args()?.get(1)? {
                Expr::Value(v) => match &v.value {
                    Value::Number(n, _) => IntType::of_bits(n.parse().ok()?),
                    _ => None,
                },
                _ => None,
            },
            // `ql_int_arith('+32 *64', a, b, c)`: its last step's.
            ARITH_FN => {
                let sqlparser::ast::FunctionArguments::List(list) = &f.args else {
                    return None;
                };
                let sqlparser::ast::FunctionArg::Unnamed(sqlparser::ast::FunctionArgExpr::Expr(
                    Expr::Value(v),
                )) = list.args.first()?
                else {
                    return None;
                };
                let Value::SingleQuotedString(steps) = &v.value else {
                    return None;
                };
                let last = steps.rsplit(' ').next()?;
                IntType::of_bits(last.get(1..)?.parse().ok()?)
            }
            "count" | "row_number" | "rank" | "dense_rank" => Some(IntType::Int8),
            // PostgreSQL's sequence functions.
            "nextval" | "currval" | "setval" | "lastval" => Some(IntType::Int8),
            "length" | "char_length" => Some(IntType::Int4),
            "sum" => match self.int_type(args()?.first()?)? {
                IntType::Int8 => None,
                _ => Some(IntType::Int8),
            },
            "min" | "max" | "abs" | "coalesce" | "greatest" | "least" | "mod" => {
                self.common(args()?)
            }
            // MySQL's `VALUES(col)` in ON DUPLICATE KEY UPDATE: the column's.
            "nullif" | "values" => self.int_type(args()?.first()?),
            n if n == super::division::NONZERO_FN => self.int_type(args()?.first()?),
            _ => None,
        }
    }

    /// The type of a scalar subquery: its one result column's.
    fn subquery(&self, q: &Query) -> Option<IntType> {
        let e = super::exprs::scalar_subquery_expr(q)?;
        self.int_type(e)
    }

    /// The type PostgreSQL resolves integer values to: the widest, NULLs aside; not known
    /// if any is not.
    fn common<'e>(&self, exprs: impl IntoIterator<Item = &'e Expr>) -> Option<IntType> {
        let mut widest = None;
        for e in exprs {
            if is_null(e) {
                continue;
            }
            let t = self.int_type(e)?;
            widest = widest.max(Some(t));
        }
        widest
    }
}

/// `+ - * /`: the operators that make a new integer from two (and may overflow).
pub fn arithmetic(op: &BinaryOperator) -> bool {
    matches!(
        op,
        BinaryOperator::Plus
            | BinaryOperator::Minus
            | BinaryOperator::Multiply
            | BinaryOperator::Divide
    )
}

fn float_name(t: &str) -> bool {
    let t = t.to_ascii_lowercase();
    ["real", "float", "double"].iter().any(|f| t.starts_with(f))
}
