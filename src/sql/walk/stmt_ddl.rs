//! CREATE TABLE, CREATE INDEX and ALTER TABLE, with column definitions, column options, table
//! constraints and data types.
//!
//! Not walked into, as the printer does not print them: other databases' parts of CREATE
//! TABLE (PRIMARY KEY/ORDER BY/PARTITION BY/CLUSTER BY expressions, DISTKEY, SORTKEY, ...),
//! ALTER TABLE's operations other than ADD and RENAME, a generated column's sequence
//! options, PARTITION table options, the exclusion and USING INDEX constraints, and the
//! composite types of ClickHouse, BigQuery and DuckDB. Names in these statements other than
//! the table's (index names, LIKE's source, RENAME TO, REFERENCES) are not relations to
//! sqlparser.

use super::{Callbacks, Walk};
use sqlparser::ast::{
    AlterTable, AlterTableOperation, ArrayElemTypeDef, ColumnDef, ColumnOption, CreateIndex,
    CreateTable, CreateTableOptions, DataType, EnumMember, IdentityPropertyFormatKind,
    IdentityPropertyKind, IndexColumn, SequenceOptions, SqlOption, TableConstraint,
};
use std::ops::ControlFlow;

impl Walk for CreateTable {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        c.relation(&mut self.name)?;
        self.columns.walk(c)?;
        self.constraints.walk(c)?;
        match &mut self.table_options {
            CreateTableOptions::With(options)
            | CreateTableOptions::Options(options)
            | CreateTableOptions::Plain(options)
            | CreateTableOptions::TableProperties(options) => options.walk(c)?,
            CreateTableOptions::None => {}
        }
        self.query.walk(c)?;
        match &mut self.partition_of {
            Some(name) => c.relation(name),
            None => ControlFlow::Continue(()),
        }
    }
}

impl Walk for SqlOption {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            SqlOption::KeyValue { value, .. } => value.walk(c),
            // An ident, a comment's text, a list of idents, or what the printer does not print.
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for CreateIndex {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        c.relation(&mut self.table_name)?;
        self.columns.walk(c)?;
        self.with.walk(c)?;
        self.predicate.walk(c)?;
        self.alter_options.walk(c)
    }
}

impl Walk for AlterTable {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        c.relation(&mut self.name)?;
        self.operations.walk(c)
    }
}

impl Walk for AlterTableOperation {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            AlterTableOperation::AddConstraint { constraint, .. } => constraint.walk(c),
            AlterTableOperation::AddColumn { column_def, .. } => column_def.walk(c),
            // RENAME holds names only; the printer prints no other operation.
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for ColumnDef {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.data_type.walk(c)?;
        for option in &mut self.options {
            option.option.walk(c)?;
        }
        ControlFlow::Continue(())
    }
}

impl Walk for ColumnOption {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            ColumnOption::Default(e)
            | ColumnOption::Materialized(e)
            | ColumnOption::Alias(e)
            | ColumnOption::OnUpdate(e) => e.walk(c),
            ColumnOption::Ephemeral(e) => e.walk(c),
            ColumnOption::Srid(e) => e.walk(c),
            ColumnOption::PrimaryKey(key) => key.columns.walk(c),
            ColumnOption::Unique(key) => key.columns.walk(c),
            ColumnOption::Check(check) => check.expr.walk(c),
            ColumnOption::Generated {
                sequence_options,
                generation_expr,
                ..
            } if sequence_options.as_ref().is_none_or(Vec::is_empty) => generation_expr.walk(c),
            ColumnOption::Identity(
                IdentityPropertyKind::Identity(identity)
                | IdentityPropertyKind::Autoincrement(identity),
            ) => match &mut identity.parameters {
                Some(
                    IdentityPropertyFormatKind::FunctionCall(p)
                    | IdentityPropertyFormatKind::StartAndIncrement(p),
                ) => {
                    p.seed.walk(c)?;
                    p.increment.walk(c)
                }
                None => ControlFlow::Continue(()),
            },
            // Keywords, names, tokens and text; or what the printer does not print.
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for TableConstraint {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            TableConstraint::Unique(key) => key.columns.walk(c),
            TableConstraint::PrimaryKey(key) => key.columns.walk(c),
            TableConstraint::Check(check) => check.expr.walk(c),
            TableConstraint::Index(index) => index.columns.walk(c),
            TableConstraint::FulltextOrSpatial(index) => index.columns.walk(c),
            // A foreign key's names are not relations to sqlparser; the rest is not printed.
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for IndexColumn {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.column.walk(c)
    }
}

impl Walk for DataType {
    /// Only an ENUM's values, an array's element type and a RETURNS TABLE's columns can hold
    /// expressions.
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            DataType::Table(columns) => columns.walk(c),
            DataType::Array(
                ArrayElemTypeDef::AngleBracket(elem)
                | ArrayElemTypeDef::SquareBracket(elem, _)
                | ArrayElemTypeDef::Qualified(elem, _),
            ) => elem.walk(c),
            DataType::Enum(members, _) => {
                for member in members {
                    if let EnumMember::NamedValue(_, value) = member {
                        value.walk(c)?;
                    }
                }
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Continue(()),
        }
    }
}

/// A sequence option's number or type (CREATE SEQUENCE's name and OWNED BY are no relations
/// to sqlparser).
impl Walk for SequenceOptions {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            SequenceOptions::IncrementBy(e, _)
            | SequenceOptions::StartWith(e, _)
            | SequenceOptions::Cache(e) => e.walk(c),
            SequenceOptions::MinValue(e) | SequenceOptions::MaxValue(e) => e.walk(c),
            SequenceOptions::DataType(t) => t.walk(c),
            SequenceOptions::Cycle(_) | SequenceOptions::OwnedBy(_) => ControlFlow::Continue(()),
        }
    }
}
