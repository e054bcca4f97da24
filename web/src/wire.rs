//! The text the page and the explorer's worker send each other (`explore.rs`). A flat list of
//! fields, each a number or a length-prefixed string, in a fixed order: both ends are this
//! very app, so no field needs a name, and no JSON library has to ship in the download for
//! messages that never leave the browser tab.
//!
//! A number is its decimal digits and `;`; a string is its length in bytes, `:` and its bytes;
//! an absent value is `-`. Counts travel as `u128`, so the explorer's huge schedule counts
//! arrive exactly; a fraction travels as its `f64` bits.

use queuelab::explore::{
    CheckResult, Counterexample, DeadEnds, Granularity, OutcomeResult, Progress, Report, Stopped,
};
use queuelab::scenario::schedule::{Choice, SessionId, StepId};
use queuelab::sim::Schedule;
use std::time::Duration;

/// What the page asks the worker.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The spec's text, as in the editor.
    pub text: String,
    /// Checks to judge besides the spec's own (`no-wait`, ...), one per line.
    pub extra: Vec<String>,
    pub granularity: Granularity,
}

/// What the worker tells the page.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Progress(Progress),
    Done(Box<Report>),
    Failed { message: String },
}

/// Writes fields one after another.
#[derive(Default)]
struct Writer(String);

impl Writer {
    fn num(&mut self, n: u128) {
        self.0.push_str(&queuelab::limits::decimal(n));
        self.0.push(';');
    }

    fn text(&mut self, s: &str) {
        self.num_raw(s.len());
        self.0.push(':');
        self.0.push_str(s);
    }

    fn num_raw(&mut self, n: usize) {
        self.0.push_str(&n.to_string());
    }

    fn none(&mut self) {
        self.0.push('-');
    }

    /// A list: its length, then each item.
    fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Writer, &T)) {
        self.num(items.len() as u128);
        for item in items {
            each(self, item);
        }
    }

    fn schedule(&mut self, s: &Schedule) {
        self.list(&s.0, |w, c| {
            w.num(c.step.session.0.into());
            w.num(c.step.index.into());
            match c.statements {
                Some(n) => w.num(n.into()),
                None => w.none(),
            }
        });
    }

    fn granularity(&mut self, g: Granularity) {
        self.num(match g {
            Granularity::Steps => 0,
            Granularity::Statements => 1,
        });
    }
}

/// Reads the fields back, in the order they were written; `None` on anything else.
struct Reader<'a> {
    rest: &'a str,
}

impl<'a> Reader<'a> {
    fn num(&mut self) -> Option<u128> {
        let (digits, rest) = self.rest.split_once(';')?;
        self.rest = rest;
        digits.parse().ok()
    }

