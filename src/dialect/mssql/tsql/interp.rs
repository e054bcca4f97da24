//! One session's T-SQL interpreter: variables, procedure frames, cursors, `@@TRANCOUNT`.
//!
//! Step-driven like the rest of the engine: [`Interp::next`] says what the next statement
//! needs (a plan for the engine, or nothing: DECLARE, OPEN ...), the caller submits the plan
//! (it may wait for locks) and hands the outcome back with [`Interp::deliver`]. So a
//! procedure's body runs one statement per step and other sessions can run in between.

use super::node::{Batch, Kind, Node, ProcDef};
use super::program::{compile, Instr};
use crate::dialect::catalog::Catalog;
use crate::dialect::plan::{CatalogChange, Plan, PlanKind, TxnControl};
use crate::source::Span;
use crate::sql::Duplicate;
use crate::sql::Sql;
use crate::sql::ToSql;
use crate::trace::{ErrorClass, Outcome, StepError, Success, Value};
use crate::vec_map::VecMap;
use sqlparser::ast::{
    Expr, Ident, InTarget, Query, SelectItem, SetExpr, Statement, TopQuantity, Value as SqlValue,
};
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::rc::Rc;

use crate::limits::MAX_BATCH_STATEMENTS;

/// What the next statement needs.
#[derive(Debug, Clone)]
pub enum Next {
    /// Submit the plan to the engine, then [`Interp::deliver`] its outcome.
    Run(Box<Plan>, StepInfo),
    /// Done without the engine.
    Done(Outcome, StepInfo),
    /// The batch has ended.
    Idle,
}

/// The statement a step ran, for the trace.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepInfo {
    pub text: String,
    pub span: Span,
    pub notes: Vec<String>,
    pub remarks: Vec<String>,
}

#[derive(Debug)]
struct Cursor {
    query: Query,
    /// The TOP of its query: how many rows it may fetch in all.
    top: Option<u64>,
    open: bool,
    fetched: Vec<i64>,
    current: Option<i64>,
}

// Trees are copied with `Duplicate`: sqlparser's `Clone` would link its code for every
// statement of every database into the browser download.
impl Clone for Cursor {
    fn clone(&self) -> Self {
        Cursor {
            query: self.query.duplicate(),
            top: self.top,
            open: self.open,
            fetched: self.fetched.clone(),
            current: self.current,
        }
    }
}

/// The INSERT that carries `OUTPUT ... INTO` rows, and where it was written.
#[derive(Debug)]
struct Queued(Statement, StepInfo);

impl Clone for Queued {
    fn clone(&self) -> Self {
        Queued(self.0.duplicate(), self.1.clone())
    }
}

#[derive(Debug, Clone)]
struct CallFrame {
    code: Rc<Vec<Instr>>,
    pc: usize,
    vars: VecMap<String, Value>,
    /// A procedure's SET NOCOUNT lasts until it returns: the caller's value, to put back.
    caller_nocount: Option<bool>,
}

/// What `deliver` must do with the outcome of the plan `next` gave.
#[derive(Debug, Clone)]
enum Pending {
    None,
    Plain,
    Assign(Vec<String>),
    Cond(usize),
    Fetch {
        cursor: String,
        into: Vec<String>,
    },
    Call(ProcDef),
    Print,
    EndTran,
    /// `OUTPUT ... INTO t`: insert the returned rows into t next, as a step of this statement.
    OutputInto(String, Box<StepInfo>),
}

#[derive(Debug, Clone)]
pub struct Interp {
    frames: Vec<CallFrame>,
    cursors: VecMap<String, Cursor>,
    pending: Pending,
    pub trancount: u32,
    /// `SET NOCOUNT ON`: no "(n rows affected)" messages.
    pub nocount: bool,
    rowcount: i64,
    fetch_status: i64,
    spent: u64,
    /// A batch that could not be read: its error is its one step.
    failed: Option<(StepError, StepInfo)>,
    /// The INSERT that carries `OUTPUT ... INTO` rows: the next step.
    queued: Option<Queued>,
}

impl Default for Interp {
    fn default() -> Self {
        Interp {
            frames: Vec::new(),
            cursors: VecMap::new(),
            pending: Pending::None,
            trancount: 0,
            nocount: false,
            rowcount: 0,
            fetch_status: -1,
            spent: 0,
            failed: None,
            queued: None,
        }
    }
}

