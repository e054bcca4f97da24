//! Bad input: every mistake gets the vendor's error or a clear positioned message, never a
//! panic or a hang.

mod common;
use common::*;
use queuelab::{run_script, Dialect, RunConfig};

#[test]
fn duplicate_key_names_the_key_and_the_value_as_mysql() {
    let t = mysql(&format!(
        "{RING_TABLE} INSERT INTO q VALUES (0, 0, 'a'); INSERT INTO q VALUES (1, 0, 'b');"
    ));
    let e = err(last(&t));
    assert_eq!(
        (e.native.as_str(), e.class.as_str()),
        ("1062", "unique_violation")
    );
    assert_eq!(
        last(&t).client_text,
        "ERROR 1062 (23000): Duplicate entry '0' for key 'modulo'"
    );
}

#[test]
fn duplicate_primary_key_is_key_primary() {
    let t = mysql(&format!(
        "{RING_TABLE} INSERT INTO q VALUES (0, 0, 'a'), (0, 1, 'b');"
    ));
    assert_eq!(
        last(&t).client_text,
        "ERROR 1062 (23000): Duplicate entry '0' for key 'PRIMARY'"
    );
    // The failed statement changed nothing.
    assert!(table(last(&t), "q").rows.is_empty());
}

#[test]
fn composite_duplicate_joins_the_values_with_a_dash() {
    let t = mysql(
        "CREATE TABLE q (id int, modulo int, kind char(1), PRIMARY KEY(id, kind), UNIQUE KEY(modulo, kind));
         INSERT INTO q VALUES (0, 0, 'f');
         INSERT INTO q VALUES (1, 0, 'f');",
    );
    assert_eq!(
        last(&t).client_text,
        "ERROR 1062 (23000): Duplicate entry '0-f' for key 'modulo'"
    );
}

#[test]
fn syntax_errors_point_at_line_and_column() {
    let t = mysql("SELECT 1;\nINSERT INTO q VALUES (1, 2 3);");
    let e = err(last(&t));
    let pos = e.pos.expect("a position");
    assert_eq!((pos.line, pos.column), (2, 28));
    assert_eq!(
        e.message,
        "syntax error at line 2, column 28: Expected: ), found: 3"
    );
}

#[test]
fn a_missing_semicolon_is_named() {
    let t = mysql("select 1\nselect 2;");
    let e = err(last(&t));
    assert!(
        e.message.contains("end the previous one with a semicolon"),
        "{}",
        e.message
    );
    assert_eq!(e.pos.map(|p| (p.line, p.column)), Some((2, 1)));
}

#[test]
fn unsupported_statements_name_themselves_and_say_what_to_use() {
    let t = mysql("GRANT SELECT ON q TO bob;");
    let e = err(last(&t));
    assert!(
        e.message.starts_with("GRANT is not supported here"),
        "{}",
        e.message
    );
    assert!(e.message.contains("Queue Lab runs"));
    assert_eq!(e.pos.map(|p| (p.line, p.column)), Some((1, 1)));
}

/// A statement the parser knows but does not read (a trigger's body is a program, not a
/// queue statement) is refused by name, worded as a refusal in every dialect: never as a
/// syntax error, which would tell the learner the SQL is wrong.
#[test]
fn statements_the_parser_refuses_are_refusals_not_syntax_errors() {
    let sql = "SELECT 1;\nCREATE TRIGGER trg AFTER INSERT ON q FOR EACH ROW BEGIN END;";
    for t in [mysql(sql), postgres(sql)] {
        let e = err(last(&t));
        assert!(
            e.message
                .starts_with("CREATE TRIGGER is not supported here: Queue Lab runs"),
            "{}",
            e.message
        );
        // At the word the refusal names.
        assert_eq!(e.pos.map(|p| (p.line, p.column)), Some((2, 8)));
    }
}

#[test]
fn unknown_tables_and_columns_speak_mysql() {
    let t = mysql(&format!(
        "{RING_TABLE} SELECT * FROM nope; SELECT colour FROM q; SELECT id FROM q JOIN q r ON true;"
    ));
    assert_eq!(
        t.steps[1].client_text,
        "ERROR 1146 (42S02): Table 'test.nope' doesn't exist"
    );
    assert_eq!(
        t.steps[2].client_text,
        "ERROR 1054 (42S22): Unknown column 'colour' in 'SELECT'"
    );
    // An ambiguous name's SQLSTATE is 23000, as the server sends it.
    assert_eq!(
        t.steps[3].client_text,
        "ERROR 1052 (23000): Column 'id' in SELECT is ambiguous"
    );
}

