//! Queries beyond the corpus, held to sqlparser's own parse in each flavour: the same tree
//! and next token, or the same error.

use crate::sql::reference::{dialect, FLAVORS};
use crate::sql::{Flavor, Parser};
use sqlparser::tokenizer::{Token, Tokenizer};

/// Both parses of `sql` as a query in `flavor`, as comparable strings (`None` when they
/// agree).
fn difference(flavor: Flavor, sql: &str) -> Option<String> {
    let d = dialect(flavor);
    let tokens = Tokenizer::new(d.as_ref(), sql)
        .tokenize_with_location()
        .ok()?;
    let mut theirs =
        sqlparser::parser::Parser::new(d.as_ref()).with_tokens_with_locations(tokens.clone());
    let a = theirs
        .parse_query()
        .map(|q| (q, theirs.peek_token().token))
        .map_err(|e| e.to_string());
    let mut ours = Parser::new(flavor, tokens);
    let b = ours
        .parse_query()
        .map(|q| (q, ours.peek_token().token))
        .map_err(|e| e.to_string());
    // Ours may refuse by name what sqlparser reads (or rejects later in the text).
    if matches!(&b, Err(e) if e.contains("is not supported by Queue Lab's parser")) {
        return None;
    }
    if a != b {
        return Some(format!(
            "{flavor:?}: {sql}\n  sqlparser: {a:?}\n  ours:      {b:?}"
        ));
    }
    let (q, _) = b.ok()?;
    crate::sql::print::display_difference(q.as_ref())
        .or_else(|| crate::sql::copy::copy_difference(q.as_ref()))
        .map(|d| format!("{flavor:?}: {sql}\n  {d}"))
}

