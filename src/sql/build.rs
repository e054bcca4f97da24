//! Trees the engine composes itself, built here once so that its rules and this module's tests
//! build them alike.

use sqlparser::ast::{
    CreateTable, CreateTableOptions, Expr, Function, FunctionArg, FunctionArgExpr,
    FunctionArgumentList, FunctionArguments, HiveDistributionStyle, Ident, ObjectName,
    ObjectNamePart, SqliteTableOptions,
};

/// A name of one part. Not sqlparser's `ObjectName::from(vec![ident])`: its conversion of a
/// vector is compiled in sqlparser's crate at opt-level 3 (366 B of code).
pub fn name(ident: Ident) -> ObjectName {
    ObjectName(vec![ObjectNamePart::Identifier(ident)])
}

/// A name of several parts (`schema.table`), as [`name`] builds one.
pub fn name_of(parts: Vec<Ident>) -> ObjectName {
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        out.push(ObjectNamePart::Identifier(part));
    }
    ObjectName(out)
}

/// A plain call `name(args...)`, as a tree (no spans, no clauses): cheaper than printing and
/// parsing it, which matters on paths every locking read takes.
pub fn call(name: &str, args: Vec<Expr>) -> Expr {
    Expr::Function(Function {
        name: self::name(Ident::new(name)),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::List(FunctionArgumentList {
            duplicate_treatment: None,
            args: args
                .into_iter()
                .map(|a| FunctionArg::Unnamed(FunctionArgExpr::Expr(a)))
                .collect(),
            clauses: Vec::new(),
        }),
        within_group: Vec::new(),
        filter: None,
        null_treatment: None,
        over: None,
    })
}

/// `CREATE TABLE name` with every clause at its default, for the parser and the copy to fill
/// in. Built here rather than with sqlparser's `CreateTableBuilder`: each of its setters drops
/// the value it replaces, which compiles a third copy of the whole tree's drop code into the
/// download.
pub fn create_table(name: ObjectName) -> CreateTable {
    CreateTable {
        or_replace: false,
        temporary: false,
        unlogged: false,
        external: false,
        global: None,
        if_not_exists: false,
        transient: false,
        volatile: false,
        iceberg: false,
        snapshot: false,
        dynamic: false,
        name,
        columns: Vec::new(),
        constraints: Vec::new(),
        hive_distribution: HiveDistributionStyle::NONE,
        hive_formats: None,
        file_format: None,
        location: None,
        query: None,
        sqlite_table_options: SqliteTableOptions {
            leading_comma: false,
            options: Vec::new(),
        },
        like: None,
        clone: None,
        version: None,
        comment: None,
        on_commit: None,
        on_cluster: None,
        primary_key: None,
        order_by: None,
        partition_by: None,
        cluster_by: None,
        clustered_by: None,
        inherits: None,
        partition_of: None,
        for_values: None,
        copy_grants: false,
        enable_schema_evolution: None,
        change_tracking: None,
        data_retention_time_in_days: None,
        max_data_extension_time_in_days: None,
        default_ddl_collation: None,
        with_aggregation_policy: None,
        with_row_access_policy: None,
        with_storage_lifecycle_policy: None,
        with_tags: None,
        base_location: None,
        external_volume: None,
        with_connection: None,
        catalog: None,
        catalog_sync: None,
        storage_serialization_policy: None,
        table_options: CreateTableOptions::None,
        target_lag: None,
        warehouse: None,
        refresh_mode: None,
        initialize: None,
        require_user: false,
        diststyle: None,
        distkey: None,
        sortkey: None,
        backup: None,
        multiset: None,
        fallback: None,
        with_data: None,
    }
}
