use super::*;
use crate::sql::ToSql;
use crate::trace::checked::Checked;

/// `sql` after the rule, in `dialect`, over `CREATE TABLE t (...)` with int, float, text
/// and numeric columns.
fn rounded(dialect: Dialect, sql: &str) -> Checked<(String, bool)> {
    let table =
        "CREATE TABLE t (id int PRIMARY KEY, n int, f double precision, x text, p numeric(8,2))";
    let (catalog, mut stmt) = crate::dialect::catalog::for_tests(dialect, &[table], sql)?;
    let columns = Columns::of(&mut stmt, &catalog);
    let note = round(dialect, &mut stmt, &catalog, &columns);
    Ok((stmt.to_sql(), note.is_some()))
}

#[test]
fn values_that_may_be_fractions_are_rounded_into_integer_columns() -> Checked {
    assert_eq!(
        rounded(Dialect::Postgres, "INSERT INTO t VALUES (1, 2.5, 2.5, 'a', 2.5), (2, f, 1, x, 1)")?,
        (
            "INSERT INTO t VALUES (1, ql_int_round(2.5, 0, 0), 2.5, 'a', 2.5), (2, ql_int_round(f, 1, 0), 1, x, 1)".into(),
            true
        )
    );
    assert_eq!(
        rounded(
            Dialect::Postgres,
            "UPDATE t SET n = p * 2, id = id + 1, x = '2.5' WHERE id = 1"
        )?
        .0,
        "UPDATE t SET n = ql_int_round(p * 2, 0, 0), id = id + 1, x = '2.5' WHERE id = 1"
    );
    assert_eq!(
        rounded(Dialect::Postgres, "INSERT INTO t (id, n) SELECT id, avg(n) FROM t ON CONFLICT (id) DO UPDATE SET n = excluded.n + 0.5")?.0,
        "INSERT INTO t (id, n) SELECT id, ql_int_round(avg(n), 0, 0) FROM t ON CONFLICT(id) DO UPDATE SET n = ql_int_round(excluded.n + 0.5, 0, 0)"
    );
    // PostgreSQL reads text as the column's type, as a cast does.
    assert_eq!(
        rounded(Dialect::Postgres, "INSERT INTO t (id, n, x) VALUES ('1', '2.5', '2.5')")?.0,
        "INSERT INTO t (id, n, x) VALUES (ql_int_cast('1', 32, 0), ql_int_cast('2.5', 32, 0), '2.5')"
    );
    // MariaDB reads numbers in text, and 2.5e0 is a double there.
    assert_eq!(
        rounded(Dialect::MySql, "INSERT INTO t (id, n) VALUES (1, '2.5'), (2, 2.5e0), (3, '7') ON DUPLICATE KEY UPDATE n = VALUES(n)")?.0,
        "INSERT INTO t (id, n) VALUES (1, ql_int_round('2.5', 0, 1)), (2, ql_int_round(2.5e0, 1, 1)), (3, '7') ON DUPLICATE KEY UPDATE n = VALUES(n)"
    );
    Ok(())
}

#[test]
fn integers_nulls_and_defaults_are_written_as_they_are() -> Checked {
    for sql in [
        "INSERT INTO t VALUES (1, 2, NULL, 'a', NULL)",
        "INSERT INTO t (id, n) VALUES (default, 7)",
        "UPDATE t SET n = n + 1, id = coalesce(id, 0)",
        "DELETE FROM t WHERE n = 2.5",
    ] {
        assert_eq!(
            rounded(Dialect::Postgres, sql)?,
            (sql.to_string(), false),
            "{sql}"
        );
    }
    let sql = "UPDATE t SET n = 2.5";
    assert_eq!(rounded(Dialect::MsSql, sql)?, (sql.to_string(), false));
    Ok(())
}

#[test]
fn rounding_follows_the_source_type() {
    assert_eq!(round_value(Value::Real(2.5), false, false), Value::Int(3));
    assert_eq!(round_value(Value::Real(-2.5), false, false), Value::Int(-3));
    assert_eq!(round_value(Value::Real(2.5), true, false), Value::Int(2));
    assert_eq!(round_value(Value::Real(3.5), true, false), Value::Int(4));
    assert_eq!(
        round_value(Value::Real(1e19), false, false),
        Value::Real(1e19)
    );
    assert_eq!(
        round_value(Value::Text(" 3.5 ".into()), false, true),
        Value::Int(4)
    );
    assert_eq!(
        round_value(Value::Text("1e1".into()), false, true),
        Value::Int(10)
    );
    assert_eq!(
        round_value(Value::Text("-.5".into()), false, true),
        Value::Int(-1)
    );
    for kept in ["3.5x", "7", ".", "e3", "1e", "abc"] {
        assert_eq!(
            round_value(Value::Text(kept.into()), false, true),
            Value::Text(kept.into()),
            "{kept}"
        );
    }
    assert_eq!(
        round_value(Value::Text("2.5".into()), false, false),
        Value::Text("2.5".into())
    );
    assert_eq!(round_value(Value::Int(7), true, true), Value::Int(7));
}

/// A ring's slot of a type the planner cannot tell is rounded on its way in, and is still
/// read as the ring's slot.
#[test]
fn a_rounded_slot_still_makes_a_ring() -> Checked {
    use crate::trace::checked::OrFail;
    let ddl = [
        "CREATE TABLE ring (slot int PRIMARY KEY, payload text)",
        "CREATE TABLE src (n varchar(10))",
    ];
    let sql = "INSERT INTO ring (slot, payload) SELECT (coalesce(max(n), 0) + 1) % 5, 'x' FROM src";
    let (catalog, stmt) = crate::dialect::catalog::for_tests(Dialect::MySql, &ddl, sql)?;
    let plan = crate::dialect::plan(Dialect::MySql, &stmt, &catalog).or_fail("plans")?;
    assert!(
        plan.sqlite.join(";").contains(ROUND_FN),
        "{:?}",
        plan.sqlite
    );
    let ring = plan.ring.or_fail("a ring")?;
    assert_eq!((ring.size, ring.slot_column.as_str()), (5, "slot"));
    Ok(())
}
