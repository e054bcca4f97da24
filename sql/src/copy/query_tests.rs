//! The copy of queries held to sqlparser's `Clone` (by `Debug` text, spans included): every
//! query node of the corpus on its own, one query per shape the parser reads, the shapes the
//! engine composes that the parser never reads as such; and the placeholders of what no one
//! builds, which must print the marker.

use crate::copy::{copy_difference, Duplicate};
use crate::print::{ToSql, UNPRINTABLE};
use crate::{Flavor, Parser};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    Expr, ForClause, FormatClause, GroupByExpr, GroupByWithModifier, Ident, IlikeSelectItem,
    Interpolate, JsonPath, LimitClause, LockClause, LockType, Merge, NonBlock, ObjectName,
    OrderByKind, OrderByOptions, Query, Select, SelectItem, SelectItemQualifiedWildcardKind,
    SetExpr, Setting, Statement, TableFactor, TableFunctionArgs, TableSample, TableSampleKind,
    TableSampleModifier, TableVersion, TableWithJoins, Top, TopQuantity, Value,
    WildcardAdditionalOptions,
};

fn query(flavor: Flavor, sql: &str) -> Result<Query, String> {
    let tokens = crate::lexer::tokenize(flavor, sql).map_err(|e| e.to_string())?;
    let query = Parser::new(flavor, tokens)
        .parse_query()
        .map_err(|e| format!("{sql}: {e}"))?;
    Ok(*query)
}

