//! One tree walk for every rewrite. sqlparser's walk is generic over the visitor type, and
//! each visitor type (each closure given to `visit_expressions_mut`, each `VisitorMut`)
//! compiles into its own copy of the walk over the whole AST: in the browser build that was
//! tens of kilobytes per rule. Rules therefore pass `dyn` closures to this one visitor.

use sqlparser::ast::{Expr, ObjectName, Query, VisitMut, VisitorMut};
use std::ops::ControlFlow;

type ExprFn<'a> = &'a mut dyn FnMut(&mut Expr) -> ControlFlow<()>;
type QueryFn<'a> = &'a mut dyn FnMut(&mut Query) -> ControlFlow<()>;
type NameFn<'a> = &'a mut dyn FnMut(&mut ObjectName) -> ControlFlow<()>;

struct Walk<'a> {
    expr: Option<ExprFn<'a>>,
    query: Option<QueryFn<'a>>,
    relation: Option<NameFn<'a>>,
}

impl VisitorMut for Walk<'_> {
    type Break = ();

    fn pre_visit_query(&mut self, q: &mut Query) -> ControlFlow<()> {
        match self.query.as_mut() {
            Some(f) => f(q),
            None => ControlFlow::Continue(()),
        }
    }

    fn post_visit_expr(&mut self, e: &mut Expr) -> ControlFlow<()> {
        match self.expr.as_mut() {
            Some(f) => f(e),
            None => ControlFlow::Continue(()),
        }
    }

    fn pre_visit_relation(&mut self, n: &mut ObjectName) -> ControlFlow<()> {
        match self.relation.as_mut() {
            Some(f) => f(n),
            None => ControlFlow::Continue(()),
        }
    }
}

/// Calls `f` on every expression under `node`, inner ones first.
pub fn exprs<N: VisitMut + ?Sized>(node: &mut N, f: ExprFn<'_>) {
    let _ = node.visit(&mut Walk {
        expr: Some(f),
        query: None,
        relation: None,
    });
}

/// Calls `f` on every query under `node` (subqueries and CTEs included), outer ones first.
pub fn queries<N: VisitMut + ?Sized>(node: &mut N, f: QueryFn<'_>) {
    let _ = node.visit(&mut Walk {
        expr: None,
        query: Some(f),
        relation: None,
    });
}

/// Calls `f` on every table name under `node`.
pub fn relations<N: VisitMut + ?Sized>(node: &mut N, f: NameFn<'_>) {
    let _ = node.visit(&mut Walk {
        expr: None,
        query: None,
        relation: Some(f),
    });
}
