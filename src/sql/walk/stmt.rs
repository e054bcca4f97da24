//! Statements: the dispatch on the statement's kind; INSERT, UPDATE and DELETE with the
//! clauses they share; TRUNCATE; SET, DECLARE and T-SQL's IF with its blocks; PostgreSQL's
//! PREPARE and EXECUTE. CREATE and ALTER are in `stmt_ddl.rs`.
//!
//! Transactions, savepoints, DROP, USE, DEALLOCATE and PostgreSQL's LISTEN, UNLISTEN and
//! NOTIFY hold no expression, query or relation (DROP's names are not marked as relations by
//! sqlparser, nor are channels). Not walked into, as the printer does not print them: other
//! statements, BigQuery's EXCEPTION handlers, ClickHouse's and Snowflake's parts of INSERT,
//! other databases' EXECUTE ... USING.

use super::{Callbacks, Walk};
use sqlparser::ast::{
    Assignment, ConditionalStatementBlock, ConditionalStatements, ConflictTarget, Declare,
    DeclareAssignment, Delete, FromTable, IfStatement, Insert, OnConflictAction, OnInsert,
    OutputClause, Set, Statement, TableObject, Update, UpdateTableFromKind,
};
use std::ops::ControlFlow;

impl Walk for Statement {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            Statement::Query(query) => query.walk(c),
            Statement::Insert(insert) => insert.walk(c),
            Statement::Update(update) => update.walk(c),
            Statement::Delete(delete) => delete.walk(c),
            Statement::CreateTable(table) => table.walk(c),
            Statement::CreateIndex(index) => index.walk(c),
            Statement::AlterTable(alter) => alter.walk(c),
            Statement::CreateSequence {
                sequence_options, ..
            } => sequence_options.walk(c),
            Statement::StartTransaction {
                statements,
                exception: None,
                ..
            } => statements.walk(c),
            Statement::Set(set) => set.walk(c),
            Statement::Declare { stmts, .. } => stmts.walk(c),
            Statement::If(statement) => statement.walk(c),
            // The prepared statement is walked as any other (its name is no relation).
            Statement::Prepare {
                data_types,
                statement,
                ..
            } => {
                data_types.walk(c)?;
                statement.walk(c)
            }
            // The prepared statement's name is no relation to sqlparser.
            Statement::Execute { parameters, .. } => parameters.walk(c),
            Statement::Lock(lock) => {
                for target in &mut lock.tables {
                    c.relation(&mut target.name)?;
                }
                ControlFlow::Continue(())
            }
            Statement::Truncate(truncate) => {
                for target in &mut truncate.table_names {
                    c.relation(&mut target.name)?;
                }
                truncate.partitions.walk(c)
            }
            // Named here rather than left to the catch-all below, which also stands for
            // what the walk does not cover: these are covered, and hold nothing to visit (a
            // channel is a plain name, a payload a string).
            Statement::LISTEN { .. } | Statement::UNLISTEN { .. } | Statement::NOTIFY { .. } => {
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for Insert {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match &mut self.table {
            TableObject::TableName(name) => c.relation(name)?,
            TableObject::TableFunction(function) => function.walk(c)?,
            TableObject::TableQuery(query) => query.walk(c)?,
        }
        self.source.walk(c)?;
        self.assignments.walk(c)?;
        self.partitioned.walk(c)?;
        self.on.walk(c)?;
        self.returning.walk(c)?;
        self.output.walk(c)
    }
}

impl Walk for OnInsert {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            OnInsert::DuplicateKeyUpdate(assignments) => assignments.walk(c),
            OnInsert::OnConflict(on_conflict) => {
                // The index predicate of `ON CONFLICT (columns) WHERE ...` first.
                if let Some(ConflictTarget::Columns { predicate, .. }) =
                    &mut on_conflict.conflict_target
                {
                    predicate.walk(c)?;
                }
                match &mut on_conflict.action {
                    OnConflictAction::DoNothing => ControlFlow::Continue(()),
                    OnConflictAction::DoUpdate(update) => {
                        update.assignments.walk(c)?;
                        update.selection.walk(c)
                    }
                }
            }
            // A kind of a later sqlparser (the enum is non-exhaustive).
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for Assignment {
    /// The target is column names, not relations.
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.value.walk(c)
    }
}

impl Walk for OutputClause {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            OutputClause::Output {
                select_items,
                into_table,
                ..
            } => {
                select_items.walk(c)?;
                match into_table {
                    Some(into) => into.targets.walk(c),
                    None => ControlFlow::Continue(()),
                }
            }
            OutputClause::Returning { select_items, .. } => select_items.walk(c),
        }
    }
}

impl Walk for Update {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.table.walk(c)?;
        self.assignments.walk(c)?;
        match &mut self.from {
            Some(UpdateTableFromKind::BeforeSet(from) | UpdateTableFromKind::AfterSet(from)) => {
                from.walk(c)?
            }
            None => {}
        }
        self.selection.walk(c)?;
        self.returning.walk(c)?;
        self.output.walk(c)?;
        self.order_by.walk(c)?;
        self.limit.walk(c)
    }
}

impl Walk for Delete {
    /// The tables named before FROM are not marked as relations by sqlparser.
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match &mut self.from {
            FromTable::WithFromKeyword(from) | FromTable::WithoutKeyword(from) => from.walk(c)?,
        }
        self.using.walk(c)?;
        self.selection.walk(c)?;
        self.returning.walk(c)?;
        self.output.walk(c)?;
        self.order_by.walk(c)?;
        self.limit.walk(c)
    }
}

impl Walk for Set {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        match self {
            Set::SingleAssignment { values, .. } | Set::ParenthesizedAssignments { values, .. } => {
                values.walk(c)
            }
            Set::MultipleAssignments { assignments } => {
                for assignment in assignments {
                    assignment.value.walk(c)?;
                }
                ControlFlow::Continue(())
            }
            Set::SetTimeZone { value, .. } => value.walk(c),
            // Names, strings, modes and roles only.
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Walk for Declare {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.data_type.walk(c)?;
        match &mut self.assignment {
            Some(
                DeclareAssignment::Expr(e)
                | DeclareAssignment::Default(e)
                | DeclareAssignment::DuckAssignment(e)
                | DeclareAssignment::For(e)
                | DeclareAssignment::MsSqlAssignment(e),
            ) => e.walk(c)?,
            None => {}
        }
        self.for_query.walk(c)
    }
}

impl Walk for IfStatement {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.if_block.walk(c)?;
        self.elseif_blocks.walk(c)?;
        self.else_block.walk(c)
    }
}

impl Walk for ConditionalStatementBlock {
    fn walk(&mut self, c: &mut Callbacks<'_>) -> ControlFlow<()> {
        self.condition.walk(c)?;
        match &mut self.conditional_statements {
            ConditionalStatements::Sequence { statements } => statements.walk(c),
            ConditionalStatements::BeginEnd(block) => block.statements.walk(c),
        }
    }
}