fn same<T: Duplicate>(node: &T) -> Result<(), String> {
    match copy_difference(node) {
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

fn select_of(query: &mut Query) -> Result<&mut Select, String> {
    match query.body.as_mut() {
        SetExpr::Select(select) => Ok(select),
        _ => Err("not a select".to_string()),
    }
}

fn first_table(query: &mut Query) -> Result<&mut TableFactor, String> {
    select_of(query)?
        .from
        .first_mut()
        .map(|t| &mut t.relation)
        .ok_or_else(|| "no FROM".to_string())
}

/// Every query node the parser builds anywhere in the corpus, each copied on its own.
#[test]
fn every_query_node_of_the_corpus_copies_field_for_field() -> Result<(), String> {
    struct Copying;
    impl crate::corpus_nodes::Judge for Copying {
        fn judge<T: ToSql + Duplicate>(&self, node: &T) -> Option<String> {
            copy_difference(node)
        }
    }
    crate::corpus_nodes::judge_every_query_node(&Copying)
}

/// One query per shape the parser reads, in a flavour that reads it, so that every branch of
/// the copy is held to `Clone` even where the corpus has no example.
#[test]
fn every_shape_the_parser_reads_copies_field_for_field() -> Result<(), String> {
    const SHAPES: &[(Flavor, &str)] = &[
        (Flavor::Postgres, "WITH RECURSIVE r (n) AS MATERIALIZED (SELECT 1 UNION ALL SELECT n + 1 FROM r), s AS NOT MATERIALIZED (SELECT 2) SELECT * FROM r, s"),
        (Flavor::Generic, "WITH c (SELECT 1) FROM d SELECT * FROM c"),
        (Flavor::Postgres, "WITH i AS (INSERT INTO t VALUES (1) RETURNING a), u AS (UPDATE t SET a = 2 RETURNING a), d AS (DELETE FROM t RETURNING a) SELECT * FROM i, u, d"),
        (Flavor::Postgres, "TABLE s.t"),
        (Flavor::Postgres, "TABLE t"),
        (Flavor::Generic, "SELECT 1 UNION DISTINCT BY NAME SELECT 2 EXCEPT ALL SELECT 3 INTERSECT SELECT 4 MINUS SELECT 5"),
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
        (Flavor::Postgres, "SELECT * FROM t FOR UPDATE OF t NOWAIT FOR SHARE SKIP LOCKED"),
        (Flavor::MySql, "SELECT /*+ BKA(t) */ DISTINCTROW HIGH_PRIORITY SQL_NO_CACHE a FROM t"),
        (Flavor::Postgres, "SELECT --+ hint\n ALL a FROM t"),
        (Flavor::Postgres, "SELECT DISTINCT ON (a, b) a, b FROM t"),
        (Flavor::MsSql, "SELECT DISTINCT TOP (5) PERCENT WITH TIES a FROM t"),
        (Flavor::MsSql, "SELECT TOP 5 x = a, [b] AS c FROM t"),
        (Flavor::Generic, "SELECT a AS (b, c), t.* FROM t"),
        (Flavor::Postgres, "SELECT * AS x, t.* AS y, s.t.* FROM t"),
        (Flavor::Postgres, "SELECT a INTO TEMPORARY UNLOGGED TABLE n FROM t"),
        (Flavor::MySql, "SELECT a INTO @x, @y FROM t"),
        (Flavor::Postgres, "SELECT FROM t WHERE a GROUP BY a, () HAVING count(*) > 1 WINDOW w AS (PARTITION BY a), v AS (w ORDER BY b)"),
        (Flavor::Generic, "SELECT a FROM t GROUP BY ALL WINDOW w AS v"),
        (Flavor::MySql, "SELECT * FROM t PARTITION (p0, p1) AS x USE INDEX (i1) IGNORE KEY FOR JOIN (i3) FORCE INDEX FOR ORDER BY ()"),
        (Flavor::MsSql, "SELECT * FROM t AS x WITH (NOLOCK, INDEX(i)), u (NOLOCK)"),
        (Flavor::Postgres, "SELECT * FROM generate_series(1, 3) WITH ORDINALITY AS g (n, o), f() AS h (a int, b text)"),
        (Flavor::Postgres, "SELECT * FROM LATERAL f(1, t.a) WITH ORDINALITY x, LATERAL (SELECT 1) AS y (z)"),
        (Flavor::Postgres, "SELECT * FROM UNNEST(a, b) WITH ORDINALITY AS u (x, y) WITH OFFSET o"),
        (Flavor::Generic, "SELECT * FROM UNNEST(a) WITH OFFSET, TABLE(f(1)) AS q, (VALUES (1), (2)) AS v (n)"),
        (Flavor::Generic, "SELECT * FROM (t) x, ((SELECT 1)) y, (a JOIN b ON a.i = b.i) AS j"),
        (Flavor::Generic, "SELECT * FROM a NATURAL JOIN b NATURAL INNER JOIN c NATURAL LEFT JOIN d NATURAL RIGHT OUTER JOIN e NATURAL FULL JOIN f"),
        (Flavor::Generic, "SELECT * FROM a INNER JOIN b USING (i, j) LEFT OUTER JOIN c ON true RIGHT JOIN d ON true FULL OUTER JOIN e ON true"),
        (Flavor::Generic, "SELECT * FROM a SEMI JOIN b ON true ANTI JOIN c ON true LEFT SEMI JOIN d ON true RIGHT SEMI JOIN e ON true LEFT ANTI JOIN f ON true RIGHT ANTI JOIN g ON true"),
        (Flavor::Generic, "SELECT * FROM a GLOBAL JOIN b ON true CROSS JOIN c ASOF JOIN d MATCH_CONDITION (a.t >= d.t) ON a.i = d.i"),
        (Flavor::Generic, "SELECT * FROM a ARRAY JOIN x LEFT ARRAY JOIN y INNER ARRAY JOIN z"),
        (Flavor::MySql, "SELECT * FROM a STRAIGHT_JOIN b ON true CROSS JOIN c USING (i)"),
        (Flavor::MsSql, "SELECT * FROM a CROSS APPLY f(a.i) OUTER APPLY (SELECT 1) AS s"),
        (Flavor::Generic, "SELECT (SELECT 1), EXISTS (WITH c AS (SELECT 1) SELECT * FROM c) FROM t WHERE a IN (SELECT b FROM u)"),
    ];
    let mut differences = vec![];
    for (flavor, sql) in SHAPES {
        let q = query(*flavor, sql).map_err(|e| format!("{flavor:?}: {e}"))?;
        differences.extend(copy_difference(&q).map(|d| format!("{flavor:?}: {sql}\n  {d}")));
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    Ok(())
}

/// T-SQL's TOP and FETCH turn into LIMIT (and TOP's order into `ORDER BY rowid`), in a CTE
/// too; a cursor's FETCH takes TOP 1 and the row id under an alias.
#[test]
fn limits_the_engine_composes_copy() -> Result<(), String> {
    let mut q = query(Flavor::MsSql, "SELECT TOP (2) id FROM jobs WHERE done = 0")?;
    select_of(&mut q)?.top = None;
    q.limit_clause = limit("2");
    q.order_by = query(Flavor::Generic, "SELECT 1 FROM t ORDER BY jobs.rowid")?.order_by;
    same(&q)?;

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
    same(&outer)?;

    let mut fetch = query(
        Flavor::MsSql,
        "SELECT id FROM jobs ORDER BY id OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY",
    )?;
    fetch.fetch = None;
    fetch.limit_clause = limit("5");
    same(&fetch)?;

    let mut cursor = query(Flavor::MsSql, "SELECT id, name FROM jobs ORDER BY id")?;
    let select = select_of(&mut cursor)?;
    select.top = Some(Top {
        with_ties: false,
        percent: false,
        quantity: Some(TopQuantity::Constant(1)),
    });
    select.projection.push(SelectItem::ExprWithAlias {
        expr: Expr::CompoundIdentifier(vec![Ident::new("jobs"), Ident::new("rowid")]),
        alias: Ident::with_quote('"', "ql rowid"),
    });
    same(&cursor)
}

/// Table hints and FOR UPDATE become lock clauses, some naming the engine's marker table.
#[test]
fn lock_clauses_the_engine_adds_copy() -> Result<(), String> {
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

/// The base table a T-SQL CTE's UPDATE is rewritten to, an alias given AS, `t.*` made `*`,
/// and a VALUES query filled with a MySQL `SET` list.
#[test]
fn tables_and_wildcards_the_engine_builds_copy() -> Result<(), String> {
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
    same(&table)?;

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
    same(&q)?;

    let mut values = query(Flavor::MySql, "VALUES (1)")?;
    if let SetExpr::Values(v) = values.body.as_mut() {
        if let Some(row) = v.rows.first_mut() {
            row.content = vec![number("7"), Expr::value(Value::Null)];
        }
    }
    same(&values)
}

/// The printer's text without its `check` comparison with `Display`, which the marker fails.
fn printed<T: ToSql>(node: &T) -> String {
    let mut out = String::new();
    node.write_sql(&mut out);
    out
}

/// Fails unless `node` copies to something that prints the marker.
fn copies_to_marker<T: Duplicate + ToSql>(what: &str, node: &T) -> Result<(), String> {
    let text = printed(&node.copy_of());
    if text.contains(UNPRINTABLE) {
        Ok(())
    } else {
        Err(format!("{what} copied to {text}"))
    }
}

#[test]
fn queries_no_one_builds_copy_to_the_marker() -> Result<(), String> {
    let base = query(Flavor::Generic, "SELECT a FROM t ORDER BY a LIMIT 1")?;
    let mut q = base.copy_of();
    q.settings = Some(vec![Setting {
        key: Ident::new("k"),
        value: number("1"),
    }]);
    copies_to_marker("SETTINGS", &q)?;
    let mut q = base.copy_of();
    q.for_clause = Some(ForClause::Browse);
    copies_to_marker("FOR BROWSE", &q)?;
    let mut q = base.copy_of();
    q.format_clause = Some(FormatClause::Null);
    copies_to_marker("FORMAT", &q)?;

    let mut q = base.copy_of();
    if let Some(order_by) = q.order_by.as_mut() {
        order_by.kind = OrderByKind::All(OrderByOptions::default());
    }
    copies_to_marker("ORDER BY ALL", &q)?;
    let mut q = base.copy_of();
    if let Some(order_by) = q.order_by.as_mut() {
        order_by.interpolate = Some(Interpolate { exprs: None });
    }
    copies_to_marker("INTERPOLATE", &q)?;
    let mut q = base.copy_of();
    q.limit_clause = Some(LimitClause::LimitOffset {
        limit: Some(number("1")),
        offset: None,
        limit_by: vec![number("2")],
    });
    copies_to_marker("LIMIT BY", &q)?;

    let merge = Statement::Merge(Merge {
        merge_token: AttachedToken::empty(),
        optimizer_hints: vec![],
        into: true,
        table: crate::copy::query_from::marker_table(),
        source: crate::copy::query_from::marker_table(),
        on: Box::new(number("1")),
        clauses: vec![],
        output: None,
    });
    copies_to_marker("MERGE", &SetExpr::Merge(merge))
}

#[test]
fn selects_no_one_builds_copy_to_the_marker() -> Result<(), String> {
    let mut base = query(Flavor::Generic, "SELECT a, t.*, * FROM t GROUP BY a")?;
    let select = select_of(&mut base)?;
    let mut s = select.copy_of();
    s.qualify = Some(number("1"));
    copies_to_marker("QUALIFY", &s)?;
    let mut s = select.copy_of();
    s.prewhere = Some(number("1"));
    copies_to_marker("PREWHERE", &s)?;
    let mut s = select.copy_of();
    s.cluster_by = vec![number("1")];
    copies_to_marker("CLUSTER BY", &s)?;

    let mut s = select.copy_of();
    s.group_by = GroupByExpr::Expressions(vec![number("1")], vec![GroupByWithModifier::Rollup]);
    copies_to_marker("WITH ROLLUP", &s)?;
    s.group_by = GroupByExpr::All(vec![GroupByWithModifier::Totals]);
    copies_to_marker("GROUP BY ALL WITH TOTALS", &s)?;

    let mut s = select.copy_of();
    if let Some(SelectItem::QualifiedWildcard(kind, _)) = s.projection.get_mut(1) {
        *kind = SelectItemQualifiedWildcardKind::Expr(number("1"));
    }
    copies_to_marker("expr.*", &s)?;
    let mut s = select.copy_of();
    if let Some(SelectItem::Wildcard(options)) = s.projection.get_mut(2) {
        options.opt_ilike = Some(IlikeSelectItem {
            pattern: "a%".to_string(),
        });
    }
    copies_to_marker("* ILIKE", &s)
}

#[test]
fn tables_no_one_builds_copy_to_the_marker() -> Result<(), String> {
    let mut base = query(Flavor::Generic, "SELECT * FROM t AS x")?;
    let table = first_table(&mut base)?.copy_of();
    let mut t = table.copy_of();
    if let TableFactor::Table { version, .. } = &mut t {
        *version = Some(TableVersion::ForSystemTimeAsOf(number("1")));
    }
    copies_to_marker("time travel", &t)?;
    let mut t = table.copy_of();
    if let TableFactor::Table { json_path, .. } = &mut t {
        *json_path = Some(JsonPath { path: vec![] });
    }
    copies_to_marker("a PartiQL path", &t)?;
    let mut t = table.copy_of();
    if let TableFactor::Table { args, .. } = &mut t {
        *args = Some(TableFunctionArgs {
            args: vec![],
            settings: Some(vec![]),
        });
    }
    copies_to_marker("a table function's SETTINGS", &t)?;
    let mut derived = query(Flavor::Generic, "SELECT * FROM (SELECT 1) AS d")?;
    if let TableFactor::Derived { sample, .. } = first_table(&mut derived)? {
        *sample = Some(TableSampleKind::AfterTableAlias(Box::new(TableSample {
            modifier: TableSampleModifier::TableSample,
            name: None,
            quantity: None,
            seed: None,
            bucket: None,
            offset: None,
        })));
    }
    copies_to_marker("a derived table's TABLESAMPLE", &derived)?;
    let unpivot = TableFactor::UnpivotExpr {
        expression: number("1"),
        value_alias: Ident::new("v"),
        attribute_alias: None,
    };
    copies_to_marker("UNPIVOT", &unpivot)
}

/// Each nesting path that runs through the copy of queries alone, as the text of `n` levels.
fn nestings(n: usize) -> Vec<String> {
    vec![
        format!("{}SELECT 1{}", "(".repeat(n), ")".repeat(n)),
        format!(
            "{}SELECT 1{}",
            "SELECT * FROM (".repeat(n),
            ") AS d".repeat(n)
        ),
        format!(
            "{}SELECT 1{}",
            "WITH c AS (".repeat(n),
            ") SELECT 1".repeat(n)
        ),
        format!("{}SELECT 1{}", "SELECT 1 UNION (".repeat(n), ")".repeat(n)),
        format!(
            "SELECT * FROM t{} JOIN t ON 1 = 1{}",
            " JOIN (t".repeat(n),
            ") ON 1 = 1".repeat(n)
        ),
    ]
}

/// The copy recurses as the query nests: the deepest queries the parser accepts must copy
/// within WebAssembly's stack (1 MiB), here in a debug build, whose frames are larger.
#[test]
fn the_deepest_accepted_queries_copy_in_webassemblys_stack() -> Result<(), String> {
    let deepest = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            (0..nestings(1).len())
                .map(|i| {
                    (1..=60)
                        .rev()
                        .find_map(|n| query(Flavor::Postgres, &nestings(n)[i]).ok())
                })
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the parsing thread failed".to_string())?;
    let trees: Vec<Query> = deepest.into_iter().flatten().collect();
    assert_eq!(trees.len(), nestings(1).len());
    // A stack overflow aborts the whole test run, which fails it too.
    let copied = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || trees.iter().map(|t| t.copy_of().locks.len()).sum::<usize>())
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "the copying thread failed".to_string())?;
    assert_eq!(copied, 0);
    Ok(())
}
