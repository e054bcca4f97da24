//! Tables named with their schema (PostgreSQL) or database (MariaDB): the lab's own one is
//! the table of that name, any other does not exist, as each server answers (checked with
//! psql and mariadb; spec pg-schema-names, my-database-names).

mod common;
use common::*;

/// The client text of each statement of a PostgreSQL script, one line each.
fn answers(trace: &queuelab::trace::Trace) -> Vec<String> {
    trace
        .steps
        .iter()
        .map(|s| s.client_text.lines().next().unwrap_or_default().to_string())
        .collect()
}

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
