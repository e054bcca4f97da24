//! `LISTEN channel`, `UNLISTEN channel | *`, `NOTIFY channel [, 'payload']` and `SELECT
//! pg_notify('channel', 'payload')`: session and transaction controls the engine carries out
//! (`engine/lab/notify.rs`). A channel is a name, folded to lower case unless quoted, as the
//! server folds it (pg_notify's is a string, taken as written).

use super::super::plan::{PlanKind, TxnControl};
use super::super::Plan;
use crate::trace::StepError;
use sqlparser::ast::{
    Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Query, SelectItem, SetExpr, Statement,
    Value,
};

/// The longest channel name (the server's NAMEDATALEN - 1).
const CHANNEL_LIMIT: usize = 63;

/// The plan of a LISTEN, UNLISTEN, NOTIFY or `SELECT pg_notify(...)`; `None` for any other
/// statement.
pub fn plan(stmt: &Statement) -> Option<Result<Plan, StepError>> {
    // The parser, as sqlparser, takes a string where the channel's name goes; the server
    // answers a syntax error there.
    if let Statement::LISTEN { channel }
    | Statement::UNLISTEN { channel }
    | Statement::NOTIFY { channel, .. } = stmt
    {
        if channel.quote_style == Some('\'') {
            return Some(Err(StepError::other(
                super::errors::SYNTAX_ERROR,
                format!("syntax error at or near \"'{}'\"", channel.value),
            )));
        }
    }
    let (ctrl, note) = match stmt {
        Statement::Query(q) => match pg_notify(q)? {
            Ok(ctrl) => (
                ctrl,
                "pg_notify(): NOTIFY with a channel and payload given as strings".to_string(),
            ),
            Err(e) => return Some(Err(e)),
        },
        Statement::LISTEN { channel } => (
            TxnControl::Listen(channel.value.clone()),
            format!(
                "LISTEN {}: from its commit on, this session receives what commits NOTIFY on the channel",
                channel.value
            ),
        ),
        Statement::UNLISTEN { channel } if channel.quote_style.is_none() && channel.value == "*" => (
            TxnControl::Unlisten(None),
            "UNLISTEN *: from its commit on, no channel".to_string(),
        ),
        Statement::UNLISTEN { channel } => (
            TxnControl::Unlisten(Some(channel.value.clone())),
            format!("UNLISTEN {}: from its commit on, not this channel", channel.value),
        ),
        Statement::NOTIFY { channel, payload } => (
            TxnControl::Notify {
                channel: channel.value.clone(),
                payload: payload.clone().unwrap_or_default(),
                column: None,
            },
            format!(
                "NOTIFY {}: sent when the transaction commits (each channel and payload once), to the sessions listening then; one inside a transaction of its own gets it when that ends",
                channel.value
            ),
        ),
        _ => return None,
    };
    let mut plan = Plan::new(PlanKind::Txn(ctrl), Vec::new());
    plan.notes.push(note);
    Some(Ok(plan))
}

/// `SELECT pg_notify('channel', 'payload') [AS name]`, its arguments strings or NULL: the
/// NOTIFY it sends; `None` for any other query (a pg_notify() elsewhere is refused as an
/// unknown function).
fn pg_notify(q: &Query) -> Option<Result<TxnControl, StepError>> {
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    if !s.from.is_empty() || s.selection.is_some() || q.limit_clause.is_some() {
        return None;
    }
    let [item] = s.projection.as_slice() else {
        return None;
    };
    let (expr, column) = match item {
        SelectItem::UnnamedExpr(e) => (e, "pg_notify".to_string()),
        SelectItem::ExprWithAlias { expr, alias } => (expr, alias.value.clone()),
        _ => return None,
    };
    let Expr::Function(f) = expr else {
        return None;
    };
    let named = f.name.0.len() == 1
        && f.name.0[0]
            .as_ident()
            .is_some_and(|i| i.value.eq_ignore_ascii_case("pg_notify"));
    let FunctionArguments::List(list) = &f.args else {
        return None;
    };
    let strings: Option<Vec<Option<String>>> = list
        .args
        .iter()
        .map(|a| match a {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Value(v))) => match &v.value {
                Value::SingleQuotedString(text) => Some(Some(text.clone())),
                Value::Null => Some(None),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let [channel, payload] = strings.filter(|_| named)?.try_into().ok()?;
    let channel = channel.unwrap_or_default();
    let refused = |m: &str| StepError::other("22023", m.into());
    Some(if channel.is_empty() {
        Err(refused("channel name cannot be empty"))
    } else if channel.len() > CHANNEL_LIMIT {
        Err(refused("channel name too long"))
    } else {
        Ok(TxnControl::Notify {
            channel,
            payload: payload.unwrap_or_default(),
            column: Some(column),
        })
    })
}
