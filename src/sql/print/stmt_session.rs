//! SET, DECLARE, T-SQL's IF with its blocks, and PostgreSQL's PREPARE, EXECUTE and
//! DEALLOCATE.

use super::stmt::statement_list;
use super::{comma, opt, unprintable, ToSql};
use sqlparser::ast::{
    BeginEndStatements, ConditionalStatementBlock, ConditionalStatements, ContextModifier, Declare,
    DeclareAssignment, DeclareType, IfStatement, Set, SetAssignment, SetSessionParamKind,
    Statement,
};
use sqlparser::tokenizer::Token;

impl ToSql for Set {
    fn write_sql(&self, out: &mut String) {
        match self {
            Set::SingleAssignment {
                scope,
                hivevar,
                variable,
                values,
            } => {
                if *hivevar {
                    return unprintable(out);
                }
                out.push_str("SET ");
                if let Some(scope) = scope {
                    scope.write_sql(out);
                }
                variable.write_sql(out);
                out.push_str(" = ");
                comma(out, values);
            }
            Set::MultipleAssignments { assignments } => {
                out.push_str("SET ");
                comma(out, assignments);
            }
            Set::ParenthesizedAssignments { variables, values } => {
                out.push_str("SET (");
                comma(out, variables);
                out.push_str(") = (");
                comma(out, values);
                out.push(')');
            }
            Set::SetTransaction {
                modes,
                snapshot,
                session,
            } => {
                if snapshot.is_some() {
                    return unprintable(out);
                }
                out.push_str(if *session {
                    "SET SESSION CHARACTERISTICS AS TRANSACTION"
                } else {
                    "SET TRANSACTION"
                });
                if !modes.is_empty() {
                    out.push(' ');
                    comma(out, modes);
                }
            }
            Set::SetTimeZone { local, value } => {
                out.push_str(if *local {
                    "SET LOCAL TIME ZONE "
                } else {
                    "SET TIME ZONE "
                });
                value.write_sql(out);
            }
            Set::SetNames {
                charset_name,
                collation_name,
            } => {
                out.push_str("SET NAMES ");
                charset_name.write_sql(out);
                if let Some(collation) = collation_name {
                    out.push_str(" COLLATE ");
                    out.push_str(collation);
                }
            }
            Set::SetNamesDefault {} => out.push_str("SET NAMES DEFAULT"),
            Set::SetSessionParam(SetSessionParamKind::Generic(param)) => {
                // The names and the value are kept as the text they were read from.
                out.push_str("SET ");
                for (i, name) in param.names.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(name);
                }
                out.push(' ');
                out.push_str(&param.value);
            }
            _ => unprintable(out),
        }
    }
}

impl ToSql for ContextModifier {
    fn write_sql(&self, out: &mut String) {
        out.push_str(match self {
            ContextModifier::Local => "LOCAL ",
            ContextModifier::Session => "SESSION ",
            ContextModifier::Global => "GLOBAL ",
        });
    }
}

impl ToSql for SetAssignment {
    fn write_sql(&self, out: &mut String) {
        if let Some(scope) = &self.scope {
            scope.write_sql(out);
        }
        self.name.write_sql(out);
        out.push_str(" = ");
        self.value.write_sql(out);
    }
}

impl ToSql for Declare {
    fn write_sql(&self, out: &mut String) {
        comma(out, &self.names);
        if self.binary == Some(true) {
            out.push_str(" BINARY");
        }
        match self.sensitive {
            Some(true) => out.push_str(" INSENSITIVE"),
            Some(false) => out.push_str(" ASENSITIVE"),
            None => {}
        }
        match self.scroll {
            Some(true) => out.push_str(" SCROLL"),
            Some(false) => out.push_str(" NO SCROLL"),
            None => {}
        }
        match self.declare_type {
            Some(DeclareType::Cursor) => out.push_str(" CURSOR"),
            Some(_) => unprintable(out),
            None => {}
        }
        match self.hold {
            Some(true) => out.push_str(" WITH HOLD"),
            Some(false) => out.push_str(" WITHOUT HOLD"),
            None => {}
        }
        opt(out, " FOR ", &self.for_query);
        opt(out, " ", &self.data_type);
        match &self.assignment {
            Some(DeclareAssignment::MsSqlAssignment(value)) => {
                out.push_str(" = ");
                value.write_sql(out);
            }
            Some(_) => unprintable(out),
            None => {}
        }
    }
}

