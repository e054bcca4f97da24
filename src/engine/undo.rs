//! Undo: the SQL that takes back row changes, newest first. This is how one session's
//! transaction is rolled back (ROLLBACK, a deadlock victim) while the changes other sessions
//! made in between stay: one SQLite savepoint stack cannot do that for interleaved sessions.
//! It also builds snapshot reads: undo what a snapshot must not see, read, then roll back.

use super::store::{ChangeKind, RowChange};
use crate::dialect::catalog::ident;
use crate::trace::Value;

/// `a, b, c`: the columns named as SQLite reads them.
pub fn column_list(cols: &[String]) -> String {
    cols.iter().map(|n| ident(n)).collect::<Vec<_>>().join(", ")
}

/// The statements that undo `changes` (oldest first, as recorded), newest change first.
/// `columns` names a table's columns in storage order.
pub fn undo_sql(changes: &[RowChange], columns: &dyn Fn(&str) -> Vec<String>) -> Vec<String> {
    changes
        .iter()
        .rev()
        .map(|c| {
            let table = ident(&c.table);
            match c.kind {
                ChangeKind::Insert => format!("DELETE FROM {table} WHERE rowid = {}", c.new_rowid),
                ChangeKind::Delete => {
                    let cols = columns(&c.table);
                    format!(
                        "INSERT INTO {table} (rowid, {}) VALUES ({}, {})",
                        column_list(&cols),
                        c.old_rowid,
                        c.old.iter().map(literal).collect::<Vec<_>>().join(", ")
                    )
                }
                ChangeKind::Update => {
                    let cols = columns(&c.table);
                    let sets: Vec<String> = std::iter::once(format!("rowid = {}", c.old_rowid))
                        .chain(
                            cols.iter()
                                .zip(&c.old)
                                .map(|(n, v)| format!("{} = {}", ident(n), literal(v))),
                        )
                        .collect();
                    format!(
                        "UPDATE {table} SET {} WHERE rowid = {}",
                        sets.join(", "),
                        c.new_rowid
                    )
                }
            }
        })
        .collect()
}

/// The statements that make `changes` happen again (oldest first), by rowid: how a statement
/// run inside a snapshot view is carried over to the newest rows.
pub fn redo_sql(changes: &[RowChange], columns: &dyn Fn(&str) -> Vec<String>) -> Vec<String> {
    changes
        .iter()
        .map(|c| {
            let table = ident(&c.table);
            let cols = columns(&c.table);
            let assign = |values: &[Value]| -> Vec<String> {
                cols.iter()
                    .zip(values)
                    .map(|(n, v)| format!("{} = {}", ident(n), literal(v)))
                    .collect()
            };
            match c.kind {
                ChangeKind::Delete => format!("DELETE FROM {table} WHERE rowid = {}", c.old_rowid),
                ChangeKind::Insert => format!(
                    "INSERT INTO {table} (rowid, {}) VALUES ({}, {})",
                    column_list(&cols),
                    c.new_rowid,
                    c.new.iter().map(literal).collect::<Vec<_>>().join(", ")
                ),
                ChangeKind::Update => {
                    let sets: Vec<String> = std::iter::once(format!("rowid = {}", c.new_rowid))
                        .chain(assign(&c.new))
                        .collect();
                    format!(
                        "UPDATE {table} SET {} WHERE rowid = {}",
                        sets.join(", "),
                        c.old_rowid
                    )
                }
            }
        })
        .collect()
}

