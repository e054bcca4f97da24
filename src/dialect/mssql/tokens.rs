//! Token-level fixes for T-SQL that sqlparser does not read, applied to one statement before
//! it is parsed. Each one removes or adds whole tokens (positions stay true) and says what it
//! did in a note:
//! - storage clauses (`WITH (PAD_INDEX = OFF, ...)`, `ON [PRIMARY]`, `TEXTIMAGE_ON`);
//! - `CLUSTERED` / `NONCLUSTERED` in `CREATE INDEX`;
//! - `DELETE/UPDATE TOP (n)` (kept aside, applied as a LIMIT after parsing) and `DELETE t`
//!   without FROM;
//! - a target named by the alias of the one table in a FROM clause (`UPDATE j SET ... FROM
//!   jobs j WITH (UPDLOCK) WHERE ...`, `DELETE j FROM jobs j ...`), written as that table;
//! - `WHERE CURRENT OF cursor` (kept aside for the interpreter);
//! - a cursor query's `FOR UPDATE [OF ...]` / `FOR READ ONLY`.

use crate::sql::lexer::word;
use crate::sql::{copy_all, Duplicate};
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// A statement's tokens after the fixes, and what was kept aside.
#[derive(Debug, Clone, Default)]
pub struct Fixed {
    pub tokens: Vec<TokenWithSpan>,
    /// The `n` of `DELETE TOP (n)` / `UPDATE TOP (n)`.
    pub top: Option<Vec<TokenWithSpan>>,
    /// The cursor of `WHERE CURRENT OF c`.
    pub current_of: Option<String>,
    pub notes: Vec<String>,
}

pub fn statement(toks: &[TokenWithSpan]) -> Fixed {
    let mut f = Fixed {
        tokens: copy_all(toks),
        ..Default::default()
    };
    match kw(&f.tokens, 0).as_deref() {
        Some("CREATE") => {
            clustered_index(&mut f);
            storage(&mut f);
        }
        Some("DELETE") => {
            top(&mut f, "DELETE");
            alias_target(&mut f);
            delete_without_from(&mut f);
            current_of(&mut f);
        }
        Some("UPDATE") => {
            top(&mut f, "UPDATE");
            alias_target(&mut f);
            current_of(&mut f);
        }
        _ => {}
    }
    f
}

/// A cursor's query without its trailing `FOR UPDATE [OF ...]` / `FOR READ ONLY`.
pub fn cursor_query(toks: &[TokenWithSpan]) -> (Vec<TokenWithSpan>, Vec<String>) {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate() {
        match &t.token {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            _ if depth == 0
                && kw(toks, i).as_deref() == Some("FOR")
                && matches!(kw(toks, i + 1).as_deref(), Some("UPDATE" | "READ")) =>
            {
                let clause = words(&toks[i..]);
                return (
                    copy_all(&toks[..i]),
                    vec![format!(
                        "{clause}: the cursor's locks come from its table hints; WHERE CURRENT OF changes the fetched row"
                    )],
                );
            }
            _ => {}
        }
    }
    (copy_all(toks), Vec::new())
}

fn clustered_index(f: &mut Fixed) {
    let mut i = 1;
    if kw(&f.tokens, i).as_deref() == Some("UNIQUE") {
        i += 1;
    }
    if let Some(k @ ("CLUSTERED" | "NONCLUSTERED")) = kw(&f.tokens, i).as_deref() {
        if kw(&f.tokens, i + 1).as_deref() == Some("INDEX") {
            f.notes.push(format!(
                "{k} INDEX: SQLite keeps rows in rowid order whatever the index, so this is an ordinary index"
            ));
            f.tokens.remove(i);
        }
    }
}