impl Interp {
    /// Feeds the state that decides what the next statements do to the simulator's
    /// fingerprint: each call frame's place (code length and program counter; which step and
    /// batch comes from the caller) and variables, the cursors (query, position, rows
    /// fetched), `@@TRANCOUNT`, NOCOUNT, `@@ROWCOUNT`, `@@FETCH_STATUS`, the statement budget
    /// spent, and what the pending statement waits to be told. Field by field, never through
    /// `Debug`, whose code would otherwise be carried into the download.
    pub fn digest(&self, h: &mut impl Hasher) {
        for f in &self.frames {
            (f.code.len(), f.pc, f.caller_nocount, &f.vars).hash(h);
        }
        for (name, c) in &self.cursors {
            name.hash(h);
            Sql(&c.query).to_string().hash(h);
            (c.top, c.open, &c.fetched, c.current).hash(h);
        }
        std::mem::discriminant(&self.pending).hash(h);
        match &self.pending {
            Pending::Assign(v) => v.hash(h),
            Pending::Cond(i) => i.hash(h),
            Pending::Fetch { cursor, into } => (cursor, into).hash(h),
            Pending::Call(p) => p.name.hash(h),
            Pending::OutputInto(t, _) => t.hash(h),
            Pending::None | Pending::Plain | Pending::Print | Pending::EndTran => {}
        }
        let queued = self.queued.as_ref().map(|Queued(s, _)| s.to_sql());
        (
            self.trancount,
            self.nocount,
            self.rowcount,
            self.fetch_status,
        )
            .hash(h);
        (self.spent, self.failed.is_some(), queued).hash(h);
    }

    /// Whether a batch is still running.
    pub fn busy(&self) -> bool {
        !self.frames.is_empty() || self.failed.is_some()
    }

    pub fn start(&mut self, batch: &Batch) {
        self.frames.clear();
        self.spent = 0;
        let info = StepInfo {
            text: batch.text.clone(),
            span: batch.span,
            ..Default::default()
        };
        if let Some(e) = &batch.error {
            self.failed = Some((e.clone(), info));
            return;
        }
        match compile(&batch.nodes) {
            Ok(code) => self.frames.push(CallFrame {
                code: Rc::new(code),
                pc: 0,
                vars: VecMap::new(),
                caller_nocount: None,
            }),
            Err(e) => self.failed = Some((e, info)),
        }
    }

