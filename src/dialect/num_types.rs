//! Which number type a result value has, where the planner can tell, so that it is printed
//! as the server prints that type (`num_text.rs`): an integer, a double, or a decimal of a
//! known scale. SQLite hands back a 64-bit float for the last two alike.
//!
//! Read off the declared columns (`types.rs`), literals (`1.50` is a decimal of scale 2 in
//! both servers; `1e3` is a numeric in PostgreSQL, a DOUBLE in MariaDB), casts, and what each
//! server's rules make of those: arithmetic (a double wins; decimals take the larger scale for
//! `+` and `-`, the sum of the two for `*`), `sum`, `avg` (MariaDB: four more decimals),
//! `round`, `coalesce`, `CASE`, `exp` and kin (`engine::math_fns`). (`random()` is refused:
//! it needs no type.) What is not known is left so: the engine refuses a
//! fraction in a result column of no known type (`engine::lab`), rather than guess its text.
//! PostgreSQL's numeric division and `avg` of integers take a scale from the values
//! themselves: known to be numeric (so `round(x, 2)` of them has scale 2), with no text form.

use super::int_types::Columns;
use super::types::Admits;
use super::Dialect;
use sqlparser::ast::{BinaryOperator, CastKind, DataType, Expr, Query, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumType {
    Int,
    Double,
    /// A decimal with this many digits after the point.
    Decimal(u32),
    /// A PostgreSQL numeric whose scale its values decide (a quotient, `avg` of integers):
    /// no text form, but `round(x, 2)` makes it a decimal of scale 2.
    Numeric,
}

impl NumType {
    /// The type of a column that admits `a`.
    pub fn of_column(a: &Admits) -> Option<NumType> {
        match *a {
            Admits::Integer { .. } => Some(NumType::Int),
            Admits::Double => Some(NumType::Double),
            Admits::Decimal { scale, .. } => Some(NumType::Decimal(scale)),
            _ => None,
        }
    }

    /// Digits after the point (an integer is a decimal of scale 0).
    fn scale(self) -> Option<u32> {
        match self {
            NumType::Int => Some(0),
            NumType::Decimal(s) => Some(s),
            NumType::Double | NumType::Numeric => None,
        }
    }
}

/// The number type of `e` in `dialect`, if the planner can tell.
pub fn of(e: &Expr, columns: &Columns, dialect: Dialect) -> Option<NumType> {
    Typer { columns, dialect }.of(e)
}

struct Typer<'c, 'a> {
    columns: &'c Columns<'a>,
    dialect: Dialect,
}

impl Typer<'_, '_> {
    fn of(&self, e: &Expr) -> Option<NumType> {
        match e {
            Expr::BinaryOp { .. } => self.chain(e),
            Expr::Nested(inner) => self.of(inner),
            Expr::UnaryOp { expr, .. } => self.of(expr),
            Expr::Value(v) => match &v.value {
                Value::Number(n, _) => self.literal(n),
                _ => None,
            },
            Expr::Identifier(_) | Expr::CompoundIdentifier(_) => {
                let (qualifier, name) = super::int_types::column_named(e)?;
                self.columns.admits(qualifier, name, NumType::of_column)
            }
            Expr::Cast {
                kind: CastKind::Cast | CastKind::DoubleColon,
                data_type,
                expr,
                ..
            } => self.cast(data_type, expr),
            Expr::Case {
                conditions,
                else_result,
                ..
            } => self.common(super::exprs::case_results(
                conditions,
                else_result.as_deref(),
            )),
            Expr::Subquery(q) => self.subquery(q),
            Expr::Function(f) => {
                let name = crate::sql::ToSql::to_sql(&f.name).to_ascii_lowercase();
                let args = super::exprs::call_args(e, &name)?;
                self.call(&name, &args)
            }
            _ => None,
        }
    }

    /// A chain of binary operators, walked down its left side without recursion (a chain of
    /// hundreds of `+` is as deep as it is long).
    fn chain(&self, e: &Expr) -> Option<NumType> {
        let mut rights = Vec::new();
        let mut e = e;
        while let Expr::BinaryOp { left, op, right } = e {
            rights.push((op, right.as_ref()));
            e = left;
        }
        let mut t = self.of(e)?;
        for (op, right) in rights.into_iter().rev() {
            t = arithmetic(op, t, self.of(right)?)?;
        }
        Some(t)
    }

    fn literal(&self, text: &str) -> Option<NumType> {
        let lower = text.to_ascii_lowercase();
        let (mantissa, exp) = match lower.split_once('e') {
            None => (lower.as_str(), 0),
            // MariaDB reads a number with an exponent as a DOUBLE.
            Some(_) if self.dialect == Dialect::MySql => return Some(NumType::Double),
            Some((m, e)) => (m, e.parse::<i64>().ok()?),
        };
        let decimals = mantissa.split_once('.').map_or(0, |(_, f)| f.len() as i64);
        match (decimals - exp).max(0) {
            0 if !mantissa.contains('.') && exp == 0 => Some(NumType::Int),
            s => Some(NumType::Decimal(u32::try_from(s).ok()?)),
        }
    }

    fn cast(&self, to: &DataType, operand: &Expr) -> Option<NumType> {
        if super::int_types::IntType::of_cast(to).is_some() {
            return Some(NumType::Int);
        }
        match to {
            // PostgreSQL's numeric without a scale keeps its operand's.
            DataType::Numeric(sqlparser::ast::ExactNumberInfo::None)
                if self.dialect == Dialect::Postgres =>
            {
                Some(match self.of(operand)? {
                    NumType::Double | NumType::Numeric => NumType::Numeric,
                    t => NumType::Decimal(t.scale()?),
                })
            }
            DataType::Signed
            | DataType::SignedInteger
            | DataType::Unsigned
            | DataType::UnsignedInteger => Some(NumType::Int),
            other => NumType::of_column(&Admits::of(other, self.dialect)),
        }
    }

    fn call(&self, name: &str, args: &[&Expr]) -> Option<NumType> {
        let mysql = self.dialect == Dialect::MySql;
        let first = || self.of(args.first()?);
        match name {
            "count" | "row_number" | "rank" | "dense_rank" | "length" | "char_length"
            | "nextval" | "currval" | "setval" | "lastval" => Some(NumType::Int),
            "sum" | "abs" | "nullif" => first(),
            "avg" => match first()? {
                NumType::Double => Some(NumType::Double),
                // MariaDB: `div_precision_increment` (4) more decimals.
                t if mysql => t.scale().map(|s| NumType::Decimal(s + 4)),
                _ => Some(NumType::Numeric),
            },
            "min" | "max" | "coalesce" | "greatest" | "least" | "ifnull" => {
                self.common(args.iter().copied())
            }
            "if" if mysql => self.common(args.iter().skip(1).copied()),
            "round" => self.round(args),
            "exp" | "ln" | "sqrt" | "power" | "pow" => self.math(args),
            _ => None,
        }
    }

    /// `exp`, `ln`, `sqrt`, `power` (`engine::math_fns`): a double, but in PostgreSQL a
    /// numeric of value-decided scale when an argument is a numeric.
    fn math(&self, args: &[&Expr]) -> Option<NumType> {
        if self.dialect == Dialect::MySql {
            return Some(NumType::Double);
        }
        let mut t = NumType::Double;
        for a in args {
            match self.of(a)? {
                NumType::Int | NumType::Double => {}
                NumType::Decimal(_) | NumType::Numeric => t = NumType::Numeric,
            }
        }
        Some(t)
    }

    /// `round(x)` and `round(x, n)`.
    fn round(&self, args: &[&Expr]) -> Option<NumType> {
        let x = self.of(args.first()?)?;
        let Some(n) = args.get(1) else {
            // PostgreSQL rounds an integer as a double.
            return Some(match x {
                NumType::Double => NumType::Double,
                NumType::Int if self.dialect == Dialect::Postgres => NumType::Double,
                _ => NumType::Decimal(0),
            });
        };
        let n = match n {
            Expr::Value(v) => match &v.value {
                Value::Number(n, _) => n.parse::<u32>().ok()?,
                _ => return None,
            },
            // A negative count rounds to tens, hundreds: no places after the point.
            Expr::UnaryOp {
                op: sqlparser::ast::UnaryOperator::Minus,
                expr,
            } if matches!(&**expr, Expr::Value(v) if matches!(v.value, Value::Number(..))) => 0,
            _ => return None,
        };
        match (x, self.dialect) {
            // PostgreSQL has no round(double precision, int): the server refuses it.
            (NumType::Double, Dialect::Postgres) => None,
            (NumType::Int, Dialect::MySql) => Some(x),
            // MariaDB's rounded DOUBLE keeps `n` decimals when printed (`1.0`).
            _ => Some(NumType::Decimal(n)),
        }
    }

    /// The type of a scalar subquery: its one result column's.
    fn subquery(&self, q: &Query) -> Option<NumType> {
        let e = super::exprs::scalar_subquery_expr(q)?;
        self.of(e)
    }

    /// The type the server resolves several values to (NULLs aside): a double if any is, else
    /// a decimal, else an integer; not known if any is not. MariaDB gives the decimal the
    /// largest scale; in PostgreSQL each value keeps its own (`coalesce(price, 0)` is `2.50`
    /// or `0`), so decimals of several scales make a numeric of no one scale.
    fn common<'e>(&self, exprs: impl IntoIterator<Item = &'e Expr>) -> Option<NumType> {
        let mut out: Option<NumType> = None;
        for e in exprs {
            if matches!(e, Expr::Value(v) if matches!(v.value, Value::Null)) {
                continue;
            }
            let t = self.of(e)?;
            out = Some(match out {
                None => t,
                Some(o) if o == t => t,
                Some(o) if self.dialect == Dialect::MySql => {
                    arithmetic(&BinaryOperator::Plus, o, t)?
                }
                Some(NumType::Double) => NumType::Double,
                Some(_) if t == NumType::Double => NumType::Double,
                Some(_) => NumType::Numeric,
            });
        }
        out
    }
}