impl ToSql for IfStatement {
    fn write_sql(&self, out: &mut String) {
        if !self.elseif_blocks.is_empty() || self.end_token.is_some() {
            return unprintable(out);
        }
        self.if_block.write_sql(out);
        opt(out, " ", &self.else_block);
    }
}

impl ToSql for ConditionalStatementBlock {
    fn write_sql(&self, out: &mut String) {
        if self.then_token.is_some() {
            return unprintable(out);
        }
        keyword_token(out, &self.start_token.0.token);
        opt(out, " ", &self.condition);
        if !self.conditional_statements.statements().is_empty() {
            out.push(' ');
            self.conditional_statements.write_sql(out);
        }
    }
}

impl ToSql for ConditionalStatements {
    fn write_sql(&self, out: &mut String) {
        match self {
            ConditionalStatements::Sequence { statements } => {
                if !statements.is_empty() {
                    statement_list(out, statements);
                }
            }
            ConditionalStatements::BeginEnd(block) => block.write_sql(out),
        }
    }
}

impl ToSql for BeginEndStatements {
    fn write_sql(&self, out: &mut String) {
        let begin = &self.begin_token.0.token;
        if !matches!(begin, Token::EOF) {
            keyword_token(out, begin);
            out.push(' ');
        }
        if !self.statements.is_empty() {
            statement_list(out, &self.statements);
        }
        let end = &self.end_token.0.token;
        if !matches!(end, Token::EOF) {
            out.push(' ');
            keyword_token(out, end);
        }
    }
}

/// A keyword kept as the token it was read from (IF, ELSE, BEGIN, END, AUTO_INCREMENT...),
/// as written: the parser only keeps unquoted words there.
pub(crate) fn keyword_token(out: &mut String, token: &Token) {
    match token {
        Token::Word(word) if word.quote_style.is_none() => out.push_str(&word.value),
        _ => unprintable(out),
    }
}

/// PostgreSQL's PREPARE, EXECUTE and DEALLOCATE. The parts of EXECUTE only other databases
/// have (no name, IMMEDIATE, INTO, USING, OUTPUT, DEFAULT) are not printed.
pub(crate) fn write_prepared(statement: &Statement, out: &mut String) {
    match statement {
        Statement::Prepare {
            name,
            data_types,
            statement,
        } => {
            out.push_str("PREPARE ");
            name.write_sql(out);
            if !data_types.is_empty() {
                out.push_str(" (");
                comma(out, data_types);
                out.push(')');
            }
            out.push_str(" AS ");
            statement.write_sql(out);
        }
        Statement::Execute {
            name: Some(name),
            parameters,
            has_parentheses,
            immediate: false,
            into,
            using,
            output: false,
            default: false,
        } if into.is_empty() && using.is_empty() => {
            // sqlparser's text: no space before the parentheses (`EXECUTE q(1, 2)`).
            out.push_str("EXECUTE ");
            name.write_sql(out);
            if *has_parentheses {
                out.push('(');
                comma(out, parameters);
                out.push(')');
            } else if !parameters.is_empty() {
                out.push(' ');
                comma(out, parameters);
            }
        }
        Statement::Deallocate { name, prepare } => {
            out.push_str(if *prepare {
                "DEALLOCATE PREPARE "
            } else {
                "DEALLOCATE "
            });
            name.write_sql(out);
        }
        _ => unprintable(out),
    }
}
