//! The multi-session view's state: steps, waits, statement limits, Back, permutations.

use super::{Input, Sc, Ui};
use crate::driver::Command;
use crate::state::Action;
use queuelab::examples;
use queuelab::trace::{Event, EventKind, Outcome};
use queuelab::Dialect;

fn odku() -> Ui {
    Ui::default_example()
}

fn example(id: &str) -> Ui {
    match examples::by_id(id) {
        Some(e) => Ui::from_example(e),
        None => panic!("no example {id}"),
    }
}

/// The Step button of `session`.
fn step(session: &str) -> Input {
    Command::Step {
        session: session.into(),
        step: None,
        statements: None,
    }
    .into()
}

/// The "Step 1 statement" button of `session`.
fn statement(session: &str) -> Input {
    Command::Step {
        session: session.into(),
        step: None,
        statements: Some(1),
    }
    .into()
}

fn kinds(s: &Ui) -> Vec<&'static str> {
    s.scenario()
        .as_ref()
        .map(|sc| sc.events.iter().map(|e| e.kind.as_str()).collect())
        .unwrap_or_default()
}

#[test]
fn scripts_have_no_scenario_specs_do() {
    assert!(odku().scenario().is_none());
    let s = example("pg-for-update-wait");
    let Some(sc) = &s.scenario() else {
        panic!("a spec has a scenario")
    };
    assert!(sc.errors.is_empty());
    assert_eq!(sc.permutations.len(), 3);
    assert!(sc.frame().is_none());
    assert_eq!(sc.next_step("c1"), Some("c1pop"));
    // The one-session actions do nothing on a spec.
    let s = s.apply(Command::Next).apply(Command::Run);
    assert!(s.trace().is_none());
    assert_eq!(s.cursor(), None);
}

#[test]
fn scenario_step_waits_and_completes() {
    let s = example("pg-for-update-wait")
        .apply(step("c1"))
        .apply(step("c2"));
    assert_eq!(s.steps(), ["c1pop", "c2lock"]);
    assert_eq!(kinds(&s), ["ok", "waiting"]);
    let Some(sc) = s.scenario() else {
        panic!("scenario")
    };
    assert_eq!(sc.waits_for("c2"), ["c1"]);
    let frame = sc.frame().map(|f| f.locks.clone()).unwrap_or_default();
    assert!(frame
        .iter()
        .any(|l| l.session == "c1" && l.mode == "FOR UPDATE"));
    // A waiting session cannot step.
    let same = s.apply(step("c2"));
    assert_eq!(same.steps(), s.steps());
    let s = s.apply(step("c1"));
    assert_eq!(s.steps(), ["c1pop", "c2lock", "c1c"]);
    assert_eq!(kinds(&s), ["ok", "waiting", "ok", "completed"]);
    assert!(s
        .scenario()
        .as_ref()
        .is_some_and(|sc| sc.waits_for("c2").is_empty()));
    // Unknown sessions are ignored.
    let same = s.apply(step("nope"));
    assert_eq!(same.steps(), s.steps());
}

fn scenario(s: &Ui) -> Sc {
    match s.scenario() {
        Some(sc) => sc,
        None => panic!("a spec has a scenario"),
    }
}

/// The first column's text of the rows of the last frame's `table` that `session` holds a
/// lock on, with the lock's mode.
fn locked(s: &Ui, table: &str, column: &str, session: &str) -> Vec<(String, String)> {
    let sc = scenario(s);
    let Some(frame) = sc.frame() else {
        return Vec::new();
    };
    let Some(t) = frame.tables.iter().find(|t| t.name == table) else {
        return Vec::new();
    };
    let Some(c) = t.columns.iter().position(|x| x == column) else {
        panic!("no column {column} in {:?}", t.columns)
    };
    frame
        .locks
        .iter()
        .filter(|l| l.table == table && l.session == session)
        .filter_map(|l| {
            let row = t.rows.iter().find(|r| r.rowid == l.rowid)?;
            Some((row.values[c].text()?, l.mode.to_string()))
        })
        .collect()
}

fn result_rows(e: &Event) -> Vec<Vec<String>> {
    match &e.outcome {
        Some(Outcome::Ok(ok)) => ok
            .rows
            .iter()
            .map(|r| r.iter().map(|v| v.text().unwrap_or_default()).collect())
            .collect(),
        other => panic!("no rows: {other:?}"),
    }
}

