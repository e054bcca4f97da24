//! Scenarios: isolationtester specs (sessions, steps, permutations). Reading and checking
//! live here; running several sessions against the engine's lock model is the concurrency
//! engine's job.

pub mod check;
pub mod expect;
pub mod interleavings;
pub mod schedule;
pub mod spec;

use schedule::Schedule;
use serde::Serialize;

/// A spec read and checked.
#[derive(Debug, Clone, Serialize)]
pub struct Resolved {
    pub spec: spec::Spec,
    pub errors: Vec<crate::trace::Diagnostic>,
    pub warnings: Vec<crate::trace::Diagnostic>,
}

pub fn resolve(text: &str) -> Resolved {
    let (spec, mut errors) = spec::parse(text);
    let checked = check::check(&spec);
    errors.extend(checked.errors);
    Resolved {
        spec,
        errors,
        warnings: checked.warnings,
    }
}

impl Resolved {
    /// The schedules to run, one at a time: the permutation lines, or every interleaving
    /// (isolationtester's order) when the spec has none.
    pub fn schedules(&self) -> Box<dyn Iterator<Item = Schedule> + '_> {
        if self.spec.permutations.is_empty() {
            Box::new(interleavings::Interleavings::new(&self.step_counts()))
        } else {
            Box::new(
                self.spec
                    .permutations
                    .iter()
                    .map(|line| Schedule::of_line(line, &self.spec)),
            )
        }
    }

    /// How many schedules [`Resolved::schedules`] gives; `None` past 2^128.
    pub fn schedule_count(&self) -> Option<u128> {
        if self.spec.permutations.is_empty() {
            interleavings::count(&self.step_counts())
        } else {
            Some(self.spec.permutations.len() as u128)
        }
    }

    fn step_counts(&self) -> Vec<usize> {
        self.spec.sessions.iter().map(|s| s.steps.len()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::check::check;
    use super::interleavings::count;
    use super::resolve;
    use super::spec::{looks_like_spec, parse};
    use crate::source::Pos;

    const POP: &str = "# dialect: postgres
setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (2); }
teardown { DROP TABLE jobs; }

session c1
setup     { BEGIN; }
step c1pop { DELETE FROM jobs WHERE id = 1 RETURNING id; }
step c1c   { COMMIT; }
teardown  { ROLLBACK; }

session \"c2\"
step c2pop { DELETE FROM jobs WHERE id = 2 RETURNING id; }

permutation c1pop c2pop(c1pop) c1c
";

    #[test]
    fn reads_postgres_brace_less_sessions() {
        let (spec, diags) = parse(POP);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(spec.dialect.as_deref(), Some("postgres"));
        assert_eq!(spec.setup.len(), 1);
        assert!(spec.teardown.is_some());
        let names: Vec<&str> = spec.sessions.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["c1", "c2"]);
        assert_eq!(
            spec.sessions[0].setup.as_ref().map(|b| b.sql.as_str()),
            Some("BEGIN;")
        );
        assert_eq!(spec.sessions[0].steps[1].sql.sql, "COMMIT;");
        assert_eq!(spec.sessions[0].steps[0].pos, Pos { line: 7, column: 1 });
        assert_eq!(spec.permutations[0][1].blockers, ["c1pop"]);
        assert!(looks_like_spec(POP));
        assert!(!looks_like_spec("SELECT 1;"));
    }

    #[test]
    fn a_brace_inside_a_string_is_named_where_it_cut_the_block_short() {
        let text = "# dialect: postgres\nsetup { CREATE TABLE q (m jsonb); INSERT INTO q VALUES ('{\"n\": 1}'); }\nsession a\nstep a1 { SELECT 1; } step a2 { SELECT 2; }\n";
        // Still a spec (its errors are the spec's), not a script of `setup {` statements.
        assert!(looks_like_spec(text));
        let (_, diags) = parse(text);
        let d = &diags[0];
        assert_eq!((d.pos.line, d.pos.column), (2, 65));
        assert!(
            d.message.contains("`'); }` follows it") && d.message.contains("first `}`"),
            "{}",
            d.message
        );
        // Two blocks on one line are fine.
        assert_eq!(diags.len(), 1, "{diags:?}");
    }

    #[test]
    fn reads_braced_sessions_too() {
        let (spec, diags) =
            parse("session a {\n step a1 { SELECT 1; }\n}\nsession b { step b1 { SELECT 2; } }\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(spec.sessions.len(), 2);
        assert_eq!(spec.sessions[1].steps[0].name, "b1");
    }

    #[test]
    fn a_missing_brace_is_an_error_where_the_block_opens_not_a_merged_step() {
        let (spec, diags) = parse(
            "session s1\nstep a { SELECT 1;\nstep b { SELECT 2; }\nsession s2\nstep c { SELECT 3; }\n",
        );
        let Some(d) = diags.first() else {
            panic!("an error was expected: {spec:?}")
        };
        assert_eq!((d.pos.line, d.pos.column), (2, 8));
        assert!(
            d.message.contains("not closed before `step b` on line 3"),
            "{}",
            d.message
        );
        assert!(spec.sessions[0]
            .steps
            .iter()
            .all(|s| !s.sql.sql.contains("step b")));
        // SQL that merely mentions the words is left alone.
        let (_, ok) = parse("session s\nstep a { SELECT 1\n  AS step; }\n");
        assert!(ok.is_empty(), "{ok:?}");
    }

    #[test]
    fn check_reports_duplicates_and_undefined_steps_with_positions() {
        let (spec, _) = parse("session a\nstep x { SELECT 1; }\nstep x { SELECT 2; }\nsession b\nstep y { SELECT 3; }\nstep z { SELECT 4; }\npermutation x nope y\n");
        let c = check(&spec);
        let errors: Vec<String> = c
            .errors
            .iter()
            .map(|d| format!("{}:{} {}", d.pos.line, d.pos.column, d.message))
            .collect();
        assert_eq!(
            errors,
            [
                "3:1 duplicate step name \"x\"",
                "7:15 undefined step \"nope\" specified in permutation"
            ]
        );
        assert_eq!(c.warnings[0].message, "unused step name: z");
    }

    #[test]
    fn a_statement_count_out_of_range_is_an_error_at_its_entry() {
        for bad in ["-1", "0", "100000000000000000000", "many"] {
            let r = resolve(&format!(
                "session a\nstep x {{ SELECT 1; }}\npermutation x(statements {bad}) x\n"
            ));
            assert_eq!(r.errors.len(), 1, "{bad}: {:?}", r.errors);
            assert_eq!(
                r.errors[0].pos,
                Pos {
                    line: 3,
                    column: 13
                }
            );
            assert!(r.errors[0].message.contains("from 1 to 1000000"), "{bad}");
        }
        let ok = resolve("session a\nstep x { SELECT 1; }\npermutation x(statements 2) x\n");
        assert!(ok.errors.is_empty(), "{:?}", ok.errors);
    }

    #[test]
    fn syntax_problems_are_positioned_and_reading_goes_on() {
        let (spec, diags) = parse("session a\nstep x SELECT 1;\nstep y { SELECT 2; }\n");
        assert_eq!(diags[0].pos, Pos { line: 2, column: 8 });
        assert!(diags[0].message.contains("expected `{`"));
        assert_eq!(spec.sessions[0].steps.len(), 1);
        let (_, diags) = parse("session a\nstep x { SELECT 1;\n");
        assert!(diags[0].message.contains("never closed"));
    }

    #[test]
    fn all_interleavings_in_isolationtester_order() {
        let r = resolve("session a\nstep a1 {}\nstep a2 {}\nsession b\nstep b1 {}\n");
        let p: Vec<Vec<String>> = r.schedules().map(|s| s.names(&r.spec)).collect();
        assert_eq!(
            p,
            [
                vec!["a1", "a2", "b1"],
                vec!["a1", "b1", "a2"],
                vec!["b1", "a1", "a2"]
            ]
        );
    }

    #[test]
    fn two_sessions_of_three_steps_have_twenty_interleavings() {
        let r = resolve("session a\nstep a1 {}\nstep a2 {}\nstep a3 {}\nsession b\nstep b1 {}\nstep b2 {}\nstep b3 {}\n");
        let p: Vec<Vec<String>> = r.schedules().map(|s| s.names(&r.spec)).collect();
        assert_eq!(p.len(), 20);
        assert_eq!(count(&[3, 3]), Some(20));
        assert_eq!(r.schedule_count(), Some(20));
        assert_eq!(count(&[2, 2, 2]), Some(90));
        let mut unique = p.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 20);
    }
}
