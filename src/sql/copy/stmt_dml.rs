//! INSERT (and REPLACE), UPDATE and DELETE, with the clauses they share: assignments,
//! ON CONFLICT / ON DUPLICATE KEY UPDATE, OUTPUT, RETURNING.

use super::{marker_expr, marker_name, Duplicate};
use sqlparser::ast::{
    Assignment, AssignmentTarget, ConflictTarget, Delete, DoUpdate, FromTable, Insert,
    InsertAliases, OnConflict, OnConflictAction, OnInsert, OutputClause, SelectItem, TableObject,
    TableWithJoins, Update, UpdateTableFromKind,
};

impl Duplicate for Insert {
    fn copy_of(&self) -> Self {
        Insert {
            insert_token: self.insert_token.copy_of(),
            // A hint is its text and comment style, strings only.
            optimizer_hints: self.optimizer_hints.clone(),
            or: self.or,
            ignore: self.ignore,
            into: self.into,
            table: if insert_has_foreign_parts(self) {
                TableObject::TableName(marker_name())
            } else {
                self.table.copy_of()
            },
            // An alias without columns is an ident and a flag.
            table_alias: self.table_alias.clone(),
            columns: self.columns.copy_of(),
            by_name: false,
            overwrite: self.overwrite,
            source: self.source.copy_of(),
            assignments: self.assignments.copy_of(),
            partitioned: self.partitioned.copy_of(),
            after_columns: self.after_columns.clone(),
            overriding: None,
            has_table_keyword: self.has_table_keyword,
            on: self.on.copy_of(),
            returning: self.returning.copy_of(),
            output: self.output.copy_of(),
            replace_into: self.replace_into,
            priority: self.priority,
            insert_alias: self.insert_alias.copy_of(),
            settings: None,
            format_clause: None,
            multi_table_insert_type: None,
            multi_table_into_clauses: Vec::new(),
            multi_table_when_clauses: Vec::new(),
            multi_table_else_clause: None,
        }
    }
}

/// ClickHouse's and Snowflake's parts of INSERT, which neither the parser nor the engine
/// builds: an INSERT with any of them copies with the marker for its table.
fn insert_has_foreign_parts(insert: &Insert) -> bool {
    insert.by_name
        || insert.overriding.is_some()
        || insert.settings.is_some()
        || insert.format_clause.is_some()
        || insert.multi_table_insert_type.is_some()
        || !insert.multi_table_into_clauses.is_empty()
        || !insert.multi_table_when_clauses.is_empty()
        || insert.multi_table_else_clause.is_some()
}

impl Duplicate for TableObject {
    fn copy_of(&self) -> Self {
        match self {
            TableObject::TableName(name) => TableObject::TableName(name.copy_of()),
            _ => TableObject::TableName(marker_name()),
        }
    }
}

impl Duplicate for InsertAliases {
    fn copy_of(&self) -> Self {
        InsertAliases {
            row_alias: self.row_alias.copy_of(),
            col_aliases: self.col_aliases.clone(),
        }
    }
}

impl Duplicate for OnInsert {
    fn copy_of(&self) -> Self {
        match self {
            OnInsert::DuplicateKeyUpdate(assignments) => {
                OnInsert::DuplicateKeyUpdate(assignments.copy_of())
            }
            OnInsert::OnConflict(on_conflict) => OnInsert::OnConflict(on_conflict.copy_of()),
            // A kind of a later sqlparser (the enum is non-exhaustive).
            _ => OnInsert::DuplicateKeyUpdate(vec![Assignment {
                target: AssignmentTarget::ColumnName(marker_name()),
                value: marker_expr(),
            }]),
        }
    }
}

impl Duplicate for OnConflict {
    fn copy_of(&self) -> Self {
        OnConflict {
            conflict_target: self.conflict_target.copy_of(),
            action: self.action.copy_of(),
        }
    }
}

impl Duplicate for ConflictTarget {
    fn copy_of(&self) -> Self {
        match self {
            ConflictTarget::Columns { columns, predicate } => ConflictTarget::Columns {
                columns: columns.clone(),
                predicate: predicate.copy_of(),
            },
            ConflictTarget::OnConstraint(name) => ConflictTarget::OnConstraint(name.copy_of()),
        }
    }
}

