//! Every limit of `src/limits.rs` at work: the deepest or largest input accepted runs, the
//! next one is refused with an error that names the limit, and nothing panics, overflows the
//! stack or takes memory in proportion to a number in the SQL.

mod common;
#[path = "common/deep.rs"]
mod deep;

use common::{err, last, mysql, ok, postgres, rows};
use queuelab::limits::{
    MAX_BATCH_STATEMENTS, MAX_JSON_DEPTH, MAX_JSON_EXPONENT, MAX_PERMUTATION_MOVES, MAX_RING_SLOTS,
    MAX_SCRIPT_BYTES, MAX_STATEMENTS, MAX_TABLE_ROWS,
};
use queuelab::trace::Mark;
use queuelab::{run_script, Dialect, RunConfig};

fn mssql(sql: &str) -> queuelab::Trace {
    run_script(Dialect::MsSql, sql, &RunConfig::default())
}

const RING: &str = "CREATE TABLE q (id int NOT NULL, modulo int NOT NULL, fruit varchar(10), PRIMARY KEY (id), UNIQUE KEY (modulo));\n";

fn ring_insert(modulo: &str, fruit: &str) -> String {
    format!(
        "INSERT INTO q (id, modulo, fruit) SELECT coalesce(max(id), -1) + 1, (coalesce(max(id), -1) + 1) mod {modulo}, '{fruit}' FROM q;\n"
    )
}

#[test]
fn a_ring_of_the_largest_size_is_drawn_and_a_larger_one_is_left_a_table() {
    let t = mysql(&format!(
        "{RING}{}",
        ring_insert(&MAX_RING_SLOTS.to_string(), "apple")
    ));
    let ring = &last(&t).rings[0];
    assert_eq!(ring.size, MAX_RING_SLOTS);
    assert_eq!(ring.slots.len(), MAX_RING_SLOTS as usize);

    // Once a panic allocating i64::MAX slots; then gigabytes for `mod 1000000000`.
    for n in [
        "9223372036854775807",
        "1000000000",
        &(MAX_RING_SLOTS + 1).to_string(),
    ] {
        let t = mysql(&format!("{RING}{}", ring_insert(n, "apple")));
        let step = last(&t);
        assert_eq!(ok(step).affected, Some(1), "the insert itself runs");
        assert!(step.rings.is_empty(), "mod {n}: no ring drawn");
        assert!(
            step.notes.iter().any(|n| n.contains("MAX_RING_SLOTS")),
            "{:?}",
            step.notes
        );
    }
    let t = postgres(
        "CREATE TABLE q (id int PRIMARY KEY, slot int UNIQUE);\n\
         INSERT INTO q SELECT coalesce(max(id), -1) + 1, (coalesce(max(id), -1) + 1) % 9223372036854775807 FROM q;",
    );
    assert!(last(&t).rings.is_empty());
}

#[test]
fn the_longest_operator_chain_runs_in_every_dialect_and_a_longer_one_is_refused_where_it_goes_over()
{
    let deepest = deep::addition_chain(deep::DEEPEST_CHAIN);
    let sum = (deep::DEEPEST_CHAIN + 1).to_string();
    for (t, dialect) in [
        (mysql(&deepest), "mysql"),
        (postgres(&deepest), "postgres"),
        (mssql(&deepest), "mssql"),
    ] {
        assert_eq!(rows(last(&t)), [[sum.clone()]], "{dialect}");
    }
    // 8,600 once overflowed the stack while the statement was copied.
    for n in [deep::DEEPEST_CHAIN + 1, 8_600] {
        let text = deep::addition_chain(n);
        for (t, code) in [
            (mysql(&text), "1436"),
            (postgres(&text), "54001"),
            (mssql(&text), "191"),
        ] {
            let e = err(last(&t));
            assert_eq!(e.native, code);
            assert!(e.message.contains("MAX_OPERATORS"), "{}", e.message);
            // `SELECT 1` is 8 columns, then `+1` per operator: the 1,001st `+` is past it.
            let pos = e.pos.expect("a position");
            assert_eq!(
                (pos.line, pos.column),
                (1, 9 + 2 * deep::DEEPEST_CHAIN as u32)
            );
        }
    }
    // Signs are not operators: a long VALUES list of negative numbers is no deeper a tree.
    let values: Vec<String> = (0..2_000).map(|i| format!("({i}, -1)")).collect();
    let t = postgres(&format!(
        "CREATE TABLE t (id int, v int);\nINSERT INTO t VALUES {};",
        values.join(", ")
    ));
    assert_eq!(ok(last(&t)).affected, Some(2_000));
    let and_chain = format!("SELECT 1 WHERE {};", vec!["1 = 1"; 5_000].join(" AND "));
    assert!(err(last(&postgres(&and_chain)))
        .message
        .contains("MAX_OPERATORS"));
    let unions = vec!["SELECT 1"; 20_000].join(" UNION ALL ") + ";";
    assert!(err(last(&mysql(&unions))).message.contains("MAX_OPERATORS"));
}

