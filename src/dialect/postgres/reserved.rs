//! Rule: PostgreSQL's reserved words are not column or table names. In CREATE TABLE, a
//! table or column named by one unquoted (`CREATE TABLE jobs (id int, user int)`) is a
//! syntax error at that word; the lab's parser takes any word there, so the table was made
//! where the server answers 42601. Quoted (`"user"`), or after a schema (`public.order`),
//! the word is a name.
//!
//! Only CREATE TABLE is checked: an alias or a WITH query named by a reserved word is
//! still read (the check over every name cost 1 KB of the download, which has no room).

use crate::source::Pos;
use crate::trace::StepError;
use sqlparser::ast::{ObjectNamePart, Statement};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// PostgreSQL 15's reserved keywords and those it reserves but for function and type names
/// (its manual's keyword table), in sqlparser's order for a binary search; ANALYSE and
/// ISNULL are no keywords of the lexer's.
const RESERVED: [Keyword; 98] = {
    use Keyword::*;
    [
        ALL,
        ANALYZE,
        AND,
        ANY,
        ARRAY,
        AS,
        ASC,
        ASYMMETRIC,
        AUTHORIZATION,
        BINARY,
        BOTH,
        CASE,
        CAST,
        CHECK,
        COLLATE,
        COLLATION,
        COLUMN,
        CONCURRENTLY,
        CONSTRAINT,
        CREATE,
        CROSS,
        CURRENT_CATALOG,
        CURRENT_DATE,
        CURRENT_ROLE,
        CURRENT_SCHEMA,
        CURRENT_TIME,
        CURRENT_TIMESTAMP,
        CURRENT_USER,
        DEFAULT,
        DEFERRABLE,
        DESC,
        DISTINCT,
        DO,
        ELSE,
        END,
        EXCEPT,
        FALSE,
        FETCH,
        FOR,
        FOREIGN,
        FREEZE,
        FROM,
        FULL,
        GRANT,
        GROUP,
        HAVING,
        ILIKE,
        IN,
        INITIALLY,
        INNER,
        INTERSECT,
        INTO,
        IS,
        JOIN,
        LATERAL,
        LEADING,
        LEFT,
        LIKE,
        LIMIT,
        LOCALTIME,
        LOCALTIMESTAMP,
        NATURAL,
        NOT,
        NOTNULL,
        NULL,
        OFFSET,
        ON,
        ONLY,
        OR,
        ORDER,
        OUTER,
        OVERLAPS,
        PLACING,
        PRIMARY,
        REFERENCES,
        RETURNING,
        RIGHT,
        SELECT,
        SESSION_USER,
        SIMILAR,
        SOME,
        SYMMETRIC,
        TABLE,
        TABLESAMPLE,
        THEN,
        TO,
        TRAILING,
        TRUE,
        UNION,
        UNIQUE,
        USER,
        USING,
        VARIADIC,
        VERBOSE,
        WHEN,
        WHERE,
        WINDOW,
        WITH,
    ]
};

/// CREATE TABLE's table or first column named by an unquoted reserved word, as 42601 at
/// it; `written` are the statement's tokens as typed, which say what each word is.
#[inline(never)]
pub fn check(stmt: &Statement, written: &[TokenWithSpan]) -> Result<(), StepError> {
    let Statement::CreateTable(c) = stmt else {
        return Ok(());
    };
    // After a schema (`public.order`) any word is a name to the server.
    let table = match c.name.0.as_slice() {
        [ObjectNamePart::Identifier(i)] => Some(i),
        _ => None,
    };
    for name in table.into_iter().chain(c.columns.iter().map(|d| &d.name)) {
        let typed = written.iter().find(|t| t.span.start == name.span.start);
        if let Some(TokenWithSpan {
            token: Token::Word(w),
            span,
        }) = typed
        {
            let analyse_or_isnull = w.quote_style.is_none()
                && (w.value.eq_ignore_ascii_case("analyse")
                    || w.value.eq_ignore_ascii_case("isnull"));
            if RESERVED.binary_search(&w.keyword).is_ok() || analyse_or_isnull {
                let message = format!("syntax error at or near \"{}\"", w.value);
                let mut e = StepError::other(super::errors::SYNTAX_ERROR, message);
                e.pos = Some(Pos {
                    line: span.start.line as u32,
                    column: span.start.column as u32,
                });
                return Err(e);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reserved_words_are_in_order_for_the_binary_search() {
        assert!(super::RESERVED.windows(2).all(|w| w[0] < w[1]));
    }
}
