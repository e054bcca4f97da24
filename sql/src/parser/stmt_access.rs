//! Statements about access to tables: GRANT (privileges on tables to users), PostgreSQL's
//! `LOCK [TABLE] ... IN mode MODE` and MySQL's `LOCK TABLES` / `UNLOCK TABLES`.

use super::super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    Action, Grant, GrantObjects, Grantee, GranteeName, GranteesType, Ident, Lock, LockTable,
    LockTableMode, LockTableTarget, LockTableType, ObjectName, ObjectNamePart, Privileges,
    Statement,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// MySQL's `user@host` grantee.
    fn stmt_user_host_grantee(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }
}

/// The privileges of one word this parser reads, with what sqlparser builds for them
/// (those taking a column list are read apart).
const SIMPLE_ACTIONS: [(Keyword, Action); 12] = [
    (Keyword::APPLYBUDGET, Action::ApplyBudget),
    (Keyword::AUDIT, Action::Audit),
    (Keyword::CONNECT, Action::Connect),
    (Keyword::DELETE, Action::Delete),
    (Keyword::FAILOVER, Action::Failover),
    (Keyword::OPERATE, Action::Operate),
    (Keyword::REPLICATE, Action::Replicate),
    (Keyword::TEMPORARY, Action::Temporary),
    (Keyword::TRIGGER, Action::Trigger),
    (Keyword::TRUNCATE, Action::Truncate),
    (Keyword::USAGE, Action::Usage),
    (Keyword::OWNERSHIP, Action::Ownership),
];

/// The first words of the privileges sqlparser knows and this parser refuses.
const OTHER_ACTIONS: [Keyword; 18] = [
    Keyword::IMPORTED,
    Keyword::ADD,
    Keyword::ATTACH,
    Keyword::BIND,
    Keyword::DATABASE,
    Keyword::EVOLVE,
    Keyword::IMPORT,
    Keyword::MANAGE,
    Keyword::OVERRIDE,
    Keyword::PURCHASE,
    Keyword::RESOLVE,
    Keyword::APPLY,
    Keyword::CREATE,
    Keyword::EXEC,
    Keyword::EXECUTE,
    Keyword::MODIFY,
    Keyword::MONITOR,
    Keyword::ROLE,
];

