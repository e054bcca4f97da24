//! Rule: the order PostgreSQL's UPDATE ... FROM or DELETE ... USING meets its target's rows
//! in, where it joins a locking read of the target's own table, as pg-boss and River claim
//! jobs (`WITH next AS (SELECT id FROM jobs WHERE ... LIMIT 2 FOR UPDATE SKIP LOCKED) UPDATE
//! jobs SET ... FROM next WHERE jobs.id = next.id RETURNING ...`) and pgmq pops them (`DELETE
//! FROM q USING cte WHERE q.msg_id = cte.msg_id`). The server materializes such a read
//! and joins it to the table: it changes the jobs, writes their new versions and returns
//! them in the order its join meets them, which is the order the read locked them (its ORDER
//! BY) or the order the rows stand in the table. SQLite goes by rowid, so the lab returned
//! the jobs in the order they were inserted, and later scans met their new versions so too.
//!
//! PostgreSQL's planner chooses the join by its costs (`join`), on a table never analyzed
//! (every scenario's, unless an index was built over its rows) counting ten pages of rows as
//! wide as their column types, and as many rows read as its WHERE's default estimate
//! (`row_estimates.rs`) up to the LIMIT. A nested loop over the read's rows finds each job by
//! the primary key: the read's order. A hash join that hashes the read scans the target: the
//! table's heap order. One that hashes the target goes through the read: its order again.
//! Where the lab does not know which (a table whose index was built over its rows, which
//! gave the planner their count; a condition it does not estimate whose bounds choose
//! differently, costs within 1% of each other, where the planner weighs other things, a
//! read neither small nor large against the table), the statement keeps SQLite's order, with
//! a note that says so.
//!
//! A claim that picks its rows in its WHERE, `WHERE id IN (SELECT id ... FOR UPDATE SKIP
//! LOCKED)` (Oban's), is a semi-join: the planner makes the ids unique and loops over them,
//! in the order of its hash table (`engine::hash_order`) or sort, or hashes them and scans
//! the table (`semi`). The lab returned those rows by rowid, with a note.

use super::super::catalog::{Catalog, KeyDef, TableDef};
use super::super::plan::{Plan, PlanKind};
use super::super::types::Admits;
use sqlparser::ast::{Delete, Expr, InTarget, SetExpr, Statement, Update};

/// Puts into `plan` the order in which `stmt`, an UPDATE ... FROM or a DELETE ... USING
/// whose one locking read is of its own target table, meets the target's rows (`reads`:
/// `row_estimates::of` the statement as written); so too one that reads it in its WHERE,
/// `WHERE id IN (SELECT id ... LIMIT 5 FOR UPDATE SKIP LOCKED)` (`semi`).
pub fn of(stmt: &Statement, plan: &mut Plan, catalog: &Catalog, reads: &[(String, Option<f64>)]) {
    let s = match stmt {
        Statement::Query(q) => match q.body.as_ref() {
            SetExpr::Update(s) | SetExpr::Delete(s) => s,
            _ => return,
        },
        s => s,
    };
    let joined = matches!(
        s,
        Statement::Update(Update { from: Some(_), .. })
            | Statement::Delete(Delete { using: Some(_), .. })
    );
    let (PlanKind::Update { table } | PlanKind::Delete { table, .. }) = &plan.kind else {
        return;
    };
    let table = table.clone();
    let mut locking = (plan.lock_reads.iter()).filter(|r| r.table.eq_ignore_ascii_case(&table));
    let (Some(read), None) = (locking.next(), locking.next()) else {
        return;
    };
    if read.joined.is_some() {
        return; // its locked rows are joined rows: no order of the target's alone
    }
    let id = read.id;
    let (Some(def), [(_, share)]) = (
        catalog.table(&table),
        &reads
            .iter()
            .filter(|r| r.0.eq_ignore_ascii_case(&table))
            .collect::<Vec<_>>()[..],
    ) else {
        return;
    };
    let t = tuples(def) as f64;
    let limit = read.limit.map_or(t, |l| t.min(l as f64));
    let rows = |s: f64| (t * s).round().max(1.0).min(limit);
    let (least, most) = share.map_or((1.0, limit), |s| (rows(s), rows(s)));
    if !joined {
        if read.limit == Some(1) {
            return; // one row: no order to keep
        }
        return semi(s, plan, (def, t), (least, most), id);
    }
    // A WITH query breaks a tie of costs otherwise than a subquery in FROM.
    let with = matches!(stmt, Statement::Query(q) if q.with.as_ref()
        .is_some_and(|w| w.cte_tables.iter().any(|c| !c.query.locks.is_empty())));
    match join(least, t, with) {
        _ if def.sized => unknown(plan, &table),
        j if j != join(most, t, with) => unknown(plan, &table),
        Join::Heap => plan.heap_scans.push(table),
        Join::Unknown => unknown(plan, &table),
        _ => plan.lock_order = Some(id),
    }
}

