//! FROM: table factors with their aliases and hints, and the joins between them.
//!
//! The factors the parser refuses by name (PIVOT, UNPIVOT, JSON_TABLE, OPENJSON,
//! MATCH_RECOGNIZE, XMLTABLE, SEMANTIC_VIEW) and the parts of a table it never reads
//! (TABLESAMPLE, time travel, PartiQL paths, ClickHouse's SETTINGS, `AT` aliases) print as
//! [`super::UNPRINTABLE`].

use super::{comma, opt, separated, unprintable, ToSql};
use sqlparser::ast::{
    FunctionArg, Join, JoinConstraint, JoinOperator, TableAlias, TableAliasColumnDef, TableFactor,
    TableIndexDirective, TableIndexHintForClause, TableIndexHintType, TableIndexHints,
    TableIndexType, TableWithJoins,
};

impl ToSql for TableWithJoins {
    fn write_sql(&self, out: &mut String) {
        self.relation.write_sql(out);
        for join in &self.joins {
            out.push(' ');
            join.write_sql(out);
        }
    }
}

impl ToSql for TableFactor {
    fn write_sql(&self, out: &mut String) {
        match self {
            TableFactor::Table {
                name,
                alias,
                args,
                with_hints,
                version,
                with_ordinality,
                partitions,
                json_path,
                sample,
                index_directives,
                inheritance,
            } => {
                if inheritance.is_some() {
                    unprintable(out);
                }
                name.write_sql(out);
                if json_path.is_some() {
                    unprintable(out);
                }
                if !partitions.is_empty() {
                    out.push_str(" PARTITION (");
                    comma(out, partitions);
                    out.push(')');
                }
                if let Some(args) = args {
                    out.push('(');
                    function_args(out, &args.args);
                    if args.settings.is_some() {
                        unprintable(out);
                    }
                    out.push(')');
                }
                ordinality(out, *with_ordinality);
                if sample.is_some() {
                    unprintable(out);
                }
                opt(out, " ", alias);
                if !index_directives.is_empty() {
                    out.push(' ');
                    separated(out, index_directives, " ");
                }
                if !with_hints.is_empty() {
                    out.push_str(" WITH (");
                    comma(out, with_hints);
                    out.push(')');
                }
                if version.is_some() {
                    unprintable(out);
                }
            }
            TableFactor::Derived {
                lateral,
                subquery,
                alias,
                sample,
            } => {
                if *lateral {
                    out.push_str("LATERAL ");
                }
                out.push('(');
                subquery.write_sql(out);
                out.push(')');
                opt(out, " ", alias);
                if sample.is_some() {
                    unprintable(out);
                }
            }
            TableFactor::TableFunction { expr, alias } => {
                out.push_str("TABLE(");
                expr.write_sql(out);
                out.push(')');
                opt(out, " ", alias);
            }
            TableFactor::Function {
                lateral,
                name,
                args,
                with_ordinality,
                alias,
            } => {
                if *lateral {
                    out.push_str("LATERAL ");
                }
                name.write_sql(out);
                out.push('(');
                function_args(out, args);
                out.push(')');
                ordinality(out, *with_ordinality);
                opt(out, " ", alias);
            }
            TableFactor::UNNEST {
                alias,
                array_exprs,
                with_offset,
                with_offset_alias,
                with_ordinality,
            } => {
                out.push_str("UNNEST(");
                comma(out, array_exprs);
                out.push(')');
                ordinality(out, *with_ordinality);
                opt(out, " ", alias);
                if *with_offset {
                    out.push_str(" WITH OFFSET");
                }
                opt(out, " ", with_offset_alias);
            }
            TableFactor::NestedJoin {
                table_with_joins,
                alias,
            } => {
                out.push('(');
                table_with_joins.write_sql(out);
                out.push(')');
                opt(out, " ", alias);
            }
            _ => unprintable(out),
        }
    }
}

fn ordinality(out: &mut String, with_ordinality: bool) {
    if with_ordinality {
        out.push_str(" WITH ORDINALITY");
    }
}

/// A table function's arguments, separated by commas.
fn function_args(out: &mut String, args: &[FunctionArg]) {
    super::comma(out, args);
}

impl ToSql for TableAlias {
    fn write_sql(&self, out: &mut String) {
        if self.explicit {
            out.push_str("AS ");
        }
        self.name.write_sql(out);
        if !self.columns.is_empty() {
            out.push_str(" (");
            comma(out, &self.columns);
            out.push(')');
        }
        // PartiQL's `AT index`: never read.
        if self.at.is_some() {
            unprintable(out);
        }
    }
}

