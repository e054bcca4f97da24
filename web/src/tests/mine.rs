//! The user's own scripts: examples and links never replace them.

use super::Ui;
use crate::state::mine::{OwnScript, KEPT};
use crate::state::Action;
use queuelab::examples;
use queuelab::Dialect;

fn example_load(id: &str) -> Action {
    let e = examples::by_id(id).unwrap_or_else(|| panic!("no example {id}"));
    Action::Load {
        text: e.sql.to_string(),
        dialect: queuelab::dialect_for(e.sql, None),
    }
}

#[test]
fn an_example_chosen_over_typed_work_leaves_it_to_come_back_to() {
    let typed = "-- my queue\nCREATE TABLE q (id int);\nINSERT INTO q VALUES (1);\n";
    let s = Ui::default_example().apply(Action::Edit(typed.into()));
    assert_eq!(s.mine.current, Some(0));
    let s = s.apply(example_load("pg-skip-locked"));
    assert_eq!(s.mine.current, None, "the example is not the user's script");
    assert_eq!(s.mine.scripts[0].text, typed);
    let back = s.apply(Action::OpenMine(0));
    assert_eq!(back.document.text, typed);
    assert_eq!(back.document.dialect, Dialect::MySql);
    assert_eq!(back.mine.current, Some(0));
}

#[test]
fn editing_a_link_starts_a_script_of_its_own_and_keeps_the_older_one() {
    let mine = "SELECT 'mine';";
    let s = Ui::new(String::new(), Dialect::Postgres).apply(Action::Edit(mine.into()));
    let s = s.apply(Action::Load {
        text: "SELECT 'shared';".into(),
        dialect: Dialect::Postgres,
    });
    assert_eq!(s.mine.scripts.len(), 1, "opening a link writes nothing");
    let s = s.apply(Action::Edit("SELECT 'shared, changed';".into()));
    let texts: Vec<&str> = s.mine.scripts.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(texts, ["SELECT 'shared, changed';", mine]);
    // Typing on in the same script updates it rather than adding one per keystroke.
    let s = s.apply(Action::Edit("SELECT 'shared, changed again';".into()));
    assert_eq!(s.mine.scripts.len(), 2);
    assert_eq!(s.mine.scripts[0].text, "SELECT 'shared, changed again';");
}

#[test]
fn an_older_script_opened_and_edited_becomes_the_newest() {
    let mut s = Ui::new(String::new(), Dialect::MySql);
    for t in ["SELECT 1;", "SELECT 2;"] {
        s = s
            .apply(example_load("ring-odku"))
            .apply(Action::Edit(t.into()));
    }
    let s = s.apply(Action::OpenMine(1));
    assert_eq!(s.document.text, "SELECT 1;");
    let s = s.apply(Action::Edit("SELECT 1, 1;".into()));
    let texts: Vec<&str> = s.mine.scripts.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(texts, ["SELECT 1, 1;", "SELECT 2;"]);
}

#[test]
fn a_fix_and_a_dialect_change_update_the_script_and_only_so_many_are_kept() {
    let s = Ui::new(String::new(), Dialect::MySql).apply(Action::Edit("SELECT 1;".into()));
    let s = s.apply(Action::SetDialect(Dialect::Postgres));
    assert_eq!(s.mine.scripts[0].dialect(), Dialect::Postgres);
    let mut s = s;
    for i in 0..KEPT + 3 {
        s = s
            .apply(example_load("ring-odku"))
            .apply(Action::Edit(format!("SELECT {i};")));
    }
    assert_eq!(s.mine.scripts.len(), KEPT);
    assert_eq!(s.mine.scripts[0].text, format!("SELECT {};", KEPT + 2));
    // An index past the list (a stale menu) changes nothing.
    let same = s.apply(Action::OpenMine(KEPT));
    assert_eq!(same.document.text, s.document.text);
}

#[test]
fn the_menu_names_a_script_by_its_first_line_that_says_something() {
    let own = OwnScript::new(
        "-- dialect: postgres\n\n  CREATE TABLE jobs (id bigserial PRIMARY KEY, payload text NOT NULL);",
        Dialect::Postgres,
    );
    assert_eq!(own.label(), "CREATE TABLE jobs (id bigserial PRIMARY…");
    assert_eq!(OwnScript::new("", Dialect::MySql).label(), "(empty)");
}