#[test]
fn cursor_pop_one_statement_at_a_time_then_the_rest() {
    let mut s = example("mssql-cursor-pop");
    for _ in 0..7 {
        s = s.apply(statement("c1"));
    }
    // EXEC .. OPEN: c1 is inside its pop, the cursor open but nothing fetched or locked.
    let sc = scenario(&s);
    assert_eq!(sc.inside("c1"), Some("c1pop"));
    assert_eq!(sc.statements_run("c1"), Some(7));
    assert_eq!(locked(&s, "RequestsQueue", "request", "c1"), []);

    // The FETCH: an X lock on the oldest row, held inside the open transaction.
    let s = s.apply(statement("c1"));
    assert_eq!(s.steps(), vec!["c1pop(statements 1)"; 8]);
    let sc = scenario(&s);
    assert_eq!(sc.inside("c1"), Some("c1pop"));
    assert_eq!(sc.statements_run("c1"), Some(8));
    assert_eq!(
        sc.next_step("c1"),
        Some("c1pop"),
        "a step inside is not finished"
    );
    assert_eq!(
        locked(&s, "RequestsQueue", "request", "c1"),
        [("first".to_string(), "X".to_string())]
    );
    assert_eq!(sc.partial, vec![true; 8]);
    assert!(sc.last_result("c1").is_some_and(|(_, partial)| partial));
    // The log says which statement each one-statement move ran: the EXEC first, the FETCH last.
    let ran = s.spec_run().map(|r| r.statements_ran()).unwrap_or_default();
    assert_eq!(ran.len(), 8);
    assert!(
        ran[0].as_deref().is_some_and(|t| t.contains("EXEC")),
        "{ran:?}"
    );
    assert!(
        ran[7].as_deref().is_some_and(|t| t.contains("FETCH")),
        "{ran:?}"
    );
    assert!(
        ran[7].as_deref().is_some_and(|t| t.starts_with("line ")),
        "{ran:?}"
    );

    // c2's pop reads the same row first and waits for c1's lock; waiting, it cannot step.
    let s = s.apply(step("c2"));
    assert_eq!(s.steps().last().map(String::as_str), Some("c2pop"));
    let sc = scenario(&s);
    assert_eq!(sc.waits_for("c2"), ["c1"]);
    assert_eq!(sc.inside("c2"), None);
    let same = s.apply(statement("c2"));
    assert_eq!(same.steps(), s.steps());

    // Step on c1 runs the rest of its pop: it returns "first", and c2 completes on "second".
    let s = s.apply(step("c1"));
    assert_eq!(s.steps().last().map(String::as_str), Some("c1pop"));
    let sc = scenario(&s);
    assert_eq!(sc.inside("c1"), None);
    assert_eq!(sc.next_step("c1"), None);
    assert_eq!(sc.next_step("c2"), Some("c2left"));
    let Some((c1, false)) = sc.last_result("c1") else {
        panic!("c1 finished its pop")
    };
    assert_eq!(result_rows(&c1)[0][1], "first");
    let Some((c2, false)) = sc.last_result("c2") else {
        panic!("c2 finished its pop")
    };
    assert_eq!(c2.kind, EventKind::Completed);
    assert_eq!(result_rows(&c2)[0][1], "second");
    let mut expected = vec!["ok"; 8];
    expected.extend(["waiting", "ok", "completed"]);
    assert_eq!(kinds(&s), expected);
    assert_eq!(sc.partial.iter().filter(|p| **p).count(), 8);

    // Back drops one entry: c1 is inside again, with the lock, and c2 waits.
    let b = s.apply(Action::ScenarioBack);
    let sc = scenario(&b);
    assert_eq!(sc.inside("c1"), Some("c1pop"));
    assert_eq!(sc.waits_for("c2"), ["c1"]);
}

