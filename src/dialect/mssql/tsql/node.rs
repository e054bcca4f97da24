//! A T-SQL batch as the reader leaves it: a tree of statements. SQL statements (SELECT,
//! INSERT, CREATE TABLE ...) carry sqlparser's AST; the procedural ones (DECLARE, IF, cursors,
//! transactions, procedures) are ours, because they run in the interpreter, not on SQLite.

use crate::source::Span;
use crate::sql::Duplicate;
use crate::trace::StepError;
use sqlparser::ast::{Expr, Query, Statement};

/// One statement with where it was written.
#[derive(Debug, Clone)]
pub struct Node {
    pub kind: Kind,
    pub span: Span,
    /// The statement as written.
    pub text: String,
    /// What the reader changed or ignored (storage options, hints), for the "what ran" panel.
    pub notes: Vec<String>,
    /// `-- note:` comments written just above the statement: the lesson's voice.
    pub remarks: Vec<String>,
}

#[derive(Debug)]
pub enum Kind {
    /// Planned by the SQL Server front-end when it runs, after variables are substituted.
    Sql(Box<Statement>),
    /// `UPDATE/DELETE ... WHERE CURRENT OF c`: the statement without its WHERE, and the cursor.
    CurrentOf {
        stmt: Box<Statement>,
        cursor: String,
    },
    /// `SELECT @a = col, ... FROM ...`: runs the query, assigns the last row.
    SelectAssign {
        vars: Vec<String>,
        query: Box<Query>,
    },
    Declare(Vec<VarDecl>),
    DeclareCursor {
        name: String,
        query: Box<Query>,
    },
    SetVar {
        var: String,
        expr: Expr,
    },
    /// `SET NOCOUNT ON` and other session options.
    SetOption {
        name: String,
        on: bool,
    },
    SetIsolation(crate::dialect::plan::Isolation),
    Block(Vec<Node>),
    If {
        cond: Expr,
        then: Box<Node>,
        otherwise: Option<Box<Node>>,
    },
    While {
        cond: Expr,
        body: Box<Node>,
    },
    Break,
    Continue,
    BeginTran,
    Commit,
    Rollback,
    Open(String),
    Fetch {
        cursor: String,
        into: Vec<String>,
    },
    Close(String),
    Deallocate(String),
    Return(Option<Expr>),
    Exec {
        name: String,
        args: Vec<(Option<String>, Expr)>,
    },
    CreateProc(ProcDef),
    Print(Expr),
    /// `ALTER DATABASE ... SET READ_COMMITTED_SNAPSHOT ON|OFF`.
    ReadCommittedSnapshot(bool),
}

#[derive(Debug)]
pub struct VarDecl {
    pub name: String,
    pub type_text: String,
    pub init: Option<Expr>,
}

/// A stored procedure: what `CREATE PROCEDURE` keeps in the catalog.
#[derive(Debug, Clone)]
pub struct ProcDef {
    pub name: String,
    pub params: Vec<Param>,
    pub body: Vec<Node>,
    /// Where the whole `CREATE PROCEDURE` was written, and its text: what makes two
    /// definitions the same (see the `PartialEq` below).
    pub span: Span,
    pub source: String,
}

/// Two definitions are the same when they were read from the same text at the same place:
/// the reader is deterministic, so their trees, and the places in their errors, are equal too.
/// Comparing the text keeps sqlparser's `PartialEq` for whole statements (about 45 KB of code)
/// out of the browser download; the plan cache compares catalogs, which hold procedures.
impl PartialEq for ProcDef {
    fn eq(&self, other: &ProcDef) -> bool {
        self.span == other.span && self.source == other.source
    }
}

#[derive(Debug)]
pub struct Param {
    pub name: String,
    pub type_text: String,
    pub default: Option<Expr>,
}