/// `WHERE id IN (SELECT id ... LIMIT n FOR UPDATE SKIP LOCKED)` (Oban's claim), expecting
/// `least` to `most` rows of the subquery. The planner either makes its ids unique and loops
/// over them, finding each row by the key (a sort where it expects two rows, a hash table
/// sized by its estimate otherwise: `Plan::lock_hash`), or hashes them and scans the table
/// (its heap order). Which, it decides by costs close to those of a join (`join`): measured on PostgreSQL 15 over tables
/// of 250 to 2,550 expected rows and 2 to 25 ids, the loop below 0.925 of the scan's cost,
/// the scan above 0.943, either between; the lab takes the loop below 0.92 and the scan from
/// 0.95, and notes the rest. The loop's order needs the estimate exact (the hash table is
/// sized by it) and a key of one integer column that is unique.
fn semi(
    s: &Statement,
    plan: &mut Plan,
    (def, t): (&TableDef, f64),
    (least, most): (f64, f64),
    id: usize,
) {
    let kind = |n: f64| semi_join(n, t).filter(|_| !def.sized);
    match (kind(least), kind(most), unique_int_key(s, def)) {
        (Some(Join::Heap), Some(Join::Heap), _) => plan.heap_scans.push(def.name.clone()),
        (Some(Join::Read), Some(Join::Read), Some((column, bits))) if least == most => {
            plan.lock_order = Some(id);
            // Two expected ids are sorted; one or three and more, hashed.
            let groups = if least == 2.0 { 0 } else { least as u64 };
            plan.lock_hash = Some((column, groups, bits));
        }
        _ => plan.notes.push(format!("PostgreSQL meets the rows of {} this locking subquery picks through a hash table or a scan it chooses by row estimates the lab does not make here: they change, and RETURNING lists them, in rowid order, which the server's may not keep", def.name)),
    }
}

/// Whether the planner loops over `n` ids made unique (`Read`) or hashes them and scans a
/// table of `t` rows (`Heap`); `None` where the lab cannot tell (see `semi`).
fn semi_join(n: f64, t: f64) -> Option<Join> {
    match costs(n, t).0 {
        _ if n >= 200.0 => None,
        r if r < 0.92 => Some(Join::Read),
        r if r >= 0.95 => Some(Join::Heap),
        _ => None,
    }
}

/// The column of `WHERE col IN (subquery)`, the statement's whole WHERE, where it alone is a
/// unique key and an integer: its place in the table and its width in bits.
fn unique_int_key(s: &Statement, def: &TableDef) -> Option<(usize, u8)> {
    let selection = match s {
        Statement::Update(u) => u.selection.as_ref(),
        Statement::Delete(d) => d.selection.as_ref(),
        _ => None,
    };
    let Some(Expr::In {
        expr,
        target: InTarget::Subquery(_),
        negated: false,
        ..
    }) = selection
    else {
        return None;
    };
    let name = match expr.as_ref() {
        Expr::Identifier(i) => &i.value,
        Expr::CompoundIdentifier(parts) => &parts.last()?.value,
        _ => return None,
    };
    let alone =
        |k: &KeyDef| k.is_whole() && matches!(&k.columns[..], [c] if c.eq_ignore_ascii_case(name));
    if !def.unique_keys().any(alone) {
        return None;
    }
    let at = (def.columns.iter()).position(|c| c.name.eq_ignore_ascii_case(name))?;
    let Admits::Integer { max, .. } = def.columns[at].admits else {
        return None;
    };
    let bits = match max {
        32767 => 16,
        2147483647 => 32,
        _ => 64,
    };
    Some((at, bits))
}

