//! Rule: `FROM generate_series(a, b) g` with `g` used as a column is PostgreSQL's
//! single-column function alias; SQLite's generate_series (loaded by the store) names its
//! column `value`, so `g` becomes `g.value`.

use queuelab_sql::ToSql;
use queuelab_sql::Walk;
use sqlparser::ast::{Expr, Ident, Query, SetExpr, TableFactor};
use std::ops::ControlFlow;

pub fn rewrite<N: Walk>(node: &mut N) -> Option<String> {
    let mut v = Series { fired: false };
    crate::dialect::walk::queries(node, &mut |q| v.query(q));
    v.fired
        .then(|| "generate_series(...) g: the alias g names its column, g.value in SQLite".into())
}

struct Series {
    fired: bool,
}

impl Series {
    fn query(&mut self, q: &mut Query) -> ControlFlow<()> {
        let SetExpr::Select(select) = q.body.as_mut() else {
            return ControlFlow::Continue(());
        };
        let aliases: Vec<String> = select
            .from
            .iter()
            .filter_map(|t| match &t.relation {
                TableFactor::Table {
                    name,
                    args: Some(_),
                    alias: Some(a),
                    ..
                } if name.to_sql().eq_ignore_ascii_case("generate_series")
                    && a.columns.is_empty() =>
                {
                    Some(a.name.value.clone())
                }
                _ => None,
            })
            .collect();
        if aliases.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut fix = |e: &mut Expr| {
            if let Expr::Identifier(i) = e {
                if aliases.contains(&i.value) {
                    *e = Expr::CompoundIdentifier(vec![i.clone(), Ident::new("value")]);
                    self.fired = true;
                }
            }
            ControlFlow::<()>::Continue(())
        };
        crate::dialect::walk::exprs(&mut select.projection, &mut fix);
        crate::dialect::walk::exprs(&mut select.selection, &mut fix);
        ControlFlow::Continue(())
    }
}
