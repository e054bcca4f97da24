//! One table after a statement, rows marked by what the statement did to them: inserted (green),
//! updated (amber, changed cells emphasised) or deleted (a struck-through ghost row).

use queuelab::trace::{Mark, TableView, Value};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub table: TableView,
}

#[function_component(Table)]
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
        html! {
            <tr key={row.rowid} class={mark} data-mark={mark} {title}>{ for cells }</tr>
        }
    });
    html! {
        <table class="table-view" data-table={t.name.clone()}>
            <caption>{ t.name.clone() }<span class="count">{ row_count(t) }</span></caption>
            <thead>
                <tr>{ for t.columns.iter().map(|c| html! { <th>{ c.clone() }</th> }) }</tr>
            </thead>
            // Keyed rows only in this tbody: yew diffs a fully keyed list by key.
            <tbody>{ for rows }</tbody>
            if t.rows.is_empty() {
                <tbody>
                    <tr class="empty"><td colspan={t.columns.len().max(1).to_string()}>{ "empty" }</td></tr>
                </tbody>
            }
        </table>
    }
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