fn unknown(plan: &mut Plan, table: &str) {
    plan.notes.push(format!("PostgreSQL joins this locking read to {table} on row estimates the lab does not make here: its rows come in rowid order, which the server's join may not keep; a join that goes through the read changes the rows it locked before a wait, the lab after the wait"));
}

/// The rows PostgreSQL expects on ten pages of `def`: a page's 8,168 free bytes over each
/// row's width, the columns' average widths (`get_typavgwidth`) and 28 bytes of header and
/// line pointer.
pub(super) fn tuples(def: &TableDef) -> u32 {
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
        Admits::Uuid => 16,
        _ if t.ends_with(']') => 32,
        _ if t.starts_with("timestamp") => 8,
        _ if t.starts_with("bool") => 1,
        _ if t == "date" => 4,
        _ => 32,
    }
}

/// The join PostgreSQL chooses for `n` rows of a read and a target of `t` rows.
#[derive(Debug, PartialEq)]
enum Join {
    /// A nested loop over the read's rows, or a hash join that goes through them.
    Read,
    /// A hash join that scans the target.
    Heap,
    Unknown,
}

/// The join of `n` rows of a read (`with`: a WITH query's, else a subquery's in FROM) to a
/// target of `t` rows, under the default cost settings (random_page_cost 4, cpu_tuple_cost
/// 0.01, cpu_operator_cost 0.0025).
fn join(n: f64, t: f64, with: bool) -> Join {
    let (r, start) = costs(n, t);
    match r {
        r if r < 1.0 / 1.01 => Join::Read,
        // Within 1%, a WITH query's join goes by the cost of its first row (the probe's
        // start against the read's rows hashed); a subquery's cost counts in both joins,
        // which then differ by less than 1% and go by the total.
        r if r < 1.01 && (if with { start < 0.0325 * n } else { r < 1.0 }) => Join::Read,
        // From 200 rows it takes a tenth of the read's rows to share a hash bucket (their
        // distinct count unknown) and hashes the target instead.
        _ if n >= 200.0 => Join::Read,
        _ if n * 4.0 <= t => Join::Heap,
        _ => Join::Unknown,
    }
}

