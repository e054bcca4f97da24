//! Rule: division by zero stops the statement where the server stops it. SQLite gives NULL
//! for `x / 0` and `x % 0`; PostgreSQL (22012) and SQL Server (8134) fail the statement, and
//! MariaDB, under its default sql_mode (STRICT_TRANS_TABLES, ERROR_FOR_DIVISION_BY_ZERO),
//! fails (1365) an INSERT or an UPDATE anywhere in it, while SELECT and DELETE still give
//! NULL, and so does a division of constants in an UPDATE's WHERE (worked out once, before
//! any row is read; all checked against the server). The divisor goes through
//! `ql_nonzero(...)`, which hands it back unchanged unless it is zero; SQLite then divides as
//! it did (integer division truncates toward zero, as on all three servers).

use super::Dialect;
use crate::sql::ToSql;
use crate::sql::Walk;
use crate::trace::StepError;
use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Statement, Value,
};
use std::ops::ControlFlow;

/// The SQLite function that stops a division by zero (registered by `Store::open`).
pub const NONZERO_FN: &str = "ql_nonzero";

/// The message `ql_nonzero` fails with, which `engine::errors` reads back as a division by
/// zero for the dialect to word.
pub const DIVISION_BY_ZERO: &str = "ql: division by zero";

/// Guards the divisions of `stmt` that the dialect's server checks; returns the rule's note
/// when one was guarded.
pub fn guard(dialect: Dialect, stmt: &mut Statement) -> Vec<String> {
    let guarded = match dialect {
        Dialect::Postgres | Dialect::MsSql => {
            keep_names(stmt);
            guard_all(stmt)
        }
        Dialect::MySql => match stmt {
            Statement::Insert(_) => {
                keep_names(stmt);
                guard_all(stmt)
            }
            Statement::Update(u) => {
                // Every assignment is guarded: no short cut after the first.
                let mut set = false;
                for a in &mut u.assignments {
                    set |= guard_all(&mut a.value);
                }
                let filter = u.selection.as_mut().is_some_and(guard_row_divisions);
                set || filter
            }
            _ => false,
        },
    };
    if !guarded {
        return Vec::new();
    }
    let what = match dialect {
        Dialect::Postgres => "PostgreSQL's 22012",
        Dialect::MsSql => "SQL Server's 8134",
        Dialect::MySql => "MariaDB's 1365 (strict sql_mode, in an INSERT or UPDATE)",
    };
    vec![format!(
        "a / b and a % b go through {NONZERO_FN}(b): dividing by zero stops the statement with {what}, where SQLite would give NULL"
    )]
}

/// Wraps the divisor of every `/`, `%` and `MOD(a, b)` in `node`; whether there was one.
fn guard_all<N: Walk + ?Sized>(node: &mut N) -> bool {
    guard_if(node, &|_| true)
}

/// Wraps the divisor of the divisions in `e` that read a column: those MariaDB works out
/// row by row, under strict mode; whether there was one.
fn guard_row_divisions(e: &mut Expr) -> bool {
    guard_if(e, &mentions_column)
}

/// Wraps the divisor of each division in `node` that `wanted` accepts.
fn guard_if<N: Walk + ?Sized>(node: &mut N, wanted: &dyn Fn(&mut Expr) -> bool) -> bool {
    let mut any = false;
    super::walk::exprs(node, &mut |e| {
        if !guards(e) || !wanted(e) {
            return ControlFlow::Continue(());
        }
        if let Some(divisor) = divisor_of(e) {
            let d = std::mem::replace(divisor, Expr::Value(Value::Null.into()));
            *divisor = nonzero(d);
            any = true;
        }
        ControlFlow::<()>::Continue(())
    });
    any
}

fn mentions_column(e: &mut Expr) -> bool {
    super::headers::holds(e, &|x| {
        matches!(x, Expr::Identifier(_) | Expr::CompoundIdentifier(_))
    })
}