/// The longest chain written to an integer column: PostgreSQL checks each `+` against the
/// column types' ranges (a call per operator), and both dialects may round what an integer
/// column gets; neither may make the statement too deep to plan or run.
#[test]
fn the_longest_chain_is_written_to_an_integer_column() {
    let chain = format!("1{}", "+1".repeat(deep::DEEPEST_CHAIN - 1));
    let script = format!(
        "CREATE TABLE t (id int, v int);\nINSERT INTO t VALUES ({chain}, 0);\nUPDATE t SET v = id - 0;\nSELECT v FROM t;"
    );
    let sum = deep::DEEPEST_CHAIN.to_string();
    for (t, dialect) in [(postgres(&script), "postgres"), (mysql(&script), "mysql")] {
        assert_eq!(rows(last(&t)), [[sum.clone()]], "{dialect}");
    }
}

#[test]
fn t_sql_blocks_nest_to_the_limit_and_deeper_is_refused() {
    let t = mssql(&deep::nested_blocks(deep::DEEPEST_NESTING));
    assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
    assert!(
        last(&t).client_text.contains("42"),
        "{}",
        last(&t).client_text
    );

    let too_deep = deep::nested_blocks(deep::DEEPEST_NESTING + 1);
    let ifs = format!("{}SELECT 1;", "IF 1 = 1\n".repeat(2_200));
    let whiles = format!("{}BREAK;", "WHILE 1 = 1\n".repeat(2_600));
    let blocks = deep::nested_blocks(7_300);
    for text in [too_deep, ifs, whiles, blocks] {
        let t = mssql(&text);
        let e = err(last(&t));
        assert_eq!(e.native, "191");
        assert!(e.message.contains("MAX_NESTING"), "{}", e.message);
    }
}

/// A jsonb written as text is read by a parser that recurses once per level, and `1e1000`
/// would be spelled out digit by digit.
#[test]
fn a_jsonb_nests_and_scales_to_its_limits_and_past_them_is_an_error_naming_them() {
    let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let write = |json: &str| {
        postgres(&format!(
            "CREATE TABLE jobs (id int, payload jsonb); INSERT INTO jobs VALUES (1, '{json}'); SELECT payload FROM jobs;"
        ))
    };
    let t = write(&nested(MAX_JSON_DEPTH));
    assert_eq!(rows(last(&t))[0][0], nested(MAX_JSON_DEPTH));
    let t = write(&nested(MAX_JSON_DEPTH + 1));
    assert!(err(&t.steps[1]).message.contains("(MAX_JSON_DEPTH)"));
    let t = write(&format!("1e{MAX_JSON_EXPONENT}"));
    assert_eq!(rows(last(&t))[0][0].len(), MAX_JSON_EXPONENT + 1);
    let t = write(&format!("1e{}", MAX_JSON_EXPONENT + 1));
    assert!(err(&t.steps[1]).message.contains("(MAX_JSON_EXPONENT)"));
}

#[test]
fn a_value_past_the_byte_limit_is_an_error_naming_it() {
    // Doubling a 10-byte string: 640 KB at n = 17 is a value, 1.3 MB at n = 18 is not.
    let doubling = |n: u32| {
        format!(
            "WITH RECURSIVE r(s, n) AS (SELECT 'xxxxxxxxxx', 1 UNION ALL SELECT s || s, n + 1 FROM r WHERE n < {n}) \
             SELECT length(s) FROM r ORDER BY n DESC LIMIT 1;"
        )
    };
    assert_eq!(rows(last(&postgres(&doubling(17)))), [["655360"]]);
    let e = err(last(&postgres(&doubling(18)))).clone();
    assert!(e.message.contains("MAX_VALUE_BYTES"), "{}", e.message);
}