#[test]
fn a_permutation_with_statement_limits_reads_as_the_buttons_do() {
    let s = example("mssql-cursor-pop").apply(Command::RunPermutation(0));
    assert_eq!(
        s.steps(),
        ["c1pop(statements 8)", "c2pop", "c1pop", "c2left"]
    );
    let sc = scenario(&s);
    assert_eq!(sc.partial, [true, false, false, false, false]);
    assert_eq!(kinds(&s), ["ok", "waiting", "ok", "completed", "ok"]);
    // Four entries, but c1pop ran once: every step has run, none is left.
    assert_eq!(sc.next_step("c1"), None);
    assert_eq!(sc.next_step("c2"), None);
    let b = s.apply(Action::ScenarioBack).apply(Action::ScenarioBack);
    let sc = scenario(&b);
    assert_eq!(sc.statements_run("c1"), Some(8));
    // Step 1 statement goes on inside c1pop: the 9th statement, its IF, locks no more.
    let one = b.apply(statement("c1"));
    assert_eq!(
        one.steps().last().map(String::as_str),
        Some("c1pop(statements 1)")
    );
    assert_eq!(scenario(&one).statements_run("c1"), Some(9));
}

#[test]
fn one_statement_of_a_postgres_step_with_several() {
    let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a'); }
session a
step a1 { BEGIN; UPDATE t SET v = 'b' WHERE id = 1; COMMIT; }
step a2 { SELECT v FROM t; }
session b
step b1 { UPDATE t SET v = 'c' WHERE id = 1; }
";
    let s = Ui::new(text.into(), Dialect::Postgres)
        .apply(statement("a"))
        .apply(statement("a"));
    let sc = scenario(&s);
    assert_eq!(s.steps(), ["a1(statements 1)", "a1(statements 1)"]);
    assert_eq!(sc.inside("a"), Some("a1"));
    assert_eq!(sc.statements_run("a"), Some(2));
    assert!(sc
        .frame()
        .is_some_and(|f| f.sessions.iter().any(|v| v.name == "a" && v.in_transaction)));
    // b's UPDATE waits for a's row lock, taken by the statement a stopped after.
    let s = s.apply(step("b"));
    assert_eq!(scenario(&s).waits_for("b"), ["a"]);
    // The last statement, one more press: a1 is done (COMMIT), b completes, a moves on.
    let s = s.apply(statement("a"));
    let sc = scenario(&s);
    assert_eq!(sc.inside("a"), None);
    assert!(sc.waits_for("b").is_empty());
    assert_eq!(sc.next_step("a"), Some("a2"));
    assert_eq!(kinds(&s), ["ok", "ok", "waiting", "ok", "completed"]);
    assert_eq!(sc.partial, [true, true, false, false, false]);
    // A step of one statement runs whole with either button.
    let s = s.apply(statement("a"));
    assert_eq!(scenario(&s).inside("a"), None);
    assert_eq!(scenario(&s).next_step("a"), None);
}

#[test]
fn scenario_back_reset_run_and_edit() {
    let s = example("pg-for-update-wait").apply(Command::RunPermutation(0));
    assert_eq!(s.steps(), ["c1pop", "c2lock", "c1c", "c2c"]);
    assert_eq!(s.scenario().as_ref().map(|sc| sc.frames.len()), Some(4));
    let s = s.apply(Action::ScenarioBack);
    assert_eq!(s.steps(), ["c1pop", "c2lock", "c1c"]);
    assert_eq!(s.scenario().as_ref().map(|sc| sc.frames.len()), Some(3));
    assert_eq!(s.apply(Command::RunPermutation(99)).steps(), s.steps());
    let r = s.apply(Action::ScenarioReset);
    assert!(r.steps().is_empty());
    assert!(r.scenario().as_ref().is_some_and(|sc| sc.events.is_empty()));
    assert!(r.apply(Action::ScenarioBack).steps().is_empty());
    let e = s.apply(Action::Edit(format!("{}\n", s.document.text)));
    assert!(e.steps().is_empty());
    assert!(e.scenario().is_some());
    let e = e.apply(Action::Edit("SELECT 1;".into()));
    assert!(e.scenario().is_none());
}

#[test]
fn scenario_invalid_permutation_stops() {
    let text = "# dialect: postgres
setup { CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1); }
session a
setup { BEGIN; }
step a1 { SELECT id FROM t FOR UPDATE; }
step a2 { COMMIT; }
session b
setup { BEGIN; }
step b1 { SELECT id FROM t FOR UPDATE; }
step b2 { COMMIT; }
permutation a1 b1 b2 a2
";
    let s = Ui::new(text.into(), Dialect::Postgres).apply(Command::RunPermutation(0));
    assert_eq!(kinds(&s), ["ok", "waiting", "invalid_permutation"]);
    assert!(s.scenario().as_ref().is_some_and(|sc| sc.stopped()));
    // Once stopped, no session steps; Back drops the steps one at a time.
    let same = s.apply(step("a"));
    assert_eq!(same.steps(), s.steps());
    let s = s.apply(Action::ScenarioBack).apply(Action::ScenarioBack);
    assert_eq!(kinds(&s), ["ok", "waiting"]);
}