/// Drops `WITH (option = value, ...)` and `ON <filegroup>` / `TEXTIMAGE_ON <filegroup>` that
/// follow a closing parenthesis in CREATE TABLE / CREATE INDEX.
fn storage(f: &mut Fixed) {
    let mut out: Vec<TokenWithSpan> = Vec::with_capacity(f.tokens.len());
    let mut dropped: Vec<String> = Vec::new();
    let toks = &f.tokens;
    let mut i = 0;
    while i < toks.len() {
        let after_paren = matches!(out.last().map(|t| &t.token), Some(Token::RParen));
        let k = kw(toks, i);
        if after_paren && k.as_deref() == Some("WITH") && is_option_list(toks, i + 1) {
            let end = matching_paren(toks, i + 1);
            dropped.push(words(&toks[i..end]));
            i = end;
            // An `ON [PRIMARY]` right after the options is storage too.
            if kw(toks, i).as_deref() == Some("ON") && is_filegroup(toks, i + 1) {
                dropped.push(words(&toks[i..i + 2]));
                i += 2;
            }
            continue;
        }
        if after_paren && k.as_deref() == Some("ON") && is_filegroup(toks, i + 1) {
            dropped.push(words(&toks[i..i + 2]));
            i += 2;
            continue;
        }
        if k.as_deref() == Some("TEXTIMAGE_ON") && i + 1 < toks.len() {
            dropped.push(words(&toks[i..i + 2]));
            i += 2;
            continue;
        }
        out.push(toks[i].copy_of());
        i += 1;
    }
    if !dropped.is_empty() {
        f.notes.push(format!(
            "storage options have no meaning in SQLite and were ignored: {}",
            dropped.join("; ")
        ));
    }
    f.tokens = out;
}

fn is_option_list(toks: &[TokenWithSpan], i: usize) -> bool {
    matches!(toks.get(i).map(|t| &t.token), Some(Token::LParen))
        && matches!(toks.get(i + 1).map(|t| &t.token), Some(Token::Word(_)))
        && matches!(toks.get(i + 2).map(|t| &t.token), Some(Token::Eq))
}

/// `ON x` where x is a filegroup, not a foreign key action (`ON DELETE`) or a table.
fn is_filegroup(toks: &[TokenWithSpan], i: usize) -> bool {
    match toks.get(i).map(|t| &t.token) {
        Some(Token::Word(w)) => {
            let upper = w.value.to_ascii_uppercase();
            let action = w.quote_style.is_none() && matches!(upper.as_str(), "DELETE" | "UPDATE");
            let table = matches!(toks.get(i + 1).map(|t| &t.token), Some(Token::LParen));
            !action && !table
        }
        _ => false,
    }
}

fn top(f: &mut Fixed, verb: &str) {
    if kw(&f.tokens, 1).as_deref() != Some("TOP") {
        return;
    }
    let (inner, end) = if matches!(f.tokens.get(2).map(|t| &t.token), Some(Token::LParen)) {
        let end = matching_paren(&f.tokens, 2);
        (copy_all(&f.tokens[3..end.saturating_sub(1).max(3)]), end)
    } else {
        (
            f.tokens
                .get(2)
                .map(Duplicate::copy_of)
                .into_iter()
                .collect(),
            3,
        )
    };
    if kw(&f.tokens, end).as_deref() == Some("PERCENT") {
        return; // left for sqlparser to refuse, positioned
    }
    f.tokens.drain(1..end.min(f.tokens.len()));
    f.notes.push(format!(
        "{verb} TOP (n) changes n rows in no promised order; here the lowest rowids (the oldest rows) go first"
    ));
    f.top = Some(inner);
}

