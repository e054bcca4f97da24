//! Numbers as the servers print them, or refused by name: doubles, decimals of a declared
//! scale, exact decimal arithmetic, and what the lab cannot type.

mod common;
use common::*;

const JOBS_PG: &str = "CREATE TABLE jobs (id int PRIMARY KEY, weight double precision NOT NULL DEFAULT 1, price numeric(10,2) NOT NULL DEFAULT 0);
     INSERT INTO jobs VALUES (1, 1, 2.5), (2, 1e20, 3);";

const JOBS_MY: &str = "CREATE TABLE jobs (id int PRIMARY KEY, weight double NOT NULL DEFAULT 1, price decimal(10,2) NOT NULL DEFAULT 0);
     INSERT INTO jobs VALUES (1, 1, 2.5), (2, 1e20, 3);";

#[test]
fn doubles_and_decimals_print_as_each_server_prints_them() {
    let t = postgres(&format!(
        "{JOBS_PG} SELECT weight, price, price * 2 FROM jobs ORDER BY id;"
    ));
    assert_eq!(rows(last(&t)), table_text("1 2.50 5.00\n1e+20 3.00 6.00"));
    let t = mysql(&format!(
        "{JOBS_MY} SELECT weight, price, avg(price) FROM jobs GROUP BY id ORDER BY id;"
    ));
    assert_eq!(
        rows(last(&t)),
        table_text("1 2.50 2.500000\n1e20 3.00 3.000000")
    );
}

#[test]
fn decimal_arithmetic_is_exact_where_sqlite_floats_are_not() {
    for trace in [
        postgres(&format!(
            "{JOBS_PG} INSERT INTO jobs (id, weight) VALUES (3, 0.1 + 0.2); SELECT weight, weight = 0.3 AS same FROM jobs WHERE id = 3;"
        )),
        mysql(&format!(
            "{JOBS_MY} INSERT INTO jobs (id, weight) VALUES (3, 0.1 + 0.2); SELECT weight, weight = 0.3 AS same FROM jobs WHERE id = 3;"
        )),
    ] {
        let shown = rows(last(&trace));
        assert_eq!(shown[0][0], "0.3", "{shown:?}");
        assert!(shown[0][1] == "t" || shown[0][1] == "1", "{shown:?}");
    }
}

#[test]
fn a_fraction_of_no_known_text_is_refused_and_its_statement_undone() {
    // avg of integers is a numeric whose scale PostgreSQL takes from the values.
    let t = postgres(&format!("{JOBS_PG} SELECT avg(id) FROM jobs;"));
    let e = err(last(&t));
    assert!(e.message.contains("Result column 1 (avg)"), "{}", e.message);
    assert!(e.message.contains("x::float8"), "{}", e.message);
    // The UPDATE has run when its RETURNING is refused: it is undone with it.
    let t = postgres(&format!(
        "{JOBS_PG} UPDATE jobs SET price = 9 WHERE id = 1 RETURNING price / 3; SELECT price FROM jobs WHERE id = 1;"
    ));
    assert!(err(&t.steps[t.steps.len() - 2])
        .message
        .contains("Result column 1"));
    assert_eq!(rows(last(&t)), [["2.50"]]);
    // Each value of `coalesce(price, 0)` keeps its own scale (2.50, or 0): no number shows.
    let t = postgres(&format!("{JOBS_PG} SELECT coalesce(price, 0) FROM jobs;"));
    assert!(err(last(&t)).message.contains("Result column 1"));
    // A typed form of each works.
    let t = postgres(&format!(
        "{JOBS_PG} SELECT avg(id)::float8, round(avg(id), 2), coalesce(price, 0.00) FROM jobs GROUP BY price ORDER BY price;"
    ));
    assert_eq!(rows(last(&t)), table_text("1 1.00 2.50\n2 2.00 3.00"));
}

#[test]
fn what_the_lab_cannot_keep_is_refused_by_name() {
    for (sql, says) in [
        ("CREATE TABLE t (r real);", "4-byte float"),
        ("CREATE TABLE t (n numeric);", "without a precision"),
        ("CREATE TABLE t (n numeric(20,2));", "exact to 15 digits"),
        ("SELECT 7.5 % 2;", "% of a number with a fraction"),
        (
            "CREATE TABLE t (n numeric(10,2)); INSERT INTO t VALUES (2.675);",
            "more decimals than the column n's scale (2)",
        ),
    ] {
        let t = postgres(sql);
        let e = err(last(&t));
        assert!(e.message.contains(says), "{sql}: {}", e.message);
    }
    let t = mysql("CREATE TABLE t (f float);");
    assert!(err(last(&t)).message.contains("use DOUBLE"));
}

#[test]
fn values_that_are_no_numbers_or_too_wide_fail_as_on_the_server() {
    let t = postgres(&format!(
        "{JOBS_PG} INSERT INTO jobs (id, price) VALUES (5, 'abc');"
    ));
    let e = err(last(&t));
    assert_eq!(
        (e.native.as_str(), e.message.as_str()),
        ("22P02", "invalid input syntax for type numeric: \"abc\"")
    );
    let t = postgres(&format!(
        "{JOBS_PG} INSERT INTO jobs (id, price) VALUES (5, 123456789.5);"
    ));
    assert_eq!(err(last(&t)).native, "22003");
    let t = mysql(&format!(
        "{JOBS_MY} INSERT INTO jobs (id, weight) VALUES (5, 'abc');"
    ));
    let e = err(last(&t));
    assert_eq!(e.native, "1366");
    assert!(e.message.starts_with("Incorrect double value: 'abc'"));
}

/// The browser build reads a double's digits off JavaScript's `String(x)` instead of Rust's
/// formatting (`float_text.rs`): the golden file is what both must give (tests/wasm_engine.rs
/// checks the browser), and natively the text is Rust's `Display` exactly. UPDATE_GOLDEN=1
/// rewrites the file after a deliberate change of the values.
#[test]
fn double_digits_match_the_golden_file_and_display() {
    let lines = common::float_digit_lines();
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/float-digits.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &lines).expect("written");
    }
    assert_eq!(
        lines,
        std::fs::read_to_string(golden).expect("golden exists")
    );
    assert_eq!(lines.lines().count(), 400);
    for r in [1e21, 1.5e-7, -0.5, 5e-324, f64::MAX, 0.30000000000000004] {
        assert_eq!(queuelab::float_text::display(r), r.to_string());
    }
}
