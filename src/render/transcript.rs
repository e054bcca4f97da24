//! A one-session run as a client session: each statement echoed after the prompt, then what
//! the client prints. Remarks (`-- note:`) come first, as the lesson's voice.

use crate::dialect::Dialect;
use crate::trace::Trace;

/// The run as the client shows it: each statement echoed, then what the client printed.
pub fn text(trace: &Trace) -> String {
    let mut out = String::new();
    for s in &trace.steps {
        for r in &s.remarks {
            out.push_str(&format!("-- note: {r}\n"));
        }
        out.push_str(&trace.dialect.echo(&s.source));
        out.push('\n');
        out.push_str(&s.client_text);
        if !s.client_text.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// A spec run in isolationtester's layout: `starting permutation:`, `step NAME: SQL`, the
/// result, `<waiting ...>`, `step NAME: <... completed>`. A PostgreSQL spec's transcript is
/// what PostgreSQL's own isolationtester prints, byte for byte.
pub fn spec_text(
    dialect: Dialect,
    spec: &crate::scenario::spec::Spec,
    runs: &[crate::trace::PermutationRun],
) -> String {
    use crate::trace::EventKind;
    let mut out = dialect.spec_header(spec.sessions.len());
    for run in runs {
        out.push_str(&format!(
            "\nstarting permutation: {}\n",
            run.steps.join(" ")
        ));
        // isolationtester says so on stderr and gives up the whole test.
        if run.setup_failed.is_some() {
            return out;
        }
        for e in &run.events {
            let sql = spec
                .step(&e.step)
                .map(|(_, s)| s.sql.sql.clone())
                .unwrap_or_default();
            // The server's notices reach the client while it reads the result, before
            // isolationtester prints the step's line.
            if let Some(crate::trace::Outcome::Ok(ok)) = &e.outcome {
                for n in &ok.notices {
                    out.push_str(&format!("{}: {n}\n", e.session));
                }
            }
            match e.kind {
                EventKind::Waiting => {
                    out.push_str(&format!("step {}: {sql} <waiting ...>\n", e.step))
                }
                EventKind::Completed => {
                    out.push_str(&format!("step {}: <... completed>\n", e.step))
                }
                EventKind::InvalidPermutation => out.push_str(&format!(
                    "step {}: invalid permutation detected (its session is still waiting)\n",
                    e.step
                )),
                EventKind::StillWaiting => {
                    out.push_str(&format!("step {}: still waiting at the end\n", e.step))
                }
                EventKind::Ok | EventKind::Error => {
                    out.push_str(&format!("step {}: {sql}\n", e.step))
                }
            }
            for earlier in &e.earlier {
                out.push_str(
                    &dialect.spec_result(&sql, &crate::trace::Outcome::Ok(earlier.clone())),
                );
            }
            if let Some(o) = &e.outcome {
                out.push_str(&dialect.spec_result(&sql, o));
            }
            for n in &e.notifications {
                out.push_str(&format!("{}: {}\n", e.session, n.line()));
            }
        }
        if dialect.transcript_shows_teardowns() {
            out.push_str(&teardown_text(dialect, &run.teardown));
        }
    }
    out
}

/// What isolationtester prints of the sessions' teardowns: notices (`b: WARNING:  ...`) and
/// result sets as they come, then each failure as it says it on stderr.
fn teardown_text(dialect: Dialect, teardown: &[(String, crate::trace::Outcome)]) -> String {
    use crate::trace::Outcome;
    let mut out = String::new();
    let mut failed = String::new();
    for (session, outcome) in teardown {
        match outcome {
            Outcome::Ok(ok) => {
                for n in &ok.notices {
                    out.push_str(&format!("{session}: {n}\n"));
                }
                if ok.columns.is_some() {
                    let rows = crate::trace::Success {
                        notices: Vec::new(),
                        ..ok.clone()
                    };
                    out.push_str(&dialect.spec_result("SELECT", &Outcome::Ok(rows)));
                }
            }
            Outcome::Error(_) => failed.push_str(&format!(
                "teardown of session {session} failed: {}\n",
                dialect.client_text("", outcome)
            )),
        }
    }
    out + &failed
}
