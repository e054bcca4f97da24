//! Statements beyond the corpus, each held to sqlparser's own parse (tree and next token,
//! or error text) in the flavours named.

use crate::sql::reference::{dialect, FLAVORS};
use crate::sql::{Flavor, Parser};
use sqlparser::dialect::Dialect;
use sqlparser::tokenizer::{Token, Tokenizer};

/// The statement (or error) and next token each parser gives for `sql` in `f`, written out
/// to show a difference (spans included, so not for comparing), or `None` when sqlparser's
/// tokenizer refuses the text.
fn both(f: Flavor, sql: &str) -> Option<(String, String)> {
    let d = dialect(f);
    let tokens = Tokenizer::new(d.as_ref(), sql)
        .tokenize_with_location()
        .ok()?;
    let mut theirs =
        sqlparser::parser::Parser::new(d.as_ref()).with_tokens_with_locations(tokens.clone());
    let a = match theirs.parse_statement() {
        Ok(s) => format!("{s:?} next {}", theirs.peek_token().token),
        Err(e) => format!("error {e}"),
    };
    let mut ours = Parser::new(f, tokens);
    let b = match ours.parse_statement() {
        Ok(s) => format!("{s:?} next {}", ours.peek_token().token),
        Err(e) => format!("error {e}"),
    };
    Some((a, b))
}

/// Asserts that both parsers agree on `sql`, and on `sql` cut after each of its tokens, in
/// every flavour of `flavors`, except where ours refuses a statement by name.
fn agree(flavors: &[Flavor], sql: &str) {
    for &f in flavors {
        let d = dialect(f);
        let Ok(tokens) = Tokenizer::new(d.as_ref(), sql).tokenize_with_location() else {
            continue;
        };
        for cut in (1..=tokens.len()).rev() {
            if let Some(difference) = compare(f, d.as_ref(), tokens[..cut].to_vec()) {
                let text: String = tokens[..cut].iter().map(|t| t.token.to_string()).collect();
                let shown = both(f, &text);
                panic!("{f:?}: {text}\n  {difference}\n  {shown:?}");
            }
        }
    }
}

/// What differs between the two parses of `tokens`, if anything.
fn compare(
    f: Flavor,
    d: &dyn Dialect,
    tokens: Vec<sqlparser::tokenizer::TokenWithSpan>,
) -> Option<String> {
    let mut theirs = sqlparser::parser::Parser::new(d).with_tokens_with_locations(tokens.clone());
    let a = theirs.parse_statement().map_err(|e| e.to_string());
    let a_next: Token = theirs.peek_token().token;
    let mut ours = Parser::new(f, tokens);
    let b = ours.parse_statement().map_err(|e| e.to_string());
    let b_next: Token = ours.peek_token().token;
    if let Err(e) = &b {
        if e.contains("is not supported by Queue Lab's parser") {
            if std::env::var("QL_SHOW_REFUSALS").is_ok() {
                eprintln!("refused {f:?}: {e}");
            }
            return None;
        }
    }
    match (&a, &b) {
        (Ok(x), Ok(y)) if x == y && a_next == b_next => crate::sql::print::display_difference(y)
            .or_else(|| crate::sql::copy::copy_difference(y)),
        (Err(x), Err(y)) if x == y => None,
        _ => Some(format!("sqlparser: {a:?}\n  ours: {b:?}")),
    }
}

