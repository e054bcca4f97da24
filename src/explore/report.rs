//! What `queuelab explore` prints: a text report for people, and the JSON lines of
//! `spec-format.md` (one line per check in the order declared, then a summary line).

use super::{Granularity, Report, Stopped};
use crate::scenario::spec::Spec;
use crate::sim::{Choice, Schedule};
use std::fmt::Write;

/// A schedule with each run of moves inside one step written as one entry: statement by
/// statement moves `c1pop(statements 1) c1pop(statements 1)` become `c1pop(statements 2)`.
pub fn compact(s: &Schedule) -> Schedule {
    let mut out: Vec<Choice> = Vec::new();
    for c in &s.0 {
        match (out.last_mut(), c.statements) {
            (Some(last), Some(n)) if last.step == c.step && last.statements.is_some() => {
                last.statements = last.statements.map(|m| m + n);
            }
            _ => out.push(*c),
        }
    }
    Schedule(out)
}

/// The JSON lines of a report.
pub fn jsonl(report: &Report, spec: &Spec) -> String {
    let mut out = String::new();
    for c in &report.checks {
        let shortest = match &c.shortest {
            Some(x) => serde_json::to_string(&x.schedule.names(spec)).unwrap_or_default(),
            None => "null".into(),
        };
        let _ = writeln!(
            out,
            "{{\"check\":{},\"schedules\":{},\"violations\":{},\"shortest\":{shortest}}}",
            serde_json::Value::from(c.text.as_str()),
            report.schedules,
            c.violations
        );
    }
    let _ = writeln!(
        out,
        "{{\"schedules\":{},\"states\":{},\"outcomes\":{},\"complete\":{}}}",
        report.schedules,
        report.states,
        report.outcomes.len(),
        report.complete()
    );
    out
}

/// The text report.
pub fn text(report: &Report, spec: &Spec) -> String {
    let mut out = String::new();
    let moves = match report.granularity {
        Granularity::Steps => "a move is a whole step",
        Granularity::Statements => "a move is one statement",
    };
    let _ = writeln!(
        out,
        "{} schedules, {} states ({moves})",
        thousands(report.schedules),
        thousands(report.states as u128)
    );
    if let Some(why) = report.stopped {
        let _ = writeln!(
            out,
            "stopped early: {}; the counts are those seen",
            stopped(why)
        );
    }
    for c in &report.checks {
        let _ = writeln!(out);
        if c.violations == 0 {
            let _ = writeln!(
                out,
                "holds     {}: in all {} schedules",
                c.text,
                thousands(report.schedules)
            );
            continue;
        }
        let _ = writeln!(
            out,
            "VIOLATED  {}: in {} of {} schedules ({})",
            c.text,
            thousands(c.violations),
            thousands(report.schedules),
            share(c.violations, report.schedules)
        );
        if let Some(x) = &c.shortest {
            let _ = writeln!(out, "          shortest: {}", x.schedule.text(spec));
            let when = if x.fails_after >= x.schedule.0.len() {
                "at the end".to_string()
            } else {
                format!("after move {}", x.fails_after)
            };
            let _ = writeln!(out, "          fails {when}: {}", x.detail);
        }
    }
    outcomes(&mut out, report, spec);
    if let Some(e) = &report.dead_ends.example {
        let _ = writeln!(
            out,
            "\n{} stuck states: orders where a session waits forever with steps left (not schedules), e.g. {}",
            thousands(report.dead_ends.states as u128),
            e.text(spec)
        );
    }
    out
}

fn outcomes(out: &mut String, report: &Report, spec: &Spec) {
    let list = &report.outcomes;
    let _ = writeln!(out, "\n{} distinct outcomes:", list.len());
    // Show what tells the outcomes apart: the steps (and tables) that differ among them.
    let varies = |get: &dyn Fn(&super::OutcomeResult) -> Vec<String>| {
        list.len() < 2 || list.iter().any(|o| get(o) != get(&list[0]))
    };
    let steps_differ: Vec<bool> = (0..list.first().map_or(0, |o| o.steps.len()))
        .map(|i| varies(&|o| vec![o.steps.get(i).map(|s| s.1.clone()).unwrap_or_default()]))
        .collect();
    let tables_differ =
        list.len() > 1 && varies(&|o| o.tables.iter().map(|(t, n)| format!("{t} {n}")).collect());
    for o in list {
        let _ = writeln!(
            out,
            "  {:>7}  {}, e.g. {}",
            share(o.schedules, report.schedules),
            schedules(o.schedules),
            o.example.text(spec)
        );
        let steps: Vec<String> = o
            .steps
            .iter()
            .zip(&steps_differ)
            .filter(|(_, d)| **d)
            .map(|((name, r), _)| format!("{name}: {r}"))
            .collect();
        if !steps.is_empty() {
            let _ = writeln!(out, "          {}", steps.join("; "));
        }
        if tables_differ {
            let t: Vec<String> = o
                .tables
                .iter()
                .map(|(name, n)| format!("{name}: {n} rows"))
                .collect();
            let _ = writeln!(out, "          {}", t.join("; "));
        }
        if !o.violates.is_empty() {
            let names: Vec<&str> = o
                .violates
                .iter()
                .map(|i| report.checks[*i].text.as_str())
                .collect();
            let _ = writeln!(out, "          violates: {}", names.join("; "));
        }
    }
}

fn stopped(why: Stopped) -> String {
    match why {
        Stopped::States(n) => format!("{} states were found (--max-states)", thousands(n as u128)),
        Stopped::Time(t) => format!("{} s passed", crate::decimal::fixed(t.as_secs_f64(), 1)),
        Stopped::Cancelled => "cancelled".into(),
    }
}

/// `1 schedule`, `34,650 schedules`.
fn schedules(n: u128) -> String {
    if n == 1 {
        "1 schedule".into()
    } else {
        format!("{} schedules", thousands(n))
    }
}

/// A share in percent with one decimal.
pub fn share(part: u128, whole: u128) -> String {
    if whole == 0 {
        return "0.0 %".into();
    }
    format!(
        "{} %",
        crate::decimal::fixed(part as f64 * 100.0 / whole as f64, 1)
    )
}

/// 34650 as `34,650`: one formatting for every figure the user reads.
pub use crate::limits::thousands;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{SessionId, StepId};

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(34650), "34,650");
        assert_eq!(thousands(305_540_235_000), "305,540,235,000");
        assert_eq!(thousands(7), "7");
        assert_eq!(share(1, 3), "33.3 %");
    }

    #[test]
    fn statement_moves_in_one_step_become_one_entry() {
        let step = |s, i| StepId {
            session: SessionId(s),
            index: i,
        };
        let one = |s, i| Choice {
            step: step(s, i),
            statements: Some(1),
        };
        let s = Schedule(vec![one(0, 0), one(0, 0), one(1, 0), one(0, 0), one(0, 1)]);
        let c = compact(&s);
        let counts: Vec<Option<u32>> = c.0.iter().map(|c| c.statements).collect();
        assert_eq!(counts, vec![Some(2), Some(1), Some(1), Some(1)]);
    }
}