// The syntax trees inside are copied with `Duplicate`, not sqlparser's `Clone`, whose code for
// every statement of every database would otherwise be linked into the browser download.
impl Clone for Kind {
    fn clone(&self) -> Self {
        match self {
            Kind::Sql(stmt) => Kind::Sql(stmt.duplicate()),
            Kind::CurrentOf { stmt, cursor } => Kind::CurrentOf {
                stmt: stmt.duplicate(),
                cursor: cursor.clone(),
            },
            Kind::SelectAssign { vars, query } => Kind::SelectAssign {
                vars: vars.clone(),
                query: query.duplicate(),
            },
            Kind::Declare(decls) => Kind::Declare(decls.clone()),
            Kind::DeclareCursor { name, query } => Kind::DeclareCursor {
                name: name.clone(),
                query: query.duplicate(),
            },
            Kind::SetVar { var, expr } => Kind::SetVar {
                var: var.clone(),
                expr: expr.duplicate(),
            },
            Kind::SetOption { name, on } => Kind::SetOption {
                name: name.clone(),
                on: *on,
            },
            Kind::SetIsolation(level) => Kind::SetIsolation(*level),
            Kind::Block(nodes) => Kind::Block(nodes.clone()),
            Kind::If {
                cond,
                then,
                otherwise,
            } => Kind::If {
                cond: cond.duplicate(),
                then: then.clone(),
                otherwise: otherwise.clone(),
            },
            Kind::While { cond, body } => Kind::While {
                cond: cond.duplicate(),
                body: body.clone(),
            },
            Kind::Break => Kind::Break,
            Kind::Continue => Kind::Continue,
            Kind::BeginTran => Kind::BeginTran,
            Kind::Commit => Kind::Commit,
            Kind::Rollback => Kind::Rollback,
            Kind::Open(c) => Kind::Open(c.clone()),
            Kind::Fetch { cursor, into } => Kind::Fetch {
                cursor: cursor.clone(),
                into: into.clone(),
            },
            Kind::Close(c) => Kind::Close(c.clone()),
            Kind::Deallocate(c) => Kind::Deallocate(c.clone()),
            Kind::Return(e) => Kind::Return(e.duplicate()),
            Kind::Exec { name, args } => Kind::Exec {
                name: name.clone(),
                args: args
                    .iter()
                    .map(|(n, e)| (n.clone(), e.duplicate()))
                    .collect(),
            },
            Kind::CreateProc(p) => Kind::CreateProc(p.clone()),
            Kind::Print(e) => Kind::Print(e.duplicate()),
            Kind::ReadCommittedSnapshot(on) => Kind::ReadCommittedSnapshot(*on),
        }
    }
}

impl Clone for VarDecl {
    fn clone(&self) -> Self {
        VarDecl {
            name: self.name.clone(),
            type_text: self.type_text.clone(),
            init: self.init.duplicate(),
        }
    }
}

impl Clone for Param {
    fn clone(&self) -> Self {
        Param {
            name: self.name.clone(),
            type_text: self.type_text.clone(),
            default: self.default.duplicate(),
        }
    }
}

/// One batch, read. SQL Server compiles a whole batch before running any of it, so a batch
/// with an error runs nothing: `error` is then its only outcome.
#[derive(Debug, Clone)]
pub struct Batch {
    pub nodes: Vec<Node>,
    pub error: Option<StepError>,
    /// `GO n` runs the batch n times.
    pub repeat: u32,
    pub span: Span,
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::{Kind, ProcDef};
    use crate::dialect::mssql::tsql::reader::read_script;

    fn procedure(text: &str) -> ProcDef {
        let script = read_script(text);
        let node = script.batches.into_iter().flat_map(|b| b.nodes).next();
        match node.map(|n| n.kind) {
            Some(Kind::CreateProc(def)) => def,
            _ => panic!("no procedure read from {text}"),
        }
    }

    /// The plan cache reuses plans made for an equal catalog: a procedure redefined with
    /// another body must never compare equal to the old one, or the old body would run.
    #[test]
    fn procedures_are_equal_only_when_written_the_same() {
        let pop = "CREATE PROCEDURE pop AS DELETE TOP (1) FROM q";
        assert_eq!(procedure(pop), procedure(pop));
        assert_ne!(
            procedure(pop),
            procedure("CREATE PROCEDURE pop AS DELETE TOP (2) FROM q")
        );
        // The same text further down: its errors would name other places.
        assert_ne!(procedure(pop), procedure(&format!("\n{pop}")));
    }
}
