//! Tables named with their schema (PostgreSQL) or database (MariaDB): the lab's own one is
//! the table of that name, and so is one of a schema CREATE SCHEMA made; any other does not
//! exist, as each server answers (checked with psql and mariadb; specs pg-schema-names,
//! pg-pgmq-schema, pg-schema-ddl, my-database-names).

mod common;
use common::*;

#[test]
fn public_names_the_one_schema_and_others_do_not_exist() {
    let t = postgres(
        "CREATE TABLE public.jobs (id int PRIMARY KEY, parent int REFERENCES public.jobs);
         INSERT INTO public.jobs VALUES (1, NULL);
         UPDATE jobs SET parent = 1 RETURNING public.jobs.id, parent;
         SELECT * FROM public.nosuch;
         CREATE TABLE pgmq.q (id int);
         INSERT INTO pgmq.q VALUES (1);
         DROP TABLE IF EXISTS pgmq.q, public.nosuch;
         CREATE INDEX ON public.nosuch (id);
         SELECT pg_catalog.now() = now() AS same;
         SELECT public.gen_random_uuid();
         DROP TABLE public.jobs;",
    );
    let a = answers(&t);
    assert_eq!(a[0], "CREATE TABLE");
    assert_eq!(a[1], "INSERT 0 1");
    assert_eq!(rows(&t.steps[2]), [["1", "1"]]);
    assert_eq!(a[3], "ERROR:  relation \"public.nosuch\" does not exist");
    assert_eq!(a[4], "ERROR:  schema \"pgmq\" does not exist");
    assert_eq!(a[5], "ERROR:  relation \"pgmq.q\" does not exist");
    assert_eq!(
        t.steps[6].client_text,
        "NOTICE:  schema \"pgmq\" does not exist, skipping\nNOTICE:  table \"nosuch\" does not exist, skipping\nDROP TABLE"
    );
    assert_eq!(a[7], "ERROR:  relation \"public.nosuch\" does not exist");
    assert_eq!(rows(&t.steps[8]), [["t"]]);
    // Refused: the lab's functions are the built-ins, in pg_catalog.
    assert!(a[9].contains("not supported here"), "{}", a[9]);
    assert_eq!(a[10], "DROP TABLE");
}

#[test]
fn test_names_the_one_database_and_others_do_not_exist() {
    let t = mysql(
        "CREATE TABLE test.jobs (id int PRIMARY KEY);
         INSERT INTO test.jobs VALUES (1);
         SELECT test.jobs.id FROM test.jobs;
         CREATE TABLE solid.q (id int);
         INSERT INTO solid.q VALUES (1);
         DROP TABLE solid.q;
         DROP TABLE IF EXISTS solid.q;
         SELECT * FROM Test.jobs;",
    );
    let a = answers(&t);
    assert_eq!(rows(&t.steps[2]), [["1"]]);
    assert_eq!(a[3], "ERROR 1049 (42000): Unknown database 'solid'");
    assert_eq!(a[4], "ERROR 1146 (42S02): Table 'solid.q' doesn't exist");
    assert_eq!(a[5], "ERROR 1051 (42S02): Unknown table 'solid.q'");
    assert!(a[6].starts_with("Query OK"), "{}", a[6]);
    // Database names are case-sensitive on the server's Linux file system.
    assert_eq!(a[7], "ERROR 1146 (42S02): Table 'Test.jobs' doesn't exist");
}

