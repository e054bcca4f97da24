//! PostgreSQL's `uuid` type, which job tables key their rows with (`id uuid PRIMARY KEY
//! DEFAULT gen_random_uuid()`). The server reads a uuid in several forms (upper case, in
//! braces, hyphens after any four digits or none) and keeps and prints it in one: lower
//! case, `8-4-4-4-12`. The engine keeps that text (SQLite TEXT affinity), whose order is the
//! server's byte order, so `=`, `<`, ORDER BY, GROUP BY and DISTINCT compare as the server's.
//! What differs is checked or rewritten:
//!
//! - a string written to or compared with a uuid column is read in the stored form by
//!   `literals.rs` (the server's 22P02 when it is not a uuid); `'...'::uuid` is the string so
//!   read; `gen_random_uuid()` is the scenario's next id in that form (`ql_newid`), the same
//!   every run;
//! - what the server has no operator or function for is refused by name: a uuid compared with
//!   or written from a value of another type (42883 / 42804 on the server), LIKE, arithmetic
//!   and functions over a uuid (count excepted), a cast of a computed value to uuid.

use super::enum_values::args;
use super::literals::tables_read;
use crate::dialect::catalog::{Catalog, TableDef};
use crate::dialect::common::unsupported_with;
use crate::dialect::exprs::{call, last_ident, NEWID_FN};
use crate::dialect::types::Admits;
use crate::dialect::walk;
use crate::dialect::Dialect;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{
    BinaryOperator, DataType, Expr, InTarget, Query, SelectItem, Statement, Value,
};

/// The uuid PostgreSQL reads in `text`, in its stored form; `None` if it reads none. Braces
/// around it, or none; 32 hex digits, a hyphen allowed after each group of four but the last.
pub fn canonical(text: &str) -> Option<String> {
    let inner = match text.strip_prefix('{') {
        Some(rest) => rest.strip_suffix('}')?,
        None => text,
    };
    let b = inner.as_bytes();
    let mut digits = String::with_capacity(32);
    let mut i = 0;
    while digits.len() < 32 {
        let pair = b.get(i..i + 2)?;
        if !pair.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        digits.push_str(&inner[i..i + 2].to_ascii_lowercase());
        i += 2;
        if digits.len().is_multiple_of(4) && digits.len() < 32 && b.get(i) == Some(&b'-') {
            i += 1;
        }
    }
    if i != b.len() {
        return None;
    }
    Some(format!(
        "{}-{}-{}-{}-{}",
        &digits[..8],
        &digits[8..12],
        &digits[12..16],
        &digits[16..20],
        &digits[20..]
    ))
}

/// The server's error for `text` read as a uuid.
pub fn misfit(text: &str) -> StepError {
    StepError::other(
        "22P02",
        format!("invalid input syntax for type uuid: \"{text}\""),
    )
}

/// What an expression is to the uuid rules.
#[derive(Clone, Copy, PartialEq)]
enum Kind<'e> {
    Uuid,
    /// A string constant: the server reads it as a uuid where it meets one.
    Text(&'e str),
    Null,
    Other,
    /// A name the statement's tables give different types, or a subquery of no plain item:
    /// left to the server's rules unchecked.
    Unknown,
}

struct Types<'a> {
    tables: Vec<&'a TableDef>,
}

