//! Column definitions and their options, table constraints (the same keys are column
//! options too), and the index columns they share with CREATE INDEX.

use super::{marker_expr, Duplicate};
use sqlparser::ast::{
    CheckConstraint, ColumnDef, ColumnOption, ColumnOptionDef, ForeignKeyConstraint,
    FullTextOrSpatialConstraint, IdentityParameters, IdentityProperty, IdentityPropertyFormatKind,
    IdentityPropertyKind, IndexColumn, IndexConstraint, PrimaryKeyConstraint, TableConstraint,
    UniqueConstraint,
};

impl Duplicate for ColumnDef {
    fn copy_of(&self) -> Self {
        ColumnDef {
            name: self.name.clone(),
            data_type: self.data_type.copy_of(),
            options: self.options.copy_of(),
        }
    }
}

impl Duplicate for ColumnOptionDef {
    fn copy_of(&self) -> Self {
        ColumnOptionDef {
            name: self.name.clone(),
            option: self.option.copy_of(),
        }
    }
}

/// The placeholder of a column option the copy does not cover: `DEFAULT` and the marker.
fn marker_column_option() -> ColumnOption {
    ColumnOption::Default(marker_expr())
}

impl Duplicate for ColumnOption {
    fn copy_of(&self) -> Self {
        match self {
            ColumnOption::Null => ColumnOption::Null,
            ColumnOption::NotNull => ColumnOption::NotNull,
            ColumnOption::Invisible => ColumnOption::Invisible,
            ColumnOption::Default(expr) => ColumnOption::Default(expr.copy_of()),
            ColumnOption::Materialized(expr) => ColumnOption::Materialized(expr.copy_of()),
            ColumnOption::Ephemeral(expr) => ColumnOption::Ephemeral(expr.copy_of()),
            ColumnOption::Alias(expr) => ColumnOption::Alias(expr.copy_of()),
            ColumnOption::OnUpdate(expr) => ColumnOption::OnUpdate(expr.copy_of()),
            ColumnOption::Srid(expr) => ColumnOption::Srid(expr.copy_of()),
            _ => copy_column_option(self),
        }
    }
}

/// The column options other than a keyword and an expression.
fn copy_column_option(option: &ColumnOption) -> ColumnOption {
    match option {
        ColumnOption::PrimaryKey(key) => ColumnOption::PrimaryKey(key.copy_of()),
        ColumnOption::Unique(key) => ColumnOption::Unique(key.copy_of()),
        ColumnOption::ForeignKey(key) => ColumnOption::ForeignKey(key.copy_of()),
        ColumnOption::Check(check) => ColumnOption::Check(check.copy_of()),
        // Tokens (AUTO_INCREMENT, AUTOINCREMENT...) hold no tree.
        ColumnOption::DialectSpecific(tokens) => ColumnOption::DialectSpecific(tokens.copy_of()),
        ColumnOption::CharacterSet(name) => ColumnOption::CharacterSet(name.copy_of()),
        ColumnOption::Collation(name) => ColumnOption::Collation(name.copy_of()),
        ColumnOption::Comment(text) => ColumnOption::Comment(text.clone()),
        ColumnOption::Generated { .. } => copy_generated(option),
        ColumnOption::Identity(IdentityPropertyKind::Identity(IdentityProperty {
            parameters,
            order: None,
        })) => copy_identity(parameters),
        ColumnOption::OnConflict(keyword) => ColumnOption::OnConflict(*keyword),
        _ => marker_column_option(),
    }
}

/// A generated column, or an identity one without sequence options.
fn copy_generated(option: &ColumnOption) -> ColumnOption {
    let ColumnOption::Generated {
        generated_as,
        sequence_options,
        generation_expr,
        generation_expr_mode,
        generated_keyword,
    } = option
    else {
        return marker_column_option();
    };
    let sequence_options = match sequence_options {
        None => None,
        Some(options) if options.is_empty() => Some(Vec::new()),
        Some(_) => return marker_column_option(),
    };
    ColumnOption::Generated {
        generated_as: *generated_as,
        sequence_options,
        generation_expr: generation_expr.copy_of(),
        generation_expr_mode: *generation_expr_mode,
        generated_keyword: *generated_keyword,
    }
}

