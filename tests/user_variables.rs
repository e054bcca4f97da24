//! MySQL user variables: SET @v and SELECT ... INTO @v keep values that later statements
//! of the same session read (an unset variable reads NULL); what is not modelled is refused
//! by name, never run with a silent NULL.

mod common;
use common::*;

const JOBS: &str = "CREATE TABLE jobs (id int PRIMARY KEY, payload varchar(10)); \
                    INSERT INTO jobs VALUES (1, 'a'), (2, 'b'), (3, 'c');";

#[test]
fn set_then_read_in_a_delete() {
    let t = mysql(&format!(
        "{JOBS} SET @j = 2; DELETE FROM jobs WHERE id = @j; SELECT id FROM jobs ORDER BY id;"
    ));
    assert_eq!(rows(last(&t)), [["1"], ["3"]]);
}

#[test]
fn select_into_keeps_the_row_and_returns_no_result_set() {
    let t = mysql(&format!(
        "{JOBS} SELECT id, payload INTO @id, @P FROM jobs ORDER BY id DESC LIMIT 1; SELECT @ID, @p;"
    ));
    let into = &t.steps[t.steps.len() - 2];
    assert_eq!(ok(into).columns, None);
    assert_eq!(rows(last(&t)), [["3", "c"]]);
}

#[test]
fn an_unset_variable_reads_null() {
    let t = mysql("SELECT @never IS NULL AS unset;");
    assert_eq!(rows(last(&t)), [["1"]]);
}

#[test]
fn select_into_of_no_row_leaves_the_variable_with_a_warning() {
    let t = mysql(&format!(
        "{JOBS} SET @j = 7; SELECT id INTO @j FROM jobs WHERE id > 10; SELECT @j;"
    ));
    assert_eq!(ok(&t.steps[t.steps.len() - 2]).warnings, 1);
    assert_eq!(rows(last(&t)), [["7"]]);
}

#[test]
fn select_into_of_several_rows_is_error_1172_after_the_first_row() {
    let t = mysql(&format!(
        "{JOBS} SELECT id INTO @j FROM jobs ORDER BY id; SELECT @j;"
    ));
    let e = err(&t.steps[t.steps.len() - 2]);
    assert_eq!(
        (e.native.as_str(), e.message.as_str()),
        ("1172", "Result consisted of more than one row")
    );
    assert_eq!(rows(last(&t)), [["1"]]);
}

#[test]
fn set_of_several_variables_and_an_expression() {
    let t = mysql("SET @a = 1, @b = @a + 1; SELECT @a, @b;");
    // The SET's expressions are read before any is assigned: @a was NULL for @b.
    assert_eq!(rows(last(&t)), [["1", "NULL"]]);
}

#[test]
fn delete_returning_with_a_null_variable_returns_no_result_set() {
    // MariaDB's optimizer sees `id = NULL` cannot match: a plain OK, not an empty table.
    let t = mysql(&format!(
        "{JOBS} DELETE FROM jobs WHERE id = @none RETURNING id;"
    ));
    assert_eq!(ok(last(&t)).columns, None);
    let t = mysql(&format!(
        "{JOBS} DELETE FROM jobs WHERE id = 9 RETURNING id;"
    ));
    assert_eq!(ok(last(&t)).columns, Some(vec!["id".to_string()]));
}

#[test]
fn system_variables_and_inline_assignment_are_refused_by_name() {
    let t = mysql("SELECT @@tx_isolation;");
    assert!(
        err(last(&t))
            .message
            .contains("system variable @@tx_isolation"),
        "{}",
        err(last(&t)).message
    );
    let t = mysql(&format!("{JOBS} SELECT @j := id FROM jobs;"));
    assert!(
        err(last(&t)).message.contains("@name := ..."),
        "{}",
        err(last(&t)).message
    );
}

#[test]
fn postgresql_has_no_user_variables() {
    let t = postgres("SELECT @j;");
    assert_eq!(err(last(&t)).message, "column \"j\" does not exist");
}

/// LAST_INSERT_ID() is the first id an INSERT's rows asked AUTO_INCREMENT for, however they
/// asked: the column left out, given NULL or 0, every column's default; an id given keeps
/// the last value (MariaDB 10.11 answers 1, 1, 11, 12, 13, 14: the given 10 moves the
/// counter past it).
#[test]
fn last_insert_id_counts_every_way_of_asking_for_an_id() {
    let t = mysql(
        "CREATE TABLE j (id int AUTO_INCREMENT PRIMARY KEY, k varchar(10) DEFAULT 'a');\n\
         INSERT INTO j (k) VALUES ('x'); SELECT LAST_INSERT_ID();\n\
         INSERT INTO j (id, k) VALUES (10, 'y'); SELECT LAST_INSERT_ID();\n\
         INSERT INTO j (id, k) VALUES (NULL, 'z'); SELECT LAST_INSERT_ID();\n\
         INSERT INTO j VALUES (0, 'w'); SELECT LAST_INSERT_ID();\n\
         INSERT INTO j () VALUES (); SELECT LAST_INSERT_ID();\n\
         INSERT INTO j (id, k) VALUES (DEFAULT, DEFAULT); SELECT LAST_INSERT_ID();",
    );
    let ids: Vec<_> = t.steps.iter().skip(2).step_by(2).map(rows).collect();
    assert_eq!(
        ids,
        [[["1"]], [["1"]], [["11"]], [["12"]], [["13"]], [["14"]]]
    );
}
