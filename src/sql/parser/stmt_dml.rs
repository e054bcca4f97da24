//! INSERT (and REPLACE), UPDATE and DELETE, with the clauses they share: assignments,
//! T-SQL's OUTPUT, RETURNING, optimizer hints, SQLite's `OR <action>`.

use super::super::{parser_err, Parser};
use crate::sql::{Duplicate, Flavor};
use sqlparser::ast::{
    Assignment, AssignmentTarget, ConflictTarget, Delete, DoUpdate, Expr, FromTable, Ident, Insert,
    InsertAliases, MysqlInsertPriority, ObjectName, ObjectNamePart, OnConflict, OnConflictAction,
    OnInsert, OptimizerHint, OptimizerHintStyle, OutputClause, SelectInto, SelectItem,
    SqliteOnConflict, Statement, TableAliasWithoutColumns, TableObject, Update,
    UpdateTableFromKind,
};
use sqlparser::keywords::{Keyword, RESERVED_FOR_COLUMN_ALIAS};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

impl Flavor {
    /// `INSERT [LOW_PRIORITY | DELAYED | HIGH_PRIORITY] [IGNORE]`, `INSERT ... AS alias`.
    fn stmt_mysql_insert_words(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `INSERT INTO t [AS] alias ...` (PostgreSQL).
    fn stmt_insert_table_alias(self) -> bool {
        self == Flavor::Postgres
    }

    /// MySQL's `INSERT INTO t SET a = 1, ...`.
    fn stmt_insert_set(self) -> bool {
        self == Flavor::MySql
    }

    /// `UPDATE ... ORDER BY ...`.
    fn stmt_update_order_by(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `DELETE WHERE ...` with neither a FROM nor a table list before it.
    fn stmt_delete_without_from(self) -> bool {
        self.is_generic()
    }
}

impl Parser {
    /// `REPLACE [INTO] ...`: an INSERT marked `replace_into` (REPLACE consumed).
    pub(crate) fn parse_replace(
        &mut self,
        replace: TokenWithSpan,
    ) -> Result<Statement, ParserError> {
        if !self.flavor.stmt_replace_statement() {
            return parser_err(
                "Unsupported statement REPLACE",
                self.peek_token_ref().span.start,
            );
        }
        let mut insert = self.parse_insert(replace)?;
        if let Statement::Insert(Insert { replace_into, .. }) = &mut insert {
            *replace_into = true;
        }
        Ok(insert)
    }

    /// An INSERT, the INSERT keyword consumed (sqlparser's `parse_insert`, also called by
    /// a WITH whose main statement is an INSERT).
    pub(crate) fn parse_insert(&mut self, insert: TokenWithSpan) -> Result<Statement, ParserError> {
        let optimizer_hints = self.optimizer_hints();
        let or = self.sqlite_conflict_clause();
        let priority = self.mysql_insert_priority();
        let ignore = self.flavor.stmt_mysql_insert_words() && self.parse_keyword(Keyword::IGNORE);
        let overwrite = self.parse_keyword(Keyword::OVERWRITE);
        let into = self.parse_keyword(Keyword::INTO);
        let _local = self.parse_keyword(Keyword::LOCAL);
        if self.peek_keyword(Keyword::DIRECTORY) {
            let at = self.peek_token_ref().span.start;
            return parser_err(super::unsupported("INSERT ... DIRECTORY"), at);
        }
        let has_table_keyword = self.parse_keyword(Keyword::TABLE);
        let table = TableObject::TableName(self.stmt_object_name()?);
        let table_alias = self.insert_table_alias()?;
        let body = self.insert_body()?;
        let insert_alias = self.mysql_insert_alias()?;
        let on = self.on_insert()?;
        let returning = self.returning()?;
        Ok(Statement::Insert(Insert {
            insert_token: insert.into(),
            optimizer_hints,
            or,
            table,
            table_alias,
            ignore,
            into,
            overwrite,
            partitioned: body.partitioned,
            columns: body.columns,
            by_name: false,
            after_columns: vec![],
            overriding: None,
            source: body.source,
            assignments: body.assignments,
            has_table_keyword,
            on,
            returning,
            output: body.output,
            replace_into: false,
            priority,
            insert_alias,
            settings: None,
            format_clause: None,
            multi_table_insert_type: None,
            multi_table_into_clauses: vec![],
            multi_table_when_clauses: vec![],
            multi_table_else_clause: None,
        }))
    }

    fn mysql_insert_priority(&mut self) -> Option<MysqlInsertPriority> {
        if !self.flavor.stmt_mysql_insert_words() {
            return None;
        }
        match self.parse_one_of_keywords(&[
            Keyword::LOW_PRIORITY,
            Keyword::DELAYED,
            Keyword::HIGH_PRIORITY,
        ])? {
            Keyword::LOW_PRIORITY => Some(MysqlInsertPriority::LowPriority),
            Keyword::DELAYED => Some(MysqlInsertPriority::Delayed),
            _ => Some(MysqlInsertPriority::HighPriority),
        }
    }

    /// PostgreSQL's `INSERT INTO t [AS] alias`: not before a query, DEFAULT or VALUES, BY
    /// NAME or `OVERRIDING SYSTEM|USER`.
    fn insert_table_alias(&mut self) -> Result<Option<TableAliasWithoutColumns>, ParserError> {
        if !self.flavor.stmt_insert_table_alias()
            || self.peek_keywords(&[Keyword::BY, Keyword::NAME])
            || self.peek_keywords(&[Keyword::OVERRIDING, Keyword::SYSTEM])
            || self.peek_keywords(&[Keyword::OVERRIDING, Keyword::USER])
            || self
                .peek_one_of_keywords(&[
                    Keyword::SELECT,
                    Keyword::WITH,
                    Keyword::DEFAULT,
                    Keyword::VALUES,
                ])
                .is_some()
        {
            return Ok(None);
        }
        if self.parse_keyword(Keyword::AS) {
            return Ok(Some(TableAliasWithoutColumns {
                explicit: true,
                alias: self.parse_identifier()?,
            }));
        }
        Ok(self
            .maybe_parse(|p| p.parse_identifier())?
            .map(|alias| TableAliasWithoutColumns {
                explicit: false,
                alias,
            }))
    }

    /// `(` repeated, then SELECT: a parenthesized query where a column list could be.
    fn peeks_subquery_start(&self) -> bool {
        let mut n = 0;
        loop {
            match &self.peek_nth_token_ref(n).token {
                Token::LParen => n += 1,
                Token::Word(w) if w.keyword == Keyword::SELECT => return n > 0,
                _ => return false,
            }
        }
    }

    /// What follows the table: DEFAULT VALUES, or a column list, OUTPUT, and the rows (a
    /// query, or MySQL's SET list). Databricks' `BY NAME` and PostgreSQL's `OVERRIDING
    /// SYSTEM|USER VALUE`, which sqlparser reads in every dialect, are refused by name.
    fn insert_body(&mut self) -> Result<InsertBody, ParserError> {
        let mut body = InsertBody::default();
        if self.parse_keywords(&[Keyword::DEFAULT, Keyword::VALUES]) {
            return Ok(body);
        }
        if !self.peeks_subquery_start() {
            body.columns = self.parenthesized_qualified_columns()?;
            body.partitioned = self.insert_partition()?;
            if self.peek_keywords(&[Keyword::BY, Keyword::NAME]) {
                return self.refuse_next("INSERT ... BY NAME");
            }
        }
        if self.peek_keyword(Keyword::OVERRIDING) {
            return self.refuse_next("OVERRIDING ... VALUE");
        }
        body.output = self.output_clause()?;
        if self.peek_keyword(Keyword::FORMAT) || self.peek_keyword(Keyword::SETTINGS) {
            return Ok(body);
        }
        if self.flavor.stmt_insert_set() && self.parse_keyword(Keyword::SET) {
            body.assignments = self.parse_comma_separated(|p| p.parse_assignment())?;
        } else {
            body.source = Some(self.parse_query()?);
        }
        Ok(body)
    }

    /// An optional `(a, t.b, ...)`, each a possibly qualified name.
    fn parenthesized_qualified_columns(&mut self) -> Result<Vec<ObjectName>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(vec![]);
        }
        // MySQL accepts `INSERT INTO t () VALUES ()`.
        if self.flavor == Flavor::MySql && self.consume_token(&Token::RParen) {
            return Ok(vec![]);
        }
        let columns = self.parse_comma_separated(|p| p.stmt_object_name())?;
        self.expect_token(&Token::RParen)?;
        Ok(columns)
    }

