//! FROM: table factors with their aliases and hints, and the joins between them.
//!
//! The factors the parser refuses by name (PIVOT, UNPIVOT, JSON_TABLE, OPENJSON,
//! MATCH_RECOGNIZE, XMLTABLE, SEMANTIC_VIEW) and a table holding a part it never reads
//! (TABLESAMPLE, time travel, PartiQL paths, ClickHouse's SETTINGS) copy as a table named
//! the marker.

use super::{marker_name, Duplicate};
use sqlparser::ast::{
    Join, JoinConstraint, JoinOperator, TableAlias, TableAliasColumnDef, TableFactor,
    TableFunctionArgs, TableWithJoins,
};

impl Duplicate for TableWithJoins {
    fn copy_of(&self) -> Self {
        TableWithJoins {
            relation: self.relation.copy_of(),
            joins: self.joins.copy_of(),
        }
    }
}

impl Duplicate for TableFactor {
    fn copy_of(&self) -> Self {
        match self {
            TableFactor::Table { .. } => table(self),
            TableFactor::Derived {
                lateral,
                subquery,
                alias,
                sample: None,
            } => TableFactor::Derived {
                lateral: *lateral,
                subquery: subquery.copy_of(),
                alias: alias.copy_of(),
                sample: None,
            },
            TableFactor::TableFunction { expr, alias } => TableFactor::TableFunction {
                expr: expr.copy_of(),
                alias: alias.copy_of(),
            },
            TableFactor::Function {
                lateral,
                name,
                args,
                with_ordinality,
                alias,
            } => TableFactor::Function {
                lateral: *lateral,
                name: name.copy_of(),
                // FunctionArg is the expression area's: no copy of its own yet.
                args: args.copy_of(),
                with_ordinality: *with_ordinality,
                alias: alias.copy_of(),
            },
            TableFactor::UNNEST {
                alias,
                array_exprs,
                with_offset,
                with_offset_alias,
                with_ordinality,
            } => TableFactor::UNNEST {
                alias: alias.copy_of(),
                array_exprs: array_exprs.copy_of(),
                with_offset: *with_offset,
                with_offset_alias: with_offset_alias.clone(),
                with_ordinality: *with_ordinality,
            },
            TableFactor::NestedJoin {
                table_with_joins,
                alias,
            } => TableFactor::NestedJoin {
                table_with_joins: table_with_joins.copy_of(),
                alias: alias.copy_of(),
            },
            _ => marker_table(),
        }
    }
}

/// A named table (or a table function read as one), unless it holds a part never read.
fn table(factor: &TableFactor) -> TableFactor {
    let TableFactor::Table {
        name,
        alias,
        args,
        with_hints,
        version: None,
        with_ordinality,
        partitions,
        json_path: None,
        sample: None,
        index_directives,
        inheritance: None,
    } = factor
    else {
        return marker_table();
    };
    if args.as_ref().is_some_and(has_settings) {
        return marker_table();
    }
    TableFactor::Table {
        name: name.copy_of(),
        alias: alias.copy_of(),
        args: args.as_ref().map(table_args),
        with_hints: with_hints.copy_of(),
        version: None,
        with_ordinality: *with_ordinality,
        partitions: partitions.clone(),
        json_path: None,
        sample: None,
        // The kinds of hint and the index names: flags and identifiers only.
        index_directives: index_directives.clone(),
        inheritance: None,
    }
}

fn has_settings(args: &TableFunctionArgs) -> bool {
    args.settings.is_some()
}

fn table_args(args: &TableFunctionArgs) -> TableFunctionArgs {
    TableFunctionArgs {
        // FunctionArg is the expression area's: no copy of its own yet.
        args: args.args.copy_of(),
        settings: None,
    }
}

/// The placeholder of a table factor the copy does not cover: a table named the marker.
pub(crate) fn marker_table() -> TableFactor {
    TableFactor::Table {
        name: marker_name(),
        alias: None,
        args: None,
        with_hints: vec![],
        version: None,
        with_ordinality: false,
        partitions: vec![],
        json_path: None,
        sample: None,
        index_directives: vec![],
        inheritance: None,
    }
}

impl Duplicate for TableAlias {
    fn copy_of(&self) -> Self {
        TableAlias {
            explicit: self.explicit,
            name: self.name.clone(),
            columns: self.columns.copy_of(),
            at: self.at.clone(),
        }
    }
}

impl Duplicate for TableAliasColumnDef {
    fn copy_of(&self) -> Self {
        TableAliasColumnDef {
            name: self.name.clone(),
            data_type: self.data_type.copy_of(),
        }
    }
}

impl Duplicate for Join {
    fn copy_of(&self) -> Self {
        Join {
            relation: self.relation.copy_of(),
            global: self.global,
            join_operator: self.join_operator.copy_of(),
        }
    }
}

impl Duplicate for JoinOperator {
    fn copy_of(&self) -> Self {
        use JoinOperator as J;
        match self {
            J::Join(c) => J::Join(c.copy_of()),
            J::Inner(c) => J::Inner(c.copy_of()),
            J::Left(c) => J::Left(c.copy_of()),
            J::LeftOuter(c) => J::LeftOuter(c.copy_of()),
            J::Right(c) => J::Right(c.copy_of()),
            J::RightOuter(c) => J::RightOuter(c.copy_of()),
            J::FullOuter(c) => J::FullOuter(c.copy_of()),
            J::CrossJoin(c) => J::CrossJoin(c.copy_of()),
            J::Semi(c) => J::Semi(c.copy_of()),
            J::LeftSemi(c) => J::LeftSemi(c.copy_of()),
            J::RightSemi(c) => J::RightSemi(c.copy_of()),
            J::Anti(c) => J::Anti(c.copy_of()),
            J::LeftAnti(c) => J::LeftAnti(c.copy_of()),
            J::RightAnti(c) => J::RightAnti(c.copy_of()),
            J::StraightJoin(c) => J::StraightJoin(c.copy_of()),
            J::AsOf {
                match_condition,
                constraint,
            } => J::AsOf {
                match_condition: match_condition.copy_of(),
                constraint: constraint.copy_of(),
            },
            J::CrossApply => J::CrossApply,
            J::OuterApply => J::OuterApply,
            J::ArrayJoin => J::ArrayJoin,
            J::LeftArrayJoin => J::LeftArrayJoin,
            J::InnerArrayJoin => J::InnerArrayJoin,
        }
    }
}

impl Duplicate for JoinConstraint {
    fn copy_of(&self) -> Self {
        match self {
            JoinConstraint::On(expr) => JoinConstraint::On(expr.copy_of()),
            JoinConstraint::Using(columns) => JoinConstraint::Using(columns.copy_of()),
            JoinConstraint::UsingAlias(columns, alias) => {
                JoinConstraint::UsingAlias(columns.copy_of(), alias.clone())
            }
            JoinConstraint::Natural => JoinConstraint::Natural,
            JoinConstraint::None => JoinConstraint::None,
        }
    }
}
