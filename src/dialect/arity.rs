//! Rule: an INSERT's values against its target columns, as each server counts them. SQLite
//! would answer a mismatch in its own words; PostgreSQL fills the leading columns when a row
//! gives fewer values than the table has (`INSERT INTO jobs VALUES (1)`: the rest take their
//! defaults), which SQLite refuses. So: PostgreSQL's short rows get the leading columns named;
//! every other mismatch is the vendor's error. And `DEFAULT` in place of a value, which
//! SQLite does not have: its column is left out of the INSERT, so that it takes its default.

use super::catalog::Catalog;
use super::exprs::last_ident;
use super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Ident, Insert, SelectItem, SetExpr, TableObject};

/// Checks (and for PostgreSQL's short rows, completes) `ins`, then leaves out the columns its
/// rows say `DEFAULT` for; the notes, if it named or left out columns.
pub fn fit(
    dialect: Dialect,
    ins: &mut Insert,
    catalog: &Catalog,
) -> Result<Vec<String>, StepError> {
    let mut notes: Vec<String> = counts(dialect, ins, catalog)?.into_iter().collect();
    notes.extend(defaults(dialect, ins, catalog)?);
    Ok(notes)
}

fn counts(
    dialect: Dialect,
    ins: &mut Insert,
    catalog: &Catalog,
) -> Result<Option<String>, StepError> {
    let TableObject::TableName(name) = &ins.table else {
        return Ok(None);
    };
    let Some(def) = catalog.table(&last_ident(name)) else {
        return Ok(None);
    };
    let Some(source) = ins.source.as_ref() else {
        return Ok(None);
    };
    let widths: Vec<usize> = match source.body.as_ref() {
        SetExpr::Values(v) => v.rows.iter().map(|r| r.len()).collect(),
        SetExpr::Select(s) if !s.projection.iter().any(is_wildcard) => vec![s.projection.len()],
        _ => return Ok(None),
    };
    let named = !ins.columns.is_empty();
    let target = if named {
        ins.columns.len()
    } else {
        def.columns.len()
    };
    let Some(first) = widths.first().copied() else {
        return Ok(None);
    };
    // MariaDB's `VALUES ()`: every column its default (`defaults` below).
    if dialect == Dialect::MySql && !named && widths.iter().all(|w| *w == 0) {
        return Ok(None);
    }
    if dialect != Dialect::Postgres {
        return match widths.iter().position(|w| *w != target) {
            Some(row) => Err(mismatch(dialect, row, named, widths[row], target)),
            None => Ok(None),
        };
    }
    if widths.iter().any(|w| *w != first) {
        return Err(StepError::other(
            "42601",
            "VALUES lists must all be the same length".into(),
        ));
    }
    if first == target {
        return Ok(None);
    }
    if dialect == Dialect::Postgres && !named && first < target {
        ins.columns = def.columns[..first]
            .iter()
            .map(|c| crate::sql::build::name(Ident::new(c.name.clone())))
            .collect();
        return Ok(Some(format!(
            "{first} value{} for {target} columns: PostgreSQL fills the leading ones ({}), the rest take their defaults",
            if first == 1 { "" } else { "s" },
            crate::join::join(
                &def.columns[..first]
                    .iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>(),
                ", "
            )
        )));
    }
    Err(mismatch(dialect, 0, named, first, target))
}

/// Whether `e` is the word `DEFAULT` where a value goes.
pub fn is_default(e: &Expr) -> bool {
    matches!(e, Expr::Identifier(i) if i.quote_style.is_none() && i.value.eq_ignore_ascii_case("default"))
}

