//! Queue Lab's walk (`queuelab::sql::walk`) against sqlparser's `VisitMut`, over every tree the
//! corpus (`tests/sql_corpus.jsonl`) parses to with our parser. A script of callbacks runs through
//! both walks and records each call (its kind and the node's `Debug` text, spans included, at
//! the moment of the call): the records must be the same, call for call, and so must the
//! trees after a script that rewrites (expressions replaced, LIMITs wrapped or added, tables
//! renamed), and the records of walks stopped by `Break` at every call.

#[path = "sql_reference/mod.rs"]
mod reference;

use queuelab::sql::walk::{Callbacks, Walk};
use queuelab::sql::{lexer, Flavor, Parser};
use reference::flavor;
use sqlparser::ast::{Expr, Ident, LimitClause, ObjectName, Query, Statement, Value, VisitMut};
use sqlparser::ast::{ObjectNamePart, VisitorMut};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// A tree the corpus parses to.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // a test's value, made once per case
enum Tree {
    Statement(Statement),
    Query(Box<Query>),
    Expr(Expr),
}

/// Every tree of the corpus that our parser builds, with its line.
fn trees() -> Result<Vec<(String, Tree)>, String> {
    let mut trees = Vec::new();
    for line in include_str!("sql_corpus.jsonl").lines() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let (Some(entry), Some(f), Some(sql)) =
            (v["entry"].as_str(), v["flavor"].as_str(), v["sql"].as_str())
        else {
            return Err(format!("a corpus line without its fields: {line}"));
        };
        let Ok(tokens) = lexer::tokenize(flavor(f), sql) else {
            continue;
        };
        let mut p = Parser::new(flavor(f), tokens);
        let tree = match entry {
            "statement" => p.parse_statement().map(Tree::Statement),
            "query" => p.parse_query().map(Tree::Query),
            _ => p.parse_expr().map(Tree::Expr),
        };
        if let Ok(tree) = tree {
            trees.push((line.to_string(), tree));
        }
    }
    let mut refused = Vec::new();
    for (f, sql) in EXTRA {
        let parsed = lexer::tokenize(flavor(f), sql)
            .map_err(|e| e.to_string())
            .and_then(|t| {
                let mut p = Parser::new(flavor(f), t);
                p.parse_statement().map_err(|e| e.to_string())
            });
        match parsed {
            Ok(statement) => trees.push((format!("{f}: {sql}"), Tree::Statement(statement))),
            Err(e) => refused.push(format!("{sql}: {e}")),
        }
    }
    match refused.is_empty() {
        true => Ok(trees),
        false => Err(refused.join("\n")),
    }
}