impl Types<'_> {
    fn kind<'e>(&self, e: &'e Expr) -> Kind<'e> {
        let column = |name: &str| {
            let mut found = self.tables.iter().filter_map(|t| t.column(name));
            let uuid = found.next().map(|c| c.admits == Admits::Uuid);
            match uuid {
                Some(u) if found.all(|c| (c.admits == Admits::Uuid) == u) => {
                    if u {
                        Kind::Uuid
                    } else {
                        Kind::Other
                    }
                }
                Some(_) => Kind::Unknown,
                None => Kind::Other,
            }
        };
        match e {
            Expr::Nested(inner) => self.kind(inner),
            Expr::Value(v) => match &v.value {
                Value::SingleQuotedString(s) => Kind::Text(s),
                Value::Null => Kind::Null,
                _ => Kind::Other,
            },
            e if crate::dialect::arity::is_default(e) => Kind::Null,
            Expr::Identifier(i) => column(&i.value),
            Expr::CompoundIdentifier(parts) => {
                parts.last().map_or(Kind::Other, |p| column(&p.value))
            }
            Expr::Cast { data_type, .. } if *data_type == DataType::Uuid => Kind::Uuid,
            Expr::Function(f) if generator(f) => Kind::Uuid,
            Expr::Subquery(q) => self.item(q),
            _ => Kind::Other,
        }
    }

    /// A subquery's type, its item's (a string there is text).
    fn item<'e>(&self, q: &'e Query) -> Kind<'e> {
        match walk::result_select(q).and_then(|s| s.projection.first()) {
            Some(SelectItem::UnnamedExpr(x) | SelectItem::ExprWithAlias { expr: x, .. }) => {
                match self.kind(x) {
                    Kind::Text(_) => Kind::Other,
                    k => k,
                }
            }
            _ => Kind::Unknown,
        }
    }

    /// Checks `a` and `b` where an operator compares them.
    fn compare(&self, a: &Expr, b: &Expr) -> Result<(), StepError> {
        compare(self.kind(a), self.kind(b))
    }

    /// Refuses `what` if any of `operands` is a uuid.
    fn no_uuid<'e>(
        &self,
        mut operands: impl Iterator<Item = &'e Expr>,
        what: &str,
    ) -> Result<(), StepError> {
        if operands.any(|x| self.kind(x) == Kind::Uuid) {
            return Err(refused(
                &format!("{what} over a uuid"),
                "PostgreSQL has no such operator or function for a uuid; cast it to text first (id::text)",
            ));
        }
        Ok(())
    }

    /// The checks of one expression (its inner ones are checked on their own).
    fn check(&self, e: &Expr) -> Result<(), StepError> {
        use BinaryOperator::*;
        match e {
            Expr::Cast {
                expr, data_type, ..
            } if *data_type == DataType::Uuid => match self.kind(expr) {
                Kind::Text(s) => canonical(s).map(|_| ()).ok_or_else(|| misfit(s)),
                Kind::Uuid | Kind::Null | Kind::Unknown => Ok(()),
                Kind::Other => Err(refused(
                    "A cast of a computed value to uuid",
                    "write the uuid in quotes ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid)",
                )),
            },
            Expr::BinaryOp { left, op, right } => match op {
                Eq | NotEq | Lt | LtEq | Gt | GtEq => self.compare(left, right),
                And | Or | StringConcat => Ok(()),
                _ => self.no_uuid(
                    [&**left, &**right].into_iter(),
                    &format!("The operator {}", op_text(op)),
                ),
            },
            Expr::IsDistinctFrom(a, b) | Expr::IsNotDistinctFrom(a, b) => self.compare(a, b),
            Expr::In {
                expr,
                target: InTarget::List(list),
                ..
            } => list.iter().try_for_each(|x| self.compare(expr, x)),
            Expr::In {
                expr,
                target: InTarget::Subquery(q),
                ..
            } => compare(self.kind(expr), self.item(q)),
            Expr::Between {
                expr, low, high, ..
            } => {
                self.compare(expr, low)?;
                self.compare(expr, high)
            }
            Expr::AnyOp { left, .. } | Expr::AllOp { left, .. } if self.kind(left) == Kind::Uuid => {
                Err(refused(
                    "= ANY (...) over a uuid",
                    "Queue Lab's arrays hold text, integers and jsonb; list the uuids: id IN ('...', '...')",
                ))
            }
            Expr::Like { expr, .. } | Expr::ILike { expr, .. } => {
                self.no_uuid(std::iter::once(&**expr), "LIKE")
            }
            Expr::Function(f) if !last_ident(&f.name).eq_ignore_ascii_case("count") => {
                let name = last_ident(&f.name);
                self.no_uuid(args(f), &format!("{name}()"))
            }
            Expr::Case {
                operand: Some(x), ..
            } => self.no_uuid(std::iter::once(&**x), "CASE"),
            _ => Ok(()),
        }
    }
}

/// Checks two compared kinds.
fn compare(a: Kind, b: Kind) -> Result<(), StepError> {
    match (a, b) {
        (Kind::Uuid, Kind::Text(s)) | (Kind::Text(s), Kind::Uuid) => {
            canonical(s).map(|_| ()).ok_or_else(|| misfit(s))
        }
        (Kind::Uuid, Kind::Other) | (Kind::Other, Kind::Uuid) => Err(refused(
            "Comparing a uuid with a value of another type",
            WRITE_INSTEAD,
        )),
        _ => Ok(()),
    }
}

/// What to write instead of a uuid met by a value of another type.
const WRITE_INSTEAD: &str = "PostgreSQL compares and writes a uuid only with uuid values and strings; write the uuid in quotes, or compare as text (id::text = x)";

/// `gen_random_uuid()`, unqualified (`pg_catalog.` is gone by now, and the server has none in
/// another schema).
fn generator(f: &sqlparser::ast::Function) -> bool {
    f.name.0.len() == 1 && last_ident(&f.name).eq_ignore_ascii_case("gen_random_uuid")
}

fn op_text(op: &BinaryOperator) -> String {
    crate::sql::ToSql::to_sql(op)
}

fn refused(what: &str, instead: &str) -> StepError {
    unsupported_with(Dialect::Postgres, what, instead)
}

