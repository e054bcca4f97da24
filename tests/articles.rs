//! The seed articles' scripts, run as pasted, against the tables the articles print. Where an
//! article prints something its SQL cannot produce, the test asserts the true output and the
//! example carries a remark that tells the user.

mod common;
use common::*;
use queuelab::examples::by_id;
use queuelab::trace::{Outcome, Step};

fn example(id: &str) -> queuelab::Trace {
    mysql(by_id(id).expect("bundled example").sql)
}

/// The `nth` statement whose text starts with `source_start` (`=text`: is exactly `text`).
fn step_of<'a>(t: &'a queuelab::Trace, source_start: &str, nth: usize) -> &'a Step {
    t.steps
        .iter()
        .filter(|s| match source_start.strip_prefix('=') {
            Some(exact) => s.source == exact,
            None => s.source.starts_with(source_start),
        })
        .nth(nth)
        .unwrap_or_else(|| panic!("no {nth}th statement starting {source_start}"))
}

#[test]
fn ring_odku_prints_the_articles_tables() {
    let t = example("ring-odku");
    assert!(t.diagnostics.is_empty());
    assert_eq!(
        rows(step_of(&t, "=select * from q", 0)),
        table_text("0 0 apples")
    );
    assert_eq!(
        rows(step_of(&t, "=select * from q", 1)),
        table_text("0 0 apples\n1 1 oranges\n2 2 peaches\n3 3 cherries\n4 4 pears")
    );
    assert_eq!(
        rows(step_of(&t, "select * from q order by modulo", 0)),
        table_text("5 0 bananas\n1 1 oranges\n2 2 peaches\n3 3 cherries\n4 4 pears")
    );
    assert_eq!(
        rows(step_of(&t, "select * from q order by id", 0)),
        table_text("1 1 oranges\n2 2 peaches\n3 3 cherries\n4 4 pears\n5 0 bananas")
    );
}

#[test]
fn ring_odku_reports_affected_rows_as_the_mysql_client() {
    let t = example("ring-odku");
    let first = step_of(&t, "insert", 0);
    assert_eq!(
        first.client_text,
        "Query OK, 1 row affected\nRecords: 1  Duplicates: 0  Warnings: 0"
    );
    let wrap = step_of(&t, "insert", 5);
    assert_eq!(
        wrap.client_text,
        "Query OK, 2 rows affected\nRecords: 1  Duplicates: 1  Warnings: 0"
    );
}

#[test]
fn ring_view_shows_bananas_overwriting_apples_and_oranges_as_oldest() {
    let t = example("ring-odku");
    let wrap = step_of(&t, "insert", 5);
    let ring = &wrap.rings[0];
    assert_eq!(
        (ring.table.as_str(), ring.size, ring.group.as_str()),
        ("q", 5, "")
    );
    assert_eq!(ring.slots[0].label.as_deref(), Some("bananas"));
    assert!(ring.slots[0].overwritten && ring.slots[0].written);
    assert_eq!(ring.slots[1].label.as_deref(), Some("oranges"));
    assert!(!ring.slots[1].written);
    assert_eq!((ring.newest, ring.oldest, ring.next), (Some(0), Some(1), 1));
    // Before the wraparound the ring filled slot by slot, nothing overwritten.
    let fourth = step_of(&t, "insert", 3);
    assert!(fourth.rings[0].slots.iter().all(|s| !s.overwritten));
    assert_eq!(fourth.rings[0].next, 4);
}

#[test]
fn ring_replace_deletes_and_inserts() {
    let t = example("ring-replace");
    let wrap = step_of(&t, "replace", 5);
    assert_eq!(
        wrap.client_text,
        "Query OK, 2 rows affected\nRecords: 1  Duplicates: 1  Warnings: 0"
    );
    let q = table(wrap, "q");
    let marks: Vec<_> = q.rows.iter().map(|r| format!("{:?}", r.mark)).collect();
    assert!(marks.contains(&"Inserted".to_string()) && marks.contains(&"Deleted".to_string()));
    assert!(wrap.rings[0].slots[0].overwritten);
    assert_eq!(
        rows(last(&t)),
        table_text("1 1 oranges\n2 2 peaches\n3 3 cherries\n4 4 pears\n5 0 bananas")
    );
}

#[test]
fn grouped_rings_keep_one_ring_per_kind() {
    let t = example("grouped-rings");
    assert_eq!(
        rows(step_of(&t, "SELECT * FROM q order by kind,id", 3)),
        table_text("0 0 f apple\n1 1 f orange\n2 2 f peach\n3 3 f cherries\n4 4 f pear\n0 0 v okra\n1 1 v squash\n2 2 v celery")
    );
    let banana = step_of(&t, "REPLACE", 8);
    assert_eq!(
        banana.client_text,
        "Query OK, 2 rows affected\nRecords: 1  Duplicates: 1  Warnings: 0"
    );
    let groups: Vec<&str> = banana.rings.iter().map(|r| r.group.as_str()).collect();
    assert_eq!(groups, ["kind = 'f'", "kind = 'v'"]);
    assert!(banana.rings[0].slots[0].overwritten);
    assert_eq!(banana.rings[1].next, 3);
}

