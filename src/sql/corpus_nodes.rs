//! The query nodes of the corpus, one by one, for the printer's and the copy's tests: every
//! `Query`, `Select`, `TableFactor`, `OrderBy`, `OrderByExpr` and `GROUP BY` the parser builds
//! anywhere in `tests/sql_corpus.jsonl` (INSERT's source, a subquery in an expression, ...).

use crate::sql::copy::Duplicate;
use crate::sql::print::ToSql;
use crate::sql::Parser;
use sqlparser::ast::{
    GroupByExpr, OrderBy, OrderByExpr, Query, Select, TableFactor, Visit, Visitor,
};
use std::ops::ControlFlow;

/// A test's question about one node: its difference from sqlparser's own answer, if any.
pub(crate) trait Judge {
    fn judge<T: ToSql + Duplicate>(&self, node: &T) -> Option<String>;
}

struct Checker<'a, J> {
    judge: &'a J,
    checked: usize,
    differences: Vec<String>,
}

impl<J: Judge> Checker<'_, J> {
    fn check<T: ToSql + Duplicate>(&mut self, node: &T) -> ControlFlow<()> {
        self.checked += 1;
        self.differences.extend(self.judge.judge(node));
        ControlFlow::Continue(())
    }
}

impl<J: Judge> Visitor for Checker<'_, J> {
    type Break = ();
    fn pre_visit_query(&mut self, node: &Query) -> ControlFlow<()> {
        self.check(node)
    }
    fn pre_visit_select(&mut self, node: &Select) -> ControlFlow<()> {
        self.check(node)
    }
    fn pre_visit_table_factor(&mut self, node: &TableFactor) -> ControlFlow<()> {
        self.check(node)
    }
    fn pre_visit_order_by(&mut self, node: &OrderBy) -> ControlFlow<()> {
        self.check(node)
    }
    fn pre_visit_order_by_expr(&mut self, node: &OrderByExpr) -> ControlFlow<()> {
        self.check(node)
    }
    fn pre_visit_group_by(&mut self, node: &GroupByExpr) -> ControlFlow<()> {
        self.check(node)
    }
}

/// Asks `judge` about every query node of the corpus, on a big stack (a debug build's
/// frames are large, and the corpus nests deep); fails with the first differences.
pub(crate) fn judge_every_query_node<J: Judge + Sync>(judge: &J) -> Result<(), String> {
    let (checked, differences) = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, || check_corpus(judge))
            .map_err(|e| e.to_string())?
            .join()
            .map_err(|_| "the checking thread failed".to_string())
    })?;
    let shown: Vec<&String> = differences.iter().take(20).collect();
    assert!(
        differences.is_empty(),
        "{} of {checked} nodes differ:\n{shown:#?}",
        differences.len()
    );
    assert!(checked > 3_000, "only {checked} nodes");
    Ok(())
}

fn check_corpus<J: Judge>(judge: &J) -> (usize, Vec<String>) {
    let mut checker = Checker {
        judge,
        checked: 0,
        differences: Vec::new(),
    };
    for line in include_str!("../../tests/sql_corpus.jsonl").lines() {
        let Ok(case) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let flavor = crate::sql::reference::flavor(case["flavor"].as_str().unwrap_or_default());
        let sql = case["sql"].as_str().unwrap_or_default();
        let Ok(tokens) = crate::sql::lexer::tokenize(flavor, sql) else {
            continue;
        };
        let mut parser = Parser::new(flavor, tokens);
        let _ = match case["entry"].as_str() {
            Some("query") => parser.parse_query().map(|q| q.visit(&mut checker)),
            Some("expr") => parser.parse_expr().map(|e| e.visit(&mut checker)),
            _ => parser.parse_statements().map(|s| s.visit(&mut checker)),
        };
    }
    (checker.checked, checker.differences)
}
