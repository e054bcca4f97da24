//! One test per MySQL rewrite rule: the SQL as pasted, and the SQLite that really ran.

mod common;
use common::*;

#[test]
fn create_table_keeps_keys_and_drops_key_syntax_sqlite_refuses() {
    verified_rewrite(
        "",
        "CREATE TABLE q (id int NOT NULL, modulo int NOT NULL, fruit varchar(10) NOT NULL, PRIMARY KEY(id), UNIQUE KEY(modulo)) ENGINE=InnoDB;",
        &[r#"CREATE TABLE "q" ("id" INT NOT NULL, "modulo" INT NOT NULL, "fruit" VARCHAR(10) COLLATE ql_case_blind NOT NULL, UNIQUE ("modulo"), PRIMARY KEY ("id"))"#],
    );
}

#[test]
fn plain_key_becomes_a_separate_index() {
    verified_rewrite(
        "",
        "CREATE TABLE jobs (id int PRIMARY KEY, due int, KEY(due));",
        &[
            r#"CREATE TABLE "jobs" ("id" INT NOT NULL, "due" INT, PRIMARY KEY ("id"))"#,
            r#"CREATE INDEX "jobs__due" ON "jobs" ("due")"#,
        ],
    );
}

#[test]
fn auto_increment_becomes_sqlite_autoincrement() {
    let t = verified_rewrite(
        "",
        "CREATE TABLE jobs (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, payload text);",
        &[
            r#"CREATE TABLE "jobs" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "payload" TEXT COLLATE ql_case_blind)"#,
        ],
    );
    assert!(last(&t).notes.iter().any(|n| n.contains("AUTO_INCREMENT")));
}

#[test]
fn mod_operator_is_read_as_modulo_not_as_an_alias() {
    verified_rewrite(
        "",
        "SELECT 7 mod 5 AS m, (2+4) MOD 5;",
        &[r#"SELECT 7 % 5 AS m, (2 + 4) % 5 AS "(2+4) MOD 5""#],
    );
}

#[test]
fn a_column_named_mod_stays_a_column() {
    verified_rewrite(
        "CREATE TABLE t (`mod` int);",
        "SELECT `mod` FROM t;",
        &["SELECT `mod` FROM t"],
    );
}

#[test]
fn mod_function_becomes_the_operator() {
    verified_rewrite(
        "",
        "SELECT MOD(7 + 1, 5);",
        &[r#"SELECT ((7 + 1) % 5) AS "MOD(7 + 1, 5)""#],
    );
}

#[test]
fn on_duplicate_key_update_becomes_upsert_with_excluded_and_where_true() {
    verified_rewrite(
        RING_TABLE,
        &ring_insert("apples"),
        &["INSERT INTO q (id, modulo, fruit) SELECT (coalesce(max(id), -1) + 1), (coalesce(max(id), -1) + 1) % 5, 'apples' FROM q WHERE true ON CONFLICT DO UPDATE SET id = excluded.id, fruit = excluded.fruit"],
    );
}

#[test]
fn upsert_from_values_needs_no_where() {
    verified_rewrite(
        RING_TABLE,
        "INSERT INTO q VALUES (0, 0, 'a') ON DUPLICATE KEY UPDATE fruit = VALUES(fruit);",
        &["INSERT INTO q VALUES (0, 0, 'a') ON CONFLICT DO UPDATE SET fruit = excluded.fruit"],
    );
}

#[test]
fn replace_into_select_runs_as_sqlite_replace() {
    verified_rewrite(
        RING_TABLE,
        "replace into q(id, modulo, fruit) select (coalesce(max(id), -1) + 1), (coalesce(max(id), -1) + 1) mod 5, 'bananas' from q;",
        &["REPLACE INTO q (id, modulo, fruit) SELECT (coalesce(max(id), -1) + 1), (coalesce(max(id), -1) + 1) % 5, 'bananas' FROM q"],
    );
}

#[test]
fn insert_ignore_becomes_insert_or_ignore() {
    let t = verified_rewrite(
        RING_TABLE,
        "INSERT IGNORE INTO q VALUES (0, 0, 'a'), (1, 0, 'b');",
        &["INSERT OR IGNORE INTO q VALUES (0, 0, 'a'), (1, 0, 'b')"],
    );
    // The second row clashes on modulo: skipped with a warning, as MySQL reports it.
    assert_eq!(
        last(&t).client_text,
        "Query OK, 1 row affected, 1 warning\nRecords: 2  Duplicates: 1  Warnings: 1"
    );
}

#[test]
fn clock_functions_read_the_scenario_clock() {
    verified_rewrite(
        "",
        "SELECT NOW(), CURRENT_TIMESTAMP;",
        &[r#"SELECT ql_now() AS "NOW()", ql_now() AS "CURRENT_TIMESTAMP""#],
    );
}

#[test]
fn double_quoted_strings_are_strings() {
    verified_rewrite(
        "",
        r#"SELECT "apples";"#,
        &[r#"SELECT 'apples' AS "apples""#],
    );
}

#[test]
fn use_database_runs_nothing() {
    let t = verified_rewrite("", "use test;", &[]);
    assert_eq!(last(&t).client_text, "Database changed");
}

#[test]
fn alter_add_timestamp_column_rebuilds_the_table_keeping_rows() {
    let t = verified_rewrite(
        &format!("{RING_TABLE}{}", ring_insert("apples")),
        "ALTER TABLE q ADD COLUMN fed TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP;",
        &[
            r#"CREATE TABLE "q__rebuild" ("id" INT NOT NULL, "modulo" INT NOT NULL, "fruit" VARCHAR(10) COLLATE ql_case_blind NOT NULL, "fed" TIMESTAMP NOT NULL DEFAULT (ql_now()), UNIQUE ("modulo"), PRIMARY KEY ("id"))"#,
            r#"INSERT INTO "q__rebuild" (rowid, "id", "modulo", "fruit") SELECT rowid, "id", "modulo", "fruit" FROM "q""#,
            r#"DROP TABLE "q""#,
            r#"CREATE TABLE "q" ("id" INT NOT NULL, "modulo" INT NOT NULL, "fruit" VARCHAR(10) COLLATE ql_case_blind NOT NULL, "fed" TIMESTAMP NOT NULL DEFAULT (ql_now()), UNIQUE ("modulo"), PRIMARY KEY ("id"))"#,
            r#"INSERT INTO "q" (rowid, "id", "modulo", "fruit", "fed") SELECT rowid, "id", "modulo", "fruit", "fed" FROM "q__rebuild""#,
            r#"DROP TABLE "q__rebuild""#,
        ],
    );
    let step = last(&t);
    assert_eq!(table(step, "q").columns, ["id", "modulo", "fruit", "fed"]);
    // The existing row gets the clock of the ALTER, as MySQL fills it with the current time.
    assert_eq!(
        table(step, "q").rows[0].values[3].text().as_deref(),
        Some(step.clock.as_str())
    );
}

#[test]
fn on_update_current_timestamp_changes_only_changed_rows() {
    let setup = "CREATE TABLE t (id int PRIMARY KEY, v int, fed TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP); INSERT INTO t (id, v) VALUES (1, 10), (2, 20);";
    let t = verified_rewrite(
        setup,
        "UPDATE t SET v = 10;",
        &[
            r#"UPDATE t SET v = 10, fed = CASE WHEN "v" IS DISTINCT FROM 10 THEN ql_now() ELSE "fed" END"#,
        ],
    );
    let step = last(&t);
    let rows = &table(step, "t").rows;
    // Row 1 already had v = 10: MySQL leaves its timestamp alone and does not count it.
    assert_eq!(
        rows[0].values[2].text().as_deref(),
        Some("2025-01-01 09:00:01")
    );
    assert_eq!(
        rows[1].values[2].text().as_deref(),
        Some(step.clock.as_str())
    );
    assert_eq!(
        step.client_text,
        "Query OK, 1 row affected\nRows matched: 2  Changed: 1  Warnings: 0"
    );
}

#[test]
fn delete_with_order_by_and_limit_pops_through_a_rowid_subquery() {
    verified_rewrite(
        "CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (3), (1), (2);",
        "DELETE FROM jobs ORDER BY id LIMIT 1;",
        &[r#"DELETE FROM jobs WHERE rowid IN (SELECT rowid FROM "jobs" ORDER BY id LIMIT 1)"#],
    );
}

#[test]
fn select_for_update_becomes_an_engine_lock_request() {
    let t = verified_rewrite(
        "CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (2), (1);",
        "SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED;",
        &["SELECT id FROM jobs WHERE ql_locked(0, jobs.rowid) ORDER BY ql_lock_order(0, jobs.rowid) LIMIT 1"],
    );
    assert!(last(&t)
        .notes
        .iter()
        .any(|n| n.contains("FOR UPDATE SKIP LOCKED")));
    // Alone, a session locks what it reads and gets the first row.
    assert_eq!(rows(last(&t)), [["1"]]);
}

#[test]
fn mariadb_returning_after_order_by_and_limit_pops_one_row() {
    let t = mysql(
        "CREATE TABLE jobs (id int PRIMARY KEY, payload varchar(10));\n\
         INSERT INTO jobs VALUES (1, 'a'), (2, 'b'), (3, 'c');\n\
         DELETE FROM jobs WHERE payload <> 'a' ORDER BY id DESC LIMIT 1 RETURNING id, payload;\n\
         SELECT id FROM jobs ORDER BY id;",
    );
    assert_eq!(rows(&t.steps[2]), [["3", "c"]]);
    assert_eq!(rows(last(&t)), [["1"], ["2"]]);
    // An error in the moved clause still points at the user's own text.
    let t =
        mysql("CREATE TABLE jobs (id int PRIMARY KEY);\nDELETE FROM jobs LIMIT 1 RETURNING id,;");
    let e = err(last(&t));
    assert_eq!(e.native, "1064");
    assert_eq!(e.pos.map(|p| p.line), Some(2), "{e:?}");
}

#[test]
fn strings_compared_without_a_column_ignore_case_as_mariadb_does() {
    let setup = "CREATE TABLE jobs (id int PRIMARY KEY, state varchar(10), token varbinary(8), at datetime NULL);\nINSERT INTO jobs VALUES (1, 'Failed', 'Ab', NULL);";
    let t = verified_rewrite(
        setup,
        "SELECT id, 'a' = 'A' AS lit, instr(state, 'AIL') AS pos FROM jobs WHERE lower(state) = 'FAILED' AND state IN ('failed', 'lost') AND upper(token) <> 'x' AND id + 1 = 2 AND (at IS NULL || at < '2000-01-01');",
        &[r#"SELECT id, ('a') COLLATE ql_case_blind = 'A' AS lit, ql_instr_ci(state, 'AIL') AS pos FROM jobs WHERE (lower(state)) COLLATE ql_case_blind = 'FAILED' AND state IN ('failed', 'lost') AND upper(token) <> 'x' AND id + 1 = 2 AND (at IS NULL OR at < '2000-01-01') ORDER BY "jobs"."id""#],
    );
    assert_eq!(rows(last(&t)), vec![vec!["1", "1", "2"]]);
}

#[test]
fn a_one_value_in_list_is_an_equality_as_mariadb_s_optimizer_reads_it() {
    let setup = "CREATE TABLE jobs (id int PRIMARY KEY, queue varchar(10), KEY by_queue (queue, id));\nINSERT INTO jobs VALUES (1, 'mail'), (2, 'sms');";
    let t = verified_rewrite(
        setup,
        "SELECT id FROM jobs WHERE queue IN ('mail') AND id NOT IN (5) AND id IN (1, 2);",
        &[
            r#"SELECT id FROM jobs WHERE queue = 'mail' AND id NOT IN (5) AND id IN (1, 2) ORDER BY "jobs"."id""#,
        ],
    );
    assert_eq!(rows(last(&t)), vec![vec!["1"]]);
}

#[test]
fn datetime_is_a_type_in_mariadb_never_sqlite_s_date_function() {
    // A call is refused by name, as the server stops at the `(` (1064), instead of SQLite's
    // datetime() answering with the machine's clock.
    for sql in [
        "SELECT datetime('now');",
        "SELECT id FROM jobs WHERE at < DATETIME('now', '-1 day');",
    ] {
        let t = mysql(&format!(
            "CREATE TABLE jobs (id int PRIMARY KEY, at datetime(6) NULL);\n{sql}"
        ));
        let e = err(last(&t));
        assert_eq!(e.native, "1064", "{sql}");
        assert!(e.message.contains("DATETIME is a type in MariaDB"), "{e:?}");
    }
    // As a column type it stays one.
    let t = mysql(
        "CREATE TABLE jobs (id int PRIMARY KEY, at datetime(6) NULL);\n\
         INSERT INTO jobs VALUES (1, '2025-01-01 09:00:00');\n\
         SELECT id FROM jobs WHERE at < '2025-01-02 00:00:00';",
    );
    t.steps.iter().for_each(|s| {
        ok(s);
    });
    assert_eq!(rows(last(&t)), [["1"]]);
}

/// Checked on MariaDB 10.11: a DATETIME(6) column's DEFAULT written in the server's own
/// printed form (the fraction's zeros too) is the time it names; every INSERT that took it
/// was refused (its text was kept, and a stored fraction ends in no zero).
#[test]
fn a_time_columns_default_is_read_as_the_server_reads_it() {
    let t = mysql(
        "CREATE TABLE jobs (id int PRIMARY KEY, at datetime(6) NOT NULL DEFAULT '2024-01-01 00:00:00.000000', \
         d date NOT NULL DEFAULT '2024-1-2');\n\
         INSERT INTO jobs (id) VALUES (1);\n\
         SELECT at, d FROM jobs WHERE at = '2024-01-01 00:00:00';",
    );
    ok(&t.steps[1]);
    assert_eq!(
        rows(last(&t)),
        [["2024-01-01 00:00:00.000000", "2024-01-02"]]
    );
}

/// Checked on MariaDB 10.11: ALTER TABLE ... ADD COLUMN reads its time DEFAULTs as CREATE
/// TABLE does, for the rows already there and for those inserted later. The lab kept the
/// texts: the rows there did not equal their own time, and the INSERT was refused.
#[test]
fn an_added_time_columns_default_is_read_as_the_server_reads_it() {
    let t = mysql(
        "CREATE TABLE jobs (id int PRIMARY KEY);\n\
         INSERT INTO jobs VALUES (1);\n\
         ALTER TABLE jobs ADD COLUMN at datetime(6) NOT NULL DEFAULT '2024-03-04 05:06:07.500000', \
         ADD COLUMN d date NOT NULL DEFAULT '2024-1-9';\n\
         INSERT INTO jobs (id) VALUES (2);\n\
         SELECT id, at, d FROM jobs WHERE at = '2024-03-04 05:06:07.5' ORDER BY id;",
    );
    ok(&t.steps[3]);
    assert_eq!(
        rows(last(&t)),
        [
            ["1", "2024-03-04 05:06:07.500000", "2024-01-09"],
            ["2", "2024-03-04 05:06:07.500000", "2024-01-09"]
        ]
    );
}

#[test]
fn casts_sqlite_would_answer_otherwise_are_refused_by_name() {
    // SQLite reads DATETIME as a numeric affinity (the server's '2025-01-01 00:00:00' would
    // be 2025), keeps -1 as UNSIGNED (the server wraps it) and does not cut CHAR(2).
    for (sql, named) in [
        (
            "SELECT CAST('2025-01-01' AS DATETIME) AS at;",
            "A cast to DATETIME",
        ),
        ("SELECT CAST('2025-01-01' AS DATE) AS d;", "A cast to DATE"),
        ("SELECT CAST(-1 AS UNSIGNED) AS u;", "A cast to UNSIGNED"),
        ("SELECT CAST('abc' AS CHAR(2)) AS c;", "A cast to CHAR(2)"),
    ] {
        let e = err(last(&mysql(sql))).clone();
        assert_eq!(e.native, "1064", "{sql}");
        assert!(e.message.starts_with(named), "{sql}: {}", e.message);
    }
    let t = mysql(
        "SELECT CAST('12abc' AS SIGNED) AS n, CAST(5 AS CHAR) AS c, CAST('7' AS INTEGER) + 1 AS s;",
    );
    assert_eq!(rows(last(&t)), [["12", "5", "8"]]);
}

#[test]
fn times_written_as_strings_are_stored_as_the_server_stores_them() {
    // Each value was written to such a column on MariaDB 10.11 and read back: the server
    // reads the string as a time and keeps its own form, cutting a fraction to the digits.
    let setup = "CREATE TABLE jobs (id int PRIMARY KEY, at datetime NULL, day date NULL, took time(3) NULL);";
    let t = mysql(&format!(
        "{setup}\n\
         INSERT INTO jobs VALUES (1, '2025-1-1 9:0:0.7', '2025-01-01 10:00:00', '0:0:1.2345');\n\
         INSERT INTO jobs SET id = 2, at = '2025-01-02', day = '20250102', took = '10:00';\n\
         INSERT INTO jobs (id, at) VALUES (2, '2025-01-01') ON DUPLICATE KEY UPDATE at = '2025.1.3T9';\n\
         UPDATE jobs SET day = '2025/12/31 23:59' WHERE id = 1;\n\
         SELECT id, at, day, took FROM jobs ORDER BY id;"
    ));
    t.steps.iter().for_each(|s| {
        ok(s);
    });
    assert_eq!(
        rows(last(&t)),
        [
            ["1", "2025-01-01 09:00:00", "2025-12-31", "00:00:01.234"],
            ["2", "2025-01-03 09:00:00", "2025-01-02", "10:00:00.000"],
        ]
    );
}

#[test]
fn times_the_lab_does_not_read_are_refused_and_undone() {
    // The server would read these otherwise (a number, a two-digit year, a zone) or fail on
    // them (a day that does not exist).
    let setup = "CREATE TABLE jobs (id int PRIMARY KEY, at datetime NULL, day date NULL, took time(3) NULL);";
    let refused = [
        ("20250101090000", "at"),
        ("'2025-02-29 09:00:00'", "at"),
        ("'25-01-01'", "day"),
        ("'2025-01-01T09:00:00Z'", "at"),
        ("'9'", "took"),
    ];
    assert_writes_refused(mysql, setup, &refused);
    let t = mysql(&format!(
        "{setup}\nINSERT INTO jobs VALUES (1, '2024-02-29 23:59:59', '2025-12-31', '00:00:01.25');\nSELECT at, day, took FROM jobs;"
    ));
    assert_eq!(
        rows(last(&t)),
        [["2024-02-29 23:59:59", "2025-12-31", "00:00:01.250"]]
    );
}

#[test]
fn strings_compared_with_times_are_read_as_times() {
    // Answers of MariaDB 10.11: the string is read as a time, and a date compares as its
    // midnight (`day < '2025-01-01 09:00'` holds for 2025-01-01); SQLite would compare texts.
    let setup = "CREATE TABLE jobs (id int PRIMARY KEY, at datetime NULL, day date NULL, took time NULL);\n\
                 INSERT INTO jobs VALUES (1, '2025-01-01 00:00:00', '2025-01-01', '09:05:01'), (2, '2025-01-01 09:00:00', '2025-01-02', '10:00:00');";
    for (filter, ids) in [
        ("at = '2025-01-01'", vec!["1"]),
        ("'2025-1-1 00:00:00' < at", vec!["2"]),
        ("at < '2025-01-01 09:00:00.5'", vec!["1", "2"]),
        (
            "at BETWEEN '2025-1-1 0:00:01' AND '2025-01-01 9'",
            vec!["2"],
        ),
        ("day IN ('2025-12-31', '2025-1-1')", vec!["1"]),
        ("day < '2025-01-01 09:00'", vec!["1"]),
        ("day = '2025-01-02 00:00:00'", vec!["2"]),
        ("took = '9:5:1'", vec!["1"]),
    ] {
        let t = mysql(&format!(
            "{setup}\nSELECT id FROM jobs WHERE {filter} ORDER BY id;"
        ));
        let got: Vec<String> = rows(last(&t)).into_iter().map(|r| r[0].clone()).collect();
        assert_eq!(got, ids, "{filter}");
    }
    // Strings the lab does not read as the server would are refused by name.
    for filter in [
        "at = 'soon'",
        "day < '25-1-1'",
        "took = '2025-01-01 09:05:01'",
    ] {
        let t = mysql(&format!("{setup}\nSELECT id FROM jobs WHERE {filter};"));
        let e = err(last(&t));
        assert!(
            e.message.starts_with("Comparing the column"),
            "{filter}: {e:?}"
        );
    }
}

#[test]
fn todays_date_and_time_of_day_read_the_scenario_clock() {
    // SQLite's own CURRENT_DATE reads the machine's clock: a run would change by the day.
    let t = mysql(
        "CREATE TABLE t (id int PRIMARY KEY, d DATE);\n\
         INSERT INTO t VALUES (1, CURDATE());\n\
         SELECT CURDATE(), CURRENT_DATE + INTERVAL 1 DAY, CURTIME(), d FROM t;",
    );
    let s = ok(last(&t));
    assert_eq!(s.columns.as_ref().map(|c| c[0].as_str()), Some("CURDATE()"));
    let got: Vec<Option<String>> = s.rows[0].iter().map(|v| v.text()).collect();
    let want = ["2025-01-01", "2025-01-02", "09:00:02", "2025-01-01"];
    assert_eq!(got, want.map(|s| Some(s.to_string())));
}

#[test]
fn length_counts_bytes_and_char_length_characters_with_headers_as_written() {
    let t = mysql(
        "CREATE TABLE q (id int PRIMARY KEY, name varchar(10) NOT NULL CHECK (CHAR_LENGTH(name) > 0));
         INSERT INTO q VALUES (1, 'éé');
         SELECT LENGTH(name), CHAR_LENGTH(name), character_length(name) AS c FROM q;
         INSERT INTO q VALUES (2, '');",
    );
    let select = ok(&t.steps[2]);
    assert_eq!(
        select.columns.as_deref(),
        Some(
            &[
                "LENGTH(name)".to_string(),
                "CHAR_LENGTH(name)".into(),
                "c".into()
            ][..]
        )
    );
    assert_eq!(rows(&t.steps[2]), [["4", "2", "2"]]);
    assert_eq!(err(last(&t)).native, "4025");
}

#[test]
fn unsigned_arithmetic_below_zero_is_error_1690_and_bigint_unsigned_is_checked() {
    let t = mysql(
        "CREATE TABLE q (id bigint unsigned PRIMARY KEY, tries tinyint unsigned NOT NULL);
         INSERT INTO q VALUES (1, 0);
         SELECT TRIES - 1 FROM q;
         SELECT tries - 1.5, tries + 1 FROM q;
         INSERT INTO q VALUES (-1, 0);
         INSERT INTO q VALUES (18446744073709551615, 0);",
    );
    let e = err(&t.steps[2]);
    assert_eq!(e.native, "1690");
    assert_eq!(
        e.message,
        "BIGINT UNSIGNED value is out of range in '`test`.`q`.`tries` - 1'"
    );
    assert_eq!(rows(&t.steps[3]), [["-1.5", "1"]]);
    assert_eq!(
        ok(&t.steps[3]).columns.as_deref(),
        Some(&["tries - 1.5".to_string(), "tries + 1".into()][..])
    );
    assert_eq!(err(&t.steps[4]).native, "1264");
    // Past SQLite's integers: the lab's BIGINT UNSIGNED ends at 2^63 - 1 (the server's, at
    // 2^64 - 1, keeps this value).
    assert_eq!(err(&t.steps[5]).native, "1264");
}

/// Without ORDER BY, MariaDB reads in the primary key's order: the rewrite writes it out and
/// its note says why; rows inserted out of order come back by id.
#[test]
fn an_unordered_read_is_ordered_by_the_primary_key_as_innodb_reads() {
    let t = verified_rewrite(
        "CREATE TABLE jobs (id int PRIMARY KEY, state varchar(9)); INSERT INTO jobs VALUES (2, 'a'), (1, 'a');",
        "SELECT id FROM jobs WHERE state = 'a';",
        &[r#"SELECT id FROM jobs WHERE state = 'a' ORDER BY "jobs"."id""#],
    );
    assert!(last(&t)
        .notes
        .iter()
        .any(|n| n.contains("InnoDB reads the rows in its primary key's order")));
    assert_eq!(rows(last(&t)), [["1"], ["2"]]);
}

/// GROUP_CONCAT without an order of its own gathers the rows as InnoDB reads them, by primary
/// key (checked on MariaDB 10.11: 'a,b,c' and '2,3,1' below); grouped, or where the optimizer
/// may read a secondary index, the order is its plan's, refused by name.
#[test]
fn group_concat_gathers_in_primary_key_order_or_is_refused() {
    let setup = "CREATE TABLE gc (k varchar(5) PRIMARY KEY, n int, state varchar(5), KEY (state)); INSERT INTO gc VALUES ('c', 1, 'x'), ('a', 2, 'y'), ('b', 3, 'x');";
    let t = verified_rewrite(
        setup,
        "SELECT GROUP_CONCAT(n) FROM gc;",
        &[r#"SELECT GROUP_CONCAT(n ORDER BY "gc"."k") AS "GROUP_CONCAT(n)" FROM gc"#],
    );
    assert_eq!(rows(last(&t)), [["2,3,1"]]);
    let unindexed = setup.replace(", KEY (state)", "");
    let t = mysql(&format!("{unindexed} SELECT GROUP_CONCAT(k) FROM gc;"));
    assert_eq!(rows(last(&t)), [["a,b,c"]]);
    // The index on state holds k too: MariaDB reads it instead ('b,c,a').
    for sql in [
        "SELECT GROUP_CONCAT(k) FROM gc;",
        "SELECT state, GROUP_CONCAT(k) FROM gc GROUP BY state;",
        "SELECT GROUP_CONCAT(k) FROM gc WHERE state > 'a';",
    ] {
        let t = mysql(&format!("{setup} {sql}"));
        assert!(
            err(last(&t)).message.contains("GROUP_CONCAT without ORDER BY over a join, groups, subqueries, a WITH query or a secondary index is not supported here"),
            "{sql}"
        );
    }
}

/// MariaDB's foreign keys: ON DELETE CASCADE deletes the children, and theirs, with the parent
/// (the count is the parent's row alone); what is not modelled is refused by name: actions
/// that change the children otherwise, a parent column not unique by itself (InnoDB takes any
/// indexed one), a table cascading onto itself.
#[test]
fn mariadb_foreign_keys_cascade_and_refuse_by_name_what_is_not_modelled() {
    let t = mysql(
        "CREATE TABLE p (id int PRIMARY KEY);
         CREATE TABLE c (id int PRIMARY KEY, pid int NOT NULL REFERENCES p (id) ON DELETE CASCADE);
         CREATE TABLE g (id int PRIMARY KEY, cid int REFERENCES c (id) ON DELETE CASCADE);
         INSERT INTO p VALUES (1), (2); INSERT INTO c VALUES (1, 1), (2, 2);
         INSERT INTO g VALUES (1, 1), (2, 2), (3, NULL);
         DELETE FROM p WHERE id = 1; SELECT id FROM c; SELECT id FROM g ORDER BY id;",
    );
    assert_eq!(ok(&t.steps[6]).affected, Some(1));
    assert!(
        t.steps[6].notes.iter().any(|n| n.starts_with(
            "ON DELETE CASCADE: the rows of c (pid) that reference a deleted row go with it"
        ) && n.contains("row by row")),
        "{:?}",
        t.steps[6].notes
    );
    assert_eq!(rows(&t.steps[7]), [["2"]]);
    assert_eq!(rows(&t.steps[8]), [["2"], ["3"]]);
    let refused = [
        (
            "CREATE TABLE c (id int, pid int REFERENCES p (id) ON DELETE SET NULL);",
            "use ON DELETE CASCADE, NO ACTION (the default)",
        ),
        (
            "CREATE TABLE c (id int, pid int REFERENCES p (id) ON UPDATE CASCADE);",
            "use ON DELETE CASCADE, NO ACTION (the default)",
        ),
        (
            "CREATE TABLE c (id int, k int REFERENCES p (k));",
            "a parent column that is not unique by itself is not modelled",
        ),
        (
            "CREATE TABLE t (id int PRIMARY KEY, up int REFERENCES t (id) ON DELETE CASCADE);",
            "ON DELETE CASCADE onto the same table is not modelled",
        ),
    ];
    for (sql, instead) in refused {
        let t = mysql(&format!(
            "CREATE TABLE p (id int PRIMARY KEY, k int, KEY (k)); {sql}"
        ));
        let e = err(last(&t));
        assert!(e.message.contains(instead), "{sql}: {}", e.message);
    }
}

/// MariaDB's header for an unaliased item: a constant's value, an expression's text as
/// written (never the lab's rewrite of it); a VALUES list's columns after its first row.
#[test]
fn result_columns_are_named_as_mariadb_names_them() {
    let header = |sql: &str| {
        let t = mysql(sql);
        ok(last(&t)).columns.clone().expect("a result set")
    };
    assert_eq!(
        header(r#"SELECT 'a', -1, +2, (3), true, NULL, 1.50, "dq", now() > 0;"#),
        [
            "a",
            "-1",
            "2",
            "3",
            "TRUE",
            "NULL",
            "1.50",
            "dq",
            "now() > 0"
        ]
    );
    assert_eq!(header("VALUES (1, 'done'), (2, 'failed');"), ["1", "done"]);
    // The statement's own result: each expression's text as typed, comments before and
    // inside it included, after it not; a column as typed, in parentheses or not.
    assert_eq!(
        header("SELECT DISTINCT 1   +   1, /*c*/ 2*3 /*t*/, count( * ), (1+1) -- x\n;"),
        ["1   +   1", "/*c*/ 2*3", "count( * )", "(1+1)"]
    );
    assert_eq!(
        header("CREATE TABLE j (id int PRIMARY KEY, q text);\nSELECT ID, (id), j.Q, id+0 FROM j;"),
        ["ID", "id", "Q", "id+0"]
    );
    let t = mysql("SELECT * FROM (VALUES (1, 'done'), (2, 'failed')) AS v;");
    assert_eq!(rows(last(&t)), [["1", "done"], ["2", "failed"]]);
    let t = mysql("SELECT `done` FROM (VALUES (1, 'done'), (2, 'failed')) AS v;");
    assert_eq!(rows(last(&t)), [["done"], ["failed"]]);
    let t = mysql("SELECT * FROM (VALUES (1, 1)) AS v;");
    assert_eq!(err(last(&t)).native, "1060");
    // MariaDB sorts by the column `id`; SQLite would sort by the constant's alias.
    let t = mysql("CREATE TABLE j (id int PRIMARY KEY);\nSELECT 'id', id FROM j ORDER BY id;");
    assert!(err(last(&t)).message.contains("give the constant an alias"));
}

/// TIMESTAMPDIFF counts whole units from the first time to the second, truncated toward
/// zero; months as MariaDB counts them; TIMESTAMPADD moves a time as DATE_ADD does; an
/// unknown unit is a syntax error (checked with the mariadb client; spec my-timestampdiff).
#[test]
fn timestampdiff_counts_whole_units_as_mariadb_does() {
    let t = mysql(
        "SELECT TIMESTAMPDIFF(SECOND, '2024-01-01 00:00:01.900000', '2024-01-01 00:00:00.100000'), \
         TIMESTAMPDIFF(MONTH, '2024-01-31 10:00:00', '2024-03-01 09:59:59'), \
         TIMESTAMPDIFF(MONTH, '2024-03-01 09:59:59', '2024-01-31 10:00:00'), \
         TIMESTAMPDIFF(SQL_TSI_YEAR, '2020-02-29', '2024-02-28'), \
         TIMESTAMPDIFF(DAY, NULL, '2024-01-01');\n\
         SELECT TIMESTAMPDIFF(FORTNIGHT, '2024-01-01', '2024-02-01');\n\
         SELECT TIMESTAMPDIFF(SECOND, '2024-01-01 10:00', '2024-01-01 10:01:00');",
    );
    assert_eq!(rows(&t.steps[0]), [["-1", "1", "-1", "3", "NULL"]]);
    assert_eq!(err(&t.steps[1]).native, "1064");
    assert!(err(&t.steps[2])
        .message
        .contains("TIMESTAMPDIFF over '2024-01-01 10:00'"));
    let t = mysql(
        "SELECT TIMESTAMPADD(MONTH, 1, '2024-01-31'), TIMESTAMPADD(SQL_TSI_SECOND, -90, '2024-01-01 00:00:00'), \
         TIMESTAMPADD(MICROSECOND, 5, '2024-01-01 10:00:00');\n\
         SELECT TIMESTAMPADD(FORTNIGHT, 1, '2024-01-01');",
    );
    assert_eq!(
        rows(&t.steps[0]),
        [[
            "2024-02-29",
            "2023-12-31 23:58:30",
            "2024-01-01 10:00:00.000005"
        ]]
    );
    assert_eq!(err(&t.steps[1]).native, "1064");
}

/// UNIX_TIMESTAMP in UTC, the lab's clock: an integer for a time without fractions, NULL
/// outside 1970-01-01 00:00:00 to 2038-01-19 03:14:07 (probed on 10.11); a time whose
/// type has fractions (the server's answer is a DECIMAL) is refused by name.
#[test]
fn unix_timestamp_counts_seconds_since_1970_as_mariadb_does() {
    let t = mysql(
        "CREATE TABLE j (id int PRIMARY KEY, at datetime, d date, at6 datetime(6));
         INSERT INTO j VALUES (1, '2025-01-01 00:00:10', '2025-01-01', '2025-01-01 00:00:10');
         SELECT UNIX_TIMESTAMP('1970-01-01 00:00:00'), UNIX_TIMESTAMP('2038-01-19 03:14:07'),          UNIX_TIMESTAMP('2038-01-19 03:14:08'), UNIX_TIMESTAMP('1969-12-31 23:59:59'),          UNIX_TIMESTAMP(at), UNIX_TIMESTAMP(d), UNIX_TIMESTAMP(NULL), UNIX_TIMESTAMP() = UNIX_TIMESTAMP(NOW()) FROM j;
         SELECT UNIX_TIMESTAMP(at6) FROM j;
         SELECT UNIX_TIMESTAMP(NOW(6));
         SELECT UNIX_TIMESTAMP('2025-01-01 00:00:10.5');",
    );
    assert_eq!(
        rows(&t.steps[2]),
        [[
            "0",
            "2147483647",
            "NULL",
            "NULL",
            "1735689610",
            "1735689600",
            "NULL",
            "1"
        ]]
    );
    for step in &t.steps[3..5] {
        assert!(err(step).message.contains("without fractions of a second"));
    }
    assert!(err(&t.steps[5])
        .message
        .starts_with("UNIX_TIMESTAMP('2025-01-01 00:00:10.5') is not supported here"));
}

/// A SELECT that sorts its rows itself by keys that may tie says the lab lists equal rows by
/// primary key, where MariaDB's sort has an order of its own (`my-sort-ties`: 4, 2 of four
/// equal rows for LIMIT 2 on 10.11): never a silent difference. An ORDER BY that ends with
/// the primary key, or walks an index, has no such note.
#[test]
fn a_sort_of_rows_that_may_tie_says_their_order_is_not_mariadbs() {
    let t = mysql(
        "CREATE TABLE k (id int PRIMARY KEY, p int NOT NULL);
         INSERT INTO k VALUES (1, 5), (2, 5), (3, 5), (4, 5);
         SELECT id FROM k ORDER BY p LIMIT 2;
         SELECT id FROM k ORDER BY p, id LIMIT 2;
         CREATE TABLE m (id int PRIMARY KEY, p int NOT NULL, x int, KEY (p));
         SELECT * FROM m ORDER BY p LIMIT 1;",
    );
    let ties = |i: usize| {
        t.steps[i]
            .notes
            .iter()
            .any(|n| n.starts_with("rows equal on the ORDER BY: MariaDB's own sort"))
    };
    assert_eq!(rows(&t.steps[2]), [["1"], ["2"]]);
    assert!(ties(2), "{:?}", t.steps[2].notes);
    assert!(
        !ties(3),
        "the primary key orders every row: {:?}",
        t.steps[3].notes
    );
    assert!(
        !ties(5),
        "LIMIT 1 walks the index on p: {:?}",
        t.steps[5].notes
    );
}

/// MariaDB reads a string compared with a number as a number ('done' is 0: `status = 0`
/// finds every job whose status is a word; probed on 10.11), where SQLite compares the text:
/// refused by name. A string constant that is all number, compared with a number column,
/// runs (SQLite's column affinity reads it as the server does).
#[test]
fn strings_compared_with_numbers_are_refused_by_name_unless_the_column_reads_them() {
    let t = mysql(
        "CREATE TABLE j (id int PRIMARY KEY, n int, s varchar(10));
         INSERT INTO j VALUES (1, 5, 'done'), (2, 7, '7');
         SELECT id FROM j WHERE s = 0;
         SELECT id FROM j WHERE n IN (5, 'x');
         SELECT id FROM j WHERE n + 0 = '5';
         SELECT '5' = 5;
         SELECT id FROM j WHERE n = ' 5' OR id IN ('2') OR n BETWEEN '6' AND '8' ORDER BY id;",
    );
    for step in &t.steps[2..6] {
        assert!(
            err(step)
                .message
                .starts_with("A string compared with a number ("),
            "{}",
            err(step).message
        );
    }
    assert_eq!(rows(&t.steps[6]), [["1"], ["2"]]);
}

/// A string a function makes groups, sorts and is DISTINCT, MIN'd and MAX'd ignoring case, as
/// MariaDB's default collation compares it (10.11: one group for 'a' and 'A', 'a' before 'B').
#[test]
fn strings_functions_make_group_and_sort_ignoring_case() {
    let t = mysql(
        "CREATE TABLE j (id int PRIMARY KEY, k varchar(10));
         INSERT INTO j VALUES (1, 'x'), (2, 'X'), (3, 'b'), (4, 'A');
         SELECT SUBSTRING(k, 1, 1) AS c, COUNT(*) FROM j GROUP BY c ORDER BY c;
         SELECT DISTINCT CONCAT(k, '!') FROM j ORDER BY 1;
         SELECT id FROM j ORDER BY CONCAT(k, ''), id;
         SELECT MIN(CONCAT(k, '')), MAX(UPPER(k)), COUNT(DISTINCT LOWER(k)) FROM j;",
    );
    assert_eq!(rows(&t.steps[2]), [["A", "1"], ["b", "1"], ["x", "2"]]);
    assert_eq!(rows(&t.steps[3]), [["A!"], ["b!"], ["x!"]]);
    assert_eq!(rows(&t.steps[4]), [["4"], ["3"], ["1"], ["2"]]);
    assert_eq!(rows(&t.steps[5]), [["A", "X", "3"]]);
}

/// A locking read or write through a range of a secondary index is one MariaDB may make by
/// scanning the whole table, by its row estimates; the lab reads the range and its note gives
/// the server's rule (`my-access-full-scan`). Not where the server surely reads the index:
/// a key lookup, an ORDER BY ... LIMIT, a locking read of the index's own columns, and not a
/// plain SELECT, which locks nothing.
#[test]
fn a_range_mariadb_may_trade_for_a_scan_of_the_table_says_so() {
    let table = "CREATE TABLE j (id int PRIMARY KEY, kind int, note text, KEY (kind)); INSERT INTO j VALUES (1, 1, ''), (2, 1, ''), (3, 2, '');";
    let noted = |sql: &str| {
        let t = mysql(&format!("{table} START TRANSACTION; {sql};"));
        let step = last(&t);
        assert!(
            matches!(step.outcome, queuelab::trace::Outcome::Ok(_)),
            "{sql}: {:?}",
            step.outcome
        );
        (step.notes.iter()).any(|n| n.contains("scans the whole table instead of this index range"))
    };
    for sql in [
        "UPDATE j SET note = 'x' WHERE kind = 1",
        "DELETE FROM j WHERE kind IN (1, 2)",
        "SELECT * FROM j WHERE kind = 1 FOR UPDATE",
        "SELECT id, note FROM j WHERE kind <= 1 LOCK IN SHARE MODE",
    ] {
        assert!(noted(sql), "{sql}");
    }
    for sql in [
        "UPDATE j SET note = 'x' WHERE id = 1",
        "UPDATE j SET note = 'x' WHERE kind = 1 ORDER BY id LIMIT 1",
        "SELECT id FROM j WHERE kind = 1 FOR UPDATE",
        "SELECT * FROM j WHERE kind = 1",
        "UPDATE j SET note = 'x' WHERE note = ''",
    ] {
        assert!(!noted(sql), "{sql}");
    }
}
