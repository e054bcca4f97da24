//! Rule: what a RETURNING list (T-SQL's OUTPUT, once `mssql/output.rs` made it one) may not
//! hold. The engine computes the list over the rows the statement wrote, after it ran
//! (`engine/store/returning.rs`), as a query of its own; so what the servers refuse there and
//! that query would take is refused here in the server's words:
//! - an aggregate (`RETURNING count(*)`) or a window function (`sum(n) OVER ()`), outside a
//!   subquery: PostgreSQL's 42803 / 42P20, MariaDB's 1111 / 4015;
//! - a subquery that reads the table the statement writes: PostgreSQL's reads it as it was
//!   before the statement, MariaDB's DELETE row by row before each row goes (recorded on both
//!   servers), the lab's after the statement: refused by name. MariaDB refuses such an INSERT
//!   or REPLACE itself when the subquery names the table without an alias (1093).

use super::common::unsupported_with;
use super::exprs::last_ident;
use super::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{Expr, FromTable, InTarget, SelectItem, Statement, TableFactor, TableObject};
use std::ops::ControlFlow;

pub fn check(dialect: Dialect, stmt: &Statement) -> Result<(), StepError> {
    let has_list = match stmt {
        Statement::Insert(i) => i.returning.is_some(),
        Statement::Update(u) => u.returning.is_some(),
        Statement::Delete(d) => d.returning.is_some(),
        _ => false,
    };
    if !has_list {
        return Ok(());
    }
    // A copy, whose subqueries the aggregate check takes out.
    let mut copy = stmt.duplicate();
    let (items, table, verb) = match &mut copy {
        Statement::Insert(i) if i.replace_into => {
            (&mut i.returning, insert_target(&i.table), "REPLACE")
        }
        Statement::Insert(i) => (&mut i.returning, insert_target(&i.table), "INSERT"),
        Statement::Update(u) => (&mut u.returning, factor_name(&u.table.relation), "UPDATE"),
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t)) = &d.from;
            let table = t.first().and_then(|t| factor_name(&t.relation));
            (&mut d.returning, table, "DELETE")
        }
        _ => return Ok(()),
    };
    let Some(items) = items else {
        return Ok(());
    };
    for item in items {
        if let Some(table) = &table {
            if let Some(aliased) = reads(item, table) {
                return Err(reads_target(dialect, table, verb, aliased));
            }
        }
        if let Some(window) = aggregate(item) {
            return Err(aggregate_error(dialect, window));
        }
    }
    Ok(())
}

fn insert_target(t: &TableObject) -> Option<String> {
    match t {
        TableObject::TableName(n) => Some(last_ident(n)),
        _ => None,
    }
}

fn factor_name(f: &TableFactor) -> Option<String> {
    match f {
        TableFactor::Table { name, .. } => Some(last_ident(name)),
        _ => None,
    }
}

/// Whether `item` holds an aggregate or a window function outside its subqueries: `Some(true)`
/// for a window function. Takes the subqueries out of `item`.
fn aggregate(item: &mut SelectItem) -> Option<bool> {
    let _ = super::walk::replace_exprs(item, &|e| {
        let inner = matches!(
            e,
            Expr::Subquery(_)
                | Expr::Exists { .. }
                | Expr::In {
                    target: InTarget::Subquery(_),
                    ..
                }
        );
        Ok(inner.then(|| Expr::Value(sqlparser::ast::Value::Null.into())))
    });
    let mut found = None;
    super::walk::exprs(item, &mut |e| {
        if let Expr::Function(f) = e {
            let name = last_ident(&f.name).to_ascii_lowercase();
            if f.over.is_some() {
                found = Some(true);
            } else if super::grouping::is_aggregate(&name) {
                found = found.or(Some(false));
            }
        }
        ControlFlow::<()>::Continue(())
    });
    found
}

/// Whether a subquery of `item` reads `table`: `Some(true)` if it names it by an alias.
fn reads(item: &mut SelectItem, table: &str) -> Option<bool> {
    let mut found = None;
    super::walk::queries(item, &mut |q| {
        for s in super::walk::selects(&q.body) {
            for f in super::walk::factors(&s.from) {
                if let TableFactor::Table { name, alias, .. } = f {
                    if last_ident(name).eq_ignore_ascii_case(table) {
                        found = Some(found.unwrap_or(false) || alias.is_some());
                    }
                }
            }
        }
        ControlFlow::Continue(())
    });
    found
}

