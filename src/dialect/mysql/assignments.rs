//! Rule: MySQL evaluates a single-table UPDATE's assignments left to right, each reading the
//! row as the assignments before it left it (`SET attempts = attempts + 1, run_at = run_at +
//! INTERVAL attempts * 10 SECOND` pushes run_at by the new attempts); SQLite, like the SQL
//! standard, reads the old row in every assignment. So a column an earlier assignment set is
//! replaced, in later assignments, by what that assignment gave it.

use super::super::walk;
use crate::limits::{over, MAX_OPERATORS};
use crate::sql::Duplicate;
use crate::sql::ToSql;
use crate::trace::StepError;
use crate::vec_map::VecMap;
use sqlparser::ast::{Assignment, AssignmentTarget, Expr, Update};
use std::ops::ControlFlow;

/// Rewrites `u`'s assignments to read earlier ones' values; the note, if one did. A SET
/// target written with its table (`jobs.locked_by`, as Rails writes it) loses the table,
/// which SQLite does not take.
pub fn left_to_right(u: &mut Update) -> Result<Option<String>, StepError> {
    for a in u.assignments.iter_mut() {
        if let AssignmentTarget::ColumnName(name) = &mut a.target {
            if name.0.len() > 1 {
                name.0.drain(..name.0.len() - 1);
            }
        }
    }
    in_order(&mut u.assignments)
}

/// [`left_to_right`] for the assignments of an ON DUPLICATE KEY UPDATE (already SQLite's
/// DO UPDATE: `excluded.c`, the row's would-be values, is not a column it sets).
pub fn in_order(assignments: &mut [Assignment]) -> Result<Option<String>, StepError> {
    // Column (lower case) → its value so far, and that value's size in nodes.
    let mut set: VecMap<String, (Expr, usize)> = VecMap::new();
    let mut fired = false;
    for Assignment { target, value } in assignments.iter_mut() {
        let AssignmentTarget::ColumnName(name) = target else {
            continue;
        };
        let column = name.to_sql().to_ascii_lowercase();
        let column = column.rsplit('.').next().unwrap_or_default().to_string();
        let mut size = 0usize;
        walk::exprs(value, &mut |e| {
            size += 1;
            let Some(read) = column_of(e) else {
                return ControlFlow::Continue(());
            };
            if let Some((earlier, n)) = set.get(&read) {
                *e = earlier.duplicate();
                size += n;
                fired = true;
            }
            ControlFlow::Continue(())
        });
        if size > MAX_OPERATORS {
            return Err(StepError::other(
                "1105",
                over(
                    "operators in one assignment, with the assignments before it put in (MySQL reads them left to right)",
                    size,
                    MAX_OPERATORS,
                    "MAX_OPERATORS",
                ),
            ));
        }
        let mine = Expr::Nested(Box::new(value.duplicate()));
        set.insert(column, (mine, size));
    }
    Ok(fired.then(|| {
        "assignments read left to right, as MySQL does: a column set earlier in this SET is read with its new value".into()
    }))
}

/// The column a bare or qualified name reads (lower case).
fn column_of(e: &Expr) -> Option<String> {
    match e {
        Expr::Identifier(i) => Some(i.value.to_ascii_lowercase()),
        Expr::CompoundIdentifier(parts) if !parts[0].value.eq_ignore_ascii_case("excluded") => {
            parts.last().map(|i| i.value.to_ascii_lowercase())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;

    fn rewritten(sql: &str) -> Result<String, StepError> {
        let script = crate::dialect::front::parse_script(Dialect::MySql, sql);
        let sqlparser::ast::Statement::Update(mut u) = script.statements[0].ast.duplicate()? else {
            return Err(StepError::other("", format!("not an update: {sql}")));
        };
        left_to_right(&mut u)?;
        Ok(sqlparser::ast::Statement::Update(u).to_sql())
    }

    #[test]
    fn a_later_assignment_reads_the_earlier_ones_value() -> Result<(), StepError> {
        assert_eq!(
            rewritten("UPDATE jobs SET attempts = attempts + 1, delay = attempts * 10, n = 0 WHERE id = 1")?,
            "UPDATE jobs SET attempts = attempts + 1, delay = (attempts + 1) * 10, n = 0 WHERE id = 1"
        );
        let swap = rewritten("UPDATE t SET a = b, b = a")?;
        assert_eq!(swap, "UPDATE t SET a = b, b = (b)");
        let rails = rewritten("UPDATE `jobs` SET `jobs`.`locked_by` = 'w1'")?;
        assert_eq!(rails, "UPDATE `jobs` SET `locked_by` = 'w1'");
        Ok(())
    }

    #[test]
    fn doubling_chains_are_stopped_at_the_operator_limit() {
        let sets: Vec<String> = (0..20).map(|_| "a = a + a".to_string()).collect();
        let e = rewritten(&format!("UPDATE t SET {}", sets.join(", "))).expect_err("too big");
        assert!(e.message.contains("MAX_OPERATORS"), "{}", e.message);
    }
}