/// What may follow `GRANT ... ON` and names objects other than tables.
const OTHER_OBJECTS: [&[Keyword]; 19] = [
    &[Keyword::ALL, Keyword::TABLES, Keyword::IN, Keyword::SCHEMA],
    &[
        Keyword::ALL,
        Keyword::EXTERNAL,
        Keyword::TABLES,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[Keyword::ALL, Keyword::VIEWS, Keyword::IN, Keyword::SCHEMA],
    &[
        Keyword::ALL,
        Keyword::MATERIALIZED,
        Keyword::VIEWS,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::ALL,
        Keyword::FUNCTIONS,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::FUTURE,
        Keyword::SCHEMAS,
        Keyword::IN,
        Keyword::DATABASE,
    ],
    &[
        Keyword::FUTURE,
        Keyword::TABLES,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::FUTURE,
        Keyword::EXTERNAL,
        Keyword::TABLES,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::FUTURE,
        Keyword::VIEWS,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::FUTURE,
        Keyword::MATERIALIZED,
        Keyword::VIEWS,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::ALL,
        Keyword::SEQUENCES,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[
        Keyword::FUTURE,
        Keyword::SEQUENCES,
        Keyword::IN,
        Keyword::SCHEMA,
    ],
    &[Keyword::RESOURCE, Keyword::MONITOR],
    &[Keyword::COMPUTE, Keyword::POOL],
    &[Keyword::FAILOVER, Keyword::GROUP],
    &[Keyword::REPLICATION, Keyword::GROUP],
    &[Keyword::EXTERNAL, Keyword::VOLUME],
    &[Keyword::PROCEDURE],
    &[Keyword::FUNCTION],
];

impl Parser {
    /// GRANT, the keyword consumed: privileges on tables to users or roles. Other objects,
    /// grantee kinds and trailing clauses are refused by name.
    pub(crate) fn parse_grant(&mut self) -> Result<Statement, ParserError> {
        let privileges = if self.parse_keyword(Keyword::ALL) {
            Privileges::All {
                with_privileges_keyword: self.parse_keyword(Keyword::PRIVILEGES),
            }
        } else {
            Privileges::Actions(self.parse_comma_separated(|p| p.grant_action())?)
        };
        let objects = if self.parse_keyword(Keyword::ON) {
            Some(self.grant_objects()?)
        } else {
            None
        };
        self.expect_keyword_is(Keyword::TO)?;
        let grantees = self.grantees()?;
        let with_grant_option =
            self.parse_keywords(&[Keyword::WITH, Keyword::GRANT, Keyword::OPTION]);
        if self.peek_keywords(&[Keyword::COPY, Keyword::CURRENT, Keyword::GRANTS])
            || self.peek_keywords(&[Keyword::REVOKE, Keyword::CURRENT, Keyword::GRANTS])
            || self.peek_keyword(Keyword::AS)
            || self.peek_keywords(&[Keyword::GRANTED, Keyword::BY])
        {
            return self.refuse_next("this GRANT clause");
        }
        Ok(Statement::Grant(Grant {
            privileges,
            objects,
            grantees,
            with_grant_option,
            as_grantor: None,
            granted_by: None,
            current_grants: None,
        }))
    }

    /// One privilege: SELECT, INSERT, UPDATE, REFERENCES (each with optional columns),
    /// or one of [`SIMPLE_ACTIONS`]; the others sqlparser knows are refused.
    fn grant_action(&mut self) -> Result<Action, ParserError> {
        if self.peek_keywords(&[Keyword::READ, Keyword::SESSION]) {
            return self.refuse_next("this privilege");
        }
        if self.parse_keyword(Keyword::READ) {
            return Ok(Action::Read);
        }
        if self.parse_keyword(Keyword::DROP) {
            return Ok(Action::Drop);
        }
        for (keyword, action) in SIMPLE_ACTIONS {
            if self.parse_keyword(keyword) {
                return Ok(action);
            }
        }
        let with_columns = [
            Keyword::SELECT,
            Keyword::INSERT,
            Keyword::UPDATE,
            Keyword::REFERENCES,
        ];
        let Some(keyword) = self.parse_one_of_keywords(&with_columns) else {
            if self.peek_one_of_keywords(&OTHER_ACTIONS).is_some() {
                return self.refuse_next("this privilege");
            }
            return self.expected_ref("a privilege keyword", self.peek_token_ref());
        };
        let columns = self.optional_column_list()?;
        let columns = (!columns.is_empty()).then_some(columns);
        Ok(match keyword {
            Keyword::SELECT => Action::Select { columns },
            Keyword::INSERT => Action::Insert { columns },
            Keyword::UPDATE => Action::Update { columns },
            _ => Action::References { columns },
        })
    }

    /// After ON: `[TABLE] name, ...`, a name's parts possibly `*`.
    fn grant_objects(&mut self) -> Result<GrantObjects, ParserError> {
        if OTHER_OBJECTS.iter().any(|run| self.peek_keywords(run)) {
            return self.refuse_next("GRANT on objects other than tables");
        }
        let kinds = [
            Keyword::SEQUENCE,
            Keyword::DATABASE,
            Keyword::SCHEMA,
            Keyword::VIEW,
            Keyword::WAREHOUSE,
            Keyword::INTEGRATION,
            Keyword::USER,
            Keyword::CONNECTION,
        ];
        if self.peek_one_of_keywords(&kinds).is_some() {
            return self.refuse_next("GRANT on objects other than tables");
        }
        let _ = self.parse_keyword(Keyword::TABLE);
        let tables = self.parse_comma_separated(|p| p.name_with_wildcards())?;
        Ok(GrantObjects::Tables(tables))
    }

    /// `a.b.c` where any part may be `*`.
    fn name_with_wildcards(&mut self) -> Result<ObjectName, ParserError> {
        let mut parts = vec![];
        loop {
            if self.peek_token_ref().token == Token::Mul {
                let span = self.next_token().span;
                parts.push(ObjectNamePart::Identifier(Ident {
                    value: "*".to_string(),
                    quote_style: None,
                    span,
                }));
            } else if self.flavor == Flavor::MsSql
                && parts.len() == 1
                && self.peek_token_ref().token == Token::Period
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

    /// The grantees after TO: names (MySQL's `user@host` too) or PUBLIC. PUBLIC holds
    /// for every later grantee of the list, as sqlparser reads it, except in T-SQL where
    /// `public` is a plain name. Other grantee kinds (ROLE, USER, GROUP, ...) are refused.
    fn grantees(&mut self) -> Result<Vec<Grantee>, ParserError> {
        let kinds = [
            Keyword::ROLE,
            Keyword::USER,
            Keyword::SHARE,
            Keyword::GROUP,
            Keyword::DATABASE,
            Keyword::APPLICATION,
        ];
        let mut public = false;
        let mut grantees = vec![];
        loop {
            if self.peek_one_of_keywords(&kinds).is_some() {
                return self.refuse_next("this kind of grantee");
            }
            if self.flavor != Flavor::MsSql && self.parse_keyword(Keyword::PUBLIC) {
                public = true;
            }
            grantees.push(if public {
                Grantee {
                    grantee_type: GranteesType::Public,
                    name: None,
                }
            } else {
                self.grantee()?
            });
            if !self.consume_token(&Token::Comma) {
                return Ok(grantees);
            }
        }
    }

    /// A grantee's name.
    fn grantee(&mut self) -> Result<Grantee, ParserError> {
        let mut name = self.stmt_object_name()?;
        if self.flavor.stmt_user_host_grantee()
            && name.0.len() == 1
            && self.consume_token(&Token::AtSign)
        {
            let host = self.parse_identifier()?;
            if let Some(ObjectNamePart::Identifier(user)) = name.0.pop() {
                return Ok(Grantee {
                    grantee_type: GranteesType::None,
                    name: Some(GranteeName::UserHost { user, host }),
                });
            }
        }
        Ok(Grantee {
            grantee_type: GranteesType::None,
            name: Some(GranteeName::ObjectName(name)),
        })
    }

    /// `LOCK [TABLE] [ONLY] name [*], ... [IN mode MODE] [NOWAIT]`, LOCK consumed.
    pub(crate) fn parse_lock(&mut self) -> Result<Statement, ParserError> {
        if self.peek_keyword(Keyword::TABLES) {
            return self.expected_ref("TABLE or a table name", self.peek_token_ref());
        }
        let _ = self.parse_keyword(Keyword::TABLE);
        let tables = self.parse_comma_separated(|p| {
            let only = p.parse_keyword(Keyword::ONLY);
            let name = p.stmt_object_name()?;
            let has_asterisk = p.consume_token(&Token::Mul);
            Ok(LockTableTarget {
                name,
                only,
                has_asterisk,
            })
        })?;
        let lock_mode = if self.parse_keyword(Keyword::IN) {
            let mode = self.lock_table_mode()?;
            self.expect_keyword_is(Keyword::MODE)?;
            Some(mode)
        } else {
            None
        };
        let nowait = self.parse_keyword(Keyword::NOWAIT);
        Ok(Statement::Lock(Lock {
            tables,
            lock_mode,
            nowait,
        }))
    }

    fn lock_table_mode(&mut self) -> Result<LockTableMode, ParserError> {
        let modes: [(&[Keyword], LockTableMode); 8] = [
            (
                &[Keyword::ACCESS, Keyword::SHARE],
                LockTableMode::AccessShare,
            ),
            (
                &[Keyword::ACCESS, Keyword::EXCLUSIVE],
                LockTableMode::AccessExclusive,
            ),
            (&[Keyword::ROW, Keyword::SHARE], LockTableMode::RowShare),
            (
                &[Keyword::ROW, Keyword::EXCLUSIVE],
                LockTableMode::RowExclusive,
            ),
            (
                &[Keyword::SHARE, Keyword::UPDATE, Keyword::EXCLUSIVE],
                LockTableMode::ShareUpdateExclusive,
            ),
            (
                &[Keyword::SHARE, Keyword::ROW, Keyword::EXCLUSIVE],
                LockTableMode::ShareRowExclusive,
            ),
            (&[Keyword::SHARE], LockTableMode::Share),
            (&[Keyword::EXCLUSIVE], LockTableMode::Exclusive),
        ];
        for (keywords, mode) in modes {
            if self.parse_keywords(keywords) {
                return Ok(mode);
            }
        }
        self.expected_ref("a PostgreSQL LOCK TABLE mode", self.peek_token_ref())
    }

    /// MySQL's `LOCK TABLES name [[AS] alias] lock_type, ...`, LOCK TABLES consumed.
    pub(crate) fn parse_lock_tables(&mut self) -> Result<Statement, ParserError> {
        let tables = self.parse_comma_separated(|p| {
            let table = p.parse_identifier()?;
            let alias = p.lock_table_alias()?;
            let lock_type = p.lock_tables_type()?;
            Ok(LockTable {
                table,
                alias,
                lock_type,
            })
        })?;
        Ok(Statement::LockTables { tables })
    }

    /// `[AS] alias`, where READ, WRITE and LOW_PRIORITY cannot be an alias without AS.
    fn lock_table_alias(&mut self) -> Result<Option<Ident>, ParserError> {
        let after_as = self.parse_keyword(Keyword::AS);
        let next = self.next_token();
        let reserved = [Keyword::READ, Keyword::WRITE, Keyword::LOW_PRIORITY];
        match next.token {
            Token::Word(w) if after_as || !reserved.contains(&w.keyword) => {
                Ok(Some(w.into_ident(next.span)))
            }
            Token::SingleQuotedString(s) => Ok(Some(Ident::with_quote('\'', s))),
            Token::DoubleQuotedString(s) => Ok(Some(Ident::with_quote('"', s))),
            _ if after_as => self.expected("an identifier after AS", next),
            _ => {
                self.prev_token();
                Ok(None)
            }
        }
    }

    /// `READ [LOCAL]` or `[LOW_PRIORITY] WRITE`.
    fn lock_tables_type(&mut self) -> Result<LockTableType, ParserError> {
        if self.parse_keyword(Keyword::READ) {
            let local = self.parse_keyword(Keyword::LOCAL);
            Ok(LockTableType::Read { local })
        } else if self.parse_keyword(Keyword::WRITE) {
            Ok(LockTableType::Write {
                low_priority: false,
            })
        } else if self.parse_keywords(&[Keyword::LOW_PRIORITY, Keyword::WRITE]) {
            Ok(LockTableType::Write { low_priority: true })
        } else {
            self.expected_ref("an lock type in LOCK TABLES", self.peek_token_ref())
        }
    }
}
