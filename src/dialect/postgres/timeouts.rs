//! `SET [SESSION | LOCAL] lock_timeout | statement_timeout = ...`: how long PostgreSQL lets a
//! statement wait before it cancels it (55P03 "canceling statement due to lock timeout",
//! 57014 "... statement timeout"). The engine has no clock to wait on, so a wait under such a
//! limit ends, as the server would end it given time, when the permutation ends with the
//! wait still open (`shared/spec-format.md`); a wait without one stays open (`still_waiting`).

use super::super::plan::{PlanKind, TxnControl, WaitLimit};
use super::super::Plan;
use crate::sql::ToSql;
use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{ContextModifier, Expr, Set, Statement, Value};

/// The plan of a SET of one of the two limits; `None` for any other statement.
pub fn plan(stmt: &Statement) -> Option<Result<Plan, StepError>> {
    let Statement::Set(Set::SingleAssignment {
        scope,
        variable,
        values,
        ..
    }) = stmt
    else {
        return None;
    };
    let name = variable.to_sql().to_ascii_lowercase();
    let limit = match name.as_str() {
        "lock_timeout" => WaitLimit::Lock,
        "statement_timeout" => WaitLimit::Statement,
        _ => return None,
    };
    let [value] = values.as_slice() else {
        return None;
    };
    let ms = match milliseconds(value) {
        Some(ms) => ms,
        None => {
            return Some(Err(StepError {
                class: ErrorClass::Other,
                native: "22023".into(),
                message: format!(
                    "invalid value for parameter \"{name}\": \"{}\"",
                    value.to_sql().trim_matches('\'')
                ),
                pos: None,
                fixed_text: None,
            }))
        }
    };
    let local = matches!(scope, Some(ContextModifier::Local));
    let mut plan = Plan::new(
        PlanKind::Txn(TxnControl::SetWaitLimit { limit, ms, local }),
        Vec::new(),
    );
    plan.notes.push(if ms == 0 {
        format!("{name} off: a lock wait lasts until the lock is released")
    } else {
        format!(
            "{name} = {ms} ms{}: a wait still open when the permutation ends is cancelled as the server would cancel it then",
            if local { " for this transaction" } else { "" }
        )
    });
    Some(Ok(plan))
}

/// PostgreSQL's reading of a time setting: a number of milliseconds, or a string with a
/// unit (`'3s'`, `'250ms'`, `'1min'`); 0 and DEFAULT are off.
fn milliseconds(value: &Expr) -> Option<u64> {
    let text = match value {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.clone(),
            Value::SingleQuotedString(s) => s.trim().to_string(),
            _ => return None,
        },
        Expr::Identifier(i) if i.value.eq_ignore_ascii_case("default") => return Some(0),
        _ => return None,
    };
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number = crate::decimal::parse_f64(number)?;
    let scale = match unit.trim() {
        "" | "ms" => 1.0,
        "s" => 1_000.0,
        "min" => 60_000.0,
        "h" => 3_600_000.0,
        "d" => 86_400_000.0,
        _ => return None,
    };
    let ms = (number * scale).round();
    (ms.is_finite() && (0.0..=i32::MAX as f64).contains(&ms)).then_some(ms as u64)
}
