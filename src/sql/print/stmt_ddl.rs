//! CREATE TABLE with its table options, CREATE INDEX, ALTER TABLE, CREATE SEQUENCE. Column definitions are
//! in `stmt_column.rs`, table constraints and what they share with columns in
//! `stmt_constraint.rs`.

use super::{comma, opt, separated, unprintable, ToSql};
use sqlparser::ast::{
    AlterTable, AlterTableOperation, CommentDef, CreateIndex, CreateTable, CreateTableLike,
    CreateTableLikeDefaults, CreateTableLikeKind, CreateTableOptions, MySQLColumnPosition,
    OnCommit, RenameTableNameKind, SequenceOptions, SqlOption, SqliteTableOption, Statement,
    UserDefinedTypeRepresentation,
};

impl ToSql for CreateTable {
    fn write_sql(&self, out: &mut String) {
        if crate::sql::subset::table_has_foreign_parts(self) {
            return unprintable(out);
        }
        out.push_str("CREATE ");
        if self.or_replace {
            out.push_str("OR REPLACE ");
        }
        match self.global {
            Some(true) => out.push_str("GLOBAL "),
            Some(false) => out.push_str("LOCAL "),
            None => {}
        }
        match self.multiset {
            Some(true) => out.push_str("MULTISET "),
            Some(false) => out.push_str("SET "),
            None => {}
        }
        let words = [
            (self.temporary, "TEMPORARY "),
            (self.unlogged, "UNLOGGED "),
            (self.transient, "TRANSIENT "),
            (self.volatile, "VOLATILE "),
        ];
        for (on, word) in words {
            if on {
                out.push_str(word);
            }
        }
        out.push_str("TABLE ");
        if self.if_not_exists {
            out.push_str("IF NOT EXISTS ");
        }
        self.name.write_sql(out);
        table_elements(self, out);
        if let Some(CreateTableLikeKind::Plain(like)) = &self.like {
            out.push(' ');
            like.write_sql(out);
        }
        let sqlite = &self.sqlite_table_options;
        if !sqlite.options.is_empty() {
            if sqlite.leading_comma {
                out.push(',');
            }
            out.push(' ');
            for (i, option) in sqlite.options.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(match option {
                    SqliteTableOption::WithoutRowid => "WITHOUT ROWID",
                    SqliteTableOption::Strict => "STRICT",
                });
            }
        }
        if !matches!(self.table_options, CreateTableOptions::None) {
            out.push(' ');
            self.table_options.write_sql(out);
        }
        match self.on_commit {
            Some(OnCommit::DeleteRows) => out.push_str(" ON COMMIT DELETE ROWS"),
            Some(OnCommit::PreserveRows) => out.push_str(" ON COMMIT PRESERVE ROWS"),
            Some(OnCommit::Drop) => out.push_str(" ON COMMIT DROP"),
            None => {}
        }
        opt(out, " AS ", &self.query);
    }
}

/// The columns and constraints in parentheses; `()` when there is nothing else to
/// make the table of; or PostgreSQL's `(LIKE ...)`.
fn table_elements(table: &CreateTable, out: &mut String) {
    if !table.columns.is_empty() || !table.constraints.is_empty() {
        out.push_str(" (");
        comma(out, &table.columns);
        if !table.columns.is_empty() && !table.constraints.is_empty() {
            out.push_str(", ");
        }
        comma(out, &table.constraints);
        out.push(')');
    } else if table.query.is_none() && table.like.is_none() {
        out.push_str(" ()");
    } else if let Some(CreateTableLikeKind::Parenthesized(like)) = &table.like {
        out.push_str(" (");
        like.write_sql(out);
        out.push(')');
    }
}

impl ToSql for CreateTableLike {
    fn write_sql(&self, out: &mut String) {
        out.push_str("LIKE ");
        self.name.write_sql(out);
        match self.defaults {
            Some(CreateTableLikeDefaults::Including) => out.push_str(" INCLUDING DEFAULTS"),
            Some(CreateTableLikeDefaults::Excluding) => out.push_str(" EXCLUDING DEFAULTS"),
            None => {}
        }
    }
}