    /// Hive's `PARTITION (expr, ...)`, which sqlparser reads in every dialect.
    fn insert_partition(&mut self) -> Result<Option<Vec<Expr>>, ParserError> {
        if !self.parse_keyword(Keyword::PARTITION) {
            return Ok(None);
        }
        self.expect_token(&Token::LParen)?;
        let exprs = self.parse_comma_separated(|p| p.parse_expr())?;
        self.expect_token(&Token::RParen)?;
        Ok(Some(exprs))
    }

    /// MySQL's `INSERT ... AS new [(a, b)]` row alias.
    fn mysql_insert_alias(&mut self) -> Result<Option<InsertAliases>, ParserError> {
        if !(self.flavor.stmt_mysql_insert_words() && self.parse_keyword(Keyword::AS)) {
            return Ok(None);
        }
        let row_alias = self.stmt_object_name()?;
        let col_aliases = Some(self.optional_column_list()?);
        Ok(Some(InsertAliases {
            row_alias,
            col_aliases,
        }))
    }

    /// `ON CONFLICT ...` or `ON DUPLICATE KEY UPDATE ...`.
    fn on_insert(&mut self) -> Result<Option<OnInsert>, ParserError> {
        if !self.parse_keyword(Keyword::ON) {
            return Ok(None);
        }
        if !self.parse_keyword(Keyword::CONFLICT) {
            self.expect_keywords(&[Keyword::DUPLICATE, Keyword::KEY, Keyword::UPDATE])?;
            let assignments = self.parse_comma_separated(|p| p.parse_assignment())?;
            return Ok(Some(OnInsert::DuplicateKeyUpdate(assignments)));
        }
        let conflict_target = if self.parse_keywords(&[Keyword::ON, Keyword::CONSTRAINT]) {
            Some(ConflictTarget::OnConstraint(self.stmt_object_name()?))
        } else if matches!(self.peek_token_ref().token, Token::LParen) {
            let columns = self.column_list()?;
            // PostgreSQL's and SQLite's index predicate, `ON CONFLICT (k) WHERE state = 'new'`,
            // which picks a partial unique index as the arbiter.
            let predicate = self.where_clause()?;
            Some(ConflictTarget::Columns { columns, predicate })
        } else {
            None
        };
        self.expect_keyword_is(Keyword::DO)?;
        let action = if self.parse_keyword(Keyword::NOTHING) {
            OnConflictAction::DoNothing
        } else {
            self.expect_keywords(&[Keyword::UPDATE, Keyword::SET])?;
            let assignments = self.parse_comma_separated(|p| p.parse_assignment())?;
            let selection = self.where_clause()?;
            OnConflictAction::DoUpdate(DoUpdate {
                assignments,
                selection,
            })
        };
        Ok(Some(OnInsert::OnConflict(OnConflict {
            conflict_target,
            action,
        })))
    }

