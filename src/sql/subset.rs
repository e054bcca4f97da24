//! What the lab's trees never hold: the parts of sqlparser's nodes that belong to other
//! databases, which neither Queue Lab's parser nor its engine builds. The printer and the
//! copy ask the same questions here, so that what one covers the other covers too.

use sqlparser::ast::{CreateTable, HiveDistributionStyle, ObjectName, SchemaName, Statement};

/// The name and IF NOT EXISTS of a `CREATE SCHEMA [IF NOT EXISTS] name`, the one form the
/// parser builds (PostgreSQL's); `None` for any other statement or form.
pub fn plain_create_schema(statement: &Statement) -> Option<(&ObjectName, bool)> {
    match statement {
        Statement::CreateSchema {
            schema_name: SchemaName::Simple(name),
            if_not_exists,
            or_replace: false,
            with: None,
            options: None,
            default_collate_spec: None,
            clone: None,
        } => Some((name, *if_not_exists)),
        _ => None,
    }
}

/// Parts of other databases' CREATE TABLE that neither the parser nor the engine builds.
pub(crate) fn table_has_foreign_parts(table: &CreateTable) -> bool {
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

/// The expressions the lab never holds (our parser refuses them by name or never reads them,
/// and the engine never builds them), as a pattern: the printer prints them as the marker and
/// the copy copies them to it, from this one list, in matches that stay exhaustive.
macro_rules! foreign_expr {
    () => {
        sqlparser::ast::Expr::JsonAccess { .. }
            | sqlparser::ast::Expr::IsJson { .. }
            | sqlparser::ast::Expr::IsNormalized { .. }
            | sqlparser::ast::Expr::SimilarTo { .. }
            | sqlparser::ast::Expr::Overlay { .. }
            | sqlparser::ast::Expr::GroupingSets(_)
            | sqlparser::ast::Expr::Cube(_)
            | sqlparser::ast::Expr::Rollup(_)
            | sqlparser::ast::Expr::Struct { .. }
            | sqlparser::ast::Expr::Dictionary(_)
            | sqlparser::ast::Expr::Map(_)
            | sqlparser::ast::Expr::MatchAgainst { .. }
            | sqlparser::ast::Expr::Prior(_)
            | sqlparser::ast::Expr::Lambda(_)
            | sqlparser::ast::Expr::MemberOf(_)
    };
}
pub(crate) use foreign_expr;