    fn small(&mut self) -> Option<usize> {
        usize::try_from(self.num()?).ok()
    }

    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.num()?).ok()
    }

    fn text(&mut self) -> Option<String> {
        let (len, rest) = self.rest.split_once(':')?;
        let len: usize = len.parse().ok()?;
        let s = rest.get(..len)?;
        self.rest = &rest[len..];
        Some(s.to_string())
    }

    /// True (and consumed) when the next value is absent.
    fn none(&mut self) -> bool {
        match self.rest.strip_prefix('-') {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn list<T>(&mut self, mut each: impl FnMut(&mut Reader<'a>) -> Option<T>) -> Option<Vec<T>> {
        let n = self.small()?;
        // Each item takes at least two bytes: a count can't ask for more than the text holds.
        let mut out = Vec::with_capacity(n.min(self.rest.len() / 2));
        for _ in 0..n {
            out.push(each(self)?);
        }
        Some(out)
    }

    fn schedule(&mut self) -> Option<Schedule> {
        let moves = self.list(|r| {
            let session = SessionId(r.u32()?);
            let index = r.u32()?;
            let statements = if r.none() { None } else { Some(r.u32()?) };
            Some(Choice {
                step: StepId { session, index },
                statements,
            })
        })?;
        Some(Schedule(moves))
    }

    fn granularity(&mut self) -> Option<Granularity> {
        match self.num()? {
            0 => Some(Granularity::Steps),
            1 => Some(Granularity::Statements),
            _ => None,
        }
    }

    /// The whole text was read.
    fn end<T>(self, value: T) -> Option<T> {
        self.rest.is_empty().then_some(value)
    }
}

pub fn encode_request(r: &Request) -> String {
    let mut w = Writer::default();
    w.text(&r.text);
    w.list(&r.extra, |w, line| w.text(line));
    w.granularity(r.granularity);
    w.0
}

pub fn decode_request(text: &str) -> Option<Request> {
    let mut r = Reader { rest: text };
    let request = Request {
        text: r.text()?,
        extra: r.list(Reader::text)?,
        granularity: r.granularity()?,
    };
    r.end(request)
}

pub fn encode_message(m: &Message) -> String {
    let mut w = Writer::default();
    match m {
        Message::Progress(p) => {
            w.num(0);
            w.num(p.states as u128);
            w.num(p.done.to_bits().into());
        }
        Message::Done(report) => {
            w.num(1);
            report_fields(&mut w, report);
        }
        Message::Failed { message } => {
            w.num(2);
            w.text(message);
        }
    }
    w.0
}

pub fn decode_message(text: &str) -> Option<Message> {
    let mut r = Reader { rest: text };
    let m = match r.num()? {
        0 => Message::Progress(Progress {
            states: r.small()?,
            done: f64::from_bits(u64::try_from(r.num()?).ok()?),
        }),
        1 => Message::Done(Box::new(read_report(&mut r)?)),
        2 => Message::Failed { message: r.text()? },
        _ => return None,
    };
    r.end(m)
}

fn report_fields(w: &mut Writer, report: &Report) {
    w.granularity(report.granularity);
    w.num(report.schedules);
    w.num(report.states as u128);
    match report.stopped {
        None => w.none(),
        Some(Stopped::States(n)) => {
            w.num(0);
            w.num(n as u128);
        }
        Some(Stopped::Time(d)) => {
            w.num(1);
            w.num(d.as_nanos());
        }
        Some(Stopped::Cancelled) => w.num(2),
    }
    w.list(&report.checks, |w, c| {
        w.text(&c.text);
        w.num(c.violations);
        match &c.shortest {
            None => w.none(),
            Some(x) => {
                w.schedule(&x.schedule);
                w.num(x.fails_after as u128);
                w.text(&x.detail);
                w.list(&x.values, |w, v| w.text(v));
            }
        }
    });
    w.list(&report.outcomes, |w, o| {
        w.num(o.schedules);
        w.schedule(&o.example);
        w.list(&o.steps, |w, (step, result)| {
            w.text(step);
            w.text(result);
        });
        w.list(&o.tables, |w, (table, rows)| {
            w.text(table);
            w.num(*rows as u128);
        });
        w.list(&o.violates, |w, i| w.num(*i as u128));
    });
    w.num(report.dead_ends.states as u128);
    match &report.dead_ends.example {
        None => w.none(),
        Some(s) => w.schedule(s),
    }
}

fn read_report(r: &mut Reader) -> Option<Report> {
    let granularity = r.granularity()?;
    let schedules = r.num()?;
    let states = r.small()?;
    let stopped = if r.none() {
        None
    } else {
        Some(match r.num()? {
            0 => Stopped::States(r.small()?),
            1 => Stopped::Time(duration(r.num()?)?),
            2 => Stopped::Cancelled,
            _ => return None,
        })
    };
    let checks = r.list(|r| {
        let text = r.text()?;
        let violations = r.num()?;
        let shortest = if r.none() {
            None
        } else {
            Some(Counterexample {
                schedule: r.schedule()?,
                fails_after: r.small()?,
                detail: r.text()?,
                values: r.list(Reader::text)?,
            })
        };
        Some(CheckResult {
            text,
            violations,
            shortest,
        })
    })?;
    let outcomes = r.list(|r| {
        Some(OutcomeResult {
            schedules: r.num()?,
            example: r.schedule()?,
            steps: r.list(|r| Some((r.text()?, r.text()?)))?,
            tables: r.list(|r| Some((r.text()?, r.small()?)))?,
            violates: r.list(Reader::small)?,
        })
    })?;
    let dead_states = r.small()?;
    let example = if r.none() { None } else { Some(r.schedule()?) };
    Some(Report {
        granularity,
        schedules,
        states,
        stopped,
        checks,
        outcomes,
        dead_ends: DeadEnds {
            states: dead_states,
            example,
        },
    })
}

fn duration(nanos: u128) -> Option<Duration> {
    let secs = u64::try_from(nanos / 1_000_000_000).ok()?;
    Some(Duration::new(secs, (nanos % 1_000_000_000) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use queuelab::explore::{explore, ExploreConfig};

    /// A real report: the first example spec whose checks the explorer finds violated, so it
    /// holds a counterexample and outcomes that violate checks.
    fn real_report() -> Report {
        queuelab::examples::EXAMPLES
            .iter()
            .filter(|e| e.sql.contains("#! expect"))
            .map(|e| queuelab::scenario::resolve(e.sql).spec)
            .filter_map(|spec| explore(&spec, ExploreConfig::default()).ok())
            .find(Report::violated)
            .expect("an example spec with a violated check")
    }

    #[test]
    fn a_report_arrives_as_it_was_sent() {
        let mut report = real_report();
        assert!(report.violated() && !report.outcomes.is_empty());
        let sent = Message::Done(Box::new(report.clone()));
        assert_eq!(decode_message(&encode_message(&sent)), Some(sent));
        // Counts past 2^64, a stop, text with separators and beyond ASCII, a statement move.
        report.schedules = u128::MAX;
        report.stopped = Some(Stopped::Time(Duration::new(3, 5)));
        report.checks[0].text = "ü;:-1:x\n".into();
        report.dead_ends.example = Some(Schedule(vec![Choice {
            step: StepId {
                session: SessionId(2),
                index: 7,
            },
            statements: Some(0),
        }]));
        let sent = Message::Done(Box::new(report));
        assert_eq!(decode_message(&encode_message(&sent)), Some(sent));
    }

    #[test]
    fn progress_failures_and_requests_arrive_whole() {
        for m in [
            Message::Progress(Progress {
                states: 12,
                done: 1.0 / 3.0,
            }),
            Message::Failed {
                message: "3:1: ¿qué?".into(),
            },
        ] {
            assert_eq!(decode_message(&encode_message(&m)), Some(m));
        }
        let request = Request {
            text: "session s1\nstep a { SELECT 1; }\n".into(),
            extra: vec!["no-wait".into(), String::new()],
            granularity: Granularity::Statements,
        };
        assert_eq!(decode_request(&encode_request(&request)), Some(request));
    }

    #[test]
    fn a_cut_or_padded_message_is_refused() {
        let text = encode_message(&Message::Done(Box::new(real_report())));
        for cut in 0..text.len() {
            if text.is_char_boundary(cut) {
                assert_eq!(decode_message(&text[..cut]), None, "cut at {cut}");
            }
        }
        assert_eq!(decode_message(&format!("{text}0;")), None);
        assert_eq!(decode_message("9;"), None);
        assert_eq!(decode_request("99999999999999999999:"), None);
    }
}
