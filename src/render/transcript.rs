//! A one-session run as a client session: each statement echoed after the prompt, then what
//! the client prints. Remarks (`-- note:`) come first, as the lesson's voice.

use crate::dialect::Dialect;
use crate::trace::Trace;

pub fn text(trace: &Trace) -> String {
    let prompt = match trace.dialect {
        Dialect::Postgres => "postgres=#",
        _ => "mysql>",
    };
    let mut out = String::new();
    for s in &trace.steps {
        for r in &s.remarks {
            out.push_str(&format!("-- note: {r}\n"));
        }
        let mut lines = s.source.lines();
        if let Some(first) = lines.next() {
            out.push_str(&format!("{prompt} {first}"));
        }
        for l in lines {
            out.push_str(&format!("\n{:>width$} {l}", "->", width = prompt.len()));
        }
        out.push_str(";\n");
        out.push_str(&s.client_text);
        if !s.client_text.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
    out
}
