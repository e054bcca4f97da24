//! Rule: a string written for an integer, boolean, timestamp, json, array or uuid column, read
//! as PostgreSQL reads it (the json, array and uuid forms are in `json.rs`, `arrays.rs` and
//! `uuids.rs`).
//! SQLite keeps `'yes'` in a boolean column as the text `yes` (so `WHERE paused` misses the
//! row) and a timestamp as typed (`'2000-01-01T00:15:00Z'`, `'2000-01-01'`, `'... +02'`),
//! so it sorts and compares as text. PostgreSQL reads `'yes'`, `'on'`, `'t'` as true and a
//! timestamp with its zone (converted to UTC, the session's zone, for a `timestamptz`;
//! dropped for a `timestamp`). So a string literal that a write puts in such a column, or
//! that a comparison puts against one, becomes the value in the engine's one form: `true` /
//! `false`, `2000-01-01 00:15:00` (fraction kept, trailing zeros cut). A boolean PostgreSQL
//! would not read is its error 22P02; a timestamp the rule does not read is left as written,
//! and refused once written if it is not in the stored form (`temporal.rs`).

use super::super::catalog::{Catalog, ColumnDef};
use super::super::exprs::last_ident;
use super::super::walk;
use crate::sql::ToSql;
use crate::trace::StepError;
use sqlparser::ast::{
    AssignmentTarget, BinaryOperator, Expr, InTarget, SetExpr, Statement, TableObject, Value,
};
use std::ops::ControlFlow;

/// How a column reads a string.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reads {
    Bool,
    Timestamp {
        zoned: bool,
    },
    /// `json` (checked, kept as written) or `jsonb` (kept in the server's printed form).
    Json {
        binary: bool,
    },
    /// An array (`arrays.rs`), kept in the server's printed form.
    Array(super::arrays::Elem),
    /// A uuid (`uuids.rs`), kept in its stored form.
    Uuid,
    /// An integer of the named type and range: `' 7 '` is 7, `'1.5'` the server's 22P02.
    Integer {
        name: &'static str,
        min: i64,
        max: i64,
    },
}

