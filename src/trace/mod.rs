//! What a run produces: a trace of self-contained steps. The UI renders `steps[i]` and nothing
//! else; stepping back is `i - 1`. Every type here is plain data (serde), the same on wasm and
//! native.

#[cfg(test)]
pub mod checked;
pub mod rows;

pub use rows::Rows;

use crate::source::{Pos, Span};
use crate::vendor::Dialect;
use serde::{Deserialize, Serialize};

/// One cell, in the form the vendor's client would print it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", content = "v")]
pub enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

/// By hand because `f64` has none: a real hashes its bits (the simulator's fingerprints only
/// need equal values to hash alike, and a value is stored as it was computed).
impl std::hash::Hash for Value {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Value::Null => {}
            Value::Int(i) => i.hash(h),
            Value::Real(r) => r.to_bits().hash(h),
            Value::Text(t) => t.hash(h),
            Value::Blob(b) => b.hash(h),
        }
    }
}

impl Value {
    /// The server's text form; `None` for NULL.
    pub fn text(&self) -> Option<String> {
        match self {
            Value::Null => None,
            Value::Int(i) => Some(i.to_string()),
            Value::Real(r) => Some(format_real(*r)),
            Value::Text(s) => Some(s.clone()),
            // As SQL Server prints varbinary (and MySQL writes a hex literal): 0x0A.
            Value::Blob(b) => Some(format!(
                "0x{}",
                b.iter().map(|x| format!("{x:02X}")).collect::<String>()
            )),
        }
    }

    pub fn is_numeric(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Real(_))
    }
}

fn format_real(r: f64) -> String {
    if r.fract() == 0.0 && r.abs() < 1e15 {
        crate::decimal::fixed(r, 1)
    } else {
        crate::float_text::display(r)
    }
}

/// A diagnostic about the user's text: where, what, and what to do instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub pos: Pos,
    pub message: String,
    /// The whole text with the problem fixed, when the fix is certain (e.g. straight quotes).
    pub fixed_text: Option<String>,
}

/// How the last statement touched a row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Mark {
    Unchanged,
    Inserted,
    /// Updated in place; the names of the columns whose value changed.
    Updated(Vec<String>),
    /// Deleted by this statement: shown as a ghost row, gone in the next step.
    Deleted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowView {
    /// SQLite's rowid: stable identity across updates, used only for ordering and highlights.
    pub rowid: i64,
    pub values: Vec<Value>,
    pub mark: Mark,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    pub name: String,
    /// PostgreSQL's schema of a table in one `CREATE SCHEMA` made (`pgmq`), shown before its
    /// name; absent in the lab's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub columns: Vec<String>,
    /// Live rows in a stable order (rowid), then the rows the last statement deleted.
    pub rows: Rows,
}

/// One slot of a ring.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RingSlot {
    pub index: i64,
    /// The ordering value (e.g. `id`) of the row in this slot, if the slot is filled.
    pub order: Option<i64>,
    /// A short label of the row (its other columns).
    pub label: Option<String>,
    /// The last statement wrote this slot over an older row.
    pub overwritten: bool,
    /// The last statement filled this slot (fresh or overwritten).
    pub written: bool,
}

/// A fixed-size ring table (or one group of a grouped ring) as a circle of slots.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RingView {
    pub table: String,
    /// `kind = 'f'` for a grouped ring; empty for a plain one.
    pub group: String,
    pub size: i64,
    pub slot_column: String,
    pub order_column: String,
    pub slots: Vec<RingSlot>,
    /// Slot of the newest row (highest order value).
    pub newest: Option<i64>,
    /// Slot of the oldest row: the one the next insert overwrites once the ring is full.
    pub oldest: Option<i64>,
    /// Slot the next insert will write.
    pub next: i64,
    /// Rows whose slot value lies outside 0..size (the ring was set up wrongly).
    pub strays: usize,
}

/// The result of one statement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Ok(Success),
    Error(StepError),
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Success {
    /// Column names of a result set; `None` when the statement returns none.
    pub columns: Option<Vec<String>>,
    pub rows: Vec<Vec<Value>>,
    /// Rows affected, as the vendor counts them; `None` for statements that report none.
    pub affected: Option<u64>,
    /// The client's info line, e.g. `Records: 1  Duplicates: 1  Warnings: 0`.
    pub info: Option<String>,
    /// Warnings raised (e.g. rows `INSERT IGNORE` skipped).
    pub warnings: u64,
    /// T-SQL: `SET NOCOUNT ON` was in force, so the client prints no "(n rows affected)".
    #[serde(default)]
    pub quiet: bool,
    /// Messages the server sent beside the result (PostgreSQL's `WARNING:  ...`), each as
    /// the client prints it after its severity.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<String>,
    /// A COMMIT that rolled back: PostgreSQL ends an aborted transaction so, and says
    /// ROLLBACK.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rolled_back: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ErrorClass {
    Deadlock,
    LockNotAvailable,
    UniqueViolation,
    SerializationFailure,
    Other,
}