#[test]
fn sqlite_s_own_functions_and_tables_are_refused_as_the_vendor_refuses_unknown_ones() {
    // Once the client text of a 600 MB value: out of memory.
    let e = err(last(&mysql("SELECT length(zeroblob(300000000));"))).clone();
    assert_eq!(
        (e.native.as_str(), e.message.as_str()),
        ("1305", "FUNCTION test.zeroblob does not exist")
    );
    // SQLite's own date functions, and those a dialect's server lacks: never run by SQLite.
    for (t, native) in [
        (postgres("SELECT datetime('now');"), "42883"),
        (postgres("SELECT ifnull(NULL, 1);"), "42883"),
        (mysql("SELECT strftime('%s', '2020-01-01');"), "1305"),
        (mssql("SELECT datetime('now');"), "195"),
        (mssql("SELECT instr('abc', 'b');"), "195"),
    ] {
        assert_eq!(err(last(&t)).native, native, "{:?}", err(last(&t)));
    }
    // MySQL's DATETIME(6) is a type, not SQLite's datetime().
    let t =
        mysql("CREATE TABLE jobs (id int PRIMARY KEY, at DATETIME(6)); SELECT count(*) FROM jobs;");
    assert_eq!(rows(last(&t)), [["0"]]);
    // MariaDB's HEX, which SQLite's hex() would answer otherwise: refused by name.
    let e = err(last(&mysql("SELECT hex(255);"))).clone();
    assert!(
        e.message.contains("hex() is not supported here"),
        "{}",
        e.message
    );
    let e = err(last(&postgres("SELECT * FROM sqlite_schema;"))).clone();
    assert_eq!(e.message, "relation \"sqlite_schema\" does not exist");
    let e = err(last(&mssql("SELECT name FROM pragma_table_info('q');"))).clone();
    assert_eq!(e.message, "Invalid object name 'pragma_table_info'.");
    // The engine's own helpers are not the user's to call.
    let e = err(last(&postgres("SELECT ql_now();"))).clone();
    assert_eq!(e.message, "function ql_now() does not exist");
    for t in [mysql("SELECT random();"), postgres("SELECT random();")] {
        assert!(err(last(&t)).message.contains("same result every time"));
    }
    let e = err(last(&mysql("SELECT * FROM generate_series(1, 3);"))).clone();
    assert_eq!(e.message, "Table 'test.generate_series' doesn't exist");
    // PostgreSQL has generate_series: it runs there.
    assert_eq!(
        rows(last(&postgres(
            "SELECT count(*) FROM generate_series(1, 3);"
        ))),
        [["3"]]
    );
    let e = err(last(&mssql("DECLARE @b varbinary(10) = randomblob(4);"))).clone();
    assert_eq!(
        e.message,
        "'randomblob' is not a recognized built-in function name."
    );
}

#[test]
fn scripts_too_long_or_with_too_many_statements_are_refused_before_anything_runs() {
    let many = "SELECT 1;\n".repeat(MAX_STATEMENTS);
    assert_eq!(mysql(&many).steps.len(), MAX_STATEMENTS);

    for (text, limit) in [
        ("SELECT 1;\n".repeat(MAX_STATEMENTS + 1), "MAX_STATEMENTS"),
        ("SELECT 1;\n".repeat(100_000), "MAX_STATEMENTS"),
        (
            format!("SELECT '{}';", "x".repeat(MAX_SCRIPT_BYTES)),
            "MAX_SCRIPT_BYTES",
        ),
    ] {
        for d in [Dialect::MySql, Dialect::Postgres, Dialect::MsSql] {
            let t = run_script(d, &text, &RunConfig::default());
            assert!(t.steps.is_empty(), "{d:?}: nothing runs");
            assert!(
                t.diagnostics.iter().any(|x| x.message.contains(limit)),
                "{d:?}: {:?}",
                t.diagnostics
            );
        }
    }
}

#[test]
fn a_table_fills_to_the_row_limit_and_an_insert_past_it_is_undone_with_an_error_naming_it() {
    let fill = |n: usize| {
        format!(
            "CREATE TABLE t (id int PRIMARY KEY, v int);\n\
             INSERT INTO t SELECT g, g FROM generate_series(1, {n}) AS g;\n\
             UPDATE t SET v = 0 WHERE id = 7;\n"
        )
    };
    let t = postgres(&fill(MAX_TABLE_ROWS));
    let insert = &t.steps[1];
    assert_eq!(ok(insert).affected, Some(MAX_TABLE_ROWS as u64));
    let table = &insert.tables[0];
    assert_eq!(table.rows.len(), MAX_TABLE_ROWS);
    assert!(table.rows.iter().all(|r| r.mark == Mark::Inserted));
    // The next picture marks the one row the UPDATE changed, and only it.
    let marked: Vec<(i64, &Mark)> = last(&t).tables[0]
        .rows
        .iter()
        .filter(|r| r.mark != Mark::Unchanged)
        .map(|r| (r.rowid, &r.mark))
        .collect();
    assert_eq!(marked, [(7, &Mark::Updated(vec!["v".to_string()]))]);

    // One row more: the whole INSERT is undone and says which limit it went over.
    let t = postgres(&(fill(MAX_TABLE_ROWS + 1) + "SELECT count(*) FROM t;"));
    let e = err(&t.steps[1]).clone();
    assert_eq!(e.native, "54000");
    assert!(
        e.message.contains("MAX_TABLE_ROWS") && e.message.contains("10,001"),
        "{}",
        e.message
    );
    assert_eq!(rows(last(&t)), [["0"]]);

    // Row by row in MySQL: the insert that would make 10,001 rows is refused.
    let t = mysql(&format!(
        "CREATE TABLE t (id int PRIMARY KEY);\n\
         INSERT INTO t WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < {MAX_TABLE_ROWS}) SELECT n FROM c;\n\
         INSERT INTO t VALUES (0);\n"
    ));
    let e = err(last(&t));
    assert_eq!(e.native, "1105");
    assert!(!e.message.contains("SQLite"), "{}", e.message);
    assert!(e.message.contains("MAX_TABLE_ROWS"), "{}", e.message);
}

