//! Query shapes the engine composes that the parser never reads as such (the corpus and the
//! parser's tests hold the rest), each held to sqlparser's `Display`; and the nodes no one
//! builds, which must print the marker rather than some other text.

use crate::print::{display_difference, ToSql, UNPRINTABLE};
use crate::{Flavor, Parser};
use sqlparser::ast::{
    Expr, Ident, LimitClause, LockClause, LockType, NonBlock, ObjectName, OrderByKind,
    OrderByOptions, Query, SelectItem, SetExpr, TableAlias, TableFactor, TableWithJoins, Top,
    TopQuantity, Value, WildcardAdditionalOptions,
};

fn query(flavor: Flavor, sql: &str) -> Result<Query, String> {
    let tokens = crate::lexer::tokenize(flavor, sql).map_err(|e| e.to_string())?;
    let query = Parser::new(flavor, tokens)
        .parse_query()
        .map_err(|e| e.to_string())?;
    Ok(*query)
}

fn same(query: &Query) -> Result<(), String> {
    match display_difference(query) {
        Some(difference) => Err(difference),
        None => Ok(()),
    }
}

fn number(n: &str) -> Expr {
    Expr::value(Value::Number(n.to_string(), false))
}

fn limit(n: &str) -> Option<LimitClause> {
    Some(LimitClause::LimitOffset {
        limit: Some(number(n)),
        offset: None,
        limit_by: vec![],
    })
}

fn select_of(query: &mut Query) -> Result<&mut sqlparser::ast::Select, String> {
    match query.body.as_mut() {
        SetExpr::Select(select) => Ok(select),
        _ => Err("not a select".to_string()),
    }
}

#[test]
fn top_becomes_limit_and_order_by_rowid() -> Result<(), String> {
    let mut q = query(Flavor::MsSql, "SELECT TOP (2) id FROM jobs WHERE done = 0")?;
    select_of(&mut q)?.top = None;
    q.limit_clause = limit("2");
    q.order_by = query(Flavor::Generic, "SELECT 1 FROM t ORDER BY jobs.rowid")?.order_by;
    same(&q)?;
    // A CTE's and a subquery's TOP turn into LIMIT the same way.
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
    same(&outer)
}

#[test]
fn fetch_becomes_limit() -> Result<(), String> {
    let mut q = query(
        Flavor::MsSql,
        "SELECT id FROM jobs ORDER BY id OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY",
    )?;
    q.fetch = None;
    q.limit_clause = limit("5");
    same(&q)
}

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
    same(&q)
}

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
        of: Some(ObjectName::from(vec![Ident::new("ql_instant")])),
        nonblock: Some(NonBlock::Nowait),
    });
    same(&q)
}

#[test]
fn built_tables_aliases_and_wildcards() -> Result<(), String> {
    // The base table a T-SQL CTE's UPDATE is rewritten to.
    let table = TableWithJoins {
        relation: TableFactor::Table {
            name: ObjectName::from(vec![Ident::new("dbo"), Ident::new("jobs")]),
            alias: None,
            args: None,
            with_hints: vec![],
            version: None,
            with_ordinality: false,
            partitions: vec![],
            json_path: None,
            sample: None,
            index_hints: vec![],
        },
        joins: vec![],
    };
    assert_eq!(display_difference(&table), None);
    // SQLite's targets take AS before their alias; `t.*` becomes `*`.
    let mut q = query(
        Flavor::MySql,
        "SELECT j.* FROM jobs j JOIN runs r ON r.job = j.id",
    )?;
    let select = select_of(&mut q)?;
    if let Some(TableFactor::Table {
        alias: Some(alias), ..
    }) = select.from.first_mut().map(|t| &mut t.relation)
    {
        alias.explicit = true;
    }
    select.projection = vec![SelectItem::Wildcard(WildcardAdditionalOptions::default())];
    same(&q)
}

#[test]
fn what_no_one_builds_prints_the_marker() -> Result<(), String> {
    let mut q = query(Flavor::Generic, "SELECT a FROM t ORDER BY a LIMIT 1")?;
    if let Some(order_by) = q.order_by.as_mut() {
        order_by.kind = OrderByKind::All(OrderByOptions::default());
    }
    select_of(&mut q)?.qualify = Some(number("1"));
    let text = q.to_sql_unchecked();
    assert_eq!(text.matches(UNPRINTABLE).count(), 2, "{text}");

    let alias = TableAlias {
        explicit: false,
        name: Ident::new("e"),
        columns: vec![],
        at: Some(Ident::new("i")),
    };
    let mut out = String::new();
    alias.write_sql(&mut out);
    assert!(out.contains(UNPRINTABLE), "{out}");
    Ok(())
}

/// The printer's text without the `check` comparison, which would fail on the marker.
trait Unchecked {
    fn to_sql_unchecked(&self) -> String;
}

impl<T: ToSql> Unchecked for T {
    fn to_sql_unchecked(&self) -> String {
        let mut out = String::new();
        self.write_sql(&mut out);
        out
    }
}

/// Every query node the parser builds anywhere in the corpus, each printed on its own.
#[test]
fn every_query_node_of_the_corpus_prints_as_displayed() -> Result<(), String> {
    struct Printing;
    impl crate::corpus_nodes::Judge for Printing {
        fn judge<T: ToSql + crate::Duplicate>(&self, node: &T) -> Option<String> {
            display_difference(node)
        }
    }
    crate::corpus_nodes::judge_every_query_node(&Printing)
}

/// One query per shape the parser reads, in a flavour that reads it, so that every branch
/// of the printer is held to `Display` even where the corpus has no example.
#[test]
fn every_shape_the_parser_reads_prints_as_displayed() -> Result<(), String> {
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
    ];
    let mut differences = vec![];
    for (flavor, sql) in SHAPES {
        let q = query(*flavor, sql).map_err(|e| format!("{flavor:?}: {sql}: {e}"))?;
        differences.extend(display_difference(&q).map(|d| format!("{flavor:?}: {sql}\n  {d}")));
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    Ok(())
}