#[test]
fn grouped_rings_assert_what_the_sql_really_prints_where_the_article_errs() {
    let t = example("grouped-rings");
    // The article prints "0 5 f banana".
    let after = step_of(&t, "SELECT * FROM q order by kind,id", 4);
    assert_eq!(rows(after)[4], ["5", "0", "f", "banana"]);
    assert!(after.remarks[0].contains("0 5 f banana"));
    // The article prints ORDER BY id DESC ascending.
    let desc = step_of(&t, "SELECT * FROM q WHERE kind='f' ORDER BY id DESC", 0);
    assert_eq!(
        rows(desc),
        table_text("5 0 f banana\n4 4 f pear\n3 3 f cherries\n2 2 f peach\n1 1 f orange")
    );
    assert!(!desc.remarks.is_empty());
    // The article shows ORDER BY id,kind sorted by kind.
    let by_id = step_of(&t, "SELECT * FROM q order by id,kind", 0);
    let ids: Vec<String> = rows(by_id).iter().map(|r| r[0].clone() + &r[2]).collect();
    assert_eq!(ids, ["0v", "1f", "1v", "2f", "2v", "3f", "4f", "5f"]);
}

#[test]
fn typographic_quotes_get_a_clear_error_and_a_fix() {
    let t = example("grouped-rings");
    let curly = last(&t);
    let Outcome::Error(e) = &curly.outcome else {
        panic!("the curly-quoted query must fail")
    };
    assert!(e.message.contains("typographic quote ’"), "{}", e.message);
    assert!(e.message.contains("straight quotes"));
    assert_eq!(e.pos.map(|p| p.line), Some(curly.span.start.line));
    let fixed = e.fixed_text.as_deref().expect("a fix is offered");
    let t2 = mysql(fixed);
    let foods: Vec<String> = rows(last(&t2)).iter().map(|r| r[0].clone()).collect();
    let mut sorted = foods.clone();
    sorted.sort();
    assert_eq!(sorted, ["banana", "cherries", "orange", "peach", "pear"]);
}

/// The articles' code blocks, pasted one after the other, run without an error (but for the
/// curly-quoted query), prompts and all.
#[test]
fn every_seed_block_runs_as_pasted() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/seed-sql");
    for seed in ["000_07cbadcbbdfeb5f6", "003_464ee1b99a189f38"] {
        let mut blocks: Vec<(u32, String)> = std::fs::read_dir(dir)
            .expect("shared/seed-sql is beside the project")
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let n = name
                    .strip_prefix(&format!("{seed}_"))?
                    .strip_suffix(".sql")?
                    .parse()
                    .ok()?;
                Some((n, std::fs::read_to_string(e.path()).ok()?))
            })
            .collect();
        blocks.sort();
        assert!(blocks.len() >= 9, "{seed}: blocks found");
        // Each block is pasted on its own, as a reader would (a block may lack its `;`).
        let script: String = blocks.iter().map(|(_, b)| format!("{b}\n;\n")).collect();
        let t = mysql(&script);
        assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
        for s in &t.steps {
            if let Outcome::Error(e) = &s.outcome {
                assert!(
                    e.message.contains("typographic"),
                    "{seed}: `{}` failed: {}",
                    s.source,
                    e.message
                );
            }
        }
    }
}

#[test]
fn the_user_can_set_the_ring_size() {
    let config = queuelab::RunConfig {
        ring_sizes: vec![("q".into(), 3)],
        ..Default::default()
    };
    let t = queuelab::run_script(
        queuelab::Dialect::MySql,
        by_id("ring-odku").expect("bundled").sql,
        &config,
    );
    let ring = &last(&t).rings[0];
    assert_eq!(ring.size, 3);
    // Slots 3 and 4 of the real ring of 5 do not fit a ring of 3: shown as strays.
    assert_eq!(ring.strays, 2);
    assert_eq!(ring.slots[0].label.as_deref(), Some("bananas"));
}

/// Seed 000's code blocks joined as a reader copies them, without the `;` the article leaves
/// out between its first blocks: the first error offers the text with the `;` added, and
/// taking each fix in turn makes the whole article run.
#[test]
fn seed_000_pasted_without_its_semicolons_is_fixed_one_click_at_a_time() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/seed-sql");
    let mut text: String = (1..=9)
        .filter_map(|k| std::fs::read_to_string(format!("{dir}/000_07cbadcbbdfeb5f6_{k}.sql")).ok())
        .collect::<Vec<_>>()
        .join("\n");
    let mut fixes = 0;
    loop {
        let t = mysql(&text);
        let fix = t.steps.iter().find_map(|s| match &s.outcome {
            Outcome::Error(e) if e.message.contains("could end before it") => Some(
                e.fixed_text
                    .clone()
                    .expect("a missing `;` comes with a fix"),
            ),
            _ => None,
        });
        let Some(fixed) = fix else {
            for s in &t.steps {
                assert!(
                    matches!(s.outcome, Outcome::Ok(_)),
                    "`{}` failed after {fixes} fixes: {:?}",
                    s.source,
                    s.outcome
                );
            }
            break;
        };
        assert_eq!(fixed.len(), text.len() + 1, "one `;` more, nothing else");
        text = fixed;
        fixes += 1;
        assert!(fixes <= 9, "a fix per missing `;`");
    }
    assert!(fixes >= 2, "the first blocks lack their `;`: {fixes}");
}