/// MariaDB names the clause a misspelt column was in; before, the lab always said
/// 'field list', and a column missing from an INSERT's list was SQLite's own message
/// (`my-unknown-columns` holds the server's words for each).
#[test]
fn unknown_columns_name_their_clause_as_mariadb() {
    let cases = [
        ("SELECT id FROM q WHERE colour = 1", "WHERE"),
        ("SELECT id FROM q ORDER BY colour", "ORDER BY"),
        ("SELECT fruit, count(*) FROM q GROUP BY colour", "GROUP BY"),
        ("SELECT a.id FROM q a JOIN q b ON colour = b.id", "ON"),
        ("UPDATE q SET fruit = colour", "SET"),
        ("UPDATE q SET colour = 1", "SET"),
        ("UPDATE q SET fruit = 'a' WHERE colour = 1", "WHERE"),
        ("INSERT INTO q (id, colour) VALUES (1, 2)", "INSERT INTO"),
        ("INSERT INTO q (id) VALUES (colour)", "VALUES"),
        ("INSERT INTO q (id, modulo, fruit) VALUES (1, 1, 'a') ON DUPLICATE KEY UPDATE colour = 1", "UPDATE"),
        ("INSERT INTO q (id, modulo, fruit) VALUES (1, 1, 'a') ON DUPLICATE KEY UPDATE fruit = colour", "SELECT"),
        ("SELECT id FROM q WHERE id IN (SELECT colour FROM q)", "SELECT"),
        ("DELETE FROM q WHERE id = 1 RETURNING colour", "RETURNING"),
    ];
    for (sql, clause) in cases {
        let t = mysql(&format!("{RING_TABLE} {sql};"));
        assert_eq!(
            last(&t).client_text,
            format!("ERROR 1054 (42S22): Unknown column 'colour' in '{clause}'"),
            "{sql}"
        );
    }
}

const PG_QUEUE: &str = "CREATE TABLE q (id int PRIMARY KEY, fruit text NOT NULL);";

/// PostgreSQL says which table lacks a column the statement writes, and prints a qualified
/// name without quotes (`pg-unknown-columns`).
#[test]
fn unknown_columns_speak_postgres() {
    let cases = [
        (
            "INSERT INTO q (id, colour) VALUES (1, 2)",
            "column \"colour\" of relation \"q\" does not exist",
        ),
        (
            "UPDATE q SET colour = 1",
            "column \"colour\" of relation \"q\" does not exist",
        ),
        (
            "INSERT INTO q (id, fruit) VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET colour = 1",
            "column \"colour\" of relation \"q\" does not exist",
        ),
        (
            "UPDATE q SET fruit = colour",
            "column \"colour\" does not exist",
        ),
        ("SELECT x.colour FROM q x", "column x.colour does not exist"),
        (
            "SELECT x.id FROM q x JOIN q y ON x.colour = y.id",
            "column x.colour does not exist",
        ),
    ];
    for (sql, message) in cases {
        let t = postgres(&format!("{PG_QUEUE} {sql};"));
        let e = err(last(&t));
        assert_eq!(
            (e.native.as_str(), e.message.as_str()),
            ("42703", message),
            "{sql}"
        );
    }
}

/// SQLite refuses HAVING in a query with no GROUP BY and no aggregate, where MariaDB filters
/// with it: the lab refuses it by name, never in SQLite's words. PostgreSQL refuses it with
/// its own rule for grouped queries (`pg-ungrouped-columns`).
#[test]
fn having_without_grouping_is_refused_by_name() {
    let t = mysql(&format!("{RING_TABLE} SELECT id FROM q HAVING id > 1;"));
    let e = err(last(&t));
    assert!(
        e.message
            .starts_with("HAVING without GROUP BY or an aggregate is not supported here"),
        "{}",
        e.message
    );
    let t = postgres(&format!("{PG_QUEUE} SELECT id FROM q HAVING id > 1;"));
    let e = err(last(&t));
    assert_eq!(
        (e.native.as_str(), e.message.as_str()),
        (
            "42803",
            "column \"q.id\" must appear in the GROUP BY clause or be used in an aggregate function"
        )
    );
}

