//! INSERT (and REPLACE), UPDATE and DELETE, with the clauses they share: assignments,
//! ON CONFLICT / ON DUPLICATE KEY UPDATE, OUTPUT, RETURNING, optimizer hints.

use super::{comma, opt, unprintable, ToSql};
use sqlparser::ast::{
    Assignment, AssignmentTarget, ConflictTarget, Delete, DoUpdate, FromTable, Insert,
    MysqlInsertPriority, OnConflict, OnConflictAction, OnInsert, OptimizerHint, OutputClause,
    SelectItem, SqliteOnConflict, TableObject, Update, UpdateTableFromKind,
};

impl ToSql for Insert {
    fn write_sql(&self, out: &mut String) {
        if insert_has_foreign_parts(self) {
            return unprintable(out);
        }
        if let Some(or) = &self.or {
            out.push_str("INSERT");
            hints(out, &self.optimizer_hints);
            out.push(' ');
            or.write_sql(out);
            out.push_str(" INTO ");
            insert_target(self, out);
            out.push(' ');
        } else {
            out.push_str(if self.replace_into {
                "REPLACE"
            } else {
                "INSERT"
            });
            hints(out, &self.optimizer_hints);
            opt(out, " ", &self.priority);
            if self.ignore {
                out.push_str(" IGNORE");
            }
            if self.overwrite {
                out.push_str(" OVERWRITE");
            }
            if self.into {
                out.push_str(" INTO");
            }
            if self.has_table_keyword {
                out.push_str(" TABLE");
            }
            // An empty target leaves out both spaces around it.
            let start = out.len();
            out.push(' ');
            insert_target(self, out);
            if out.len() == start + 1 {
                out.truncate(start);
            } else {
                out.push(' ');
            }
        }
        insert_rows(self, out);
        if let Some(alias) = &self.insert_alias {
            out.push_str(" AS ");
            alias.row_alias.write_sql(out);
            if let Some(columns) = &alias.col_aliases {
                if !columns.is_empty() {
                    out.push_str(" (");
                    comma(out, columns);
                    out.push(')');
                }
            }
        }
        opt(out, "", &self.on);
        returning(out, &self.returning);
    }
}

/// Parts of other databases' INSERT that neither the parser nor the engine builds.
fn insert_has_foreign_parts(insert: &Insert) -> bool {
    !insert.after_columns.is_empty()
        || insert.by_name
        || insert.overriding.is_some()
        || insert.settings.is_some()
        || insert.format_clause.is_some()
        || insert.multi_table_insert_type.is_some()
        || !insert.multi_table_into_clauses.is_empty()
        || !insert.multi_table_when_clauses.is_empty()
        || insert.multi_table_else_clause.is_some()
}

/// The table, with its alias.
fn insert_target(insert: &Insert, out: &mut String) {
    insert.table.write_sql(out);
    if let Some(alias) = &insert.table_alias {
        out.push_str(if alias.explicit { " AS " } else { " " });
        alias.alias.write_sql(out);
    }
}

/// From the column list to the rows: a query, MySQL's SET list, or DEFAULT VALUES.
fn insert_rows(insert: &Insert, out: &mut String) {
    if !insert.columns.is_empty() {
        out.push('(');
        comma(out, &insert.columns);
        out.push_str(") ");
    }
    if let Some(partition) = &insert.partitioned {
        if !partition.is_empty() {
            out.push_str("PARTITION (");
            comma(out, partition);
            out.push_str(") ");
        }
    }
    if let Some(output) = &insert.output {
        output.write_sql(out);
        out.push(' ');
    }
    if let Some(source) = &insert.source {
        source.write_sql(out);
    } else if !insert.assignments.is_empty() {
        out.push_str("SET ");
        comma(out, &insert.assignments);
    } else if insert.columns.is_empty() {
        out.push_str("DEFAULT VALUES");
    }
}

impl ToSql for TableObject {
    fn write_sql(&self, out: &mut String) {
        match self {
            TableObject::TableName(name) => name.write_sql(out),
            _ => unprintable(out),
        }
    }
}

impl ToSql for SqliteOnConflict {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            SqliteOnConflict::Rollback => "OR ROLLBACK",
            SqliteOnConflict::Abort => "OR ABORT",
            SqliteOnConflict::Fail => "OR FAIL",
            SqliteOnConflict::Ignore => "OR IGNORE",
            SqliteOnConflict::Replace => "OR REPLACE",
        });
    }
}

impl ToSql for MysqlInsertPriority {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            MysqlInsertPriority::LowPriority => "LOW_PRIORITY",
            MysqlInsertPriority::Delayed => "DELAYED",
            MysqlInsertPriority::HighPriority => "HIGH_PRIORITY",
        });
    }
}

impl ToSql for OnInsert {
    fn write_sql(&self, out: &mut String) {
        match self {
            OnInsert::DuplicateKeyUpdate(assignments) => {
                out.push_str(" ON DUPLICATE KEY UPDATE ");
                comma(out, assignments);
            }
            OnInsert::OnConflict(on_conflict) => on_conflict.write_sql(out),
            _ => unprintable(out),
        }
    }
}

