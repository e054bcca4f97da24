//! Rule: result values in the server's text form where SQLite's differs.
//! - Numbers (both servers): SQLite hands back a double and a decimal alike as a 64-bit
//!   float and would print `1.0`, where PostgreSQL prints a double precision `1` and a
//!   numeric(10,2) `1.00`. The planner types the result columns (`num_types.rs`) and the
//!   engine writes their values as the server would (`num_text.rs`); a fraction in a column
//!   of no known type is refused by the engine, not guessed.
//! - PostgreSQL's booleans and `timestamptz`: SQLite has no boolean or time zone types:
//!   `vt <= now()` or a `boolean` column comes back as 1 or 0, where psql and every
//!   PostgreSQL client show `t` or `f`; a `timestamptz` comes back as `2025-01-01 09:00:00`,
//!   where PostgreSQL (its session time zone UTC) prints `2025-01-01 09:00:00+00`. The planner
//!   reads which result columns have such a type (a column declared so, a comparison or other
//!   test, `now()`, a cast).
//!
//! The engine writes those columns' values in the server's form once the statement has run.
//! The values inside the statement stay SQLite's, so comparisons and sorting are unchanged.

use super::catalog::{Catalog, TableDef};
use super::exprs::last_ident;
use super::int_types::Columns;
use super::num_types::{self, NumType};
use super::plan::TextForm;
use super::Dialect;
use crate::sql::ToSql;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, InTarget, SelectItem, Statement, TableFactor,
    TableWithJoins, UnaryOperator, Value,
};

/// The result columns of `stmt` (by position) whose values `dialect`'s server prints
/// otherwise; `columns` resolves the statement's names for the number types.
///
/// Fails where a WITH query or a subquery in FROM that the result reads has two columns of
/// one name: MariaDB's 1060; PostgreSQL allows them, but SQLite renames the second (`id:1`)
/// and takes the first for a reference the server finds ambiguous, so the lab refuses them.
pub fn forms(
    dialect: Dialect,
    stmt: &Statement,
    catalog: &Catalog,
    columns: &Columns,
) -> Result<Vec<(usize, TextForm)>, crate::trace::StepError> {
    let twice = std::cell::Cell::new(None);
    let ctx = Ctx {
        catalog,
        columns,
        dialect,
        with: None,
        depth: 0,
        twice: &twice,
    };
    let (named, _) = statement_columns(stmt, &ctx);
    if let Some(name) = twice.take() {
        return Err(match dialect {
            Dialect::MySql => {
                crate::trace::StepError::other("1060", format!("Duplicate column name '{name}'"))
            }
            _ => super::common::unsupported_with(
                dialect,
                &format!("A subquery or WITH query with two columns named {name}"),
                "name them apart (AS ...)",
            ),
        });
    }
    let placed = named.into_iter().enumerate();
    Ok(placed.filter_map(|(i, (_, f))| Some((i, f?))).collect())
}

/// Columns by name, each with its form; and whether they are all of the relation's (a `*`
/// over a relation of unknown columns cuts them short: nothing after it is placed).
type Named = (Vec<(String, Option<TextForm>)>, bool);

/// What the columns of a statement's relations are read in: the catalog, the statement's
/// names for the number types, its WITH queries, and how deep the reading has gone (a WITH
/// query that reads itself, or a deep nesting, stops it).
#[derive(Clone, Copy)]
struct Ctx<'a, 'c> {
    catalog: &'a Catalog,
    columns: &'c Columns<'a>,
    dialect: Dialect,
    with: Option<&'c sqlparser::ast::With>,
    depth: usize,
    /// A name two columns of a relation the result reads share, once met.
    twice: &'c std::cell::Cell<Option<String>>,
}

/// How deep derived tables and WITH queries are read for their columns' forms.
const MAX_DEPTH: usize = 8;