impl Duplicate for OnConflictAction {
    fn copy_of(&self) -> Self {
        match self {
            OnConflictAction::DoNothing => OnConflictAction::DoNothing,
            OnConflictAction::DoUpdate(update) => OnConflictAction::DoUpdate(DoUpdate {
                assignments: update.assignments.copy_of(),
                selection: update.selection.copy_of(),
            }),
        }
    }
}

impl Duplicate for Assignment {
    fn copy_of(&self) -> Self {
        Assignment {
            target: self.target.copy_of(),
            value: self.value.copy_of(),
        }
    }
}

impl Duplicate for AssignmentTarget {
    fn copy_of(&self) -> Self {
        match self {
            AssignmentTarget::ColumnName(name) => AssignmentTarget::ColumnName(name.copy_of()),
            AssignmentTarget::Tuple(names) => AssignmentTarget::Tuple(names.copy_of()),
        }
    }
}

impl Duplicate for OutputClause {
    fn copy_of(&self) -> Self {
        match self {
            OutputClause::Output {
                output_token,
                select_items,
                into_table,
            } => OutputClause::Output {
                output_token: output_token.copy_of(),
                select_items: select_items.copy_of(),
                into_table: into_table.copy_of(),
            },
            // RETURNING is written as such, never as this clause.
            OutputClause::Returning {
                returning_token, ..
            } => OutputClause::Output {
                output_token: returning_token.copy_of(),
                select_items: vec![SelectItem::UnnamedExpr(marker_expr())],
                into_table: None,
            },
        }
    }
}

impl Duplicate for Update {
    fn copy_of(&self) -> Self {
        Update {
            update_token: self.update_token.copy_of(),
            optimizer_hints: self.optimizer_hints.clone(),
            // ClickHouse's ON CLUSTER and SETTINGS, which our parser refuses by name.
            table: if self.on_cluster.is_some() || self.settings.is_some() {
                marker_tables()
            } else {
                self.table.copy_of()
            },
            on_cluster: None,
            assignments: self.assignments.copy_of(),
            from: self.from.copy_of(),
            selection: self.selection.copy_of(),
            returning: self.returning.copy_of(),
            output: self.output.copy_of(),
            or: self.or,
            order_by: self.order_by.copy_of(),
            limit: self.limit.copy_of(),
            settings: None,
        }
    }
}

/// The placeholder of a statement's table the copy does not cover.
fn marker_tables() -> TableWithJoins {
    TableWithJoins {
        relation: super::query_from::marker_table(),
        joins: vec![],
    }
}

impl Duplicate for UpdateTableFromKind {
    fn copy_of(&self) -> Self {
        match self {
            UpdateTableFromKind::BeforeSet(from) => UpdateTableFromKind::BeforeSet(from.copy_of()),
            UpdateTableFromKind::AfterSet(from) => UpdateTableFromKind::AfterSet(from.copy_of()),
        }
    }
}

impl Duplicate for Delete {
    fn copy_of(&self) -> Self {
        Delete {
            delete_token: self.delete_token.copy_of(),
            optimizer_hints: self.optimizer_hints.clone(),
            tables: self.tables.copy_of(),
            // ClickHouse's ON CLUSTER and SETTINGS, which our parser refuses by name.
            from: if self.on_cluster.is_some() || self.settings.is_some() {
                FromTable::WithFromKeyword(vec![marker_tables()])
            } else {
                self.from.copy_of()
            },
            on_cluster: None,
            using: self.using.copy_of(),
            selection: self.selection.copy_of(),
            returning: self.returning.copy_of(),
            output: self.output.copy_of(),
            order_by: self.order_by.copy_of(),
            limit: self.limit.copy_of(),
            settings: None,
        }
    }
}

impl Duplicate for FromTable {
    fn copy_of(&self) -> Self {
        match self {
            FromTable::WithFromKeyword(tables) => FromTable::WithFromKeyword(tables.copy_of()),
            FromTable::WithoutKeyword(tables) => FromTable::WithoutKeyword(tables.copy_of()),
        }
    }
}
