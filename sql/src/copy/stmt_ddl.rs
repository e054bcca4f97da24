//! CREATE TABLE with its table options, CREATE INDEX, ALTER TABLE. Column definitions and
//! table constraints are in `stmt_constraint.rs`.

use super::{marker_ident, marker_name, Duplicate};
use sqlparser::ast::helpers::stmt_create_table::CreateTableBuilder;
use sqlparser::ast::{
    AlterTable, AlterTableOperation, CreateIndex, CreateTable, CreateTableLike,
    CreateTableLikeKind, CreateTableOptions, HiveDistributionStyle, RenameTableNameKind, SqlOption,
};

/// The fields the parser sets; every other one is at the builder's default, unless the
/// table has foreign parts, which copy as a table named the marker.
impl Duplicate for CreateTable {
    fn copy_of(&self) -> Self {
        let name = if table_has_foreign_parts(self) {
            marker_name()
        } else {
            self.name.copy_of()
        };
        CreateTableBuilder::new(name)
            .or_replace(self.or_replace)
            .temporary(self.temporary)
            .unlogged(self.unlogged)
            .global(self.global)
            .if_not_exists(self.if_not_exists)
            .transient(self.transient)
            .volatile(self.volatile)
            .multiset(self.multiset)
            .columns(self.columns.copy_of())
            .constraints(self.constraints.copy_of())
            .table_options(self.table_options.copy_of())
            .query(self.query.copy_of())
            .without_rowid(self.without_rowid)
            .like(self.like.copy_of())
            .on_commit(self.on_commit)
            .strict(self.strict)
            .build()
    }
}

/// Parts of other databases' CREATE TABLE that neither the parser nor the engine builds.
fn table_has_foreign_parts(table: &CreateTable) -> bool {
    table.external
        || table.dynamic
        || table.iceberg
        || table.snapshot
        || table.copy_grants
        || table.require_user
        || !matches!(table.hive_distribution, HiveDistributionStyle::NONE)
        || table.hive_formats.is_some()
        || table.file_format.is_some()
        || table.location.is_some()
        || table.clone.is_some()
        || table.version.is_some()
        || table.comment.is_some()
        || table.on_cluster.is_some()
        || table.primary_key.is_some()
        || table.order_by.is_some()
        || table.partition_by.is_some()
        || table.cluster_by.is_some()
        || table.clustered_by.is_some()
        || table.inherits.is_some()
        || table.partition_of.is_some()
        || table.for_values.is_some()
        || table_has_foreign_options(table)
}

/// Snowflake's, Redshift's and Teradata's table options.
fn table_has_foreign_options(table: &CreateTable) -> bool {
    table.enable_schema_evolution.is_some()
        || table.change_tracking.is_some()
        || table.data_retention_time_in_days.is_some()
        || table.max_data_extension_time_in_days.is_some()
        || table.default_ddl_collation.is_some()
        || table.with_aggregation_policy.is_some()
        || table.with_row_access_policy.is_some()
        || table.with_storage_lifecycle_policy.is_some()
        || table.with_tags.is_some()
        || table.external_volume.is_some()
        || table.with_connection.is_some()
        || table.base_location.is_some()
        || table.catalog.is_some()
        || table.catalog_sync.is_some()
        || table.storage_serialization_policy.is_some()
        || table.target_lag.is_some()
        || table.warehouse.is_some()
        || table.refresh_mode.is_some()
        || table.initialize.is_some()
        || table.diststyle.is_some()
        || table.distkey.is_some()
        || table.sortkey.is_some()
        || table.backup.is_some()
        || table.fallback.is_some()
        || table.with_data.is_some()
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
            _ => CreateTableOptions::With(vec![SqlOption::Ident(marker_ident())]),
        }
    }
}

impl Duplicate for SqlOption {
    fn copy_of(&self) -> Self {
        match self {
            SqlOption::Ident(ident) => SqlOption::Ident(ident.clone()),
            SqlOption::KeyValue { key, value } => SqlOption::KeyValue {
                key: key.clone(),
                value: value.copy_of(),
            },
            // A comment's text, and a list of idents.
            SqlOption::Comment(comment) => SqlOption::Comment(comment.clone()),
            SqlOption::NamedParenthesizedList(list) => {
                SqlOption::NamedParenthesizedList(list.clone())
            }
            _ => SqlOption::Ident(marker_ident()),
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
            end_token: self.end_token.clone(),
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