/// Checks and rewrites the statement's uuid values; the note, if it has any.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let types = Types {
        tables: tables_read(stmt, catalog),
    };
    let mut any = types
        .tables
        .iter()
        .any(|t| t.columns.iter().any(|c| c.admits == Admits::Uuid));
    super::writes::check(
        stmt,
        catalog,
        &mut |c, value| match (&c.admits, types.kind(value)) {
            (Admits::Uuid, Kind::Text(s)) => canonical(s).map(|_| ()).ok_or_else(|| misfit(s)),
            (Admits::Uuid, Kind::Other) => Err(refused(
                &format!(
                    "Writing a value of another type to the uuid column {}",
                    c.name
                ),
                WRITE_INSTEAD,
            )),
            _ => Ok(()),
        },
    )?;
    walk::check_exprs(stmt, &|e| types.check(e))?;
    // Casts to uuid become their operand, read in the stored form; the server's generator
    // becomes the scenario's.
    any |= walk::replace_exprs(stmt, &|e| match e {
        Expr::Cast {
            expr, data_type, ..
        } if *data_type == DataType::Uuid => Ok(Some(match types.kind(expr) {
            Kind::Text(s) => Expr::value(Value::SingleQuotedString(
                canonical(s).ok_or_else(|| misfit(s))?,
            )),
            _ => (**expr).duplicate(),
        })),
        Expr::Function(f) if generator(f) => {
            Ok(Some(call("lower", vec![call(NEWID_FN, Vec::new())])))
        }
        _ => Ok(None),
    })?;
    Ok(any.then(|| {
        "uuid values kept in their stored form (lower case, 8-4-4-4-12); gen_random_uuid() gives the scenario's next id (ql_newid()), the same every run".into()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::ToSql;
    use crate::trace::checked::Checked;

    #[test]
    fn the_forms_postgresql_reads_become_its_stored_form() {
        let stored = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";
        for written in [
            stored,
            "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11",
            "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}",
            "a0eebc999c0b4ef8bb6d6bb9bd380a11",
            "a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11",
            "{a0eebc999c0b4ef8bb6d6bb9bd380a11}",
        ] {
            assert_eq!(canonical(written).as_deref(), Some(stored), "{written}");
        }
        // As the server answers 22P02 (checked on PostgreSQL 15).
        for bad in [
            " a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11 ",
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-",
            "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1",
            "a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11",
            "a0eebc9g-9c0b-4ef8-bb6d-6bb9bd380a11",
            "",
            "é0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
        ] {
            assert_eq!(canonical(bad), None, "{bad}");
        }
    }

    fn rewritten(sql: &str) -> Checked<Result<String, String>> {
        let table = "CREATE TABLE jobs (id uuid PRIMARY KEY, n int, note text)";
        let (catalog, mut stmt) =
            crate::dialect::catalog::for_tests(Dialect::Postgres, &[table], sql)?;
        Ok(rewrite(&mut stmt, &catalog)
            .map(|_| stmt.to_sql())
            .map_err(|e| e.message))
    }

    #[test]
    fn casts_and_the_generator_become_stored_text_and_the_scenario_id() -> Checked {
        assert_eq!(
            rewritten(
                "SELECT n FROM jobs WHERE id = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'::uuid"
            )?,
            Ok("SELECT n FROM jobs WHERE id = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'".into())
        );
        assert_eq!(
            rewritten("INSERT INTO jobs (id, n) VALUES (gen_random_uuid(), 1)")?,
            Ok(format!(
                "INSERT INTO jobs (id, n) VALUES (lower({NEWID_FN}()), 1)"
            ))
        );
        Ok(())
    }

    /// What the server has no operator or function for is refused by name, never run on the
    /// text (where `id = 5` would silently match nothing and max(id) return a value).
    #[test]
    fn a_uuid_met_by_another_type_or_a_function_is_refused() -> Checked {
        for (sql, refusal) in [
            (
                "SELECT n FROM jobs WHERE id = 5",
                "Comparing a uuid with a value of another type",
            ),
            (
                "SELECT n FROM jobs WHERE id = note",
                "Comparing a uuid with a value of another type",
            ),
            (
                "UPDATE jobs SET id = note",
                "Writing a value of another type to the uuid column id",
            ),
            ("SELECT max(id) FROM jobs", "max() over a uuid"),
            ("SELECT n FROM jobs WHERE id LIKE 'a%'", "LIKE over a uuid"),
            (
                "SELECT note::uuid FROM jobs",
                "A cast of a computed value to uuid",
            ),
            // The subquery's string is text on the server: 42883 there.
            (
                "SELECT n FROM jobs WHERE id IN (SELECT 'a')",
                "Comparing a uuid with a value of another type",
            ),
            (
                "SELECT n FROM jobs WHERE id = ANY (ARRAY['a'])",
                "= ANY (...) over a uuid",
            ),
        ] {
            let got = rewritten(sql)?;
            assert!(
                got.as_ref().is_err_and(|m| m.starts_with(refusal)),
                "{sql}: {got:?}"
            );
        }
        assert_eq!(
            rewritten("SELECT n FROM jobs WHERE id = 'x'")?,
            Err("invalid input syntax for type uuid: \"x\"".into())
        );
        // Text of the uuid, a count and a uuid subquery are the server's too.
        for sql in [
            "SELECT count(DISTINCT id), max(id::text) FROM jobs",
            "SELECT n FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1)",
        ] {
            assert!(rewritten(sql)?.is_ok(), "{sql}");
        }
        Ok(())
    }
}