impl ErrorClass {
    pub fn as_str(&self) -> &'static str {
        match self {
            ErrorClass::Deadlock => "deadlock",
            ErrorClass::LockNotAvailable => "lock_not_available",
            ErrorClass::UniqueViolation => "unique_violation",
            ErrorClass::SerializationFailure => "serialization_failure",
            ErrorClass::Other => "other",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepError {
    pub class: ErrorClass,
    /// The vendor's code: MySQL error number, PostgreSQL SQLSTATE.
    pub native: String,
    pub message: String,
    /// Where in the user's text, when the error is about the text.
    pub pos: Option<Pos>,
    pub fixed_text: Option<String>,
}

impl StepError {
    /// An error of class `Other` with the vendor's code and words, not about a place in the
    /// text.
    pub fn other(native: &str, message: String) -> StepError {
        StepError {
            class: ErrorClass::Other,
            native: native.into(),
            message,
            pos: None,
            fixed_text: None,
        }
    }
}

/// One executed statement and the whole state after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// `s1_1`, `s1_2`, ...
    pub name: String,
    pub session: String,
    /// The statement as the user wrote it.
    pub source: String,
    pub span: Span,
    /// The SQLite statements that really ran.
    pub ran: Vec<String>,
    /// What the translation did and why (one line per rule that fired).
    pub notes: Vec<String>,
    /// `-- note:` comments written above the statement (lessons, article errata).
    pub remarks: Vec<String>,
    /// The scenario clock when the statement ran (`CURRENT_TIMESTAMP`).
    pub clock: String,
    pub outcome: Outcome,
    /// What the vendor's client would print.
    pub client_text: String,
    pub tables: Vec<TableView>,
    pub rings: Vec<RingView>,
    /// Where each sequence stands after the statement (`ring_seq: last 2, next 3`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sequences: Vec<String>,
}

/// A whole run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub dialect: Dialect,
    /// Problems that stopped statements from being read at all.
    pub diagnostics: Vec<Diagnostic>,
    pub steps: Vec<Step>,
}

/// What happened to a step in a multi-session run (`spec-format.md`, "Running a permutation").
#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    Ok,
    Error,
    Waiting,
    Completed,
    InvalidPermutation,
    StillWaiting,
}

impl EventKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            EventKind::Ok => "ok",
            EventKind::Error => "error",
            EventKind::Waiting => "waiting",
            EventKind::Completed => "completed",
            EventKind::InvalidPermutation => "invalid_permutation",
            EventKind::StillWaiting => "still_waiting",
        }
    }
}

/// One step event.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub step: String,
    pub session: String,
    pub kind: EventKind,
    /// For ok, error and completed: the result of the step's last statement.
    pub outcome: Option<Outcome>,
    /// The result sets of the step's statements before that one, which isolationtester
    /// prints too (the JSON line reports the last result only, as `spec-format.md` says).
    pub earlier: Vec<Success>,
    /// For waiting: the sessions it waits for.
    pub waits_for: Vec<String>,
    /// For ok, error and completed: the PostgreSQL notifications (NOTIFY) that reached the
    /// session's client by the step's end, which isolationtester prints after the result (not
    /// in the JSON line, which `spec-format.md` fixes).
    pub notifications: Vec<Notification>,
}

/// A notification as a listening session's client receives it: channel, payload (empty when
/// NOTIFY gave none) and the sending session's name.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub channel: String,
    pub payload: String,
    pub from: String,
}

impl Notification {
    /// As isolationtester prints it after the receiving session's name:
    /// `NOTIFY "jobs" with payload "new" from p`.
    pub fn line(&self) -> String {
        format!(
            "NOTIFY \"{}\" with payload \"{}\" from {}",
            self.channel, self.payload, self.from
        )
    }
}

/// One permutation's events.
#[derive(Debug, Clone, PartialEq)]
pub struct PermutationRun {
    /// The permutation's entries as written (`c1pop`, `c1pop(statements 8)`).
    pub steps: Vec<String>,
    pub events: Vec<Event>,
    /// A setup statement failed, as isolationtester says it (`setup failed: ERROR:  ...`):
    /// no step ran, and no permutation after this one runs.
    pub setup_failed: Option<String>,
    /// Each session's teardown block, once the permutation ended (`sim/teardown.rs`): the
    /// session's name and the block's outcome, which isolationtester prints.
    pub teardown: Vec<(String, Outcome)>,
}
