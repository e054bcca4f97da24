//! Table constraints (PRIMARY KEY, UNIQUE, FOREIGN KEY, CHECK, MySQL's INDEX / KEY /
//! FULLTEXT), their shared clauses (references, characteristics), and CREATE INDEX with its
//! index columns and options.

use super::super::{parser_err, Parser};
use crate::sql::lexer::word;
use crate::sql::print::ToSql;
use crate::sql::Flavor;
use sqlparser::ast::{
    CheckConstraint, ConstraintCharacteristics, ConstraintReferenceMatchKind, CreateIndex,
    DeferrableInitial, ForeignKeyConstraint, FullTextOrSpatialConstraint, Ident, IndexColumn,
    IndexConstraint, IndexOption, IndexType, KeyOrIndexDisplay, NullsDistinctOption, OrderByExpr,
    OrderByOptions, OrderBySort, PrimaryKeyConstraint, ReferentialAction, Statement,
    TableConstraint, UniqueConstraint,
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
}

/// A reference's `MATCH` kind, `ON DELETE` and `ON UPDATE` actions.
type ReferentialClauses = (
    Option<ConstraintReferenceMatchKind>,
    Option<ReferentialAction>,
    Option<ReferentialAction>,
);

impl Parser {
    /// CREATE [UNIQUE] INDEX, INDEX consumed.
    pub(super) fn parse_create_index(&mut self, unique: bool) -> Result<Statement, ParserError> {
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
        if self.flavor.is_generic() && self.peek_keywords(&[Keyword::WITH, Keyword::FILL]) {
            return self.refuse_next("WITH FILL");
        }
        let sort = asc.map(|asc| {
            if asc {
                OrderBySort::Asc
            } else {
                OrderBySort::Desc
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
                options.push(IndexOption::Comment(
                    self.parse_literal_string("An index COMMENT that is a name")?,
                ));
            } else {
                return Ok(options);
            }
        }
    }

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
                            token: word(&name.to_sql(), None),
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
                    || matches!(self.peek_token_ref().token, Token::LParen)
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
        let nulls_distinct = self.nulls_distinct()?;
        let index_name = self.optional_index_name()?;
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
        let index_name = self.optional_index_name()?;
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
        let name = self.optional_index_name()?;
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

    /// An index's name, if one is next (a USING is the index type's).
    fn optional_index_name(&mut self) -> Result<Option<Ident>, ParserError> {
        if self.peek_keyword(Keyword::USING) {
            return Ok(None);
        }
        self.maybe_parse(|p| p.parse_identifier())
    }

    /// `[NULLS [NOT] DISTINCT]`.
    pub(super) fn nulls_distinct(&mut self) -> Result<NullsDistinctOption, ParserError> {
        if !self.parse_keyword(Keyword::NULLS) {
            return Ok(NullsDistinctOption::None);
        }
        let not = self.parse_keyword(Keyword::NOT);
        self.expect_keyword_is(Keyword::DISTINCT)?;
        Ok(if not {
            NullsDistinctOption::NotDistinct
        } else {
            NullsDistinctOption::Distinct
        })
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

    /// `[MATCH FULL | PARTIAL | SIMPLE] [ON DELETE action] [ON UPDATE action]`, in any
    /// order, each once.
    pub(crate) fn referential_clauses(&mut self) -> Result<ReferentialClauses, ParserError> {
        use ConstraintReferenceMatchKind as Match;
        let (mut match_kind, mut on_delete, mut on_update) = (None, None, None);
        loop {
            if match_kind.is_none() && self.parse_keyword(Keyword::MATCH) {
                match_kind = Some(
                    match self.parse_one_of_keywords(&[
                        Keyword::FULL,
                        Keyword::PARTIAL,
                        Keyword::SIMPLE,
                    ]) {
                        Some(Keyword::FULL) => Match::Full,
                        Some(Keyword::PARTIAL) => Match::Partial,
                        Some(_) => Match::Simple,
                        None => {
                            return self.expected_ref(
                                "one of FULL, PARTIAL or SIMPLE",
                                self.peek_token_ref(),
                            )
                        }
                    },
                );
            } else if on_delete.is_none() && self.parse_keywords(&[Keyword::ON, Keyword::DELETE]) {
                on_delete = Some(self.referential_action()?);
            } else if on_update.is_none() && self.parse_keywords(&[Keyword::ON, Keyword::UPDATE]) {
                on_update = Some(self.referential_action()?);
            } else {
                return Ok((match_kind, on_delete, on_update));
            }
        }
    }

    fn referential_action(&mut self) -> Result<ReferentialAction, ParserError> {
        if self.parse_keyword(Keyword::RESTRICT) {
            Ok(ReferentialAction::Restrict)
        } else if self.parse_keyword(Keyword::CASCADE) {
            Ok(ReferentialAction::Cascade)
        } else if self.parse_keywords(&[Keyword::SET, Keyword::NULL]) {
            Ok(ReferentialAction::SetNull)
        } else if self.parse_keywords(&[Keyword::NO, Keyword::ACTION]) {
            Ok(ReferentialAction::NoAction)
        } else if self.parse_keywords(&[Keyword::SET, Keyword::DEFAULT]) {
            Ok(ReferentialAction::SetDefault)
        } else {
            self.expected_ref(
                "one of RESTRICT, CASCADE, SET NULL, NO ACTION or SET DEFAULT",
                self.peek_token_ref(),
            )
        }
    }

    /// `[NOT] DEFERRABLE`, `INITIALLY DEFERRED | IMMEDIATE`, `[NOT] ENFORCED`, each once.
    pub(crate) fn constraint_characteristics(
        &mut self,
    ) -> Result<Option<ConstraintCharacteristics>, ParserError> {
        let mut cc = ConstraintCharacteristics::default();
        loop {
            if cc.deferrable.is_none() && self.parse_keywords(&[Keyword::NOT, Keyword::DEFERRABLE])
            {
                cc.deferrable = Some(false);
            } else if cc.deferrable.is_none() && self.parse_keyword(Keyword::DEFERRABLE) {
                cc.deferrable = Some(true);
            } else if cc.initially.is_none() && self.parse_keyword(Keyword::INITIALLY) {
                if self.parse_keyword(Keyword::DEFERRED) {
                    cc.initially = Some(DeferrableInitial::Deferred);
                } else if self.parse_keyword(Keyword::IMMEDIATE) {
                    cc.initially = Some(DeferrableInitial::Immediate);
                } else {
                    return self
                        .expected_ref("one of DEFERRED or IMMEDIATE", self.peek_token_ref());
                }
            } else if cc.enforced.is_none() && self.parse_keyword(Keyword::ENFORCED) {
                cc.enforced = Some(true);
            } else if cc.enforced.is_none()
                && self.parse_keywords(&[Keyword::NOT, Keyword::ENFORCED])
            {
                cc.enforced = Some(false);
            } else {
                break;
            }
        }
        let any = cc.deferrable.is_some() || cc.initially.is_some() || cc.enforced.is_some();
        Ok(any.then_some(cc))
    }

    pub(crate) fn enforced(&mut self) -> Option<bool> {
        if self.parse_keyword(Keyword::ENFORCED) {
            Some(true)
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::ENFORCED]) {
            Some(false)
        } else {
            None
        }
    }
}
