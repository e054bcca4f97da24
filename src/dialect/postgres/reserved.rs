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
    AlterTableOperation, FromTable, Ident, ObjectName, ObjectNamePart, Statement, TableAlias,
    TableFactor, TableWithJoins,
};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Word};

/// Where the names a statement gives start; only unquoted ones are kept.
type Starts = Vec<Location>;

/// The first name of `stmt` that is an unquoted reserved word, as 42601 at it; `written`
/// are the statement's tokens as typed (in order), which say what each word is.
#[inline(never)]
pub fn check(stmt: &mut Statement, written: &[TokenWithSpan]) -> Result<(), StepError> {
    let mut starts = Starts::new();
    statement_names(stmt, &mut starts);
    let _ = try_queries(stmt, &mut |q| {
        for c in q.with.iter().flat_map(|w| &w.cte_tables) {
            push(&c.alias.name, &mut starts);
        }
        Ok(())
    });
    let _ = super::series::from_factors(stmt, &mut |f| {
        alias_names(factor_alias(f), &mut starts);
        Ok(())
    });
    if starts.is_empty() {
        return Ok(());
    }
    for t in written {
        if let Token::Word(w) = &t.token {
            if reserved(w) && starts.contains(&t.span.start) {
                return Err(at_word(w, t.span.start));
            }
        }
    }
    Ok(())
}

/// PostgreSQL 15's reserved keywords and those it reserves but for function and type names
/// (its manual's keyword table); ANALYSE and ISNULL are no keywords of the lexer's.
fn reserved(w: &Word) -> bool {
    use Keyword::*;
    matches!(
        w.keyword,
        ALL | ANALYZE
            | AND
            | ANY
            | ARRAY
            | AS
            | ASC
            | ASYMMETRIC
            | AUTHORIZATION
            | BINARY
            | BOTH
            | CASE
            | CAST
            | CHECK
            | COLLATE
            | COLLATION
            | COLUMN
            | CONCURRENTLY
            | CONSTRAINT
            | CREATE
            | CROSS
            | CURRENT_CATALOG
            | CURRENT_DATE
            | CURRENT_ROLE
            | CURRENT_SCHEMA
            | CURRENT_TIME
            | CURRENT_TIMESTAMP
            | CURRENT_USER
            | DEFAULT
            | DEFERRABLE
            | DESC
            | DISTINCT
            | DO
            | ELSE
            | END
            | EXCEPT
            | FALSE
            | FETCH
            | FOR
            | FOREIGN
            | FREEZE
            | FROM
            | FULL
            | GRANT
            | GROUP
            | HAVING
            | ILIKE
            | IN
            | INITIALLY
            | INNER
            | INTERSECT
            | INTO
            | IS
            | JOIN
            | LATERAL
            | LEADING
            | LEFT
            | LIKE
            | LIMIT
            | LOCALTIME
            | LOCALTIMESTAMP
            | NATURAL
            | NOT
            | NOTNULL
            | NULL
            | OFFSET
            | ON
            | ONLY
            | OR
            | ORDER
            | OUTER
            | OVERLAPS
            | PLACING
            | PRIMARY
            | REFERENCES
            | RETURNING
            | RIGHT
            | SELECT
            | SESSION_USER
            | SIMILAR
            | SOME
            | SYMMETRIC
            | TABLE
            | TABLESAMPLE
            | THEN
            | TO
            | TRAILING
            | TRUE
            | UNION
            | UNIQUE
            | USER
            | USING
            | VARIADIC
            | VERBOSE
            | WHEN
            | WHERE
            | WINDOW
            | WITH
    ) || (w.quote_style.is_none()
        && (w.value.eq_ignore_ascii_case("analyse") || w.value.eq_ignore_ascii_case("isnull")))
}

fn push(i: &Ident, starts: &mut Starts) {
    if i.quote_style.is_none() {
        starts.push(i.span.start);
    }
}

/// The names a statement gives outside its queries.
fn statement_names(stmt: &Statement, starts: &mut Starts) {
    match stmt {
        Statement::CreateTable(c) => {
            last(&c.name, starts);
            for d in &c.columns {
                push(&d.name, starts);
            }
        }
        Statement::AlterTable(a) => {
            for op in &a.operations {
                match op {
                    AlterTableOperation::AddColumn { column_def, .. } => {
                        push(&column_def.name, starts)
                    }
                    AlterTableOperation::RenameColumn {
                        new_column_name, ..
                    } => push(new_column_name, starts),
                    _ => {}
                }
            }
        }
        Statement::CreateIndex(ci) => {
            if let Some(n) = &ci.name {
                last(n, starts);
            }
        }
        Statement::Insert(i) => {
            if let Some(a) = &i.table_alias {
                push(&a.alias, starts);
            }
        }
        Statement::Update(u) => target_alias(&u.table, starts),
        Statement::Delete(d) => {
            let (FromTable::WithFromKeyword(from) | FromTable::WithoutKeyword(from)) = &d.from;
            for t in from {
                target_alias(t, starts);
            }
        }
        _ => {}
    }
}

fn last(name: &ObjectName, starts: &mut Starts) {
    if let Some(ObjectNamePart::Identifier(i)) = name.0.last() {
        push(i, starts);
    }
}

fn target_alias(t: &TableWithJoins, starts: &mut Starts) {
    alias_names(factor_alias(&t.relation), starts);
}

fn factor_alias(f: &TableFactor) -> Option<&TableAlias> {
    match f {
        TableFactor::Table { alias, .. }
        | TableFactor::Derived { alias, .. }
        | TableFactor::Function { alias, .. } => alias.as_ref(),
        _ => None,
    }
}

fn alias_names(alias: Option<&TableAlias>, starts: &mut Starts) {
    if let Some(a) = alias {
        push(&a.name, starts);
        for c in &a.columns {
            push(&c.name, starts);
        }
    }
}

/// PostgreSQL's 42601 at the word, in its case as typed.
fn at_word(w: &Word, at: Location) -> StepError {
    StepError {
        class: ErrorClass::Other,
        native: "42601".into(),
        message: format!("syntax error at or near \"{}\"", w.value),
        pos: Some(Pos {
            line: at.line as u32,
            column: at.column as u32,
        }),
        fixed_text: None,
    }
}
