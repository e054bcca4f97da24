//! Column definitions and their options (NOT NULL, DEFAULT, keys, generated columns, the
//! dialects' own words).

use super::stmt_constraint::{
    constraint_name, primary_key_column_option, references_column_option, unique_column_option,
};
use super::stmt_session::keyword_token;
use super::{unprintable, ToSql};
use sqlparser::ast::{
    ColumnDef, ColumnOption, ColumnOptionDef, DataType, GeneratedAs, GeneratedExpressionMode,
    IdentityPropertyFormatKind, IdentityPropertyKind, Value,
};
use sqlparser::keywords::Keyword;

impl ToSql for ColumnDef {
    fn write_sql(&self, out: &mut String) {
        self.name.write_sql(out);
        if !matches!(self.data_type, DataType::Unspecified) {
            out.push(' ');
            self.data_type.write_sql(out);
        }
        for option in &self.options {
            out.push(' ');
            option.write_sql(out);
        }
    }
}

impl ToSql for ColumnOptionDef {
    fn write_sql(&self, out: &mut String) {
        constraint_name(out, &self.name);
        self.option.write_sql(out);
    }
}

impl ToSql for ColumnOption {
    fn write_sql(&self, out: &mut String) {
        let (word, expr) = match self {
            ColumnOption::Null => return out.push_str("NULL"),
            ColumnOption::NotNull => return out.push_str("NOT NULL"),
            ColumnOption::Invisible => return out.push_str("INVISIBLE"),
            ColumnOption::Ephemeral(None) => return out.push_str("EPHEMERAL"),
            ColumnOption::Default(expr) => ("DEFAULT ", expr),
            ColumnOption::Materialized(expr) => ("MATERIALIZED ", expr),
            ColumnOption::Ephemeral(Some(expr)) => ("EPHEMERAL ", expr),
            ColumnOption::Alias(expr) => ("ALIAS ", expr),
            ColumnOption::OnUpdate(expr) => ("ON UPDATE ", expr),
            ColumnOption::Srid(expr) => ("SRID ", &**expr),
            _ => return write_column_option(self, out),
        };
        out.push_str(word);
        expr.write_sql(out);
    }
}

/// The column options other than a keyword and an expression.
fn write_column_option(option: &ColumnOption, out: &mut String) {
    match option {
        ColumnOption::PrimaryKey(key) => primary_key_column_option(key, out),
        ColumnOption::Unique(key) => unique_column_option(key, out),
        ColumnOption::ForeignKey(key) => references_column_option(key, out),
        ColumnOption::Check(check) => check.write_sql(out),
        ColumnOption::DialectSpecific(tokens) => {
            for (i, token) in tokens.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                keyword_token(out, token);
            }
        }
        ColumnOption::CharacterSet(name) => {
            out.push_str("CHARACTER SET ");
            name.write_sql(out);
        }
        ColumnOption::Collation(name) => {
            out.push_str("COLLATE ");
            name.write_sql(out);
        }
        ColumnOption::Comment(text) => {
            // Quoted and escaped as a string literal is.
            out.push_str("COMMENT ");
            Value::SingleQuotedString(text.clone()).write_sql(out);
        }
        ColumnOption::Generated { .. } => write_generated(option, out),
        ColumnOption::Identity(IdentityPropertyKind::Identity(identity))
            if identity.order.is_none() =>
        {
            out.push_str("IDENTITY");
            match &identity.parameters {
                Some(IdentityPropertyFormatKind::FunctionCall(parameters)) => {
                    out.push('(');
                    parameters.seed.write_sql(out);
                    out.push_str(", ");
                    parameters.increment.write_sql(out);
                    out.push(')');
                }
                Some(_) => unprintable(out),
                None => {}
            }
        }
        ColumnOption::OnConflict(keyword) => {
            out.push_str("ON CONFLICT ");
            out.push_str(match keyword {
                Keyword::ROLLBACK => "ROLLBACK",
                Keyword::ABORT => "ABORT",
                Keyword::FAIL => "FAIL",
                Keyword::IGNORE => "IGNORE",
                Keyword::REPLACE => "REPLACE",
                _ => super::UNPRINTABLE,
            });
        }
        _ => unprintable(out),
    }
}

/// `GENERATED ALWAYS AS (expr)`, `AS (expr)` (each maybe STORED or VIRTUAL), or
/// `GENERATED ALWAYS | BY DEFAULT AS IDENTITY`.
fn write_generated(option: &ColumnOption, out: &mut String) {
    let ColumnOption::Generated {
        generated_as,
        sequence_options,
        generation_expr,
        generation_expr_mode,
        generated_keyword,
    } = option
    else {
        return unprintable(out);
    };
    if let Some(expr) = generation_expr {
        out.push_str(if *generated_keyword {
            "GENERATED ALWAYS AS ("
        } else {
            "AS ("
        });
        expr.write_sql(out);
        out.push(')');
        match generation_expr_mode {
            Some(GeneratedExpressionMode::Virtual) => out.push_str(" VIRTUAL"),
            Some(GeneratedExpressionMode::Stored) => out.push_str(" STORED"),
            None => {}
        }
        return;
    }
    if matches!(sequence_options, Some(options) if !options.is_empty()) {
        return unprintable(out);
    }
    out.push_str(match generated_as {
        GeneratedAs::Always => "GENERATED ALWAYS AS IDENTITY",
        GeneratedAs::ByDefault => "GENERATED BY DEFAULT AS IDENTITY",
        // What sqlparser prints for a stored expression that has none.
        GeneratedAs::ExpStored => "GENERATED  AS IDENTITY",
    });
}
