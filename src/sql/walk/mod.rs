//! Walks over syntax trees: what sqlparser's `VisitMut` gives the engine (every expression
//! after its children, every query before its contents, every name sqlparser marks as a
//! relation), for the part of the tree Queue Lab's parser builds and its engine composes.
//!
//! Why not `VisitMut`: sqlparser derives it for every node of every statement of every
//! database, and each visitor type compiles into its own copy of that walk; even one `dyn`
//! visitor links all of it into the browser download. This covers what the lab can hold, the
//! nodes the printer prints; a node it prints as [`crate::sql::print::UNPRINTABLE`] is not walked
//! into (no tree the lab runs holds one, so no rule can miss what is inside).
//!
//! The contract, sqlparser 0.64's order exactly (the engine's rewrites depend on it): fields
//! in their declaration order; an expression's callback comes after its children's, so a
//! callback that replaces it does not see the new one's children walked; a query's callback
//! comes before its contents, which are walked as the callback left them; a relation's
//! callback comes before anything inside the name; `ControlFlow::Break` from any callback
//! ends the whole walk. The judge: `tests/sql_walk.rs` records every callback of this walk and of
//! sqlparser's over the corpus, and compares them, and the trees after rewrites.
//!
//! One walk serves every caller: the callbacks are `dyn`, so no closure type gets a copy of
//! it.

mod expr;
mod expr_call;
mod query;
mod query_from;
mod stmt;
mod stmt_ddl;

use sqlparser::ast::{Expr, ObjectName, Query};
use std::ops::ControlFlow;

/// A callback on every expression.
pub type ExprFn<'a> = &'a mut dyn FnMut(&mut Expr) -> ControlFlow<()>;
/// A callback on every query.
pub type QueryFn<'a> = &'a mut dyn FnMut(&mut Query) -> ControlFlow<()>;
/// A callback on every relation's name.
pub type NameFn<'a> = &'a mut dyn FnMut(&mut ObjectName) -> ControlFlow<()>;

/// What a walk calls: sqlparser's `post_visit_expr`, `pre_visit_query` and
/// `pre_visit_relation`, each if given.
#[derive(Default)]
pub struct Callbacks<'a> {
    pub expr: Option<ExprFn<'a>>,
    pub query: Option<QueryFn<'a>>,
    pub relation: Option<NameFn<'a>>,
}

impl Callbacks<'_> {
    fn expr(&mut self, e: &mut Expr) -> ControlFlow<()> {
        match self.expr.as_mut() {
            Some(f) => f(e),
            None => ControlFlow::Continue(()),
        }
    }

    fn query(&mut self, q: &mut Query) -> ControlFlow<()> {
        match self.query.as_mut() {
            Some(f) => f(q),
            None => ControlFlow::Continue(()),
        }
    }

    /// A name sqlparser marks as a relation. Nothing inside a name is walked: only
    /// Snowflake's `IDENTIFIER(...)` parts hold expressions, and no parser of ours builds one.
    fn relation(&mut self, n: &mut ObjectName) -> ControlFlow<()> {
        match self.relation.as_mut() {
            Some(f) => f(n),
            None => ControlFlow::Continue(()),
        }
    }
}

/// A syntax-tree node that can be walked without sqlparser's `VisitMut`.
pub trait Walk {
    /// Calls `c`'s callbacks on this node and everything under it, in sqlparser's order;
    /// stops at the first `Break`.
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()>;
}

impl<T: Walk + ?Sized> Walk for Box<T> {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        (**self).walk(c)
    }
}

impl<T: Walk> Walk for Option<T> {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            Some(node) => node.walk(c),
            None => ControlFlow::Continue(()),
        }
    }
}

impl<T: Walk> Walk for Vec<T> {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.as_mut_slice().walk(c)
    }
}

impl<T: Walk> Walk for [T] {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        for node in self {
            node.walk(c)?;
        }
        ControlFlow::Continue(())
    }
}

/// Calls `f` on every expression under `node`, inner ones first.
pub fn exprs<N: Walk + ?Sized>(node: &mut N, f: ExprFn<'_>) -> ControlFlow<()> {
    node.walk(&mut Callbacks {
        expr: Some(f),
        ..Callbacks::default()
    })
}

/// Calls `f` on every query under `node` (subqueries and CTEs included), outer ones first.
pub fn queries<N: Walk + ?Sized>(node: &mut N, f: QueryFn<'_>) -> ControlFlow<()> {
    node.walk(&mut Callbacks {
        query: Some(f),
        ..Callbacks::default()
    })
}

/// Calls `f` on every relation's name under `node`.
pub fn relations<N: Walk + ?Sized>(node: &mut N, f: NameFn<'_>) -> ControlFlow<()> {
    node.walk(&mut Callbacks {
        relation: Some(f),
        ..Callbacks::default()
    })
}
