//! Rule: T-SQL functions SQLite lacks or names differently. `GETDATE()` and friends read the
//! scenario clock; `NEWID()` gives the next id of the scenario's deterministic sequence;
//! `ISNULL` is `ifnull`, `LEN` is `length`.

use crate::dialect::exprs::{call, NEWID_FN, NOW_FN};
use crate::sql::ToSql;
use crate::sql::Walk;
use sqlparser::ast::{BinaryOperator, DataType, Expr, FunctionArguments, Value};
use std::ops::ControlFlow;

pub fn rewrite<N: Walk>(node: &mut N) -> Vec<String> {
    let (mut clock, mut newid, mut renamed) = (false, false, Vec::new());
    let mut concat = false;
    crate::dialect::walk::exprs(node, &mut |e| {
        // Inner expressions come first, so `'a' + 'b' + @n` is seen as text all the way up.
        if let Expr::BinaryOp { left, op, right } = e {
            if *op == BinaryOperator::Plus && (is_text(left) || is_text(right)) {
                *op = BinaryOperator::StringConcat;
                concat = true;
            }
        }
        let Expr::Function(f) = e else {
            return ControlFlow::<()>::Continue(());
        };
        let name = f.name.to_sql().to_ascii_lowercase();
        let no_args = match &f.args {
            FunctionArguments::None => true,
            FunctionArguments::List(l) => l.args.is_empty(),
            FunctionArguments::Subquery(_) => false,
        };
        match name.as_str() {
            "getdate" | "getutcdate" | "sysdatetime" | "sysutcdatetime" | "sysdatetimeoffset"
                if no_args =>
            {
                *e = call(NOW_FN, Vec::new());
                clock = true;
            }
            "newid" | "newsequentialid" if no_args => {
                *e = call(NEWID_FN, Vec::new());
                newid = true;
            }
            "scope_identity" | "ident_current" => {
                *e = call("last_insert_rowid", Vec::new());
                renamed.push(format!("{name}() becomes last_insert_rowid()"));
            }
            "isnull" | "len" => {
                let to = if name == "isnull" { "ifnull" } else { "length" };
                f.name = crate::sql::build::name(sqlparser::ast::Ident::new(to));
                renamed.push(format!("{name}() becomes {to}()"));
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    let mut notes = Vec::new();
    if concat {
        notes.push(
            "`+` between strings becomes SQLite's `||` (SQLite's `+` only adds numbers)".into(),
        );
    }
    if clock {
        notes.push(format!(
            "GETDATE() / SYSDATETIME() read the scenario clock ({NOW_FN}()), which moves one second per statement"
        ));
    }
    if newid {
        notes.push(format!(
            "NEWID() gives the scenario's next id ({NEWID_FN}()): the same every run, so runs can be compared"
        ));
    }
    crate::sort::sort(&mut renamed);
    renamed.dedup();
    notes.extend(renamed);
    notes
}

/// Whether an expression is text for certain: a string literal, a cast to a character type,
/// a concatenation, or a function that returns text.
fn is_text(e: &Expr) -> bool {
    match e {
        Expr::Value(v) => matches!(
            v.value,
            Value::SingleQuotedString(_) | Value::NationalStringLiteral(_)
        ),
        Expr::Nested(inner) => is_text(inner),
        Expr::BinaryOp {
            op: BinaryOperator::StringConcat,
            ..
        } => true,
        Expr::Cast { data_type, .. } => matches!(
            data_type,
            DataType::Varchar(_)
                | DataType::Nvarchar(_)
                | DataType::Char(_)
                | DataType::Character(_)
                | DataType::Text
                | DataType::String(_)
        ),
        Expr::Function(f) => matches!(
            f.name.to_sql().to_ascii_lowercase().as_str(),
            "concat"
                | "upper"
                | "lower"
                | "ltrim"
                | "rtrim"
                | "trim"
                | "left"
                | "right"
                | "substring"
                | "replace"
                | "format"
                | "str"
        ),
        _ => false,
    }
}