/// A grouped query that reads an ungrouped column is PostgreSQL's 42803, where SQLite would
/// answer with some row's value; the primary key, an ordinal, an output name and the same
/// expression group it.
#[test]
fn ungrouped_columns_are_postgres_42803() {
    let table = "CREATE TABLE j (id int PRIMARY KEY, queue text, n int); INSERT INTO j VALUES (1, 'a', 1), (2, 'a', 2);";
    for (sql, bad) in [
        ("SELECT id, count(*) FROM j GROUP BY queue", Some("j.id")),
        ("SELECT max(id), n FROM j", Some("j.n")),
        // The aggregate after the column still makes it a grouped query.
        ("SELECT n, count(*) FROM j", Some("j.n")),
        ("SELECT n + max(id) FROM j", Some("j.n")),
        ("SELECT x.n FROM j x GROUP BY x.queue", Some("x.n")),
        (
            "SELECT queue, count(*) FROM j GROUP BY queue ORDER BY n",
            Some("j.n"),
        ),
        (
            "SELECT queue, count(*) AS c FROM j GROUP BY 1 ORDER BY c",
            None,
        ),
        ("SELECT queue AS q, max(n) FROM j GROUP BY q", None),
        ("SELECT id, queue FROM j GROUP BY id", None),
        (
            "SELECT lower(queue), count(*) FROM j x GROUP BY lower(x.queue)",
            None,
        ),
        ("SELECT id, (SELECT max(n) FROM j) FROM j", None),
    ] {
        let t = postgres(&format!("{table} {sql};"));
        let step = last(&t);
        match bad {
            Some(c) => assert_eq!(
                err(step).message,
                format!("column \"{c}\" must appear in the GROUP BY clause or be used in an aggregate function"),
                "{sql}"
            ),
            None => {
                ok(step);
            }
        }
    }
    // A misspelt GROUP BY column is the server's first error.
    let t = postgres(&format!("{table} SELECT n, count(*) FROM j GROUP BY nope;"));
    assert_eq!(err(last(&t)).message, "column \"nope\" does not exist");
}

/// A qualifier no relation of the statement is called by is PostgreSQL's 42P01, never an
/// unknown column; an outer alias in a correlated subquery is known.
#[test]
fn a_missing_from_entry_is_postgres_42p01() {
    let table = "CREATE TABLE j (id int PRIMARY KEY, n int); INSERT INTO j VALUES (1, 1), (2, 2);";
    for (sql, message) in [
        (
            "SELECT x.id FROM j a",
            Some("missing FROM-clause entry for table \"x\""),
        ),
        (
            "SELECT X.id FROM j a",
            Some("missing FROM-clause entry for table \"x\""),
        ),
        (
            "UPDATE j a SET n = j.n + 1",
            Some("invalid reference to FROM-clause entry for table \"j\""),
        ),
        (
            "DELETE FROM j WHERE id IN (SELECT b.id FROM j a)",
            Some("missing FROM-clause entry for table \"b\""),
        ),
        (
            "SELECT a.id FROM j a WHERE EXISTS (SELECT 1 FROM j b WHERE b.n = a.n)",
            None,
        ),
        (
            "INSERT INTO j VALUES (1, 5) ON CONFLICT (id) DO UPDATE SET n = j.n + excluded.n",
            None,
        ),
    ] {
        let t = postgres(&format!("{table} {sql};"));
        match message {
            Some(m) => {
                let e = err(last(&t));
                assert_eq!(
                    (e.native.as_str(), e.message.as_str()),
                    ("42P01", m),
                    "{sql}"
                );
            }
            None => {
                ok(last(&t));
            }
        }
    }
}

