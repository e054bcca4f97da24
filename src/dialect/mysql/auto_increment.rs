//! Rule: an INSERT or REPLACE into a table with an AUTO_INCREMENT column says how its rows get
//! their ids ([`AutoIds`]), so the engine can hand them out as InnoDB does
//! (`engine/lab/auto_increment.rs`): a VALUES list reserves one value per row, `INSERT ...
//! SELECT` reserves 1, 2, 4, ... at a time. A row whose id is `NULL` or `0` gets the next value
//! (SQLite would store 0, so a literal 0 becomes NULL here); a VALUES list that gives some rows
//! an id and leaves others to the server is refused: which values InnoDB then reserves around
//! the given ones is not modelled.

use super::super::catalog::TableDef;
use super::super::plan::AutoIds;
use super::super::Dialect;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Insert, SetExpr, Value};

/// How the rows of `ins` get their ids, when `def` has an AUTO_INCREMENT column.
pub fn classify(ins: &mut Insert, def: Option<&TableDef>) -> Result<Option<AutoIds>, StepError> {
    let Some(def) = def else { return Ok(None) };
    let Some(at) = def.columns.iter().position(|c| c.auto_increment) else {
        return Ok(None);
    };
    let name = &def.columns[at].name;
    // Where the id sits in each source row (`None`: the column is left out).
    let slot = if ins.columns.is_empty() {
        Some(at)
    } else {
        ins.columns
            .iter()
            .position(|c| super::super::exprs::last_ident(c).eq_ignore_ascii_case(name))
    };
    let Some(source) = ins.source.as_deref_mut() else {
        return Ok(None);
    };
    let SetExpr::Values(values) = source.body.as_mut() else {
        // INSERT ... SELECT: ids the query gives count as given.
        return Ok(Some(AutoIds {
            table: def.name.clone(),
            rows: None,
            automatic: slot.is_none(),
        }));
    };
    let Some(slot) = slot else {
        return Ok(Some(AutoIds {
            table: def.name.clone(),
            rows: Some(values.rows.len() as u64),
            automatic: true,
        }));
    };
    let mut automatic = 0;
    for row in &mut values.rows {
        let Some(e) = row.get_mut(slot) else { continue };
        if is_zero(e) {
            *e = Expr::value(Value::Null);
        }
        if matches!(e, Expr::Value(v) if matches!(v.value, Value::Null)) {
            automatic += 1;
        }
    }
    match automatic {
        0 => Ok(Some(AutoIds {
            table: def.name.clone(),
            rows: Some(values.rows.len() as u64),
            automatic: false,
        })),
        n if n == values.rows.len() => Ok(Some(AutoIds {
            table: def.name.clone(),
            rows: Some(n as u64),
            automatic: true,
        })),
        _ => Err(super::super::common::unsupported_with(
            Dialect::MySql,
            &format!("a VALUES list that gives some rows their {name} and leaves it to AUTO_INCREMENT for others"),
            "which values InnoDB reserves around the given ones is not modelled; give every row its id, or none, or insert them in separate statements",
        )),
    }
}

/// A literal 0 (AUTO_INCREMENT's other way to ask for the next value).
fn is_zero(e: &Expr) -> bool {
    // The crate's own decimal parser: `str::parse::<f64>` would bring its tables into the
    // download.
    matches!(e, Expr::Value(v) if matches!(&v.value, Value::Number(n, _) if crate::decimal::parse_f64(n) == Some(0.0)))
}