#[test]
fn scenario_reports_errors_with_positions() {
    let s = Ui::new("session a\nstep x SELECT 1;\n".into(), Dialect::Postgres);
    let errors = s
        .scenario()
        .as_ref()
        .map(|sc| sc.errors.clone())
        .unwrap_or_default();
    assert_eq!(
        errors.first().map(|d| (d.pos.line, d.pos.column)),
        Some((2, 8))
    );
}

/// The ▶ button of step `name` of `session`.
fn run_step(session: &str, name: &str) -> Input {
    Command::Step {
        session: session.into(),
        step: Some(name.into()),
        statements: None,
    }
    .into()
}

#[test]
fn any_step_can_run_next_rollback_instead_of_commit() {
    let s = example("pg-for-update-wait")
        .apply(step("c1"))
        .apply(step("c2"))
        .apply(run_step("c1", "c1r"));
    assert_eq!(s.steps(), ["c1pop", "c2lock", "c1r"]);
    let sc = s.scenario().expect("spec");
    assert!(sc.waits_for("c2").is_empty());
    // c1 rolled its DELETE back: c2's FOR UPDATE gets row 1 after all.
    let (c2, _) = sc.last_result("c2").expect("c2 finished");
    assert_eq!(c2.step, "c2lock");
    let text = format!("{:?}", c2.outcome);
    assert!(text.contains("Int(1)"), "{text}");
    // A step of another session, or one that does not exist, is no move.
    let same = s.apply(run_step("c1", "c2c")).apply(run_step("c1", "nope"));
    assert_eq!(same.steps(), s.steps());
    // c1 ran its last listed step; it may still run any of its steps again.
    let again = s.apply(run_step("c1", "c1c"));
    assert_eq!(again.steps(), ["c1pop", "c2lock", "c1r", "c1c"]);
}

#[test]
fn a_session_inside_a_step_goes_on_with_that_step_only() {
    let s = example("mssql-cursor-pop").apply(statement("c2"));
    let inside = s
        .scenario()
        .and_then(|sc| sc.inside("c2").map(String::from));
    let Some(inside) = inside else {
        panic!("c2 stopped inside its first step")
    };
    let doc = s.document.spec.clone().expect("spec");
    let other = doc.spec.sessions[1]
        .steps
        .iter()
        .find(|st| st.name != inside)
        .map(|st| st.name.clone())
        .expect("another step");
    let same = s.apply(run_step("c2", &other));
    assert_eq!(
        same.steps(),
        s.steps(),
        "{other} refused while inside {inside}"
    );
    let on = s.apply(run_step("c2", &inside));
    assert_eq!(on.steps().len(), 2);
}

#[test]
fn ctrl_enter_plays_the_picked_permutation_one_move_at_a_time() {
    let s = example("pg-for-update-wait").apply(Action::PickPermutation(2)); // c1pop c2lock c1r c2c
    let mut ui = s;
    let mut moves = Vec::new();
    while let Some((session, step, statements)) = ui.next_in_permutation() {
        moves.push(step.clone());
        ui = ui.apply(Command::Step {
            session,
            step: Some(step),
            statements,
        });
        assert!(moves.len() <= 4, "{moves:?}");
    }
    assert_eq!(moves, ["c1pop", "c2lock", "c1r", "c2c"]);
    assert_eq!(ui.steps(), moves);
    // Off the permutation's path (another first move), Ctrl+Enter has no next move.
    let off = example("pg-for-update-wait").apply(step("c2"));
    assert_eq!(off.next_in_permutation(), None);
}

#[test]
fn a_link_and_the_saved_work_carry_every_move_and_how_many_are_shown() {
    let s = example("pg-for-update-wait");
    assert_eq!(s.shared_moves(), None);
    let s = s
        .apply(step("c1"))
        .apply(step("c2"))
        .apply(Action::ScenarioBack);
    let m = s.shared_moves().expect("moves");
    assert_eq!((m.schedule.as_str(), m.at), ("c1pop c2lock", 1));
}
