//! Scenarios: isolationtester specs (sessions, steps, permutations). Reading and checking
//! live here; running several sessions against the engine's lock model is the concurrency
//! engine's job.

pub mod check;
pub mod permutations;
pub mod run;
pub mod spec;

use serde::Serialize;

/// A spec read, checked, and its permutations spelled out: what `queuelab spec` prints as
/// JSON for tools that run specs elsewhere (the conformance recorder runs them on real servers).
#[derive(Debug, Clone, Serialize)]
pub struct Resolved {
    pub spec: spec::Spec,
    /// The permutation lines, or every interleaving when the spec has none.
    pub permutations: Vec<Vec<String>>,
    pub errors: Vec<crate::trace::Diagnostic>,
    pub warnings: Vec<crate::trace::Diagnostic>,
}

pub fn resolve(text: &str) -> Resolved {
    let (spec, mut errors) = spec::parse(text);
    let checked = check::check(&spec);
    errors.extend(checked.errors);
    Resolved {
        permutations: permutations::permutations(&spec),
        spec,
        errors,
        warnings: checked.warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::check::check;
    use super::permutations::{count, permutations};
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
    fn reads_braced_sessions_too() {
        let (spec, diags) =
            parse("session a {\n step a1 { SELECT 1; }\n}\nsession b { step b1 { SELECT 2; } }\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(spec.sessions.len(), 2);
        assert_eq!(spec.sessions[1].steps[0].name, "b1");
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
        let (spec, _) = parse("session a\nstep a1 {}\nstep a2 {}\nsession b\nstep b1 {}\n");
        let p = permutations(&spec);
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
        let (spec, _) = parse("session a\nstep a1 {}\nstep a2 {}\nstep a3 {}\nsession b\nstep b1 {}\nstep b2 {}\nstep b3 {}\n");
        let p = permutations(&spec);
        assert_eq!(p.len(), 20);
        assert_eq!(count(&[3, 3]) as usize, p.len());
        assert_eq!(count(&[2, 2, 2]), 90);
        let mut unique = p.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 20);
    }
}