impl ToSql for OnConflict {
    fn write_sql(&self, out: &mut String) {
        out.push_str(" ON CONFLICT");
        opt(out, "", &self.conflict_target);
        out.push(' ');
        self.action.write_sql(out);
    }
}

impl ToSql for ConflictTarget {
    fn write_sql(&self, out: &mut String) {
        match self {
            ConflictTarget::Columns { columns, predicate } => {
                out.push('(');
                comma(out, columns);
                out.push(')');
                opt(out, " WHERE ", predicate);
            }
            ConflictTarget::OnConstraint(name) => {
                out.push_str(" ON CONSTRAINT ");
                name.write_sql(out);
            }
        }
    }
}

impl ToSql for OnConflictAction {
    fn write_sql(&self, out: &mut String) {
        match self {
            OnConflictAction::DoNothing => out.push_str("DO NOTHING"),
            OnConflictAction::DoUpdate(update) => write_do_update(out, update),
        }
    }
}

fn write_do_update(out: &mut String, update: &DoUpdate) {
    out.push_str("DO UPDATE");
    if !update.assignments.is_empty() {
        out.push_str(" SET ");
        comma(out, &update.assignments);
    }
    opt(out, " WHERE ", &update.selection);
}

impl ToSql for Assignment {
    fn write_sql(&self, out: &mut String) {
        self.target.write_sql(out);
        out.push_str(" = ");
        self.value.write_sql(out);
    }
}

impl ToSql for AssignmentTarget {
    fn write_sql(&self, out: &mut String) {
        match self {
            AssignmentTarget::ColumnName(name) => name.write_sql(out),
            AssignmentTarget::Tuple(names) => {
                out.push('(');
                comma(out, names);
                out.push(')');
            }
        }
    }
}

impl ToSql for OutputClause {
    fn write_sql(&self, out: &mut String) {
        let OutputClause::Output {
            select_items,
            into_table,
            ..
        } = self
        else {
            return unprintable(out);
        };
        out.push_str("OUTPUT ");
        comma(out, select_items);
        if let Some(into) = into_table {
            // SELECT INTO's target list is the query printer's.
            out.push(' ');
            into.write_sql(out);
        }
    }
}

fn hints(out: &mut String, hints: &[OptimizerHint]) {
    for hint in hints {
        out.push(' ');
        hint.write_sql(out);
    }
}

fn returning(out: &mut String, items: &Option<Vec<SelectItem>>) {
    if let Some(items) = items {
        out.push_str(" RETURNING ");
        comma(out, items);
    }
}

impl ToSql for Update {
    fn write_sql(&self, out: &mut String) {
        // ClickHouse's ON CLUSTER and SETTINGS, which our parser refuses by name.
        if self.on_cluster.is_some() || self.settings.is_some() {
            return unprintable(out);
        }
        out.push_str("UPDATE");
        hints(out, &self.optimizer_hints);
        out.push(' ');
        if let Some(or) = &self.or {
            or.write_sql(out);
            out.push(' ');
        }
        self.table.write_sql(out);
        if let Some(UpdateTableFromKind::BeforeSet(from)) = &self.from {
            out.push_str(" FROM ");
            comma(out, from);
        }
        if !self.assignments.is_empty() {
            out.push_str(" SET ");
            comma(out, &self.assignments);
        }
        opt(out, " ", &self.output);
        if let Some(UpdateTableFromKind::AfterSet(from)) = &self.from {
            out.push_str(" FROM ");
            comma(out, from);
        }
        opt(out, " WHERE ", &self.selection);
        returning(out, &self.returning);
        order_by(out, &self.order_by);
        opt(out, " LIMIT ", &self.limit);
    }
}

fn order_by(out: &mut String, items: &[sqlparser::ast::OrderByExpr]) {
    if !items.is_empty() {
        out.push_str(" ORDER BY ");
        comma(out, items);
    }
}

impl ToSql for Delete {
    fn write_sql(&self, out: &mut String) {
        if self.on_cluster.is_some() || self.settings.is_some() {
            return unprintable(out);
        }
        out.push_str("DELETE");
        hints(out, &self.optimizer_hints);
        if !self.tables.is_empty() {
            out.push(' ');
            comma(out, &self.tables);
        }
        out.push(' ');
        self.from.write_sql(out);
        opt(out, " ", &self.output);
        if let Some(using) = &self.using {
            out.push_str(" USING ");
            comma(out, using);
        }
        opt(out, " WHERE ", &self.selection);
        returning(out, &self.returning);
        order_by(out, &self.order_by);
        opt(out, " LIMIT ", &self.limit);
    }
}

impl ToSql for FromTable {
    fn write_sql(&self, out: &mut String) {
        match self {
            FromTable::WithFromKeyword(tables) => {
                out.push_str("FROM ");
                comma(out, tables);
            }
            FromTable::WithoutKeyword(tables) => comma(out, tables),
        }
    }
}