#[test]
fn inserts() {
    for sql in [
        "INSERT INTO t VALUES (1, 'a'), (2, 'b')",
        "INSERT INTO t (a, b) SELECT a, b FROM s WHERE a > 1",
        "INSERT INTO t DEFAULT VALUES",
        "INSERT INTO t (a) VALUES (1) RETURNING *",
        "INSERT INTO t (a) VALUES (1) RETURNING a AS x, b",
        "INSERT INTO t (a) VALUES (1) ON CONFLICT DO NOTHING",
        "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO NOTHING",
        "INSERT INTO t (a) VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING",
        "INSERT INTO t (a, b) VALUES (1, 2) ON CONFLICT (a) DO UPDATE SET b = excluded.b WHERE t.b < 3",
        "INSERT INTO t (a, b) VALUES (1, 2) ON DUPLICATE KEY UPDATE b = VALUES(b), a = a + 1",
        "INSERT IGNORE INTO t VALUES (1)",
        "INSERT LOW_PRIORITY INTO t VALUES (1)",
        "INSERT INTO t SET a = 1, b = 2",
        "INSERT INTO t VALUES (1) AS new ON DUPLICATE KEY UPDATE a = new.a",
        "INSERT INTO t AS x (a) VALUES (1)",
        "INSERT INTO t x (a) VALUES (1)",
        "INSERT t VALUES (1)",
        "INSERT INTO t () VALUES ()",
        "INSERT INTO t OUTPUT inserted.* VALUES (1)",
        "INSERT INTO t (a) OUTPUT inserted.a INTO @x VALUES (1)",
        "INSERT INTO t (a) OUTPUT inserted.a, inserted.b INTO u (c, d) VALUES (1)",
        "INSERT INTO t ((SELECT 1))",
        "INSERT INTO t (SELECT 1)",
        "INSERT OR REPLACE INTO t VALUES (1)",
        "INSERT OR IGNORE INTO t VALUES (1)",
        "REPLACE INTO t VALUES (1)",
        "REPLACE INTO t (a) VALUES (1)",
        "REPLACE t SET a = 1",
        "INSERT INTO db..t VALUES (1)",
        "INSERT INTO s.t (a) VALUES (1)",
        "INSERT INTO t (a VALUES (1)",
        "INSERT INTO",
        "INSERT INTO t VALUES",
        "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO",
        "INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY a = 1",
        "INSERT /*+ SET_VAR(x=1) */ INTO t VALUES (1)",
        "INSERT INTO t WITH x AS (SELECT 1) SELECT * FROM x",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn updates_and_deletes() {
    for sql in [
        "UPDATE t SET a = 1",
        "UPDATE t SET a = 1, b = b + 1 WHERE id = 3",
        "UPDATE t AS x SET a = 1 WHERE x.id = 3",
        "UPDATE t x SET a = 1",
        "UPDATE t SET (a, b) = (1, 2)",
        "UPDATE t SET t.a = 1",
        "UPDATE t SET a = 1 FROM u WHERE t.id = u.id",
        "UPDATE t FROM u SET a = 1",
        "UPDATE t JOIN u ON t.id = u.id SET t.a = u.a",
        "UPDATE t SET a = 1 WHERE id = 1 RETURNING id, a",
        "UPDATE t SET a = 1 ORDER BY id LIMIT 1",
        "UPDATE t SET a = 1 LIMIT 1",
        "UPDATE TOP (1) t SET a = 1",
        "UPDATE t SET a = 1 OUTPUT inserted.a, deleted.a WHERE id = 1",
        "UPDATE t WITH (ROWLOCK) SET a = 1",
        "UPDATE OR IGNORE t SET a = 1",
        "UPDATE t SET a = DEFAULT",
        "UPDATE t SET",
        "UPDATE t a = 1",
        "UPDATE t SET a 1",
        "DELETE FROM t",
        "DELETE FROM t WHERE id = 1",
        "DELETE FROM t AS x WHERE x.id = 1",
        "DELETE FROM t USING u WHERE t.id = u.id",
        "DELETE FROM t WHERE id = 1 RETURNING *",
        "DELETE FROM t ORDER BY id LIMIT 2",
        "DELETE FROM t LIMIT ALL",
        "DELETE t FROM t JOIN u ON t.id = u.id",
        "DELETE t, u FROM t JOIN u ON t.id = u.id",
        "DELETE t WHERE id = 1",
        "DELETE WHERE id = 1",
        "DELETE FROM t OUTPUT deleted.* WHERE id = 1",
        "DELETE FROM t OUTPUT deleted.id INTO done WHERE id = 1",
        "DELETE TOP (1) FROM t",
        "DELETE FROM t WITH (READPAST) WHERE id = 1",
        "DELETE FROM t WHERE CURRENT OF c",
        "DELETE FROM",
        "DELETE",
        // T-SQL's default schema, `db..t`, and its misuse elsewhere.
        "DELETE FROM db..t WHERE id = 1",
        "UPDATE db..t SET a = 1",
        "DELETE FROM db...t",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn create_tables() {
    for sql in [
        "CREATE TABLE t (a int)",
        "CREATE TABLE IF NOT EXISTS t (a int PRIMARY KEY, b text NOT NULL DEFAULT 'x')",
        "CREATE TEMPORARY TABLE t (a int)",
        "CREATE TEMP TABLE t (a int) ON COMMIT DROP",
        "CREATE UNLOGGED TABLE t (a int)",
        "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, n INT) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        "CREATE TABLE t (id INT) ENGINE = InnoDB, AUTO_INCREMENT = 5 COMMENT = 'jobs'",
        "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, n TEXT)",
        "CREATE TABLE t (id bigint IDENTITY(1,1) NOT NULL, p varbinary(max))",
        "CREATE TABLE t (id int IDENTITY, p int)",
        "CREATE TABLE t (id bigint GENERATED ALWAYS AS IDENTITY, n int)",
        "CREATE TABLE t (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY)",
        "CREATE TABLE t (a int, b int GENERATED ALWAYS AS (a * 2) STORED)",
        "CREATE TABLE t (a int, b int GENERATED ALWAYS AS (a * 2) VIRTUAL)",
        "CREATE TABLE t (a int, b int AS (a * 2))",
        "CREATE TABLE t (a int UNIQUE, b int UNIQUE KEY, c int KEY)",
        "CREATE TABLE t (a int REFERENCES u (id) ON DELETE CASCADE ON UPDATE SET NULL)",
        "CREATE TABLE t (a int REFERENCES u MATCH FULL ON DELETE NO ACTION DEFERRABLE INITIALLY DEFERRED)",
        "CREATE TABLE t (a int CHECK (a > 0), b int CONSTRAINT b_pos CHECK (b > 0))",
        "CREATE TABLE t (a int NOT NULL CHECK (a IS NOT NULL))",
        "CREATE TABLE t (a int DEFAULT 1 NOT NULL)",
        "CREATE TABLE t (a varchar(10) COLLATE utf8mb4_bin, b text CHARACTER SET utf8mb4)",
        "CREATE TABLE t (a varchar(10) COLLATE \"C\")",
        "CREATE TABLE t (a timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP)",
        "CREATE TABLE t (a int COMMENT 'the a')",
        "CREATE TABLE t (a int NULL, b int INVISIBLE)",
        "CREATE TABLE t (a int ASC, b int ON CONFLICT REPLACE)",
        "CREATE TABLE t (a, b PRIMARY KEY, c)",
        "CREATE TABLE t (a int, b int, PRIMARY KEY (a, b))",
        "CREATE TABLE t (a int, CONSTRAINT pk PRIMARY KEY (a))",
        "CREATE TABLE t (a int, CONSTRAINT PRIMARY KEY (a))",
        "CREATE TABLE t (a int, UNIQUE (a), UNIQUE KEY u (a), UNIQUE INDEX (a))",
        "CREATE TABLE t (a int, UNIQUE NULLS NOT DISTINCT (a))",
        "CREATE TABLE t (a int, KEY k (a), INDEX (a DESC))",
        "CREATE TABLE t (a int, INDEX USING BTREE (a))",
        "CREATE TABLE t (a int, FOREIGN KEY (a) REFERENCES u (id) ON DELETE CASCADE)",
        "CREATE TABLE t (a int, CONSTRAINT fk FOREIGN KEY (a) REFERENCES u)",
        "CREATE TABLE t (a int, CHECK (a > 0))",
        "CREATE TABLE t (a int, CONSTRAINT c CHECK (a > 0) NOT ENFORCED)",
        "CREATE TABLE t (a int, FULLTEXT (a))",
        "CREATE TABLE t (a int, CONSTRAINT x y)",
        "CREATE TABLE t (a int,)",
        "CREATE TABLE t (a int b int)",
        "CREATE TABLE t ()",
        "CREATE TABLE t",
        "CREATE TABLE t (1)",
        "CREATE TABLE t (a int) WITHOUT ROWID",
        "CREATE TABLE t (a int) STRICT",
        "CREATE TABLE t (a int) WITH (fillfactor = 70)",
        "CREATE TABLE t AS SELECT 1 AS a",
        "CREATE TABLE t (a int) AS SELECT 1",
        "CREATE TABLE t SELECT 1 AS a",
        "CREATE TABLE t LIKE u",
        "CREATE TABLE t (LIKE u INCLUDING DEFAULTS)",
        "CREATE TABLE [dbo].[q] ([id] [int] NOT NULL CONSTRAINT [DF_q] DEFAULT (newid()), [n] [varchar](10))",
        "CREATE TABLE s.t (a int)",
        "CREATE OR REPLACE TABLE t (a int)",
        "CREATE TABLE t (a int CONSTRAINT)",
        "CREATE TABLE t (a int ON UPDATE now())",
        "CREATE TABLE t (a int AUTO_INCREMENT)",
        "CREATE TABLE t (a int IDENTITY(1, -1))",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn other_ddl() {
    for sql in [
        "CREATE INDEX i ON t (a)",
        "CREATE INDEX ON t (a)",
        "CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a, b DESC NULLS LAST)",
        "CREATE INDEX CONCURRENTLY i ON t USING btree (a)",
        "CREATE INDEX i USING HASH ON t (a)",
        "CREATE INDEX i ON t (lower(a)) WHERE b > 0",
        "CREATE INDEX i ON t (a) INCLUDE (b, c)",
        "CREATE INDEX i ON t (a varchar_pattern_ops)",
        "CREATE INDEX i ON t (a) WITH (fillfactor = 70)",
        "CREATE UNIQUE INDEX i ON t (a) NULLS NOT DISTINCT",
        "CREATE INDEX i ON t (a) COMMENT 'x'",
        "CREATE INDEX i ON t",
        "CREATE INDEX i t (a)",
        "CREATE CLUSTERED INDEX i ON t (a)",
        "CREATE VIEW v AS SELECT 1",
        "CREATE SEQUENCE s",
        "CREATE",
        "CREATE nothing",
        "CREATE OR REPLACE INDEX i ON t (a)",
        "DROP TABLE t",
        "DROP TABLE IF EXISTS t, u CASCADE",
        "DROP TEMPORARY TABLE t",
        "DROP INDEX i",
        "DROP INDEX i ON t",
        "DROP VIEW v",
        "DROP TABLE t CASCADE RESTRICT",
        "DROP",
        "DROP THING t",
        "TRUNCATE t",
        "TRUNCATE TABLE t, u",
        "TRUNCATE TABLE t RESTART IDENTITY CASCADE",
        "TRUNCATE ONLY t",
        "ALTER TABLE t ADD COLUMN a int",
        "ALTER TABLE t ADD a int NOT NULL DEFAULT 0",
        "ALTER TABLE t ADD COLUMN IF NOT EXISTS a int",
        "ALTER TABLE t ADD COLUMN a int FIRST",
        "ALTER TABLE t ADD COLUMN a int AFTER b",
        "ALTER TABLE t ADD CONSTRAINT c UNIQUE (a)",
        "ALTER TABLE t ADD PRIMARY KEY (a)",
        "ALTER TABLE t ADD COLUMN a int, ADD COLUMN b int",
        "ALTER TABLE t RENAME TO u",
        "ALTER TABLE t RENAME COLUMN a TO b",
        "ALTER TABLE t RENAME a TO b",
        "ALTER TABLE IF EXISTS ONLY t ADD COLUMN a int",
        "ALTER TABLE t",
        "ALTER THING t",
        "ALTER",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn sequences() {
    for sql in [
        "CREATE SEQUENCE s",
        "CREATE SEQUENCE IF NOT EXISTS public.s AS integer",
        "CREATE SEQUENCE s INCREMENT BY 2 MINVALUE 1 MAXVALUE 10 START WITH 3 CACHE 1 CYCLE",
        "CREATE SEQUENCE s INCREMENT -1 NO MINVALUE NO MAXVALUE START +5 NO CYCLE OWNED BY t.id",
        "CREATE SEQUENCE s OWNED BY NONE",
        "CREATE TEMPORARY SEQUENCE s",
        "CREATE SEQUENCE s START 'x'",
        "CREATE SEQUENCE s MAXVALUE",
        "CREATE SEQUENCE s START 1 INCREMENT 1 AS bigint CYCLE OWNED BY t.id MINVALUE 0",
        "CREATE SEQUENCE s OWNED BY none.c",
        "CREATE SEQUENCE s OWNED BY \"NONE\"",
        "CREATE SEQUENCE s CACHE 1 CACHE 2",
        "CREATE SEQUENCE s NO CYCLE CYCLE",
        "CREATE SEQUENCE s AS int AS bigint",
        "DROP SEQUENCE IF EXISTS s, u",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn schemas() {
    for sql in [
        "CREATE SCHEMA pgmq",
        "CREATE SCHEMA IF NOT EXISTS \"Pgmq\"",
        "CREATE SCHEMA s AUTHORIZATION joe",
        "CREATE SCHEMA AUTHORIZATION joe",
        "CREATE SCHEMA s CREATE TABLE t (a int)",
        "CREATE OR REPLACE SCHEMA s",
        "CREATE SCHEMA",
        "CREATE SCHEMA a.b",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn lock_table() {
    for sql in [
        "LOCK TABLE q",
        "LOCK q, ONLY r *, public.s IN ACCESS EXCLUSIVE MODE NOWAIT",
        "LOCK TABLE q IN SHARE ROW EXCLUSIVE MODE",
        "LOCK TABLE q IN SHARE UPDATE EXCLUSIVE MODE",
        "LOCK TABLE q IN ROW SHARE MODE",
        "LOCK TABLE q IN ROW EXCLUSIVE MODE",
        "LOCK TABLE q IN ACCESS SHARE MODE",
        "LOCK TABLE q IN SHARE MODE",
        "LOCK TABLE q IN EXCLUSIVE MODE",
        "LOCK TABLE q IN EXCLUSIVE",
        "LOCK TABLE q IN WHATEVER MODE",
        "LOCK TABLES q WRITE",
        "LOCK",
    ] {
        agree(&[Flavor::Postgres, Flavor::Generic], sql);
    }
}

#[test]
fn prepared_statements() {
    for sql in [
        "PREPARE q AS SELECT 1",
        "PREPARE q (int, text) AS SELECT * FROM jobs WHERE id = $1 AND name = $2",
        "PREPARE q (integer) AS INSERT INTO jobs (id) VALUES ($1) RETURNING id",
        "PREPARE q AS UPDATE jobs SET done = true WHERE id = $1",
        "PREPARE q AS DELETE FROM jobs WHERE id = $1",
        "PREPARE q AS VALUES (1), (2)",
        "PREPARE q AS WITH a AS (SELECT 1) SELECT * FROM a",
        "PREPARE q AS (SELECT 1)",
        "PREPARE q AS SELECT id FROM jobs LIMIT 1 FOR UPDATE SKIP LOCKED",
        "PREPARE \"Q\" (varchar(10)[], numeric(5, 2)) AS SELECT $1, $2",
        "PREPARE q AS CREATE TABLE t (a int)",
        "PREPARE q AS PREPARE r AS SELECT 1",
        "PREPARE q AS EXECUTE r",
        "PREPARE q () AS SELECT 1",
        "PREPARE q (int SELECT 1",
        "PREPARE q SELECT 1",
        "PREPARE q AS nothing",
        "PREPARE q AS",
        "PREPARE",
        "EXECUTE q",
        "EXECUTE q()",
        "EXECUTE q(1, 'a', $1 + 2)",
        "EXECUTE q (1)",
        "EXECUTE s.q(1)",
        "EXECUTE s.",
        "EXECUTE 'q'",
        "PREPARE 'q' AS SELECT 1",
        "DEALLOCATE PREPARE 'q'",
        "EXECUTE q 1, 2",
        "EXECUTE q )",
        "EXECUTE q(1) INTO x",
        "EXECUTE q INTO x",
        "EXECUTE q USING 1",
        "EXECUTE q(1) OUTPUT",
        "EXECUTE q DEFAULT",
        "EXECUTE (1)",
        "EXECUTE IMMEDIATE 'SELECT 1'",
        "EXECUTE q(1,",
        "EXECUTE",
        "EXEC q",
        "DEALLOCATE q",
        "DEALLOCATE PREPARE q",
        "DEALLOCATE ALL",
        "DEALLOCATE PREPARE ALL",
        "DEALLOCATE \"ALL\"",
        "DEALLOCATE q r",
        "DEALLOCATE PREPARE",
        "DEALLOCATE",
    ] {
        // Every flavour: the others refuse these words by name, as before.
        agree(&FLAVORS, sql);
    }
}

/// `sql`'s statement in `f`, or the error's text.
fn statement(f: Flavor, sql: &str) -> Result<sqlparser::ast::Statement, String> {
    Parser::from_sql(f, sql)
        .and_then(|mut p| p.parse_statement())
        .map_err(|e| e.to_string())
}

#[test]
fn prepared_statements_take_sqlparsers_shapes() {
    use sqlparser::ast::{Ident, Statement};
    // ALL is a name, unquoted ("ALL" quoted is a statement's name).
    let all = statement(Flavor::Postgres, "DEALLOCATE ALL");
    assert!(
        matches!(&all, Ok(Statement::Deallocate { name, prepare: false })
            if name.value == "ALL" && name.quote_style.is_none()),
        "{all:?}"
    );
    let quoted = statement(Flavor::Postgres, "DEALLOCATE PREPARE \"ALL\"");
    assert!(
        matches!(&quoted, Ok(Statement::Deallocate { name, prepare: true })
            if *name == Ident::with_quote('"', "ALL")),
        "{quoted:?}"
    );
    for (sql, parentheses) in [("EXECUTE q", false), ("EXECUTE q()", true)] {
        let execute = statement(Flavor::Postgres, sql);
        assert!(
            matches!(&execute, Ok(Statement::Execute { parameters, has_parentheses, .. })
                if parameters.is_empty() && *has_parentheses == parentheses),
            "{execute:?}"
        );
    }
}

#[test]
fn prepared_statements_are_refused_or_wrong_with_a_position() {
    for (f, sql, text) in [
        (
            Flavor::Postgres,
            "PREPARE q AS",
            "Expected: an SQL statement, found: EOF",
        ),
        (
            Flavor::Postgres,
            "EXECUTE",
            "Expected: identifier, found: EOF",
        ),
        (
            Flavor::Postgres,
            "PREPARE q AS ;",
            "Expected: an SQL statement, found: ; at Line: 1, Column: 14",
        ),
        (
            Flavor::Postgres,
            "EXECUTE ;",
            "Expected: identifier, found: ; at Line: 1, Column: 9",
        ),
        (
            Flavor::Postgres,
            "PREPARE q AS CREATE TABLE t (a int)",
            "PREPARE of a statement other than SELECT, VALUES, INSERT, UPDATE or DELETE is not supported by Queue Lab's parser at Line: 1, Column: 14",
        ),
        (
            Flavor::Postgres,
            "EXECUTE q 1, 2",
            "EXECUTE's parameters without parentheses is not supported by Queue Lab's parser at Line: 1, Column: 11",
        ),
        (
            Flavor::Postgres,
            "EXECUTE q(1) USING 2",
            "EXECUTE ... USING is not supported by Queue Lab's parser at Line: 1, Column: 14",
        ),
        (
            Flavor::Postgres,
            "EXECUTE s.q(1)",
            "a qualified prepared statement name is not supported by Queue Lab's parser at Line: 1, Column: 9",
        ),
        (
            Flavor::Postgres,
            "DEALLOCATE 'q'",
            "a prepared statement name in single quotes is not supported by Queue Lab's parser at Line: 1, Column: 12",
        ),
        (
            Flavor::MySql,
            "PREPARE q FROM 'SELECT 1'",
            "PREPARE is not supported by Queue Lab's parser at Line: 1, Column: 1",
        ),
        (
            Flavor::MsSql,
            "DEALLOCATE c",
            "DEALLOCATE is not supported by Queue Lab's parser at Line: 1, Column: 1",
        ),
    ] {
        let e = statement(f, sql).err().unwrap_or_default();
        // At the end of the text there is no token to place the error (nor in sqlparser's).
        let placed = text.ends_with("EOF") || e.contains("at Line: 1");
        assert!(e.contains(text) && placed, "{sql}: {e}");
    }
}

/// LISTEN, UNLISTEN and NOTIFY, with the text sqlparser reads there and PostgreSQL does not
/// (a keyword or a string as channel, a plain word as payload) and its errors.
const LISTEN_NOTIFY: [&str; 23] = [
    "LISTEN jobs",
    "LISTEN \"Jobs\"",
    "LISTEN 'jobs'",
    "LISTEN select",
    "LISTEN jobs extra",
    "LISTEN s.jobs",
    "LISTEN 1",
    "LISTEN",
    "UNLISTEN *",
    "UNLISTEN jobs",
    "UNLISTEN \"*\"",
    "UNLISTEN *, jobs",
    "UNLISTEN 1",
    "UNLISTEN ;",
    "UNLISTEN",
    "NOTIFY jobs",
    "NOTIFY jobs, 'payload'",
    "NOTIFY jobs, 'it''s'",
    "NOTIFY jobs, E'a\\nb'",
    "NOTIFY jobs, 1",
    "NOTIFY jobs 'payload'",
    "NOTIFY jobs,",
    "NOTIFY",
];

#[test]
fn listen_unlisten_notify() {
    for sql in LISTEN_NOTIFY {
        // Every flavour: outside PostgreSQL these words begin no statement, to either parser.
        agree(&FLAVORS, sql);
        // `agree` passes over a refusal by name: in PostgreSQL there must be none, so that
        // each case above is compared with sqlparser's tree or error.
        let parsed = statement(Flavor::Postgres, sql);
        assert!(
            !matches!(&parsed, Err(e) if e.contains("is not supported by Queue Lab's parser")),
            "{sql}: {parsed:?}"
        );
    }
}

/// Where the servers read a string constant, a word is refused by name: sqlparser reads a word
/// that is none of its keywords, and this parser knows fewer (`sum` is one of sqlparser's;
/// fuzzing found `NOTIFY jobs, sum 'new'` read here and rejected there).
#[test]
fn a_word_where_a_string_belongs_is_refused_by_name() {
    use Flavor::{MySql, Postgres};
    let payload = "A NOTIFY payload that is a name";
    let member = "An ENUM member that is a name";
    let collation = "A SET NAMES collation that is a name";
    for (flavor, sql, what) in [
        (Postgres, "NOTIFY jobs, hello", payload),
        (Postgres, "NOTIFY jobs, select", payload),
        (Postgres, "NOTIFY jobs, sum 'new'", payload),
        (MySql, "CREATE TABLE q (s ENUM(sum, 'b'))", member),
        (MySql, "CREATE TABLE q (s ENUM('a', ready))", member),
        (
            MySql,
            "CREATE INDEX i ON q (a) COMMENT sum",
            "An index COMMENT that is a name",
        ),
        (MySql, "SET NAMES utf8mb4 COLLATE sum", collation),
        (MySql, "SET NAMES utf8mb4 COLLATE utf8mb4_bin", collation),
    ] {
        agree(&FLAVORS, sql);
        let parsed = statement(flavor, sql);
        assert!(
            matches!(&parsed, Err(e) if e.contains(&format!("{what} is not supported by Queue Lab's parser"))),
            "{sql}: {parsed:?}"
        );
    }
}

#[test]
fn listen_unlisten_notify_take_sqlparsers_shapes() -> Result<(), String> {
    use sqlparser::ast::{Ident, Statement};
    let star = statement(Flavor::Postgres, "UNLISTEN *");
    // An unquoted name `*`, as sqlparser writes its wildcard (a quoted "*" is a channel).
    assert!(
        matches!(&star, Ok(Statement::UNLISTEN { channel }) if *channel == Ident::new("*")),
        "{star:?}"
    );
    let quoted = statement(Flavor::Postgres, "UNLISTEN \"*\"");
    assert!(
        matches!(&quoted, Ok(Statement::UNLISTEN { channel }) if channel.quote_style == Some('"')),
        "{quoted:?}"
    );
    for (sql, expected) in [
        ("NOTIFY jobs", None),
        ("NOTIFY jobs, 'payload'", Some("payload")),
        ("NOTIFY jobs, 'it''s'", Some("it's")),
    ] {
        let notify = statement(Flavor::Postgres, sql);
        assert!(
            matches!(&notify, Ok(Statement::NOTIFY { channel, payload })
                if channel.value == "jobs" && payload.as_deref() == expected),
            "{notify:?}"
        );
    }
    // sqlparser's Display leaves the payload's quotes as they are; the printer follows it.
    let notify = statement(Flavor::Postgres, "NOTIFY jobs, 'it''s'")?;
    assert_eq!(
        crate::sql::print::ToSql::to_sql(&notify),
        "NOTIFY jobs, 'it's'"
    );
    Ok(())
}

#[test]
fn listen_unlisten_notify_are_wrong_with_a_position() {
    for (f, sql, text) in [
        (
            Flavor::Postgres,
            "UNLISTEN 1",
            "Expected: wildcard or identifier, found: 1 at Line: 1, Column: 10",
        ),
        (
            Flavor::Postgres,
            "UNLISTEN",
            "Expected: wildcard or identifier, found: EOF",
        ),
        (
            Flavor::Postgres,
            "NOTIFY jobs, 1",
            "Expected: literal string, found: 1 at Line: 1, Column: 14",
        ),
        (
            Flavor::Postgres,
            "LISTEN",
            "Expected: identifier, found: EOF",
        ),
        (
            Flavor::MySql,
            "LISTEN jobs",
            "Expected: an SQL statement, found: LISTEN at Line: 1, Column: 1",
        ),
        (
            Flavor::Generic,
            "NOTIFY jobs",
            "Expected: an SQL statement, found: NOTIFY at Line: 1, Column: 1",
        ),
    ] {
        let e = statement(f, sql).err().unwrap_or_default();
        assert!(e.contains(text), "{f:?} {sql}: {e}");
    }
}

#[test]
fn an_on_conflict_index_predicate_is_read_into_the_conflict_target() {
    use crate::sql::ToSql;
    use sqlparser::ast::{ConflictTarget, Expr, Insert, OnConflict, OnInsert, Statement};
    let sql = "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) WHERE b = 1 DO NOTHING";
    let tokens = crate::sql::lexer::tokenize(Flavor::Postgres, sql).unwrap_or_default();
    let statement = Parser::new(Flavor::Postgres, tokens).parse_statement();
    let Ok(Statement::Insert(Insert {
        on:
            Some(OnInsert::OnConflict(OnConflict {
                conflict_target: Some(ConflictTarget::Columns { columns, predicate }),
                ..
            })),
        ..
    })) = &statement
    else {
        panic!("no conflict target: {statement:?}");
    };
    assert_eq!(columns.len(), 1);
    assert!(
        matches!(predicate, Some(Expr::BinaryOp { .. })),
        "{predicate:?}"
    );
    // sqlparser writes no space before the columns.
    if let Ok(statement) = &statement {
        assert_eq!(
            statement.to_sql(),
            "INSERT INTO t (a) VALUES (1) ON CONFLICT(a) WHERE b = 1 DO NOTHING"
        );
    }
    for sql in [
        sql,
        "INSERT INTO t (a) VALUES (1) ON CONFLICT (a, b) WHERE b > 0 AND c IS NULL DO UPDATE SET a = 2 WHERE t.a < 5",
        "INSERT INTO t VALUES (1) ON CONFLICT (a) WHERE DO NOTHING",
        "INSERT INTO t VALUES (1) ON CONFLICT (a) WHERE b = 1",
    ] {
        agree(&FLAVORS, sql);
    }
}

#[test]
fn transactions_and_sessions() {
    for sql in [
        "BEGIN",
        "BEGIN TRANSACTION",
        "BEGIN TRAN",
        "BEGIN WORK",
        "BEGIN ISOLATION LEVEL SERIALIZABLE",
        "BEGIN TRANSACTION ISOLATION LEVEL READ COMMITTED, READ ONLY",
        "BEGIN READ WRITE ISOLATION LEVEL REPEATABLE READ",
        "BEGIN ISOLATION LEVEL",
        "BEGIN ISOLATION LEVEL READ COMMITTED,",
        "BEGIN DEFERRED",
        "BEGIN IMMEDIATE TRANSACTION",
        "BEGIN EXCLUSIVE",
        "BEGIN TRY",
        "BEGIN SELECT 1; END",
        "BEGIN SELECT 1; SELECT 2; END",
        "BEGIN SELECT 1 END",
        "START TRANSACTION",
        "START TRANSACTION READ ONLY",
        "START TRANSACTION ISOLATION LEVEL SNAPSHOT",
        "START",
        "COMMIT",
        "COMMIT WORK",
        "COMMIT TRANSACTION",
        "COMMIT AND NO CHAIN",
        "COMMIT AND CHAIN",
        "COMMIT AND",
        "END",
        "END TRANSACTION",
        "END TRY",
        "ROLLBACK",
        "ROLLBACK WORK",
        "ROLLBACK TRAN",
        "ROLLBACK TO SAVEPOINT a",
        "ROLLBACK TO a",
        "ROLLBACK TRANSACTION TO SAVEPOINT a",
        "ROLLBACK TO",
        "ABORT",
        "SAVEPOINT a",
        "SAVEPOINT",
        "RELEASE SAVEPOINT a",
        "RELEASE a",
        "SET TRANSACTION ISOLATION LEVEL READ COMMITTED",
        "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE",
        "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ UNCOMMITTED",
        "SET autocommit = 0",
        "SET autocommit = 1, @x = 2",
        "SET @a = 1, @b = @a + 1",
        "SET @a := 1",
        "SET @x = (SELECT 1)",
        "SET @x = SELECT 1",
        "SET SESSION wait_timeout = 10",
        "SET GLOBAL x = 1",
        "SET LOCAL lock_timeout = '3s'",
        "SET lock_timeout TO 250",
        "SET lock_timeout = DEFAULT",
        "SET search_path = a, b",
        "SET x",
        "SET x =",
        "SET x = 1 +",
        "SET",
        "SET NOCOUNT ON",
        "SET (a, b) = (1, 2)",
        "SET a.b = 1",
        "DECLARE @x INT",
        "DECLARE @x INT = 1",
        "DECLARE @x AS varchar(10) = 'a', @y int",
        "DECLARE c CURSOR FOR SELECT 1",
        "DECLARE x INT",
        "DECLARE c CURSOR WITH HOLD FOR SELECT 1",
        "DECLARE c BINARY INSENSITIVE SCROLL CURSOR FOR SELECT 1",
        "DECLARE c NO SCROLL CURSOR WITHOUT HOLD FOR SELECT id FROM t",
        "DECLARE",
        "USE test",
        "USE db.s",
        "PRINT 'hello'",
        "PRINT @x + 1",
        "WAITFOR DELAY '00:00:01'",
        "WAITFOR TIME '10:00'",
        "WAITFOR 1",
        "EXEC p",
        "EXEC p 1, 'a'",
        "EXECUTE p @a = 1",
        "EXEC (@sql)",
        "EXECUTE s USING 1 AS a",
        "EXECUTE s (1, 2)",
        "GRANT SELECT ON q TO bob",
        "GRANT SELECT, INSERT (a, b), UPDATE ON TABLE q, r TO bob, alice WITH GRANT OPTION",
        "GRANT ALL PRIVILEGES ON db.* TO 'bob'@'localhost'",
        "GRANT ALL ON q TO public",
        "GRANT ALL ON q TO public, bob",
        "GRANT SELECT ON q TO bob, public",
        "GRANT SELECT ON q TO ROLE r",
        "SET XACT_ABORT ON",
        "SET NOCOUNT OFF",
        "SET ANSI_NULLS, QUOTED_IDENTIFIER ON",
        "SET IDENTITY_INSERT t ON",
        "SET TRANSACTION ISOLATION LEVEL SNAPSHOT",
        "SET TIME ZONE 'UTC'",
        "SET NAMES utf8mb4",
        "SET NAMES 'utf8mb4' COLLATE 'utf8mb4_bin'",
        "SET NAMES DEFAULT",
        "SET LOCAL TIME ZONE 'UTC'",
        "SET TIME ZONE = 'UTC'",
        "SET TIMEZONE TO 'UTC'",
        "SET SESSION TIME ZONE DEFAULT",
        "GRANT nothing ON q TO bob",
        "GRANT SELECT ON q",
        "LOCK TABLE t IN ACCESS EXCLUSIVE MODE",
        "LOCK t, ONLY u IN SHARE ROW EXCLUSIVE MODE NOWAIT",
        "LOCK TABLE t IN EXCLUSIVE MODE",
        "LOCK TABLE t IN ROW SHARE",
        "LOCK TABLE t IN WHATEVER MODE",
        "LOCK TABLES t READ, u AS x WRITE",
        "LOCK TABLES t READ LOCAL, u LOW_PRIORITY WRITE",
        "LOCK TABLES t",
        "UNLOCK TABLES",
        "KILL 3",
        "EXPLAIN SELECT 1",
        "EXPLAIN ANALYZE SELECT * FROM t",
        "EXPLAIN ANALYZE VERBOSE UPDATE t SET a = 1",
        "EXPLAIN FORMAT=JSON SELECT 1",
        "EXPLAIN FORMAT TREE SELECT 1",
        "EXPLAIN FORMAT XML SELECT 1",
        "EXPLAIN QUERY PLAN SELECT 1",
        "EXPLAIN (ANALYZE) SELECT 1",
        "EXPLAIN EXPLAIN SELECT 1",
        "EXPLAIN t",
        "DESCRIBE t",
        "DESC s.t",
        "DESCRIBE EXTENDED t",
        "EXPLAIN",
        "SHOW TABLES",
        "MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE",
        "nonsense",
        "1",
        "@x = 1",
        "(SELECT 1)",
        "VALUES (1)",
        "WITH x AS (SELECT 1) SELECT * FROM x",
        "WITH d AS (DELETE FROM q RETURNING *) INSERT INTO a SELECT * FROM d",
    ] {
        agree(&FLAVORS, sql);
    }
}

/// Both parsers recurse deeply before the limit refuses: debug builds need a large stack.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(f);
    let joined = worker.map(|w| w.join());
    assert!(matches!(joined, Ok(Ok(()))), "the parse failed or panicked");
}

#[test]
fn deep_nesting_is_refused_as_sqlparser_refuses_it() {
    with_big_stack(|| {
        for depth in [48, 49, 50, 51, 60] {
            let open = "(".repeat(depth);
            let close = ")".repeat(depth);
            agree(&FLAVORS, &format!("{open}SELECT 1{close}"));
            agree(&FLAVORS, &format!("INSERT INTO t {open}SELECT 1{close}"));
            agree(&FLAVORS, &format!("UPDATE t SET a = {open}1{close}"));
        }
    });
}

#[test]
fn job_queue_schemas_and_statements() {
    for sql in [
        "CREATE TABLE oban_jobs (id bigserial PRIMARY KEY, state oban_job_state NOT NULL DEFAULT 'available', queue text NOT NULL DEFAULT 'default', args jsonb NOT NULL DEFAULT '{}', errors jsonb[] NOT NULL DEFAULT ARRAY[]::jsonb[], attempt integer NOT NULL DEFAULT 0, inserted_at timestamp without time zone NOT NULL DEFAULT timezone('UTC', now()), CONSTRAINT attempt_range CHECK (attempt >= 0 AND attempt <= max_attempts))",
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS oban_jobs_args_index ON oban_jobs USING gin (args jsonb_path_ops)",
        "CREATE TABLE delayed_jobs (id int NOT NULL AUTO_INCREMENT, priority int NOT NULL DEFAULT 0, handler text NOT NULL, run_at datetime DEFAULT NULL, locked_by varchar(255) DEFAULT NULL, PRIMARY KEY (id), KEY delayed_jobs_priority (priority, run_at)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
        "CREATE TABLE solid_queue_jobs (id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, queue_name varchar(255) NOT NULL, finished_at datetime(6), created_at datetime(6) NOT NULL, INDEX index_on_class_name (class_name), UNIQUE INDEX idx_active (active_job_id))",
        "CREATE TABLE jobs (id bigint unsigned NOT NULL, n int unsigned DEFAULT '0', b tinyint(1) NOT NULL DEFAULT 0, e enum('a','b') DEFAULT 'a')",
        "CREATE TABLE q (Id bigint IDENTITY(1,1) NOT NULL CONSTRAINT PK_q PRIMARY KEY CLUSTERED, Payload nvarchar(max))",
        "CREATE TABLE q (Id uniqueidentifier NOT NULL DEFAULT NEWSEQUENTIALID(), At datetime2(7) NOT NULL DEFAULT SYSUTCDATETIME())",
        "CREATE UNIQUE NONCLUSTERED INDEX i ON q (Id)",
        "CREATE TABLE que_jobs (priority smallint NOT NULL DEFAULT 100, run_at timestamptz NOT NULL DEFAULT now(), job_id bigserial NOT NULL, args json NOT NULL DEFAULT '[]'::json, CONSTRAINT que_jobs_pkey PRIMARY KEY (queue, priority, run_at, job_id))",
        "CREATE TABLE t (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int NOT NULL REFERENCES u (id) ON DELETE CASCADE)",
        "CREATE TABLE IF NOT EXISTS good_jobs (id uuid PRIMARY KEY, queue_name text, priority integer, serialized_params jsonb, scheduled_at timestamp, performed_at timestamp, finished_at timestamp, error text, created_at timestamp NOT NULL, updated_at timestamp NOT NULL)",
        "UPDATE jobs SET locked_at = now(), locked_by = $1 WHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *",
        "DELETE FROM jobs WHERE id IN (SELECT id FROM jobs LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id",
        "INSERT INTO jobs (args) VALUES ($1::jsonb) RETURNING id",
        "INSERT INTO jobs (args) VALUES (?), (?)",
        "WITH cte AS (SELECT TOP(1) * FROM q WITH (ROWLOCK, READPAST) ORDER BY Id) DELETE FROM cte OUTPUT deleted.Payload",
        "UPDATE jobs SET locked_by = 'w1' WHERE locked_by IS NULL ORDER BY priority DESC, id LIMIT 1",
        "UPDATE jobs SET id = LAST_INSERT_ID(id), n = n + 1 WHERE n < 3 LIMIT 1",
        "UPDATE q SET vt = now() + interval '30 seconds', read_ct = read_ct + 1 WHERE msg_id = 1 RETURNING *",
        "UPDATE TOP (1) q WITH (UPDLOCK, READPAST) SET state = 'taken' OUTPUT inserted.Id WHERE state = 'new'",
        "INSERT INTO q (Payload) OUTPUT inserted.Id VALUES (@p)",
        "INSERT INTO done SELECT * FROM q WHERE id = 1",
        "INSERT INTO t (a, b) VALUES (1, DEFAULT)",
        "DELETE FROM q WHERE id = (SELECT id FROM q ORDER BY id LIMIT 1) RETURNING id, payload",
        "DELETE q FROM q WHERE id = 1",
        "ALTER TABLE q ADD COLUMN fed TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP",
        "ALTER TABLE jobs ADD CONSTRAINT jobs_fk FOREIGN KEY (run) REFERENCES runs (id)",
        "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED",
        "SET @@session.transaction_isolation = 'READ-COMMITTED'",
        "SET innodb_lock_wait_timeout = 1",
        "START TRANSACTION WITH CONSISTENT SNAPSHOT",
        "SET statement_timeout = 0",
        "SET idle_in_transaction_session_timeout = '5min'",
        "SET application_name TO 'worker'",
        "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ WRITE",
        "SET LOCK_TIMEOUT 1000",
        "BEGIN TRAN T1",
        "COMMIT TRAN",
        "ROLLBACK TRAN s",
        "SAVE TRANSACTION s",
        "IF @x = 1 SELECT 1",
        "IF @x = 1 SELECT 1 ELSE SELECT 2",
        "IF @x = 1 SELECT 1; ELSE SELECT 2;",
        "IF @x = 1 SELECT 1;",
        "IF @x = 1 BEGIN SELECT 1; UPDATE t SET a = 1 END ELSE BEGIN SELECT 2 END",
        "IF EXISTS (SELECT 1 FROM t) BEGIN DELETE FROM t END",
        "IF @x = 1 BEGIN SELECT 1",
        "IF @x = 1",
        "IF",
        "BEGIN DISTRIBUTED TRANSACTION",
        "DELETE TOP (10) FROM q OUTPUT deleted.* WHERE id > 0",
        "UPDATE q SET n = n + 1 OUTPUT inserted.n INTO @t (n) WHERE id = 1",
        "INSERT INTO #tmp (a) VALUES (1)",
        "TRUNCATE TABLE #tmp",
        "DROP TABLE IF EXISTS #tmp",
        "SET DEADLOCK_PRIORITY LOW",
    ] {
        agree(&FLAVORS, sql);
    }
}

/// Every statement of the corpus cut after each of its tokens: both parsers must give the
/// same tree or the same error for each cut (the errors of statements typed half-way).
#[test]
fn corpus_statements_cut_short() {
    let corpus = include_str!("../../../tests/sql_corpus.jsonl");
    let mut differ = 0;
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["entry"] != "statement" {
            continue;
        }
        let f = match v["flavor"].as_str() {
            Some("MySql") => Flavor::MySql,
            Some("Postgres") => Flavor::Postgres,
            Some("MsSql") => Flavor::MsSql,
            Some("Sqlite") => Flavor::Sqlite,
            _ => Flavor::Generic,
        };
        let sql = v["sql"].as_str().unwrap_or_default();
        let d = dialect(f);
        let Ok(tokens) = Tokenizer::new(d.as_ref(), sql).tokenize_with_location() else {
            continue;
        };
        // Cutting a statement of thousands of tokens at every one of them takes too long.
        if tokens.len() > 400 {
            continue;
        }
        for cut in 1..tokens.len() {
            let prefix = tokens[..cut].to_vec();
            let mut theirs = sqlparser::parser::Parser::new(d.as_ref())
                .with_tokens_with_locations(prefix.clone());
            let a = theirs.parse_statement().map_err(|e| e.to_string());
            let a_next = theirs.peek_token().token;
            let mut ours = Parser::new(f, prefix);
            let b = ours.parse_statement().map_err(|e| e.to_string());
            let b_next = ours.peek_token().token;
            let same = match (&a, &b) {
                (Ok(x), Ok(y)) => x == y && a_next == b_next,
                // A statement ours refuses by name is refused whole, however it is cut.
                (_, Err(y)) if y.contains("is not supported by Queue Lab's parser") => true,
                (Err(x), Err(y)) => x == y,
                _ => false,
            };
            if !same {
                differ += 1;
                let text: String = tokens[..cut].iter().map(|t| t.token.to_string()).collect();
                eprintln!("--- {f:?}: {text}\n  sqlparser: {a:?}\n  ours:      {b:?}");
                break;
            }
        }
    }
    assert_eq!(differ, 0, "{differ} statements differ when cut short");
}

/// Scripts of several statements read as sqlparser's `parse_sql` reads them.
#[test]
fn statement_lists() {
    for sql in [
        "SELECT 1; SELECT 2",
        "SELECT 1;; SELECT 2;",
        ";",
        "",
        "SELECT 1 SELECT 2",
        "SELECT 1 END",
        "BEGIN; UPDATE t SET a = 1; COMMIT;",
        "INSERT INTO t VALUES (1); END; SELECT 1",
        "SELECT 1; nonsense",
    ] {
        for f in FLAVORS {
            let d = dialect(f);
            let theirs =
                sqlparser::parser::Parser::parse_sql(d.as_ref(), sql).map_err(|e| e.to_string());
            let ours = Parser::parse_sql(f, sql).map_err(|e| e.to_string());
            assert_eq!(theirs, ours, "{f:?}: {sql}");
        }
    }
}
