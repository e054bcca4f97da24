//! Table constraints, the same keys written on a column, and what they share with CREATE
//! INDEX: index columns, index types and options, references, constraint characteristics.

use super::{comma, opt, separated, unprintable, ToSql};
use sqlparser::ast::{
    CheckConstraint, ConstraintCharacteristics, ConstraintReferenceMatchKind, DeferrableInitial,
    ForeignKeyConstraint, FullTextOrSpatialConstraint, Ident, IndexColumn, IndexConstraint,
    IndexOption, IndexType, KeyOrIndexDisplay, NullsDistinctOption, PrimaryKeyConstraint,
    ReferentialAction, TableConstraint, UniqueConstraint,
};

impl ToSql for TableConstraint {
    fn write_sql(&self, out: &mut String) {
        match self {
            TableConstraint::Unique(key) => key.write_sql(out),
            TableConstraint::PrimaryKey(key) => key.write_sql(out),
            TableConstraint::ForeignKey(key) => key.write_sql(out),
            TableConstraint::Check(check) => check.write_sql(out),
            TableConstraint::Index(index) => index.write_sql(out),
            TableConstraint::FulltextOrSpatial(index) => index.write_sql(out),
            _ => unprintable(out),
        }
    }
}

/// `CONSTRAINT name ` when the constraint has a name.
pub(crate) fn constraint_name(out: &mut String, name: &Option<Ident>) {
    if let Some(name) = name {
        out.push_str("CONSTRAINT ");
        name.write_sql(out);
        out.push(' ');
    }
}

/// ` INCLUDE (a, b)` when there are included columns.
pub(crate) fn include(out: &mut String, columns: &[Ident]) {
    if !columns.is_empty() {
        out.push_str(" INCLUDE (");
        comma(out, columns);
        out.push(')');
    }
}

/// ` KEY` or ` INDEX` after UNIQUE, FULLTEXT or SPATIAL.
fn key_or_index(out: &mut String, display: KeyOrIndexDisplay) {
    match display {
        KeyOrIndexDisplay::None => {}
        KeyOrIndexDisplay::Key => out.push_str(" KEY"),
        KeyOrIndexDisplay::Index => out.push_str(" INDEX"),
    }
}

/// The parts a key's index may have: ` name`, ` USING type`, ` (columns)`.
fn index_parts(
    out: &mut String,
    name: &Option<Ident>,
    index_type: &Option<IndexType>,
    columns: &[IndexColumn],
) {
    opt(out, " ", name);
    opt(out, " USING ", index_type);
    out.push_str(" (");
    comma(out, columns);
    out.push(')');
}

/// The end of a PRIMARY KEY or UNIQUE constraint: INCLUDE, index options, characteristics.
fn key_tail(
    out: &mut String,
    included: &[Ident],
    options: &[IndexOption],
    characteristics: &Option<ConstraintCharacteristics>,
) {
    include(out, included);
    if !options.is_empty() {
        out.push(' ');
        separated(out, options, " ");
    }
    opt(out, " ", characteristics);
}

impl ToSql for UniqueConstraint {
    fn write_sql(&self, out: &mut String) {
        constraint_name(out, &self.name);
        out.push_str("UNIQUE");
        self.nulls_distinct.write_sql(out);
        key_or_index(out, self.index_type_display);
        index_parts(out, &self.index_name, &self.index_type, &self.columns);
        key_tail(
            out,
            &self.include,
            &self.index_options,
            &self.characteristics,
        );
    }
}

/// A column's UNIQUE [KEY]: the column is the key, and the parts of a table's key are
/// never set.
pub(crate) fn unique_column_option(key: &UniqueConstraint, out: &mut String) {
    if key.name.is_some()
        || key.index_name.is_some()
        || key.index_type.is_some()
        || !key.columns.is_empty()
        || !key.include.is_empty()
        || !key.index_options.is_empty()
    {
        return unprintable(out);
    }
    out.push_str("UNIQUE");
    key_or_index(out, key.index_type_display);
    key.nulls_distinct.write_sql(out);
    opt(out, " ", &key.characteristics);
}

impl ToSql for PrimaryKeyConstraint {
    fn write_sql(&self, out: &mut String) {
        constraint_name(out, &self.name);
        out.push_str("PRIMARY KEY");
        index_parts(out, &self.index_name, &self.index_type, &self.columns);
        key_tail(
            out,
            &self.include,
            &self.index_options,
            &self.characteristics,
        );
    }
}

/// A column's PRIMARY KEY (see [`unique_column_option`]).
pub(crate) fn primary_key_column_option(key: &PrimaryKeyConstraint, out: &mut String) {
    if key.name.is_some()
        || key.index_name.is_some()
        || key.index_type.is_some()
        || !key.columns.is_empty()
        || !key.include.is_empty()
        || !key.index_options.is_empty()
    {
        return unprintable(out);
    }
    out.push_str("PRIMARY KEY");
    opt(out, " ", &key.characteristics);
}

impl ToSql for ForeignKeyConstraint {
    fn write_sql(&self, out: &mut String) {
        constraint_name(out, &self.name);
        out.push_str("FOREIGN KEY");
        opt(out, " ", &self.index_name);
        out.push_str(" (");
        comma(out, &self.columns);
        out.push_str(") REFERENCES ");
        self.foreign_table.write_sql(out);
        // No space before the referred columns here, unlike on a column.
        if !self.referred_columns.is_empty() {
            out.push('(');
            comma(out, &self.referred_columns);
            out.push(')');
        }
        referential_clauses(self, out);
    }
}

