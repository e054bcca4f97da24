//! The one-session view's state: the statement list, stepping, T-SQL bodies, ring sizes.

use super::Ui;
use crate::driver::Command;
use crate::state::outline::{source_lines, Progress};
use crate::state::Action;
use queuelab::examples;
use queuelab::trace::Outcome;
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

#[test]
fn starts_ready_to_step() {
    let s = odku();
    assert_eq!(s.cursor(), None);
    assert!(s.trace().is_none());
    assert_eq!(s.outline.items.len(), 11);
    assert_eq!(s.example().map(|e| e.id), Some("ring-odku"));
}

#[test]
fn next_back_run_reset() {
    let s = odku().apply(Command::Next);
    assert_eq!(s.cursor(), Some(0));
    let s = s.apply(Command::Next).apply(Command::Next);
    assert_eq!(s.cursor(), Some(2));
    assert_eq!(s.outline.items[2].progress, Progress::Ok);
    assert_eq!(s.outline.items[3].progress, Progress::Pending);
    let s = s.apply(Action::Back);
    assert_eq!(s.cursor(), Some(1));
    let s = s.apply(Command::Run);
    assert_eq!(s.cursor(), Some(10));
    assert_eq!(s.apply(Command::Next).cursor(), Some(10));
    let s = s.apply(Action::Reset);
    assert_eq!(s.cursor(), None);
    assert!(s.trace().is_some());
    assert_eq!(s.apply(Action::Back).cursor(), None);
}

#[test]
fn editing_invalidates() {
    let s = odku().apply(Command::Run);
    let s = s.apply(Action::Edit(format!("{}\n", s.document.text)));
    assert!(s.trace().is_none());
    assert_eq!(s.cursor(), None);
}

#[test]
fn an_edit_after_the_statement_on_screen_keeps_the_position() {
    let s = odku()
        .apply(Command::Next)
        .apply(Command::Next)
        .apply(Command::Next);
    assert_eq!(s.current_statement(), Some(2));
    let s = s.apply(Action::Edit(format!("{}\nSELECT 42;\n", s.document.text)));
    assert_eq!(s.script().and_then(|r| r.resume), Some(2));
    // What the app does once the typing pauses: the same statement is on screen again.
    let shown = s.apply(Command::Jump(2));
    assert_eq!(shown.current_statement(), Some(2));
    assert_eq!(shown.script().and_then(|r| r.resume), None);
    // Stepping on before that goes on from there, not from the first statement.
    let next = s.apply(Command::Next);
    assert_eq!(next.current_statement(), Some(3));
    // Typing on before the run caught up keeps the same position.
    let again = s.apply(Action::Edit(format!("{}-- more\n", s.document.text)));
    assert_eq!(again.script().and_then(|r| r.resume), Some(2));
}

#[test]
fn an_edit_before_the_statement_on_screen_starts_over() {
    let s = odku()
        .apply(Command::Next)
        .apply(Command::Next)
        .apply(Command::Next);
    let edited = s.document.text.replacen("CREATE TABLE", "create table", 1);
    assert_ne!(edited, s.document.text);
    let s = s.apply(Action::Edit(edited));
    assert_eq!(s.script().and_then(|r| r.resume), None);
    assert_eq!(s.apply(Command::Next).cursor(), Some(0));
}

fn item_titled(s: &Ui, prefix: &str) -> usize {
    match s
        .outline
        .items
        .iter()
        .position(|i| i.title.starts_with(prefix))
    {
        Some(i) => i,
        None => panic!("no statement {prefix}"),
    }
}

fn source(s: &Ui) -> String {
    s.current().map(|st| st.source.clone()).unwrap_or_default()
}

