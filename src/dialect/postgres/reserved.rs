//! Rule: PostgreSQL's reserved words are not names. Where its grammar wants a plain name (a
//! table, a column being defined or added, an index, a WITH query, a table's alias or its
//! column list), a reserved word unquoted is a syntax error at that word: `CREATE TABLE jobs
//! (id int, order int)`, `FROM jobs AS user`. The lab's parser takes any word there, so
//! such a table was made and such an alias read, where the server answers 42601.
//!
//! After AS in a select list any word is a name on the server too (`SELECT 1 AS order`),
//! so select-list aliases are not checked.

use crate::dialect::walk::try_queries;
use crate::source::Pos;
use crate::trace::{ErrorClass, StepError};
use sqlparser::ast::{
    AlterTableOperation, Ident, ObjectName, ObjectNamePart, Statement, TableAlias, TableFactor,
    TableWithJoins,
};
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// PostgreSQL 15's reserved keywords and those it reserves but for function and type names,
/// between spaces (its manual's keyword table).
const RESERVED: &str = " all analyse analyze and any array as asc asymmetric authorization \
binary both case cast check collate collation column concurrently constraint create cross \
current_catalog current_date current_role current_schema current_time current_timestamp \
current_user default deferrable desc distinct do else end except false fetch for foreign \
freeze from full grant group having ilike in initially inner intersect into is isnull join \
lateral leading left like limit localtime localtimestamp natural not notnull null offset on \
only or order outer overlaps placing primary references returning right select session_user \
similar some symmetric table tablesample then to trailing true union unique user using \
variadic verbose when where window with ";

/// The first name of `stmt` that is an unquoted reserved word, as 42601 at it; `written`
/// are the statement's tokens as typed, for the word's case in the message.
pub fn check(stmt: &mut Statement, written: &[TokenWithSpan]) -> Result<(), StepError> {
    let mut names: Vec<Ident> = Vec::new();
    statement_names(stmt, &mut names);
    let _ = try_queries(stmt, &mut |q| {
        if let Some(with) = &q.with {
            names.extend(with.cte_tables.iter().map(|c| c.alias.name.clone()));
        }
        Ok(())
    });
    let _ = super::series::from_factors(stmt, &mut |f| {
        alias_names(factor_alias(f), &mut names);
        Ok(())
    });
    let first = names
        .iter()
        .filter(|i| i.quote_style.is_none() && reserved(&i.value))
        .min_by_key(|i| (i.span.start.line, i.span.start.column));
    match first {
        Some(i) => Err(at_word(i, written)),
        None => Ok(()),
    }
}

fn reserved(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    !lower.contains(' ') && RESERVED.contains(&format!(" {lower} "))
}

/// The names a statement gives outside its queries.
fn statement_names(stmt: &Statement, names: &mut Vec<Ident>) {
    match stmt {
        Statement::CreateTable(c) => {
            last(&c.name, names);
            names.extend(c.columns.iter().map(|d| d.name.clone()));
        }
        Statement::AlterTable(a) => {
            for op in &a.operations {
                match op {
                    AlterTableOperation::AddColumn { column_def, .. } => {
                        names.push(column_def.name.clone())
                    }
                    AlterTableOperation::RenameColumn {
                        new_column_name, ..
                    } => names.push(new_column_name.clone()),
                    _ => {}
                }
            }
        }
        Statement::CreateIndex(ci) => {
            if let Some(n) = &ci.name {
                last(n, names);
            }
        }
        Statement::Insert(i) => names.extend(i.table_alias.iter().map(|a| a.alias.clone())),
        Statement::Update(u) => target_alias(&u.table, names),
        Statement::Delete(d) => {
            let (sqlparser::ast::FromTable::WithFromKeyword(from)
            | sqlparser::ast::FromTable::WithoutKeyword(from)) = &d.from;
            for t in from {
                target_alias(t, names);
            }
        }
        _ => {}
    }
}

fn last(name: &ObjectName, names: &mut Vec<Ident>) {
    if let Some(ObjectNamePart::Identifier(i)) = name.0.last() {
        names.push(i.clone());
    }
}

fn target_alias(t: &TableWithJoins, names: &mut Vec<Ident>) {
    alias_names(factor_alias(&t.relation), names);
}

fn factor_alias(f: &TableFactor) -> Option<&TableAlias> {
    match f {
        TableFactor::Table { alias, .. }
        | TableFactor::Derived { alias, .. }
        | TableFactor::Function { alias, .. } => alias.as_ref(),
        _ => None,
    }
}

fn alias_names(alias: Option<&TableAlias>, names: &mut Vec<Ident>) {
    if let Some(a) = alias {
        names.push(a.name.clone());
        names.extend(a.columns.iter().map(|c| c.name.clone()));
    }
}

/// PostgreSQL's 42601 at the word, in its case as typed.
fn at_word(i: &Ident, written: &[TokenWithSpan]) -> StepError {
    let typed = written.iter().find_map(|t| match &t.token {
        Token::Word(w) if t.span.start == i.span.start => Some(w.value.as_str()),
        _ => None,
    });
    StepError {
        class: ErrorClass::Other,
        native: "42601".into(),
        message: format!(
            "syntax error at or near \"{}\"",
            typed.unwrap_or(&i.value)
        ),
        pos: Some(Pos {
            line: i.span.start.line as u32,
            column: i.span.start.column as u32,
        }),
        fixed_text: None,
    }
}
