//! Ring tables drawn as circles: one ring per group value (seed 003's `kind`), slots 0..N.

use crate::dialect::catalog::{Catalog, RingHint, TableDef};
use crate::trace::{Mark, RingSlot, RingView, TableView, Value};
use crate::vec_map::VecMap;

/// The ring views of every table the catalog knows to be a ring; `sizes` are the user's
/// choices of N by table name, overriding the inferred `mod N`.
pub fn rings_of(catalog: &Catalog, tables: &[TableView], sizes: &[(String, i64)]) -> Vec<RingView> {
    let mut out = Vec::new();
    for hint in catalog.rings() {
        let Some(t) = tables
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(&hint.table))
        else {
            continue;
        };
        let size = sizes
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&hint.table))
            .map(|(_, s)| *s);
        out.extend(ring_views(t, hint, catalog.table(&hint.table), size));
    }
    out
}

/// The rings of `table`, one per group. `size_override` is the user's choice of N.
pub fn ring_views(
    table: &TableView,
    hint: &RingHint,
    def: Option<&TableDef>,
    size_override: Option<i64>,
) -> Vec<RingView> {
    // The user's override is bounded like the script's own `mod N` (`ring_hint::detect`).
    let size = size_override
        .unwrap_or(hint.size)
        .clamp(1, crate::limits::MAX_RING_SLOTS);
    let col = |name: &str| {
        table
            .columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name))
    };
    let (Some(slot_i), Some(order_i)) = (col(&hint.slot_column), col(&hint.order_column)) else {
        return Vec::new();
    };
    let group_cols: Vec<usize> = group_columns(hint, def)
        .iter()
        .filter_map(|g| col(g))
        .collect();
    let mut groups: VecMap<Vec<String>, Vec<&crate::trace::RowView>> = VecMap::new();
    for r in &table.rows {
        let key = group_cols
            .iter()
            .map(|&i| r.values[i].text().unwrap_or_else(|| "NULL".into()))
            .collect();
        groups.get_or_insert_with(key, Default::default).push(r);
    }
    groups
        .into_iter()
        .map(|(key, rows)| {
            let group = group_cols
                .iter()
                .zip(&key)
                .map(|(&i, v)| format!("{} = '{v}'", table.columns[i]))
                .collect::<Vec<_>>()
                .join(", ");
            one_ring(
                table,
                hint,
                size,
                slot_i,
                order_i,
                &group_cols,
                group,
                &rows,
            )
        })
        .filter(|r| r.slots.iter().any(|s| s.order.is_some()) || r.strays > 0)
        .collect()
}

/// The other columns of the unique key that holds the slot column: `UNIQUE(modulo, kind)`
/// makes one ring per `kind`.
fn group_columns(hint: &RingHint, def: Option<&TableDef>) -> Vec<String> {
    let Some(def) = def else { return Vec::new() };
    def.unique_keys()
        .filter(|k| k.is_whole())
        .find(|k| {
            k.columns
                .iter()
                .any(|c| c.eq_ignore_ascii_case(&hint.slot_column))
        })
        .map(|k| {
            k.columns
                .iter()
                .filter(|c| !c.eq_ignore_ascii_case(&hint.slot_column))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

#[allow(clippy::too_many_arguments)]
fn one_ring(
    table: &TableView,
    hint: &RingHint,
    size: i64,
    slot_i: usize,
    order_i: usize,
    group_cols: &[usize],
    group: String,
    rows: &[&crate::trace::RowView],
) -> RingView {
    let mut slots: Vec<RingSlot> = (0..size)
        .map(|index| RingSlot {
            index,
            order: None,
            label: None,
            overwritten: false,
            written: false,
        })
        .collect();
    let mut strays = 0;
    let deleted_slots: Vec<i64> = rows
        .iter()
        .filter(|r| r.mark == Mark::Deleted)
        .filter_map(|r| as_int(&r.values[slot_i]))
        .collect();
    for r in rows.iter().filter(|r| r.mark != Mark::Deleted) {
        let Some(slot) = as_int(&r.values[slot_i]).filter(|s| (0..size).contains(s)) else {
            strays += 1;
            continue;
        };
        let s = &mut slots[slot as usize];
        s.order = as_int(&r.values[order_i]);
        s.label = Some(label(table, r, &[slot_i, order_i], group_cols));
        s.written = matches!(r.mark, Mark::Inserted | Mark::Updated(_));
        s.overwritten = match &r.mark {
            Mark::Updated(cols) => cols
                .iter()
                .any(|c| c.eq_ignore_ascii_case(&hint.order_column)),
            Mark::Inserted => deleted_slots.contains(&slot),
            _ => false,
        };
    }
    let filled = || slots.iter().filter_map(|s| s.order.map(|o| (o, s.index)));
    let newest = filled().max().map(|(_, i)| i);
    let oldest = filled().min().map(|(_, i)| i);
    let next = filled().max().map(|(o, _)| next_slot(o, size)).unwrap_or(0);
    RingView {
        table: table.name.clone(),
        group,
        size,
        slot_column: hint.slot_column.clone(),
        order_column: hint.order_column.clone(),
        slots,
        newest,
        oldest,
        next,
        strays,
    }
}

/// The slot the next insert writes: the one after the highest order value. Computed in i128:
/// a user's order column may hold i64::MAX, whose successor i64 cannot hold.
fn next_slot(max_order: i64, size: i64) -> i64 {
    let next = (i128::from(max_order) + 1).rem_euclid(i128::from(size.max(1)));
    i64::try_from(next).unwrap_or(0)
}

fn label(table: &TableView, r: &crate::trace::RowView, skip: &[usize], group: &[usize]) -> String {
    table
        .columns
        .iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(i) && !group.contains(i))
        .map(|(i, _)| r.values[i].text().unwrap_or_else(|| "NULL".into()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn as_int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Real(r) if r.fract() == 0.0 => Some(*r as i64),
        Value::Text(t) => t.trim().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::next_slot;

    #[test]
    fn the_next_slot_follows_the_highest_order_even_at_the_integer_limit() {
        assert_eq!(next_slot(4, 5), 0);
        assert_eq!(next_slot(7, 5), 3);
        assert_eq!(next_slot(-3, 5), 3);
        // 2^63 = 9,223,372,036,854,775,808, whose remainder by 5 is 3: found by the `run`
        // fuzz target, where `o + 1` overflowed on a ring whose id column held i64::MAX.
        assert_eq!(next_slot(i64::MAX, 5), 3);
        assert_eq!(next_slot(i64::MAX, 1), 0);
    }
}