#[test]
fn tsql_runs_and_steps_into_procedure_bodies() {
    let s = example("tsql-heap-fifo");
    assert_eq!(s.document.dialect, Dialect::MsSql);
    let listed = s.outline.items.len();
    let exec = item_titled(&s, "exec usp_dequeueHeap");
    let create = item_titled(&s, "create procedure usp_dequeueHeap");

    // Clicking the EXEC shows the call itself, not the end of its body.
    let s = s.apply(Command::Jump(exec));
    assert_eq!(source(&s), "exec usp_dequeueHeap");
    assert_eq!(s.current_statement(), Some(exec));
    assert!(s.caller().is_none());

    // Two steps on: the body's DELETE, written inside the CREATE PROCEDURE, still owned by
    // the EXEC that called it.
    let s = s.apply(Command::Next).apply(Command::Next);
    let Some(step) = s.current() else {
        panic!("a step on screen")
    };
    assert!(source(&s).starts_with("delete top(1) from HeapQueue"));
    let body = s.outline.items[create].span;
    assert!(body.start < step.span.start && step.span.end <= body.end);
    assert_eq!(s.current_statement(), Some(exec));
    assert_eq!(
        s.caller().map(|c| c.span.start),
        Some(s.outline.items[exec].span.start)
    );
    assert_eq!(s.statements_reached(), exec + 1);
    let rows = match &step.outcome {
        Outcome::Ok(ok) => ok.rows.clone(),
        Outcome::Error(e) => panic!("{}", e.message),
    };
    assert_eq!(rows.len(), 1, "one row dequeued");
    assert_eq!(s.outline.items[exec].progress, Progress::Ok);
    assert_eq!(s.outline.items[exec + 1].progress, Progress::Pending);

    // Run all: the bodies make the trace longer than the list; every statement ran.
    let s = s.apply(Command::Run);
    assert!(s.step_count() > listed);
    assert_eq!(s.outline.owners.len(), s.step_count());
    assert_eq!(s.statements_reached(), listed);
    assert!(s.outline.items.iter().all(|i| i.progress == Progress::Ok));
}

#[test]
fn tsql_loops_belong_to_their_block_and_unreadable_batches_to_none() {
    let text = "declare @i int = 0
while @i < 2
begin
  set @i = @i + 1
end
go
select from where
go
select @@rowcount as n
go
";
    let s = Ui::new(text.into(), Dialect::MsSql);
    assert_eq!(s.outline.items.len(), 3, "{:?}", s.outline.items);
    assert_eq!(s.outline.diagnostics.len(), 1);
    let s = s.apply(Command::Run);
    let owners = &s.outline.owners;
    // The loop's statements run as steps of their own, all owned by the WHILE.
    assert!(
        owners.iter().filter(|o| **o == Some(1)).count() >= 3,
        "{owners:?}"
    );
    let broken = owners.iter().position(|o| o.is_none());
    assert_eq!(broken, Some(owners.len() - 2), "{owners:?}");
    assert_eq!(owners.last(), Some(&Some(2)));
    assert_eq!(s.outline.items[2].progress, Progress::Ok);
    // On the unreadable batch's step, the list has nothing to highlight but counts the
    // statements before it as reached.
    let s = s.apply(Action::Back);
    assert_eq!(s.current_statement(), None);
    assert_eq!(s.statements_reached(), 2);
    assert_eq!(s.apply(Command::Jump(2)).cursor(), Some(owners.len() - 1));
}

#[test]
fn a_failure_inside_a_procedure_marks_its_exec_failed() {
    let text = "create table t (id int primary key)
go
create procedure p as
  insert into t values (1);
  insert into t values (1);
  select 1 as after_dup;
go
exec p
go
";
    let s = Ui::new(text.into(), Dialect::MsSql).apply(Command::Jump(2));
    assert_eq!(s.outline.items[2].progress, Progress::Ok);
    // The duplicate key fails; the body goes on, and the EXEC stays marked failed.
    let s = s.apply(Command::Next).apply(Command::Next);
    assert_eq!(s.outline.items[2].progress, Progress::Error);
    let s = s.apply(Command::Next);
    assert_eq!(source(&s), "select 1 as after_dup");
    assert_eq!(s.outline.items[2].progress, Progress::Error);
    assert_eq!(s.outline.items[1].progress, Progress::Ok);
}

#[test]
fn tsql_unreadable_batch_is_a_step_of_its_own() {
    let s = Ui::new("selec 1\ngo\nselect 2 as two\ngo\n".into(), Dialect::MsSql);
    assert_eq!(s.outline.items.len(), 1);
    assert_eq!(s.outline.diagnostics.len(), 1);
    let s = s.apply(Command::Next);
    assert!(matches!(
        s.current().map(|st| &st.outcome),
        Some(Outcome::Error(_))
    ));
    assert_eq!((s.current_statement(), s.statements_reached()), (None, 0));
    assert_eq!(s.outline.items[0].progress, Progress::Pending);
    let s = s.apply(Command::Next);
    assert_eq!(source(&s), "select 2 as two");
    assert_eq!(s.outline.items[0].progress, Progress::Ok);
}

#[test]
fn ring_size_override_keeps_cursor() {
    let s = odku().apply(Command::Jump(8));
    assert_eq!(s.current().map(|st| st.rings[0].size), Some(5));
    let s = s.apply(Command::SetRingSize {
        table: "q".into(),
        size: Some(7),
    });
    assert_eq!(s.cursor(), Some(8));
    assert_eq!(s.current().map(|st| st.rings[0].size), Some(7));
    let s = s.apply(Command::SetRingSize {
        table: "Q".into(),
        size: None,
    });
    assert!(s.view.ring_sizes.is_empty());
    assert_eq!(s.current().map(|st| st.rings[0].size), Some(5));
}

