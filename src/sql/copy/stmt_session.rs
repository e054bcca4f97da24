//! SET, DECLARE, T-SQL's IF with its blocks, and PostgreSQL's PREPARE, EXECUTE and
//! DEALLOCATE.

use super::{marker_expr, Duplicate};
use sqlparser::ast::{
    BeginEndStatements, ConditionalStatementBlock, ConditionalStatements, Declare,
    DeclareAssignment, IfStatement, Set, SetAssignment, SetSessionParamKind, Statement,
};

impl Duplicate for Set {
    fn copy_of(&self) -> Self {
        match self {
            Set::SingleAssignment {
                scope,
                hivevar,
                variable,
                values,
            } => Set::SingleAssignment {
                scope: *scope,
                hivevar: *hivevar,
                variable: variable.copy_of(),
                values: values.copy_of(),
            },
            Set::MultipleAssignments { assignments } => Set::MultipleAssignments {
                assignments: assignments.copy_of(),
            },
            Set::ParenthesizedAssignments { variables, values } => Set::ParenthesizedAssignments {
                variables: variables.copy_of(),
                values: values.copy_of(),
            },
            Set::SetTransaction {
                modes,
                snapshot,
                session,
            } => Set::SetTransaction {
                // Field-less modes.
                modes: modes.clone(),
                snapshot: snapshot.copy_of(),
                session: *session,
            },
            Set::SetTimeZone { local, value } => Set::SetTimeZone {
                local: *local,
                value: value.copy_of(),
            },
            Set::SetNames {
                charset_name,
                collation_name,
            } => Set::SetNames {
                charset_name: charset_name.clone(),
                collation_name: collation_name.clone(),
            },
            Set::SetNamesDefault {} => Set::SetNamesDefault {},
            // The names and the value are kept as strings.
            Set::SetSessionParam(SetSessionParamKind::Generic(param)) => {
                Set::SetSessionParam(SetSessionParamKind::Generic(param.clone()))
            }
            _ => Set::SetTimeZone {
                local: false,
                value: marker_expr(),
            },
        }
    }
}

impl Duplicate for SetAssignment {
    fn copy_of(&self) -> Self {
        SetAssignment {
            scope: self.scope,
            name: self.name.copy_of(),
            value: self.value.copy_of(),
        }
    }
}

impl Duplicate for Declare {
    fn copy_of(&self) -> Self {
        Declare {
            names: self.names.clone(),
            data_type: self.data_type.copy_of(),
            assignment: match &self.assignment {
                None => None,
                Some(DeclareAssignment::MsSqlAssignment(value)) => {
                    Some(DeclareAssignment::MsSqlAssignment(value.copy_of()))
                }
                Some(_) => Some(DeclareAssignment::MsSqlAssignment(Box::new(marker_expr()))),
            },
            // A field-less enum.
            declare_type: self.declare_type.clone(),
            binary: self.binary,
            sensitive: self.sensitive,
            scroll: self.scroll,
            hold: self.hold,
            for_query: self.for_query.copy_of(),
        }
    }
}

impl Duplicate for IfStatement {
    fn copy_of(&self) -> Self {
        IfStatement {
            if_block: self.if_block.copy_of(),
            elseif_blocks: self.elseif_blocks.copy_of(),
            else_block: self.else_block.copy_of(),
            end_token: self.end_token.copy_of(),
        }
    }
}

impl Duplicate for ConditionalStatementBlock {
    fn copy_of(&self) -> Self {
        ConditionalStatementBlock {
            start_token: self.start_token.copy_of(),
            condition: self.condition.copy_of(),
            then_token: self.then_token.copy_of(),
            conditional_statements: self.conditional_statements.copy_of(),
        }
    }
}

impl Duplicate for ConditionalStatements {
    fn copy_of(&self) -> Self {
        match self {
            ConditionalStatements::Sequence { statements } => ConditionalStatements::Sequence {
                statements: statements.copy_of(),
            },
            ConditionalStatements::BeginEnd(block) => {
                ConditionalStatements::BeginEnd(block.copy_of())
            }
        }
    }
}

impl Duplicate for BeginEndStatements {
    fn copy_of(&self) -> Self {
        BeginEndStatements {
            begin_token: self.begin_token.copy_of(),
            statements: self.statements.copy_of(),
            end_token: self.end_token.copy_of(),
        }
    }
}

/// PostgreSQL's PREPARE, EXECUTE and DEALLOCATE; an EXECUTE with parts only other databases
/// have (as the printer, which does not print it) is the marker.
pub(crate) fn copy_prepared(statement: &Statement) -> Statement {
    match statement {
        Statement::Prepare {
            name,
            data_types,
            statement,
        } => Statement::Prepare {
            name: name.clone(),
            data_types: data_types.copy_of(),
            statement: statement.copy_of(),
        },
        Statement::Execute {
            name: Some(name),
            parameters,
            has_parentheses,
            immediate: false,
            into,
            using,
            output: false,
            default: false,
        } if into.is_empty() && using.is_empty() => Statement::Execute {
            name: Some(name.copy_of()),
            parameters: parameters.copy_of(),
            has_parentheses: *has_parentheses,
            immediate: false,
            into: vec![],
            using: vec![],
            output: false,
            default: false,
        },
        Statement::Deallocate { name, prepare } => Statement::Deallocate {
            name: name.clone(),
            prepare: *prepare,
        },
        _ => super::stmt::marker_statement(),
    }
}
