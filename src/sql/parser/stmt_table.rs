//! CREATE TABLE: the column definitions with their options, and what may follow the
//! column list (table options, ON COMMIT, AS query).

use super::super::Parser;
use crate::sql::lexer::keyword_name;

use crate::sql::print::Sql;
use crate::sql::Flavor;
use sqlparser::ast::{
    CheckConstraint, ColumnDef, ColumnOption, ColumnOptionDef, CreateTableLike,
    CreateTableLikeDefaults, CreateTableLikeKind, CreateTableOptions, DataType,
    ForeignKeyConstraint, GeneratedAs, GeneratedExpressionMode, IdentityParameters,
    IdentityProperty, IdentityPropertyFormatKind, IdentityPropertyKind, KeyOrIndexDisplay,
    OnCommit, PrimaryKeyConstraint, SqliteTableOption, SqliteTableOptions, Statement,
    TableConstraint, UniqueConstraint,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// MySQL's `KEY` as a column option (PRIMARY KEY) and `UNIQUE KEY`.
    pub(crate) fn stmt_key_column_option(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `CREATE TABLE t (...) SELECT ...` without AS.
    fn stmt_create_table_select(self) -> bool {
        self == Flavor::MySql
    }

    /// PostgreSQL's `CREATE TABLE t (LIKE s [INCLUDING | EXCLUDING DEFAULTS])`.
    fn stmt_parenthesized_like(self) -> bool {
        self == Flavor::Postgres
    }

    /// SQLite's columns may leave out the type.
    fn stmt_untyped_columns(self) -> bool {
        self == Flavor::Sqlite
    }

    /// ClickHouse's MATERIALIZED, ALIAS, EPHEMERAL, BigQuery's OPTIONS, and the like,
    /// which only the generic dialect shares.
    fn stmt_generic_column_options(self) -> bool {
        self.is_generic()
    }

    /// `AUTO_INCREMENT`, `ON UPDATE expr` and `SRID` on a column.
    fn stmt_mysql_column_options(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// SQLite's `AUTOINCREMENT`, `ASC` / `DESC` and `ON CONFLICT` on a column.
    fn stmt_sqlite_column_options(self) -> bool {
        matches!(self, Flavor::Sqlite | Flavor::Generic)
    }

    /// `name type AS (expr)`, a generated column without GENERATED ALWAYS.
    fn stmt_as_generated_column(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Sqlite | Flavor::Generic)
    }

    /// T-SQL's `IDENTITY [(seed, increment)]`.
    fn stmt_identity_column(self) -> bool {
        matches!(self, Flavor::MsSql | Flavor::Generic)
    }
}

/// What CREATE read before TABLE.
pub(crate) struct TableKind {
    pub or_replace: bool,
    pub temporary: bool,
    pub unlogged: bool,
    pub global: Option<bool>,
    pub transient: bool,
    pub volatile: bool,
    pub multiset: Option<bool>,
}

impl Parser {
    /// CREATE TABLE, TABLE consumed.
    pub(crate) fn parse_create_table(&mut self, kind: TableKind) -> Result<Statement, ParserError> {
        let if_not_exists = self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]);
        let name = self.stmt_object_name()?;
        self.refuse_table_clause(&[
            &[Keyword::PARTITION, Keyword::OF],
            &[Keyword::ON, Keyword::CLUSTER],
        ])?;
        let like = self.create_table_like()?;
        self.refuse_table_clause(&[&[Keyword::CLONE]])?;
        let (columns, constraints) = self.columns_and_constraints()?;
        let sqlite_table_options = self.sqlite_table_options()?;
        self.refuse_hive_clauses()?;
        let table_options = self.create_table_options()?;
        self.refuse_table_clause(&[
            &[Keyword::ORDER, Keyword::BY],
            &[Keyword::PARTITION, Keyword::BY],
        ])?;
        if self.flavor.is_generic() {
            self.refuse_table_clause(&[&[Keyword::PRIMARY, Keyword::KEY]])?;
        }
        let on_commit = if self.parse_keywords(&[Keyword::ON, Keyword::COMMIT]) {
            Some(self.on_commit()?)
        } else {
            None
        };
        self.refuse_table_clause(&[
            &[Keyword::BACKUP],
            &[Keyword::DISTSTYLE],
            &[Keyword::DISTKEY],
            &[Keyword::SORTKEY],
        ])?;
        // MySQL reads a bare SELECT after the columns as the table's rows too.
        let query = if self.parse_keyword(Keyword::AS)
            || (self.flavor.stmt_create_table_select() && self.peek_keyword(Keyword::SELECT))
        {
            Some(self.parse_query()?)
        } else {
            None
        };
        if query.is_some() {
            self.refuse_table_clause(&[
                &[Keyword::WITH, Keyword::DATA],
                &[Keyword::WITH, Keyword::NO, Keyword::DATA],
            ])?;
        }
        let mut table = crate::sql::build::create_table(name);
        table.temporary = kind.temporary;
        table.unlogged = kind.unlogged;
        table.columns = columns;
        table.constraints = constraints;
        table.or_replace = kind.or_replace;
        table.if_not_exists = if_not_exists;
        table.transient = kind.transient;
        table.volatile = kind.volatile;
        table.multiset = kind.multiset;
        table.global = kind.global;
        table.query = query;
        table.sqlite_table_options = sqlite_table_options;
        table.like = like;
        table.on_commit = on_commit;
        table.table_options = table_options;
        Ok(Statement::CreateTable(table))
    }

    /// SQLite's table options after the columns, `[,] WITHOUT ROWID | STRICT [, ...]`, which
    /// sqlparser reads in every dialect (the comma before them is put back when none follows).
    fn sqlite_table_options(&mut self) -> Result<SqliteTableOptions, ParserError> {
        let leading_comma = self.consume_token(&Token::Comma);
        let mut options = vec![];
        loop {
            if self.parse_keyword(Keyword::WITHOUT) {
                self.expect_keyword_is(Keyword::ROWID)?;
                options.push(SqliteTableOption::WithoutRowid);
            } else if self.parse_keyword(Keyword::STRICT) {
                options.push(SqliteTableOption::Strict);
            } else if options.is_empty() {
                if leading_comma {
                    self.prev_token();
                }
                return Ok(SqliteTableOptions::default());
            } else {
                return self.expected_ref("WITHOUT ROWID or STRICT", self.peek_token_ref());
            }
            if !self.consume_token(&Token::Comma) {
                return Ok(SqliteTableOptions {
                    leading_comma,
                    options,
                });
            }
        }
    }

    /// Refuses, by name, a clause sqlparser reads after CREATE TABLE and this parser does
    /// not: the first of `clauses` that is next.
    fn refuse_table_clause(&mut self, clauses: &[&[Keyword]]) -> Result<(), ParserError> {
        for clause in clauses {
            if self.peek_keywords(clause) {
                let words: Vec<String> = clause
                    .iter()
                    .map(|&k| keyword_name(k).to_string())
                    .collect();
                return self.refuse_next(&format!("CREATE TABLE ... {}", words.join(" ")));
            }
        }
        Ok(())
    }

    /// Hive's PARTITIONED BY, CLUSTERED BY, ROW FORMAT, STORED AS, LOCATION and WITH
    /// SERDEPROPERTIES.
    fn refuse_hive_clauses(&mut self) -> Result<(), ParserError> {
        self.refuse_table_clause(&[
            &[Keyword::PARTITIONED, Keyword::BY],
            &[Keyword::ROW],
            &[Keyword::STORED],
            &[Keyword::LOCATION],
            &[Keyword::WITH, Keyword::SERDEPROPERTIES],
        ])?;
        if self.flavor.is_generic() {
            self.refuse_table_clause(&[&[Keyword::CLUSTERED, Keyword::BY]])?;
        }
        Ok(())
    }

    /// `LIKE other` (or ILIKE), or PostgreSQL's `(LIKE other [INCLUDING | EXCLUDING
    /// DEFAULTS])`.
    fn create_table_like(&mut self) -> Result<Option<CreateTableLikeKind>, ParserError> {
        if self.flavor.stmt_parenthesized_like() && self.consume_token(&Token::LParen) {
            if !self.parse_keyword(Keyword::LIKE) {
                self.prev_token();
                return Ok(None);
            }
            let name = self.stmt_object_name()?;
            let defaults = if self.parse_keywords(&[Keyword::INCLUDING, Keyword::DEFAULTS]) {
                Some(CreateTableLikeDefaults::Including)
            } else if self.parse_keywords(&[Keyword::EXCLUDING, Keyword::DEFAULTS]) {
                Some(CreateTableLikeDefaults::Excluding)
            } else {
                None
            };
            self.expect_token(&Token::RParen)?;
            return Ok(Some(CreateTableLikeKind::Parenthesized(CreateTableLike {
                name,
                defaults,
            })));
        }
        if self.parse_keyword(Keyword::LIKE) || self.parse_keyword(Keyword::ILIKE) {
            let name = self.stmt_object_name()?;
            return Ok(Some(CreateTableLikeKind::Plain(CreateTableLike {
                name,
                defaults: None,
            })));
        }
        Ok(None)
    }

    /// The parenthesized list of column definitions and table constraints (none when
    /// there is no `(`; `()` is empty too).
    fn columns_and_constraints(
        &mut self,
    ) -> Result<(Vec<ColumnDef>, Vec<TableConstraint>), ParserError> {
        let mut columns = vec![];
        let mut constraints = vec![];
        if !self.consume_token(&Token::LParen) || self.consume_token(&Token::RParen) {
            return Ok((columns, constraints));
        }
        loop {
            if let Some(constraint) = self.table_constraint()? {
                constraints.push(constraint);
            } else if matches!(self.peek_token_ref().token, Token::Word(_))
                || (self.flavor == Flavor::Sqlite
                    && matches!(self.peek_token_ref().token, Token::SingleQuotedString(_)))
            {
                columns.push(self.column_def()?);
            } else {
                return self.expected_ref(
                    "column name or constraint definition",
                    self.peek_token_ref(),
                );
            }
            let comma = self.consume_token(&Token::Comma);
            let rparen = matches!(self.peek_token_ref().token, Token::RParen);
            if !comma && !rparen {
                return self
                    .expected_ref("',' or ')' after column definition", self.peek_token_ref());
            }
            if rparen && !comma {
                self.advance_token();
                return Ok((columns, constraints));
            }
        }
    }

    /// `name type option...` (sqlparser's `parse_column_def`).
    pub(crate) fn column_def(&mut self) -> Result<ColumnDef, ParserError> {
        let name = self.parse_identifier()?;
        let data_type = if self.untyped_column() {
            DataType::Unspecified
        } else {
            self.parse_data_type()?
        };
        let mut options = vec![];
        loop {
            if self.parse_keyword(Keyword::CONSTRAINT) {
                let name = Some(self.parse_identifier()?);
                let Some(option) = self.column_option()? else {
                    return self.expected_ref(
                        "constraint details after CONSTRAINT <name>",
                        self.peek_token_ref(),
                    );
                };
                options.push(ColumnOptionDef { name, option });
            } else if let Some(option) = self.column_option()? {
                options.push(ColumnOptionDef { name: None, option });
            } else {
                break;
            }
        }
        Ok(ColumnDef {
            name,
            data_type,
            options,
        })
    }

    /// In SQLite, a column whose name is followed by a constraint (or by no word at all)
    /// has no type.
    fn untyped_column(&self) -> bool {
        if !self.flavor.stmt_untyped_columns() {
            return false;
        }
        match &self.peek_token_ref().token {
            Token::Word(w) => matches!(
                w.keyword,
                Keyword::CONSTRAINT
                    | Keyword::PRIMARY
                    | Keyword::NOT
                    | Keyword::UNIQUE
                    | Keyword::CHECK
                    | Keyword::DEFAULT
                    | Keyword::COLLATE
                    | Keyword::REFERENCES
                    | Keyword::GENERATED
                    | Keyword::AS
            ),
            _ => true,
        }
    }

    /// One column option, read in the column-definition state (where `NOT NULL` and
    /// `COLLATE` end an expression).
    fn column_option(&mut self) -> Result<Option<ColumnOption>, ParserError> {
        self.with_column_definition(true, |p| p.column_option_inner())
    }

    fn column_option_inner(&mut self) -> Result<Option<ColumnOption>, ParserError> {
        if self.parse_keywords(&[Keyword::CHARACTER, Keyword::SET]) {
            return Ok(Some(ColumnOption::CharacterSet(self.stmt_object_name()?)));
        }
        if self.parse_keyword(Keyword::COLLATE) {
            return Ok(Some(ColumnOption::Collation(self.stmt_object_name()?)));
        }
        if self.parse_keywords(&[Keyword::NOT, Keyword::NULL]) {
            return Ok(Some(ColumnOption::NotNull));
        }
        if self.parse_keyword(Keyword::COMMENT) {
            return Ok(Some(ColumnOption::Comment(self.comment_value()?)));
        }
        if self.parse_keyword(Keyword::NULL) {
            return Ok(Some(ColumnOption::Null));
        }
        if self.parse_keyword(Keyword::DEFAULT) {
            return Ok(Some(ColumnOption::Default(self.parse_expr()?)));
        }
        if let Some(option) = self.generic_column_option()? {
            return Ok(Some(option));
        }
        if let Some(option) = self.key_column_option()? {
            return Ok(Some(option));
        }
        if self.parse_keyword(Keyword::REFERENCES) {
            return Ok(Some(self.column_references()?.into()));
        }
        if self.parse_keyword(Keyword::CHECK) {
            return Ok(Some(self.column_check()?.into()));
        }
        self.flavor_column_option()
    }

    /// The generic dialect's MATERIALIZED, ALIAS and EPHEMERAL (ClickHouse's).
    fn generic_column_option(&mut self) -> Result<Option<ColumnOption>, ParserError> {
        if !self.flavor.stmt_generic_column_options() {
            return Ok(None);
        }
        if self.parse_keyword(Keyword::MATERIALIZED) {
            return Ok(Some(ColumnOption::Materialized(self.parse_expr()?)));
        }
        if self.parse_keyword(Keyword::ALIAS) {
            return Ok(Some(ColumnOption::Alias(self.parse_expr()?)));
        }
        if self.parse_keyword(Keyword::EPHEMERAL) {
            if matches!(self.peek_token_ref().token, Token::Comma | Token::RParen) {
                return Ok(Some(ColumnOption::Ephemeral(None)));
            }
            return Ok(Some(ColumnOption::Ephemeral(Some(self.parse_expr()?))));
        }
        Ok(None)
    }

    /// `PRIMARY KEY`, `UNIQUE [KEY]`, MySQL's bare `KEY`.
    fn key_column_option(&mut self) -> Result<Option<ColumnOption>, ParserError> {
        let primary = if self.parse_keywords(&[Keyword::PRIMARY, Keyword::KEY]) {
            true
        } else if self.parse_keyword(Keyword::UNIQUE) {
            let index_type_display =
                if self.flavor.stmt_key_column_option() && self.parse_keyword(Keyword::KEY) {
                    KeyOrIndexDisplay::Key
                } else {
                    KeyOrIndexDisplay::None
                };
            let nulls_distinct = self.nulls_distinct()?;
            let characteristics = self.constraint_characteristics()?;
            return Ok(Some(
                UniqueConstraint {
                    name: None,
                    index_name: None,
                    index_type_display,
                    index_type: None,
                    columns: vec![],
                    include: vec![],
                    index_options: vec![],
                    characteristics,
                    nulls_distinct,
                }
                .into(),
            ));
        } else {
            self.flavor.stmt_key_column_option() && self.parse_keyword(Keyword::KEY)
        };
        if !primary {
            return Ok(None);
        }
        let characteristics = self.constraint_characteristics()?;
        Ok(Some(
            PrimaryKeyConstraint {
                name: None,
                index_name: None,
                index_type: None,
                columns: vec![],
                include: vec![],
                index_options: vec![],
                characteristics,
            }
            .into(),
        ))
    }

    /// A column's `REFERENCES table [(columns)] [MATCH ...] [ON DELETE ...] [ON UPDATE ...]`.
    fn column_references(&mut self) -> Result<ForeignKeyConstraint, ParserError> {
        let foreign_table = self.stmt_object_name()?;
        let referred_columns = self.optional_column_list()?;
        let (match_kind, on_delete, on_update) = self.referential_clauses()?;
        let characteristics = self.constraint_characteristics()?;
        Ok(ForeignKeyConstraint {
            name: None,
            index_name: None,
            columns: vec![],
            foreign_table,
            referred_columns,
            on_delete,
            on_update,
            match_kind,
            characteristics,
        })
    }

    /// A column's `CHECK (expr) [NO INHERIT] [[NOT] ENFORCED]`; the parentheses put the
    /// expression back in the normal state.
    fn column_check(&mut self) -> Result<CheckConstraint, ParserError> {
        self.expect_token(&Token::LParen)?;
        let expr = self.with_column_definition(false, |p| p.parse_expr())?;
        self.expect_token(&Token::RParen)?;
        let no_inherit = self.parse_keywords(&[Keyword::NO, Keyword::INHERIT]);
        let enforced = self.enforced();
        Ok(CheckConstraint {
            name: None,
            expr: Box::new(expr),
            no_inherit,
            enforced,
        })
    }

    /// The options sqlparser reads in some dialects only. Each keyword is consumed before
    /// the dialect is asked, as sqlparser does: in another dialect it is then skipped.
    fn flavor_column_option(&mut self) -> Result<Option<ColumnOption>, ParserError> {
        let f = self.flavor;
        if self.parse_keyword(Keyword::AUTO_INCREMENT) && f.stmt_mysql_column_options() {
            return Ok(Some(dialect_word("AUTO_INCREMENT")));
        }
        if self.parse_keyword(Keyword::AUTOINCREMENT) && f.stmt_sqlite_column_options() {
            return Ok(Some(dialect_word("AUTOINCREMENT")));
        }
        if self.parse_keyword(Keyword::ASC) && f.stmt_sqlite_column_options() {
            return Ok(Some(dialect_word("ASC")));
        }
        if self.parse_keyword(Keyword::DESC) && f.stmt_sqlite_column_options() {
            return Ok(Some(dialect_word("DESC")));
        }
        if self.parse_keywords(&[Keyword::ON, Keyword::UPDATE]) && f.stmt_mysql_column_options() {
            return Ok(Some(ColumnOption::OnUpdate(self.parse_expr()?)));
        }
        if self.parse_keyword(Keyword::GENERATED) {
            return self.generated_column();
        }
        // BigQuery's and PostgreSQL's (a foreign table's) OPTIONS on a column.
        if matches!(f, Flavor::Postgres | Flavor::Generic) && self.peek_keyword(Keyword::OPTIONS) {
            return self.refuse_next("a column's OPTIONS");
        }
        if self.parse_keyword(Keyword::AS) && f.stmt_as_generated_column() {
            return self.as_generated_column().map(Some);
        }
        if self.parse_keyword(Keyword::SRID) && f.stmt_mysql_column_options() {
            return Ok(Some(ColumnOption::Srid(Box::new(self.parse_expr()?))));
        }
        if self.parse_keyword(Keyword::IDENTITY) && f.stmt_identity_column() {
            return self.identity_column().map(Some);
        }
        if f.stmt_sqlite_column_options() && self.parse_keywords(&[Keyword::ON, Keyword::CONFLICT])
        {
            let action = self.expect_one_of_keywords(&[
                Keyword::ROLLBACK,
                Keyword::ABORT,
                Keyword::FAIL,
                Keyword::IGNORE,
                Keyword::REPLACE,
            ])?;
            return Ok(Some(ColumnOption::OnConflict(action)));
        }
        if self.parse_keyword(Keyword::INVISIBLE) {
            return Ok(Some(ColumnOption::Invisible));
        }
        Ok(None)
    }

    /// After GENERATED: `ALWAYS AS IDENTITY`, `BY DEFAULT AS IDENTITY` (sequence options
    /// refused), or `ALWAYS AS (expr) [STORED | VIRTUAL]`.
    fn generated_column(&mut self) -> Result<Option<ColumnOption>, ParserError> {
        let identity = if self.parse_keywords(&[Keyword::ALWAYS, Keyword::AS, Keyword::IDENTITY]) {
            Some(GeneratedAs::Always)
        } else if self.parse_keywords(&[
            Keyword::BY,
            Keyword::DEFAULT,
            Keyword::AS,
            Keyword::IDENTITY,
        ]) {
            Some(GeneratedAs::ByDefault)
        } else {
            None
        };
        if let Some(generated_as) = identity {
            if matches!(self.peek_token_ref().token, Token::LParen) {
                return self.refuse_next("an identity column's sequence options");
            }
            return Ok(Some(ColumnOption::Generated {
                generated_as,
                sequence_options: Some(vec![]),
                generation_expr: None,
                generation_expr_mode: None,
                generated_keyword: true,
            }));
        }
        if !self.parse_keywords(&[Keyword::ALWAYS, Keyword::AS]) {
            return Ok(None);
        }
        if !self.consume_token(&Token::LParen) {
            return Ok(None);
        }
        let expr = self.with_column_definition(false, |p| p.parse_expr())?;
        self.expect_token(&Token::RParen)?;
        let (generated_as, mode) = if self.parse_keyword(Keyword::STORED) {
            (
                GeneratedAs::ExpStored,
                Some(GeneratedExpressionMode::Stored),
            )
        } else if self.flavor == Flavor::Postgres {
            return self.expected_ref("STORED", self.peek_token_ref());
        } else if self.parse_keyword(Keyword::VIRTUAL) {
            (GeneratedAs::Always, Some(GeneratedExpressionMode::Virtual))
        } else {
            (GeneratedAs::Always, None)
        };
        Ok(Some(ColumnOption::Generated {
            generated_as,
            sequence_options: None,
            generation_expr: Some(expr),
            generation_expr_mode: mode,
            generated_keyword: true,
        }))
    }

    /// `AS (expr) [STORED | VIRTUAL]`, AS consumed. The expression stays in the
    /// column-definition state, as sqlparser leaves it.
    fn as_generated_column(&mut self) -> Result<ColumnOption, ParserError> {
        self.expect_token(&Token::LParen)?;
        let expr = self.parse_expr()?;
        self.expect_token(&Token::RParen)?;
        let (generated_as, mode) = if self.parse_keyword(Keyword::STORED) {
            (
                GeneratedAs::ExpStored,
                Some(GeneratedExpressionMode::Stored),
            )
        } else if self.parse_keyword(Keyword::VIRTUAL) {
            (GeneratedAs::Always, Some(GeneratedExpressionMode::Virtual))
        } else {
            (GeneratedAs::Always, None)
        };
        Ok(ColumnOption::Generated {
            generated_as,
            sequence_options: None,
            generation_expr: Some(expr),
            generation_expr_mode: mode,
            generated_keyword: false,
        })
    }

    /// `IDENTITY [(seed, increment)]`, IDENTITY consumed.
    fn identity_column(&mut self) -> Result<ColumnOption, ParserError> {
        let parameters = if self.consume_token(&Token::LParen) {
            let seed = self.signed_number()?;
            self.expect_token(&Token::Comma)?;
            let increment = self.signed_number()?;
            self.expect_token(&Token::RParen)?;
            Some(IdentityPropertyFormatKind::FunctionCall(
                IdentityParameters { seed, increment },
            ))
        } else {
            None
        };
        Ok(ColumnOption::Identity(IdentityPropertyKind::Identity(
            IdentityProperty {
                parameters,
                order: None,
            },
        )))
    }

    /// `ON COMMIT` consumed: `DELETE ROWS`, `PRESERVE ROWS` or `DROP`.
    fn on_commit(&mut self) -> Result<OnCommit, ParserError> {
        if self.parse_keywords(&[Keyword::DELETE, Keyword::ROWS]) {
            Ok(OnCommit::DeleteRows)
        } else if self.parse_keywords(&[Keyword::PRESERVE, Keyword::ROWS]) {
            Ok(OnCommit::PreserveRows)
        } else if self.parse_keyword(Keyword::DROP) {
            Ok(OnCommit::Drop)
        } else {
            // sqlparser writes the token itself where a position would go.
            Err(ParserError::ParserError(format!(
                "Expecting DELETE ROWS, PRESERVE ROWS or DROP{}",
                Sql(&self.peek_token_ref().token)
            )))
        }
    }

    /// The table options after the columns: PostgreSQL's `WITH (...)` or MySQL's plain
    /// `ENGINE = ...` and the like (refused where sqlparser reads other forms).
    fn create_table_options(&mut self) -> Result<CreateTableOptions, ParserError> {
        self.refuse_table_clause(&[&[Keyword::INHERITS], &[Keyword::TBLPROPERTIES]])?;
        let with = self.parenthesized_options(Keyword::WITH)?;
        if matches!(self.flavor, Flavor::Postgres | Flavor::Generic) {
            self.refuse_table_clause(&[&[Keyword::PARTITION, Keyword::BY]])?;
        }
        if self.flavor.is_generic() {
            self.refuse_table_clause(&[&[Keyword::CLUSTER, Keyword::BY], &[Keyword::OPTIONS]])?;
        }
        if !with.is_empty() {
            return Ok(CreateTableOptions::With(with));
        }
        let plain = self.plain_options()?;
        if plain.is_empty() {
            Ok(CreateTableOptions::None)
        } else {
            Ok(CreateTableOptions::Plain(plain))
        }
    }
}

/// A column option sqlparser keeps as the keyword token it read.
fn dialect_word(word: &str) -> ColumnOption {
    ColumnOption::DialectSpecific(vec![crate::sql::lexer::word(word, None)])
}
