//! Rule: the order PostgreSQL's UPDATE ... FROM or DELETE ... USING meets its target's rows
//! in, where it joins a locking read of the target's own table, as pg-boss and River claim
//! jobs (`WITH next AS (SELECT id FROM jobs WHERE ... LIMIT 2 FOR UPDATE SKIP LOCKED) UPDATE
//! jobs SET ... FROM next WHERE jobs.id = next.id RETURNING ...`) and pgmq pops them (`DELETE
//! FROM q USING cte WHERE q.msg_id = cte.msg_id`). The server materializes such a
//! read and, when its LIMIT makes it small, joins it by a nested loop over its rows, each
//! finding its job by the primary key: it changes the jobs, writes their new versions and
//! returns them in the order the read locked them (its ORDER BY). SQLite goes by rowid, so
//! the lab returned the jobs in the order they were inserted, and later scans met their new
//! versions so too.
//!
//! Small means that PostgreSQL's planner surely prefers the nested loop: on a table never
//! analyzed (every scenario's, unless an index was built over its rows), it counts ten pages
//! of rows as wide as their column types, and the loop's probes through the key cost less
//! than a hash join's scan of those rows, by more than the 1% within which it weighs other
//! things, for as many rows as the LIMIT. On a narrow table that holds to `LIMIT 5`; on one
//! of five text columns a `LIMIT 3` is hash-joined (EXPLAIN, PostgreSQL 15). Otherwise the
//! choice rests on how many rows the planner expects the WHERE to pick, which the lab does
//! not estimate yet: such a statement keeps SQLite's order. (Nor does the lab yet tell a
//! table whose index was built over rows, which gave the planner their count: it is taken
//! as never analyzed.)

use super::super::catalog::{Catalog, TableDef};
use super::super::plan::{Plan, PlanKind};
use super::super::types::Admits;
use sqlparser::ast::{Delete, SetExpr, Statement, Update};

/// The id of the locking read whose order the statement's changes follow
/// (`Plan::lock_order`), if `stmt` is an UPDATE ... FROM or a DELETE ... USING whose one
/// locking read of its target table has a LIMIT small enough ([`nested_loop`]). (One that
/// reads it in its WHERE, `WHERE id IN (SELECT ...)`, joins it by a hash, in the hash's
/// order: left as it is.)
pub fn of(stmt: &Statement, plan: &Plan, catalog: &Catalog) -> Option<usize> {
    let s = match stmt {
        Statement::Query(q) => match q.body.as_ref() {
            SetExpr::Update(s) | SetExpr::Delete(s) => s,
            _ => return None,
        },
        s => s,
    };
    let (Statement::Update(Update { from: Some(_), .. })
    | Statement::Delete(Delete { using: Some(_), .. })) = s
    else {
        return None;
    };
    let (PlanKind::Update { table } | PlanKind::Delete { table, .. }) = &plan.kind else {
        return None;
    };
    let t = tuples(catalog.table(table)?);
    let mut reads = (plan.lock_reads.iter()).filter(|r| r.table.eq_ignore_ascii_case(table));
    match (reads.next(), reads.next()) {
        (Some(r), None) if r.limit.is_some_and(|l| nested_loop(l as f64, t)) => Some(r.id),
        _ => None,
    }
}

/// The rows PostgreSQL expects on ten pages of `def`: a page's 8,168 free bytes over each
/// row's width, the columns' average widths (`get_typavgwidth`) and 28 bytes of header and
/// line pointer.
fn tuples(def: &TableDef) -> u32 {
    8168 / (def
        .columns
        .iter()
        .map(|c| width(&c.admits, &c.sql_type))
        .sum::<u32>()
        + 28)
        * 10
}

/// The width PostgreSQL assumes for a value of a column of this type (of those the lab
/// admits).
fn width(admits: &Admits, sql_type: &str) -> u32 {
    let t = sql_type.to_ascii_lowercase();
    match admits {
        Admits::Integer { max, .. } => match *max {
            32767 => 2,
            2147483647 => 4,
            _ => 8,
        },
        // Four bytes a character (UTF-8) and a header; a varying one counts as half its
        // length past 32 bytes, up to 1,000.
        Admits::Chars { max, name } => {
            match (*max as u32 * 4 + 4, name.starts_with("character(")) {
                (w, true) => w,
                (w, _) if w <= 32 => w,
                (w, _) => 32 + (w.min(1000) - 32) / 2,
            }
        }
        Admits::Decimal { precision, .. } => 8 + (precision + 6) / 4 * 2,
        Admits::Double => 8,
        Admits::Enum(_) => 4,
        _ if t.ends_with(']') => 32,
        _ if t.starts_with("timestamp") => 8,
        _ if t.starts_with("bool") => 1,
        _ if t == "date" => 4,
        _ => 32,
    }
}

/// Whether PostgreSQL surely joins `n` rows of a read to a target of `t` rows by a nested
/// loop over them rather than by a hash join, under the default cost settings
/// (random_page_cost 4, cpu_tuple_cost 0.01, cpu_operator_cost 0.0025).
fn nested_loop(n: f64, t: u32) -> bool {
    // Per probe of the key's one-page tree: its start (a descent, 50 operator costs, and a
    // binary search over `t` entries), one entry and one row, and the join's output row.
    // The pages `n` probes read (Mackert and Lohman's estimate, of the index's two pages and
    // the table's ten) cost a random page each.
    let probe = 0.1625 + 0.0025 * (32 - t.saturating_sub(1).leading_zeros()) as f64;
    let fetched = |p: f64| (2.0 * p * n / (2.0 * p + n)).ceil().min(p);
    let nested = n * probe + 4.0 * (fetched(2.0) + fetched(10.0));
    // A scan of the target's ten pages and rows, each hashed and compared once, and the
    // read's rows hashed. Within 1% the planner goes by other things.
    nested * 1.01 < 10.0 + 0.01375 * t as f64 + 0.0425 * n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::trace::checked::Checked;

    /// The rows the rule expects a table of these columns to hold.
    fn rows_of(columns: &str) -> Checked<u32> {
        let ddl = format!("CREATE TABLE g ({columns})");
        let (catalog, _) =
            crate::dialect::catalog::for_tests(Dialect::Postgres, &[&ddl], "SELECT 1")?;
        Ok(tuples(catalog.table("g").ok_or("no table")?))
    }

    #[test]
    fn a_tables_rows_are_what_explain_counts() -> Checked {
        // Each figure read off EXPLAIN on PostgreSQL 15, the table never analyzed.
        assert_eq!(rows_of("id int")?, 2550);
        assert_eq!(rows_of("id bigint, a int, b int")?, 1850);
        assert_eq!(rows_of("id int, a text, b jsonb")?, 850);
        assert_eq!(
            rows_of("id int, c0 varchar(255), c1 text, c2 text, s text, p int, ts timestamptz")?,
            120
        );
        assert_eq!(rows_of("id bigint, a varchar(5), b numeric(10,2), c varchar(100), d char(1), e boolean, f date, g smallint, h text[]")?, 230);
        Ok(())
    }

    #[test]
    fn the_nested_loop_is_chosen_where_explain_shows_it() {
        // (rows read, table rows, nested loop): EXPLAIN's choices for a WITH query read.
        for (n, t, nested) in [
            (12.0, 2550, true),
            (10.0, 2260, true),
            (5.0, 1270, true),
            (6.0, 1270, false),
            (2.0, 600, true),
            (3.0, 600, false),
            (1.0, 120, true),
            (2.0, 120, false),
        ] {
            assert_eq!(nested_loop(n, t), nested, "{n} rows of {t}");
        }
    }
}