fn aggregate_error(dialect: Dialect, window: bool) -> StepError {
    match (dialect, window) {
        (Dialect::Postgres, false) => StepError::other(
            "42803",
            "aggregate functions are not allowed in RETURNING".into(),
        ),
        (Dialect::Postgres, true) => StepError::other(
            "42P20",
            "window functions are not allowed in RETURNING".into(),
        ),
        (Dialect::MySql, false) => StepError::other("1111", "Invalid use of group function".into()),
        (Dialect::MySql, true) => StepError::other(
            "4015",
            "Window function is allowed only in SELECT list and ORDER BY clause".into(),
        ),
        (Dialect::MsSql, _) => unsupported_with(
            dialect,
            "An aggregate or window function in OUTPUT",
            "return the rows with OUTPUT inserted.* (or deleted.*) and aggregate them with a SELECT",
        ),
    }
}

fn reads_target(dialect: Dialect, table: &str, verb: &str, aliased: bool) -> StepError {
    if dialect == Dialect::MySql && matches!(verb, "INSERT" | "REPLACE") && !aliased {
        return StepError::other(
            "1093",
            format!("Table '{table}' is specified twice, both as a target for '{verb}' and as a separate source for data"),
        );
    }
    let (clause, server, when) = match dialect {
        Dialect::Postgres => ("RETURNING", "PostgreSQL", "as it was before the statement"),
        Dialect::MySql => ("RETURNING", "MariaDB", "while the statement writes it"),
        Dialect::MsSql => ("OUTPUT", "SQL Server", "while the statement writes it"),
    };
    unsupported_with(
        dialect,
        &format!("A subquery in {clause} that reads {table}, the table the {verb} writes"),
        &format!("{server} reads {table} there {when}, the lab would read it after the statement; read {table} with a SELECT of its own, before or after the statement"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::checked::{Checked, OrFail};

    /// What `check` answers for `sql` over table `t`: the error's code and words.
    fn answer(dialect: Dialect, sql: &str) -> Checked<Option<(String, String)>> {
        let ddl = "CREATE TABLE t (id int PRIMARY KEY, n int)";
        let (_, stmt) = crate::dialect::catalog::for_tests(dialect, &[ddl], sql)?;
        Ok(check(dialect, &stmt).err().map(|e| (e.native, e.message)))
    }

    #[test]
    fn aggregates_and_window_functions_get_the_servers_errors() -> Checked {
        let pg = answer(Dialect::Postgres, "DELETE FROM t RETURNING count(*)")?;
        assert_eq!(pg.or_fail("refused")?.0, "42803");
        let pg = answer(
            Dialect::Postgres,
            "UPDATE t SET n = 1 RETURNING sum(n) OVER ()",
        )?;
        assert_eq!(pg.or_fail("refused")?.0, "42P20");
        let my = answer(
            Dialect::MySql,
            "INSERT INTO t VALUES (1, 2) RETURNING max(id)",
        )?;
        assert_eq!(my.or_fail("refused")?.0, "1111");
        let nested = "DELETE FROM t WHERE id = 1 RETURNING id, (SELECT count(*) FROM u)";
        assert_eq!(answer(Dialect::Postgres, nested)?, None);
        Ok(())
    }

    #[test]
    fn a_subquery_reading_the_written_table_is_refused() -> Checked {
        let pg = answer(
            Dialect::Postgres,
            "DELETE FROM t RETURNING (SELECT count(*) FROM t)",
        )?;
        let (_, words) = pg.or_fail("refused")?;
        assert!(words.contains("RETURNING that reads t, the table the DELETE writes"));
        let sql = "INSERT INTO t VALUES (1, 2) RETURNING id IN (SELECT id FROM t)";
        let my = answer(Dialect::MySql, sql)?.or_fail("refused")?;
        assert_eq!(my.0, "1093");
        assert!(my.1.contains("as a target for 'INSERT'"));
        let sql = "INSERT INTO t VALUES (1, 2) RETURNING (SELECT max(x.id) FROM t x)";
        let aliased = answer(Dialect::MySql, sql)?.or_fail("refused")?;
        assert!(aliased.1.contains("is not supported here"));
        let other = "UPDATE t SET n = 2 RETURNING (SELECT 1 FROM u WHERE u.id = t.id)";
        assert_eq!(answer(Dialect::Postgres, other)?, None);
        Ok(())
    }
}
