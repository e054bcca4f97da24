//! Queries held at once to the printer, the copy and the walk: every query node of the
//! corpus, one query per shape the parser reads, and the shapes the engine composes that the
//! parser never reads as such.

use super::{differences, first_table, judge_each, judged, limit, name, number, query, select_of};
use crate::sql::copy::Duplicate;
use crate::sql::print::ToSql;
use crate::sql::Flavor;
use sqlparser::ast::{
    Expr, Ident, LockClause, LockType, NonBlock, SelectItem, SetExpr, TableFactor, TableWithJoins,
    Top, TopQuantity, Value, WildcardAdditionalOptions,
};

/// Every query node the parser builds anywhere in the corpus, each printed and copied on its
/// own.
#[test]
fn every_query_node_of_the_corpus_prints_and_copies() -> Result<(), String> {
    struct Both;
    impl crate::sql::corpus_nodes::Judge for Both {
        fn judge<T: ToSql + Duplicate>(&self, node: &T) -> Option<String> {
            let found = differences(node);
            (!found.is_empty()).then(|| found.join("\n"))
        }
    }
    crate::sql::corpus_nodes::judge_every_query_node(&Both)
}

/// One query per shape the parser reads, in a flavour that reads it, so that every branch of
/// the printer, the copy and the walk is held to sqlparser even where the corpus has no
/// example.
const SHAPES: &[(Flavor, &str)] = &[
    (Flavor::Postgres, "WITH RECURSIVE r (n) AS MATERIALIZED (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r"),
    (Flavor::Postgres, "WITH c AS NOT MATERIALIZED (SELECT 1) TABLE c"),
    (Flavor::Postgres, "TABLE s.t"),
    (Flavor::Generic, "WITH c (SELECT 1) FROM d SELECT * FROM c"),
    (Flavor::Generic, "SELECT 1 UNION DISTINCT BY NAME SELECT 2 EXCEPT ALL BY NAME SELECT 3 INTERSECT BY NAME SELECT 4 MINUS SELECT 5"),
    (Flavor::Generic, "SELECT 1 UNION DISTINCT SELECT 2 EXCEPT SELECT 3"),
    (Flavor::MySql, "VALUES ROW(1, 2), ROW(3, 4)"),
    (Flavor::MySql, "VALUE (1), ()"),
    (Flavor::Generic, "(SELECT 1) UNION (VALUES (2))"),
    (Flavor::Generic, "SELECT * FROM t ORDER BY a ASC NULLS FIRST, b DESC NULLS LAST, c WITH FILL FROM 1 TO 9 STEP 2, d WITH FILL"),
    (Flavor::Postgres, "SELECT * FROM t ORDER BY a USING <, b USING OPERATOR(s.<) NULLS LAST"),
    (Flavor::Postgres, "SELECT * FROM t LIMIT ALL OFFSET 3 ROWS"),
    (Flavor::Postgres, "SELECT * FROM t OFFSET 1 ROW LIMIT 2"),
    (Flavor::MySql, "SELECT * FROM t LIMIT 1, 2"),
    (Flavor::MsSql, "SELECT * FROM t ORDER BY a OFFSET 1 ROWS FETCH FIRST 10 PERCENT ROWS WITH TIES"),
    (Flavor::Postgres, "SELECT * FROM t FETCH NEXT ROW ONLY"),
    (Flavor::Postgres, "SELECT * FROM t FOR UPDATE OF t NOWAIT FOR SHARE SKIP LOCKED LIMIT 1"),
    (Flavor::MySql, "SELECT /*+ BKA(t) */ DISTINCTROW HIGH_PRIORITY STRAIGHT_JOIN SQL_SMALL_RESULT SQL_BIG_RESULT SQL_BUFFER_RESULT SQL_NO_CACHE SQL_CALC_FOUND_ROWS a FROM t"),
    (Flavor::Postgres, "SELECT --+ hint\n ALL a FROM t"),
    (Flavor::Postgres, "SELECT DISTINCT ON (a, b) a, b FROM t"),
    (Flavor::Postgres, "SELECT DISTINCT ON () a FROM t"),
    (Flavor::MsSql, "SELECT DISTINCT TOP (5) PERCENT WITH TIES a FROM t"),
    (Flavor::MsSql, "SELECT TOP 5 x = a, [b] AS c FROM t"),
    (Flavor::Generic, "SELECT a AS (b, c), t.* FROM t"),
    (Flavor::Postgres, "SELECT * AS x, t.* AS y, s.t.* FROM t"),
    (Flavor::Postgres, "SELECT a INTO TEMPORARY UNLOGGED TABLE n FROM t"),
    (Flavor::MySql, "SELECT a INTO @x, @y FROM t"),
    (Flavor::Postgres, "SELECT FROM t WHERE a GROUP BY a, () HAVING count(*) > 1 WINDOW w AS (PARTITION BY a), v AS (w ORDER BY b)"),
    (Flavor::Generic, "SELECT a FROM t GROUP BY ALL WINDOW w AS v"),
    (Flavor::MySql, "SELECT * FROM t PARTITION (p0, p1) AS x USE INDEX (i1, i2) IGNORE KEY FOR JOIN (i3) FORCE INDEX FOR ORDER BY () USE KEY FOR GROUP BY (i4)"),
    (Flavor::MsSql, "SELECT * FROM t AS x WITH (NOLOCK, INDEX(i)), u (NOLOCK)"),
    (Flavor::Postgres, "SELECT * FROM generate_series(1, 3) WITH ORDINALITY AS g (n, o), f() AS h (a int, b text)"),
    (Flavor::Postgres, "SELECT * FROM LATERAL f(1, t.a) WITH ORDINALITY x, LATERAL (SELECT 1) AS y (z)"),
    (Flavor::Postgres, "SELECT * FROM UNNEST(a, b) WITH ORDINALITY AS u (x, y) WITH OFFSET o"),
    (Flavor::Generic, "SELECT * FROM UNNEST(a) WITH OFFSET, TABLE(f(1)) AS q, (VALUES (1), (2)) AS v (n)"),
    (Flavor::Generic, "SELECT * FROM (t) x, ((SELECT 1)) y, (a JOIN b ON a.i = b.i) AS j"),
    (Flavor::Postgres, "SELECT * FROM a JOIN b JOIN c ON b.i = c.i ON a.i = b.i"),
    (Flavor::Generic, "SELECT * FROM a NATURAL JOIN b NATURAL INNER JOIN c NATURAL LEFT JOIN d NATURAL RIGHT OUTER JOIN e NATURAL FULL JOIN f"),
    (Flavor::Generic, "SELECT * FROM a INNER JOIN b USING (i, j) LEFT OUTER JOIN c ON true RIGHT JOIN d ON true FULL OUTER JOIN e ON true"),
    (Flavor::Generic, "SELECT * FROM a SEMI JOIN b ON true ANTI JOIN c ON true LEFT SEMI JOIN d ON true RIGHT SEMI JOIN e ON true LEFT ANTI JOIN f ON true RIGHT ANTI JOIN g ON true"),
    (Flavor::Generic, "SELECT * FROM a GLOBAL JOIN b ON true CROSS JOIN c ASOF JOIN d MATCH_CONDITION (a.t >= d.t) ON a.i = d.i"),
    (Flavor::Generic, "SELECT * FROM a ARRAY JOIN x LEFT ARRAY JOIN y INNER ARRAY JOIN z"),
    (Flavor::MySql, "SELECT * FROM a STRAIGHT_JOIN b ON true CROSS JOIN c USING (i) NATURAL STRAIGHT_JOIN d"),
    (Flavor::MsSql, "SELECT * FROM a CROSS APPLY f(a.i) OUTER APPLY (SELECT 1) AS s"),
    (Flavor::Generic, "SELECT (SELECT 1), EXISTS (WITH c AS (SELECT 1) SELECT * FROM c) FROM t WHERE a IN (SELECT b FROM u)"),
    (Flavor::Postgres, "WITH RECURSIVE r (n) AS MATERIALIZED (SELECT 1 UNION ALL SELECT n + 1 FROM r), s AS NOT MATERIALIZED (SELECT 2) SELECT * FROM r, s"),
    (Flavor::Postgres, "WITH i AS (INSERT INTO t VALUES (1) RETURNING a), u AS (UPDATE t SET a = 2 RETURNING a), d AS (DELETE FROM t RETURNING a) SELECT * FROM i, u, d"),
    (Flavor::Postgres, "TABLE t"),
    (Flavor::Generic, "SELECT 1 UNION DISTINCT BY NAME SELECT 2 EXCEPT ALL SELECT 3 INTERSECT SELECT 4 MINUS SELECT 5"),
    (Flavor::Postgres, "SELECT * FROM t FOR UPDATE OF t NOWAIT FOR SHARE SKIP LOCKED"),
    (Flavor::MySql, "SELECT /*+ BKA(t) */ DISTINCTROW HIGH_PRIORITY SQL_NO_CACHE a FROM t"),
    (Flavor::MySql, "SELECT * FROM t PARTITION (p0, p1) AS x USE INDEX (i1) IGNORE KEY FOR JOIN (i3) FORCE INDEX FOR ORDER BY ()"),
    (Flavor::MySql, "SELECT * FROM a STRAIGHT_JOIN b ON true CROSS JOIN c USING (i)"),
];

