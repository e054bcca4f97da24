//! Reads T-SQL batches into statement trees. T-SQL needs no semicolons: a statement ends where
//! the next one begins, so the reader knows which keywords start a statement and the few
//! places where they do not (`INSERT ... SELECT`, `UPDATE ... SET`, `WITH (hints)`, `FOR
//! UPDATE`, `CASE ... END` ...). SQL statements are handed to sqlparser one at a time, after
//! the token fixes in `dialect::mssql::tokens`; procedural statements are read here.

use super::batches::split_batches;
use super::node::{Batch, Kind, Node, Param, ProcDef, VarDecl};
use crate::dialect::mssql::tokens as fixes;
use crate::dialect::plan::Isolation;
use crate::dialect::split::{pos, LineIndex};
use crate::dialect::Dialect;
use crate::limits::{over, MAX_NESTING};
use crate::source::{clean_paste, Pos, Span};
use crate::sql::print::Sql;
use crate::sql::{lexer, Flavor, Parser};
use crate::trace::{Diagnostic, ErrorClass, StepError};
use crate::vec_map::VecMap;
use sqlparser::ast::{Expr, SelectItem, SetExpr, Statement};
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};
use std::cell::Cell;

/// Keywords that start a statement.
const STARTS: &[&str] = &[
    "SELECT",
    "INSERT",
    "UPDATE",
    "DELETE",
    "MERGE",
    "DECLARE",
    "SET",
    "IF",
    "ELSE",
    "WHILE",
    "BEGIN",
    "END",
    "OPEN",
    "FETCH",
    "CLOSE",
    "DEALLOCATE",
    "COMMIT",
    "ROLLBACK",
    "RETURN",
    "EXEC",
    "EXECUTE",
    "WITH",
    "CREATE",
    "ALTER",
    "DROP",
    "TRUNCATE",
    "PRINT",
    "BREAK",
    "CONTINUE",
    "RAISERROR",
    "THROW",
    "WAITFOR",
    "USE",
    "SAVE",
    "GOTO",
];

/// A script read into batches, or what stops it being read at all.
#[derive(Debug, Clone)]
pub struct TsqlScript {
    pub batches: Vec<Batch>,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn read_script(text: &str) -> TsqlScript {
    if let Some(d) = crate::dialect::bounds::check_script_size(text) {
        return TsqlScript {
            batches: Vec::new(),
            diagnostics: vec![d],
        };
    }
    let cleaned = clean_paste(text);
    let tokens = match lexer::tokenize(Flavor::MsSql, &cleaned) {
        Ok(t) => t,
        Err(e) => {
            let at = pos(e.location);
            let fixed_text = unclosed_bracket_fix(text, at);
            let hint = if fixed_text.is_some() {
                " (a bracketed name is not closed: the article lost its `]`; \"Fix\" adds it at the end of the line)"
            } else {
                ""
            };
            return TsqlScript {
                batches: Vec::new(),
                diagnostics: vec![Diagnostic {
                    pos: at,
                    message: format!("{} at {at}{hint}", e.message),
                    fixed_text,
                }],
            };
        }
    };
    if let Some(d) = bracket_across_lines(&tokens, text) {
        return TsqlScript {
            batches: Vec::new(),
            diagnostics: vec![d],
        };
    }
    let lines = LineIndex::new(text);
    let remarks = remarks_by_position(&tokens);
    let batches = split_batches(tokens)
        .into_iter()
        .map(|b| {
            let reader = Reader {
                toks: &b.tokens,
                lines: &lines,
                original: text,
                remarks: &remarks,
                depth: Cell::new(0),
            };
            let span = reader.span(0, b.tokens.len());
            let (nodes, error) = match reader.batch() {
                Ok(n) => (n, None),
                Err(e) => (Vec::new(), Some(e)),
            };
            Batch {
                nodes,
                error,
                repeat: b.repeat,
                text: reader.text(span),
                span,
            }
        })
        .collect::<Vec<Batch>>();
    let nodes = batches.iter().flat_map(|b| &b.nodes);
    let past = nodes
        .clone()
        .nth(crate::limits::MAX_STATEMENTS)
        .map(|n| n.span.start);
    if let Some(d) = crate::dialect::bounds::check_statement_count(nodes.count(), past) {
        return TsqlScript {
            batches: Vec::new(),
            diagnostics: vec![d],
        };
    }
    TsqlScript {
        batches,
        diagnostics: Vec::new(),
    }
}

/// `[PRIMARY` left open, closed by a `]` lines later: the tokenizer reads it all as one name.
/// No real name spans lines, so it is reported, with the fix.
fn bracket_across_lines(tokens: &[TokenWithSpan], text: &str) -> Option<Diagnostic> {
    tokens.iter().find_map(|t| match &t.token {
        Token::Word(w) if w.quote_style == Some('[') && w.value.contains('\n') => {
            let at = pos(t.span.start);
            let first = w.value.lines().next().unwrap_or_default();
            Some(Diagnostic {
                pos: at,
                message: format!(
                    "the bracketed name [{first} at {at} is not closed on its line (the article lost its `]`; \"Fix\" adds it)"
                ),
                fixed_text: unclosed_bracket_fix(text, at),
            })
        }
        _ => None,
    })
}

/// A `[name` left open at `at`: the text with `]` added after the name, on its line.
fn unclosed_bracket_fix(text: &str, at: Pos) -> Option<String> {
    let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
    let line = lines.get_mut((at.line as usize).checked_sub(1)?)?;
    let col = (at.column as usize).checked_sub(1)?;
    let rest: String = line.chars().skip(col).collect();
    if !rest.starts_with('[') || rest.contains(']') {
        return None;
    }
    let name_len = rest
        .chars()
        .skip(1)
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ' ')
        .count();
    let cut = col + 1 + name_len;
    let head: String = line.chars().take(cut).collect();
    let tail: String = line.chars().skip(cut).collect();
    *line = format!("{}]{tail}", head.trim_end());
    Some(lines.join("\n"))
}