/// What the corpus lacks (it holds the statements the project's tests parse): every other
/// node the walk goes into, each in a flavour that reads it.
const EXTRA: &[(&str, &str)] = &[
    ("Postgres", "SELECT a, count(*) FILTER (WHERE b > 1) OVER (PARTITION BY c ORDER BY d ROWS BETWEEN a PRECEDING AND CURRENT ROW) FROM t GROUP BY a HAVING sum(b) > 2 WINDOW w AS (PARTITION BY a ORDER BY b)"),
    ("Postgres", "SELECT TRIM(BOTH b FROM a), SUBSTRING(a FROM b FOR 3), POSITION(a IN b), a BETWEEN b AND c, a LIKE b ESCAPE '!', a ILIKE b, a IS DISTINCT FROM b, a AT TIME ZONE b, a = ANY(b), a = ALL(b), EXTRACT(YEAR FROM a), CAST(a AS INT), a::text, ARRAY[a, b], a[1], a[b:2], INTERVAL '1 day', DATE '2020-01-01', CASE a WHEN b THEN c ELSE d END, a COLLATE \"C\", (a, b), EXISTS (SELECT 1), a IN (SELECT b FROM t), a IN (1, b), -a, NOT a, a IS NULL"),
    ("Postgres", "SELECT DISTINCT ON (a) a FROM t CROSS JOIN LATERAL (SELECT b FROM u WHERE u.x = t.y) AS s LEFT JOIN v USING (k) JOIN w ON w.a = t.a NATURAL JOIN z ORDER BY a DESC NULLS LAST LIMIT b OFFSET c FOR UPDATE OF t SKIP LOCKED"),
    ("Postgres", "SELECT * FROM unnest(ARRAY[a, 2]) WITH ORDINALITY AS u(x, n), generate_series(1, a) AS g, (t JOIN u ON t.a = u.b) AS j"),
    ("Postgres", "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < a) SELECT n FROM c"),
    ("Postgres", "WITH d AS (DELETE FROM t WHERE a = b RETURNING *) INSERT INTO u SELECT * FROM d"),
    ("Postgres", "INSERT INTO t (a, b) VALUES (a, b), (1, 2) ON CONFLICT (a) DO UPDATE SET b = excluded.b + a WHERE t.b < a RETURNING a, b AS c"),
    ("Postgres", "INSERT INTO t SELECT a FROM u ON CONFLICT DO NOTHING"),
    ("Postgres", "UPDATE t SET a = b + 1, c = DEFAULT FROM u WHERE t.id = u.id AND a > (SELECT max(b) FROM v) RETURNING *"),
    ("Postgres", "DELETE FROM t USING u WHERE t.a = u.a AND b IN (SELECT c FROM w) RETURNING a"),
    ("Postgres", "CREATE TABLE t (id serial PRIMARY KEY, a int NOT NULL DEFAULT 1 CHECK (a > 0), b text UNIQUE, c int GENERATED ALWAYS AS (a + 1) STORED, d int REFERENCES u (id), CONSTRAINT k CHECK (a < b), UNIQUE (a, b), PRIMARY KEY (id), FOREIGN KEY (d) REFERENCES u (id))"),
    ("Postgres", "CREATE TABLE t AS SELECT a FROM u WHERE b = 1"),
    ("Postgres", "CREATE UNIQUE INDEX i ON t (a, (b + 1)) WHERE c > 0"),
    ("Postgres", "ALTER TABLE t ADD COLUMN c int DEFAULT a + 1"),
    ("Postgres", "ALTER TABLE t ADD CONSTRAINT k CHECK (a > b)"),
    ("Postgres", "TRUNCATE t, u"),
    ("Postgres", "SELECT a FROM t FETCH FIRST 2 ROWS ONLY"),
    ("Postgres", "SELECT string_agg(a, ',' ORDER BY b), count(DISTINCT a), percentile_cont(a) WITHIN GROUP (ORDER BY b) FROM t"),
    ("Postgres", "SELECT (SELECT a FROM t LIMIT 1) + b, a IN (SELECT b FROM (SELECT b FROM u) AS d)"),
    ("Postgres", "SELECT 1 UNION SELECT 2 EXCEPT (SELECT a FROM t ORDER BY a LIMIT 1)"),
    ("Postgres", "VALUES (1, a), (b, 2)"),
    ("MySql", "SELECT a FROM t WHERE b REGEXP c LIMIT 1, 2"),
    ("MySql", "INSERT INTO t (a) VALUES (a) ON DUPLICATE KEY UPDATE a = VALUES(a) + b"),
    ("MySql", "INSERT INTO t SET a = 1, b = c"),
    ("MySql", "UPDATE t SET a = 1 WHERE b = 2 ORDER BY c LIMIT 3"),
    ("MySql", "DELETE FROM t WHERE a = 1 ORDER BY b LIMIT 2"),
    ("MySql", "SELECT CONVERT(a, CHAR), CAST(a AS SIGNED), a DIV b, SUBSTRING(a, 1, 2), TRIM(LEADING b FROM a) FROM t FOR UPDATE SKIP LOCKED"),
    ("MySql", "SELECT a INTO @x FROM t"),
    ("MySql", "SET @a = (SELECT max(b) FROM t), @c = a"),
    ("MySql", "UPDATE t JOIN u ON t.a = u.a SET t.b = u.b WHERE u.c = 1"),
    ("MySql", "DELETE t FROM t JOIN u ON t.a = u.a WHERE u.b = 1"),
    ("MySql", "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a INT DEFAULT 0, KEY k (a), INDEX (a, id)) ENGINE=InnoDB"),
    ("MySql", "REPLACE INTO t VALUES (a)"),
    ("MsSql", "SELECT TOP (a + 1) b FROM t WITH (UPDLOCK, READPAST) WHERE c = 1"),
    ("MsSql", "UPDATE TOP (1) t SET a = 1 OUTPUT inserted.a, deleted.b INTO @x WHERE b = 2"),
    ("MsSql", "DELETE FROM t OUTPUT deleted.* WHERE a = 1"),
    ("MsSql", "INSERT INTO t (a) OUTPUT inserted.id VALUES (@x + 1)"),
    ("MsSql", "DECLARE @x INT = (SELECT max(a) FROM t), @y INT = 1"),
    ("MsSql", "IF @x > 1 BEGIN SELECT a FROM t WHERE b = @x END ELSE SELECT 1"),
    ("MsSql", "SELECT a FROM t CROSS APPLY (SELECT b FROM u WHERE u.a = t.a) AS x ORDER BY a OFFSET a ROWS FETCH NEXT 2 ROWS ONLY"),
    ("MsSql", "CREATE TABLE t (id INT IDENTITY(1, 1) PRIMARY KEY, a INT)"),
    ("MsSql", "SELECT CONVERT(INT, a, 1), TRY_CONVERT(INT, a)"),
];

