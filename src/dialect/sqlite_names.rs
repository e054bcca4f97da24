//! Rule: a name that SQLite reads as one of its keywords. The vendors take many words as
//! column names that SQLite will not take where a name stands: PostgreSQL a ring's `index`,
//! `values`, `set` or `update`, MariaDB `nothing`, `commit`, `transaction` or `escape`, all
//! three `isnull` or `autoincrement`. SQLite answered a syntax error near the word ("the
//! construct near \"index\" is not supported"). Such a name, unquoted, is double-quoted before
//! the statement is printed for SQLite: a name to it as to the vendor. Covered: column
//! references, result aliases, the columns of INSERT, UPDATE's SET and the upserts (table
//! names and table aliases are left: SQLite refuses those words there only as column names
//! do, and no vendor takes most of them as a table's name unquoted).

use super::walk;
use sqlparser::ast::{
    Assignment, AssignmentTarget, ConflictTarget, Expr, Ident, ObjectName, ObjectNamePart,
    OnConflictAction, OnInsert, SelectItem, SetExpr, Statement,
};
use std::ops::ControlFlow;

/// SQLite's keywords that some vendor takes unquoted as a column's name and that SQLite does
/// not read as a name there (each checked against the servers and the lab; SQLite's other
/// keywords, `key`, `do`, `rows`, ..., fall back to names by themselves, and the rest no
/// vendor takes unquoted: `default` in an expression is the keyword). Sorted.
const KEYWORDS: [&str; 21] = [
    "add",
    "alter",
    "autoincrement",
    "between",
    "cast",
    "commit",
    "deferrable",
    "delete",
    "drop",
    "escape",
    "exists",
    "index",
    "insert",
    "isnull",
    "nothing",
    "notnull",
    "raise",
    "set",
    "transaction",
    "update",
    "values",
];

/// Quotes every such name of `stmt`.
pub fn quote(stmt: &mut Statement) {
    walk::exprs(stmt, &mut |e| {
        match e {
            Expr::Identifier(i) => mark(i),
            Expr::CompoundIdentifier(parts) => parts.iter_mut().for_each(mark),
            _ => {}
        }
        ControlFlow::Continue(())
    });
    walk::queries(stmt, &mut |q| {
        aliases(&mut q.body);
        ControlFlow::Continue(())
    });
    match stmt {
        Statement::Insert(ins) => {
            ins.columns.iter_mut().for_each(mark_name);
            match &mut ins.on {
                Some(OnInsert::DuplicateKeyUpdate(set)) => assignments(set),
                Some(OnInsert::OnConflict(c)) => {
                    if let Some(ConflictTarget::Columns { columns, .. }) = &mut c.conflict_target {
                        columns.iter_mut().for_each(mark);
                    }
                    if let OnConflictAction::DoUpdate(u) = &mut c.action {
                        assignments(&mut u.assignments);
                    }
                }
                _ => {}
            }
        }
        Statement::Update(u) => assignments(&mut u.assignments),
        _ => {}
    }
}

/// The aliases of the result columns of `body`'s SELECTs (a subquery's are its own query's).
fn aliases(body: &mut SetExpr) {
    match body {
        SetExpr::Select(s) => {
            for item in &mut s.projection {
                if let SelectItem::ExprWithAlias { alias, .. } = item {
                    mark(alias);
                }
            }
        }
        SetExpr::SetOperation { left, right, .. } => {
            aliases(left);
            aliases(right);
        }
        _ => {}
    }
}

fn assignments(set: &mut [Assignment]) {
    for a in set {
        match &mut a.target {
            AssignmentTarget::ColumnName(name) => mark_name(name),
            AssignmentTarget::Tuple(names) => names.iter_mut().for_each(mark_name),
        }
    }
}

fn mark_name(name: &mut ObjectName) {
    for part in &mut name.0 {
        if let ObjectNamePart::Identifier(i) = part {
            mark(i);
        }
    }
}

fn mark(i: &mut Ident) {
    if i.quote_style.is_none()
        && KEYWORDS
            .binary_search(&i.value.to_ascii_lowercase().as_str())
            .is_ok()
    {
        i.quote_style = Some('"');
    }
}

#[cfg(test)]
mod tests {
    use super::KEYWORDS;

    #[test]
    fn the_keywords_are_sorted_for_the_search() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
    }
}