/// MariaDB gives a bare column the value of the first row of its group in the order of the
/// index it reads (here the primary key's: id 1), SQLite the first row it inserted (id 3),
/// or beside min() and max() the extreme's: refused by name unless the primary key is grouped.
#[test]
fn bare_columns_of_mariadb_grouped_queries_are_refused_by_name() {
    let table = "CREATE TABLE j (id int PRIMARY KEY, queue int, name varchar(9)); INSERT INTO j VALUES (3, 1, 'c'), (1, 1, 'a'), (2, 2, 'b');";
    for (sql, refused) in [
        ("SELECT name, max(id) FROM j", Some("j.name")),
        (
            "SELECT queue, name, count(*) FROM j GROUP BY queue",
            Some("j.name"),
        ),
        ("SELECT count(*), name FROM j", Some("j.name")),
        (
            "SELECT x.queue FROM j x GROUP BY name HAVING max(id) > 1",
            Some("x.queue"),
        ),
        (
            "SELECT queue, max(id) FROM j GROUP BY queue ORDER BY name",
            Some("j.name"),
        ),
        ("SELECT queue, max(id) FROM j GROUP BY queue", None),
        ("SELECT id, name, max(queue) FROM j GROUP BY id", None),
        ("SELECT group_concat(name), max(id) FROM j", None),
        ("SELECT name, greatest(id, queue) FROM j", None),
    ] {
        let step = mysql(&format!("{table} {sql};"));
        let step = last(&step);
        match refused {
            Some(c) => assert_eq!(
                err(step).message,
                format!("A column of a grouped query that is neither grouped nor in an aggregate ({c}) is not supported here: MariaDB takes it from the first row it reads, in an order the lab's store does not follow; group by it, or read one row with ORDER BY ... LIMIT 1"),
                "{sql}"
            ),
            None => {
                ok(step);
            }
        }
    }
}

/// Without ORDER BY, a LIMIT over a range of a secondary index, or over one that holds every
/// column the read needs, picks rows by MariaDB's optimizer (the index's order or the primary
/// key's, by its statistics and costs): refused by name.
/// Where every path gives the primary key's order the lab writes it out (`my-scan-order`).
#[test]
fn limit_without_order_over_an_index_range_is_refused_by_name() {
    let table = "CREATE TABLE j (id int PRIMARY KEY, due int, KEY (due)); INSERT INTO j VALUES (2, 5), (1, 7);";
    for sql in [
        "SELECT id FROM j WHERE due > 1 LIMIT 1",
        "UPDATE j SET due = 0 WHERE due < 9 LIMIT 1",
        "DELETE FROM j WHERE due BETWEEN 1 AND 9 LIMIT 1",
        "SELECT * FROM j WHERE id = (SELECT id FROM j WHERE due > 1 LIMIT 1)",
        // The index on due holds both columns: scanned or not by the optimizer's costs.
        "SELECT id, due FROM j LIMIT 1",
    ] {
        let t = mysql(&format!("{table} {sql};"));
        assert!(
            err(last(&t)).message.starts_with("LIMIT without ORDER BY over a table with an index is not supported here: MariaDB's optimizer reads the rows through the index on (due)"),
            "{sql}"
        );
    }
    for (sql, first) in [
        ("SELECT id FROM j WHERE due > 1 ORDER BY id LIMIT 1", "1"),
        ("SELECT id FROM j WHERE due = 5 LIMIT 1", "2"),
    ] {
        let t = mysql(&format!("{table} {sql};"));
        assert_eq!(rows(last(&t))[0][0], first, "{sql}");
    }
}

#[test]
fn runaway_sql_is_interrupted_by_the_step_budget() {
    let config = RunConfig {
        step_budget: 200_000,
        ..RunConfig::default()
    };
    let t = run_script(
        Dialect::MySql,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c; SELECT 42;",
        &config,
    );
    let e = err(&t.steps[0]);
    assert_eq!(e.native, "1317");
    assert!(e.message.contains("step budget"));
    // The session goes on after the interrupted statement.
    assert_eq!(rows(&t.steps[1]), [["42"]]);
}

#[test]
fn an_unterminated_string_is_a_diagnostic_with_a_position() {
    let t = mysql("SELECT 'apples;\n");
    assert!(t.steps.is_empty());
    assert_eq!(t.diagnostics[0].pos.line, 1);
    assert!(t.diagnostics[0].message.contains("Unterminated"));
}

#[test]
fn table_already_exists_is_error_1050() {
    let t = mysql(&format!("{RING_TABLE}{RING_TABLE}"));
    assert_eq!(
        last(&t).client_text,
        "ERROR 1050 (42S01): Table 'q' already exists"
    );
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        ";;;",
        "(((",
        "INSERT INTO",
        "select * from q mod",
        "mod mod mod",
        "’’’",
        "\u{a0}",
        "CREATE TABLE t (a int, UNIQUE KEY(b));",
        "ALTER TABLE nope ADD COLUMN x int;",
        "INSERT INTO q SELECT 1 mod 0;",
        "DROP TABLE nope;",
        "UPDATE q SET x = 1 ORDER BY id LIMIT 1;",
    ] {
        let _ = mysql(text);
        let _ = postgres(text);
    }
}