/// What the callbacks do, the same through either walk.
#[derive(Default)]
struct Script {
    calls: Vec<String>,
    rewrite: bool,
    /// Break at this call (1 for the first).
    stop_at: Option<usize>,
}

impl Script {
    fn called(&mut self, kind: &str, node: &dyn std::fmt::Debug) -> ControlFlow<()> {
        self.calls.push(format!("{kind} {node:?}"));
        match self.stop_at {
            Some(n) if n == self.calls.len() => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    /// `a` becomes 1; `b` becomes `(a)`, whose `a` must stay (a replacement's children are
    /// not walked).
    fn expr(&mut self, e: &mut Expr) -> ControlFlow<()> {
        let flow = self.called("expr", e);
        if self.rewrite {
            match e {
                Expr::Identifier(i) if i.value == "a" => {
                    *e = Expr::value(Value::Number("1".into(), false));
                }
                Expr::Identifier(i) if i.value == "b" => {
                    *e = Expr::Nested(Box::new(Expr::Identifier(Ident::new("a"))));
                }
                _ => {}
            }
        }
        flow
    }

    /// A LIMIT is wrapped in parentheses, and a query without one gets `LIMIT a`: the new
    /// contents must be walked (so the `a` becomes 1).
    fn query(&mut self, q: &mut Query) -> ControlFlow<()> {
        let flow = self.called("query", q);
        if self.rewrite {
            match &mut q.limit_clause {
                Some(LimitClause::LimitOffset {
                    limit: Some(limit), ..
                }) => {
                    let inner = std::mem::replace(limit, Expr::Identifier(Ident::new("x")));
                    *limit = Expr::Nested(Box::new(inner));
                }
                Some(_) => {}
                None => {
                    q.limit_clause = Some(LimitClause::LimitOffset {
                        limit: Some(Expr::Identifier(Ident::new("a"))),
                        offset: None,
                        limit_by: vec![],
                    });
                }
            }
        }
        flow
    }

    fn relation(&mut self, n: &mut ObjectName) -> ControlFlow<()> {
        let flow = self.called("relation", n);
        if self.rewrite {
            n.0.push(ObjectNamePart::Identifier(Ident::new("renamed")));
        }
        flow
    }
}

/// sqlparser's walk, calling the script.
struct Theirs<'a>(&'a mut Script);

impl VisitorMut for Theirs<'_> {
    type Break = ();

    fn pre_visit_query(&mut self, q: &mut Query) -> ControlFlow<()> {
        self.0.query(q)
    }

    fn post_visit_expr(&mut self, e: &mut Expr) -> ControlFlow<()> {
        self.0.expr(e)
    }

    fn pre_visit_relation(&mut self, n: &mut ObjectName) -> ControlFlow<()> {
        self.0.relation(n)
    }
}

fn theirs(tree: &mut Tree, script: &mut Script) -> ControlFlow<()> {
    let mut v = Theirs(script);
    match tree {
        Tree::Statement(s) => s.visit(&mut v),
        Tree::Query(q) => q.visit(&mut v),
        Tree::Expr(e) => e.visit(&mut v),
    }
}