/// A value as a SQLite literal, exactly (text quoted, reals round-tripping, blobs in hex).
pub fn literal(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Int(i) => i.to_string(),
        Value::Real(r) if r.is_finite() => crate::float_text::real_literal(*r),
        Value::Real(r) if r.is_nan() => "NULL".into(),
        Value::Real(r) => if *r > 0.0 { "9e999" } else { "-9e999" }.into(),
        Value::Text(s) => format!("'{}'", s.replace('\'', "''")),
        Value::Blob(b) => format!(
            "X'{}'",
            b.iter().map(|x| format!("{x:02X}")).collect::<String>()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::store::Store;
    use crate::trace::checked::{Checked, OrFail};

    fn columns_of(store: &Store) -> impl Fn(&str) -> Vec<String> + '_ {
        move |t| {
            store
                .tables()
                .ok()
                .and_then(|ts| ts.into_iter().find(|x| x.name == t))
                .map(|x| x.columns)
                .unwrap_or_default()
        }
    }

    /// Runs `setup`, then `work` recording its changes, undoes them, and checks every table is
    /// back to what it was, rowids included.
    fn round_trip(setup: &str, work: &[&str]) -> Checked {
        let store = Store::open(1_000_000).or_fail("sqlite opens")?;
        let setup: Vec<String> = setup
            .split(';')
            .filter(|s| !s.trim().is_empty())
            .map(String::from)
            .collect();
        store.run(&setup).or_fail("setup runs")?;
        let before = store.tables().or_fail("tables")?;
        let mut changes = Vec::new();
        for w in work {
            changes.extend(store.run(&[w.to_string()]).or_fail("work runs")?.changes);
        }
        assert_ne!(
            store.tables().or_fail("tables")?,
            before,
            "the work changed something"
        );
        let undo = undo_sql(&changes, &columns_of(&store));
        store.run(&undo).or_fail("undo runs")?;
        assert_eq!(
            store.tables().or_fail("tables")?,
            before,
            "undo of {work:?}: {undo:?}"
        );
        Ok(())
    }

    const RING: &str = "CREATE TABLE q (id int NOT NULL, modulo int NOT NULL, fruit text, PRIMARY KEY (id), UNIQUE (modulo)); INSERT INTO q VALUES (0, 0, 'apples'), (1, 1, 'it''s'), (2, 2, NULL);";

    #[test]
    fn undoes_inserts_updates_and_deletes() -> Checked {
        round_trip(
            RING,
            &[
                "INSERT INTO q VALUES (3, 3, 'pears')",
                "UPDATE q SET fruit = 'x' WHERE id = 1",
                "DELETE FROM q WHERE id = 2",
            ],
        )
    }

    #[test]
    fn undoes_an_upsert_that_moved_the_key() -> Checked {
        round_trip(
            RING,
            &["INSERT INTO q VALUES (5, 0, 'bananas') ON CONFLICT DO UPDATE SET id = excluded.id, fruit = excluded.fruit"],
        )
    }

    #[test]
    fn undoes_replace_with_its_hidden_deletes() -> Checked {
        round_trip(
            RING,
            &[
                "REPLACE INTO q VALUES (5, 0, 'bananas')",
                "REPLACE INTO q VALUES (1, 2, 'both')",
            ],
        )
    }

    #[test]
    fn undoes_on_integer_primary_keys_and_blobs() -> Checked {
        round_trip(
            "CREATE TABLE j (id INTEGER PRIMARY KEY AUTOINCREMENT, b blob, r real); INSERT INTO j (b, r) VALUES (X'00FF', 0.1), (NULL, -2.5);",
            &["UPDATE j SET id = 10, r = 1e300 WHERE id = 1", "DELETE FROM j WHERE id = 2", "INSERT INTO j (b) VALUES (X'AB')"],
        )
    }

    #[test]
    fn literals_round_trip_through_sqlite() -> Checked {
        let store = Store::open(1_000_000).or_fail("sqlite opens")?;
        for v in [
            Value::Real(0.1),
            Value::Real(-1e-300),
            Value::Text("a'b".into()),
            Value::Int(i64::MIN),
        ] {
            let (_, rows) = store
                .query(&format!("SELECT {}", literal(&v)))
                .or_fail("query")?;
            assert_eq!(rows[0][0], v);
        }
        Ok(())
    }
}
