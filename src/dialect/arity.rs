//! Rule: an INSERT's values against its target columns, as each server counts them. SQLite
//! would answer a mismatch in its own words; PostgreSQL fills the leading columns when a row
//! gives fewer values than the table has (`INSERT INTO jobs VALUES (1)`: the rest take their
//! defaults), which SQLite refuses. So: PostgreSQL's short rows get the leading columns named;
//! every other mismatch is the vendor's error.

use super::catalog::Catalog;
use super::exprs::last_ident;
use super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{Ident, Insert, ObjectName, SelectItem, SetExpr, TableObject};

/// Checks (and for PostgreSQL's short rows, completes) `ins`; the note, if it named columns.
pub fn fit(
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
            .map(|c| ObjectName::from(vec![Ident::new(c.name.clone())]))
            .collect();
        return Ok(Some(format!(
            "{first} value{} for {target} columns: PostgreSQL fills the leading ones ({}), the rest take their defaults",
            if first == 1 { "" } else { "s" },
            def.columns[..first]
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Err(mismatch(dialect, 0, named, first, target))
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
    use crate::trace::checked::{Checked, OrFail};
    use queuelab_sql::ToSql;

    /// The INSERT `sql` fitted to `q (id, v)`: the outer error is the test's own setup failing.
    fn fitted(dialect: Dialect, sql: &str) -> Checked<Result<(Option<String>, String), StepError>> {
        let (catalog, stmt) =
            crate::dialect::catalog::for_tests(dialect, &["CREATE TABLE q (id int, v int)"], sql)?;
        let sqlparser::ast::Statement::Insert(mut ins) = stmt else {
            return Err(format!("not an insert: {sql}"));
        };
        Ok(fit(dialect, &mut ins, &catalog)
            .map(|note| (note, sqlparser::ast::Statement::Insert(ins).to_sql())))
    }

    #[test]
    fn postgres_fills_the_leading_columns_and_the_rest_is_each_vendors_error() -> Checked {
        let (note, sql) = fitted(Dialect::Postgres, "INSERT INTO q VALUES (1)")?.or_fail("fits")?;
        assert_eq!(sql, "INSERT INTO q (id) VALUES (1)");
        assert!(note.is_some());
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
            .is_none());
        Ok(())
    }
}
