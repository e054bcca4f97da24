//! SELECT (DISTINCT ON, TOP, the select list, INTO, FROM, WHERE, GROUP BY, HAVING, WINDOW),
//! and FROM's table factors with their aliases and the joins between them.
//!
//! Not walked into, as the printer does not print them: the clauses of other databases the
//! parser refuses by name (LATERAL VIEW, PREWHERE, CONNECT BY, CLUSTER/DISTRIBUTE/SORT BY,
//! QUALIFY, EXCLUDE), `expr.*`, wildcard options, GROUP BY modifiers, and the factors and
//! table parts it never reads (PIVOT, UNPIVOT, JSON_TABLE, OPENJSON, MATCH_RECOGNIZE,
//! XMLTABLE, SEMANTIC_VIEW, TABLESAMPLE, time travel).

use super::{Callbacks, Walk};
use sqlparser::ast::{
    Distinct, GroupByExpr, Join, JoinConstraint, JoinOperator, NamedWindowDefinition,
    NamedWindowExpr, Select, SelectItem, TableAlias, TableFactor, TableWithJoins, TopQuantity,
};
use std::ops::ControlFlow;

impl Walk for Select {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        if let Some(Distinct::On(exprs)) = &mut self.distinct {
            exprs.walk(c)?;
        }
        if let Some(TopQuantity::Expr(e)) = self.top.as_mut().and_then(|t| t.quantity.as_mut()) {
            e.walk(c)?;
        }
        self.projection.walk(c)?;
        if let Some(into) = &mut self.into {
            into.targets.walk(c)?;
        }
        self.from.walk(c)?;
        self.selection.walk(c)?;
        if let GroupByExpr::Expressions(exprs, _) = &mut self.group_by {
            exprs.walk(c)?;
        }
        self.having.walk(c)?;
        self.named_window.walk(c)
    }
}

impl Walk for SelectItem {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            SelectItem::UnnamedExpr(expr)
            | SelectItem::ExprWithAlias { expr, .. }
            | SelectItem::ExprWithAliases { expr, .. } => expr.walk(c),
            // `name.*` and `*`: a name that is not a relation, and options the parser never
            // reads.
            SelectItem::QualifiedWildcard(..) | SelectItem::Wildcard(_) => {
                ControlFlow::Continue(())
            }
        }
    }
}

impl Walk for NamedWindowDefinition {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match &mut self.1 {
            NamedWindowExpr::WindowSpec(spec) => spec.walk(c),
            NamedWindowExpr::NamedWindow(_) => ControlFlow::Continue(()),
        }
    }
}

impl Walk for TableWithJoins {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.relation.walk(c)?;
        self.joins.walk(c)
    }
}

impl Walk for TableFactor {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            TableFactor::Table {
                name,
                alias,
                args,
                with_hints,
                ..
            } => {
                c.relation(name)?;
                alias.walk(c)?;
                if let Some(args) = args {
                    args.args.walk(c)?;
                }
                with_hints.walk(c)
            }
            TableFactor::Derived {
                subquery, alias, ..
            } => {
                subquery.walk(c)?;
                alias.walk(c)
            }
            TableFactor::TableFunction { expr, alias } => {
                expr.walk(c)?;
                alias.walk(c)
            }
            TableFactor::Function { args, alias, .. } => {
                args.walk(c)?;
                alias.walk(c)
            }
            TableFactor::UNNEST {
                alias, array_exprs, ..
            } => {
                alias.walk(c)?;
                array_exprs.walk(c)
            }
            TableFactor::NestedJoin {
                table_with_joins,
                alias,
            } => {
                table_with_joins.walk(c)?;
                alias.walk(c)
            }
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for TableAlias {
    /// Only a column's type can hold an expression (an ENUM's values).
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        for column in &mut self.columns {
            column.data_type.walk(c)?;
        }
        ControlFlow::Continue(())
    }
}

impl Walk for Join {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.relation.walk(c)?;
        self.join_operator.walk(c)
    }
}

impl Walk for JoinOperator {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        use JoinOperator as J;
        match self {
            J::Join(on)
            | J::Inner(on)
            | J::Left(on)
            | J::LeftOuter(on)
            | J::Right(on)
            | J::RightOuter(on)
            | J::FullOuter(on)
            | J::CrossJoin(on)
            | J::Semi(on)
            | J::LeftSemi(on)
            | J::RightSemi(on)
            | J::Anti(on)
            | J::LeftAnti(on)
            | J::RightAnti(on)
            | J::StraightJoin(on) => on.walk(c),
            J::AsOf {
                match_condition,
                constraint,
            } => {
                match_condition.walk(c)?;
                constraint.walk(c)
            }
            J::CrossApply | J::OuterApply | J::ArrayJoin | J::LeftArrayJoin | J::InnerArrayJoin => {
                ControlFlow::Continue(())
            }
        }
    }
}

impl Walk for JoinConstraint {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            JoinConstraint::On(e) => e.walk(c),
            // USING's names are columns, not relations.
            JoinConstraint::Using(_)
            | JoinConstraint::UsingAlias(..)
            | JoinConstraint::Natural
            | JoinConstraint::None => ControlFlow::Continue(()),
        }
    }
}