impl ToSql for CreateTableOptions {
    fn write_sql(&self, out: &mut String) {
        match self {
            CreateTableOptions::None => {}
            CreateTableOptions::With(options) => {
                out.push_str("WITH (");
                comma(out, options);
                out.push(')');
            }
            CreateTableOptions::Plain(options) => separated(out, options, " "),
            _ => unprintable(out),
        }
    }
}

impl ToSql for SqlOption {
    fn write_sql(&self, out: &mut String) {
        match self {
            SqlOption::Ident(name) => name.write_sql(out),
            SqlOption::KeyValue { key, value } => {
                key.write_sql(out);
                out.push_str(" = ");
                value.write_sql(out);
            }
            // The comment's text goes between the quotes as it is (no doubled quotes).
            SqlOption::Comment(CommentDef::WithEq(text)) => {
                out.push_str("COMMENT = '");
                out.push_str(text);
                out.push('\'');
            }
            SqlOption::Comment(CommentDef::WithoutEq(text)) => {
                out.push_str("COMMENT '");
                out.push_str(text);
                out.push('\'');
            }
            SqlOption::NamedParenthesizedList(list) => {
                list.key.write_sql(out);
                out.push_str(" = ");
                opt(out, "", &list.name);
                if !list.values.is_empty() {
                    out.push('(');
                    comma(out, &list.values);
                    out.push(')');
                }
            }
            _ => unprintable(out),
        }
    }
}