#[test]
fn every_shape_the_parser_reads_prints_copies_and_walks() -> Result<(), String> {
    judge_each(SHAPES, query)
}

/// T-SQL's TOP turns into LIMIT (and its order into `ORDER BY rowid`), in a CTE and a
/// subquery too; FETCH turns into LIMIT.
#[test]
fn top_and_fetch_become_limit() -> Result<(), String> {
    let mut q = query(Flavor::MsSql, "SELECT TOP (2) id FROM jobs WHERE done = 0")?;
    select_of(&mut q)?.top = None;
    q.limit_clause = limit("2");
    q.order_by = query(Flavor::Generic, "SELECT 1 FROM t ORDER BY jobs.rowid")?.order_by;
    judged(&q)?;

    let mut outer = query(
        Flavor::MsSql,
        "WITH c AS (SELECT TOP 1 id FROM jobs) SELECT * FROM c WHERE id IN (SELECT TOP 3 id FROM c)",
    )?;
    if let Some(with) = outer.with.as_mut() {
        for cte in &mut with.cte_tables {
            select_of(&mut cte.query)?.top = None;
            cte.query.limit_clause = limit("1");
        }
    }
    judged(&outer)?;

    let mut fetch = query(
        Flavor::MsSql,
        "SELECT id FROM jobs ORDER BY id OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY",
    )?;
    fetch.fetch = None;
    fetch.limit_clause = limit("5");
    judged(&fetch)
}