/// `DEFAULT` in the rows of `ins`: a column every row says it for is left out of the INSERT
/// (naming the table's columns first if the INSERT names none); in a column where only some
/// rows say it, it becomes the column's default expression. The note, if any was.
fn defaults(
    dialect: Dialect,
    ins: &mut Insert,
    catalog: &Catalog,
) -> Result<Option<String>, StepError> {
    let def = match &ins.table {
        TableObject::TableName(name) => catalog.table(&last_ident(name)),
        _ => None,
    };
    let Some(SetExpr::Values(values)) = ins.source.as_deref_mut().map(|q| q.body.as_mut()) else {
        return Ok(None);
    };
    let (Some(def), Some(first)) = (def, values.rows.first()) else {
        return Ok(None);
    };
    let width = first.len();
    let mut named = Vec::new();
    // From the last column, so that leaving one out moves none still to come.
    for j in (0..width).rev() {
        let said = values
            .rows
            .iter()
            .filter(|r| r.get(j).is_some_and(is_default))
            .count();
        if said == 0 {
            continue;
        }
        if ins.columns.is_empty() {
            ins.columns = def.columns[..width.min(def.columns.len())]
                .iter()
                .map(|c| crate::sql::build::name(Ident::new(c.name.clone())))
                .collect();
        }
        let column = ins.columns.get(j).map(last_ident).unwrap_or_default();
        if said == values.rows.len() {
            ins.columns.remove(j);
            values
                .rows
                .iter_mut()
                .for_each(|r| drop(r.content.remove(j)));
        } else {
            let Some(value) = def.column(&column).and_then(default_expr) else {
                return Err(super::common::unsupported_with(
                    dialect,
                    "DEFAULT in some rows of a column and a value in others",
                    "write the default value itself, or insert those rows apart",
                ));
            };
            for e in values.rows.iter_mut().filter_map(|r| r.content.get_mut(j)) {
                if is_default(e) {
                    *e = value.duplicate();
                }
            }
        }
        named.insert(0, column);
    }
    // Every column its default (`VALUES (DEFAULT, DEFAULT)`, MariaDB's `VALUES ()`): SQLite
    // writes one such row as DEFAULT VALUES, and several not at all.
    let rows = values.rows.len();
    if ins.columns.is_empty() && values.rows.iter().all(|r| r.content.is_empty()) {
        if rows > 1 {
            return Err(super::common::unsupported_with(
                dialect,
                "Several rows of every column's default",
                "insert them one row at a time",
            ));
        }
        ins.source = None;
    }
    Ok((!named.is_empty()).then(|| {
        format!(
            "DEFAULT for {}: the column's default (SQLite has no DEFAULT in VALUES: a column every row gives it is left out of the INSERT)",
            named.join(", ")
        )
    }))
}

/// `SET c = DEFAULT` in an UPDATE of table `def`: the column's default expression (SQLite
/// has no DEFAULT there either); the note, if any was.
pub fn set_defaults(
    def: &super::catalog::TableDef,
    assignments: &mut [sqlparser::ast::Assignment],
) -> Option<String> {
    let mut named = Vec::new();
    for a in assignments.iter_mut().filter(|a| is_default(&a.value)) {
        let sqlparser::ast::AssignmentTarget::ColumnName(name) = &a.target else {
            continue;
        };
        let column = last_ident(name);
        if let Some(value) = def.column(&column).and_then(default_expr) {
            a.value = value;
            named.push(column);
        }
    }
    (!named.is_empty()).then(|| {
        format!(
            "SET {} = DEFAULT: the column's default (SQLite has no DEFAULT in SET)",
            named.join(", ")
        )
    })
}

/// The default of column `c` as an expression (NULL without one); `None` if it does not
/// read back.
fn default_expr(c: &super::catalog::ColumnDef) -> Option<Expr> {
    match &c.default {
        Some(text) => super::exprs::parse_sqlite_expr(text),
        None => Some(Expr::value(sqlparser::ast::Value::Null)),
    }
}

fn is_wildcard(i: &SelectItem) -> bool {
    matches!(
        i,
        SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..)
    )
}

