//! Reading a script: paste clean-up, statement splitting, token fix-ups, parsing. Parsing
//! never fails as a whole: each statement carries its own AST or its own positioned error.

use super::split::{parser_error, split, RawStatement};
use super::{mysql, Dialect};
use crate::source::{clean_paste, find_curly_quotes, straighten_quotes};
use crate::sql::Duplicate;
use crate::sql::{Flavor, Parser};
use crate::trace::{Diagnostic, ErrorClass, StepError};
use sqlparser::ast::Statement;

/// One statement of a script, parsed or not.
#[derive(Debug)]
pub struct ParsedStatement {
    pub raw: RawStatement,
    pub ast: Result<Statement, StepError>,
}

// The tree is copied with `Duplicate`: sqlparser's `Clone` would link its code for every
// statement of every database into the browser download.
impl Clone for ParsedStatement {
    fn clone(&self) -> Self {
        ParsedStatement {
            raw: self.raw.clone(),
            ast: match &self.ast {
                Ok(stmt) => Ok(stmt.duplicate()),
                Err(e) => Err(e.clone()),
            },
        }
    }
}

/// A whole script.
#[derive(Debug, Clone)]
pub struct Script {
    pub dialect: Dialect,
    pub statements: Vec<ParsedStatement>,
    /// Problems with the text as a whole (e.g. an unterminated string).
    pub diagnostics: Vec<Diagnostic>,
}

/// The flavour of SQL the lexer and parser read for `dialect`.
pub fn flavor(dialect: Dialect) -> Flavor {
    match dialect {
        Dialect::MySql => Flavor::MySql,
        Dialect::Postgres => Flavor::Postgres,
        Dialect::MsSql => Flavor::MsSql,
    }
}

/// A script cut into its statements as written, without parsing any of them: all an editor's
/// outline needs (parsing is most of the cost of reading a script), or the problem that stops
/// the text being read: too big, too many statements, an unterminated string.
pub fn split_script(dialect: Dialect, text: &str) -> Result<Vec<RawStatement>, Diagnostic> {
    split_cleaned(dialect, text).map(|(_, raws)| raws)
}

/// [`split_script`], with the pasted text as cleaned up for splitting and parsing.
fn split_cleaned(dialect: Dialect, text: &str) -> Result<(String, Vec<RawStatement>), Diagnostic> {
    if let Some(d) = super::bounds::check_script_size(text) {
        return Err(d);
    }
    let cleaned = clean_paste(text);
    let raws = split(flavor(dialect), &cleaned, text)?;
    let past = raws
        .get(crate::limits::MAX_STATEMENTS)
        .map(|r| r.span.start);
    if let Some(d) = super::bounds::check_statement_count(raws.len(), past) {
        return Err(d);
    }
    Ok((cleaned, raws))
}

/// The vendor code for a syntax error.
pub fn syntax_code(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::MySql => super::mysql::errors::SYNTAX_ERROR,
        Dialect::Postgres => super::postgres::errors::SYNTAX_ERROR,
        Dialect::MsSql => super::mssql::errors::SYNTAX_ERROR,
    }
}

/// The vendor's code for a statement too big or too deep to run (`limits.rs`).
pub fn too_complex_code(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::MySql => super::mysql::errors::TOO_COMPLEX,
        Dialect::Postgres => super::postgres::errors::TOO_COMPLEX,
        Dialect::MsSql => super::mssql::errors::TOO_COMPLEX,
    }
}

pub fn parse_script(dialect: Dialect, text: &str) -> Script {
    let (cleaned, raws) = match split_cleaned(dialect, text) {
        Ok(split) => split,
        Err(d) => {
            return Script {
                dialect,
                statements: Vec::new(),
                diagnostics: vec![d],
            }
        }
    };
    let curly = find_curly_quotes(&cleaned);
    let lines = super::split::LineIndex::new(&cleaned);
    let statements = raws
        .into_iter()
        .map(|raw| {
            let bad = curly
                .iter()
                .find(|q| q.pos >= raw.span.start && q.pos <= raw.span.end);
            let ast = match bad {
                Some(q) => Err(StepError {
                    class: ErrorClass::Other,
                    native: syntax_code(dialect).into(),
                    message: format!(
                        "typographic quote {} at {}: SQL needs straight quotes (' for strings). \
                         Articles and word processors often print them curly; use \"Straighten quotes\" to fix them.",
                        q.quote, q.pos
                    ),
                    pos: Some(q.pos),
                    fixed_text: Some(straighten_quotes(text)),
                }),
                None => parse_one(dialect, &raw, text, &lines),
            };
            ParsedStatement { raw, ast }
        })
        .collect();
    Script {
        dialect,
        statements,
        diagnostics: Vec::new(),
    }
}