struct Reader<'a> {
    toks: &'a [TokenWithSpan],
    lines: &'a LineIndex<'a>,
    original: &'a str,
    remarks: &'a VecMap<Pos, Vec<String>>,
    /// How many statements (BEGIN, IF, WHILE) the one being read is nested in: checked
    /// against `MAX_NESTING` before going one deeper, so no input overflows the stack.
    depth: Cell<usize>,
}

/// `-- note:` comments, by the position of the token that follows them.
fn remarks_by_position(tokens: &[TokenWithSpan]) -> VecMap<Pos, Vec<String>> {
    let mut out = VecMap::new();
    let mut pending = Vec::new();
    for t in tokens {
        match &t.token {
            Token::Whitespace(Whitespace::SingleLineComment { comment, .. }) => {
                if let Some(r) = comment.trim().strip_prefix("note:") {
                    pending.push(r.trim().to_string());
                }
            }
            Token::Whitespace(_) => {}
            _ if !pending.is_empty() => {
                out.insert(pos(t.span.start), std::mem::take(&mut pending));
            }
            _ => {}
        }
    }
    out
}

type Read<T> = Result<T, StepError>;

impl Reader<'_> {
    fn batch(&self) -> Read<Vec<Node>> {
        let mut nodes = Vec::new();
        let mut i = self.skip_semis(0);
        while i < self.toks.len() {
            if self.is_create_proc(i) && !nodes.is_empty() {
                return Err(self.proc_not_first(i));
            }
            let (node, next) = self.statement(i)?;
            nodes.push(node);
            i = self.skip_semis(next);
        }
        Ok(nodes)
    }

    /// One statement from `i`; returns it and where the next begins.
    fn statement(&self, i: usize) -> Read<(Node, usize)> {
        let depth = self.depth.get();
        if depth >= MAX_NESTING {
            let at = self.position(i);
            return Err(StepError {
                class: ErrorClass::Other,
                native: crate::dialect::mssql::errors::TOO_COMPLEX.into(),
                message: format!(
                    "{} (at {at})",
                    over(
                        "blocks nested in one another (BEGIN, IF, WHILE)",
                        depth + 1,
                        MAX_NESTING,
                        "MAX_NESTING"
                    )
                ),
                pos: Some(at),
                fixed_text: None,
            });
        }
        self.depth.set(depth + 1);
        let read = self.statement_inside(i);
        self.depth.set(depth);
        read
    }

    fn statement_inside(&self, i: usize) -> Read<(Node, usize)> {
        let k = self.kw(i).unwrap_or_default();
        match k.as_str() {
            "BEGIN" => self.begin(i),
            "END" => Err(self.error(i, "END without a BEGIN before it")),
            "ELSE" => Err(self.error(i, "ELSE without an IF before it")),
            "IF" => self.if_statement(i),
            "WHILE" => self.while_statement(i),
            "BREAK" => Ok((self.node(Kind::Break, i, i + 1), i + 1)),
            "CONTINUE" => Ok((self.node(Kind::Continue, i, i + 1), i + 1)),
            "DECLARE" => self.declare(i),
            "SET" => self.set(i),
            "OPEN" | "CLOSE" | "DEALLOCATE" => self.cursor_verb(i, &k),
            "FETCH" => self.fetch(i),
            "COMMIT" | "ROLLBACK" => self.end_tran(i, &k),
            "RETURN" => self.return_statement(i),
            "EXEC" | "EXECUTE" => self.exec(i),
            "PRINT" => {
                let end = self.simple_end(i);
                let e = self.expr(i + 1, end)?;
                Ok((self.node(Kind::Print(e), i, end), end))
            }
                        "CREATE" | "ALTER" if self.is_create_proc(i) => self.create_proc(i),
            "ALTER" if self.kw(i + 1).as_deref() == Some("DATABASE") => self.alter_database(i),
            "SAVE" => Err(self.unsupported(
                i,
                "SAVE TRANSACTION (savepoints) is not supported; use BEGIN TRAN ... COMMIT/ROLLBACK",
            )),
            "RAISERROR" | "THROW" | "GOTO" | "WAITFOR" => Err(self.unsupported(
                i,
                &format!("{k} is not supported; Queue Lab runs the queue statements (SELECT, INSERT, UPDATE, DELETE, cursors, transactions, procedures)"),
            )),
            _ => self.sql(i),
        }
    }

    fn begin(&self, i: usize) -> Read<(Node, usize)> {
        match self.kw(i + 1).as_deref() {
            Some("TRAN" | "TRANSACTION") => {
                let mut end = i + 2;
                if self.is_name_token(end) {
                    end += 1;
                }
                Ok((self.node(Kind::BeginTran, i, end), end))
            }
            Some("TRY" | "CATCH") => Err(self.unsupported(
                i,
                "BEGIN TRY / BEGIN CATCH is not supported; errors stop the batch as they would without a handler",
            )),
            Some("DISTRIBUTED") => Err(self.unsupported(
                i,
                "BEGIN DISTRIBUTED TRANSACTION is not supported; use BEGIN TRANSACTION",
            )),
            _ => {
                let mut j = self.skip_semis(i + 1);
                let mut body = Vec::new();
                loop {
                    if j >= self.toks.len() {
                        return Err(self.error(
                            i,
                            "BEGIN has no matching END in this batch (a GO line ends a batch: is there one inside the block?)",
                        ));
                    }
                    if self.kw(j).as_deref() == Some("END") {
                        break;
                    }
                    if self.is_create_proc(j) {
                        return Err(self.proc_not_first(j));
                    }
                    let (n, next) = self.statement(j)?;
                    body.push(n);
                    j = self.skip_semis(next);
                }
                Ok((self.node(Kind::Block(body), i, j + 1), j + 1))
            }
        }
    }

    fn if_statement(&self, i: usize) -> Read<(Node, usize)> {
        let cond_end = self.condition_end(i + 1);
        if cond_end >= self.toks.len() {
            return Err(self.error(i, "IF needs a statement after its condition"));
        }
        let cond = self.expr(i + 1, cond_end)?;
        let (then, mut j) = self.statement(cond_end)?;
        let mut otherwise = None;
        let after = self.skip_semis(j);
        if self.kw(after).as_deref() == Some("ELSE") {
            if after + 1 >= self.toks.len() {
                return Err(self.error(after, "ELSE needs a statement after it"));
            }
            let (e, next) = self.statement(after + 1)?;
            otherwise = Some(Box::new(e));
            j = next;
        }
        let node = Node {
            text: self.text(self.span(i, cond_end)),
            ..self.node(
                Kind::If {
                    cond,
                    then: Box::new(then),
                    otherwise,
                },
                i,
                j,
            )
        };
        Ok((node, j))
    }

    fn while_statement(&self, i: usize) -> Read<(Node, usize)> {
        let cond_end = self.condition_end(i + 1);
        if cond_end >= self.toks.len() {
            return Err(self.error(i, "WHILE needs a statement after its condition"));
        }
        let cond = self.expr(i + 1, cond_end)?;
        let (body, j) = self.statement(cond_end)?;
        let node = Node {
            text: self.text(self.span(i, cond_end)),
            ..self.node(
                Kind::While {
                    cond,
                    body: Box::new(body),
                },
                i,
                j,
            )
        };
        Ok((node, j))
    }

    fn declare(&self, i: usize) -> Read<(Node, usize)> {
        let is_cursor = (i + 2..i + 4)
            .take_while(|&j| j < self.toks.len())
            .any(|j| self.kw(j).as_deref() == Some("CURSOR"));
        if is_cursor && !self.is_var(i + 1) {
            return self.declare_cursor(i);
        }
        let end = self.simple_end(i);
        let mut vars = Vec::new();
        for (a, b) in self.split_commas(i + 1, end) {
            if !self.is_var(a) {
                return Err(self.error(
                    a,
                    "DECLARE expects a variable such as @id (or `name CURSOR FOR SELECT ...`)",
                ));
            }
            let name = self.word(a).unwrap_or_default();
            let mut t = a + 1;
            if self.kw(t).as_deref() == Some("AS") {
                t += 1;
            }
            if self.kw(t).as_deref() == Some("TABLE") {
                return Err(self.unsupported(
                    t,
                    "table variables are not supported; create a table with CREATE TABLE instead",
                ));
            }
            let eq = (t..b).find(|&j| matches!(self.toks[j].token, Token::Eq));
            let type_end = eq.unwrap_or(b);
            if type_end == t {
                return Err(self.error(a, &format!("{name} needs a type, e.g. `{name} int`")));
            }
            let init = match eq {
                Some(e) => Some(self.expr(e + 1, b)?),
                None => None,
            };
            vars.push(VarDecl {
                name,
                type_text: self.text(self.span(t, type_end)),
                init,
            });
        }
        Ok((self.node(Kind::Declare(vars), i, end), end))
    }

    fn declare_cursor(&self, i: usize) -> Read<(Node, usize)> {
        let name = self.word(i + 1).unwrap_or_default();
        let Some(for_at) = (i + 2..self.toks.len()).find(|&j| self.kw(j).as_deref() == Some("FOR"))
        else {
            return Err(self.error(i, "DECLARE ... CURSOR needs FOR SELECT ..."));
        };
        let start = for_at + 1;
        if self.kw(start).as_deref() != Some("SELECT") && self.kw(start).as_deref() != Some("WITH")
        {
            return Err(self.error(start, "a cursor is declared FOR a SELECT"));
        }
        let end = self.simple_end(start);
        let (tokens, mut notes) = fixes::cursor_query(&self.toks[start..end]);
        let stmt = self.parse_tokens(tokens)?;
        let Statement::Query(query) = stmt else {
            return Err(self.error(start, "a cursor is declared FOR a SELECT"));
        };
        let options: Vec<String> = (i + 2..for_at).filter_map(|j| self.kw(j)).collect();
        let options: Vec<&String> = options.iter().filter(|o| *o != "CURSOR").collect();
        if !options.is_empty() {
            notes.push(format!(
                "cursor options {} accepted: the cursor reads one row per FETCH NEXT, in the query's order",
                crate::join::join(&options.iter().map(|s| s.as_str()).collect::<Vec<_>>(), " ")
            ));
        }
        let mut node = self.node(Kind::DeclareCursor { name, query }, i, end);
        node.notes = notes;
        Ok((node, end))
    }

    fn set(&self, i: usize) -> Read<(Node, usize)> {
        let end = self.simple_end(i);
        if self.is_var(i + 1) {
            let var = self.word(i + 1).unwrap_or_default();
            let op = self.toks.get(i + 2).map(|t| &t.token);
            let compound = match op {
                Some(Token::Eq) => None,
                Some(Token::Plus) | Some(Token::Minus) | Some(Token::Mul) | Some(Token::Div)
                    if matches!(self.toks.get(i + 3).map(|t| &t.token), Some(Token::Eq)) =>
                {
                    op
                }
                _ => return Err(self.error(i + 1, &format!("SET {var} needs `= value`"))),
            };
            let value_at = if compound.is_some() { i + 4 } else { i + 3 };
            let mut expr = self.expr(value_at, end)?;
            if let Some(op) = compound {
                let sql_op = match op {
                    Token::Plus => sqlparser::ast::BinaryOperator::Plus,
                    Token::Minus => sqlparser::ast::BinaryOperator::Minus,
                    Token::Mul => sqlparser::ast::BinaryOperator::Multiply,
                    _ => sqlparser::ast::BinaryOperator::Divide,
                };
                expr = Expr::BinaryOp {
                    left: Box::new(Expr::Identifier(sqlparser::ast::Ident::new(&var))),
                    op: sql_op,
                    right: Box::new(Expr::Nested(Box::new(expr))),
                };
            }
            return Ok((self.node(Kind::SetVar { var, expr }, i, end), end));
        }
        let words: Vec<String> = (i + 1..end).filter_map(|j| self.kw(j)).collect();
        let kind = match words.iter().map(|s| s.as_str()).collect::<Vec<_>>().as_slice() {
            ["TRANSACTION", "ISOLATION", "LEVEL", rest @ ..] => {
                Kind::SetIsolation(match crate::join::join(rest, " ").as_str() {
                    "READ UNCOMMITTED" => Isolation::ReadUncommitted,
                    "READ COMMITTED" => Isolation::ReadCommitted,
                    "REPEATABLE READ" => Isolation::RepeatableRead,
                    "SERIALIZABLE" => Isolation::Serializable,
                    "SNAPSHOT" => {
                        return Err(self.unsupported(
                            i,
                            "SNAPSHOT isolation is not modelled; use READ COMMITTED (with READ_COMMITTED_SNAPSHOT for row versions) or REPEATABLE READ",
                        ))
                    }
                    other => return Err(self.error(i, &format!("unknown isolation level {other}"))),
                })
            }
            [name, on] if *on == "ON" || *on == "OFF" => Kind::SetOption {
                name: name.to_string(),
                on: *on == "ON",
            },
            _ => {
                let text = self.text(self.span(i, end));
                Kind::SetOption {
                    name: text.trim_start_matches(|c: char| c.is_alphabetic()).trim().to_string(),
                    on: true,
                }
            }
        };
        Ok((self.node(kind, i, end), end))
    }

    fn cursor_verb(&self, i: usize, verb: &str) -> Read<(Node, usize)> {
        let mut j = i + 1;
        if self.kw(j).as_deref() == Some("GLOBAL") {
            j += 1;
        }
        let Some(name) = self.word(j) else {
            return Err(self.error(i, &format!("{verb} needs a cursor name")));
        };
        let kind = match verb {
            "OPEN" => Kind::Open(name),
            "CLOSE" => Kind::Close(name),
            _ => Kind::Deallocate(name),
        };
        Ok((self.node(kind, i, j + 1), j + 1))
    }

    fn fetch(&self, i: usize) -> Read<(Node, usize)> {
        let mut j = i + 1;
        match self.kw(j).as_deref() {
            Some("NEXT") => j += 1,
            Some(other @ ("PRIOR" | "FIRST" | "LAST" | "ABSOLUTE" | "RELATIVE")) => {
                return Err(self.unsupported(
                    j,
                    &format!("FETCH {other} needs a scroll cursor, which is not modelled; use FETCH NEXT"),
                ))
            }
            _ => {}
        }
        if self.kw(j).as_deref() == Some("FROM") {
            j += 1;
        }
        if self.kw(j).as_deref() == Some("GLOBAL") {
            j += 1;
        }
        let Some(cursor) = self.word(j) else {
            return Err(self.error(i, "FETCH needs a cursor name: FETCH NEXT FROM c INTO @a"));
        };
        j += 1;
        let mut into = Vec::new();
        let mut end = j;
        if self.kw(j).as_deref() == Some("INTO") {
            end = self.simple_end(j);
            for (a, b) in self.split_commas(j + 1, end) {
                if b != a + 1 || !self.is_var(a) {
                    return Err(self.error(a, "FETCH ... INTO lists variables: INTO @a, @b"));
                }
                into.push(self.word(a).unwrap_or_default());
            }
            if into.is_empty() {
                return Err(self.error(j, "FETCH ... INTO needs at least one variable"));
            }
        }
        Ok((self.node(Kind::Fetch { cursor, into }, i, end), end))
    }

    fn end_tran(&self, i: usize, verb: &str) -> Read<(Node, usize)> {
        let mut end = i + 1;
        if matches!(
            self.kw(end).as_deref(),
            Some("TRAN" | "TRANSACTION" | "WORK")
        ) {
            end += 1;
            if self.is_name_token(end) {
                end += 1;
            }
        }
        let kind = if verb == "COMMIT" {
            Kind::Commit
        } else {
            Kind::Rollback
        };
        Ok((self.node(kind, i, end), end))
    }

    fn return_statement(&self, i: usize) -> Read<(Node, usize)> {
        let next = i + 1;
        let has_value = next < self.toks.len()
            && !matches!(self.toks[next].token, Token::SemiColon)
            && !self.kw(next).is_some_and(|k| STARTS.contains(&k.as_str()));
        if !has_value {
            return Ok((self.node(Kind::Return(None), i, next), next));
        }
        let end = self.simple_end(i);
        let e = self.expr(next, end)?;
        Ok((self.node(Kind::Return(Some(e)), i, end), end))
    }

    fn exec(&self, i: usize) -> Read<(Node, usize)> {
        let end = self.simple_end(i);
        let mut j = i + 1;
        if self.is_var(j) && matches!(self.toks.get(j + 1).map(|t| &t.token), Some(Token::Eq)) {
            j += 2; // EXEC @rc = proc: the return code is not kept
        }
        let Some((name, after)) = self.dotted_name(j) else {
            if matches!(self.toks.get(j).map(|t| &t.token), Some(Token::LParen)) {
                return Err(self.unsupported(
                    j,
                    "EXEC ('dynamic SQL') is not supported; write the statement itself",
                ));
            }
            return Err(self.error(i, "EXEC needs a procedure name"));
        };
        let j = after;
        let mut args = Vec::new();
        for (a, mut b) in self.split_commas(j, end) {
            while b > a && matches!(self.kw(b - 1).as_deref(), Some("OUTPUT" | "OUT")) {
                b -= 1;
            }
            if self.is_var(a) && matches!(self.toks.get(a + 1).map(|t| &t.token), Some(Token::Eq)) {
                args.push((self.word(a), self.expr(a + 2, b)?));
            } else {
                args.push((None, self.expr(a, b)?));
            }
        }
        Ok((self.node(Kind::Exec { name, args }, i, end), end))
    }

    /// `[dbo].[name]` or `name` at `j`: the last part, and where the name ends.
    fn dotted_name(&self, j: usize) -> Option<(String, usize)> {
        let mut name = self.word(j)?;
        let mut j = j + 1;
        while matches!(self.toks.get(j).map(|t| &t.token), Some(Token::Period)) {
            if let Some(n) = self.word(j + 1) {
                name = n;
            }
            j += 2;
        }
        Some((name, j))
    }

    fn is_create_proc(&self, i: usize) -> bool {
        let mut j = i + 1;
        if !matches!(self.kw(i).as_deref(), Some("CREATE" | "ALTER")) {
            return false;
        }
        if self.kw(j).as_deref() == Some("OR") {
            j += 2;
        }
        matches!(self.kw(j).as_deref(), Some("PROC" | "PROCEDURE"))
    }

    fn create_proc(&self, i: usize) -> Read<(Node, usize)> {
        let mut j = i + 1;
        if self.kw(j).as_deref() == Some("OR") {
            j += 2;
        }
        j += 1; // PROC
        let Some((name, after)) = self.dotted_name(j) else {
            return Err(self.error(j, "CREATE PROCEDURE needs a name"));
        };
        let j = after;
        let Some(as_at) = self.find_depth0(j, |r, k| r.kw(k).as_deref() == Some("AS")) else {
            return Err(self.error(i, "CREATE PROCEDURE needs AS before its body"));
        };
        let (mut pa, mut pb) = (j, as_at);
        if let Some(w) = self.find_depth0(j, |r, k| r.kw(k).as_deref() == Some("WITH")) {
            if w < as_at {
                pb = w; // WITH RECOMPILE / EXECUTE AS: options with no meaning here
            }
        }
        if matches!(self.toks.get(pa).map(|t| &t.token), Some(Token::LParen))
            && pb > pa
            && matches!(self.toks[pb - 1].token, Token::RParen)
        {
            pa += 1;
            pb -= 1;
        }
        let mut params = Vec::new();
        for (a, b) in self.split_commas(pa, pb) {
            if !self.is_var(a) {
                return Err(self.error(a, "a procedure parameter is written @name type"));
            }
            let mut b = b;
            while b > a
                && matches!(
                    self.kw(b - 1).as_deref(),
                    Some("OUTPUT" | "OUT" | "READONLY")
                )
            {
                b -= 1;
            }
            let eq = (a..b).find(|&k| matches!(self.toks[k].token, Token::Eq));
            let mut t = a + 1;
            if self.kw(t).as_deref() == Some("AS") {
                t += 1;
            }
            params.push(Param {
                name: self.word(a).unwrap_or_default(),
                type_text: self.text(self.span(t, eq.unwrap_or(b))),
                default: match eq {
                    Some(e) => Some(self.expr(e + 1, b)?),
                    None => None,
                },
            });
        }
        let mut body = Vec::new();
        let mut k = self.skip_semis(as_at + 1);
        while k < self.toks.len() {
            if self.is_create_proc(k) {
                return Err(self.proc_not_first(k));
            }
            let (n, next) = self.statement(k)?;
            body.push(n);
            k = self.skip_semis(next);
        }
        let end = self.toks.len();
        let span = self.span(i, end);
        let source = self.text(span);
        let def = ProcDef {
            name,
            params,
            body,
            span,
            source,
        };
        let node = Node {
            text: self.text(self.span(i, as_at + 1)),
            ..self.node(Kind::CreateProc(def), i, end)
        };
        Ok((node, end))
    }

    /// `ALTER DATABASE x SET READ_COMMITTED_SNAPSHOT ON|OFF [WITH ...]`: the one database option
    /// that changes what queue code does.
    fn alter_database(&self, i: usize) -> Read<(Node, usize)> {
        let end = self.simple_end(i);
        let words: Vec<String> = (i..end).filter_map(|j| self.kw(j)).collect();
        match words.iter().position(|w| w == "READ_COMMITTED_SNAPSHOT") {
            Some(p) => {
                let on = words.get(p + 1).map(String::as_str) == Some("ON");
                Ok((self.node(Kind::ReadCommittedSnapshot(on), i, end), end))
            }
            None => Err(self.unsupported(
                i,
                "ALTER DATABASE supports SET READ_COMMITTED_SNAPSHOT ON|OFF only; other options change nothing here",
            )),
        }
    }

    /// A SQL statement for sqlparser.
    fn sql(&self, i: usize) -> Read<(Node, usize)> {
        let end = self.simple_end(i);
        let fixed = fixes::statement(&self.toks[i..end]);
        let stmt = self.parse_tokens(fixed.tokens)?;
        let mut stmt = stmt;
        if let Some(top) = fixed.top {
            let n = self.expr_tokens(top)?;
            match &mut stmt {
                Statement::Delete(d) => d.limit = Some(n),
                Statement::Update(u) => u.limit = Some(n),
                _ => {}
            }
        }
        let kind = match (fixed.current_of, stmt) {
            (Some(cursor), stmt) => Kind::CurrentOf {
                stmt: Box::new(stmt),
                cursor,
            },
            (None, Statement::Query(q)) => match assigned_vars(&q) {
                Some(vars) => Kind::SelectAssign { vars, query: q },
                None => Kind::Sql(Box::new(Statement::Query(q))),
            },
            (None, stmt) => Kind::Sql(Box::new(stmt)),
        };
        let mut node = self.node(kind, i, end);
        node.notes = fixed.notes;
        Ok((node, end))
    }

    // ---- statement boundaries ----

    /// Where a SQL statement starting at `start` ends: a `;` or the next statement's first
    /// keyword, outside parentheses.
    fn simple_end(&self, start: usize) -> usize {
        let mut verb = self.kw(start).unwrap_or_default();
        let (mut depth, mut cases) = (0usize, 0usize);
        let (mut seen_values, mut seen_set) = (false, false);
        let mut i = start + 1;
        while i < self.toks.len() {
            match &self.toks[i].token {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                Token::SemiColon if depth == 0 => return i,
                Token::Word(w) if depth == 0 && w.quote_style.is_none() => {
                    let k = w.value.to_ascii_uppercase();
                    if k == "CASE" {
                        cases += 1;
                    } else if k == "END" && cases > 0 {
                        cases -= 1;
                    } else if cases == 0
                        && STARTS.contains(&k.as_str())
                        && !self.continues(&verb, &k, i, seen_values, seen_set)
                    {
                        // (Inside CASE ... END, ELSE is the expression's, not IF's.)
                        return i;
                    }
                    match k.as_str() {
                        "VALUES" => seen_values = true,
                        "SET" => seen_set = true,
                        "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "MERGE" if verb == "WITH" => {
                            verb = k
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.toks.len()
    }

    /// Whether statement keyword `k` at `i` belongs to the statement begun by `verb`.
    fn continues(&self, verb: &str, k: &str, i: usize, seen_values: bool, seen_set: bool) -> bool {
        let prev = self.kw(i - 1).unwrap_or_default();
        let next_is_paren = matches!(self.toks.get(i + 1).map(|t| &t.token), Some(Token::LParen));
        match k {
            "SELECT" => {
                matches!(prev.as_str(), "UNION" | "ALL" | "EXCEPT" | "INTERSECT")
                    || (verb == "INSERT" && !seen_values)
                    || verb == "WITH"
                    // CREATE VIEW v AS SELECT; a CREATE TABLE's next line may be a SELECT.
                    || (verb == "CREATE" && prev == "AS")
            }
            // `WITH c AS (...) DELETE`, MERGE's actions, `FOR UPDATE`, `ON DELETE CASCADE`.
            "INSERT" | "UPDATE" | "DELETE" => {
                verb == "WITH"
                    || verb == "MERGE"
                    || (prev == "FOR" && k == "UPDATE")
                    || (prev == "ON" && k != "INSERT" && matches!(verb, "CREATE" | "ALTER"))
            }
            "SET" => (verb == "UPDATE" && !seen_set) || verb == "MERGE" || verb == "ALTER",
            "WITH" => next_is_paren || self.kw(i + 1).as_deref() == Some("TIES"),
            "IF" => matches!(
                prev.as_str(),
                "TABLE" | "INDEX" | "PROCEDURE" | "PROC" | "VIEW"
            ),
            _ => false,
        }
    }

    /// Where an IF or WHILE condition ends: at the first statement keyword outside parentheses.
    fn condition_end(&self, start: usize) -> usize {
        let (mut depth, mut cases) = (0usize, 0usize);
        for i in start..self.toks.len() {
            match &self.toks[i].token {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                Token::Word(w) if depth == 0 && w.quote_style.is_none() => {
                    let k = w.value.to_ascii_uppercase();
                    if k == "CASE" {
                        cases += 1;
                    } else if k == "END" && cases > 0 {
                        cases -= 1;
                    } else if cases == 0 && STARTS.contains(&k.as_str()) {
                        return i;
                    }
                }
                _ => {}
            }
        }
        self.toks.len()
    }

    fn find_depth0(&self, start: usize, f: impl Fn(&Self, usize) -> bool) -> Option<usize> {
        let mut depth = 0usize;
        for i in start..self.toks.len() {
            match &self.toks[i].token {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                _ if depth == 0 && f(self, i) => return Some(i),
                _ => {}
            }
        }
        None
    }

    /// Ranges between top-level commas in `a..b`.
    fn split_commas(&self, a: usize, b: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let (mut depth, mut from) = (0usize, a);
        for i in a..b {
            match &self.toks[i].token {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                Token::Comma if depth == 0 => {
                    out.push((from, i));
                    from = i + 1;
                }
                _ => {}
            }
        }
        if from < b {
            out.push((from, b));
        }
        out
    }

    // ---- tokens ----

    fn kw(&self, i: usize) -> Option<String> {
        match &self.toks.get(i)?.token {
            Token::Word(w) if w.quote_style.is_none() => Some(w.value.to_ascii_uppercase()),
            _ => None,
        }
    }

    /// A name (bracketed or not).
    fn word(&self, i: usize) -> Option<String> {
        match &self.toks.get(i)?.token {
            Token::Word(w) => Some(w.value.clone()),
            _ => None,
        }
    }

    fn is_var(&self, i: usize) -> bool {
        matches!(self.toks.get(i).map(|t| &t.token), Some(Token::Word(w)) if w.value.starts_with('@'))
    }

    /// A transaction name after BEGIN/COMMIT TRAN: a word that starts no statement.
    fn is_name_token(&self, i: usize) -> bool {
        match self.toks.get(i).map(|t| &t.token) {
            Some(Token::Word(w)) => {
                w.quote_style.is_some() || !STARTS.contains(&w.value.to_ascii_uppercase().as_str())
            }
            _ => false,
        }
    }

    fn skip_semis(&self, mut i: usize) -> usize {
        while matches!(self.toks.get(i).map(|t| &t.token), Some(Token::SemiColon)) {
            i += 1;
        }
        i
    }

    fn span(&self, a: usize, b: usize) -> Span {
        let first = self.toks.get(a).or(self.toks.last());
        let last = self.toks.get(b.saturating_sub(1).max(a)).or(first);
        match (first, last) {
            (Some(f), Some(l)) => Span {
                start: pos(f.span.start),
                end: pos(l.span.end),
            },
            _ => Span::default(),
        }
    }

    fn text(&self, span: Span) -> String {
        crate::source::strip_prompts(&self.lines.slice(span.start, span.end))
    }

    fn node(&self, kind: Kind, a: usize, b: usize) -> Node {
        let span = self.span(a, b);
        Node {
            kind,
            span,
            text: self.text(span),
            notes: Vec::new(),
            remarks: self.remarks.get(&span.start).cloned().unwrap_or_default(),
        }
    }

    fn position(&self, i: usize) -> Pos {
        self.toks
            .get(i)
            .or(self.toks.last())
            .map(|t| pos(t.span.start))
            .unwrap_or_default()
    }

    // ---- parsing with sqlparser ----

    fn expr(&self, a: usize, b: usize) -> Read<Expr> {
        if a >= b {
            return Err(self.error(a.min(self.toks.len()), "an expression is missing here"));
        }
        self.expr_tokens(crate::sql::copy_all(&self.toks[a..b]))
    }

    fn expr_tokens(&self, tokens: Vec<TokenWithSpan>) -> Read<Expr> {
        let at = tokens
            .first()
            .map(|t| pos(t.span.start))
            .unwrap_or_default();
        crate::dialect::bounds::check_operators(Dialect::MsSql, &tokens)?;
        crate::dialect::foreign::check(Dialect::MsSql, &tokens)?;
        let mut p = Parser::new(Flavor::MsSql, tokens);
        let e = p.parse_expr().map_err(|e| syntax(&e.to_string(), at))?;
        let next = p.peek_token();
        if !matches!(next.token, Token::EOF) {
            return Err(syntax(
                &format!("unexpected `{}` after the expression", Sql(&next.token)),
                pos(next.span.start),
            ));
        }
        Ok(e)
    }

    fn parse_tokens(&self, tokens: Vec<TokenWithSpan>) -> Read<Statement> {
        let at = tokens
            .first()
            .map(|t| pos(t.span.start))
            .unwrap_or_default();
        crate::dialect::bounds::check_operators(Dialect::MsSql, &tokens)?;
        crate::dialect::foreign::check(Dialect::MsSql, &tokens)?;
        let mut p = Parser::new(Flavor::MsSql, tokens);
        let stmt = p
            .parse_statement()
            .map_err(|e| syntax(&e.to_string(), at))?;
        let next = p.peek_token();
        if !matches!(next.token, Token::EOF) {
            return Err(syntax(
                &format!(
                    "unexpected `{}`: the statement could end before it",
                    Sql(&next.token)
                ),
                pos(next.span.start),
            ));
        }
        Ok(stmt)
    }

    // ---- errors ----

    fn error(&self, i: usize, message: &str) -> StepError {
        let at = self.position(i);
        syntax(message, at)
    }

    fn unsupported(&self, i: usize, message: &str) -> StepError {
        let at = self.position(i);
        StepError {
            class: ErrorClass::Other,
            native: "unsupported".into(),
            message: format!("{message} (at {at})"),
            pos: Some(at),
            fixed_text: None,
        }
    }

    /// SQL Server's Msg 111, with the fix: a GO line before the second procedure.
    fn proc_not_first(&self, i: usize) -> StepError {
        let at = self.position(i);
        let mut lines: Vec<&str> = self.original.split('\n').collect();
        let line = (at.line as usize).saturating_sub(1).min(lines.len());
        lines.insert(line, "GO");
        StepError {
            class: ErrorClass::Other,
            native: "111".into(),
            message: format!(
                "'CREATE/ALTER PROCEDURE' must be the first statement in a query batch (at {at}). \
                 A procedure's body runs to the end of its batch: put a GO line before this CREATE."
            ),
            pos: Some(at),
            fixed_text: Some(crate::join::join(&lines, "\n")),
        }
    }
}

/// SQL Server's syntax error (Msg 102), positioned.
fn syntax(message: &str, at: Pos) -> StepError {
    if let Some(mut refusal) = crate::dialect::common::parser_refusal(Dialect::MsSql, message) {
        refusal.pos.get_or_insert(at);
        return refusal;
    }
    let message = message
        .strip_prefix("sql parser error: ")
        .unwrap_or(message);
    let (message, pos) = crate::dialect::split::parser_error(message);
    let pos = pos.unwrap_or(at);
    StepError {
        class: ErrorClass::Other,
        native: crate::dialect::mssql::errors::SYNTAX_ERROR.into(),
        message: format!("Incorrect syntax at {pos}: {message}"),
        pos: Some(pos),
        fixed_text: None,
    }
}

/// `SELECT @a = x, @b = y ...` (sqlparser reads it as `x AS @a`): the variables, in order.
fn assigned_vars(q: &sqlparser::ast::Query) -> Option<Vec<String>> {
    let SetExpr::Select(s) = q.body.as_ref() else {
        return None;
    };
    let vars: Vec<String> = s
        .projection
        .iter()
        .filter_map(|item| match item {
            SelectItem::ExprWithAlias { alias, .. } if alias.value.starts_with('@') => {
                Some(alias.value.clone())
            }
            _ => None,
        })
        .collect();
    (!vars.is_empty()).then_some(vars)
}