/// The cost of a nested loop over `n` rows of a read into a target of `t` rows, over that
/// of a hash join scanning the target; and the cost of a probe's start.
fn costs(n: f64, t: f64) -> (f64, f64) {
    // Per probe of the key's one-page tree: its start (a descent, 50 operator costs, and a
    // binary search over `t` entries), one entry and one row, and the join's output row.
    // The pages `n` probes read (Mackert and Lohman's estimate, of the index's two pages and
    // the table's ten) cost a random page each.
    let start = 0.125 + 0.0025 * (32 - (t as u32 - 1).leading_zeros()) as f64;
    let probe = start + 0.0375;
    let fetched = |p: f64| (2.0 * p * n / (2.0 * p + n)).ceil().min(p);
    let nested = n * probe + 4.0 * (fetched(2.0) + fetched(10.0));
    // A scan of the target's ten pages and rows, each hashed and compared once, and the
    // read's rows hashed (from the start).
    let hashed = 10.0 + 0.01375 * t + 0.0425 * n;
    (nested / hashed, start)
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
            (12.0, 2550.0, true),
            (10.0, 2260.0, true),
            (5.0, 1270.0, true),
            (6.0, 1270.0, false),
            (2.0, 600.0, true),
            (3.0, 600.0, false),
            (1.0, 120.0, true),
            (2.0, 120.0, false),
        ] {
            assert_eq!(join(n, t, true) == Join::Read, nested, "{n} rows of {t}");
        }
    }

    #[test]
    fn the_join_is_the_one_explain_shows() {
        use Join::*;
        // (rows read, a WITH query's or a subquery's, join): EXPLAIN's choices on a table of
        // 1,060 rows (id int PRIMARY KEY, state text, prio int, ts timestamptz, done boolean).
        for (n, with, join_of) in [
            (3.0, false, Read),
            (4.0, false, Heap),
            (4.0, true, Heap),
            (5.0, false, Heap),
            (5.0, true, Read),
            (6.0, true, Heap),
            (199.0, true, Heap),
            (200.0, true, Read),
            (300.0, false, Read),
        ] {
            assert_eq!(join(n, 1060.0, with), join_of, "{n} rows, WITH {with}");
        }
        // A read neither small nor large against the table: the lab does not know.
        assert_eq!(join(50.0, 120.0, true), Unknown);
    }

    #[test]
    fn a_join_goes_through_the_read_where_postgresql_changed_each_row_as_it_was_locked() -> Checked
    {
        const JOBS: &str = "CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL)";
        // What the engine reads to change the rows locked before a wait (`lab/pipelined.rs`).
        let through_read = |sql: &str| -> Checked<bool> {
            let (catalog, stmt) =
                crate::dialect::catalog::for_tests(Dialect::Postgres, &[JOBS], sql)?;
            let plan = super::super::plan(&stmt, &catalog).map_err(|e| e.message)?;
            Ok(plan.lock_order.is_some() && plan.lock_hash.is_none())
        };
        let read = "SELECT id FROM jobs WHERE state = 'ready' ORDER BY id LIMIT 5 FOR UPDATE";
        // The forms PostgreSQL 15 ran changing each job as it locked it (EXPLAIN: a nested
        // loop over the read).
        assert!(through_read(&format!(
            "UPDATE jobs SET state = 'run' FROM ({read}) c WHERE jobs.id = c.id"
        ))?);
        assert!(through_read(&format!(
            "WITH c AS ({read}) UPDATE jobs SET state = 'run' FROM c WHERE jobs.id = c.id"
        ))?);
        assert!(through_read(&format!(
            "DELETE FROM jobs USING ({read}) c WHERE jobs.id = c.id"
        ))?);
        // Ids made unique first (a semi-join), and a read hashed (no LIMIT), lock every row
        // before the first change.
        assert!(!through_read(&format!(
            "UPDATE jobs SET state = 'run' WHERE id IN ({read})"
        ))?);
        let unlimited = read.replace(" LIMIT 5", "");
        assert!(!through_read(&format!(
            "UPDATE jobs SET state = 'run' FROM ({unlimited}) c WHERE jobs.id = c.id"
        ))?);
        Ok(())
    }

    #[test]
    fn ids_in_a_subquery_are_looped_over_or_hashed_as_explain_shows() {
        use Join::*;
        // (ids, table rows, plan): EXPLAIN's on PostgreSQL 15 of `UPDATE t ... WHERE id IN
        // (SELECT id FROM t ORDER BY id LIMIT n FOR UPDATE)` (HashAggregate or Unique under
        // a Nested Loop: Read; Hash Semi Join: Heap); None where its costs come within the
        // band where the lab saw both.
        for (n, t, plan) in [
            (3.0, 2260.0, Some(Read)),
            (10.0, 2260.0, Some(Read)),
            (11.0, 2260.0, Some(Heap)),
            (3.0, 1200.0, Some(Read)),
            (6.0, 1200.0, Some(Heap)),
            (5.0, 1270.0, Some(Read)),
            (2.0, 480.0, Some(Heap)),
            (4.0, 1200.0, None),
            (250.0, 2260.0, None),
        ] {
            assert_eq!(semi_join(n, t), plan, "{n} ids, {t} rows");
        }
    }
}