#[test]
fn a_schema_of_its_own_holds_tables_found_only_by_its_name() {
    let t = postgres(
        "CREATE SCHEMA pgmq;
         CREATE TABLE pgmq.q_tasks (msg_id int PRIMARY KEY, body text);
         INSERT INTO pgmq.q_tasks VALUES (1, 'a') RETURNING pgmq.q_tasks.msg_id, q_tasks.body;
         SELECT count(*) FROM q_tasks;
         WITH q_tasks AS (SELECT 7 AS n) SELECT n FROM q_tasks;
         CREATE SCHEMA \"PGMQ\";
         CREATE SCHEMA IF NOT EXISTS public;",
    );
    let a = answers(&t);
    assert_eq!(a[0], "CREATE SCHEMA");
    assert_eq!(rows(&t.steps[2]), [["1", "a"]]);
    // The picture names the table with its schema, as the user did.
    assert_eq!(
        table(&t.steps[2], "q_tasks").schema.as_deref(),
        Some("pgmq")
    );
    assert_eq!(a[3], "ERROR:  relation \"q_tasks\" does not exist");
    // A CTE's name is its own, whatever schema holds a table of that name.
    assert_eq!(rows(&t.steps[4]), [["7"]]);
    // The lab folds every name, a quoted one too.
    assert_eq!(a[5], "ERROR:  schema \"pgmq\" already exists");
    assert_eq!(
        t.steps[6].client_text,
        "NOTICE:  schema \"public\" already exists, skipping\nCREATE SCHEMA"
    );
}

#[test]
fn what_a_schema_would_need_the_lab_to_keep_apart_is_refused_by_name() {
    let t = postgres(
        "CREATE SCHEMA pgmq;
         CREATE TABLE pgmq.jobs (id int);
         CREATE TABLE jobs (id int);
         CREATE TABLE other (id int);
         CREATE TABLE pgmq.other (id int);
         CREATE SEQUENCE pgmq.ids;
         CREATE TYPE pgmq.state AS ENUM ('a');
         CREATE SCHEMA AUTHORIZATION joe;
         CREATE SCHEMA s2 CREATE TABLE t (id int);",
    );
    let a = answers(&t);
    let refused = |i: usize, what: &str| {
        assert!(
            a[i].contains(what) && a[i].contains("not supported here"),
            "{}",
            a[i]
        )
    };
    refused(2, "A table public.jobs beside the table pgmq.jobs");
    refused(4, "A table pgmq.other beside the table public.other");
    refused(5, "A sequence named with the schema pgmq");
    refused(6, "A type named with the schema pgmq");
    refused(7, "CREATE SCHEMA AUTHORIZATION");
    refused(8, "CREATE SCHEMA with objects inside it");
}

/// A WITH query's name hides the table of that name (before, the lab read the table's row
/// order into it and failed with `column q.rowid does not exist`).
#[test]
fn a_with_query_hides_the_table_of_its_name() {
    let script = "CREATE TABLE q (id int PRIMARY KEY);
         INSERT INTO q VALUES (5);
         WITH q AS (SELECT 7 AS n) SELECT n FROM q;
         WITH q AS (SELECT 7 AS n UNION ALL SELECT 8) SELECT n FROM q LIMIT 1;
         WITH q AS (SELECT id FROM q) SELECT id FROM q;";
    for (t, code) in [
        (postgres(script), "ERROR:  "),
        (mysql(script), "ERROR 1064 (42000): "),
    ] {
        assert_eq!(rows(&t.steps[2]), [["7"]]);
        assert_eq!(rows(&t.steps[3]), [["7"]]);
        let refused = answers(&t)[4].clone();
        let what = "A WITH query named q that reads the table q is not supported here";
        assert!(refused.starts_with(&format!("{code}{what}")), "{refused}");
    }
}

/// The sequence of an identity column in a schema is named with it under the tables, as
/// its table is (`pgmq.q_tasks`); the lab's own schema's are named alone.
#[test]
fn a_sequence_is_shown_with_its_tables_schema() {
    let t = postgres(
        "CREATE SCHEMA pgmq;
         CREATE TABLE pgmq.q_tasks (msg_id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY, message text);
         CREATE TABLE jobs (id serial PRIMARY KEY);
         INSERT INTO pgmq.q_tasks (message) VALUES ('a');",
    );
    let last = last(&t);
    assert_eq!(
        last.sequences,
        [
            "jobs_id_seq: next 1",
            "pgmq.q_tasks_msg_id_seq: last 1, next 2"
        ]
    );
}