#[test]
fn a_row_clashing_on_two_keys_is_reported_on_the_primary_key_first() {
    let t = mysql(&format!(
        "{RING_TABLE} INSERT INTO q VALUES (0, 0, 'a'); INSERT INTO q VALUES (0, 0, 'b');"
    ));
    assert_eq!(
        last(&t).client_text,
        "ERROR 1062 (23000): Duplicate entry '0' for key 'PRIMARY'"
    );
}

#[test]
fn values_a_column_type_does_not_admit_fail_as_the_server_fails_them() {
    let table = "CREATE TABLE jobs (id int PRIMARY KEY, tries tinyint unsigned, kind varchar(4));";
    let cases = [
        ("INSERT INTO jobs (id) VALUES ('x7');", "ERROR 1366 (22007): Incorrect integer value: 'x7' for column `test`.`jobs`.`id` at row 1"),
        ("INSERT INTO jobs (id) VALUES ('7x');", "ERROR 1265 (01000): Data truncated for column 'id' at row 1"),
        ("INSERT INTO jobs (id, tries) VALUES (1, -1);", "ERROR 1264 (22003): Out of range value for column 'tries' at row 1"),
        ("INSERT INTO jobs (id, kind) VALUES (1, 'mail'), (2, 'email');", "ERROR 1406 (22001): Data too long for column 'kind' at row 2"),
    ];
    for (sql, said) in cases {
        let t = mysql(&format!("{table} {sql} SELECT count(*) FROM jobs;"));
        assert_eq!(t.steps[1].client_text, said);
        assert_eq!(
            rows(last(&t)),
            [["0"]],
            "{sql}: the statement changed nothing"
        );
    }
    // Both servers cut spaces past varchar(n) without an error: not modelled (the row would
    // keep them), so refused by name in both.
    let pg = postgres(&format!(
        "{table} INSERT INTO jobs (id, kind) VALUES (1, 'mail   ');"
    ));
    let my = mysql(&format!(
        "{table} INSERT INTO jobs (id, kind) VALUES (2, CONCAT('mail', '   '));"
    ));
    for refused in [last(&pg), last(&my)] {
        assert!(
            err(refused).message.contains("spaces past its length"),
            "{}",
            err(refused).message
        );
    }
}

#[test]
fn what_sqlite_lacks_is_refused_by_name_never_in_sqlites_words() {
    let cases = [
        ("SELECT FROM_UNIXTIME(0);", "the function FROM_UNIXTIME() is not supported here"),
        (
            "CREATE TABLE j (id int, s enum('a', 'b'));",
            "MariaDB keeps an ENUM's member",
        ),
        // Before, kept as written (upper case stayed, and UUIDs sorted as text).
        (
            "CREATE TABLE j (id UUID PRIMARY KEY);",
            "the column type UUID: MariaDB keeps a UUID in lower case",
        ),
        (
            "CREATE TABLE c (id int); CREATE TABLE p (id int); DELETE c FROM c JOIN p ON p.id = c.id;",
            "a multi-table UPDATE or DELETE",
        ),
        // Before, a syntax error ("Expected: SET, found: ,"): the server reads it.
        (
            "CREATE TABLE c (id int); CREATE TABLE p (id int); UPDATE c, p SET c.id = 1 WHERE p.id = c.id;",
            "a multi-table UPDATE (tables separated by commas) is not supported here: its row locks follow the join order",
        ),
        // Before, taken for an AUTO_INCREMENT column: the total was a counter.
        (
            "CREATE TABLE o (a int, b int, total int AS (a + b) STORED);",
            "the generated column `total` (GENERATED ALWAYS AS (...)) is not modelled",
        ),
        // The server leaves open sessions as they are; before, taken for SET TRANSACTION.
        (
            "SET GLOBAL TRANSACTION ISOLATION LEVEL READ COMMITTED;",
            "SET GLOBAL TRANSACTION is not supported here: it sets only sessions that connect later",
        ),
        // InnoDB reserves values around the given ids in ways the lab does not model.
        (
            "CREATE TABLE q (id int AUTO_INCREMENT PRIMARY KEY, v int); INSERT INTO q (id, v) VALUES (NULL, 1), (7, 2);",
            "a VALUES list that gives some rows their id and leaves it to AUTO_INCREMENT for others",
        ),
    ];
    for (sql, words) in cases {
        let t = mysql(sql);
        let e = err(last(&t));
        assert!(e.message.contains(words), "{sql}: {}", e.message);
        assert!(!e.message.contains("SQLite:"), "{sql}: {}", e.message);
    }
}