/// Rewrites the literals of `stmt`; the note, if one changed.
pub fn rewrite(stmt: &mut Statement, catalog: &Catalog) -> Result<Option<String>, StepError> {
    let tables = tables_read(stmt, catalog);
    let mut changed = false;
    let mut failed = None;
    let mut fix = |e: &mut Expr, reads: Reads| {
        let Expr::Value(v) = e else { return };
        let Value::SingleQuotedString(s) = &v.value else {
            return;
        };
        match normal(s, reads) {
            // (Compared by hand: sqlparser's `PartialEq` of a value is 1 KB of download.)
            Ok(Some(n)) if !matches!(&n, Value::SingleQuotedString(t) if t == s) => {
                v.value = n;
                changed = true;
            }
            Ok(_) => {}
            Err(err) => {
                failed.get_or_insert(err);
            }
        }
    };
    // The values a write puts in columns.
    match stmt {
        Statement::Insert(ins) => {
            let table = match &ins.table {
                TableObject::TableName(n) => last_ident(n),
                _ => String::new(),
            };
            if let (Some(def), Some(source)) = (catalog.table(&table), ins.source.as_mut()) {
                let columns: Vec<&ColumnDef> = if ins.columns.is_empty() {
                    def.columns.iter().collect()
                } else {
                    ins.columns
                        .iter()
                        .filter_map(|c| def.column(&last_ident(c)))
                        .collect()
                };
                if let SetExpr::Values(values) = source.body.as_mut() {
                    for row in values.rows.iter_mut() {
                        for (value, column) in row.content.iter_mut().zip(&columns) {
                            if let Some(reads) = reads_of(column) {
                                fix(value, reads);
                            }
                        }
                    }
                }
            }
        }
        Statement::Update(u) => {
            for a in u.assignments.iter_mut() {
                let AssignmentTarget::ColumnName(name) = &a.target else {
                    continue;
                };
                if let Some(reads) = column_reads(&tables, &last_ident(name)) {
                    fix(&mut a.value, reads);
                }
            }
        }
        _ => {}
    }
    // The literals compared with such a column.
    walk::exprs(stmt, &mut |e| {
        match e {
            Expr::BinaryOp { left, op, right } if comparison(op) => {
                if let Some(reads) = name_of(left).and_then(|n| column_reads(&tables, &n)) {
                    fix(right, reads);
                }
                if let Some(reads) = name_of(right).and_then(|n| column_reads(&tables, &n)) {
                    fix(left, reads);
                }
            }
            Expr::In {
                expr,
                target: InTarget::List(list),
                ..
            } => {
                if let Some(reads) = name_of(expr).and_then(|n| column_reads(&tables, &n)) {
                    list.iter_mut().for_each(|x| fix(x, reads));
                }
            }
            Expr::Between {
                expr, low, high, ..
            } => {
                if let Some(reads) = name_of(expr).and_then(|n| column_reads(&tables, &n)) {
                    fix(low, reads);
                    fix(high, reads);
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    if let Some(err) = failed {
        return Err(err);
    }
    Ok(changed.then(|| {
        "strings for boolean, timestamp, json, array and uuid columns read as PostgreSQL reads them ('yes' is true; a timestamp's zone applied, kept as UTC; a jsonb, an array and a uuid in the server's printed form)".into()
    }))
}

/// A column default's string, read as the server reads it at CREATE TABLE (its error there
/// for one it cannot read): `DEFAULT '2000-01-01 00:00:00+00'` for a timestamptz, `'yes'`
/// for a boolean, a uuid in upper case. Other defaults run when a row takes them, and are
/// checked as it is written.
pub fn defaults(def: &mut super::super::catalog::TableDef) -> Result<(), StepError> {
    for c in def.columns.iter_mut() {
        let (Some(reads), Some(d)) = (reads_of(c), c.default.as_mut()) else {
            continue;
        };
        let mut parsed = super::super::exprs::parse_sqlite_expr(d);
        while let Some(Expr::Nested(inner)) = parsed {
            parsed = Some(*inner);
        }
        let Some(Expr::Value(v)) = parsed else {
            continue;
        };
        if let Value::SingleQuotedString(s) = &v.value {
            if let Some(n) = normal(s, reads)? {
                *d = n.to_sql();
            }
        }
    }
    Ok(())
}

/// The tables the statement names, as the catalog knows them.
pub(super) fn tables_read<'a>(
    stmt: &mut Statement,
    catalog: &'a Catalog,
) -> Vec<&'a super::super::catalog::TableDef> {
    let mut out = Vec::new();
    walk::relations(stmt, &mut |name| {
        if let Some(def) = catalog.table(&last_ident(name)) {
            if !out
                .iter()
                .any(|d: &&super::super::catalog::TableDef| d.name == def.name)
            {
                out.push(def);
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// How a column of that name reads strings, if every table naming such a column agrees.
fn column_reads(tables: &[&super::super::catalog::TableDef], name: &str) -> Option<Reads> {
    let mut found = tables.iter().filter_map(|t| t.column(name)).map(reads_of);
    let first = found.next()??;
    found.all(|r| r == Some(first)).then_some(first)
}

/// Whether a column of that name is a jsonb, every table naming such a column agreeing.
pub(super) fn jsonb_column(tables: &[&super::super::catalog::TableDef], name: &str) -> bool {
    column_reads(tables, name) == Some(Reads::Json { binary: true })
}

fn reads_of(c: &ColumnDef) -> Option<Reads> {
    use super::super::types::Admits;
    use super::json::JsonKind;
    let t = c.sql_type.to_ascii_lowercase();
    if let Admits::Integer { name, min, max } = c.admits {
        Some(Reads::Integer { name, min, max })
    } else if c.admits == Admits::Uuid {
        Some(Reads::Uuid)
    } else if let Admits::Array(elem) = c.admits {
        Some(Reads::Array(elem))
    } else if let Admits::Json(kind) = c.admits {
        Some(Reads::Json {
            binary: kind == JsonKind::Jsonb,
        })
    } else if t == "bool" || t == "boolean" {
        Some(Reads::Bool)
    } else if t.starts_with("timestamptz") || t.contains("with time zone") {
        Some(Reads::Timestamp { zoned: true })
    } else if t.starts_with("timestamp") {
        Some(Reads::Timestamp { zoned: false })
    } else {
        None
    }
}

fn name_of(e: &Expr) -> Option<String> {
    match e {
        Expr::Identifier(i) => Some(i.value.clone()),
        Expr::CompoundIdentifier(parts) => parts.last().map(|p| p.value.clone()),
        _ => None,
    }
}

fn comparison(op: &BinaryOperator) -> bool {
    use BinaryOperator::*;
    matches!(op, Eq | NotEq | Lt | LtEq | Gt | GtEq)
}

/// The literal `s` becomes; `None` to leave it as written.
fn normal(s: &str, reads: Reads) -> Result<Option<Value>, StepError> {
    match reads {
        Reads::Bool => boolean(s).map(|b| Some(Value::Boolean(b))).ok_or_else(|| {
            StepError::other(
                "22P02",
                format!("invalid input syntax for type boolean: \"{s}\""),
            )
        }),
        Reads::Timestamp { zoned } => Ok(timestamp(s, zoned).map(Value::SingleQuotedString)),
        Reads::Json { binary: true } => {
            super::json::jsonb(s).map(|n| Some(Value::SingleQuotedString(n)))
        }
        Reads::Json { binary: false } => super::json::json(s).map(|()| None),
        Reads::Array(elem) => {
            super::arrays::normal(s, elem).map(|n| Some(Value::SingleQuotedString(n)))
        }
        Reads::Integer { name, min, max } => integer(s, name, min..=max).map(Some),
        Reads::Uuid => super::uuids::canonical(s)
            .map(|n| Some(Value::SingleQuotedString(n)))
            .ok_or_else(|| super::uuids::misfit(s)),
    }
}

/// PostgreSQL's integer input: spaces around a sign and digits; its 22P02 for anything
/// else (`1.5`, `1e3`, `0x10`), its 22003 past the type's range.
fn integer(s: &str, name: &str, range: std::ops::RangeInclusive<i64>) -> Result<Value, StepError> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(StepError::other(
            "22P02",
            format!("invalid input syntax for type {name}: \"{s}\""),
        ));
    }
    match t.parse::<i64>() {
        Ok(n) if range.contains(&n) => Ok(Value::Number(n.to_string(), false)),
        _ => Err(StepError::other(
            "22003",
            format!("value \"{s}\" is out of range for type {name}"),
        )),
    }
}

/// PostgreSQL's boolean input: `t`, `true`, `yes`, `on`, `1` and their opposites, in any
/// case, around spaces; a unique prefix of true, false, yes, no.
fn boolean(s: &str) -> Option<bool> {
    let t = s.trim().to_ascii_lowercase();
    if t.is_empty() {
        return None;
    }
    match t.as_str() {
        "on" | "1" => return Some(true),
        "off" | "0" => return Some(false),
        _ => {}
    }
    let prefix = |word: &str| word.starts_with(t.as_str());
    match (
        prefix("true") || prefix("yes"),
        prefix("false") || prefix("no"),
    ) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// `YYYY-MM-DD[( |T)HH:MM[:SS[.f]]][ ][Z|UTC|±HH[[:]MM]]` in the engine's form, in UTC for a
/// zoned column; `None` for anything else.
pub(super) fn timestamp(s: &str, zoned: bool) -> Option<String> {
    let s = s.trim();
    let b = s.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let part = s.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    // A day that is not one (`2025-02-30`) is left as written, for `temporal.rs` to refuse:
    // the day count would silently make it March 2.
    let real = u32::try_from(mo).ok().zip(u32::try_from(d).ok());
    if b.get(4) != Some(&b'-')
        || b.get(7) != Some(&b'-')
        || !real.is_some_and(|(mo, d)| crate::calendar::real_day(y, mo, d))
    {
        return None;
    }
    let mut rest = &s[10..];
    let (mut h, mut mi, mut sec, mut frac) = (0, 0, 0, String::new());
    if let Some(t) = rest.strip_prefix(['T', ' ']) {
        let tb = t.as_bytes();
        if tb.len() >= 5 && tb[2] == b':' && t[..2].bytes().all(|c| c.is_ascii_digit()) {
            h = t[..2].parse().ok()?;
            mi = t.get(3..5)?.parse().ok()?;
            rest = &t[5..];
            if let Some(r) = rest.strip_prefix(':') {
                sec = r.get(..2)?.parse().ok()?;
                rest = &r[2..];
                if let Some(r) = rest.strip_prefix('.') {
                    let digits: String = r.chars().take_while(char::is_ascii_digit).collect();
                    rest = &r[digits.len()..];
                    frac = digits.trim_end_matches('0').chars().take(6).collect();
                }
            }
        } else {
            rest = t;
        }
    }
    let zone = rest.trim();
    let offset = match zone {
        "" | "Z" | "z" | "UTC" | "utc" => 0,
        z => {
            let (sign, digits) = match z.as_bytes().first()? {
                b'+' => (1, &z[1..]),
                b'-' => (-1, &z[1..]),
                _ => return None,
            };
            let digits = digits.replace(':', "");
            // Digits only, so that the slices below fall on character boundaries.
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let (zh, zm): (i64, i64) = match digits.len() {
                2 => (digits.parse().ok()?, 0),
                4 => (digits[..2].parse().ok()?, digits[2..].parse().ok()?),
                _ => return None,
            };
            sign * (zh * 3600 + zm * 60)
        }
    };
    if h > 24 || mi > 59 || sec > 60 {
        return None;
    }
    // mo and d were checked to be a real day above.
    let (mo, d) = (u32::try_from(mo).ok()?, u32::try_from(d).ok()?);
    let local = crate::calendar::epoch_seconds(y, mo, d, h * 3600 + mi * 60 + sec);
    let utc = if zoned { local - offset } else { local };
    let mut out = crate::calendar::format_timestamp(utc);
    if !frac.is_empty() {
        out.push('.');
        out.push_str(&frac);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_in_their_zone_become_utc_text() {
        assert_eq!(
            timestamp("2000-01-01T00:15:00Z", true).as_deref(),
            Some("2000-01-01 00:15:00")
        );
        assert_eq!(
            timestamp("2000-01-01 01:15:00+01", true).as_deref(),
            Some("2000-01-01 00:15:00")
        );
        assert_eq!(
            timestamp("2000-01-01 00:30:00.500-05:30", true).as_deref(),
            Some("2000-01-01 06:00:00.5")
        );
        assert_eq!(
            timestamp("2000-03-01 00:30:00+01", true).as_deref(),
            Some("2000-02-29 23:30:00")
        );
        assert_eq!(
            timestamp("2000-01-01", false).as_deref(),
            Some("2000-01-01 00:00:00")
        );
        assert_eq!(
            timestamp("2000-01-01 10:00:00+05", false).as_deref(),
            Some("2000-01-01 10:00:00")
        );
        assert_eq!(timestamp("tomorrow", true), None);
    }

    /// A zone of four bytes that are not four digits (found by fuzzing: it once sliced a
    /// character in half and panicked) is left as written, for SQLite and the vendor's error.
    #[test]
    fn a_zone_that_is_not_digits_is_not_read() {
        assert_eq!(timestamp("2000-01-01 00:00:00+0\u{fffd}", true), None);
        assert_eq!(timestamp("2000-01-01 00:00:00+ab:c", true), None);
    }

    #[test]
    fn booleans_as_postgresql_reads_them() {
        for t in ["t", "TRUE", " yes ", "on", "1", "tr", "y"] {
            assert_eq!(boolean(t), Some(true), "{t}");
        }
        for f in ["f", "false", "no", "off", "0", "n", "fal"] {
            assert_eq!(boolean(f), Some(false), "{f}");
        }
        assert_eq!(boolean("o"), None);
        assert_eq!(boolean("maybe"), None);
    }
}
