//! One table after a statement, rows marked by what the statement did to them: inserted (green),
//! updated (amber, changed cells emphasised) or deleted (a struck-through ghost row). The
//! multi-session view adds a "locks" column with a badge per session holding a row lock.

use queuelab::sim::snapshot::LockBadge;
use queuelab::trace::{Mark, TableView, Value};
use yew::prelude::*;

pub struct TableProps {
    pub table: TableView,
    /// Row locks to badge (any table's: those of this table are picked); `None` = no locks
    /// column (the one-session view).
    pub locks: Option<Vec<LockBadge>>,
    /// Session names in colour order: a badge takes the colour of its session's index.
    pub sessions: Vec<String>,
    /// First-column values whose rows are marked as at fault (a replayed counterexample's).
    pub highlight: Vec<String>,
}

/// The one-session view's table: no locks column, no highlight.
pub fn plain(table_view: TableView) -> TableProps {
    TableProps {
        table: table_view,
        locks: None,
        sessions: Vec::new(),
        highlight: Vec::new(),
    }
}

// A plain function, not a component: each component costs about 1.6 KB of the download
// (its yew lifecycle), and this one has no state of its own.
pub fn table(props: &TableProps) -> Html {
    let t = &props.table;
    let rows = t.rows.iter().map(|row| {
        let (mark, changed): (&str, &[String]) = match &row.mark {
            Mark::Unchanged => ("unchanged", &[]),
            Mark::Inserted => ("inserted", &[]),
            Mark::Updated(cols) => ("updated", cols),
            Mark::Deleted => ("deleted", &[]),
        };
        let title = match &row.mark {
            Mark::Unchanged => None,
            Mark::Inserted => Some("inserted by this statement".to_string()),
            Mark::Updated(cols) => Some(format!("updated by this statement: {}", cols.join(", "))),
            Mark::Deleted if props.locks.is_some() => Some(
                "deleted by this step, or by a transaction that has not committed yet".to_string(),
            ),
            Mark::Deleted => Some("deleted by this statement".to_string()),
        };
        let cells = t.columns.iter().zip(&row.values).map(|(col, v)| {
            let is_changed = changed.iter().any(|c| c.eq_ignore_ascii_case(col));
            html! {
                <td class={classes!(
                    v.is_numeric().then_some("num"),
                    is_changed.then_some("changed"),
                )}>{ cell(v) }</td>
            }
        });
        let locks = props.locks.as_ref().map(|locks| {
            let badges = locks
                .iter()
                .filter(|l| l.rowid == row.rowid && l.table.eq_ignore_ascii_case(&t.name))
                .map(|l| lock_badge(l, &props.sessions));
            html! { <td class="locks">{ for badges }</td> }
        });
        let at_fault = row
            .values
            .first()
            .and_then(Value::text)
            .is_some_and(|v| props.highlight.contains(&v));
        let class = classes!(mark, at_fault.then_some("at-fault"));
        html! {
            <tr key={row.rowid} {class} data-mark={mark} data-rowid={row.rowid.to_string()}
                data-at-fault={at_fault.to_string()} {title}>
                { for cells }
                { for locks }
            </tr>
        }
    });
    let lock_col = props.locks.is_some();
    let colspan = t.columns.len().max(1) + usize::from(lock_col);
    html! {
        <table class="table-view" data-table={t.name.clone()}>
            <caption>
                if let Some(schema) = &t.schema {
                    <span class="schema">{ format!("{schema}.") }</span>
                }
                { t.name.clone() }<span class="count">{ row_count(t) }</span>
            </caption>
            <thead>
                <tr>
                    { for t.columns.iter().map(|c| html! { <th>{ c.clone() }</th> }) }
                    if lock_col {
                        <th class="locks" title="Row locks held, by session">{ "locks" }</th>
                    }
                </tr>
            </thead>
            // Keyed rows only in this tbody: yew diffs a fully keyed list by key.
            <tbody>{ for rows }</tbody>
            if t.rows.is_empty() {
                <tbody>
                    <tr class="empty"><td colspan={colspan.to_string()}>{ "empty" }</td></tr>
                </tbody>
            }
        </table>
    }
}

/// A session's lock on a row, coloured like the session's column.
pub fn lock_badge(l: &LockBadge, sessions: &[String]) -> Html {
    let color = session_color(sessions, &l.session);
    html! {
        <span class={classes!("lock-badge", color)} data-session={l.session.clone()}
            data-mode={l.mode} title={lock_title(l)}>
            { format!("{} {}", l.session, l.mode) }
        </span>
    }
}

/// `a holds S on this row for the check of foreign key c_fk`.
fn lock_title(l: &LockBadge) -> String {
    let why = (l.because.as_ref()).map_or_else(String::new, |w| format!(" for {w}"));
    format!("{} holds {} on this row{why}", l.session, l.mode)
}

/// The colour class of a session: one of six, by its index in the spec.
pub fn session_color(sessions: &[String], name: &str) -> String {
    let i = sessions.iter().position(|s| s == name).unwrap_or(0);
    format!("sess-{}", i % 6)
}

fn cell(v: &Value) -> Html {
    match v.text() {
        Some(s) => html! { s },
        None => html! { <span class="null">{ "NULL" }</span> },
    }
}

fn row_count(t: &TableView) -> String {
    let live = t.rows.iter().filter(|r| r.mark != Mark::Deleted).count();
    match live {
        1 => " · 1 row".to_string(),
        n => format!(" · {n} rows"),
    }
}