impl ToSql for CreateIndex {
    fn write_sql(&self, out: &mut String) {
        if !self.alter_options.is_empty() {
            return unprintable(out);
        }
        out.push_str(if self.unique {
            "CREATE UNIQUE INDEX "
        } else {
            "CREATE INDEX "
        });
        let words = [
            (self.concurrently, "CONCURRENTLY "),
            (self.r#async, "ASYNC "),
            (self.if_not_exists, "IF NOT EXISTS "),
        ];
        for (on, word) in words {
            if on {
                out.push_str(word);
            }
        }
        if let Some(name) = &self.name {
            name.write_sql(out);
            out.push(' ');
        }
        out.push_str("ON ");
        self.table_name.write_sql(out);
        if let Some(using) = &self.using {
            out.push_str(" USING ");
            using.write_sql(out);
            out.push(' ');
        }
        out.push('(');
        comma(out, &self.columns);
        out.push(')');
        super::stmt_constraint::include(out, &self.include);
        match self.nulls_distinct {
            Some(true) => out.push_str(" NULLS DISTINCT"),
            Some(false) => out.push_str(" NULLS NOT DISTINCT"),
            None => {}
        }
        if !self.with.is_empty() {
            out.push_str(" WITH (");
            comma(out, &self.with);
            out.push(')');
        }
        opt(out, " WHERE ", &self.predicate);
        if !self.index_options.is_empty() {
            out.push(' ');
            separated(out, &self.index_options, " ");
        }
    }
}

impl ToSql for AlterTable {
    fn write_sql(&self, out: &mut String) {
        if self.table_type.is_some() || self.on_cluster.is_some() || self.location.is_some() {
            return unprintable(out);
        }
        out.push_str("ALTER TABLE ");
        if self.if_exists {
            out.push_str("IF EXISTS ");
        }
        if self.only {
            out.push_str("ONLY ");
        }
        self.name.write_sql(out);
        out.push(' ');
        comma(out, &self.operations);
    }
}

impl ToSql for AlterTableOperation {
    fn write_sql(&self, out: &mut String) {
        match self {
            AlterTableOperation::AddConstraint {
                constraint,
                not_valid,
            } => {
                out.push_str("ADD ");
                constraint.write_sql(out);
                if *not_valid {
                    out.push_str(" NOT VALID");
                }
            }
            AlterTableOperation::AddColumn {
                column_keyword,
                if_not_exists,
                column_def,
                column_position,
            } => {
                out.push_str("ADD");
                if *column_keyword {
                    out.push_str(" COLUMN");
                }
                if *if_not_exists {
                    out.push_str(" IF NOT EXISTS");
                }
                out.push(' ');
                column_def.write_sql(out);
                opt(out, " ", column_position);
            }
            AlterTableOperation::RenameTable { table_name } => {
                out.push_str(match table_name {
                    RenameTableNameKind::As(_) => "RENAME AS ",
                    RenameTableNameKind::To(_) => "RENAME TO ",
                });
                let (RenameTableNameKind::As(name) | RenameTableNameKind::To(name)) = table_name;
                name.write_sql(out);
            }
            AlterTableOperation::RenameColumn {
                old_column_name: old,
                new_column_name: new,
            } => rename(out, "RENAME COLUMN ", old, new),
            AlterTableOperation::RenameConstraint { old_name, new_name } => {
                rename(out, "RENAME CONSTRAINT ", old_name, new_name)
            }
            _ => unprintable(out),
        }
    }
}

fn rename(out: &mut String, what: &str, old: &sqlparser::ast::Ident, new: &sqlparser::ast::Ident) {
    out.push_str(what);
    old.write_sql(out);
    out.push_str(" TO ");
    new.write_sql(out);
}

impl ToSql for MySQLColumnPosition {
    fn write_sql(&self, out: &mut String) {
        match self {
            MySQLColumnPosition::First => out.push_str("FIRST"),
            MySQLColumnPosition::After(column) => {
                out.push_str("AFTER ");
                column.write_sql(out);
            }
        }
    }
}

/// PostgreSQL's `CREATE SEQUENCE`, its options in the order written.
pub(crate) fn write_create_sequence(statement: &Statement, out: &mut String) {
    let Statement::CreateSequence {
        temporary,
        if_not_exists,
        name,
        sequence_options,
    } = statement
    else {
        return unprintable(out);
    };
    out.push_str("CREATE ");
    if *temporary {
        out.push_str("TEMPORARY ");
    }
    out.push_str("SEQUENCE ");
    if *if_not_exists {
        out.push_str("IF NOT EXISTS ");
    }
    name.write_sql(out);
    for option in sequence_options {
        option.write_sql(out);
    }
}

/// One option, with the space before it.
impl ToSql for SequenceOptions {
    fn write_sql(&self, out: &mut String) {
        let (words, value) = match self {
            SequenceOptions::DataType(t) => {
                out.push_str(" AS ");
                return t.write_sql(out);
            }
            SequenceOptions::OwnedBy(owner) => {
                out.push_str(" OWNED BY ");
                return match owner {
                    Some(owner) => owner.write_sql(out),
                    None => out.push_str("NONE"),
                };
            }
            SequenceOptions::IncrementBy(e, true) => (" INCREMENT BY ", Some(e)),
            SequenceOptions::IncrementBy(e, false) => (" INCREMENT ", Some(e)),
            SequenceOptions::MinValue(Some(e)) => (" MINVALUE ", Some(e)),
            SequenceOptions::MinValue(None) => (" NO MINVALUE", None),
            SequenceOptions::MaxValue(Some(e)) => (" MAXVALUE ", Some(e)),
            SequenceOptions::MaxValue(None) => (" NO MAXVALUE", None),
            SequenceOptions::StartWith(e, true) => (" START WITH ", Some(e)),
            SequenceOptions::StartWith(e, false) => (" START ", Some(e)),
            SequenceOptions::Cache(e) => (" CACHE ", Some(e)),
            // sqlparser's flag says NO.
            SequenceOptions::Cycle(true) => (" NO CYCLE", None),
            SequenceOptions::Cycle(false) => (" CYCLE", None),
        };
        out.push_str(words);
        if let Some(e) = value {
            e.write_sql(out);
        }
    }
}

/// PostgreSQL's `CREATE SCHEMA [IF NOT EXISTS] name`, the one form the parser reads.
pub(crate) fn write_create_schema(statement: &Statement, out: &mut String) {
    let Some((name, if_not_exists)) = crate::sql::plain_create_schema(statement) else {
        return unprintable(out);
    };
    out.push_str("CREATE SCHEMA ");
    if if_not_exists {
        out.push_str("IF NOT EXISTS ");
    }
    name.write_sql(out);
}

/// PostgreSQL's `CREATE TYPE name AS ENUM ('a', ...)`, the one form the parser reads.
pub(crate) fn write_create_type(statement: &Statement, out: &mut String) {
    let Statement::CreateType {
        name,
        representation: Some(UserDefinedTypeRepresentation::Enum { labels }),
    } = statement
    else {
        return unprintable(out);
    };
    out.push_str("CREATE TYPE ");
    name.write_sql(out);
    out.push_str(" AS ENUM (");
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        label.write_sql(out);
    }
    out.push(')');
}