/// Whether `e` is a division, a remainder or `MOD(a, b)` (which `exprs::rewrite_all` makes
/// `a % b` later) whose divisor needs the guard: any but a number other than zero, so that
/// `x % 5`, the ring's slot, stays as written (and `ring_hint` still reads the ring's size).
fn guards(e: &Expr) -> bool {
    match e {
        Expr::BinaryOp {
            op: BinaryOperator::Divide | BinaryOperator::Modulo | BinaryOperator::MyIntegerDivide,
            right,
            ..
        } => !nonzero_number(right),
        Expr::Function(f) if f.name.to_sql().eq_ignore_ascii_case("mod") => match &f.args {
            FunctionArguments::List(l) if l.args.len() == 2 => match &l.args[1] {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(d)) => !nonzero_number(d),
                _ => false,
            },
            _ => false,
        },
        _ => false,
    }
}

fn nonzero_number(e: &Expr) -> bool {
    match e {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => crate::decimal::parse_f64(n).is_some_and(|n| n != 0.0),
            _ => false,
        },
        Expr::Nested(inner) => nonzero_number(inner),
        _ => false,
    }
}

/// The divisor of a division, a remainder or `MOD(a, b)`.
fn divisor_of(e: &mut Expr) -> Option<&mut Expr> {
    match e {
        Expr::BinaryOp {
            op: BinaryOperator::Divide | BinaryOperator::Modulo | BinaryOperator::MyIntegerDivide,
            right,
            ..
        } => Some(&mut **right),
        Expr::Function(f) if f.name.to_sql().eq_ignore_ascii_case("mod") => match &mut f.args {
            FunctionArguments::List(l) if l.args.len() == 2 => match &mut l.args[1] {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(d)) => Some(d),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// MySQL's quotients, after [`guard`]: `a / b` is refused by name, since MySQL divides as
/// DECIMAL (`7 / 2` is `3.5000`, with a scale SQLite does not keep) where SQLite divides
/// integers as integers (3): a silent difference otherwise. `a DIV b`, MySQL's integer
/// division (truncating toward zero, NULL for a zero divisor outside strict writes), becomes
/// `CAST(a / b AS INTEGER)`, its header kept as written. Returns the note, or the refusal.
pub fn mysql_quotients(stmt: &mut Statement) -> Result<Vec<String>, StepError> {
    let mut slash = false;
    super::walk::exprs(stmt, &mut |e| {
        slash |= matches!(
            e,
            Expr::BinaryOp {
                op: BinaryOperator::Divide,
                ..
            }
        );
        ControlFlow::<()>::Continue(())
    });
    if slash {
        return Err(super::common::unsupported_with(
            Dialect::MySql,
            "a / b",
            "MySQL divides as DECIMAL (7 / 2 is 3.5000), which SQLite cannot show (it gives 3); use a DIV b for integer division, or compare by multiplying (a > 2 * b instead of a / b > 2)",
        ));
    }
    let is_div = |e: &Expr| {
        matches!(
            e,
            Expr::BinaryOp {
                op: BinaryOperator::MyIntegerDivide,
                ..
            }
        )
    };
    super::headers::keep_as_written(stmt, &is_div);
    let mut any = false;
    super::walk::exprs(stmt, &mut |e| {
        if let Expr::BinaryOp { op, .. } = e {
            if *op == BinaryOperator::MyIntegerDivide {
                *op = BinaryOperator::Divide;
                let quotient = std::mem::replace(e, Expr::Value(Value::Null.into()));
                *e = Expr::Cast {
                    kind: sqlparser::ast::CastKind::Cast,
                    expr: Box::new(Expr::Nested(Box::new(quotient))),
                    data_type: sqlparser::ast::DataType::Integer(None),
                    format: None,
                };
                any = true;
            }
        }
        ControlFlow::<()>::Continue(())
    });
    Ok(if any {
        vec!["a DIV b becomes CAST(a / b AS INTEGER): SQLite has no DIV".into()]
    } else {
        Vec::new()
    })
}

/// SQLite names an unaliased result column by its expression's text: one with a guarded
/// division is given that text as its alias first, so the result's header stays `a / b`,
/// not `a / ql_nonzero(b)`.
fn keep_names(stmt: &mut Statement) {
    super::headers::keep_as_written(stmt, &guards);
}

fn nonzero(divisor: Expr) -> Expr {
    super::exprs::call(NONZERO_FN, vec![divisor])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::{Flavor, Parser};
    use crate::trace::checked::{Checked, OrFail};

    /// The one statement of `sql`, read as `flavor` reads it.
    fn parsed(flavor: Flavor, sql: &str) -> Checked<Statement> {
        Parser::parse_sql(flavor, sql)
            .or_fail("parses")?
            .into_iter()
            .next()
            .or_fail("one statement")
    }

    fn guarded(dialect: Dialect, sql: &str) -> Checked<(String, usize)> {
        let mut stmt = parsed(Flavor::Generic, sql)?;
        let notes = guard(dialect, &mut stmt);
        Ok((stmt.to_sql(), notes.len()))
    }

    #[test]
    fn postgres_and_sql_server_guard_every_division() -> Checked {
        for d in [Dialect::Postgres, Dialect::MsSql] {
            let (sql, notes) = guarded(d, "SELECT a / b, a % (b - 1) FROM t WHERE 1 / c > 0")?;
            assert_eq!(
                sql,
                "SELECT a / ql_nonzero(b) AS \"a / b\", a % ql_nonzero((b - 1)) AS \"a % (b - 1)\" FROM t WHERE 1 / ql_nonzero(c) > 0"
            );
            assert_eq!(notes, 1);
        }
        // A number other than zero needs no guard: a ring's `id % 5` stays as written.
        for sql in [
            "SELECT a * b FROM t",
            "SELECT id % 5, id / (2.5), MOD(id, 3) FROM t",
        ] {
            assert_eq!(guarded(Dialect::Postgres, sql)?, (sql.to_string(), 0));
        }
        Ok(())
    }

    /// MariaDB fails a division by zero in an INSERT or an UPDATE, not in a SELECT, a
    /// DELETE or a division of constants in an UPDATE's WHERE (checked against the server).
    #[test]
    fn mariadb_guards_inserts_and_updates() -> Checked {
        let insert = guarded(
            Dialect::MySql,
            "INSERT INTO t SELECT a FROM s WHERE 1 / a IS NULL",
        )?;
        assert_eq!(
            insert.0,
            "INSERT INTO t SELECT a FROM s WHERE 1 / ql_nonzero(a) IS NULL"
        );
        let update = guarded(
            Dialect::MySql,
            "UPDATE t SET a = a / 0, b = MOD(b, c) WHERE 1 / b IS NULL OR 1 / 0 IS NULL",
        )?;
        assert_eq!(
            update.0,
            "UPDATE t SET a = a / ql_nonzero(0), b = MOD(b, ql_nonzero(c)) WHERE 1 / ql_nonzero(b) IS NULL OR 1 / 0 IS NULL"
        );
        for sql in ["SELECT 1 / 0", "DELETE FROM t WHERE 1 / a IS NULL"] {
            assert_eq!(guarded(Dialect::MySql, sql)?, (sql.to_string(), 0));
        }
        Ok(())
    }

    /// MySQL's `/` is refused by name (a DECIMAL division SQLite would get wrong); DIV is
    /// integer division, its header as written.
    #[test]
    fn mysql_slash_is_refused_and_div_truncates() -> Checked {
        let mut slash = parsed(Flavor::MySql, "SELECT id FROM t WHERE a / 2 > 1")?;
        let e = mysql_quotients(&mut slash).expect_err("refused");
        assert!(
            e.message.starts_with("a / b is not supported here"),
            "{}",
            e.message
        );
        assert!(e.message.contains("DIV"), "{}", e.message);
        let mut div = parsed(Flavor::MySql, "SELECT a DIV 2, a DIV b AS q FROM t")?;
        let notes = mysql_quotients(&mut div).or_fail("DIV runs")?;
        assert_eq!(
            div.to_sql(),
            "SELECT CAST((a / 2) AS INTEGER) AS \"a DIV 2\", CAST((a / b) AS INTEGER) AS q FROM t"
        );
        assert_eq!(notes.len(), 1);
        Ok(())
    }
}