impl ToSql for TableAliasColumnDef {
    fn write_sql(&self, out: &mut String) {
        self.name.write_sql(out);
        opt(out, " ", &self.data_type);
    }
}

impl ToSql for TableIndexDirective {
    fn write_sql(&self, out: &mut String) {
        match self {
            TableIndexDirective::MySql(hints) => hints.write_sql(out),
            TableIndexDirective::IndexedBy(name) => {
                out.push_str("INDEXED BY ");
                name.write_sql(out);
            }
            TableIndexDirective::NotIndexed => out.push_str("NOT INDEXED"),
        }
    }
}

impl ToSql for TableIndexHints {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self.hint_type {
            TableIndexHintType::Use => "USE ",
            TableIndexHintType::Ignore => "IGNORE ",
            TableIndexHintType::Force => "FORCE ",
        });
        out.push_str(match self.index_type {
            TableIndexType::Index => "INDEX ",
            TableIndexType::Key => "KEY ",
        });
        match self.for_clause {
            Some(TableIndexHintForClause::Join) => out.push_str("FOR JOIN "),
            Some(TableIndexHintForClause::OrderBy) => out.push_str("FOR ORDER BY "),
            Some(TableIndexHintForClause::GroupBy) => out.push_str("FOR GROUP BY "),
            None => {}
        }
        out.push('(');
        comma(out, &self.index_names);
        out.push(')');
    }
}

impl ToSql for Join {
    fn write_sql(&self, out: &mut String) {
        if self.global {
            out.push_str("GLOBAL ");
        }
        // The keywords, the constraint, and whether NATURAL may stand before the keywords
        // (`Display` drops it before CROSS, STRAIGHT_JOIN and ASOF).
        let (keywords, constraint, natural_first) = match &self.join_operator {
            JoinOperator::Join(c) => ("JOIN ", Some(c), true),
            JoinOperator::Inner(c) => ("INNER JOIN ", Some(c), true),
            JoinOperator::Left(c) => ("LEFT JOIN ", Some(c), true),
            JoinOperator::LeftOuter(c) => ("LEFT OUTER JOIN ", Some(c), true),
            JoinOperator::Right(c) => ("RIGHT JOIN ", Some(c), true),
            JoinOperator::RightOuter(c) => ("RIGHT OUTER JOIN ", Some(c), true),
            // FULL [OUTER] JOIN: the tree keeps no OUTER.
            JoinOperator::FullOuter(c) => ("FULL JOIN ", Some(c), true),
            JoinOperator::Semi(c) => ("SEMI JOIN ", Some(c), true),
            JoinOperator::LeftSemi(c) => ("LEFT SEMI JOIN ", Some(c), true),
            JoinOperator::RightSemi(c) => ("RIGHT SEMI JOIN ", Some(c), true),
            JoinOperator::Anti(c) => ("ANTI JOIN ", Some(c), true),
            JoinOperator::LeftAnti(c) => ("LEFT ANTI JOIN ", Some(c), true),
            JoinOperator::RightAnti(c) => ("RIGHT ANTI JOIN ", Some(c), true),
            JoinOperator::CrossJoin(c) => ("CROSS JOIN ", Some(c), false),
            JoinOperator::StraightJoin(c) => ("STRAIGHT_JOIN ", Some(c), false),
            JoinOperator::AsOf { constraint, .. } => ("ASOF JOIN ", Some(constraint), false),
            JoinOperator::CrossApply => ("CROSS APPLY ", None, false),
            JoinOperator::OuterApply => ("OUTER APPLY ", None, false),
            JoinOperator::ArrayJoin => ("ARRAY JOIN ", None, false),
            JoinOperator::LeftArrayJoin => ("LEFT ARRAY JOIN ", None, false),
            JoinOperator::InnerArrayJoin => ("INNER ARRAY JOIN ", None, false),
        };
        if natural_first && matches!(constraint, Some(JoinConstraint::Natural)) {
            out.push_str("NATURAL ");
        }
        out.push_str(keywords);
        self.relation.write_sql(out);
        if let JoinOperator::AsOf {
            match_condition, ..
        } = &self.join_operator
        {
            out.push_str(" MATCH_CONDITION (");
            match_condition.write_sql(out);
            out.push(')');
        }
        match constraint {
            Some(JoinConstraint::On(expr)) => {
                out.push_str(" ON ");
                expr.write_sql(out);
            }
            Some(JoinConstraint::Using(columns)) => {
                out.push_str(" USING(");
                comma(out, columns);
                out.push(')');
            }
            Some(JoinConstraint::UsingAlias(columns, alias)) => {
                out.push_str(" USING(");
                comma(out, columns);
                out.push_str(") AS ");
                alias.write_sql(out);
            }
            _ => {}
        }
    }
}
