//! CREATE TABLE with its table options, CREATE INDEX, ALTER TABLE, CREATE SEQUENCE. Column definitions and
//! table constraints are in `stmt_constraint.rs`.

use super::{marker_ident, marker_name, Duplicate};
use sqlparser::ast::{
    AlterTable, AlterTableOperation, CreateIndex, CreateTable, CreateTableLike,
    CreateTableLikeKind, CreateTableOptions, RenameTableNameKind, SchemaName, SequenceOptions,
    SqlOption, Statement, UserDefinedTypeRepresentation,
};

/// The fields the parser sets; every other one is at the builder's default, unless the
/// table has foreign parts, which copy as a table named the marker.
impl Duplicate for CreateTable {
    fn copy_of(&self) -> Self {
        let name = if crate::sql::subset::table_has_foreign_parts(self) {
            marker_name()
        } else {
            self.name.copy_of()
        };
        let mut table = crate::sql::build::create_table(name);
        table.or_replace = self.or_replace;
        table.temporary = self.temporary;
        table.unlogged = self.unlogged;
        table.global = self.global;
        table.if_not_exists = self.if_not_exists;
        table.transient = self.transient;
        table.volatile = self.volatile;
        table.multiset = self.multiset;
        table.columns = self.columns.copy_of();
        table.constraints = self.constraints.copy_of();
        table.table_options = self.table_options.copy_of();
        table.query = self.query.copy_of();
        // Flags only.
        table.sqlite_table_options = self.sqlite_table_options.clone();
        table.like = self.like.copy_of();
        table.on_commit = self.on_commit;
        table
    }
}

impl Duplicate for CreateTableLikeKind {
    fn copy_of(&self) -> Self {
        match self {
            CreateTableLikeKind::Parenthesized(like) => {
                CreateTableLikeKind::Parenthesized(like.copy_of())
            }
            CreateTableLikeKind::Plain(like) => CreateTableLikeKind::Plain(like.copy_of()),
        }
    }
}

impl Duplicate for CreateTableLike {
    fn copy_of(&self) -> Self {
        CreateTableLike {
            name: self.name.copy_of(),
            defaults: self.defaults,
        }
    }
}

impl Duplicate for CreateTableOptions {
    fn copy_of(&self) -> Self {
        match self {
            CreateTableOptions::None => CreateTableOptions::None,
            CreateTableOptions::With(options) => CreateTableOptions::With(options.copy_of()),
            CreateTableOptions::Plain(options) => CreateTableOptions::Plain(options.copy_of()),
            _ => CreateTableOptions::With(vec![SqlOption::Ident(marker_name())]),
        }
    }
}

impl Duplicate for SqlOption {
    fn copy_of(&self) -> Self {
        match self {
            SqlOption::Ident(name) => SqlOption::Ident(name.copy_of()),
            SqlOption::KeyValue { key, value } => SqlOption::KeyValue {
                key: key.copy_of(),
                value: value.copy_of(),
            },
            // A comment's text, and a list of idents.
            SqlOption::Comment(comment) => SqlOption::Comment(comment.clone()),
            SqlOption::NamedParenthesizedList(list) => {
                SqlOption::NamedParenthesizedList(list.clone())
            }
            _ => SqlOption::Ident(marker_name()),
        }
    }
}

impl Duplicate for CreateIndex {
    fn copy_of(&self) -> Self {
        CreateIndex {
            name: self.name.copy_of(),
            table_name: self.table_name.copy_of(),
            // An index type is a keyword or an ident.
            using: self.using.clone(),
            columns: self.columns.copy_of(),
            unique: self.unique,
            concurrently: self.concurrently,
            r#async: self.r#async,
            if_not_exists: self.if_not_exists,
            include: self.include.clone(),
            nulls_distinct: self.nulls_distinct,
            with: self.with.copy_of(),
            predicate: self.predicate.copy_of(),
            // An index option is an index type or a comment's text.
            index_options: self.index_options.clone(),
            alter_options: self.alter_options.copy_of(),
        }
    }
}

impl Duplicate for AlterTable {
    fn copy_of(&self) -> Self {
        AlterTable {
            name: self.name.copy_of(),
            if_exists: self.if_exists,
            only: self.only,
            operations: self.operations.copy_of(),
            // A flag and an ident; an ident; a field-less enum.
            location: self.location.clone(),
            on_cluster: self.on_cluster.clone(),
            table_type: self.table_type.clone(),
            end_token: self.end_token.copy_of(),
        }
    }
}