/// A column computed from others is refused by name in PostgreSQL too; an identity column is
/// a sequence's (`pg-sequence-nextval`, `pg-identity-always` hold what it does).
#[test]
fn a_generated_column_is_refused_by_name_in_postgres() {
    let t =
        postgres("CREATE TABLE o (a int, b int, total int GENERATED ALWAYS AS (a + b) STORED);");
    let e = err(last(&t));
    assert!(
        e.message
            .contains("the generated column `total` (GENERATED ALWAYS AS (...)) is not modelled"),
        "{}",
        e.message
    );
}

/// MySQL and SQL Server match savepoint names whatever their case, letters beyond ASCII
/// included; the lab folds ASCII letters only, so it refuses other letters by name rather than
/// miss a match. ASCII names match in any case.
#[test]
fn savepoint_names_beyond_ascii_are_refused_where_case_is_ignored() {
    let t = mysql("BEGIN; SAVEPOINT Ä; ROLLBACK TO ä;");
    let e = err(&t.steps[1]);
    assert!(
        e.message
            .starts_with("A savepoint name with letters beyond ASCII is not supported here"),
        "{}",
        e.message
    );
    let t = mysql("BEGIN; SAVEPOINT Retry; ROLLBACK TO retry; SELECT 1;");
    assert_eq!(rows(last(&t)), [["1"]]);
    for s in &t.steps {
        ok(s);
    }
}

#[test]
fn mariadb_prepared_statements_are_refused_with_what_to_write_instead() {
    let t = mysql("PREPARE s FROM 'SELECT 1';\nEXECUTE s USING @a;\nDEALLOCATE PREPARE s;");
    for s in &t.steps {
        let e = err(s);
        assert!(
            e.message
                .contains("is not supported here: MariaDB's prepared statements are not modelled")
                && e.message.contains("SET @id = 1"),
            "{}",
            e.message
        );
    }
    assert_eq!(t.steps.len(), 3);
}

/// Where MariaDB reads a string constant (an ENUM member, an index COMMENT), a name is refused
/// with what to write; so is SET NAMES' collation written as a name, which the server reads too.
#[test]
fn mariadb_names_where_a_string_belongs_are_refused_with_what_to_write() {
    let t = mysql(
        "CREATE TABLE q (s ENUM(ready, 'done'));\n\
         CREATE TABLE r (a int, KEY i (a) COMMENT by_queue);\n\
         SET NAMES utf8mb4 COLLATE utf8mb4_bin;\n\
         SET NAMES utf8mb4 COLLATE 'utf8mb4_bin';",
    );
    for (step, what) in [
        (0, "An ENUM member"),
        (1, "An index COMMENT"),
        (2, "A SET NAMES collation"),
    ] {
        let e = err(&t.steps[step]);
        assert!(
            e.message.starts_with(what)
                && e.message.contains("write a string constant there")
                && e.message
                    .contains("ENUM('ready', 'done'); COMMENT 'by queue'"),
            "{}",
            e.message
        );
        assert_eq!(
            (e.native.as_str(), e.pos.map(|p| p.line)),
            ("1064", Some(step as u32 + 1))
        );
    }
    ok(&t.steps[3]);
}

/// MariaDB has no `INSERT ... DEFAULT VALUES` (1064 there; SQLite would run it): refused with
/// MariaDB's own form, `() VALUES ()`, which runs, as `VALUES ()` does (they answered 1136).
#[test]
fn mariadb_every_columns_default_is_written_its_own_way() {
    let t = mysql(
        "CREATE TABLE j (id int AUTO_INCREMENT PRIMARY KEY, k varchar(10) DEFAULT 'a');\n\
         INSERT INTO j DEFAULT VALUES;\n\
         INSERT INTO j () VALUES ();\n\
         INSERT INTO j VALUES ();\n\
         INSERT INTO j (id, k) VALUES (DEFAULT, DEFAULT);\n\
         SELECT id, k FROM j ORDER BY id;",
    );
    let e = err(&t.steps[1]);
    assert_eq!(e.native, "1064");
    assert!(
        e.message.ends_with("write INSERT INTO t () VALUES ()"),
        "{}",
        e.message
    );
    for s in &t.steps[2..5] {
        assert_eq!(ok(s).affected, Some(1));
    }
    assert_eq!(rows(&t.steps[5]), [["1", "a"], ["2", "a"], ["3", "a"]]);
}