    pub fn next(&mut self, catalog: &Catalog) -> Next {
        if let Some((e, info)) = self.failed.take() {
            return Next::Done(Outcome::Error(e), info);
        }
        if let Some(Queued(stmt, info)) = self.queued.take() {
            return self.plan_sql(stmt, Pending::Plain, info, catalog);
        }
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Next::Idle;
            };
            let Some(instr) = frame.code.get(frame.pc).cloned() else {
                self.pop_frame();
                continue;
            };
            frame.pc += 1;
            match instr {
                Instr::Jump(t) => {
                    frame.pc = t;
                    continue;
                }
                Instr::Cond { node, else_at } => {
                    let cond = match &node.kind {
                        Kind::If { cond, .. } | Kind::While { cond, .. } => cond.duplicate(),
                        _ => Expr::Value(SqlValue::Boolean(true).into()),
                    };
                    let info = info_of(&node);
                    if let Some(over) = self.over_budget(&info) {
                        return over;
                    }
                    let sql = Expr::Case {
                        case_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
                        end_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
                        operand: None,
                        conditions: vec![sqlparser::ast::CaseWhen {
                            condition: cond,
                            result: number(1),
                        }],
                        else_result: Some(Box::new(number(0))),
                    };
                    return self.select_values(vec![sql], Pending::Cond(else_at), info, catalog);
                }
                Instr::Stmt(node) => {
                    let info = info_of(&node);
                    if let Some(over) = self.over_budget(&info) {
                        return over;
                    }
                    return self.statement(node, info, catalog);
                }
            }
        }
    }

    fn over_budget(&mut self, info: &StepInfo) -> Option<Next> {
        self.spent += 1;
        if self.spent <= MAX_BATCH_STATEMENTS {
            return None;
        }
        self.frames.clear();
        Some(Next::Done(
            Outcome::Error(error(
                "budget",
                ErrorClass::Other,
                &format!(
                    "the batch was stopped after {} statements, Queue Lab's limit (MAX_BATCH_STATEMENTS): does a WHILE never end (WHILE 1=1 without BREAK)?",
                    crate::limits::thousands(u128::from(MAX_BATCH_STATEMENTS))
                ),
            )),
            info.clone(),
        ))
    }

    fn statement(&mut self, node: Node, info: StepInfo, catalog: &Catalog) -> Next {
        let done = |o: Outcome, info: StepInfo| Next::Done(o, info);
        match node.kind {
            Kind::Sql(stmt) => self.plan_sql(*stmt, Pending::Plain, info, catalog),
            Kind::SelectAssign { vars, query } => {
                let mut q = *query;
                if let SetExpr::Select(s) = q.body.as_mut() {
                    for item in &mut s.projection {
                        if let SelectItem::ExprWithAlias { expr, .. } = item {
                            *item = SelectItem::UnnamedExpr(expr.duplicate());
                        }
                    }
                }
                self.plan_sql(
                    Statement::Query(Box::new(q)),
                    Pending::Assign(vars),
                    info,
                    catalog,
                )
            }
            Kind::CurrentOf { stmt, cursor } => {
                let key = cursor.to_ascii_lowercase();
                let Some(rowid) = self.cursors.get(&key).and_then(|c| c.current) else {
                    return done(
                        Outcome::Error(error(
                            "16930",
                            ErrorClass::Other,
                            "The requested row is not in the fetch buffer.",
                        )),
                        info,
                    );
                };
                let mut stmt = *stmt;
                let cond = Expr::BinaryOp {
                    left: Box::new(Expr::Identifier(Ident::new("rowid"))),
                    op: sqlparser::ast::BinaryOperator::Eq,
                    right: Box::new(number(rowid)),
                };
                match &mut stmt {
                    Statement::Update(u) => u.selection = Some(cond),
                    Statement::Delete(d) => d.selection = Some(cond),
                    _ => {}
                }
                let mut info = info;
                info.notes.push(format!(
                    "WHERE CURRENT OF {cursor}: the row the cursor fetched last (rowid {rowid})"
                ));
                self.plan_sql(stmt, Pending::Plain, info, catalog)
            }
            Kind::Declare(vars) => {
                let Some(frame) = self.frames.last_mut() else {
                    // Every statement runs in a frame; say so rather than stop the page.
                    return done(
                        Outcome::Error(error(
                            "50000",
                            ErrorClass::Other,
                            "DECLARE outside any batch or procedure",
                        )),
                        info,
                    );
                };
                let mut inits = Vec::new();
                let mut names = Vec::new();
                for v in vars {
                    frame.vars.insert(v.name.to_ascii_lowercase(), Value::Null);
                    if let Some(e) = v.init {
                        names.push(v.name);
                        inits.push(e);
                    }
                }
                if inits.is_empty() {
                    return done(ok(), info);
                }
                self.select_values(inits, Pending::Assign(names), info, catalog)
            }
            Kind::DeclareCursor { name, query } => {
                let key = name.to_ascii_lowercase();
                if self.cursors.contains_key(&key) {
                    return done(
                        Outcome::Error(error(
                            "16915",
                            ErrorClass::Other,
                            &format!("A cursor with the name '{name}' already exists."),
                        )),
                        info,
                    );
                }
                let mut query = *query;
                let top = take_top(&mut query);
                self.cursors.insert(
                    key,
                    Cursor {
                        query,
                        top,
                        open: false,
                        fetched: Vec::new(),
                        current: None,
                    },
                );
                done(ok(), info)
            }
            Kind::SetVar { var, expr } => {
                self.select_values(vec![expr], Pending::Assign(vec![var]), info, catalog)
            }
            Kind::SetOption { name, on } => {
                let mut info = info;
                if name.eq_ignore_ascii_case("NOCOUNT") {
                    self.nocount = on;
                } else if name.eq_ignore_ascii_case("XACT_ABORT") && on {
                    info.notes.push("XACT_ABORT ON is not modelled: an error ends the statement, and a deadlock the batch, as with it OFF".into());
                } else {
                    info.notes.push(format!("SET {name}: no effect here"));
                }
                done(ok(), info)
            }
            Kind::SetIsolation(level) => self.txn(
                TxnControl::SetTransaction {
                    level: Some(level),
                    read_only: None,
                    session: true,
                },
                Pending::Plain,
                info,
            ),
            Kind::BeginTran => {
                self.trancount += 1;
                if self.trancount > 1 {
                    let mut info = info;
                    info.notes.push(format!(
                        "nested BEGIN TRANSACTION: @@TRANCOUNT is {}; only the outermost COMMIT commits",
                        self.trancount
                    ));
                    return done(ok(), info);
                }
                self.txn(
                    TxnControl::Begin {
                        level: None,
                        snapshot_now: false,
                        read_only: None,
                    },
                    Pending::None,
                    info,
                )
            }
            Kind::Commit => {
                if self.trancount == 0 {
                    return done(
                        Outcome::Error(error(
                            "3902",
                            ErrorClass::Other,
                            "The COMMIT TRANSACTION request has no corresponding BEGIN TRANSACTION.",
                        )),
                        info,
                    );
                }
                self.trancount -= 1;
                if self.trancount > 0 {
                    let mut info = info;
                    info.notes.push(format!(
                        "inner COMMIT: @@TRANCOUNT goes down to {}; nothing is committed yet",
                        self.trancount
                    ));
                    return done(ok(), info);
                }
                self.txn(TxnControl::Commit, Pending::EndTran, info)
            }
            Kind::Rollback => {
                if self.trancount == 0 {
                    return done(
                        Outcome::Error(error(
                            "3903",
                            ErrorClass::Other,
                            "The ROLLBACK TRANSACTION request has no corresponding BEGIN TRANSACTION.",
                        )),
                        info,
                    );
                }
                self.trancount = 0;
                self.txn(TxnControl::Rollback, Pending::EndTran, info)
            }
            Kind::Open(name) => match self.cursor_mut(&name) {
                Err(e) => done(Outcome::Error(e), info),
                Ok(c) if c.open => done(
                    Outcome::Error(error(
                        "16905",
                        ErrorClass::Other,
                        "The cursor is already open.",
                    )),
                    info,
                ),
                Ok(c) => {
                    c.open = true;
                    c.fetched.clear();
                    c.current = None;
                    done(ok(), info)
                }
            },
            Kind::Close(name) => match self.cursor_mut(&name) {
                Err(e) => done(Outcome::Error(e), info),
                Ok(c) if !c.open => done(
                    Outcome::Error(error("16917", ErrorClass::Other, "Cursor is not open.")),
                    info,
                ),
                Ok(c) => {
                    c.open = false;
                    c.current = None;
                    done(ok(), info)
                }
            },
            Kind::Deallocate(name) => match self.cursors.remove(&name.to_ascii_lowercase()) {
                None => done(Outcome::Error(no_cursor(&name)), info),
                Some(_) => done(ok(), info),
            },
            Kind::Fetch { cursor, into } => self.fetch(cursor, into, info, catalog),
            Kind::Return(_) => {
                self.pop_frame();
                done(ok(), info)
            }
            Kind::Exec { name, args } => {
                let Some(def) = catalog.procedure(&name).cloned() else {
                    return done(
                        Outcome::Error(error(
                            "2812",
                            ErrorClass::Other,
                            &format!("Could not find stored procedure '{name}'."),
                        )),
                        info,
                    );
                };
                // Bind arguments (by name or position) and defaults, in parameter order.
                let mut values = Vec::new();
                for (i, p) in def.params.iter().enumerate() {
                    let given = args
                        .iter()
                        .find(|(n, _)| {
                            n.as_deref()
                                .is_some_and(|n| n.eq_ignore_ascii_case(&p.name))
                        })
                        .or_else(|| args.get(i).filter(|(n, _)| n.is_none()))
                        .map(|(_, e)| e.duplicate());
                    match given.or_else(|| p.default.duplicate()) {
                        Some(e) => values.push(e),
                        None => {
                            return done(
                                Outcome::Error(error(
                                    "201",
                                    ErrorClass::Other,
                                    &format!(
                                        "Procedure or function '{}' expects parameter '{}', which was not supplied.",
                                        def.name, p.name
                                    ),
                                )),
                                info,
                            )
                        }
                    }
                }
                if let Some((Some(n), _)) = args.iter().find(|(n, _)| {
                    n.as_deref()
                        .is_some_and(|n| !def.params.iter().any(|p| p.name.eq_ignore_ascii_case(n)))
                }) {
                    return done(
                        Outcome::Error(error(
                            "8145",
                            ErrorClass::Other,
                            &format!("{n} is not a parameter for procedure {}.", def.name),
                        )),
                        info,
                    );
                }
                if values.is_empty() {
                    self.call(def, Vec::new());
                    return done(ok(), info);
                }
                self.select_values(values, Pending::Call(def), info, catalog)
            }
            Kind::CreateProc(def) => {
                self.pending = Pending::Plain;
                let mut info = info;
                info.notes.push(format!(
                    "procedure {} stored ({} statements); EXEC runs its body one statement per step",
                    def.name,
                    def.body.len()
                ));
                Next::Run(
                    Box::new(Plan::new(
                        PlanKind::Ddl {
                            change: CatalogChange::Procedure(def),
                        },
                        Vec::new(),
                    )),
                    info,
                )
            }
            Kind::Print(e) => self.select_values(vec![e], Pending::Print, info, catalog),
            Kind::ReadCommittedSnapshot(on) => {
                self.pending = Pending::Plain;
                let mut info = info;
                info.notes.push(if on {
                    "READ_COMMITTED_SNAPSHOT ON: READ COMMITTED reads the last committed rows without S locks; READPAST then needs READCOMMITTEDLOCK".into()
                } else {
                    "READ_COMMITTED_SNAPSHOT OFF: READ COMMITTED reads take S locks and wait for writers".into()
                });
                Next::Run(
                    Box::new(Plan::new(
                        PlanKind::Ddl {
                            change: CatalogChange::ReadCommittedSnapshot(on),
                        },
                        Vec::new(),
                    )),
                    info,
                )
            }
            // Compiled away: blocks, IF, WHILE, BREAK, CONTINUE.
            _ => done(ok(), info),
        }
    }

    fn fetch(
        &mut self,
        cursor: String,
        into: Vec<String>,
        info: StepInfo,
        catalog: &Catalog,
    ) -> Next {
        let c = match self.cursor_mut(&cursor) {
            Ok(c) => c,
            Err(e) => return Next::Done(Outcome::Error(e), info),
        };
        if !c.open {
            return Next::Done(
                Outcome::Error(error("16917", ErrorClass::Other, "Cursor is not open.")),
                info,
            );
        }
        if c.top.is_some_and(|t| c.fetched.len() as u64 >= t) {
            c.current = None;
            self.fetch_status = -1;
            return Next::Done(ok(), info);
        }
        let mut q = c.query.duplicate();
        let fetched = c.fetched.clone();
        let SetExpr::Select(s) = q.body.as_mut() else {
            return Next::Done(
                Outcome::Error(error(
                    "unsupported",
                    ErrorClass::Other,
                    "a cursor's query must be one SELECT",
                )),
                info,
            );
        };
        let qual = match s.from.first().map(|f| &f.relation) {
            Some(sqlparser::ast::TableFactor::Table { alias: Some(a), .. }) => a.name.value.clone(),
            Some(sqlparser::ast::TableFactor::Table { name, .. }) => {
                crate::dialect::exprs::last_ident(name)
            }
            _ => {
                return Next::Done(
                    Outcome::Error(error(
                        "unsupported",
                        ErrorClass::Other,
                        "a cursor must read one table",
                    )),
                    info,
                )
            }
        };
        let rowid = Expr::CompoundIdentifier(vec![Ident::new(&qual), Ident::new("rowid")]);
        s.projection.push(SelectItem::ExprWithAlias {
            expr: rowid.duplicate(),
            alias: Ident::new("ql_rowid"),
        });
        if !fetched.is_empty() {
            let not_in = Expr::In {
                expr: Box::new(rowid),
                target: InTarget::List(fetched.iter().map(|r| number(*r)).collect()),
                negated: true,
                global: false,
            };
            s.selection = Some(crate::dialect::conditions::and(s.selection.take(), not_in));
        }
        s.top = Some(sqlparser::ast::Top {
            with_ties: false,
            percent: false,
            quantity: Some(TopQuantity::Constant(1)),
        });
        let mut info = info;
        info.notes
            .push("FETCH NEXT runs the cursor's query for its next row, taking that row's locks as the query's hints say".to_string());
        self.plan_sql(
            Statement::Query(Box::new(q)),
            Pending::Fetch { cursor, into },
            info,
            catalog,
        )
    }

    /// Transaction control, carried out by the engine.
    fn txn(&mut self, control: TxnControl, pending: Pending, info: StepInfo) -> Next {
        self.pending = pending;
        Next::Run(
            Box::new(Plan::new(PlanKind::Txn(control), Vec::new())),
            info,
        )
    }

    fn cursor_mut(&mut self, name: &str) -> Result<&mut Cursor, StepError> {
        self.cursors
            .get_mut(&name.to_ascii_lowercase())
            .ok_or_else(|| no_cursor(name))
    }

    fn call(&mut self, def: ProcDef, values: Vec<Value>) {
        let mut vars = VecMap::new();
        for (p, v) in def.params.iter().zip(values) {
            vars.insert(p.name.to_ascii_lowercase(), v);
        }
        let code = match compile(&def.body) {
            Ok(c) => c,
            Err(e) => {
                self.failed = Some((e, StepInfo::default()));
                return;
            }
        };
        self.frames.push(CallFrame {
            code: Rc::new(code),
            pc: 0,
            vars,
            caller_nocount: Some(self.nocount),
        });
    }

    fn pop_frame(&mut self) {
        if let Some(CallFrame {
            caller_nocount: Some(n),
            ..
        }) = self.frames.pop()
        {
            self.nocount = n;
        }
    }

    /// `SELECT e1, e2 ...` with the variables put in: how SET, DECLARE ... = and IF evaluate.
    fn select_values(
        &mut self,
        exprs: Vec<Expr>,
        pending: Pending,
        info: StepInfo,
        catalog: &Catalog,
    ) -> Next {
        let sql = format!(
            "SELECT {}",
            exprs
                .iter()
                .map(|e| e.to_sql())
                .collect::<Vec<_>>()
                .join(", ")
        );
        match crate::sql::Parser::from_sql(crate::sql::Flavor::MsSql, &sql)
            .and_then(|mut p| p.parse_statement())
        {
            Ok(stmt) => self.plan_sql(stmt, pending, info, catalog),
            Err(e) => Next::Done(
                Outcome::Error(error("102", ErrorClass::Other, &e.to_string())),
                info,
            ),
        }
    }

    fn plan_sql(
        &mut self,
        mut stmt: Statement,
        pending: Pending,
        mut info: StepInfo,
        catalog: &Catalog,
    ) -> Next {
        if let Err(e) = self.substitute(&mut stmt) {
            self.abort();
            return Next::Done(Outcome::Error(e), info);
        }
        match crate::dialect::mssql::plan(&stmt, catalog) {
            Ok(mut plan) => {
                info.notes.append(&mut plan.notes);
                plan.notes = info.notes.clone();
                self.pending = match plan.output_into.take() {
                    Some(table) => Pending::OutputInto(table, Box::new(info.clone())),
                    None => pending,
                };
                Next::Run(Box::new(plan), info)
            }
            Err(mut e) => {
                e.pos.get_or_insert(info.span.start);
                self.abort();
                Next::Done(Outcome::Error(e), info)
            }
        }
    }

    /// Puts variables' values and `@@` functions into a statement.
    fn substitute(&self, stmt: &mut Statement) -> Result<(), StepError> {
        let mut missing = None;
        crate::dialect::walk::exprs(stmt, &mut |e| {
            if let Expr::Identifier(id) = e {
                if id.value.eq_ignore_ascii_case("@@IDENTITY") {
                    *e = crate::dialect::exprs::call("last_insert_rowid", Vec::new());
                    return ControlFlow::Continue(());
                }
                if id.value.starts_with('@') && id.quote_style.is_none() {
                    match self.value_of(&id.value) {
                        Some(v) => *e = literal(&v),
                        None => {
                            missing = Some(id.value.clone());
                            return ControlFlow::Break(());
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        });
        match missing {
            Some(name) => Err(error(
                "137",
                ErrorClass::Other,
                &format!("Must declare the scalar variable \"{name}\"."),
            )),
            None => Ok(()),
        }
    }

    fn value_of(&self, name: &str) -> Option<Value> {
        match name.to_ascii_uppercase().as_str() {
            "@@ROWCOUNT" => Some(Value::Int(self.rowcount)),
            "@@FETCH_STATUS" => Some(Value::Int(self.fetch_status)),
            "@@TRANCOUNT" => Some(Value::Int(self.trancount as i64)),
            "@@ERROR" => Some(Value::Int(0)),
            _ => self
                .frames
                .last()
                .and_then(|f| f.vars.get(&name.to_ascii_lowercase()).cloned()),
        }
    }

    fn set_var(&mut self, name: &str, v: Value) -> bool {
        match self.frames.last_mut() {
            Some(f) if f.vars.contains_key(&name.to_ascii_lowercase()) => {
                f.vars.insert(name.to_ascii_lowercase(), v);
                true
            }
            _ => false,
        }
    }

    /// An error that ends the batch (SQL Server aborts the batch on compile errors).
    fn abort(&mut self) {
        self.frames.clear();
    }

    /// Takes the outcome of the plan `next` gave; returns what the step shows, marked quiet
    /// when NOCOUNT was on as it ran (a procedure's NOCOUNT ends when it returns, so this is
    /// decided now, not when the step is printed).
    pub fn deliver(&mut self, outcome: Outcome) -> Outcome {
        let nocount = self.nocount;
        match self.take(outcome) {
            Outcome::Ok(mut s) => {
                s.quiet = nocount;
                Outcome::Ok(s)
            }
            e => e,
        }
    }

    fn take(&mut self, outcome: Outcome) -> Outcome {
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        let ok_rows = match &outcome {
            Outcome::Ok(s) => s.clone(),
            Outcome::Error(e) => {
                match e.class {
                    // A deadlock victim's transaction is rolled back and its batch ends.
                    ErrorClass::Deadlock => {
                        self.trancount = 0;
                        self.abort();
                    }
                    // Statement-level errors: the batch goes on (XACT_ABORT OFF).
                    ErrorClass::UniqueViolation | ErrorClass::LockNotAvailable => {}
                    // NOT NULL, divide by zero and a subquery's second row end the
                    // statement only.
                    _ if matches!(e.native.as_str(), "515" | "8134" | "512") => {}
                    _ => self.abort(),
                }
                if matches!(pending, Pending::EndTran) {
                    self.trancount = 0;
                }
                self.rowcount = 0;
                return outcome;
            }
        };
        self.rowcount = ok_rows
            .affected
            .map(|a| a as i64)
            .unwrap_or(ok_rows.rows.len() as i64);
        match pending {
            Pending::None | Pending::Plain | Pending::EndTran => Outcome::Ok(ok_rows),
            Pending::Assign(vars) => {
                if let Some(row) = ok_rows.rows.last() {
                    for (v, value) in vars.iter().zip(row) {
                        if !self.set_var(v, value.clone()) {
                            self.abort();
                            return Outcome::Error(error(
                                "137",
                                ErrorClass::Other,
                                &format!("Must declare the scalar variable \"{v}\"."),
                            ));
                        }
                    }
                }
                Outcome::Ok(Success {
                    affected: None,
                    ..Default::default()
                })
            }
            Pending::Cond(else_at) => {
                let truth = matches!(
                    ok_rows.rows.first().and_then(|r| r.first()),
                    Some(Value::Int(1))
                );
                if !truth {
                    if let Some(f) = self.frames.last_mut() {
                        f.pc = else_at;
                    }
                }
                Outcome::Ok(Success {
                    info: Some(format!(
                        "condition is {}",
                        if truth { "true" } else { "false" }
                    )),
                    ..Default::default()
                })
            }
            Pending::Fetch { cursor, into } => {
                let row = ok_rows.rows.first().cloned();
                let width = ok_rows
                    .columns
                    .as_ref()
                    .map(|c| c.len().saturating_sub(1))
                    .unwrap_or(0);
                if !into.is_empty() && into.len() != width {
                    self.abort();
                    return Outcome::Error(error(
                        "16924",
                        ErrorClass::Other,
                        "Cursorfetch: The number of variables declared in the INTO list must match that of selected columns.",
                    ));
                }
                let key = cursor.to_ascii_lowercase();
                match row {
                    Some(row) => {
                        let rowid = match row.last() {
                            Some(Value::Int(r)) => Some(*r),
                            _ => None,
                        };
                        if let Some(c) = self.cursors.get_mut(&key) {
                            c.current = rowid;
                            c.fetched.extend(rowid);
                        }
                        self.fetch_status = 0;
                        for (v, value) in into.iter().zip(&row) {
                            if !self.set_var(v, value.clone()) {
                                self.abort();
                                return Outcome::Error(error(
                                    "137",
                                    ErrorClass::Other,
                                    &format!("Must declare the scalar variable \"{v}\"."),
                                ));
                            }
                        }
                    }
                    None => {
                        if let Some(c) = self.cursors.get_mut(&key) {
                            c.current = None;
                        }
                        self.fetch_status = -1;
                    }
                }
                if into.is_empty() {
                    // FETCH without INTO returns the row as a result set.
                    let mut shown = ok_rows;
                    if let Some(cols) = shown.columns.as_mut() {
                        cols.pop();
                    }
                    for r in &mut shown.rows {
                        r.pop();
                    }
                    return Outcome::Ok(shown);
                }
                Outcome::Ok(Success::default())
            }
            Pending::Call(def) => {
                let values = ok_rows.rows.first().cloned().unwrap_or_default();
                self.call(def, values);
                Outcome::Ok(Success::default())
            }
            Pending::OutputInto(table, info) => {
                if !ok_rows.rows.is_empty() {
                    let values: Vec<String> = ok_rows
                        .rows
                        .iter()
                        .map(|r| {
                            let cells: Vec<String> =
                                r.iter().map(|v| literal(v).to_sql()).collect();
                            format!("({})", cells.join(", "))
                        })
                        .collect();
                    let sql = format!("INSERT INTO [{table}] VALUES {}", values.join(", "));
                    if let Ok(stmt) = crate::sql::Parser::from_sql(crate::sql::Flavor::MsSql, &sql)
                        .and_then(|mut p| p.parse_statement())
                    {
                        let mut info = *info;
                        info.notes = vec![format!(
                            "the OUTPUT rows of the statement above go INTO {table}"
                        )];
                        self.queued = Some(Queued(stmt, info));
                    }
                }
                Outcome::Ok(Success {
                    affected: ok_rows.affected,
                    ..Default::default()
                })
            }
            Pending::Print => {
                let text = ok_rows
                    .rows
                    .first()
                    .and_then(|r| r.first())
                    .and_then(|v| v.text())
                    .unwrap_or_default();
                Outcome::Ok(Success {
                    info: Some(text),
                    ..Default::default()
                })
            }
        }
    }
}

fn info_of(node: &Node) -> StepInfo {
    StepInfo {
        text: node.text.clone(),
        span: node.span,
        notes: node.notes.clone(),
        remarks: node.remarks.clone(),
    }
}

fn ok() -> Outcome {
    Outcome::Ok(Success::default())
}

fn number(n: i64) -> Expr {
    Expr::value(SqlValue::Number(n.to_string(), false))
}

fn literal(v: &Value) -> Expr {
    match v {
        Value::Null => Expr::value(SqlValue::Null),
        Value::Int(i) => number(*i),
        Value::Real(r) => Expr::value(SqlValue::Number(crate::float_text::display(*r), false)),
        Value::Text(t) => Expr::value(SqlValue::SingleQuotedString(t.clone())),
        Value::Blob(b) => Expr::value(SqlValue::HexStringLiteral(
            b.iter().map(|x| format!("{x:02X}")).collect(),
        )),
    }
}

fn take_top(q: &mut Query) -> Option<u64> {
    let SetExpr::Select(s) = q.body.as_mut() else {
        return None;
    };
    let top = s.top.take()?;
    match top.quantity? {
        TopQuantity::Constant(n) => Some(n),
        TopQuantity::Expr(e) => e
            .to_sql()
            .trim_matches(|c| c == '(' || c == ')')
            .parse()
            .ok(),
    }
}

fn no_cursor(name: &str) -> StepError {
    error(
        "16916",
        ErrorClass::Other,
        &format!("A cursor with the name '{name}' does not exist."),
    )
}

fn error(native: &str, class: ErrorClass, message: &str) -> StepError {
    StepError {
        class,
        native: native.into(),
        message: message.into(),
        pos: None,
        fixed_text: None,
    }
}