/// `UPDATE j SET ... FROM jobs j WHERE ...` as `UPDATE jobs j SET ... WHERE ...`, and
/// `DELETE [FROM] j FROM jobs AS j WITH (READPAST) ...` as `DELETE jobs AS j WITH (READPAST)
/// ...`: SQL Server changes the table the alias names (or the table itself, named again in
/// FROM without an alias), with the hints it has there. Only a FROM of that one table, without
/// joins: the moved tokens keep their places in the text.
fn alias_target(f: &mut Fixed) {
    let toks = &f.tokens;
    let target = 1 + usize::from(
        kw(toks, 0).as_deref() == Some("DELETE") && kw(toks, 1).as_deref() == Some("FROM"),
    );
    let Some(Token::Word(name)) = toks.get(target).map(|t| &t.token) else {
        return;
    };
    let mut depth = 0usize;
    let mut from = None;
    for (i, t) in toks.iter().enumerate().skip(target + 1) {
        match t.token {
            Token::Period if i == target + 1 => return,
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            _ if depth == 0 && kw(toks, i).as_deref() == Some("FROM") => {
                from = Some(i);
                break;
            }
            _ => {}
        }
    }
    let Some(from) = from else {
        return;
    };
    let word = |i: usize| match toks.get(i).map(|t| &t.token) {
        Some(Token::Word(w)) => Some(w.value.as_str()),
        _ => None,
    };
    // The table's name, of one part or more (`dbo.jobs`), then its alias.
    let mut end = from + 2;
    while matches!(toks.get(end).map(|t| &t.token), Some(Token::Period)) && word(end + 1).is_some()
    {
        end += 2;
    }
    let mut alias = word(end - 1);
    if kw(toks, end).as_deref() == Some("AS") {
        end += 1;
    }
    if !matches!(kw(toks, end).as_deref(), Some("WITH" | "WHERE" | "OPTION")) {
        if let Some(a) = word(end) {
            alias = Some(a);
            end += 1;
        }
    }
    if kw(toks, end).as_deref() == Some("WITH")
        && matches!(toks.get(end + 1).map(|t| &t.token), Some(Token::LParen))
    {
        end = matching_paren(toks, end + 1);
    }
    let ends = end == toks.len() || matches!(kw(toks, end).as_deref(), Some("WHERE" | "OPTION"));
    if !ends || !alias.is_some_and(|a| a.eq_ignore_ascii_case(&name.value)) {
        return;
    }
    let source: Vec<TokenWithSpan> = copy_all(&toks[from + 1..end]);
    f.tokens.drain(from..end);
    f.tokens.splice(target..=target, source);
}

fn delete_without_from(f: &mut Fixed) {
    // `DELETE j FROM jobs j JOIN ...`, left for the parser's table list (cte.rs refuses it).
    let listed = kw(&f.tokens, 2).as_deref() == Some("FROM");
    if kw(&f.tokens, 1).as_deref() == Some("FROM") || f.tokens.len() < 2 || listed {
        return;
    }
    let span = f.tokens[1].span;
    f.tokens.insert(
        1,
        TokenWithSpan {
            token: word("FROM", None),
            span,
        },
    );
}

fn current_of(f: &mut Fixed) {
    let n = f.tokens.len();
    for i in 0..n.saturating_sub(3) {
        if kw(&f.tokens, i).as_deref() == Some("WHERE")
            && kw(&f.tokens, i + 1).as_deref() == Some("CURRENT")
            && kw(&f.tokens, i + 2).as_deref() == Some("OF")
        {
            if let Some(Token::Word(w)) = f.tokens.get(i + 3).map(|t| &t.token) {
                f.current_of = Some(w.value.clone());
                f.tokens.drain(i..i + 4);
                return;
            }
        }
    }
}

/// The index just past the parenthesis that closes the one at `open`.
fn matching_paren(toks: &[TokenWithSpan], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t.token {
            Token::LParen => depth += 1,
            Token::RParen => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

fn kw(toks: &[TokenWithSpan], i: usize) -> Option<String> {
    match &toks.get(i)?.token {
        Token::Word(w) if w.quote_style.is_none() => Some(w.value.to_ascii_uppercase()),
        _ => None,
    }
}

/// Tokens printed back as text, for notes.
fn words(toks: &[TokenWithSpan]) -> String {
    let mut s = String::new();
    for t in toks {
        let text = crate::sql::print::ToSql::to_sql(&t.token);
        let glue =
            matches!(t.token, Token::Comma | Token::RParen) || s.ends_with('(') || s.is_empty();
        if !glue {
            s.push(' ');
        }
        s.push_str(&text);
    }
    s
}