#[test]
fn outline_reports_unsplittable_scripts() {
    let s = Ui::new("select 'abc;\n".into(), Dialect::MySql);
    let o = s.outline.clone();
    assert!(o.items.is_empty());
    assert_eq!(o.diagnostics.len(), 1);
    assert_eq!(s.apply(Command::Run).outline, o);
}

#[test]
fn jump_clamps() {
    let s = odku().apply(Command::Jump(999));
    assert_eq!(s.cursor(), Some(10));
}

#[test]
fn prompts_are_stripped_from_titles() {
    let lines: Vec<String> = source_lines("REPLACE INTO q\n-> SELECT\n  -> 1").collect();
    assert_eq!(lines, ["REPLACE INTO q", "SELECT", "1"]);
}

#[test]
fn fix_reruns_at_same_cursor() {
    let text = "select 1;\nselect ’a’;\n".to_string();
    let s = Ui::new(text, Dialect::MySql).apply(Command::Run);
    assert_eq!(s.cursor(), Some(1));
    let fixed = match s.current().map(|st| &st.outcome) {
        Some(Outcome::Error(e)) => e.fixed_text.clone(),
        _ => None,
    };
    let Some(fixed) = fixed else {
        panic!("expected a fix for the curly quotes")
    };
    let s = s.apply(Command::ApplyFix(fixed));
    assert_eq!(s.cursor(), Some(1));
    assert!(matches!(
        s.current().map(|st| &st.outcome),
        Some(Outcome::Ok(_))
    ));
}

#[test]
fn the_menu_shows_the_dialect_that_runs_and_changing_either_changes_the_other() {
    // A script's dialect line wins over the menu, and follows it.
    let s = Ui::new("-- dialect: postgres\nSELECT 1;\n".into(), Dialect::MySql);
    assert_eq!(s.document.dialect, Dialect::Postgres);
    let s = s.apply(Action::SetDialect(Dialect::MsSql));
    assert_eq!(s.document.dialect, Dialect::MsSql);
    assert!(
        s.document.text.starts_with("-- dialect: mssql\n"),
        "{}",
        s.document.text
    );
    let s = s.apply(Action::Edit("-- dialect: mysql\nSELECT 1;\n".into()));
    assert_eq!(s.document.dialect, Dialect::MySql);
    // Without a line, the menu alone decides and the text is left as it is.
    let s =
        Ui::new("SELECT 1;".into(), Dialect::MySql).apply(Action::SetDialect(Dialect::Postgres));
    assert_eq!(
        (s.document.dialect, s.document.text.as_str()),
        (Dialect::Postgres, "SELECT 1;")
    );
    // A spec runs in its line's dialect (PostgreSQL without one); the menu writes the line.
    let spec = "session a\nstep a1 { SELECT 1; }\n";
    let s = Ui::new(spec.into(), Dialect::MySql);
    assert_eq!(s.document.dialect, Dialect::Postgres);
    let s = s.apply(Action::SetDialect(Dialect::MySql));
    assert_eq!(s.document.dialect, Dialect::MySql);
    assert_eq!(s.document.text, format!("# dialect: mysql\n{spec}"));
    let doc = s.document.spec.clone().expect("still a spec");
    assert_eq!(queuelab::sim::dialect_of(&doc.spec), Dialect::MySql);
}

#[test]
fn a_paste_in_another_vendors_sql_switches_the_dialect_with_a_notice() {
    let tsql = "create table q (id int)\nGO\ninsert into [dbo].q values (1)\nGO\n";
    let s = Ui::new(String::new(), Dialect::MySql).apply(Action::Edit(tsql.into()));
    assert_eq!(s.document.dialect, Dialect::MsSql);
    let notice = s.view.notice.clone().unwrap_or_default();
    assert!(notice.contains("GO lines"), "{notice}");
    // Once the user picks a dialect, a paste leaves it alone.
    let s = s
        .apply(Action::SetDialect(Dialect::Postgres))
        .apply(Action::Edit(format!("{tsql}\n")));
    assert_eq!(s.document.dialect, Dialect::Postgres);
    // Weak marks switch nothing.
    let s = Ui::new(String::new(), Dialect::MySql).apply(Action::Edit("select @@version;".into()));
    assert_eq!(s.document.dialect, Dialect::MySql);
    assert_eq!(s.view.notice, None);
}