fn ours(tree: &mut Tree, script: &mut Script) -> ControlFlow<()> {
    let script = RefCell::new(script);
    let mut e = |e: &mut Expr| script.borrow_mut().expr(e);
    let mut q = |q: &mut Query| script.borrow_mut().query(q);
    let mut r = |n: &mut ObjectName| script.borrow_mut().relation(n);
    let mut c = Callbacks {
        expr: Some(&mut e),
        query: Some(&mut q),
        relation: Some(&mut r),
    };
    match tree {
        Tree::Statement(s) => s.walk(&mut c),
        Tree::Query(q) => q.walk(&mut c),
        Tree::Expr(e) => e.walk(&mut c),
    }
}

/// Runs a fresh script through both walks, each on its own parse of the same tree; the
/// calls, how each walk ended, and the trees after.
type Run = (Vec<String>, ControlFlow<()>, String);

fn both(tree: &Tree, rewrite: bool, stop_at: Option<usize>) -> Result<(Run, Run), String> {
    let fresh = || Script {
        rewrite,
        stop_at,
        ..Script::default()
    };
    // Each walk gets its own copy of the tree, as a rewrite changes it.
    let (mut a, mut b) = (copied(tree)?, copied(tree)?);
    let (mut sa, mut sb) = (fresh(), fresh());
    let fa = theirs(&mut a, &mut sa);
    let fb = ours(&mut b, &mut sb);
    Ok((
        (sa.calls, fa, format!("{a:?}")),
        (sb.calls, fb, format!("{b:?}")),
    ))
}

fn copied(tree: &Tree) -> Result<Tree, String> {
    use queuelab::sql::Duplicate;
    Ok(match tree {
        Tree::Statement(s) => Tree::Statement(s.duplicate()),
        Tree::Query(q) => Tree::Query(q.duplicate()),
        Tree::Expr(e) => Tree::Expr(e.duplicate()),
    })
}

fn first_difference(a: &Run, b: &Run) -> String {
    let at = a.0.iter().zip(&b.0).position(|(x, y)| x != y);
    match at {
        Some(i) => format!(
            "call {i} differs\n  sqlparser: {}\n  ours:      {}",
            a.0[i], b.0[i]
        ),
        None if a.0.len() != b.0.len() => format!(
            "{} calls by sqlparser, {} by ours (ours stops at {:?}, theirs at {:?})",
            a.0.len(),
            b.0.len(),
            b.0.last(),
            a.0.last()
        ),
        None if a.1 != b.1 => format!("ended {:?} by sqlparser, {:?} by ours", a.1, b.1),
        None => format!(
            "trees differ after\n  sqlparser: {}\n  ours:      {}",
            a.2, b.2
        ),
    }
}

fn check(line: &str, tree: &Tree, rewrite: bool, stop_at: Option<usize>) -> Result<usize, String> {
    let (a, b) = both(tree, rewrite, stop_at)?;
    if a != b {
        return Err(format!(
            "{line}\n  (rewrite {rewrite}, stop at {stop_at:?}) {}",
            first_difference(&a, &b)
        ));
    }
    Ok(a.0.len())
}

#[test]
fn every_tree_walks_as_sqlparser_visits_it() -> Result<(), String> {
    let trees = trees()?;
    assert!(trees.len() > 1000, "only {} trees parsed", trees.len());
    let mut calls = 0;
    for (line, tree) in &trees {
        calls += check(line, tree, false, None)?;
    }
    assert!(calls > trees.len(), "only {calls} calls");
    Ok(())
}

#[test]
fn rewrites_through_the_walk_give_sqlparsers_trees() -> Result<(), String> {
    let mut changed = 0;
    for (line, tree) in &trees()? {
        check(line, tree, true, None)?;
        let (a, _) = both(tree, true, None)?;
        changed += usize::from(a.2 != format!("{tree:?}"));
    }
    assert!(changed > 1000, "only {changed} trees rewritten");
    Ok(())
}

#[test]
fn a_break_stops_the_walk_where_sqlparsers_stops() -> Result<(), String> {
    for (line, tree) in &trees()? {
        let total = check(line, tree, false, None)?;
        // The first calls, the middle and the last: every call of every tree would take
        // minutes (each call formats its node).
        let mut stops = vec![
            1,
            2,
            3,
            total / 3,
            total / 2,
            total.saturating_sub(1),
            total,
        ];
        stops.retain(|&n| n >= 1 && n <= total);
        stops.dedup();
        for n in stops {
            check(line, tree, n % 2 == 0, Some(n))?;
        }
    }
    Ok(())
}