/// `lines` index the script the tokens were read from (prompts blanked out), for the text
/// of what MariaDB names by its text.
fn parse_one(
    dialect: Dialect,
    raw: &RawStatement,
    text: &str,
    lines: &super::split::LineIndex,
) -> Result<Statement, StepError> {
    let tokens = match dialect {
        Dialect::MySql => {
            let tokens = mysql::mod_operator::fix_tokens(crate::sql::copy_all(&raw.tokens));
            let tokens = mysql::share_mode::fix_tokens(mysql::returning::fix_tokens(tokens));
            let tokens = mysql::session_transaction::fix_tokens(tokens);
            mysql::consistent_snapshot::fix_tokens(tokens)
        }
        Dialect::Postgres => {
            super::postgres::lock_strength::fix_tokens(crate::sql::copy_all(&raw.tokens))
        }
        _ => crate::sql::copy_all(&raw.tokens),
    };
    if dialect == Dialect::MySql {
        mysql::session_transaction::refuse_global(&tokens)?;
    }
    super::bounds::check_operators(dialect, &tokens)?;
    super::foreign::check(dialect, &tokens)?;
    if dialect == Dialect::Postgres {
        super::postgres::arbiters::refuse_expression_target(&tokens)?;
    }
    // PostgreSQL folds unquoted names to lower case (`SELECT id AS jobId` names its column
    // `jobid`); its syntax errors quote the text as written, so the unfolded tokens are
    // parsed again for one.
    let written = tokens.clone();
    let mut tokens = match dialect {
        Dialect::Postgres => super::postgres::names::fold_tokens(tokens),
        _ => tokens,
    };
    let quote = match dialect {
        Dialect::MySql => '`',
        Dialect::MsSql => '[',
        Dialect::Postgres => '"',
    };
    super::dotted_keywords::quote(&mut tokens, quote);
    let mut parser = Parser::new(flavor(dialect), tokens);
    let folded = parser.parse_statement();
    let clean =
        folded.is_ok() && matches!(parser.peek_token().token, sqlparser::tokenizer::Token::EOF);
    let parsed = if !clean && dialect == Dialect::Postgres {
        parser = Parser::new(flavor(dialect), written);
        parser.parse_statement()
    } else {
        folded
    };
    let stmt = parsed.map_err(|e| {
        let mut message = e.to_string();
        if let Some(refusal) = super::common::parser_refusal(dialect, &message) {
            return refusal;
        }
        // PostgreSQL reads the `;` too: a statement cut short stops there, not at the end.
        if message.contains("found: EOF") && followed_by_semicolon(text, raw.span.end) {
            message = message.replace("found: EOF", "found: ;");
        }
        let mut e = syntax_error(dialect, &message);
        // An error at the end of the input has no token to point at: the statement's end.
        e.pos.get_or_insert(raw.span.end);
        e
    })?;
    let next = parser.peek_token();
    if !matches!(next.token, sqlparser::tokenizer::Token::EOF) {
        let near = crate::sql::print::ToSql::to_sql(&next.token);
        let mut e = syntax_error(
            dialect,
            &format!(
                "unexpected `{near}`: the statement could end before it; if a new statement starts here, end the previous one with a semicolon{}",
                next.span.start
            ),
        );
        if dialect == Dialect::Postgres {
            e.message = format!("syntax error at or near \"{near}\"");
        }
        // An article's code blocks pasted one after another often lack the `;` between
        // them: offer the text with it added, if a statement then ends there.
        let (line, column) = (next.span.start.line, next.span.start.column);
        e.fixed_text = semicolon_before(text, line, column);
        return Err(e);
    }
    let mut stmt = stmt;
    if dialect == Dialect::Postgres {
        super::postgres::reserved::check(&stmt, &raw.tokens)?;
    }
    if dialect == Dialect::MySql {
        mysql::reserved::check(&stmt, lines, raw.span)?;
        mysql::result_names::name_as_typed(&mut stmt, &raw.tokens, lines);
    }
    Ok(stmt)
}

/// `text` with a `;` after the last word before (1-based) `line`:`column`, where a statement
/// could have ended; `None` when there is no such word.
fn semicolon_before(text: &str, line: u64, column: u64) -> Option<String> {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(usize::try_from(line).ok()?.checked_sub(1)?)
        .map(str::len)
        .sum();
    let at = line_start
        + text[line_start..]
            .char_indices()
            .nth(usize::try_from(column).ok()?.checked_sub(1)?)
            .map_or(text.len() - line_start, |(i, _)| i);
    let before = text.get(..at)?.trim_end();
    if before.is_empty() || before.ends_with(';') {
        return None;
    }
    Some(format!("{before};{}", &text[before.len()..]))
}

/// Whether the next thing after (1-based) `end` in `text`, spaces aside, is a `;`.
fn followed_by_semicolon(text: &str, end: crate::source::Pos) -> bool {
    let line_start: usize = text
        .split_inclusive('\n')
        .take((end.line as usize).saturating_sub(1))
        .map(str::len)
        .sum();
    let Some(line) = text.get(line_start..) else {
        return false;
    };
    let at = line
        .char_indices()
        .nth((end.column as usize).saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    line[at..]
        .trim_start_matches(|c: char| c.is_whitespace())
        .starts_with(';')
}

/// PostgreSQL's message for a parser error: the token it stopped at.
fn postgres_syntax_error(parser_message: &str) -> String {
    match parser_message.rsplit_once("found: ").map(|(_, t)| t.trim()) {
        Some("EOF") | None => "syntax error at end of input".into(),
        Some(token) => format!("syntax error at or near \"{}\"", token.trim_matches('"')),
    }
}

fn syntax_error(dialect: Dialect, message: &str) -> StepError {
    let message = message
        .strip_prefix("sql parser error: ")
        .unwrap_or(message);
    let (message, pos) = parser_error(message);
    let message = match (dialect, pos) {
        // PostgreSQL's own words (its clients show the place beside them, as the UI does).
        (Dialect::Postgres, _) => postgres_syntax_error(&message),
        (_, Some(p)) => format!("syntax error at {p}: {message}"),
        (_, None) => format!("syntax error: {message}"),
    };
    StepError {
        class: ErrorClass::Other,
        native: syntax_code(dialect).into(),
        message,
        pos,
        fixed_text: None,
    }
}