/// The result columns of a statement: a query's, or a write's RETURNING.
fn statement_columns(stmt: &Statement, ctx: &Ctx) -> Named {
    let (items, from): (&[SelectItem], Vec<&[TableWithJoins]>) = match stmt {
        Statement::Query(q) => return query_columns(q, ctx),
        Statement::Insert(ins) => {
            let (Some(r), sqlparser::ast::TableObject::TableName(n)) = (&ins.returning, &ins.table)
            else {
                return (Vec::new(), false);
            };
            let table = last_ident(n);
            let relation = Relation::Table(ctx.catalog.table(&table));
            return items_columns(r, &ctx.scope(vec![(table, relation, Vec::new())]));
        }
        Statement::Update(u) => match (&u.returning, &u.from) {
            (Some(r), Some(sqlparser::ast::UpdateTableFromKind::AfterSet(from))) => {
                (r, vec![std::slice::from_ref(&u.table), from])
            }
            (Some(r), _) => (r, vec![std::slice::from_ref(&u.table)]),
            _ => return (Vec::new(), false),
        },
        Statement::Delete(d) => match (&d.returning, &d.from) {
            (
                Some(r),
                sqlparser::ast::FromTable::WithFromKeyword(f)
                | sqlparser::ast::FromTable::WithoutKeyword(f),
            ) => (r, vec![f]),
            _ => return (Vec::new(), false),
        },
        _ => return (Vec::new(), false),
    };
    let tables = from.into_iter().flat_map(|f| tables_of(f, ctx)).collect();
    items_columns(items, &ctx.scope(tables))
}

/// The result columns of a query: its SELECT's items, or the RETURNING of the write it is
/// (`WITH c AS (...) UPDATE ... RETURNING ...`), read with its WITH queries.
fn query_columns(q: &sqlparser::ast::Query, ctx: &Ctx) -> Named {
    if ctx.depth > MAX_DEPTH {
        return (Vec::new(), false);
    }
    let inner = Ctx {
        with: q.with.as_ref().or(ctx.with),
        depth: ctx.depth + 1,
        ..*ctx
    };
    match q.body.as_ref() {
        sqlparser::ast::SetExpr::Insert(s)
        | sqlparser::ast::SetExpr::Update(s)
        | sqlparser::ast::SetExpr::Delete(s) => statement_columns(s, &inner),
        _ => match super::walk::result_select(q) {
            Some(sel) => items_columns(&sel.projection, &inner.scope(tables_of(&sel.from, &inner))),
            None => (Vec::new(), false),
        },
    }
}

/// The columns result `items` make in `scope`.
fn items_columns(items: &[SelectItem], scope: &Scope) -> Named {
    let mut out = Vec::new();
    for item in items {
        let (all, complete) = match item {
            SelectItem::UnnamedExpr(e) => (
                vec![(output_name(e, scope.ctx.dialect), scope.kind(e))],
                true,
            ),
            SelectItem::ExprWithAlias { expr, alias } => {
                (vec![(alias.value.clone(), scope.kind(expr))], true)
            }
            SelectItem::Wildcard(_) => scope.all_columns(None),
            SelectItem::QualifiedWildcard(
                sqlparser::ast::SelectItemQualifiedWildcardKind::ObjectName(name),
                _,
            ) => scope.all_columns(Some(&last_ident(name))),
            // Several names for one value: not PostgreSQL syntax.
            _ => (Vec::new(), false),
        };
        out.extend(all);
        if !complete {
            return (out, false);
        }
    }
    (out, true)
}

/// The name a result column takes from its expression (`s.vt`, `s.count`): PostgreSQL's
/// (`postgres/names.rs`), MariaDB's its text (as the lab prints it: two alike print alike).
fn output_name(e: &Expr, dialect: Dialect) -> String {
    match e {
        Expr::Identifier(i) => i.value.clone(),
        Expr::CompoundIdentifier(parts) => {
            parts.last().map_or_else(String::new, |p| p.value.clone())
        }
        _ if dialect == Dialect::Postgres => super::postgres::names::name_of(e).0,
        _ => e.to_sql(),
    }
}

/// Notes the first name two of `columns` share, unless one is noted already. Compared
/// regardless of case, as SQLite compares them (`a` and `A` are one name to it; MariaDB's
/// names are case-blind too).
fn note_twice(columns: &Named, ctx: &Ctx) {
    let names = &columns.0;
    let found = (names.iter().enumerate())
        .find(|(i, (a, _))| {
            !a.is_empty() && names[..*i].iter().any(|(b, _)| a.eq_ignore_ascii_case(b))
        })
        .map(|(_, (a, _))| a.clone());
    let noted = ctx.twice.take();
    ctx.twice.set(noted.or(found));
}

/// How `dialect`'s server prints a value of column `c` (`SELECT c FROM t`): in results, and
/// in the tables the pictures show.
pub fn of_stored_column(dialect: Dialect, c: &super::catalog::ColumnDef) -> Option<TextForm> {
    match dialect {
        Dialect::Postgres => of_type_name(&c.sql_type),
        Dialect::MySql => fraction(c),
        Dialect::MsSql => None,
    }
    .or_else(|| number_form(NumType::of_column(&c.admits)?, dialect))
}