/// T-SQL's `IDENTITY` and `IDENTITY(seed, increment)`.
fn copy_identity(parameters: &Option<IdentityPropertyFormatKind>) -> ColumnOption {
    let parameters = match parameters {
        None => None,
        Some(IdentityPropertyFormatKind::FunctionCall(parameters)) => Some(
            IdentityPropertyFormatKind::FunctionCall(IdentityParameters {
                seed: parameters.seed.copy_of(),
                increment: parameters.increment.copy_of(),
            }),
        ),
        Some(_) => return marker_column_option(),
    };
    ColumnOption::Identity(IdentityPropertyKind::Identity(IdentityProperty {
        parameters,
        order: None,
    }))
}

impl Duplicate for TableConstraint {
    fn copy_of(&self) -> Self {
        match self {
            TableConstraint::Unique(key) => TableConstraint::Unique(key.copy_of()),
            TableConstraint::PrimaryKey(key) => TableConstraint::PrimaryKey(key.copy_of()),
            TableConstraint::ForeignKey(key) => TableConstraint::ForeignKey(key.copy_of()),
            TableConstraint::Check(check) => TableConstraint::Check(check.copy_of()),
            TableConstraint::Index(index) => TableConstraint::Index(index.copy_of()),
            TableConstraint::FulltextOrSpatial(index) => {
                TableConstraint::FulltextOrSpatial(index.copy_of())
            }
            _ => TableConstraint::Check(CheckConstraint {
                name: None,
                expr: Box::new(marker_expr()),
                no_inherit: false,
                enforced: None,
            }),
        }
    }
}

// In the keys below, names are idents; index types keywords or an ident; index options an
// index type or a comment's text; characteristics and referential actions field-less.

impl Duplicate for UniqueConstraint {
    fn copy_of(&self) -> Self {
        UniqueConstraint {
            name: self.name.clone(),
            index_name: self.index_name.clone(),
            index_type_display: self.index_type_display,
            index_type: self.index_type.clone(),
            columns: self.columns.copy_of(),
            include: self.include.clone(),
            index_options: self.index_options.clone(),
            characteristics: self.characteristics,
            nulls_distinct: self.nulls_distinct,
        }
    }
}

impl Duplicate for PrimaryKeyConstraint {
    fn copy_of(&self) -> Self {
        PrimaryKeyConstraint {
            name: self.name.clone(),
            index_name: self.index_name.clone(),
            index_type: self.index_type.clone(),
            columns: self.columns.copy_of(),
            include: self.include.clone(),
            index_options: self.index_options.clone(),
            characteristics: self.characteristics,
        }
    }
}

impl Duplicate for ForeignKeyConstraint {
    fn copy_of(&self) -> Self {
        ForeignKeyConstraint {
            name: self.name.clone(),
            index_name: self.index_name.clone(),
            columns: self.columns.clone(),
            foreign_table: self.foreign_table.copy_of(),
            referred_columns: self.referred_columns.clone(),
            on_delete: self.on_delete,
            on_update: self.on_update,
            match_kind: self.match_kind,
            characteristics: self.characteristics,
        }
    }
}

impl Duplicate for CheckConstraint {
    fn copy_of(&self) -> Self {
        CheckConstraint {
            name: self.name.clone(),
            expr: self.expr.copy_of(),
            no_inherit: self.no_inherit,
            enforced: self.enforced,
        }
    }
}

impl Duplicate for IndexConstraint {
    fn copy_of(&self) -> Self {
        IndexConstraint {
            display_as_key: self.display_as_key,
            name: self.name.clone(),
            index_type: self.index_type.clone(),
            columns: self.columns.copy_of(),
            index_options: self.index_options.clone(),
        }
    }
}

impl Duplicate for FullTextOrSpatialConstraint {
    fn copy_of(&self) -> Self {
        FullTextOrSpatialConstraint {
            fulltext: self.fulltext,
            index_type_display: self.index_type_display,
            opt_index_name: self.opt_index_name.clone(),
            columns: self.columns.copy_of(),
        }
    }
}

impl Duplicate for IndexColumn {
    fn copy_of(&self) -> Self {
        IndexColumn {
            column: self.column.copy_of(),
            operator_class: self.operator_class.copy_of(),
        }
    }
}
