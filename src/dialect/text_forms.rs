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
use queuelab_sql::ToSql;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, InTarget, SelectItem, Statement, TableFactor,
    TableWithJoins, UnaryOperator, Value,
};

/// The result columns of `stmt` (by position) whose values `dialect`'s server prints
/// otherwise; `columns` resolves the statement's names for the number types.
pub fn forms(
    dialect: Dialect,
    stmt: &Statement,
    catalog: &Catalog,
    columns: &Columns,
) -> Vec<(usize, TextForm)> {
    let (items, tables) = match stmt {
        // `WITH c AS (...) UPDATE ... RETURNING ...`: the statement inside, whose RETURNING
        // the result is (River's claim returned its timestamps without their zone).
        Statement::Query(q) => match q.body.as_ref() {
            sqlparser::ast::SetExpr::Insert(s)
            | sqlparser::ast::SetExpr::Update(s)
            | sqlparser::ast::SetExpr::Delete(s) => return forms(dialect, s, catalog, columns),
            _ => match super::walk::result_select(q) {
                Some(sel) => (&sel.projection, tables_of(&sel.from, catalog)),
                None => return Vec::new(),
            },
        },
        Statement::Insert(ins) => {
            let Some(r) = &ins.returning else {
                return Vec::new();
            };
            let table = match &ins.table {
                sqlparser::ast::TableObject::TableName(n) => last_ident(n),
                _ => return Vec::new(),
            };
            let def = catalog.table(&table);
            (r, vec![(table, def)])
        }
        Statement::Update(u) => {
            let Some(r) = &u.returning else {
                return Vec::new();
            };
            let mut tables = tables_of(std::slice::from_ref(&u.table), catalog);
            if let Some(sqlparser::ast::UpdateTableFromKind::AfterSet(from)) = &u.from {
                tables.extend(tables_of(from, catalog));
            }
            (r, tables)
        }
        Statement::Delete(d) => {
            let Some(r) = &d.returning else {
                return Vec::new();
            };
            let from = match &d.from {
                sqlparser::ast::FromTable::WithFromKeyword(f)
                | sqlparser::ast::FromTable::WithoutKeyword(f) => f,
            };
            (r, tables_of(from, catalog))
        }
        _ => return Vec::new(),
    };
    let scope = Scope {
        tables,
        columns,
        dialect,
    };
    let mut out = Vec::new();
    let mut at = 0;
    for item in items {
        let kinds: Vec<Option<TextForm>> = match item {
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                vec![scope.kind(e)]
            }
            SelectItem::Wildcard(_) => match scope.all_columns(None) {
                Some(k) => k,
                // A derived table's columns are not known: nothing after it is placed.
                None => return out,
            },
            SelectItem::QualifiedWildcard(
                sqlparser::ast::SelectItemQualifiedWildcardKind::ObjectName(name),
                _,
            ) => match scope.all_columns(Some(&last_ident(name))) {
                Some(k) => k,
                None => return out,
            },
            // Several names for one value: not PostgreSQL syntax.
            _ => return out,
        };
        for k in kinds {
            if let Some(k) = k {
                out.push((at, k));
            }
            at += 1;
        }
    }
    out
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

/// The tables `from` reads, by the name it calls them (alias or table name); `None` for a
/// relation whose columns the catalog does not know (a derived table).
fn tables_of<'a>(
    from: &[TableWithJoins],
    catalog: &'a Catalog,
) -> Vec<(String, Option<&'a TableDef>)> {
    let mut tables = Vec::new();
    for factor in super::walk::factors(from) {
        tables.push(match factor {
            TableFactor::Table { name, alias, .. } => {
                let (table, called) = super::exprs::table_called(name, alias.as_ref());
                (called, catalog.table(&table))
            }
            TableFactor::Derived { alias, .. } => (
                alias
                    .as_ref()
                    .map_or(String::new(), |a| a.name.value.clone()),
                None,
            ),
            _ => (String::new(), None),
        });
    }
    tables
}

/// What the result items are read against: the tables the statement reads (`tables_of`),
/// every name of the statement for the number types of expressions, and the dialect.
struct Scope<'a, 'c> {
    tables: Vec<(String, Option<&'a TableDef>)>,
    columns: &'c Columns<'a>,
    dialect: Dialect,
}

impl Scope<'_, '_> {
    /// The forms of every column of the named table (or of all of them, in order).
    fn all_columns(&self, qualifier: Option<&str>) -> Option<Vec<Option<TextForm>>> {
        let mut out = Vec::new();
        for (called, def) in &self.tables {
            if qualifier.is_some_and(|q| !q.eq_ignore_ascii_case(called)) {
                continue;
            }
            let def = (*def)?;
            out.extend(
                def.columns
                    .iter()
                    .map(|c| of_stored_column(self.dialect, c)),
            );
        }
        Some(out)
    }

    /// The declared column `name` (of the relation called `qualifier`), the first that fits.
    fn column_def(
        &self,
        qualifier: Option<&str>,
        name: &str,
    ) -> Option<&super::catalog::ColumnDef> {
        self.tables
            .iter()
            .filter(|(called, _)| qualifier.is_none_or(|q| q.eq_ignore_ascii_case(called)))
            .find_map(|(_, def)| def.and_then(|d| d.column(name)))
    }

    fn column(&self, qualifier: Option<&str>, name: &str) -> Option<TextForm> {
        self.column_def(qualifier, name)
            .and_then(|c| of_type_name(&c.sql_type))
    }

    /// The form of an expression's value: PostgreSQL's booleans and clock values, else its
    /// number type's.
    fn kind(&self, e: &Expr) -> Option<TextForm> {
        let vendor = match self.dialect {
            Dialect::Postgres => self.pg_kind(e),
            Dialect::MySql => self.my_kind(e),
            Dialect::MsSql => None,
        };
        vendor.or_else(|| number_form(num_types::of(e, self.columns, self.dialect)?, self.dialect))
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
        if let Some(d) = super::intervals::mariadb_digits(e, self.columns, &time_digits) {
            return (d > 0).then_some(TextForm::MyFraction(Temporal::DateTime(d)));
        }
        let (qualifier, name) = match e {
            Expr::Nested(inner) => return self.my_kind(inner),
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
        self.column_def(qualifier, name).and_then(fraction)
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
        let (catalog, mut stmt) =
            crate::dialect::catalog::for_tests(Dialect::Postgres, setup, sql)?;
        let columns = Columns::of(&mut stmt, &catalog);
        Ok(forms(Dialect::Postgres, &stmt, &catalog, &columns))
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
        assert_eq!(
            forms_of(&[], "SELECT 1 = 1, 2, true, 'x' IS NULL")?,
            [(0, PgBool), (2, PgBool), (3, PgBool)]
        );
        assert!(forms_of(&[jobs], "SELECT id + 1, at FROM jobs")?.is_empty());
        Ok(())
    }
}