/// MariaDB 10.11 takes no alias in a single-table DELETE (1064 there; SQLite ran it); the
/// multi-table form names its alias first and is refused as a join.
#[test]
fn mariadb_single_table_delete_takes_no_alias() {
    let t = mysql(
        "CREATE TABLE jobs (id int PRIMARY KEY);\n\
         INSERT INTO jobs VALUES (1), (2);\n\
         DELETE FROM jobs j WHERE j.id = 2;\n\
         DELETE FROM jobs AS j WHERE j.id = 2;\n\
         DELETE FROM jobs WHERE jobs.id = 2;",
    );
    for s in &t.steps[2..4] {
        let e = err(s);
        assert_eq!(e.native, "1064");
        assert!(
            e.message
                .starts_with("An alias of a single-table DELETE's table")
                && e.message.ends_with("DELETE FROM jobs WHERE jobs.id = 2"),
            "{}",
            e.message
        );
    }
    assert_eq!(ok(&t.steps[4]).affected, Some(1));
}

/// PostgreSQL operators SQLite has no token for (`#`, `!~`; `^` runs as `power()`) are
/// refused in the words of every refusal, never as "SQLite: unrecognized token" (an
/// internal error, XX000, before);
/// `max(vt) - min(vt)` is arithmetic on a time, refused by name where SQLite had subtracted
/// the texts' leading numbers (0, for the server's `00:02:00`).
#[test]
fn postgres_operators_sqlite_lacks_and_time_arithmetic_are_refused_by_name() {
    for (sql, refusal) in [
        (
            "SELECT 5 # 3;",
            "the construct near \"#\" is not supported here",
        ),
        (
            "SELECT 'a' !~ 'b';",
            "the construct near \"!\" is not supported here",
        ),
        (
            "CREATE TABLE j (vt timestamptz); SELECT max(vt) - min(vt) FROM j;",
            "Arithmetic on a time (max(vt) - min(vt)) is not supported here",
        ),
    ] {
        let e = err(last(&postgres(sql))).clone();
        assert!(e.message.starts_with(refusal), "{sql}: {}", e.message);
        assert_ne!(e.native, "XX000", "{sql}");
    }
}

/// PostgreSQL's byte-order collations (`COLLATE "C"`, the lab's own order) are left out;
/// another is refused by name, never as SQLite's "no such collation sequence" (XX000).
#[test]
fn postgres_collations_run_in_byte_order_or_are_refused_by_name() {
    let t = postgres(
        "CREATE TABLE j (s text); INSERT INTO j VALUES ('b'), ('B'), ('a');
         SELECT s FROM j ORDER BY s COLLATE \"C\";
         SELECT s FROM j ORDER BY s COLLATE \"en_US\";",
    );
    assert_eq!(rows(&t.steps[2]), [["B"], ["a"], ["b"]]);
    let e = err(last(&t));
    assert!(
        e.message
            .starts_with("COLLATE \"en_US\" is not supported here"),
        "{}",
        e.message
    );
}

/// A column or table named by a MariaDB reserved word, unquoted, is the server's 1064 at the
/// word (the lab's parser took it, and the table was made); quoted, it is a name.
#[test]
fn mariadb_reserved_words_are_no_names_unless_quoted() {
    let t = mysql(
        "CREATE TABLE jobs (id int PRIMARY KEY,\n  rows int);\n\
         CREATE TABLE range (id int);\n\
         CREATE TABLE jobs2 (id int PRIMARY KEY, `rows` int);",
    );
    let e = err(&t.steps[0]);
    assert_eq!(e.native, "1064");
    assert_eq!(
        e.message,
        "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near 'rows int)' at line 2"
    );
    assert_eq!(e.pos.map(|p| (p.line, p.column)), Some((2, 3)));
    assert!(err(&t.steps[1])
        .message
        .contains("near 'range (id int)' at line 1"));
    ok(&t.steps[2]);
}