    /// An UPDATE, the UPDATE keyword consumed.
    pub(crate) fn parse_update(&mut self, update: TokenWithSpan) -> Result<Statement, ParserError> {
        let optimizer_hints = self.optimizer_hints();
        let or = self.sqlite_conflict_clause();
        let table = self.parse_table_and_joins()?;
        if self.flavor == Flavor::MySql && matches!(self.peek_token_ref().token, Token::Comma) {
            // MySQL's `UPDATE a, b SET ...`, which sqlparser does not read either.
            let at = self.peek_token_ref().span.start;
            return parser_err(
                super::unsupported("a multi-table UPDATE (tables separated by commas)"),
                at,
            );
        }
        self.refuse_on_cluster()?;
        let from_before_set = if self.parse_keyword(Keyword::FROM) {
            Some(UpdateTableFromKind::BeforeSet(self.tables_with_joins()?))
        } else {
            None
        };
        self.expect_keyword_is(Keyword::SET)?;
        let assignments = self.parse_comma_separated(|p| p.parse_assignment())?;
        let output = self.output_clause()?;
        let from = match from_before_set {
            None if self.parse_keyword(Keyword::FROM) => {
                Some(UpdateTableFromKind::AfterSet(self.tables_with_joins()?))
            }
            from => from,
        };
        let selection = self.where_clause()?;
        let returning = self.returning()?;
        let order_by = if self.flavor.stmt_update_order_by()
            && self.parse_keywords(&[Keyword::ORDER, Keyword::BY])
        {
            self.parse_comma_separated(|p| p.parse_order_by_expr())?
        } else {
            vec![]
        };
        let limit = if self.parse_keyword(Keyword::LIMIT) {
            Some(self.parse_expr()?)
        } else {
            None
        };
        self.refuse_settings()?;
        Ok(Statement::Update(Update {
            update_token: update.into(),
            optimizer_hints,
            table,
            on_cluster: None,
            assignments,
            from,
            selection,
            returning,
            output,
            or,
            order_by,
            limit,
            settings: None,
        }))
    }