/// The form of a value of number type `t`.
fn number_form(t: NumType, dialect: Dialect) -> Option<TextForm> {
    match (t, dialect) {
        (NumType::Int, _) | (_, Dialect::MsSql) => None,
        (NumType::Numeric, _) => Some(TextForm::NumericOfNoScale),
        (NumType::Double, Dialect::Postgres) => Some(TextForm::PgDouble),
        (NumType::Double, _) => Some(TextForm::MyDouble),
        (NumType::Decimal(s), _) => Some(TextForm::Decimal(s)),
    }
}

/// A relation a query reads: a table of the catalog (`None`: one it does not know), or a
/// derived table or WITH query, with its columns.
enum Relation<'a> {
    Table(Option<&'a TableDef>),
    Derived(Named),
}

/// A relation a query reads, by the name it calls it (alias or table name), with the names of
/// the columns it shares with the left side of its join (USING), which an unqualified `*`
/// gives once, with the left side's.
type Read<'a> = (String, Relation<'a>, Vec<String>);

/// The relations `from` reads.
fn tables_of<'a>(from: &[TableWithJoins], ctx: &Ctx<'a, '_>) -> Vec<Read<'a>> {
    let mut tables = Vec::new();
    let joins = from
        .iter()
        .flat_map(|t| std::iter::once(None).chain(t.joins.iter().map(Some)));
    for (factor, join) in super::walk::factors(from).zip(joins) {
        let (called, relation) = match factor {
            TableFactor::Table { name, alias, .. } => {
                let (table, called) = super::exprs::table_called(name, alias.as_ref());
                let cte = (ctx.with.into_iter().flat_map(|w| &w.cte_tables))
                    .find(|c| name.0.len() == 1 && c.alias.name.value.eq_ignore_ascii_case(&table));
                let relation = match cte {
                    Some(c) => derived(renamed(query_columns(&c.query, ctx), &c.alias), ctx),
                    None => Relation::Table(ctx.catalog.table(&table)),
                };
                (called, relation)
            }
            TableFactor::Derived {
                subquery,
                alias: Some(a),
                ..
            } => (
                a.name.value.clone(),
                derived(renamed(query_columns(subquery, ctx), a), ctx),
            ),
            _ => (String::new(), Relation::Table(None)),
        };
        let shared = join.map_or_else(Vec::new, |j| {
            super::merged_joins::listed_once(&j.join_operator)
        });
        tables.push((called, relation, shared));
    }
    tables
}

/// A WITH query or subquery of `columns`, their names checked (a `*` over a USING join gives
/// a shared column once: `Scope::all_columns`).
fn derived<'a>(columns: Named, ctx: &Ctx) -> Relation<'a> {
    note_twice(&columns, ctx);
    Relation::Derived(columns)
}

/// `columns` under the names an alias's column list gives them (`AS s(a, b)`).
fn renamed(mut columns: Named, alias: &sqlparser::ast::TableAlias) -> Named {
    for (c, name) in columns.0.iter_mut().zip(&alias.columns) {
        c.0 = name.name.value.clone();
    }
    columns
}

impl<'a, 'c> Ctx<'a, 'c> {
    fn scope(&self, tables: Vec<Read<'a>>) -> Scope<'a, 'c> {
        Scope { tables, ctx: *self }
    }
}

/// What the result items are read against: the relations the query reads (`tables_of`),
/// and the statement's context (its names for the number types, WITH queries, dialect).
struct Scope<'a, 'c> {
    tables: Vec<Read<'a>>,
    ctx: Ctx<'a, 'c>,
}

impl Scope<'_, '_> {
    /// The columns of the named relation (or of all of them, in order).
    fn all_columns(&self, qualifier: Option<&str>) -> Named {
        let mut out = Vec::new();
        for (called, relation, shared) in &self.tables {
            if qualifier.is_some_and(|q| !q.eq_ignore_ascii_case(called)) {
                continue;
            }
            // An unqualified `*` gives a column a join shares once, the left side's.
            let once = |n: &String| {
                qualifier.is_some() || !shared.iter().any(|s| s.eq_ignore_ascii_case(n))
            };
            match relation {
                Relation::Table(Some(def)) => out.extend(
                    (def.columns.iter().filter(|c| once(&c.name)))
                        .map(|c| (c.name.clone(), of_stored_column(self.ctx.dialect, c))),
                ),
                Relation::Derived((columns, complete)) => {
                    out.extend(columns.iter().filter(|c| once(&c.0)).cloned());
                    if !complete {
                        return (out, false);
                    }
                }
                Relation::Table(None) => return (out, false),
            }
        }
        (out, true)
    }