impl Duplicate for AlterTableOperation {
    fn copy_of(&self) -> Self {
        match self {
            AlterTableOperation::AddConstraint {
                constraint,
                not_valid,
            } => AlterTableOperation::AddConstraint {
                constraint: constraint.copy_of(),
                not_valid: *not_valid,
            },
            AlterTableOperation::AddColumn {
                column_keyword,
                if_not_exists,
                column_def,
                column_position,
            } => AlterTableOperation::AddColumn {
                column_keyword: *column_keyword,
                if_not_exists: *if_not_exists,
                column_def: column_def.copy_of(),
                // FIRST, or AFTER an ident.
                column_position: column_position.clone(),
            },
            AlterTableOperation::RenameTable { table_name } => AlterTableOperation::RenameTable {
                table_name: match table_name {
                    RenameTableNameKind::As(name) => RenameTableNameKind::As(name.copy_of()),
                    RenameTableNameKind::To(name) => RenameTableNameKind::To(name.copy_of()),
                },
            },
            AlterTableOperation::RenameColumn {
                old_column_name,
                new_column_name,
            } => AlterTableOperation::RenameColumn {
                old_column_name: old_column_name.clone(),
                new_column_name: new_column_name.clone(),
            },
            AlterTableOperation::RenameConstraint { old_name, new_name } => {
                AlterTableOperation::RenameConstraint {
                    old_name: old_name.clone(),
                    new_name: new_name.clone(),
                }
            }
            _ => AlterTableOperation::RenameColumn {
                old_column_name: marker_ident(),
                new_column_name: marker_ident(),
            },
        }
    }
}

/// PostgreSQL's `CREATE SEQUENCE`.
pub(crate) fn copy_create_sequence(statement: &Statement) -> Statement {
    let Statement::CreateSequence {
        temporary,
        if_not_exists,
        name,
        sequence_options,
    } = statement
    else {
        return super::stmt::marker_statement();
    };
    Statement::CreateSequence {
        temporary: *temporary,
        if_not_exists: *if_not_exists,
        name: name.copy_of(),
        sequence_options: sequence_options.copy_of(),
    }
}

impl Duplicate for SequenceOptions {
    fn copy_of(&self) -> Self {
        match self {
            SequenceOptions::IncrementBy(e, by) => SequenceOptions::IncrementBy(e.copy_of(), *by),
            SequenceOptions::MinValue(e) => SequenceOptions::MinValue(e.copy_of()),
            SequenceOptions::MaxValue(e) => SequenceOptions::MaxValue(e.copy_of()),
            SequenceOptions::StartWith(e, with) => SequenceOptions::StartWith(e.copy_of(), *with),
            SequenceOptions::Cache(e) => SequenceOptions::Cache(e.copy_of()),
            SequenceOptions::Cycle(no) => SequenceOptions::Cycle(*no),
            SequenceOptions::DataType(t) => SequenceOptions::DataType(t.copy_of()),
            SequenceOptions::OwnedBy(owner) => SequenceOptions::OwnedBy(owner.copy_of()),
        }
    }
}

/// PostgreSQL's `CREATE SCHEMA [IF NOT EXISTS] name`, the one form the parser reads.
pub(crate) fn copy_create_schema(statement: &Statement) -> Statement {
    let Some((name, if_not_exists)) = crate::sql::plain_create_schema(statement) else {
        return super::stmt::marker_statement();
    };
    Statement::CreateSchema {
        schema_name: SchemaName::Simple(name.copy_of()),
        if_not_exists,
        or_replace: false,
        with: None,
        options: None,
        default_collate_spec: None,
        clone: None,
    }
}

/// PostgreSQL's `CREATE TYPE ... AS ENUM`.
pub(crate) fn copy_create_type(statement: &Statement) -> Statement {
    let Statement::CreateType {
        name,
        representation: Some(UserDefinedTypeRepresentation::Enum { labels }),
    } = statement
    else {
        return super::stmt::marker_statement();
    };
    Statement::CreateType {
        name: name.copy_of(),
        representation: Some(UserDefinedTypeRepresentation::Enum {
            labels: labels.clone(),
        }),
    }
}
