//! CREATE (the object type after it), table constraints and index columns, CREATE INDEX,
//! DROP, TRUNCATE, ALTER TABLE, and the `key = value` options DDL carries.

use super::super::{parser_err, Parser};
use super::table::TableKind;
use crate::sql::lexer::keyword_name;
use crate::sql::Flavor;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    AlterTable, AlterTableOperation, CascadeOption, MySQLColumnPosition, ObjectType,
    RenameTableNameKind, Statement, Truncate, TruncateIdentityOption, TruncateTableTarget,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
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
}

/// The first words of the ALTER TABLE operations sqlparser reads and this parser refuses.
const OTHER_ALTER_OPERATIONS: [Keyword; 29] = [
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
    Keyword::INHERIT,
    Keyword::RESET,
    Keyword::OPTIONS,
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
        self.create_other(or_replace, temporary)
    }

    /// CREATE followed by something other than TABLE: indexes, or a refusal naming what
    /// sqlparser would have read.
    fn create_other(
        &mut self,
        or_replace: bool,
        temporary: bool,
    ) -> Result<Statement, ParserError> {
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
            Keyword::RULE,
            Keyword::EXTERNAL,
            Keyword::FUNCTION,
            Keyword::DOMAIN,
            Keyword::TRIGGER,
            Keyword::MACRO,
            Keyword::SECRET,
            Keyword::USER,
            Keyword::AGGREGATE,
            Keyword::SCHEMA,
            Keyword::WAREHOUSE,
        ];
        let schema = self.flavor.stmt_create_schema() && !or_replace && !temporary;
        if schema && self.parse_keyword(Keyword::SCHEMA) {
            return self.parse_create_schema();
        }
        if let Some(k) = self.peek_one_of_keywords(&before_replace_check) {
            return refused(keyword_name(k));
        }
        if self.peek_keywords(&[Keyword::CONSTRAINT, Keyword::TRIGGER]) {
            return refused("CONSTRAINT TRIGGER");
        }
        if or_replace {
            return self.expected_ref(
                "[EXTERNAL] TABLE or [MATERIALIZED] VIEW or FUNCTION or AGGREGATE or SCHEMA or WAREHOUSE after CREATE OR REPLACE",
                self.peek_token_ref(),
            );
        }
        if self.parse_keyword(Keyword::INDEX) {
            return self.parse_create_index(false);
        }
        if self.parse_keywords(&[Keyword::UNIQUE, Keyword::INDEX]) {
            return self.parse_create_index(true);
        }
        if self.flavor.stmt_create_sequence() && self.parse_keyword(Keyword::SEQUENCE) {
            return self.parse_create_sequence(temporary);
        }
        if self.flavor.stmt_create_type() && !temporary && self.parse_keyword(Keyword::TYPE) {
            return self.parse_create_type();
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
            Keyword::FOREIGN,
        ];
        if let Some(k) = self.peek_one_of_keywords(&after) {
            return refused(keyword_name(k));
        }
        // PostgreSQL's CREATE GROUP (a role), T-SQL's CREATE PROC.
        let own = match self.flavor {
            Flavor::Postgres => Some(Keyword::GROUP),
            Flavor::MsSql => Some(Keyword::PROC),
            _ => None,
        };
        if let Some(k) = own.filter(|&k| self.peek_keyword(k)) {
            return refused(keyword_name(k));
        }
        self.expected_ref("an object type after CREATE", self.peek_token_ref())
    }

    /// DROP, the keyword consumed: TABLE, INDEX, VIEW and the other plain object types.
    pub(crate) fn parse_drop(&mut self) -> Result<Statement, ParserError> {
        let temporary = self.flavor.stmt_drop_temporary() && self.parse_keyword(Keyword::TEMPORARY);
        let Some(object_type) = self.drop_object_type()? else {
            return self.expected_ref(
                "COLLATION, CONNECTOR, DATABASE, EXTENSION, FOREIGN TABLE, FUNCTION, GROUP, INDEX, OPERATOR, POLICY, PROCEDURE, ROLE, RULE, SCHEMA, SECRET, SEQUENCE, STAGE, TABLE, TRIGGER, TYPE, VIEW, MATERIALIZED VIEW, USER or WAREHOUSE after DROP",
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
        if self.peek_keywords(&[Keyword::FOREIGN, Keyword::TABLE]) {
            return self.refuse_next("DROP FOREIGN TABLE");
        }
        // PostgreSQL's DROP GROUP (a role).
        if self.flavor == Flavor::Postgres && self.peek_keyword(Keyword::GROUP) {
            return self.refuse_next("DROP GROUP");
        }
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
            Keyword::RULE,
            Keyword::CONNECTOR,
            Keyword::DOMAIN,
            Keyword::PROCEDURE,
            Keyword::SECRET,
            Keyword::TRIGGER,
            Keyword::EXTENSION,
            Keyword::OPERATOR,
        ];
        match self.peek_one_of_keywords(&own) {
            Some(k) => self.refuse_next(&format!("DROP {}", keyword_name(k))),
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
        if self.peek_keywords(&[Keyword::DEFAULT, Keyword::PRIVILEGES]) {
            return self.refuse_next("ALTER DEFAULT PRIVILEGES");
        }
        let kinds = [
            Keyword::VIEW,
            Keyword::MATERIALIZED,
            Keyword::TYPE,
            Keyword::COLLATION,
            Keyword::TABLE,
            Keyword::INDEX,
            Keyword::FUNCTION,
            Keyword::AGGREGATE,
            Keyword::ROLE,
            Keyword::POLICY,
            Keyword::TRIGGER,
            Keyword::CONNECTOR,
            Keyword::ICEBERG,
            Keyword::FOREIGN,
            Keyword::SCHEMA,
            Keyword::USER,
            Keyword::OPERATOR,
        ];
        let at = self.peek_token_ref().span.start;
        let Some(kind) = self.peek_one_of_keywords(&kinds) else {
            return self.expected_ref(
                "one of VIEW or MATERIALIZED VIEW or TYPE or COLLATION or TABLE or INDEX or FUNCTION or AGGREGATE or ROLE or POLICY or TRIGGER or CONNECTOR or ICEBERG or FOREIGN TABLE or SCHEMA or USER or OPERATOR",
                self.peek_token_ref(),
            );
        };
        self.advance_token();
        if kind != Keyword::TABLE {
            let what = match kind {
                Keyword::MATERIALIZED => "MATERIALIZED VIEW",
                Keyword::FOREIGN => "FOREIGN TABLE",
                k => keyword_name(k),
            };
            return parser_err(super::unsupported(&format!("ALTER {what}")), at);
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
        if self.flavor.is_generic() && self.peek_keyword(Keyword::PROJECTION) {
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
}