/// The type of `a op b`.
fn arithmetic(op: &BinaryOperator, a: NumType, b: NumType) -> Option<NumType> {
    use BinaryOperator::*;
    if *op == PGExp {
        // PostgreSQL's `^` is power(): a double of doubles, a numeric of a numeric.
        let exact = |t| matches!(t, NumType::Decimal(_) | NumType::Numeric);
        return Some(if exact(a) || exact(b) {
            NumType::Numeric
        } else {
            NumType::Double
        });
    }
    if !matches!(op, Plus | Minus | Multiply | Divide | Modulo) {
        return None;
    }
    match (a, b) {
        (NumType::Int, NumType::Int) => Some(NumType::Int),
        (NumType::Double, _) | (_, NumType::Double) => Some(NumType::Double),
        // PostgreSQL picks a quotient's scale from the values; MariaDB's `/` is refused.
        _ if *op == Divide || a == NumType::Numeric || b == NumType::Numeric => {
            Some(NumType::Numeric)
        }
        _ => {
            let (x, y) = (a.scale()?, b.scale()?);
            Some(NumType::Decimal(if *op == Multiply {
                x + y
            } else {
                x.max(y)
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::checked::Checked;
    use sqlparser::ast::{SelectItem, SetExpr};

    /// The type of each result column of `sql`, after `ddl`.
    fn types(dialect: Dialect, ddl: &[&str], sql: &str) -> Checked<Vec<Option<NumType>>> {
        let (catalog, mut stmt) = crate::dialect::catalog::for_tests(dialect, ddl, sql)?;
        let columns = Columns::of(&mut stmt, &catalog);
        let sqlparser::ast::Statement::Query(q) = &stmt else {
            return Err("not a query".into());
        };
        let SetExpr::Select(s) = q.body.as_ref() else {
            return Err("not a select".into());
        };
        Ok(s.projection
            .iter()
            .map(|item| match item {
                SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                    of(e, &columns, dialect)
                }
                _ => None,
            })
            .collect())
    }

    const JOBS: &str =
        "CREATE TABLE jobs (id int PRIMARY KEY, w double precision, price numeric(10,2), n bigint)";

    #[test]
    fn postgres_types_follow_the_servers_rules() -> Checked {
        use NumType::*;
        let t = types(
            Dialect::Postgres,
            &[JOBS],
            "SELECT w, price, price * 1.5, price + 1, w + price, 1.50, 1e3, 1.5e-3, avg(w), avg(id), sum(price), round(price), round(id, 2), round(w, 1), price / 2, n / 2, coalesce(price, 0), CASE WHEN id = 1 THEN price ELSE 1.5 END, price::numeric, w::numeric(8,3), (SELECT max(w) FROM jobs) FROM jobs GROUP BY w, price, id, n",
        )?;
        assert_eq!(
            t,
            [
                Some(Double),
                Some(Decimal(2)),
                Some(Decimal(3)),
                Some(Decimal(2)),
                Some(Double),
                Some(Decimal(2)),
                Some(Decimal(0)),
                Some(Decimal(4)),
                Some(Double),
                // avg of integers, a quotient: each value's own scale.
                Some(Numeric),
                Some(Decimal(2)),
                Some(Decimal(0)),
                Some(Decimal(2)),
                // round(double precision, int) does not exist in PostgreSQL.
                None,
                Some(Numeric),
                Some(Int),
                // 2.50 or 0: the values' own scales.
                Some(Numeric),
                Some(Numeric),
                Some(Decimal(2)),
                Some(Decimal(3)),
                Some(Double),
            ]
        );
        Ok(())
    }

    #[test]
    fn mariadb_types_follow_the_servers_rules() -> Checked {
        use NumType::*;
        let jobs = "CREATE TABLE jobs (id int PRIMARY KEY, w double, price decimal(10,2), d decimal, r real)";
        let t = types(
            Dialect::MySql,
            &[jobs],
            "SELECT w, price, d, r, 1e3, avg(id), avg(price), round(price, 1), round(price, 5), round(w, 1), IFNULL(price, 0), IF(id = 1, price, 1.5), CAST(w AS DECIMAL(8,3)), CAST(price AS DOUBLE) FROM jobs GROUP BY w, price, d, r, id",
        )?;
        assert_eq!(
            t,
            [
                Some(Double),
                Some(Decimal(2)),
                Some(Decimal(0)),
                Some(Double),
                Some(Double),
                Some(Decimal(4)),
                Some(Decimal(6)),
                Some(Decimal(1)),
                Some(Decimal(5)),
                // MariaDB prints a rounded DOUBLE with its decimals: `1.0`.
                Some(Decimal(1)),
                Some(Decimal(2)),
                Some(Decimal(2)),
                Some(Decimal(3)),
                Some(Double),
            ]
        );
        Ok(())
    }
}