/// A cursor's FETCH takes TOP 1 and the row id under an alias.
#[test]
fn a_cursor_fetch_takes_top_one_and_an_alias() -> Result<(), String> {
    let mut q = query(Flavor::MsSql, "SELECT id, name FROM jobs ORDER BY id")?;
    let select = select_of(&mut q)?;
    select.top = Some(Top {
        with_ties: false,
        percent: false,
        quantity: Some(TopQuantity::Constant(1)),
    });
    select.projection.push(SelectItem::ExprWithAlias {
        expr: Expr::CompoundIdentifier(vec![Ident::new("jobs"), Ident::new("rowid")]),
        alias: Ident::with_quote('"', "ql rowid"),
    });
    judged(&q)
}

/// Table hints and FOR UPDATE become lock clauses, some naming the engine's marker table.
#[test]
fn table_hints_become_lock_clauses() -> Result<(), String> {
    let mut q = query(Flavor::MsSql, "SELECT * FROM jobs WITH (UPDLOCK, READPAST)")?;
    q.locks.push(LockClause {
        lock_type: LockType::Update,
        of: None,
        nonblock: Some(NonBlock::SkipLocked),
    });
    q.locks.push(LockClause {
        lock_type: LockType::Share,
        of: Some(name(&["ql_instant"])),
        nonblock: Some(NonBlock::Nowait),
    });
    judged(&q)
}

/// The base table a T-SQL CTE's UPDATE is rewritten to; SQLite's targets take AS before
/// their alias and `t.*` becomes `*`; a VALUES query filled with a MySQL `SET` list.
#[test]
fn built_tables_aliases_and_wildcards() -> Result<(), String> {
    let table = TableWithJoins {
        relation: TableFactor::Table {
            name: name(&["dbo", "jobs"]),
            alias: None,
            args: None,
            with_hints: vec![],
            version: None,
            with_ordinality: false,
            partitions: vec![],
            json_path: None,
            sample: None,
            index_directives: vec![],
            inheritance: None,
        },
        joins: vec![],
    };
    judged(&table)?;

    let mut q = query(
        Flavor::MySql,
        "SELECT j.* FROM jobs j JOIN runs r ON r.job = j.id",
    )?;
    if let TableFactor::Table {
        alias: Some(alias), ..
    } = first_table(&mut q)?
    {
        alias.explicit = true;
    }
    select_of(&mut q)?.projection =
        vec![SelectItem::Wildcard(WildcardAdditionalOptions::default())];
    judged(&q)?;

    let mut values = query(Flavor::MySql, "VALUES (1)")?;
    if let SetExpr::Values(v) = values.body.as_mut() {
        if let Some(row) = v.rows.first_mut() {
            row.content = vec![number("7"), Expr::value(Value::Null)];
        }
    }
    judged(&values)
}

/// `OF a, b` names two tables: a clause of each, with the one mode and wait policy.
#[test]
fn a_lock_clause_of_two_tables_is_two_clauses() -> Result<(), String> {
    let q = query(
        Flavor::Postgres,
        "SELECT * FROM a, b FOR SHARE OF a, b SKIP LOCKED FOR UPDATE OF c",
    )?;
    let clause = |of: &str, lock_type, nonblock| LockClause {
        lock_type,
        of: Some(name(&[of])),
        nonblock,
    };
    let expected = vec![
        clause("a", LockType::Share, Some(NonBlock::SkipLocked)),
        clause("b", LockType::Share, Some(NonBlock::SkipLocked)),
        clause("c", LockType::Update, None),
    ];
    if q.locks == expected {
        Ok(())
    } else {
        Err(format!("{:?}", q.locks))
    }
}