/// The vendor's error for rows of `values` values into `target` columns (`row` from 0).
fn mismatch(dialect: Dialect, row: usize, named: bool, values: usize, target: usize) -> StepError {
    match dialect {
        Dialect::MySql => StepError::other(
            "1136",
            format!("Column count doesn't match value count at row {}", row + 1),
        ),
        Dialect::Postgres if values > target => {
            StepError::other("42601", "INSERT has more expressions than target columns".into())
        }
        Dialect::Postgres => {
            StepError::other("42601", "INSERT has more target columns than expressions".into())
        }
        Dialect::MsSql if !named => StepError::other(
            "213",
            "Column name or number of supplied values does not match table definition.".into(),
        ),
        Dialect::MsSql if values > target => StepError::other(
            "110",
            "There are fewer columns in the INSERT statement than values specified in the VALUES clause. The number of values in the VALUES clause must match the number of columns specified in the INSERT statement.".into(),
        ),
        Dialect::MsSql => StepError::other(
            "109",
            "There are more columns in the INSERT statement than values specified in the VALUES clause. The number of values in the VALUES clause must match the number of columns specified in the INSERT statement.".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::ToSql;
    use crate::trace::checked::{Checked, OrFail};

    /// The INSERT `sql` fitted to `q (id, v)`: the outer error is the test's own setup failing.
    fn fitted(dialect: Dialect, sql: &str) -> Checked<Result<(Vec<String>, String), StepError>> {
        let (catalog, stmt) =
            crate::dialect::catalog::for_tests(dialect, &["CREATE TABLE q (id int, v int)"], sql)?;
        let sqlparser::ast::Statement::Insert(mut ins) = stmt else {
            return Err(format!("not an insert: {sql}"));
        };
        Ok(fit(dialect, &mut ins, &catalog)
            .map(|notes| (notes, sqlparser::ast::Statement::Insert(ins).to_sql())))
    }

    #[test]
    fn postgres_fills_the_leading_columns_and_the_rest_is_each_vendors_error() -> Checked {
        let (note, sql) = fitted(Dialect::Postgres, "INSERT INTO q VALUES (1)")?.or_fail("fits")?;
        assert_eq!(sql, "INSERT INTO q (id) VALUES (1)");
        assert_eq!(note.len(), 1);
        let long = fitted(Dialect::Postgres, "INSERT INTO q VALUES (1, 2, 3)")?.expect_err("long");
        assert_eq!(
            long.message,
            "INSERT has more expressions than target columns"
        );
        let ragged =
            fitted(Dialect::Postgres, "INSERT INTO q VALUES (1), (2, 3)")?.expect_err("ragged");
        assert_eq!(ragged.message, "VALUES lists must all be the same length");
        let my = fitted(Dialect::MySql, "INSERT INTO q VALUES (1, 2), (3)")?.expect_err("mysql");
        assert_eq!(
            my.message,
            "Column count doesn't match value count at row 2"
        );
        assert!(fitted(Dialect::MySql, "INSERT INTO q (v) VALUES (1)")?
            .or_fail("fits")?
            .0
            .is_empty());
        Ok(())
    }

    #[test]
    fn default_in_values_is_the_columns_default() -> Checked {
        for dialect in [Dialect::Postgres, Dialect::MySql, Dialect::MsSql] {
            let (notes, sql) = fitted(dialect, "INSERT INTO q VALUES (DEFAULT, 2), (default, 3)")?
                .or_fail("fits")?;
            assert_eq!(sql, "INSERT INTO q (v) VALUES (2), (3)");
            assert!(
                notes[0].starts_with("DEFAULT for id: the column's default"),
                "{notes:?}"
            );
            let (_, mixed) = fitted(dialect, "INSERT INTO q (v, id) VALUES (1, DEFAULT), (2, 5)")?
                .or_fail("mixed")?;
            assert_eq!(mixed, "INSERT INTO q (v, id) VALUES (1, NULL), (2, 5)");
        }
        // Every column's default: one row is DEFAULT VALUES (MariaDB's `VALUES ()` too), in
        // SQLite's words; several are refused, SQLite having no such INSERT.
        for (dialect, sql) in [
            (Dialect::Postgres, "INSERT INTO q VALUES (DEFAULT, DEFAULT)"),
            (Dialect::MySql, "INSERT INTO q (v) VALUES (DEFAULT)"),
            (Dialect::MySql, "INSERT INTO q () VALUES ()"),
            (Dialect::MySql, "INSERT INTO q VALUES ()"),
        ] {
            let (_, all) = fitted(dialect, sql)?.or_fail("all")?;
            assert_eq!(all, "INSERT INTO q DEFAULT VALUES", "{sql}");
        }
        for (dialect, sql) in [
            (
                Dialect::Postgres,
                "INSERT INTO q (id) VALUES (DEFAULT), (DEFAULT)",
            ),
            (Dialect::MySql, "INSERT INTO q VALUES (), ()"),
        ] {
            let e = fitted(dialect, sql)?.expect_err("several");
            assert!(
                e.message
                    .starts_with("Several rows of every column's default"),
                "{sql}"
            );
        }
        // A column named "default" in quotes is a value, not the word.
        let (notes, _) =
            fitted(Dialect::Postgres, r#"INSERT INTO q VALUES (1, "default")"#)?.or_fail("fits")?;
        assert!(notes.is_empty());
        Ok(())
    }
}