    /// The form of column `name` of the relation called `qualifier` (the first that has
    /// one of that name): a table's by its declared type, a derived table's as its query
    /// gives it.
    fn column(&self, qualifier: Option<&str>, name: &str) -> Option<TextForm> {
        let fits = |called: &String| qualifier.is_none_or(|q| q.eq_ignore_ascii_case(called));
        self.tables
            .iter()
            .filter(|(called, ..)| fits(called))
            .find_map(|(_, r, _)| match r {
                Relation::Table(def) => {
                    def.and_then(|d| d.column(name))
                        .map(|c| match self.ctx.dialect {
                            Dialect::Postgres => of_type_name(&c.sql_type),
                            _ => fraction(c),
                        })
                }
                Relation::Derived((columns, _)) => columns
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name))
                    .map(|(_, f)| *f),
            })?
    }

    /// The form of an expression's value: PostgreSQL's booleans and clock values, else its
    /// number type's.
    fn kind(&self, e: &Expr) -> Option<TextForm> {
        let vendor = match self.ctx.dialect {
            Dialect::Postgres => self.pg_kind(e),
            Dialect::MySql => self.my_kind(e),
            Dialect::MsSql => None,
        };
        vendor.or_else(|| {
            number_form(
                num_types::of(e, self.ctx.columns, self.ctx.dialect)?,
                self.ctx.dialect,
            )
        })
    }

    /// MariaDB's form of a time with a fraction of a second: a DATETIME(n) or TIME(n) column,
    /// also through the functions that hand back one of their arguments.
    fn my_kind(&self, e: &Expr) -> Option<TextForm> {
        use super::temporal::Temporal;
        // `time ± INTERVAL`: the more digits of the time's and the amount's.
        let time_digits = |t: &Expr| match self.my_kind(t) {
            Some(TextForm::MyFraction(Temporal::DateTime(d) | Temporal::Time(d))) => d,
            _ => 0,
        };
        if let Some(d) = super::intervals::mariadb_digits(e, self.ctx.columns, &time_digits) {
            return (d > 0).then_some(TextForm::MyFraction(Temporal::DateTime(d)));
        }
        let (qualifier, name) = match e {
            Expr::Nested(inner) => return self.my_kind(inner),
            Expr::Subquery(q) => return query_columns(q, &self.ctx).0.first().and_then(|c| c.1),
            Expr::Identifier(i) => (None, &i.value),
            Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
                let n = parts.len();
                (Some(parts[n - 2].value.as_str()), &parts[n - 1].value)
            }
            Expr::Function(f) => {
                let name = f.name.to_sql().to_ascii_lowercase();
                return match name.as_str() {
                    "min" | "max" | "coalesce" | "ifnull" | "greatest" | "least" => {
                        let args = super::exprs::call_args(e, &name)?;
                        self.my_kind(args.first()?)
                    }
                    // TIME(t) prints as many digits as t.
                    "time" => {
                        let args = super::exprs::call_args(e, &name)?;
                        let d = time_digits(args.first()?);
                        (d > 0).then_some(TextForm::MyFraction(Temporal::Time(d)))
                    }
                    _ => None,
                };
            }
            _ => return None,
        };
        self.column(qualifier, name)
    }

    /// PostgreSQL's form of a boolean or clock value. Looks at the top of the expression
    /// only (and down the left of `ts + interval ...`), so a deep operator chain costs no
    /// stack.
    fn pg_kind(&self, e: &Expr) -> Option<TextForm> {
        use BinaryOperator::*;
        let mut e = e;
        loop {
            match e {
                Expr::Nested(inner) => e = inner,
                Expr::BinaryOp {
                    op: Plus | Minus,
                    left,
                    right,
                } if super::intervals::is_interval(right) => e = left,
                Expr::BinaryOp {
                    op: Plus,
                    left,
                    right,
                } if super::intervals::is_interval(left) => e = right,
                _ => break,
            }
        }
        match e {
            Expr::Identifier(i) => self.column(None, &i.value),
            Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
                let n = parts.len();
                self.column(Some(&parts[n - 2].value), &parts[n - 1].value)
            }
            _ if is_pg_test(e) => Some(TextForm::PgBool),
            Expr::Cast {
                kind: CastKind::Cast | CastKind::DoubleColon,
                data_type,
                ..
            } => of_data_type(data_type),
            Expr::Case { conditions, .. } => {
                conditions.first().and_then(|w| self.pg_kind(&w.result))
            }
            // A scalar subquery: its one column's.
            Expr::Subquery(q) => query_columns(q, &self.ctx).0.first().and_then(|c| c.1),
            Expr::Function(f) => {
                let name = f.name.to_sql().to_ascii_lowercase();
                match name.as_str() {
                    _ if is_zoned_clock(&name) => Some(TextForm::PgTimestampTz),
                    "coalesce" | "greatest" | "least" | "min" | "max" => {
                        super::exprs::call_args(e, &name)?
                            .first()
                            .and_then(|a| self.pg_kind(a))
                    }
                    "bool_and" | "bool_or" | "every" => Some(TextForm::PgBool),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// A MariaDB column that prints a fraction of a second (`temporal.rs`).
fn fraction(c: &super::catalog::ColumnDef) -> Option<TextForm> {
    use super::temporal::Temporal;
    match c.admits {
        super::types::Admits::Temporal(t @ (Temporal::DateTime(1..) | Temporal::Time(1..))) => {
            Some(TextForm::MyFraction(t))
        }
        _ => None,
    }
}

fn of_data_type(t: &DataType) -> Option<TextForm> {
    match t {
        DataType::Bool | DataType::Boolean => Some(TextForm::PgBool),
        DataType::Timestamp(_, tz) if tz.to_sql().contains("WITH TIME ZONE") => {
            Some(TextForm::PgTimestampTz)
        }
        other => of_type_name(&other.to_sql()),
    }
}

/// Whether PostgreSQL's function `name` (lower case) reads the clock as a timestamptz
/// (`LOCALTIMESTAMP` is a timestamp without a zone).
pub fn is_zoned_clock(name: &str) -> bool {
    matches!(
        name,
        "now"
            | "current_timestamp"
            | "transaction_timestamp"
            | "statement_timestamp"
            | "clock_timestamp"
    )
}

/// Whether `e` is a PostgreSQL boolean by its form: `true`/`false`, a comparison, AND/OR,
/// NOT, IS, IN, BETWEEN, LIKE, EXISTS, ANY/ALL.
pub fn is_pg_test(e: &Expr) -> bool {
    use BinaryOperator::*;
    match e {
        Expr::Value(v) => matches!(v.value, Value::Boolean(_)),
        Expr::BinaryOp { op, .. } => matches!(
            op,
            Eq | NotEq | Lt | LtEq | Gt | GtEq | And | Or | Xor | PGRegexMatch | AtArrow
        ),
        Expr::UnaryOp { op, .. } => *op == UnaryOperator::Not,
        Expr::IsNull(_)
        | Expr::IsNotNull(_)
        | Expr::IsTrue(_)
        | Expr::IsFalse(_)
        | Expr::IsNotTrue(_)
        | Expr::IsNotFalse(_)
        | Expr::IsDistinctFrom(..)
        | Expr::IsNotDistinctFrom(..)
        | Expr::In {
            target: InTarget::List(_) | InTarget::Subquery(_),
            ..
        }
        | Expr::Between { .. }
        | Expr::Like { .. }
        | Expr::ILike { .. }
        | Expr::Exists { .. }
        | Expr::AnyOp { .. }
        | Expr::AllOp { .. } => true,
        _ => false,
    }
}

/// A declared type as written: `boolean`, `bool`, `timestamptz`, `timestamp with time zone`.
pub fn of_type_name(t: &str) -> Option<TextForm> {
    let t = t.to_ascii_lowercase();
    if t == "bool" || t == "boolean" {
        Some(TextForm::PgBool)
    } else if t.starts_with("timestamptz") || t.contains("with time zone") {
        Some(TextForm::PgTimestampTz)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::trace::checked::Checked;

    fn forms_of(setup: &[&str], sql: &str) -> Checked<Vec<(usize, TextForm)>> {
        use crate::trace::checked::OrFail;
        forms_or_error(setup, sql)?.or_fail(sql)
    }

    fn forms_or_error(
        setup: &[&str],
        sql: &str,
    ) -> Checked<Result<Vec<(usize, TextForm)>, crate::trace::StepError>> {
        let (catalog, mut stmt) =
            crate::dialect::catalog::for_tests(Dialect::Postgres, setup, sql)?;
        let columns = Columns::of(&mut stmt, &catalog);
        Ok(forms(Dialect::Postgres, &stmt, &catalog, &columns))
    }

    #[test]
    fn tests_a_relation_with_two_columns_of_one_name_is_refused() -> Checked {
        // PostgreSQL allows them; SQLite renames the second (`id:1`) and reads the first for
        // a reference the server finds ambiguous.
        let tables = [
            "CREATE TABLE q (id int, n int)",
            "CREATE TABLE r (id int, q_id int)",
        ];
        for sql in [
            "WITH c AS (SELECT * FROM q JOIN r ON r.q_id = q.id) SELECT c.id FROM c",
            "SELECT * FROM (SELECT id, n AS id FROM q) s",
            "SELECT * FROM (SELECT 1, 2 FROM q) s",
            "WITH d AS (DELETE FROM q RETURNING id, n, id) SELECT * FROM d",
        ] {
            let refused = forms_or_error(&tables, sql)?.err().map(|e| e.message);
            let says = refused.as_deref().unwrap_or("");
            assert!(says.contains("with two columns named"), "{sql}: {says}");
        }
        // Renamed apart by a column list, or named apart: as the server does.
        for sql in [
            "WITH c(a, b) AS (SELECT id, id FROM q) SELECT * FROM c",
            "SELECT * FROM (SELECT count(*), max(n), 1 FROM q) s",
            // USING gives the shared column once.
            "SELECT * FROM (SELECT * FROM q JOIN r USING (id)) s",
        ] {
            assert!(forms_or_error(&tables, sql)?.is_ok(), "{sql}");
        }
        Ok(())
    }

    #[test]
    fn tests_boolean_columns_and_clock_values_are_found_by_position() -> Checked {
        use TextForm::*;
        let jobs = "CREATE TABLE jobs (id int, done boolean, vt timestamptz, at timestamp)";
        assert_eq!(
            forms_of(&[jobs], "SELECT id, done, vt <= now() AS due, vt, at, now() + interval '1 minute' FROM jobs")?,
            [(1, PgBool), (2, PgBool), (3, PgTimestampTz), (5, PgTimestampTz)]
        );
        assert_eq!(
            forms_of(&[jobs], "SELECT j.* , 1 FROM jobs j")?,
            [(1, PgBool), (2, PgTimestampTz)]
        );
        assert_eq!(
            forms_of(
                &[jobs],
                "UPDATE jobs SET done = true WHERE id = 1 RETURNING id, done, NOT done"
            )?,
            [(1, PgBool), (2, PgBool)]
        );
        assert_eq!(
            forms_of(
                &[jobs],
                "WITH c AS (SELECT id FROM jobs LIMIT 1) UPDATE jobs SET done = true FROM c WHERE jobs.id = c.id RETURNING jobs.*"
            )?,
            [(1, PgBool), (2, PgTimestampTz)]
        );
        // Through a query: a WITH query, a derived table (renamed), a scalar subquery.
        assert_eq!(
            forms_of(
                &[jobs],
                "WITH c AS (SELECT done, vt FROM jobs) SELECT c.vt, 1, c.* FROM c"
            )?,
            [(0, PgTimestampTz), (2, PgBool), (3, PgTimestampTz)]
        );
        assert_eq!(
            forms_of(
                &[jobs],
                "SELECT s.b, s.a FROM (SELECT done, vt FROM jobs) AS s(a, b)"
            )?,
            [(0, PgTimestampTz), (1, PgBool)]
        );
        assert_eq!(
            forms_of(
                &[jobs],
                "SELECT (SELECT done FROM jobs LIMIT 1), id FROM jobs"
            )?,
            [(0, PgBool)]
        );
        // A WITH query that reads itself stops the reading, unplaced.
        assert_eq!(
            forms_of(&[], "WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n = 1 FROM r")?,
            [(0, PgBool)]
        );
        assert_eq!(
            forms_of(&[], "SELECT 1 = 1, 2, true, 'x' IS NULL")?,
            [(0, PgBool), (2, PgBool), (3, PgBool)]
        );
        assert!(forms_of(&[jobs], "SELECT id + 1, at FROM jobs")?.is_empty());
        Ok(())
    }
}
