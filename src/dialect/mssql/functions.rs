//! Rule: T-SQL functions SQLite lacks or names differently. `GETDATE()` and friends read the
//! scenario clock; `NEWID()` gives the next id of the scenario's deterministic sequence;
//! `ISNULL` is `ifnull`, `LEN` is `length`.

use crate::dialect::exprs::{call, NOW_FN};
use crate::engine::store::NEWID_FN;
use sqlparser::ast::{Expr, FunctionArguments, VisitMut};
use std::ops::ControlFlow;

pub fn rewrite<N: VisitMut>(node: &mut N) -> Vec<String> {
    let (mut clock, mut newid, mut renamed) = (false, false, Vec::new());
    let _ = sqlparser::ast::visit_expressions_mut(node, |e| {
        let Expr::Function(f) = e else {
            return ControlFlow::<()>::Continue(());
        };
        let name = f.name.to_string().to_ascii_lowercase();
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
            "isnull" | "len" => {
                let to = if name == "isnull" { "ifnull" } else { "length" };
                f.name = sqlparser::ast::ObjectName::from(vec![sqlparser::ast::Ident::new(to)]);
                renamed.push(format!("{name}() becomes {to}()"));
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    let mut notes = Vec::new();
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
    renamed.sort();
    renamed.dedup();
    notes.extend(renamed);
    notes
}