/// A column's REFERENCES (see [`unique_column_option`]).
pub(crate) fn references_column_option(key: &ForeignKeyConstraint, out: &mut String) {
    if key.name.is_some() || key.index_name.is_some() || !key.columns.is_empty() {
        return unprintable(out);
    }
    out.push_str("REFERENCES ");
    key.foreign_table.write_sql(out);
    if !key.referred_columns.is_empty() {
        out.push_str(" (");
        comma(out, &key.referred_columns);
        out.push(')');
    }
    referential_clauses(key, out);
}

/// MATCH, ON DELETE, ON UPDATE and the characteristics.
fn referential_clauses(key: &ForeignKeyConstraint, out: &mut String) {
    opt(out, " ", &key.match_kind);
    opt(out, " ON DELETE ", &key.on_delete);
    opt(out, " ON UPDATE ", &key.on_update);
    opt(out, " ", &key.characteristics);
}

impl ToSql for CheckConstraint {
    fn write_sql(&self, out: &mut String) {
        constraint_name(out, &self.name);
        out.push_str("CHECK (");
        self.expr.write_sql(out);
        out.push(')');
        if self.no_inherit {
            out.push_str(" NO INHERIT");
        }
        match self.enforced {
            Some(true) => out.push_str(" ENFORCED"),
            Some(false) => out.push_str(" NOT ENFORCED"),
            None => {}
        }
    }
}

impl ToSql for IndexConstraint {
    fn write_sql(&self, out: &mut String) {
        out.push_str(if self.display_as_key { "KEY" } else { "INDEX" });
        index_parts(out, &self.name, &self.index_type, &self.columns);
        // Commas between these options here, spaces elsewhere.
        if !self.index_options.is_empty() {
            out.push(' ');
            comma(out, &self.index_options);
        }
    }
}

impl ToSql for FullTextOrSpatialConstraint {
    fn write_sql(&self, out: &mut String) {
        out.push_str(if self.fulltext { "FULLTEXT" } else { "SPATIAL" });
        key_or_index(out, self.index_type_display);
        index_parts(out, &self.opt_index_name, &None, &self.columns);
    }
}

/// The column, its operator class, then its ASC / DESC and the like.
impl ToSql for IndexColumn {
    fn write_sql(&self, out: &mut String) {
        self.column.expr.write_sql(out);
        opt(out, " ", &self.operator_class);
        self.column.options.write_sql(out);
        opt(out, " ", &self.column.with_fill);
    }
}

impl ToSql for IndexType {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            IndexType::BTree => "BTREE",
            IndexType::Hash => "HASH",
            IndexType::GIN => "GIN",
            IndexType::GiST => "GIST",
            IndexType::SPGiST => "SPGIST",
            IndexType::BRIN => "BRIN",
            IndexType::Bloom => "BLOOM",
            IndexType::Custom(name) => return name.write_sql(out),
        });
    }
}

impl ToSql for IndexOption {
    fn write_sql(&self, out: &mut String) {
        match self {
            IndexOption::Using(index_type) => {
                out.push_str("USING ");
                index_type.write_sql(out);
            }
            // The text goes between the quotes as it is (no doubled quotes).
            IndexOption::Comment(text) => {
                out.push_str("COMMENT '");
                out.push_str(text);
                out.push('\'');
            }
        }
    }
}

impl ToSql for NullsDistinctOption {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            NullsDistinctOption::None => "",
            NullsDistinctOption::Distinct => " NULLS DISTINCT",
            NullsDistinctOption::NotDistinct => " NULLS NOT DISTINCT",
        });
    }
}

impl ToSql for ReferentialAction {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            ReferentialAction::Restrict => "RESTRICT",
            ReferentialAction::Cascade => "CASCADE",
            ReferentialAction::SetNull => "SET NULL",
            ReferentialAction::NoAction => "NO ACTION",
            ReferentialAction::SetDefault => "SET DEFAULT",
        });
    }
}

impl ToSql for ConstraintReferenceMatchKind {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            ConstraintReferenceMatchKind::Full => "MATCH FULL",
            ConstraintReferenceMatchKind::Partial => "MATCH PARTIAL",
            ConstraintReferenceMatchKind::Simple => "MATCH SIMPLE",
        });
    }
}

impl ToSql for ConstraintCharacteristics {
    fn write_sql(&self, out: &mut String) {
        let deferrable = match self.deferrable {
            Some(true) => "DEFERRABLE",
            Some(false) => "NOT DEFERRABLE",
            None => "",
        };
        let initially = match self.initially {
            Some(DeferrableInitial::Immediate) => "INITIALLY IMMEDIATE",
            Some(DeferrableInitial::Deferred) => "INITIALLY DEFERRED",
            None => "",
        };
        let enforced = match self.enforced {
            Some(true) => "ENFORCED",
            Some(false) => "NOT ENFORCED",
            None => "",
        };
        // The parts that are there, one space between each two.
        let start = out.len();
        for part in [deferrable, initially, enforced] {
            if part.is_empty() {
                continue;
            }
            if out.len() > start {
                out.push(' ');
            }
            out.push_str(part);
        }
    }
}