/// Names that SQLite keeps as keywords (`index`, `values` and `set` in PostgreSQL; `commit`,
/// `transaction`, `nothing` in MariaDB) are names in every statement, as on the servers:
/// SQLite answered "near index: syntax error" before.
#[test]
fn names_sqlite_keeps_as_keywords_are_names() {
    let t = postgres(
        "CREATE TABLE ring (index int PRIMARY KEY, values text, set int);\n\
         INSERT INTO ring (index, values, set) VALUES (1, 'a', 0);\n\
         UPDATE ring SET set = set + 1, values = 'b' WHERE index = 1;\n\
         SELECT index, values AS update, set FROM ring;",
    );
    assert_eq!(rows(last(&t)), [["1", "b", "1"]]);
    let t = mysql(
        "CREATE TABLE builds (id int PRIMARY KEY, commit char(7), transaction int, nothing int);\n\
         INSERT INTO builds (id, commit, transaction, nothing) VALUES (1, 'a1b2c3d', 2, 3);\n\
         SELECT commit, transaction AS escape, nothing FROM builds WHERE transaction = 2;",
    );
    assert_eq!(rows(last(&t)), [["a1b2c3d", "2", "3"]]);
}

/// A NULL into a primary key column is the servers' not-null error (SQLite lets one into a
/// primary key that is not an INTEGER one, and the lab stored it): messages as the servers
/// gave them.
#[test]
fn a_primary_key_column_is_not_null() {
    let t = postgres(
        "CREATE TABLE pk1 (id int PRIMARY KEY, v text);\n\
         INSERT INTO pk1 VALUES (NULL, 'y');\n\
         CREATE TABLE pk2 (a int, b int, PRIMARY KEY (a, b));\n\
         INSERT INTO pk2 VALUES (1, NULL);",
    );
    let e = err(&t.steps[1]);
    assert_eq!(e.native, "23502");
    assert_eq!(
        e.message,
        "null value in column \"id\" of relation \"pk1\" violates not-null constraint"
    );
    assert!(err(&t.steps[3])
        .message
        .contains("column \"b\" of relation \"pk2\""));
    let t = mysql(
        "CREATE TABLE pk1 (id int PRIMARY KEY, v varchar(5));\n\
         INSERT INTO pk1 VALUES (NULL, 'y');",
    );
    let e = err(&t.steps[1]);
    assert_eq!(
        (e.native.as_str(), e.message.as_str()),
        ("1048", "Column 'id' cannot be null")
    );
}

/// A negative LIMIT or OFFSET (or NULL, to MariaDB) and a position past the select list in
/// ORDER BY or GROUP BY are the servers' errors (SQLite read a negative LIMIT as none, and its words for a
/// position were an internal error); messages as the servers gave them.
#[test]
fn negative_limits_and_positions_past_the_list_are_the_servers_errors() {
    // PostgreSQL reads a NULL count as none (SQLite failed: datatype mismatch, an internal
    // error); MariaDB answers 1064, below.
    let t = postgres("SELECT 1 LIMIT NULL;\nSELECT 1 LIMIT NULL::int OFFSET NULL;");
    for s in &t.steps {
        assert_eq!(rows(s), [["1"]]);
    }
    let t = postgres(
        "SELECT 1 LIMIT -1;\nSELECT 1 OFFSET -2;\nSELECT 1 AS a ORDER BY 3;\nSELECT 1 AS a GROUP BY 2;\nSELECT 1 AS a, 2 AS b ORDER BY 2 DESC;",
    );
    let got: Vec<(String, String)> = t.steps[..4]
        .iter()
        .map(|s| (err(s).native.clone(), err(s).message.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "2201W".to_string(),
                "LIMIT must not be negative".to_string()
            ),
            ("2201X".into(), "OFFSET must not be negative".into()),
            (
                "42P10".into(),
                "ORDER BY position 3 is not in select list".into()
            ),
            (
                "42P10".into(),
                "GROUP BY position 2 is not in select list".into()
            ),
        ]
    );
    assert_eq!(rows(&t.steps[4]), [["1", "2"]]);
    let t = mysql("SELECT 1 LIMIT -1;\nSELECT 1 AS a ORDER BY 0;\nSELECT 1 LIMIT 1 OFFSET NULL;");
    assert_eq!(err(&t.steps[0]).native, "1064");
    assert_eq!(
        (
            err(&t.steps[2]).native.as_str(),
            err(&t.steps[2]).message.as_str()
        ),
        ("1064", "syntax error: OFFSET takes a count, not NULL")
    );
    let e = err(&t.steps[1]);
    assert_eq!(
        (e.native.as_str(), e.message.as_str()),
        ("1054", "Unknown column '0' in 'ORDER BY'")
    );
}
