//! Function calls: arguments and their clauses, WITHIN GROUP, FILTER, and OVER with its
//! window specification and frame.
//!
//! Not walked into, as the printer does not print them: LISTAGG's ON OVERFLOW, HAVING
//! MIN/MAX, the JSON functions' clauses and `*` with options as an argument.

use super::{Callbacks, Walk};
use sqlparser::ast::{
    Function, FunctionArg, FunctionArgExpr, FunctionArgumentClause, FunctionArguments,
    WindowFrameBound, WindowSpec, WindowType,
};
use std::ops::ControlFlow;

impl Walk for Function {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.parameters.walk(c)?;
        self.args.walk(c)?;
        self.within_group.walk(c)?;
        self.filter.walk(c)?;
        self.over.walk(c)
    }
}

impl Walk for FunctionArguments {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            FunctionArguments::None => ControlFlow::Continue(()),
            FunctionArguments::Subquery(query) => query.walk(c),
            FunctionArguments::List(list) => {
                list.args.walk(c)?;
                list.clauses.walk(c)
            }
        }
    }
}

impl Walk for FunctionArgumentClause {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            FunctionArgumentClause::Where(e) | FunctionArgumentClause::Limit(e) => e.walk(c),
            FunctionArgumentClause::OrderBy(items) => items.walk(c),
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for FunctionArg {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            FunctionArg::Named { arg, .. } | FunctionArg::Unnamed(arg) => arg.walk(c),
            FunctionArg::ExprNamed { name, arg, .. } => {
                name.walk(c)?;
                arg.walk(c)
            }
        }
    }
}

impl Walk for FunctionArgExpr {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            FunctionArgExpr::Expr(e) => e.walk(c),
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for WindowType {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            WindowType::WindowSpec(spec) => spec.walk(c),
            WindowType::NamedWindow(_) => ControlFlow::Continue(()),
        }
    }
}

impl Walk for WindowSpec {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.partition_by.walk(c)?;
        self.order_by.walk(c)?;
        match &mut self.window_frame {
            Some(frame) => {
                frame.start_bound.walk(c)?;
                frame.end_bound.walk(c)
            }
            None => ControlFlow::Continue(()),
        }
    }
}

impl Walk for WindowFrameBound {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            WindowFrameBound::CurrentRow => ControlFlow::Continue(()),
            WindowFrameBound::Preceding(n) | WindowFrameBound::Following(n) => n.walk(c),
        }
    }
}