fn assert_same(queries: &[&str]) {
    let differences: Vec<String> = FLAVORS
        .iter()
        .flat_map(|&f| queries.iter().filter_map(move |q| difference(f, q)))
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

const SELECTS: &[&str] = &[
    "SELECT * REPLACE a FROM t",
    "SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 1 OFFSET 2",
    "SELECT TOP 10 PERCENT * FROM t WITH (NOLOCK) ORDER BY 1",
    "SELECT * FROM t (NOLOCK)",
    "SELECT * FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)",
    "SELECT * FROM t1 LEFT JOIN LATERAL (SELECT 1) x ON true",
    "SELECT count(*) FILTER (WHERE x) FROM t",
    "SELECT row_number() OVER (PARTITION BY a ORDER BY b) AS n FROM t",
    "SELECT a::int, b FROM t WHERE c IN (SELECT c FROM u) AND EXISTS (SELECT 1)",
    "SELECT \"a\" FROM \"t\" WHERE 'x' = 'y'",
    "SELECT `a` FROM `t` WHERE id = ? LIMIT ?",
    "SELECT [a] FROM [dbo].[t] WHERE id = @id",
    "SELECT @x = a, @y = b FROM t",
    "SELECT @@ROWCOUNT",
    "SELECT a FROM t WHERE id = $1 FOR UPDATE",
    "SELECT CASE WHEN a THEN 1 ELSE 2 END AS c FROM t",
    "SELECT a FROM t t1 INNER JOIN u t2 ON t1.id = t2.id WHERE t2.x IS NULL",
    "SELECT 1 AS a, 2 b, 3 'c', 4 AS \"d\"",
    "SELECT a FROM t ORDER BY a ASC NULLS FIRST, b DESC",
    "SELECT DISTINCT a, b FROM t WHERE x BETWEEN 1 AND 2",
    "SELECT 1",
    "SELECT a, b AS c, d e, 'x' \"y\" FROM t",
    "SELECT * FROM t WHERE a = 1 GROUP BY a, b HAVING count(*) > 1",
    "SELECT t.*, s.* FROM t, s",
    "SELECT DISTINCT a FROM t",
    "SELECT ALL a FROM t",
    "SELECT DISTINCT ON (a, b) a FROM t",
    "SELECT ALL DISTINCT a FROM t",
    "SELECT DISTINCT ALL a FROM t",
    "SELECT TOP 5 a FROM t",
    "SELECT TOP (5) PERCENT WITH TIES a FROM t",
    "SELECT DISTINCT TOP 2 a FROM t",
    "SELECT TOP x FROM t",
    "SELECT TOP 99999999999999999999 a FROM t",
    "SELECT a INTO @x FROM t",
    "SELECT a, b INTO @x, @y FROM t WHERE id = 1",
    "SELECT a INTO TEMPORARY new_t FROM t",
    "SELECT FROM t",
    "SELECT",
    "SELECT a FROM",
    "SELECT a AS FROM t",
    "SELECT a AS insert FROM t",
    "SELECT a insert FROM t",
    "SELECT from",
    "SELECT x = a + 1 FROM t",
    "SELECT a FROM t WINDOW w AS (PARTITION BY b ORDER BY c)",
    "SELECT a FROM t WINDOW w AS v",
    "SELECT a FROM t GROUP BY ALL",
    "SELECT a FROM t GROUP BY ()",
    "SELECT DISTINCTROW a FROM t",
    "SELECT SQL_NO_CACHE HIGH_PRIORITY a FROM t",
    "SELECT DISTINCT DISTINCT a FROM t",
    "SELECT * AS x FROM t",
    "SELECT t.* FROM t",
    "SELECT 'a'.* FROM t",
    "SELECT t.5 FROM t",
    "SELECT a, FROM t",
    "SELECT (*) FROM t",
    "SELECT /*+ hint */ a FROM t",
];

const SET_OPERATIONS: &[&str] = &[
    "SELECT 1 UNION SELECT 2",
    "SELECT 1 UNION ALL SELECT 2 UNION DISTINCT SELECT 3",
    "SELECT 1 UNION SELECT 2 INTERSECT SELECT 3",
    "SELECT 1 INTERSECT SELECT 2 UNION SELECT 3",
    "SELECT 1 EXCEPT SELECT 2 EXCEPT ALL SELECT 3",
    "(SELECT 1) UNION (SELECT 2) ORDER BY 1 LIMIT 1",
    "((SELECT 1))",
    "(SELECT 1",
    "VALUES (1, 2), (3, 4)",
    "VALUES ROW(1), ROW(2)",
    "VALUES ()",
    "VALUE (1)",
    "TABLE t",
    "TABLE s.t",
    "TABLE 1",
    "SELECT 1 UNION",
    "SELECT 1 MINUS SELECT 2",
    "SELECT 1 UNION BY NAME SELECT 2",
    "UPDATE",
    "1",
];

const WITHS: &[&str] = &[
    "WITH c AS (SELECT 1) SELECT * FROM c",
    "WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c",
    "WITH c AS MATERIALIZED (SELECT 1), d AS NOT MATERIALIZED (SELECT 2) SELECT 1",
    "WITH c (a int, b) AS (SELECT 1, 2) SELECT * FROM c",
    "WITH c (SELECT 1) SELECT * FROM c",
    "WITH c (SELECT 1) FROM d SELECT * FROM c",
    "WITH c AS (SELECT 1)",
    "WITH c AS SELECT 1",
    "WITH c",
    "WITH c (a, b",
    "WITH d AS (DELETE FROM t WHERE id = 1 RETURNING *) SELECT * FROM d",
    "WITH u AS (UPDATE t SET a = 1 RETURNING id) SELECT id FROM u",
    "WITH c AS (SELECT 1) INSERT INTO t SELECT * FROM c",
    "WITH c AS (SELECT 1) DELETE FROM c",
];

const TAILS: &[&str] = &[
    "SELECT a FROM t ORDER BY a DESC, b LIMIT 10 OFFSET 5",
    "SELECT a FROM t LIMIT 5, 10",
    "SELECT a FROM t LIMIT ALL",
    "SELECT a FROM t LIMIT ALL OFFSET 2",
    "SELECT a FROM t OFFSET 2 ROWS",
    "SELECT a FROM t OFFSET 2 LIMIT 3",
    "SELECT a FROM t ORDER BY a OFFSET 0 ROWS FETCH NEXT 1 ROWS ONLY",
    "SELECT a FROM t FETCH FIRST 3 ROWS WITH TIES",
    "SELECT a FROM t FETCH FIRST ROW ONLY",
    "SELECT a FROM t FETCH FIRST 10 PERCENT ROWS ONLY",
    "SELECT a FROM t FETCH FIRST x ROWS ONLY",
    "SELECT a FROM t FOR UPDATE",
    "SELECT a FROM t FOR UPDATE OF t SKIP LOCKED",
    "SELECT a FROM t FOR SHARE NOWAIT FOR UPDATE",
    "SELECT a FROM t FOR UPDATE SKIP LOCKED LIMIT 5",
    "SELECT a FROM t FOR NO KEY UPDATE",
    "SELECT a FROM t FOR KEY SHARE",
    "SELECT a FROM t LOCK IN SHARE MODE",
    "SELECT a FROM t ORDER BY",
];

const TABLES: &[&str] = &[
    "SELECT * FROM xmltable",
    "SELECT * FROM json_table",
    "SELECT * FROM openjson o",
    "SELECT * FROM t ASOF JOIN s MATCH_CONDITION (t.a > s.a) ON t.b = s.b",
    "SELECT * FROM t ASOF JOIN s MATCH_CONDITION (t.a > s.a)",
    "SELECT * FROM t ARRAY JOIN a INNER ARRAY JOIN b LEFT ARRAY JOIN c AS d",
    "SELECT * FROM s.t AS x",
    "SELECT * FROM f(1, 2 SETTINGS a = 1, b = 'x') AS g",
    "SELECT * FROM t x (a, b)",
    "SELECT * FROM t AS",
    "SELECT * FROM t WITH (READPAST, UPDLOCK, ROWLOCK) WHERE a = 1",
    "SELECT * FROM t WITH (NOLOCK)",
    "SELECT * FROM t x WITH (NOLOCK)",
    "SELECT * FROM t USE INDEX (i) WHERE a = 1",
    "SELECT * FROM t FORCE INDEX FOR JOIN (i, j) IGNORE KEY ()",
    "SELECT * FROM t PARTITION (p0, p1)",
    "SELECT * FROM generate_series(1, 3) AS g(n)",
    "SELECT * FROM generate_series(1, 3) WITH ORDINALITY",
    "SELECT * FROM f()",
    "SELECT * FROM (SELECT 1) AS d",
    "SELECT * FROM (SELECT 1) d (a)",
    "SELECT * FROM LATERAL (SELECT 1) d",
    "SELECT * FROM t, LATERAL f(t.a) g",
    "SELECT * FROM (t JOIN s ON t.a = s.a)",
    "SELECT * FROM ((t JOIN s ON t.a = s.a)) AS j",
    "SELECT * FROM (t)",
    "SELECT * FROM (t) AS x",
    "SELECT * FROM (t AS y) AS x",
    "SELECT * FROM TABLE(f(1)) x",
    "SELECT * FROM t JOIN s ON t.a = s.a",
    "SELECT * FROM t INNER JOIN s USING (a, b)",
    "SELECT * FROM t LEFT JOIN s ON true RIGHT OUTER JOIN u ON false",
    "SELECT * FROM t FULL OUTER JOIN s ON 1 = 1 FULL JOIN u ON 1 = 1",
    "SELECT * FROM t CROSS JOIN s",
    "SELECT * FROM t CROSS JOIN s ON t.a = s.a",
    "SELECT * FROM t CROSS APPLY f(t.a)",
    "SELECT * FROM t OUTER APPLY f(t.a)",
    "SELECT * FROM t NATURAL JOIN s",
    "SELECT * FROM t NATURAL s",
    "SELECT * FROM t LEFT SEMI JOIN s ON 1 = 1",
    "SELECT * FROM t LEFT x JOIN s",
    "SELECT * FROM t OUTER JOIN s",
    "SELECT * FROM t JOIN s JOIN u ON s.a = u.a ON t.a = s.a",
    "SELECT * FROM t JOIN s LEFT JOIN u ON 1 = 1 ON 2 = 2",
    "SELECT * FROM t STRAIGHT_JOIN s",
    "SELECT * FROM t JOIN s USING a",
    "SELECT * FROM t CROSS s",
    "SELECT * FROM t, s WHERE t.a = s.a",
    "SELECT * FROM VALUES (1), (2) AS v(a)",
    "SELECT * FROM (VALUES (1), (2)) AS v(a)",
    "SELECT * FROM t limit 1",
    "SELECT * FROM t start",
    "SELECT * FROM t top",
    "SELECT * FROM t use",
    "SELECT * FROM t if",
    "SELECT * FROM ((((t))))",
    "SELECT * FROM unnest(ARRAY[1, 2]) AS u(n)",
    "SELECT * FROM UNNEST(a, b) WITH ORDINALITY x WITH OFFSET AS o",
    "SELECT * FROM UNNEST(a) WITH OFFSET",
    "SELECT * FROM UNNEST(a) WITH (NOLOCK)",
    "SELECT * FROM unnest",
    "SELECT * FROM t global",
    "SELECT * FROM t GLOBAL JOIN s",
    "SELECT * FROM json_table",
    "SELECT * FROM t FOR SYSTEM_TIME ALL",
    "SELECT * FROM t, (SELECT 1) AS s, LATERAL (SELECT 2) AS u",
    "SELECT * FROM t JOIN (s JOIN u ON 1 = 1) ON 2 = 2",
    "SELECT * FROM (SELECT 1) UNION SELECT 2",
    "SELECT * FROM @x",
    "SELECT * FROM @x WHERE a = 1",
    "SELECT * FROM @ns.st/dir-1 (1, 2) AS s",
    "SELECT * FROM @x.\"q\"(",
    "SELECT * FROM @x, @y; SELECT 1",
    "SELECT * FROM @x , t",
    "SELECT * FROM where",
    "SELECT * FROM on",
    "SELECT * FROM limit",
    "SELECT * FROM t, limit",
    "SELECT * FROM nothing",
    "SELECT * FROM t 'x'",
    "SELECT * FROM t AS 'x'",
    "SELECT a 'x' FROM t",
    "SELECT a AS 'x' FROM t",
    "SELECT * FROM t indexed",
    "SELECT * FROM t AS indexed",
    "SELECT * FROM t not",
    "SELECT a over FROM t",
    "SELECT count(*) over FROM t",
    "SELECT count(*) OVER w FROM t WINDOW w AS (ORDER BY a)",
    "SELECT count(*) OVER (w ORDER BY a) FROM t WINDOW w AS ()",
    "SELECT count(*) OVER (count ORDER BY a) FROM t",
    "SELECT 1 WHERE a IN ((SELECT 1), 2)",
    "SELECT 1 WHERE a IN ((SELECT 1) UNION (SELECT 2))",
    "SELECT 1 WHERE a IN ((SELECT 1), (SELECT 2",
    "SELECT 1 WHERE a IN ((SELECT 1) x",
    "SELECT 1 WHERE a IN (SELECT 1",
    "SELECT 1 WHERE a IN UNNEST(b)",
    "SELECT * FROM t JOIN s USING (a) AS",
    "SELECT",
    "SELECT ORDER BY 1",
    "(SELECT)",
    "SELECT UNION SELECT",
    "SELECT f(ORDER BY a) FROM t",
    "SELECT f(ALL ORDER BY a), g(DISTINCT ORDER BY a) FROM t",
    "SELECT 0x1F, 0o17, 0b101, 0x, 00x1",
    "SELECT citext 'a', s.t 'x', \"t\" 'x', point '1', _utf8 'x', not 'a', interval 'x' FROM t",
];

#[test]
fn selects_and_their_clauses() {
    assert_same(SELECTS);
}

#[test]
fn set_operations_values_and_parentheses() {
    assert_same(SET_OPERATIONS);
}

#[test]
fn with_clauses() {
    assert_same(WITHS);
}

#[test]
fn order_limit_fetch_and_locks() {
    assert_same(TAILS);
}

#[test]
fn tables_and_joins() {
    assert_same(TABLES);
}

#[test]
fn deep_nesting_stops_at_the_limit() {
    // Debug builds of both parsers need more stack than a test thread has.
    let run = || {
        let deep = format!("{}SELECT 1{}", "(".repeat(60), ")".repeat(60));
        let from = format!("SELECT * FROM {}t{}", "(".repeat(60), ")".repeat(60));
        let near = format!("SELECT * FROM {}t{}", "(".repeat(24), ")".repeat(24));
        assert_same(&[&deep, &from, &near]);
    };
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(run);
    assert!(worker.map(|w| w.join().is_ok()).unwrap_or(false));
}

#[test]
fn no_token_left_is_the_end() {
    // A query ends where sqlparser's ends: the next token is compared above; check one here.
    let d = dialect(Flavor::Postgres);
    let tokens = Tokenizer::new(d.as_ref(), "SELECT 1; SELECT 2")
        .tokenize_with_location()
        .unwrap_or_default();
    let mut p = Parser::new(Flavor::Postgres, tokens);
    assert!(p.parse_query().is_ok());
    assert_eq!(p.peek_token().token, Token::SemiColon);
}

/// The clauses of other databases that ours refuses by name: in each flavour ours refuses
/// the query or agrees with sqlparser (which may not know the clause there), and refuses it
/// in one flavour at least.
const REFUSED: &[&str] = &[
    "SELECT a FROM t START WITH a = 1 CONNECT BY NOCYCLE b = c, d = 1",
    "SELECT a FROM t CONNECT BY b = c START WITH a = 1 GROUP BY a",
    "SELECT * ILIKE '%a%' EXCEPT (b) REPLACE (a + 1 AS a, b c) RENAME (d AS e) FROM t",
    "SELECT t.* EXCLUDE (a, b) RENAME a AS b FROM t",
    "SELECT * EXCLUDE a EXCEPT b FROM t",
    "SELECT a FROM t WHERE b = 1 GROUP BY a WITH ROLLUP HAVING count(*) > 1",
    "SELECT a FROM t GROUP BY a WITH ROLLUP",
    "SELECT a FROM t GROUP BY ROLLUP (a, (b, c))",
    "SELECT a FROM t GROUP BY CUBE (a), GROUPING SETS ((a), ())",
    "SELECT a FROM t QUALIFY a > 1",
    "SELECT a FROM t CLUSTER BY a DISTRIBUTE BY b SORT BY c",
    "SELECT a FROM t START WITH a = 1",
    "SELECT a FROM t ORDER BY a INTERPOLATE (b AS b + 1, c) LIMIT 1",
    "SELECT a FROM t ORDER BY a INTERPOLATE ()",
    "SELECT a FROM t ORDER BY a INTERPOLATE",
    "SELECT a FROM t FOR XML PATH('r'), ROOT('x'), ELEMENTS, TYPE",
    "SELECT a FROM t FOR XML RAW",
    "SELECT a FROM t FOR XML",
    "SELECT a FROM t FOR JSON AUTO, INCLUDE_NULL_VALUES",
    "SELECT a FROM t FOR JSON PATH, ROOT('r'), WITHOUT_ARRAY_WRAPPER",
    "SELECT a FROM t FOR BROWSE",
    "SELECT a FROM t LIMIT 1 BY a",
    "SELECT a FROM t SETTINGS x = 1",
    "SELECT a FROM t FORMAT JSON",
    "SELECT * FROM XMLTABLE('/r' PASSING x COLUMNS a INT)",
    "SELECT * FROM XMLTABLE(XMLNAMESPACES ('u' AS n), '/r' PASSING BY VALUE x AS d, y COLUMNS i FOR ORDINALITY, a TEXT PATH 'a' DEFAULT 'z' NOT NULL, b INT NULL) AS x",
    "SELECT * FROM XMLTABLE('/r' PASSING BY x COLUMNS a INT)",
    "SELECT * FROM f(SETTINGS a = 1)",
    "SELECT * FROM t AT (TIMESTAMP => '2024-01-01') AS x",
    "SELECT * FROM t BEFORE (STATEMENT => 'q')",
    "SELECT * FROM t CHANGES (INFORMATION => DEFAULT) AT (OFFSET => -60) END (OFFSET => 0)",
    "SELECT * FROM t TIMESTAMP AS OF '2024-01-01'",
    "SELECT * FROM t VERSION AS OF 3",
    "SELECT * FROM t VERSION AS OF x",
    "SELECT * FROM JSON_TABLE(x, '$[*]' COLUMNS (a INT PATH '$.a', n FOR ORDINALITY)) AS j",
    "SELECT * FROM JSON_TABLE(x, '$' COLUMNS (a INT EXISTS PATH '$.a' NULL ON EMPTY DEFAULT '0' ON ERROR, NESTED PATH '$.b' COLUMNS (c TEXT PATH '$'))) j",
    "SELECT * FROM JSON_TABLE(x, '$' COLUMNS (a INT PATH '$.a' ERROR ON x))",
    "SELECT * FROM OPENJSON(@j)",
    "SELECT * FROM OPENJSON(@j, '$.items') WITH (id INT '$.id', doc NVARCHAR(MAX) AS JSON) AS o",
    "SELECT * FROM t PIVOT (sum(a) AS s, avg(b) FOR c IN (1, 2 AS two, 3 three)) AS p",
    "SELECT * FROM t PIVOT (sum(a) FOR (c, d) IN (ANY ORDER BY c)) DEFAULT ON NULL (0)",
    "SELECT * FROM t PIVOT (sum(a) FOR c IN (SELECT c FROM u)) UNPIVOT (v FOR n IN (a, b AS c)) u",
    "SELECT * FROM (SELECT 1) d UNPIVOT INCLUDE NULLS (v FOR n IN (a)) AS u",
    "SELECT * FROM t PIVOT (1 FOR c IN (1))",
    "SELECT * FROM t UNPIVOT (v FOR n IN a)",
    "SELECT * FROM t PIVOT (sum(a) FOR c BETWEEN 1 AND 2 IN (1))",
    "SELECT * FROM ONLY t",
    "SELECT citext 'a'",
    "SELECT s.t E'x'",
    "SELECT 0x1F",
    "SELECT;",
    "SELECT WHERE true",
    "SELECT * FROM ONLY (t) AS x",
    "SELECT * FROM t * AS x",
    "UPDATE ONLY t SET a = 1",
    "SELECT * FROM t INDEXED BY i",
    "SELECT * FROM t AS x NOT INDEXED",
    "SELECT * FROM t, s ON t.a = s.a",
    "SELECT * FROM t, s USING (a) WHERE 1 = 1",
    "SELECT * FROM t JOIN s USING (a) AS j",
    "SELECT 1 WHERE a IN t",
    "SELECT 1 WHERE a NOT IN f(1, 2)",
    "SELECT * FROM t TABLESAMPLE SYSTEM (10) REPEATABLE (1)",
    "SELECT * FROM t AS x TABLESAMPLE BERNOULLI (50 PERCENT) WHERE a = 1",
    "SELECT * FROM t SAMPLE 100M",
    "SELECT * FROM t TABLESAMPLE (BUCKET 1 OUT OF 4 ON a) SEED (7) OFFSET 2",
    "SELECT * FROM t TABLESAMPLE BLOCK (10 ROWS)",
    "SELECT * FROM t TABLESAMPLE (BUCKET x OUT OF 2)",
    "SELECT * FROM t TABLESAMPLE ()",
    "SELECT * FROM (SELECT 1) AS d TABLESAMPLE SYSTEM (5)",
    "SELECT * FROM t FOR SYSTEM_TIME AS OF '2020-01-01'",
    "SELECT * FROM t CONNECT BY PRIOR a = b",
    "SELECT * FROM t CONNECT BY a = PRIOR b",
    "SELECT * FROM t AS x START WITH a = 1 CONNECT BY NOCYCLE b = PRIOR c, d = 1",
    "SELECT a FROM t LATERAL VIEW explode(b) x AS c",
    "SELECT a FROM t PREWHERE a = 1",
    "SELECT * FROM t MATCH_RECOGNIZE (PATTERN (a) DEFINE a AS true)",
    "SELECT 1 |> WHERE true",
    "FROM t",
    "FROM t SELECT a",
    "WITH c AS (SELECT 1) MERGE INTO t USING c ON 1 = 1",
];

#[test]
fn other_databases_clauses_are_refused_by_name() {
    for sql in REFUSED {
        let mut refused = false;
        for flavor in FLAVORS {
            let d = dialect(flavor);
            let Ok(tokens) = Tokenizer::new(d.as_ref(), sql).tokenize_with_location() else {
                continue;
            };
            let ours = Parser::new(flavor, tokens).parse_query();
            if matches!(&ours, Err(e) if e.to_string().contains("is not supported by Queue Lab's parser"))
            {
                refused = true;
            } else if let Some(d) = difference(flavor, sql) {
                panic!("{d}");
            }
        }
        assert!(refused, "{sql} is refused in no flavour");
    }
}

#[test]
fn nested_parentheses_in_from_take_no_exponential_time() {
    // Each failed derived table is retried as a nested join; the memo keeps that linear.
    let run = || {
        for n in [2usize, 3, 4] {
            let mut sql = "SELECT * FROM ".to_string();
            for _ in 0..48 / (n + 1) {
                sql.push_str(&"(".repeat(n));
                sql.push_str("SELECT * FROM ");
            }
            sql.push('x');
            let start = std::time::Instant::now();
            assert_same(&[&sql]);
            assert!(start.elapsed() < std::time::Duration::from_secs(5), "{sql}");
        }
    };
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(run);
    assert!(worker.map(|w| w.join().is_ok()).unwrap_or(false));
}

#[test]
fn nesting_to_the_limit_fits_in_webassemblys_stack() {
    // WebAssembly's stack is 1 MiB by default; queries nest up to 50 levels by any of these
    // paths. Too small a stack aborts the test run (a stack overflow is not a panic).
    let shapes = [
        format!("{}SELECT 1{}", "(".repeat(60), ")".repeat(60)),
        format!("SELECT * FROM {}t{}", "(".repeat(60), ")".repeat(60)),
        format!(
            "SELECT * FROM t WHERE a IN {}SELECT 1{}",
            "(".repeat(60),
            ")".repeat(60)
        ),
        format!("{}1{}", "SELECT * FROM (".repeat(30), ") AS d".repeat(30)),
        format!("{}1{}", "SELECT (".repeat(30), ")".repeat(30)),
        format!(
            "{}SELECT 1{}",
            "WITH c AS (".repeat(30),
            ") SELECT 1".repeat(30)
        ),
        format!(
            "SELECT * FROM t{}",
            " JOIN (t".repeat(30) + &") ON 1 = 1".repeat(30)
        ),
        format!(
            "{}SELECT 1{}",
            "SELECT 1 UNION (".repeat(30),
            ")".repeat(30)
        ),
    ];
    let run = move || {
        for sql in &shapes {
            let d = dialect(Flavor::Postgres);
            let tokens = Tokenizer::new(d.as_ref(), sql)
                .tokenize_with_location()
                .unwrap_or_default();
            let _ = Parser::new(Flavor::Postgres, tokens).parse_query();
        }
    };
    let worker = std::thread::Builder::new().stack_size(1 << 20).spawn(run);
    assert!(worker.map(|w| w.join().is_ok()).unwrap_or(false));
}

#[test]
fn every_word_prefix_reads_the_same() {
    // Cut short after each word, the queries above meet every clause's error path.
    for list in [SELECTS, SET_OPERATIONS, WITHS, TAILS, TABLES] {
        let prefixes: Vec<String> = list
            .iter()
            .flat_map(|sql| {
                let words: Vec<&str> = sql.split(' ').collect();
                (1..words.len()).map(move |n| words[..n].join(" "))
            })
            .collect();
        let prefixes: Vec<&str> = prefixes.iter().map(String::as_str).collect();
        assert_same(&prefixes);
    }
}

#[test]
fn random_word_soup_reads_the_same() {
    // Query words in random order: mostly errors, each of which must read as sqlparser's.
    const WORDS: &[&str] = &[
        "SELECT",
        "FROM",
        "t",
        "a",
        "(",
        ")",
        ",",
        "JOIN",
        "ON",
        "WITH",
        "AS",
        "UNION",
        "ALL",
        "ORDER",
        "BY",
        "LIMIT",
        "1",
        "*",
        ".",
        "WHERE",
        "=",
        "FOR",
        "UPDATE",
        "TOP",
        "DISTINCT",
        "VALUES",
        "LATERAL",
        "USING",
        "GROUP",
        "HAVING",
        "OFFSET",
        "FETCH",
        "NEXT",
        "ROWS",
        "ONLY",
        "INTO",
        "@x",
        "NOLOCK",
        "SKIP",
        "LOCKED",
        "CROSS",
        "APPLY",
        "LEFT",
        "OUTER",
        "INNER",
        "SHARE",
        "OF",
        "NOWAIT",
        "RECURSIVE",
        "EXCEPT",
        "INTERSECT",
        "TABLE",
        "WINDOW",
        "w",
        "PARTITION",
        "USE",
        "INDEX",
        "FORCE",
        "NATURAL",
        "FULL",
        "RIGHT",
        "PERCENT",
        "TIES",
        "MATERIALIZED",
        "NOT",
        "ROW",
        "FIRST",
        "SAMPLE",
        "TABLESAMPLE",
        "UNNEST",
        "ORDINALITY",
        "XML",
        "JSON",
        "PATH",
        "ROLLUP",
        "CUBE",
        "GROUPING",
        "SETS",
        "QUALIFY",
        "START",
        "DESC",
        "'s'",
        "\"q\"",
        "INSERT",
        "DELETE",
        "SET",
        "RETURNING",
        "READPAST",
        "generate_series",
    ];
    // xorshift: the same soup on every run; QL_SOUPS=N cooks more (a million agree).
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let mut soups = vec![];
    for _ in 0..std::env::var("QL_SOUPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6000)
    {
        let mut words = vec![if next(4) == 0 { "WITH" } else { "SELECT" }];
        for _ in 0..2 + next(14) {
            words.push(WORDS[next(WORDS.len())]);
        }
        soups.push((FLAVORS[next(FLAVORS.len())], words.join(" ")));
    }
    let differences: Vec<String> = soups
        .iter()
        .filter_map(|(flavor, sql)| difference(*flavor, sql))
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

/// Snowflake's ASOF JOIN, which sqlparser reads in every dialect, is refused by name in the
/// three the lab models (its grammar stays out of the browser download); the generic
/// dialect, which the tests read, still builds it.
#[test]
fn asof_joins_are_refused_by_name_outside_the_generic_dialect() {
    let sql = "SELECT * FROM t ASOF JOIN s MATCH_CONDITION (t.a > s.a)";
    for flavor in [Flavor::Postgres, Flavor::MySql, Flavor::MsSql] {
        let tokens = Tokenizer::new(dialect(flavor).as_ref(), sql)
            .tokenize_with_location()
            .expect("tokens");
        let refused = Parser::new(flavor, tokens).parse_query().map(|_| ());
        let message = refused.expect_err("refused").to_string();
        assert!(
            message.contains("ASOF JOIN is not supported by Queue Lab's parser"),
            "{flavor:?}: {message}"
        );
    }
    assert_eq!(difference(Flavor::Generic, sql), None);
}
