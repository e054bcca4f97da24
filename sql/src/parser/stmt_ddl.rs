//! CREATE (the object type after it), table constraints and index columns, CREATE INDEX,
//! DROP, TRUNCATE, ALTER TABLE, and the `key = value` options DDL carries.

use super::super::{parser_err, Parser};
use super::table::TableKind;
use crate::Flavor;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    AlterTable, AlterTableOperation, CascadeOption, CheckConstraint, CreateIndex, Expr,
    ForeignKeyConstraint, FullTextOrSpatialConstraint, Ident, IndexColumn, IndexConstraint,
    IndexOption, IndexType, KeyOrIndexDisplay, MySQLColumnPosition, NamedParenthesizedList,
    NullsDistinctOption, ObjectType, OrderByExpr, OrderByOptions, PrimaryKeyConstraint,
    RenameTableNameKind, SqlOption, Statement, TableConstraint, Truncate, TruncateIdentityOption,
    TruncateTableTarget, UniqueConstraint, Value, ValueWithSpan,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// MySQL's `INDEX` / `KEY` / `FULLTEXT` / `SPATIAL` table constraints and `UNIQUE
    /// KEY name`.
    fn stmt_mysql_index_constraints(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `CONSTRAINT` with no name before CHECK, PRIMARY, UNIQUE or FOREIGN.
    fn stmt_unnamed_constraint(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// PostgreSQL's `EXCLUDE` constraint.
    fn stmt_exclude_constraint(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// `CREATE INDEX ... WITH (...)`.
    fn stmt_index_with_clause(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// `DROP TEMPORARY TABLE`.
    fn stmt_drop_temporary(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// TRUNCATE's `RESTART | CONTINUE IDENTITY` and `CASCADE | RESTRICT`.
    fn stmt_truncate_options(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// `ALTER TABLE t ADD COLUMN IF NOT EXISTS ...`.
    fn stmt_add_column_if_not_exists(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// MySQL's `FIRST` / `AFTER col` placing an added column.
    fn stmt_column_position(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// T-SQL's HEAP, PARTITION and CLUSTERED among `WITH (...)` options.
    fn stmt_tsql_options(self) -> bool {
        matches!(self, Flavor::MsSql | Flavor::Generic)
    }

    /// Adjacent string literals join into one (MySQL).
    fn stmt_string_concatenation(self) -> bool {
        self == Flavor::MySql
    }
}

/// The first words of the ALTER TABLE operations sqlparser reads and this parser refuses.
const OTHER_ALTER_OPERATIONS: [Keyword; 26] = [
    Keyword::REPLICA,
    Keyword::VALIDATE,
    Keyword::DISABLE,
    Keyword::ENABLE,
    Keyword::FORCE,
    Keyword::NO,
    Keyword::CLEAR,
    Keyword::MATERIALIZE,
    Keyword::DROP,
    Keyword::PARTITION,
    Keyword::CHANGE,
    Keyword::MODIFY,
    Keyword::ALTER,
    Keyword::SWAP,
    Keyword::OWNER,
    Keyword::ATTACH,
    Keyword::DETACH,
    Keyword::FREEZE,
    Keyword::UNFREEZE,
    Keyword::CLUSTER,
    Keyword::SUSPEND,
    Keyword::RESUME,
    Keyword::LOCK,
    Keyword::ALGORITHM,
    Keyword::AUTO_INCREMENT,
    Keyword::SET,
];

impl Parser {
    /// CREATE, the keyword consumed: what it reads before the object type, then the type.
    pub(crate) fn parse_create(&mut self) -> Result<Statement, ParserError> {
        let or_replace = self.parse_keywords(&[Keyword::OR, Keyword::REPLACE]);
        let or_alter = self.parse_keywords(&[Keyword::OR, Keyword::ALTER]);
        let multiset = match self.parse_one_of_keywords(&[Keyword::SET, Keyword::MULTISET]) {
            Some(Keyword::MULTISET) => Some(true),
            Some(_) => Some(false),
            None => None,
        };
        let local = self.parse_keyword(Keyword::LOCAL);
        let global = self.parse_keyword(Keyword::GLOBAL);
        let transient = self.parse_keyword(Keyword::TRANSIENT);
        let global = if global {
            Some(true)
        } else if local {
            Some(false)
        } else {
            None
        };
        let temporary = self
            .parse_one_of_keywords(&[Keyword::TEMP, Keyword::TEMPORARY])
            .is_some();
        let volatile = self.parse_keyword(Keyword::VOLATILE);
        let unlogged = self.parse_keywords(&[Keyword::UNLOGGED, Keyword::TABLE]);
        if unlogged {
            self.prev_token();
        }
        if self
            .peek_one_of_keywords(&[Keyword::ALGORITHM, Keyword::DEFINER])
            .is_some()
            || self.peek_keywords(&[Keyword::SQL, Keyword::SECURITY])
        {
            return self.refuse_next("CREATE VIEW");
        }
        if self.parse_keyword(Keyword::TABLE) {
            let kind = TableKind {
                or_replace,
                temporary,
                unlogged,
                global,
                transient,
                volatile,
                multiset,
            };
            return self.parse_create_table(kind);
        }
        let _ = or_alter;
        self.create_other(or_replace)
    }

    /// CREATE followed by something other than TABLE: indexes, or a refusal naming what
    /// sqlparser would have read.
    fn create_other(&mut self, or_replace: bool) -> Result<Statement, ParserError> {
        let at = self.peek_token_ref().span.start;
        let refused = |what: &str| parser_err(super::unsupported(&format!("CREATE {what}")), at);
        if self.peek_keywords(&[Keyword::SNAPSHOT, Keyword::TABLE]) {
            return refused("SNAPSHOT TABLE");
        }
        if self.peek_keywords(&[Keyword::TEXT, Keyword::SEARCH]) {
            return refused("TEXT SEARCH");
        }
        if self.peek_keyword(Keyword::MATERIALIZED)
            || self.peek_keyword(Keyword::VIEW)
            || self.peek_keywords(&[Keyword::SECURE, Keyword::VIEW])
            || self.peek_keywords(&[Keyword::SECURE, Keyword::MATERIALIZED, Keyword::VIEW])
        {
            return refused("VIEW");
        }
        let before_replace_check = [
            Keyword::POLICY,
            Keyword::EXTERNAL,
            Keyword::FUNCTION,
            Keyword::DOMAIN,
            Keyword::TRIGGER,
            Keyword::MACRO,
            Keyword::SECRET,
            Keyword::USER,
            Keyword::SCHEMA,
            Keyword::WAREHOUSE,
        ];
        if let Some(k) = self.peek_one_of_keywords(&before_replace_check) {
            return refused(&format!("{k:?}"));
        }
        if self.peek_keywords(&[Keyword::CONSTRAINT, Keyword::TRIGGER]) {
            return refused("CONSTRAINT TRIGGER");
        }
        if or_replace {
            return self.expected_ref(
                "[EXTERNAL] TABLE or [MATERIALIZED] VIEW or FUNCTION or SCHEMA or WAREHOUSE after CREATE OR REPLACE",
                self.peek_token_ref(),
            );
        }
        if self.parse_keyword(Keyword::INDEX) {
            return self.parse_create_index(false);
        }
        if self.parse_keywords(&[Keyword::UNIQUE, Keyword::INDEX]) {
            return self.parse_create_index(true);
        }
        let after = [
            Keyword::EXTENSION,
            Keyword::VIRTUAL,
            Keyword::DATABASE,
            Keyword::ROLE,
            Keyword::SEQUENCE,
            Keyword::COLLATION,
            Keyword::TYPE,
            Keyword::PROCEDURE,
            Keyword::CONNECTOR,
            Keyword::OPERATOR,
            Keyword::SERVER,
        ];
        if let Some(k) = self.peek_one_of_keywords(&after) {
            return refused(&format!("{k:?}"));
        }
        self.expected_ref("an object type after CREATE", self.peek_token_ref())
    }

    /// CREATE [UNIQUE] INDEX, INDEX consumed.
    fn parse_create_index(&mut self, unique: bool) -> Result<Statement, ParserError> {
        let concurrently = self.parse_keyword(Keyword::CONCURRENTLY);
        let r#async = self.parse_keyword(Keyword::ASYNC);
        let if_not_exists = self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]);
        let mut using = None;
        let name = if if_not_exists || !self.parse_keyword(Keyword::ON) {
            let name = self.stmt_object_name()?;
            using = self.using_index_type()?;
            self.expect_keyword_is(Keyword::ON)?;
            Some(name)
        } else {
            None
        };
        let table_name = self.stmt_object_name()?;
        using = self.using_index_type()?.or(using);
        let columns = self.index_columns()?;
        let include = self.include_columns()?;
        let nulls_distinct = if self.parse_keyword(Keyword::NULLS) {
            let not = self.parse_keyword(Keyword::NOT);
            self.expect_keyword_is(Keyword::DISTINCT)?;
            Some(!not)
        } else {
            None
        };
        let with = if self.flavor.stmt_index_with_clause() && self.parse_keyword(Keyword::WITH) {
            self.expect_token(&Token::LParen)?;
            let params = self.parse_comma_separated(|p| p.parse_expr())?;
            self.expect_token(&Token::RParen)?;
            params
        } else {
            vec![]
        };
        let predicate = if self.parse_keyword(Keyword::WHERE) {
            Some(self.parse_expr()?)
        } else {
            None
        };
        let index_options = self.index_options()?;
        if self
            .peek_one_of_keywords(&[Keyword::ALGORITHM, Keyword::LOCK])
            .is_some()
        {
            return self.refuse_next("CREATE INDEX ... ALGORITHM / LOCK");
        }
        Ok(Statement::CreateIndex(CreateIndex {
            name,
            table_name,
            using,
            columns,
            unique,
            concurrently,
            r#async,
            if_not_exists,
            include,
            nulls_distinct,
            with,
            predicate,
            index_options,
            alter_options: vec![],
        }))
    }

    /// `(expr [opclass] [ASC | DESC] [NULLS FIRST | LAST], ...)`.
    fn index_columns(&mut self) -> Result<Vec<IndexColumn>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return self.expected_ref("a list of columns in parentheses", self.peek_token_ref());
        }
        let columns = self.parse_comma_separated(|p| p.index_column())?;
        self.expect_token(&Token::RParen)?;
        Ok(columns)
    }

    fn index_column(&mut self) -> Result<IndexColumn, ParserError> {
        let expr = self.parse_expr()?;
        let operator_class = if self
            .peek_one_of_keywords(&[Keyword::ASC, Keyword::DESC, Keyword::NULLS, Keyword::WITH])
            .is_some()
        {
            None
        } else {
            self.maybe_parse(|p| p.stmt_object_name())?
        };
        let asc = match self.parse_one_of_keywords(&[Keyword::ASC, Keyword::DESC]) {
            Some(Keyword::ASC) => Some(true),
            Some(_) => Some(false),
            None => None,
        };
        let nulls_first = self.parse_nulls_first_last();
        if self.flavor == Flavor::Generic && self.peek_keywords(&[Keyword::WITH, Keyword::FILL]) {
            return self.refuse_next("WITH FILL");
        }
        let sort = asc.map(|asc| {
            if asc {
                sqlparser::ast::OrderBySort::Asc
            } else {
                sqlparser::ast::OrderBySort::Desc
            }
        });
        Ok(IndexColumn {
            column: OrderByExpr {
                expr,
                options: OrderByOptions { sort, nulls_first },
                with_fill: None,
            },
            operator_class,
        })
    }

    /// `USING btree | hash | ...`.
    fn using_index_type(&mut self) -> Result<Option<IndexType>, ParserError> {
        if !self.parse_keyword(Keyword::USING) {
            return Ok(None);
        }
        let known = [
            (Keyword::BTREE, IndexType::BTree),
            (Keyword::HASH, IndexType::Hash),
            (Keyword::GIN, IndexType::GIN),
            (Keyword::GIST, IndexType::GiST),
            (Keyword::SPGIST, IndexType::SPGiST),
            (Keyword::BRIN, IndexType::BRIN),
            (Keyword::BLOOM, IndexType::Bloom),
        ];
        for (keyword, index_type) in known {
            if self.parse_keyword(keyword) {
                return Ok(Some(index_type));
            }
        }
        Ok(Some(IndexType::Custom(self.parse_identifier()?)))
    }

    /// `INCLUDE (a, b)`.
    fn include_columns(&mut self) -> Result<Vec<Ident>, ParserError> {
        if !self.parse_keyword(Keyword::INCLUDE) {
            return Ok(vec![]);
        }
        self.expect_token(&Token::LParen)?;
        let columns = self.parse_comma_separated(|p| p.parse_identifier())?;
        self.expect_token(&Token::RParen)?;
        Ok(columns)
    }

    /// `USING type` and `COMMENT 'text'`, any number of them.
    fn index_options(&mut self) -> Result<Vec<IndexOption>, ParserError> {
        let mut options = vec![];
        loop {
            if let Some(index_type) = self.using_index_type()? {
                options.push(IndexOption::Using(index_type));
            } else if self.parse_keyword(Keyword::COMMENT) {
                options.push(IndexOption::Comment(self.stmt_literal_string()?));
            } else {
                return Ok(options);
            }
        }
    }

    // ---- table constraints ----

    /// A table constraint, or `None` (nothing consumed) when a column definition follows.
    pub(crate) fn table_constraint(&mut self) -> Result<Option<TableConstraint>, ParserError> {
        let name = if self.parse_keyword(Keyword::CONSTRAINT) {
            if self.flavor.stmt_unnamed_constraint()
                && self
                    .peek_one_of_keywords(&[
                        Keyword::CHECK,
                        Keyword::PRIMARY,
                        Keyword::UNIQUE,
                        Keyword::FOREIGN,
                    ])
                    .is_some()
            {
                None
            } else {
                Some(self.parse_identifier()?)
            }
        } else {
            None
        };
        let next = self.next_token();
        let keyword = match &next.token {
            Token::Word(w) => w.keyword,
            _ => Keyword::NoKeyword,
        };
        match keyword {
            Keyword::UNIQUE => self.unique_constraint(name).map(Some),
            Keyword::PRIMARY => self.primary_key_constraint(name).map(Some),
            Keyword::FOREIGN => self.foreign_key_constraint(name).map(Some),
            Keyword::CHECK => self.table_check(name).map(Some),
            Keyword::INDEX | Keyword::KEY
                if self.flavor.stmt_mysql_index_constraints() && name.is_none() =>
            {
                self.index_constraint(keyword == Keyword::KEY).map(Some)
            }
            Keyword::FULLTEXT | Keyword::SPATIAL if self.flavor.stmt_mysql_index_constraints() => {
                if let Some(name) = name {
                    return self.expected(
                        "FULLTEXT or SPATIAL option without constraint name",
                        sqlparser::tokenizer::TokenWithSpan {
                            token: Token::make_keyword(&name.to_string()),
                            span: next.span,
                        },
                    );
                }
                self.fulltext_constraint(keyword == Keyword::FULLTEXT)
                    .map(Some)
            }
            Keyword::EXCLUDE if self.flavor.stmt_exclude_constraint() => {
                if name.is_some()
                    || self.peek_keyword(Keyword::USING)
                    || self.peek_token_ref().token == Token::LParen
                {
                    return parser_err(super::unsupported("EXCLUDE"), next.span.start);
                }
                self.prev_token();
                Ok(None)
            }
            _ if name.is_some() => {
                self.expected("PRIMARY, UNIQUE, FOREIGN, CHECK, or EXCLUDE", next)
            }
            _ => {
                self.prev_token();
                Ok(None)
            }
        }
    }

    /// `UNIQUE [KEY | INDEX] [NULLS [NOT] DISTINCT] [name] [USING type] (columns) ...`.
    fn unique_constraint(&mut self, name: Option<Ident>) -> Result<TableConstraint, ParserError> {
        if self.peek_keywords(&[Keyword::USING, Keyword::INDEX]) {
            return self.refuse_next("UNIQUE USING INDEX");
        }
        let index_type_display = if self.parse_keyword(Keyword::KEY) {
            KeyOrIndexDisplay::Key
        } else if self.parse_keyword(Keyword::INDEX) {
            KeyOrIndexDisplay::Index
        } else {
            KeyOrIndexDisplay::None
        };
        if !self.flavor.stmt_mysql_index_constraints() && !index_type_display.is_none() {
            return self.expected_ref(
                "`index_name` or `(column_name [, ...])`",
                self.peek_token_ref(),
            );
        }
        let nulls_distinct = if self.parse_keyword(Keyword::NULLS) {
            let not = self.parse_keyword(Keyword::NOT);
            self.expect_keyword_is(Keyword::DISTINCT)?;
            if not {
                NullsDistinctOption::NotDistinct
            } else {
                NullsDistinctOption::Distinct
            }
        } else {
            NullsDistinctOption::None
        };
        let index_name = self.maybe_parse(|p| p.parse_identifier())?;
        let index_type = self.using_index_type()?;
        let columns = self.index_columns()?;
        let include = self.include_columns()?;
        let index_options = self.index_options()?;
        let characteristics = self.constraint_characteristics()?;
        Ok(UniqueConstraint {
            name,
            index_name,
            index_type_display,
            index_type,
            columns,
            include,
            index_options,
            characteristics,
            nulls_distinct,
        }
        .into())
    }

    /// `PRIMARY KEY [name] [USING type] (columns) ...`, PRIMARY consumed.
    fn primary_key_constraint(
        &mut self,
        name: Option<Ident>,
    ) -> Result<TableConstraint, ParserError> {
        self.expect_keyword_is(Keyword::KEY)?;
        if self.peek_keywords(&[Keyword::USING, Keyword::INDEX]) {
            return self.refuse_next("PRIMARY KEY USING INDEX");
        }
        let index_name = self.maybe_parse(|p| p.parse_identifier())?;
        let index_type = self.using_index_type()?;
        let columns = self.index_columns()?;
        let include = self.include_columns()?;
        let index_options = self.index_options()?;
        let characteristics = self.constraint_characteristics()?;
        Ok(PrimaryKeyConstraint {
            name,
            index_name,
            index_type,
            columns,
            include,
            index_options,
            characteristics,
        }
        .into())
    }

    /// `FOREIGN KEY [name] (columns) REFERENCES table [(columns)] ...`, FOREIGN consumed.
    fn foreign_key_constraint(
        &mut self,
        name: Option<Ident>,
    ) -> Result<TableConstraint, ParserError> {
        self.expect_keyword_is(Keyword::KEY)?;
        let index_name = self.maybe_parse(|p| p.parse_identifier())?;
        let columns = self.column_list()?;
        self.expect_keyword_is(Keyword::REFERENCES)?;
        let foreign_table = self.stmt_object_name()?;
        let referred_columns = self.optional_column_list()?;
        let (match_kind, on_delete, on_update) = self.referential_clauses()?;
        let characteristics = self.constraint_characteristics()?;
        Ok(ForeignKeyConstraint {
            name,
            index_name,
            columns,
            foreign_table,
            referred_columns,
            on_delete,
            on_update,
            match_kind,
            characteristics,
        }
        .into())
    }

    /// A table's `CHECK (expr) [NO INHERIT] [[NOT] ENFORCED]`, CHECK consumed.
    fn table_check(&mut self, name: Option<Ident>) -> Result<TableConstraint, ParserError> {
        self.expect_token(&Token::LParen)?;
        let expr = Box::new(self.parse_expr()?);
        self.expect_token(&Token::RParen)?;
        let no_inherit = self.parse_keywords(&[Keyword::NO, Keyword::INHERIT]);
        let enforced = self.enforced();
        Ok(CheckConstraint {
            name,
            expr,
            no_inherit,
            enforced,
        }
        .into())
    }

    /// MySQL's `INDEX | KEY [name] [USING type] (columns) ...`, the keyword consumed.
    fn index_constraint(&mut self, display_as_key: bool) -> Result<TableConstraint, ParserError> {
        let name = if self.peek_keyword(Keyword::USING) {
            None
        } else {
            self.maybe_parse(|p| p.parse_identifier())?
        };
        let index_type = self.using_index_type()?;
        let columns = self.index_columns()?;
        let index_options = self.index_options()?;
        Ok(IndexConstraint {
            display_as_key,
            name,
            index_type,
            columns,
            index_options,
        }
        .into())
    }

    /// MySQL's `FULLTEXT | SPATIAL [KEY | INDEX] [name] (columns)`, the keyword consumed.
    fn fulltext_constraint(&mut self, fulltext: bool) -> Result<TableConstraint, ParserError> {
        let index_type_display = if self.parse_keyword(Keyword::KEY) {
            KeyOrIndexDisplay::Key
        } else if self.parse_keyword(Keyword::INDEX) {
            KeyOrIndexDisplay::Index
        } else {
            KeyOrIndexDisplay::None
        };
        let opt_index_name = self.maybe_parse(|p| p.parse_identifier())?;
        let columns = self.index_columns()?;
        Ok(FullTextOrSpatialConstraint {
            fulltext,
            index_type_display,
            opt_index_name,
            columns,
        }
        .into())
    }

    // ---- DROP, TRUNCATE, ALTER ----

    /// DROP, the keyword consumed: TABLE, INDEX, VIEW and the other plain object types.
    pub(crate) fn parse_drop(&mut self) -> Result<Statement, ParserError> {
        let temporary = self.flavor.stmt_drop_temporary() && self.parse_keyword(Keyword::TEMPORARY);
        let Some(object_type) = self.drop_object_type()? else {
            return self.expected_ref(
                "COLLATION, CONNECTOR, DATABASE, EXTENSION, FUNCTION, INDEX, OPERATOR, POLICY, PROCEDURE, ROLE, SCHEMA, SECRET, SEQUENCE, STAGE, TABLE, TRIGGER, TYPE, VIEW, MATERIALIZED VIEW, USER or WAREHOUSE after DROP",
                self.peek_token_ref(),
            );
        };
        let if_exists = self.parse_keywords(&[Keyword::IF, Keyword::EXISTS]);
        let names = self.parse_comma_separated(|p| p.stmt_object_name())?;
        let at = self.peek_token_ref().span.start;
        let cascade = self.parse_keyword(Keyword::CASCADE);
        let restrict = self.parse_keyword(Keyword::RESTRICT);
        let purge = self.parse_keyword(Keyword::PURGE);
        if cascade && restrict {
            return parser_err("Cannot specify both CASCADE and RESTRICT in DROP", at);
        }
        if object_type == ObjectType::Role && (cascade || restrict || purge) {
            return parser_err(
                "Cannot specify CASCADE, RESTRICT, or PURGE in DROP ROLE",
                at,
            );
        }
        let table = if self.parse_keyword(Keyword::ON) {
            Some(self.stmt_object_name()?)
        } else {
            None
        };
        Ok(Statement::Drop {
            object_type,
            if_exists,
            names,
            cascade,
            restrict,
            purge,
            temporary,
            table,
        })
    }

    /// The object type after DROP (consumed), `None` when nothing sqlparser knows is next;
    /// the types with statements of their own are refused.
    fn drop_object_type(&mut self) -> Result<Option<ObjectType>, ParserError> {
        let plain = [
            (Keyword::TABLE, ObjectType::Table),
            (Keyword::COLLATION, ObjectType::Collation),
            (Keyword::VIEW, ObjectType::View),
        ];
        for (keyword, object_type) in plain {
            if self.parse_keyword(keyword) {
                return Ok(Some(object_type));
            }
        }
        if self.parse_keywords(&[Keyword::MATERIALIZED, Keyword::VIEW]) {
            return Ok(Some(ObjectType::MaterializedView));
        }
        let more = [
            (Keyword::INDEX, ObjectType::Index),
            (Keyword::ROLE, ObjectType::Role),
            (Keyword::SCHEMA, ObjectType::Schema),
            (Keyword::DATABASE, ObjectType::Database),
            (Keyword::SEQUENCE, ObjectType::Sequence),
            (Keyword::STAGE, ObjectType::Stage),
            (Keyword::TYPE, ObjectType::Type),
            (Keyword::USER, ObjectType::User),
            (Keyword::STREAM, ObjectType::Stream),
            (Keyword::WAREHOUSE, ObjectType::Warehouse),
        ];
        for (keyword, object_type) in more {
            if self.parse_keyword(keyword) {
                return Ok(Some(object_type));
            }
        }
        let own = [
            Keyword::FUNCTION,
            Keyword::POLICY,
            Keyword::CONNECTOR,
            Keyword::DOMAIN,
            Keyword::PROCEDURE,
            Keyword::SECRET,
            Keyword::TRIGGER,
            Keyword::EXTENSION,
            Keyword::OPERATOR,
        ];
        match self.peek_one_of_keywords(&own) {
            Some(k) => self.refuse_next(&format!("DROP {k:?}")),
            None => Ok(None),
        }
    }

    /// TRUNCATE, the keyword consumed.
    pub(crate) fn parse_truncate(&mut self) -> Result<Statement, ParserError> {
        let table = self.parse_keyword(Keyword::TABLE);
        let if_exists = self.parse_keywords(&[Keyword::IF, Keyword::EXISTS]);
        let table_names = self.parse_comma_separated(|p| {
            let only = p.parse_keyword(Keyword::ONLY);
            let name = p.stmt_object_name()?;
            let has_asterisk = p.consume_token(&Token::Mul);
            Ok(TruncateTableTarget {
                name,
                only,
                has_asterisk,
            })
        })?;
        let partitions = if self.parse_keyword(Keyword::PARTITION) {
            self.expect_token(&Token::LParen)?;
            let exprs = self.parse_comma_separated(|p| p.parse_expr())?;
            self.expect_token(&Token::RParen)?;
            Some(exprs)
        } else {
            None
        };
        let (identity, cascade) = if self.flavor.stmt_truncate_options() {
            let identity = if self.parse_keywords(&[Keyword::RESTART, Keyword::IDENTITY]) {
                Some(TruncateIdentityOption::Restart)
            } else if self.parse_keywords(&[Keyword::CONTINUE, Keyword::IDENTITY]) {
                Some(TruncateIdentityOption::Continue)
            } else {
                None
            };
            let cascade = match self.parse_one_of_keywords(&[Keyword::CASCADE, Keyword::RESTRICT]) {
                Some(Keyword::CASCADE) => Some(CascadeOption::Cascade),
                Some(_) => Some(CascadeOption::Restrict),
                None => None,
            };
            (identity, cascade)
        } else {
            (None, None)
        };
        let on_cluster = if self.parse_keywords(&[Keyword::ON, Keyword::CLUSTER]) {
            Some(self.parse_identifier()?)
        } else {
            None
        };
        Ok(Statement::Truncate(Truncate {
            table_names,
            partitions,
            table,
            if_exists,
            identity,
            cascade,
            on_cluster,
        }))
    }

    /// ALTER, the keyword consumed: ALTER TABLE with ADD (a column or a constraint) and
    /// RENAME; every other ALTER is refused by name.
    pub(crate) fn parse_alter(&mut self) -> Result<Statement, ParserError> {
        if self.peek_keywords(&[Keyword::TEXT, Keyword::SEARCH]) {
            return self.refuse_next("ALTER TEXT SEARCH");
        }
        let kinds = [
            Keyword::VIEW,
            Keyword::TYPE,
            Keyword::COLLATION,
            Keyword::TABLE,
            Keyword::INDEX,
            Keyword::FUNCTION,
            Keyword::AGGREGATE,
            Keyword::ROLE,
            Keyword::POLICY,
            Keyword::CONNECTOR,
            Keyword::ICEBERG,
            Keyword::SCHEMA,
            Keyword::USER,
            Keyword::OPERATOR,
        ];
        let at = self.peek_token_ref().span.start;
        let kind = self.expect_one_of_keywords(&kinds)?;
        if kind != Keyword::TABLE {
            return parser_err(super::unsupported(&format!("ALTER {kind:?}")), at);
        }
        let if_exists = self.parse_keywords(&[Keyword::IF, Keyword::EXISTS]);
        let only = self.parse_keyword(Keyword::ONLY);
        let name = self.stmt_object_name()?;
        if self.peek_keywords(&[Keyword::ON, Keyword::CLUSTER]) {
            return self.refuse_next("ALTER TABLE ... ON CLUSTER");
        }
        let operations = self.parse_comma_separated(|p| p.alter_table_operation())?;
        if self.peek_keyword(Keyword::LOCATION)
            || self.peek_keywords(&[Keyword::SET, Keyword::LOCATION])
        {
            return self.refuse_next("ALTER TABLE ... LOCATION");
        }
        Ok(Statement::AlterTable(AlterTable {
            name,
            if_exists,
            only,
            operations,
            location: None,
            on_cluster: None,
            table_type: None,
            end_token: AttachedToken::empty(),
        }))
    }

    fn alter_table_operation(&mut self) -> Result<AlterTableOperation, ParserError> {
        if self.parse_keyword(Keyword::ADD) {
            return self.alter_table_add();
        }
        if self.parse_keyword(Keyword::RENAME) {
            return self.alter_table_rename();
        }
        if self.peek_one_of_keywords(&OTHER_ALTER_OPERATIONS).is_some() {
            return self.refuse_next("this ALTER TABLE operation");
        }
        self.expected_ref(
            "ADD, RENAME, PARTITION, SWAP, DROP, REPLICA IDENTITY, SET, or SET TBLPROPERTIES after ALTER TABLE",
            self.peek_token_ref(),
        )
    }

    /// ADD consumed: a constraint, or `[COLUMN] [IF NOT EXISTS] column_def [FIRST | AFTER c]`.
    fn alter_table_add(&mut self) -> Result<AlterTableOperation, ParserError> {
        if let Some(constraint) = self.table_constraint()? {
            let not_valid = self.parse_keywords(&[Keyword::NOT, Keyword::VALID]);
            return Ok(AlterTableOperation::AddConstraint {
                constraint,
                not_valid,
            });
        }
        if self.flavor == Flavor::Generic && self.peek_keyword(Keyword::PROJECTION) {
            return self.refuse_next("ALTER TABLE ... ADD PROJECTION");
        }
        let if_not_exists = self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]);
        if self.peek_keyword(Keyword::PARTITION) {
            return self.refuse_next("ALTER TABLE ... ADD PARTITION");
        }
        let column_keyword = self.parse_keyword(Keyword::COLUMN);
        let if_not_exists = if self.flavor.stmt_add_column_if_not_exists() {
            self.parse_keywords(&[Keyword::IF, Keyword::NOT, Keyword::EXISTS]) || if_not_exists
        } else {
            false
        };
        let column_def = self.column_def()?;
        let column_position = if !self.flavor.stmt_column_position() {
            None
        } else if self.parse_keyword(Keyword::FIRST) {
            Some(MySQLColumnPosition::First)
        } else if self.parse_keyword(Keyword::AFTER) {
            Some(MySQLColumnPosition::After(self.parse_identifier()?))
        } else {
            None
        };
        Ok(AlterTableOperation::AddColumn {
            column_keyword,
            if_not_exists,
            column_def,
            column_position,
        })
    }

    /// RENAME consumed: `TO name`, `AS name` or `[COLUMN] old TO new`.
    fn alter_table_rename(&mut self) -> Result<AlterTableOperation, ParserError> {
        if self.flavor == Flavor::Postgres && self.parse_keyword(Keyword::CONSTRAINT) {
            let old_name = self.parse_identifier()?;
            self.expect_keyword_is(Keyword::TO)?;
            let new_name = self.parse_identifier()?;
            return Ok(AlterTableOperation::RenameConstraint { old_name, new_name });
        }
        if self.parse_keyword(Keyword::TO) {
            let table_name = RenameTableNameKind::To(self.stmt_object_name()?);
            return Ok(AlterTableOperation::RenameTable { table_name });
        }
        if self.parse_keyword(Keyword::AS) {
            let table_name = RenameTableNameKind::As(self.stmt_object_name()?);
            return Ok(AlterTableOperation::RenameTable { table_name });
        }
        let _ = self.parse_keyword(Keyword::COLUMN);
        let old_column_name = self.parse_identifier()?;
        self.expect_keyword_is(Keyword::TO)?;
        let new_column_name = self.parse_identifier()?;
        Ok(AlterTableOperation::RenameColumn {
            old_column_name,
            new_column_name,
        })
    }

    // ---- options and literals ----

    /// `keyword (name = value, ...)`, or nothing when `keyword` is not next.
    pub(crate) fn parenthesized_options(
        &mut self,
        keyword: Keyword,
    ) -> Result<Vec<SqlOption>, ParserError> {
        if !self.parse_keyword(keyword) {
            return Ok(vec![]);
        }
        self.expect_token(&Token::LParen)?;
        let options = if self.peek_token_ref().token == Token::RParen {
            vec![]
        } else {
            self.parse_comma_separated(|p| p.sql_option())?
        };
        self.expect_token(&Token::RParen)?;
        Ok(options)
    }

    /// `name = expr` (T-SQL's HEAP, PARTITION and CLUSTERED refused).
    fn sql_option(&mut self) -> Result<SqlOption, ParserError> {
        if self.flavor.stmt_tsql_options()
            && self
                .peek_one_of_keywords(&[Keyword::HEAP, Keyword::PARTITION, Keyword::CLUSTERED])
                .is_some()
        {
            return self.refuse_next("this table option");
        }
        let key = self.parse_identifier()?;
        self.expect_token(&Token::Eq)?;
        let value = self.parse_expr()?;
        Ok(SqlOption::KeyValue { key, value })
    }

    /// MySQL-style table options, each optionally followed by a comma.
    pub(crate) fn plain_options(&mut self) -> Result<Vec<SqlOption>, ParserError> {
        let mut options = vec![];
        while let Some(option) = self.plain_option()? {
            options.push(option);
            let _ = self.consume_token(&Token::Comma);
        }
        Ok(options)
    }

    fn plain_option(&mut self) -> Result<Option<SqlOption>, ParserError> {
        if self.parse_keywords(&[Keyword::START, Keyword::TRANSACTION]) {
            return Ok(Some(SqlOption::Ident(Ident::new("START TRANSACTION"))));
        }
        if self.parse_keyword(Keyword::COMMENT) {
            let has_eq = self.consume_token(&Token::Eq);
            let next = self.next_token();
            return match next.token {
                Token::SingleQuotedString(s) if has_eq => Ok(Some(SqlOption::Comment(
                    sqlparser::ast::CommentDef::WithEq(s),
                ))),
                Token::SingleQuotedString(s) => Ok(Some(SqlOption::Comment(
                    sqlparser::ast::CommentDef::WithoutEq(s),
                ))),
                token => self.expected(
                    "Token::SingleQuotedString",
                    sqlparser::tokenizer::TokenWithSpan::wrap(token),
                ),
            };
        }
        if self.parse_keyword(Keyword::ENGINE) {
            return self.engine_option().map(Some);
        }
        if self.peek_keyword(Keyword::TABLESPACE) || self.peek_keyword(Keyword::UNION) {
            return self.refuse_next("this table option");
        }
        let Some(key) = self.plain_option_key() else {
            return Ok(None);
        };
        let _ = self.consume_token(&Token::Eq);
        let value = match self.maybe_parse(|p| p.stmt_value())? {
            Some(value) => Expr::Value(value),
            None => Expr::Identifier(self.parse_identifier()?),
        };
        Ok(Some(SqlOption::KeyValue { key, value }))
    }

    /// `ENGINE [=] name [(params)]`, ENGINE consumed.
    fn engine_option(&mut self) -> Result<SqlOption, ParserError> {
        let _ = self.consume_token(&Token::Eq);
        let next = self.next_token();
        let Token::Word(w) = next.token else {
            return self.expected("Token::Word", next);
        };
        let values = if self.peek_token_ref().token == Token::LParen {
            self.advance_token();
            let idents = if self.peek_token_ref().token == Token::RParen {
                vec![]
            } else {
                self.parse_comma_separated(|p| p.parse_identifier())?
            };
            self.expect_token(&Token::RParen)?;
            idents
        } else {
            vec![]
        };
        Ok(SqlOption::NamedParenthesizedList(NamedParenthesizedList {
            key: Ident::new("ENGINE"),
            name: Some(Ident::new(w.value)),
            values,
        }))
    }

    /// The key of a `key [=] value` table option, consumed.
    fn plain_option_key(&mut self) -> Option<Ident> {
        let runs: [(&[Keyword], &str); 8] = [
            (&[Keyword::DEFAULT, Keyword::CHARSET], "DEFAULT CHARSET"),
            (&[Keyword::CHARSET], "CHARSET"),
            (
                &[Keyword::DEFAULT, Keyword::CHARACTER, Keyword::SET],
                "DEFAULT CHARACTER SET",
            ),
            (&[Keyword::CHARACTER, Keyword::SET], "CHARACTER SET"),
            (&[Keyword::DEFAULT, Keyword::COLLATE], "DEFAULT COLLATE"),
            (&[Keyword::COLLATE], "COLLATE"),
            (&[Keyword::DATA, Keyword::DIRECTORY], "DATA DIRECTORY"),
            (&[Keyword::INDEX, Keyword::DIRECTORY], "INDEX DIRECTORY"),
        ];
        for (keywords, name) in runs {
            if self.parse_keywords(keywords) {
                return Some(Ident::new(name));
            }
        }
        let single = [
            Keyword::KEY_BLOCK_SIZE,
            Keyword::ROW_FORMAT,
            Keyword::PACK_KEYS,
            Keyword::STATS_AUTO_RECALC,
            Keyword::STATS_PERSISTENT,
            Keyword::STATS_SAMPLE_PAGES,
            Keyword::DELAY_KEY_WRITE,
            Keyword::COMPRESSION,
            Keyword::ENCRYPTION,
            Keyword::MAX_ROWS,
            Keyword::MIN_ROWS,
            Keyword::AUTOEXTEND_SIZE,
            Keyword::AVG_ROW_LENGTH,
            Keyword::CHECKSUM,
            Keyword::CONNECTION,
            Keyword::ENGINE_ATTRIBUTE,
            Keyword::PASSWORD,
            Keyword::SECONDARY_ENGINE_ATTRIBUTE,
            Keyword::INSERT_METHOD,
            Keyword::AUTO_INCREMENT,
        ];
        let keyword = self.parse_one_of_keywords(&single)?;
        Some(Ident::new(format!("{keyword:?}")))
    }

    /// A literal value (sqlparser's `parse_value`), for table options.
    pub(crate) fn stmt_value(&mut self) -> Result<ValueWithSpan, ParserError> {
        let next = self.next_token();
        let span = next.span;
        let value = match next.token {
            Token::Word(w) => match w.keyword {
                Keyword::TRUE if self.flavor != Flavor::MsSql => Value::Boolean(true),
                Keyword::FALSE if self.flavor != Flavor::MsSql => Value::Boolean(false),
                Keyword::NULL => Value::Null,
                Keyword::NoKeyword if w.quote_style == Some('"') => {
                    Value::DoubleQuotedString(w.value)
                }
                Keyword::NoKeyword if w.quote_style == Some('\'') => {
                    Value::SingleQuotedString(w.value)
                }
                _ => {
                    let found = sqlparser::tokenizer::TokenWithSpan {
                        token: Token::Word(w),
                        span,
                    };
                    return self.expected("a concrete value", found);
                }
            },
            Token::Number(n, long) => Value::Number(n, long),
            Token::SingleQuotedString(s) => Value::SingleQuotedString(self.joined_strings(s)),
            Token::DoubleQuotedString(s) => Value::DoubleQuotedString(self.joined_strings(s)),
            Token::DollarQuotedString(s) => Value::DollarQuotedString(s),
            Token::NationalStringLiteral(s) => Value::NationalStringLiteral(s),
            Token::EscapedStringLiteral(s) => Value::EscapedStringLiteral(s),
            Token::UnicodeStringLiteral(s) => Value::UnicodeStringLiteral(s),
            Token::HexStringLiteral(s) => Value::HexStringLiteral(s),
            Token::Placeholder(s) => Value::Placeholder(s),
            token => {
                let found = sqlparser::tokenizer::TokenWithSpan { token, span };
                return self.expected("a value", found);
            }
        };
        Ok(value.with_span(span))
    }

    /// MySQL joins adjacent string literals into one.
    fn joined_strings(&mut self, mut s: String) -> String {
        if !self.flavor.stmt_string_concatenation() {
            return s;
        }
        while let Token::SingleQuotedString(more) | Token::DoubleQuotedString(more) =
            &self.peek_token_ref().token
        {
            s.push_str(more);
            self.advance_token();
        }
        s
    }

    /// A string literal (sqlparser's `parse_literal_string`).
    pub(crate) fn stmt_literal_string(&mut self) -> Result<String, ParserError> {
        let next = self.next_token();
        match next.token {
            Token::Word(w) if w.keyword == Keyword::NoKeyword => Ok(w.value),
            Token::SingleQuotedString(s) | Token::DoubleQuotedString(s) => Ok(s),
            Token::EscapedStringLiteral(s)
                if matches!(self.flavor, Flavor::Postgres | Flavor::Generic) =>
            {
                Ok(s)
            }
            Token::UnicodeStringLiteral(s) => Ok(s),
            _ => self.expected("literal string", next),
        }
    }
}