#[test]
fn repeat_builds_its_text_only_within_the_value_limit() {
    let t = mysql("SELECT repeat('ab', 3), repeat(5, 2), repeat('x', 0), repeat(NULL, 2);");
    assert_eq!(
        ok(last(&t)).rows[0]
            .iter()
            .map(|v| v.text())
            .collect::<Vec<_>>(),
        [
            Some("ababab".to_string()),
            Some("55".to_string()),
            Some(String::new()),
            None
        ]
    );
    // Once 300 MB built before SQLite's length limit could refuse it.
    for t in [
        mysql("SELECT length(repeat('x', 300000000));"),
        postgres("SELECT length(repeat('x', 300000000));"),
    ] {
        assert!(err(last(&t)).message.contains("MAX_VALUE_BYTES"));
    }
    // SQL Server has no REPEAT (its function is REPLICATE).
    let e = err(last(&mssql("SELECT repeat('x', 2);"))).clone();
    assert_eq!(
        e.message,
        "'repeat' is not a recognized built-in function name."
    );
}

#[test]
fn a_permutation_holds_up_to_the_move_limit_and_a_longer_one_is_an_error_at_the_first_move_past_it()
{
    let spec = |moves: usize| {
        format!(
            "setup {{ CREATE TABLE t (id int PRIMARY KEY); }}\nsession s\nstep a {{ SELECT 1; }}\npermutation {}\n",
            vec!["a"; moves].join(" ")
        )
    };
    let r = queuelab::scenario::resolve(&spec(MAX_PERMUTATION_MOVES));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(
        r.schedules().next().map(|s| s.0.len()),
        Some(MAX_PERMUTATION_MOVES)
    );

    let r = queuelab::scenario::resolve(&spec(MAX_PERMUTATION_MOVES + 1));
    let e = &r.errors[0];
    // "permutation " then "a " per move: the first move past the limit.
    assert_eq!(
        (e.pos.line, e.pos.column as usize),
        (4, 13 + 2 * MAX_PERMUTATION_MOVES)
    );
    assert!(e.message.contains("MAX_PERMUTATION_MOVES"), "{}", e.message);

    // The same limit on a permutation given on its own (`--permutation`, a link's moves).
    let ok_spec = queuelab::scenario::resolve(&spec(1)).spec;
    let long = vec!["a"; MAX_PERMUTATION_MOVES + 1].join(" ");
    let e = queuelab::scenario::schedule::Schedule::parse(&long, &ok_spec).unwrap_err();
    assert!(e.message.contains("MAX_PERMUTATION_MOVES"), "{}", e.message);
    let fits = vec!["a"; MAX_PERMUTATION_MOVES].join(" ");
    assert!(queuelab::scenario::schedule::Schedule::parse(&fits, &ok_spec).is_ok());
}

#[test]
fn a_t_sql_batch_runs_up_to_the_statement_limit_and_an_endless_loop_is_stopped_there() {
    // DECLARE, then a WHILE test and a SET per turn, then the last WHILE test: 2n + 2.
    let looping =
        |turns: u64| format!("DECLARE @i int = 0\nWHILE @i < {turns}\n  SET @i = @i + 1\n");
    let turns = (MAX_BATCH_STATEMENTS - 2) / 2;
    let t = mssql(&looping(turns));
    assert_eq!(t.steps.len() as u64, MAX_BATCH_STATEMENTS);
    assert!(t
        .steps
        .iter()
        .all(|s| matches!(s.outcome, queuelab::trace::Outcome::Ok(_))));

    let t = mssql(&looping(turns + 1));
    let e = err(last(&t));
    assert!(e.message.contains("MAX_BATCH_STATEMENTS"), "{}", e.message);
    assert!(mssql("WHILE 1 = 1\n  PRINT 'x'\n").steps.len() as u64 <= MAX_BATCH_STATEMENTS + 1);
}