    /// A DELETE, the DELETE keyword consumed.
    pub(crate) fn parse_delete(&mut self, delete: TokenWithSpan) -> Result<Statement, ParserError> {
        let optimizer_hints = self.optimizer_hints();
        let (tables, with_from_keyword) = if self.parse_keyword(Keyword::FROM) {
            (vec![], true)
        } else if self.flavor.stmt_delete_without_from() {
            (vec![], false)
        } else {
            // MySQL's multi-table `DELETE t1, t2 FROM ...`.
            let tables = self.parse_comma_separated(|p| p.stmt_object_name())?;
            self.expect_keyword_is(Keyword::FROM)?;
            (tables, true)
        };
        let from = self.parse_comma_separated(|p| p.parse_table_and_joins())?;
        self.refuse_on_cluster()?;
        let output = self.output_clause()?;
        let using = if self.parse_keyword(Keyword::USING) {
            Some(self.parse_comma_separated(|p| p.parse_table_and_joins())?)
        } else {
            None
        };
        let selection = self.where_clause()?;
        let returning = self.returning()?;
        let order_by = if self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            self.parse_comma_separated(|p| p.parse_order_by_expr())?
        } else {
            vec![]
        };
        let limit = if !self.parse_keyword(Keyword::LIMIT) || self.parse_keyword(Keyword::ALL) {
            None
        } else {
            Some(self.parse_expr()?)
        };
        self.refuse_settings()?;
        Ok(Statement::Delete(Delete {
            delete_token: delete.into(),
            optimizer_hints,
            tables,
            from: if with_from_keyword {
                FromTable::WithFromKeyword(from)
            } else {
                FromTable::WithoutKeyword(from)
            },
            on_cluster: None,
            using,
            selection,
            returning,
            output,
            order_by,
            limit,
            settings: None,
        }))
    }

    /// ClickHouse's `ON CLUSTER name` after UPDATE's table or DELETE's FROM list, which
    /// sqlparser reads in every dialect.
    fn refuse_on_cluster(&mut self) -> Result<(), ParserError> {
        if self.peek_keywords(&[Keyword::ON, Keyword::CLUSTER]) {
            return self.refuse_next("ON CLUSTER");
        }
        Ok(())
    }

    /// ClickHouse's `SETTINGS k = v, ...` at the end of an UPDATE or DELETE, which the
    /// generic dialect reads.
    fn refuse_settings(&self) -> Result<(), ParserError> {
        if self.flavor.is_generic() && self.peek_keyword(Keyword::SETTINGS) {
            return self.refuse_next("SETTINGS");
        }
        Ok(())
    }

    /// UPDATE's FROM list.
    fn tables_with_joins(&mut self) -> Result<Vec<sqlparser::ast::TableWithJoins>, ParserError> {
        self.query_from_list()
    }

    // ---- shared clauses ----

    /// `target = expr`, the target a name or a parenthesized list of names.
    pub(crate) fn parse_assignment(&mut self) -> Result<Assignment, ParserError> {
        let target = if self.consume_token(&Token::LParen) {
            let columns = self.parse_comma_separated(|p| p.stmt_object_name())?;
            self.expect_token(&Token::RParen)?;
            AssignmentTarget::Tuple(columns)
        } else {
            AssignmentTarget::ColumnName(self.stmt_object_name()?)
        };
        if self.flavor != Flavor::Sqlite {
            self.expect_token(&Token::Eq)?;
        } else if !self.consume_token(&Token::Eq) && !self.consume_token(&Token::DoubleEq) {
            return self.expected("= or == (for assignment)", self.peek_token());
        }
        let value = self.parse_expr()?;
        Ok(Assignment { target, value })
    }

    fn where_clause(&mut self) -> Result<Option<Expr>, ParserError> {
        if self.parse_keyword(Keyword::WHERE) {
            Ok(Some(self.parse_expr()?))
        } else {
            Ok(None)
        }
    }

    fn returning(&mut self) -> Result<Option<Vec<SelectItem>>, ParserError> {
        if self.parse_keyword(Keyword::RETURNING) {
            Ok(Some(self.parse_comma_separated(|p| p.parse_select_item())?))
        } else {
            Ok(None)
        }
    }

    /// T-SQL's `OUTPUT items [INTO target, ...]`.
    fn output_clause(&mut self) -> Result<Option<OutputClause>, ParserError> {
        if !self.parse_keyword(Keyword::OUTPUT) {
            return Ok(None);
        }
        let output_token = self.get_current_token().copy_of();
        let select_items = self.output_items()?;
        let into_table = if self.parse_keyword(Keyword::INTO) {
            Some(self.select_into_targets()?)
        } else {
            None
        };
        Ok(Some(OutputClause::Output {
            output_token: output_token.into(),
            select_items,
            into_table,
        }))
    }

    /// OUTPUT's items, a select list: the generic dialect allows a trailing comma before a
    /// keyword that cannot be an alias, or before the end.
    fn output_items(&mut self) -> Result<Vec<SelectItem>, ParserError> {
        let mut items = vec![self.parse_select_item()?];
        while self.consume_token(&Token::Comma) {
            if self.flavor.is_generic() && self.at_select_list_end() {
                break;
            }
            items.push(self.parse_select_item()?);
        }
        Ok(items)
    }

    fn at_select_list_end(&self) -> bool {
        match &self.peek_token_ref().token {
            Token::Word(w) => RESERVED_FOR_COLUMN_ALIAS.contains(&w.keyword),
            Token::RParen | Token::SemiColon | Token::EOF | Token::RBracket | Token::RBrace => true,
            _ => false,
        }
    }

    /// `[TEMP | TEMPORARY] [UNLOGGED] [TABLE] target, ...` after INTO.
    fn select_into_targets(&mut self) -> Result<SelectInto, ParserError> {
        let temporary = self
            .parse_one_of_keywords(&[Keyword::TEMP, Keyword::TEMPORARY])
            .is_some();
        let unlogged = self.parse_keyword(Keyword::UNLOGGED);
        let table = self.parse_keyword(Keyword::TABLE);
        let targets = self.parse_comma_separated(|p| p.parse_expr())?;
        Ok(SelectInto {
            temporary,
            unlogged,
            table,
            targets,
        })
    }

    /// SQLite's `OR REPLACE | ROLLBACK | ABORT | FAIL | IGNORE`, or a bare REPLACE (as
    /// SQLite's `REPLACE INTO` reads); sqlparser takes them in every dialect.
    fn sqlite_conflict_clause(&mut self) -> Option<SqliteOnConflict> {
        let actions = [
            (Keyword::REPLACE, SqliteOnConflict::Replace),
            (Keyword::ROLLBACK, SqliteOnConflict::Rollback),
            (Keyword::ABORT, SqliteOnConflict::Abort),
            (Keyword::FAIL, SqliteOnConflict::Fail),
            (Keyword::IGNORE, SqliteOnConflict::Ignore),
        ];
        for (keyword, action) in actions {
            if self.parse_keywords(&[Keyword::OR, keyword]) {
                return Some(action);
            }
        }
        if self.parse_keyword(Keyword::REPLACE) {
            return Some(SqliteOnConflict::Replace);
        }
        None
    }

    /// Comments right after the statement's keyword that start with `[letters/digits]+`
    /// are optimizer hints (`/*+ ... */`); the whitespace and comments are consumed.
    fn optimizer_hints(&mut self) -> Vec<OptimizerHint> {
        let mut hints = vec![];
        if !self.flavor.stmt_optimizer_hints() {
            return hints;
        }
        while let Token::Whitespace(ws) = self.peek_token_no_skip().token {
            match ws {
                Whitespace::SingleLineComment { comment, prefix } => {
                    if let Some((prefix_text, text)) = hint_parts(&comment) {
                        hints.push(OptimizerHint {
                            prefix: prefix_text,
                            text,
                            style: OptimizerHintStyle::SingleLine { prefix },
                        });
                    }
                }
                Whitespace::MultiLineComment(comment) => {
                    if let Some((prefix, text)) = hint_parts(&comment) {
                        hints.push(OptimizerHint {
                            prefix,
                            text,
                            style: OptimizerHintStyle::MultiLine,
                        });
                    }
                }
                Whitespace::Space | Whitespace::Tab | Whitespace::Newline => {}
            }
            self.set_index(self.index() + 1);
        }
        hints
    }

    // ---- names ----

    /// A possibly qualified name as sqlparser reads one outside FROM: in T-SQL an empty
    /// part stands for the default schema (`db..t`).
    pub(crate) fn stmt_object_name(&mut self) -> Result<ObjectName, ParserError> {
        let mut parts = vec![];
        loop {
            if self.flavor == Flavor::MsSql
                && parts.len() == 1
                && matches!(self.peek_token_ref().token, Token::Period)
            {
                parts.push(ObjectNamePart::Identifier(Ident::new("")));
            } else {
                parts.push(ObjectNamePart::Identifier(self.parse_identifier()?));
            }
            if !self.consume_token(&Token::Period) {
                return Ok(ObjectName(parts));
            }
        }
    }

    /// A mandatory `(a, b, ...)` of plain names.
    pub(crate) fn column_list(&mut self) -> Result<Vec<Ident>, ParserError> {
        if !matches!(self.peek_token_ref().token, Token::LParen) {
            return self.expected_ref("a list of columns in parentheses", self.peek_token_ref());
        }
        self.optional_column_list()
    }

    /// An optional `(a, b, ...)` of plain names (empty when absent).
    pub(crate) fn optional_column_list(&mut self) -> Result<Vec<Ident>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(vec![]);
        }
        let columns = self.parse_comma_separated(|p| p.parse_identifier())?;
        self.expect_token(&Token::RParen)?;
        Ok(columns)
    }
}

/// The parts of INSERT after the table.
#[derive(Default)]
struct InsertBody {
    columns: Vec<ObjectName>,
    partitioned: Option<Vec<Expr>>,
    output: Option<OutputClause>,
    source: Option<Box<sqlparser::ast::Query>>,
    assignments: Vec<Assignment>,
}

/// A hint comment's prefix (letters and digits before the first `+`) and its text after.
fn hint_parts(comment: &str) -> Option<(String, String)> {
    let (prefix, text) = comment.split_once('+')?;
    prefix
        .chars()
        .all(|c| c.is_ascii_alphanumeric())
        .then(|| (prefix.to_string(), text.to_string()))
}
