//! SET, DECLARE and USE.

use super::super::Parser;
use crate::sql::print::ToSql;
use crate::sql::Flavor;
use sqlparser::ast::{
    ContextModifier, Declare, DeclareAssignment, DeclareSeparator, DeclareType, Expr, Ident, Set,
    SetAssignment, SetSessionParamGeneric, SetSessionParamKind, Statement, Use,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Flavor {
    /// `SET a = 1, b = 2` in one statement.
    fn stmt_comma_separated_set(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Generic)
    }

    /// `SET (a, b) = (1, 2)`.
    fn stmt_parenthesized_set(self) -> bool {
        self.is_generic()
    }

    /// `SET NAMES charset [COLLATE ...]`.
    fn stmt_set_names(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Postgres | Flavor::Generic)
    }

    /// T-SQL's `SET NOCOUNT ON` and the like, with no `=` or TO.
    fn stmt_set_without_operator(self) -> bool {
        self == Flavor::MsSql
    }
}

impl Parser {
    /// SET, the keyword consumed.
    pub(crate) fn parse_set(&mut self) -> Result<Statement, ParserError> {
        if self.peek_keyword(Keyword::HIVEVAR) {
            return self.refuse_next("SET HIVEVAR");
        }
        let scope = self.context_modifier();
        if self.peek_keyword(Keyword::ROLE) {
            return self.refuse_next("SET ROLE");
        }
        if let Some(stmt) = self.special_set(scope)? {
            return Ok(stmt);
        }
        if self.flavor.stmt_comma_separated_set() {
            if scope.is_some() {
                self.prev_token();
            }
            if let Some(stmt) = self.maybe_parse(|p| p.set_assignment_list())? {
                return Ok(stmt);
            }
        }
        self.set_variable(scope)
    }

    /// `SESSION`, `LOCAL` or `GLOBAL`.
    fn context_modifier(&mut self) -> Option<ContextModifier> {
        match self.parse_one_of_keywords(&[Keyword::SESSION, Keyword::LOCAL, Keyword::GLOBAL])? {
            Keyword::LOCAL => Some(ContextModifier::Local),
            Keyword::GLOBAL => Some(ContextModifier::Global),
            _ => Some(ContextModifier::Session),
        }
    }

    /// `SET TIME ZONE`, `SET NAMES`, `SET [SESSION CHARACTERISTICS AS] TRANSACTION ...`.
    fn special_set(
        &mut self,
        scope: Option<ContextModifier>,
    ) -> Result<Option<Statement>, ParserError> {
        if self.parse_keywords(&[Keyword::TIME, Keyword::ZONE])
            || self.parse_keyword(Keyword::TIMEZONE)
        {
            return self.set_time_zone(scope).map(Some);
        }
        if self.flavor.stmt_set_names() && self.parse_keyword(Keyword::NAMES) {
            return self.set_names().map(Some);
        }
        if self.parse_keyword(Keyword::CHARACTERISTICS) {
            self.expect_keywords(&[Keyword::AS, Keyword::TRANSACTION])?;
            let modes = self.transaction_modes()?;
            return Ok(Some(Statement::Set(Set::SetTransaction {
                modes,
                snapshot: None,
                session: true,
            })));
        }
        if self.parse_keyword(Keyword::TRANSACTION) {
            if self.peek_keyword(Keyword::SNAPSHOT) {
                return self.refuse_next("SET TRANSACTION SNAPSHOT").map(Some);
            }
            let modes = self.transaction_modes()?;
            return Ok(Some(Statement::Set(Set::SetTransaction {
                modes,
                snapshot: None,
                session: false,
            })));
        }
        if self.peek_keyword(Keyword::AUTHORIZATION) {
            return self.refuse_next("SET SESSION AUTHORIZATION").map(Some);
        }
        Ok(None)
    }

    /// TIME ZONE (or TIMEZONE) consumed: `= value` sets the TIMEZONE variable; without
    /// `=` or TO it is PostgreSQL's shorthand.
    fn set_time_zone(&mut self, scope: Option<ContextModifier>) -> Result<Statement, ParserError> {
        if self.consume_token(&Token::Eq) || self.parse_keyword(Keyword::TO) {
            return Ok(Statement::Set(Set::SingleAssignment {
                scope,
                hivevar: false,
                variable: crate::sql::build::name(Ident::new("TIMEZONE")),
                values: self.set_values(false)?,
            }));
        }
        Ok(Statement::Set(Set::SetTimeZone {
            local: scope == Some(ContextModifier::Local),
            value: self.parse_expr()?,
        }))
    }

    /// NAMES consumed: `DEFAULT`, or `charset [COLLATE 'collation']`.
    fn set_names(&mut self) -> Result<Statement, ParserError> {
        if self.parse_keyword(Keyword::DEFAULT) {
            return Ok(Statement::Set(Set::SetNamesDefault {}));
        }
        let charset_name = self.parse_identifier()?;
        let collation_name = if self.parse_keyword(Keyword::COLLATE) {
            Some(self.parse_literal_string("A SET NAMES collation that is a name")?)
        } else {
            None
        };
        Ok(Statement::Set(Set::SetNames {
            charset_name,
            collation_name,
        }))
    }

    /// MySQL's `SET [scope] a = 1, [scope] b = 2`: one assignment is a SingleAssignment.
    fn set_assignment_list(&mut self) -> Result<Statement, ParserError> {
        let mut assignments = self.parse_comma_separated(|p| p.set_assignment())?;
        if assignments.len() > 1 {
            return Ok(Statement::Set(Set::MultipleAssignments { assignments }));
        }
        let Some(SetAssignment { scope, name, value }) = assignments.pop() else {
            return Err(ParserError::ParserError(
                "Expected at least one assignment".to_string(),
            ));
        };
        Ok(Statement::Set(Set::SingleAssignment {
            scope,
            hivevar: false,
            variable: name,
            values: vec![value],
        }))
    }

    /// `[scope] name {= | TO} expr`.
    fn set_assignment(&mut self) -> Result<SetAssignment, ParserError> {
        let scope = self.context_modifier();
        if self.flavor.stmt_parenthesized_set() && self.consume_token(&Token::LParen) {
            return self.expected_ref("Unparenthesized assignment", self.peek_token_ref());
        }
        let name = self.stmt_object_name()?;
        if !(self.consume_token(&Token::Eq) || self.parse_keyword(Keyword::TO)) {
            return self.expected_ref("assignment operator", self.peek_token_ref());
        }
        let value = self.parse_expr()?;
        Ok(SetAssignment { scope, name, value })
    }

    /// `SET [scope] name {= | TO} value, ...`, `SET (a, b) = (...)`, or T-SQL's session
    /// options.
    fn set_variable(&mut self, scope: Option<ContextModifier>) -> Result<Statement, ParserError> {
        if self.flavor.stmt_parenthesized_set() && self.consume_token(&Token::LParen) {
            let variables = self
                .parse_comma_separated(|p| p.parse_identifier())?
                .into_iter()
                .map(crate::sql::build::name)
                .collect();
            self.expect_token(&Token::RParen)?;
            if !(self.consume_token(&Token::Eq) || self.parse_keyword(Keyword::TO)) {
                return self.expected_ref("equals sign or TO", self.peek_token_ref());
            }
            let values = self.set_values(true)?;
            return Ok(Statement::Set(Set::ParenthesizedAssignments {
                variables,
                values,
            }));
        }
        let variable = self.stmt_object_name()?;
        if self.consume_token(&Token::Eq) || self.parse_keyword(Keyword::TO) {
            return Ok(Statement::Set(Set::SingleAssignment {
                scope,
                hivevar: false,
                variable,
                values: self.set_values(false)?,
            }));
        }
        if self.flavor.stmt_set_without_operator() {
            self.prev_token();
            return self.tsql_session_option();
        }
        self.expected_ref("equals sign or TO", self.peek_token_ref())
    }

    /// T-SQL's `SET option[, option...] value` (NOCOUNT ON, XACT_ABORT ON, ...): the
    /// names as written and the value as text; STATISTICS, IDENTITY_INSERT and OFFSETS
    /// forms are refused.
    fn tsql_session_option(&mut self) -> Result<Statement, ParserError> {
        if self
            .peek_one_of_keywords(&[
                Keyword::STATISTICS,
                Keyword::IDENTITY_INSERT,
                Keyword::OFFSETS,
            ])
            .is_some()
        {
            return self.refuse_next("this SET option");
        }
        let names = self.parse_comma_separated(|p| {
            let next = p.next_token();
            match next.token {
                // Printed by the lab's own token printer: a word's `Display` links sqlparser's
                // quoting (`EscapeQuotedString`, 850 B of code) into the download.
                Token::Word(_) => Ok(next.token.to_sql()),
                _ => p.expected("Session param name", next),
            }
        })?;
        let value = self.parse_expr()?.to_sql();
        Ok(Statement::Set(Set::SetSessionParam(
            SetSessionParamKind::Generic(SetSessionParamGeneric { names, value }),
        )))
    }

    /// The values after `=`: queries or expressions, separated by commas. An expression
    /// that fails is reported as a missing value where the reading stopped.
    fn set_values(&mut self, parenthesized: bool) -> Result<Vec<Expr>, ParserError> {
        if parenthesized {
            self.expect_token(&Token::LParen)?;
        }
        let mut values = vec![];
        loop {
            let value = if self
                .peek_one_of_keywords(&[Keyword::SELECT, Keyword::WITH])
                .is_some()
            {
                Expr::Subquery(self.parse_query()?)
            } else {
                match self.parse_expr() {
                    Ok(expr) => expr,
                    Err(e) if super::super::is_refusal(&e) => return Err(e),
                    Err(_) => return self.expected_ref("variable value", self.peek_token_ref()),
                }
            };
            values.push(value);
            if !self.consume_token(&Token::Comma) {
                break;
            }
        }
        if parenthesized {
            self.expect_token(&Token::RParen)?;
        }
        Ok(values)
    }

    /// DECLARE, the keyword consumed: T-SQL's variables and cursors, or a cursor elsewhere.
    pub(crate) fn parse_declare(&mut self) -> Result<Statement, ParserError> {
        if self.flavor == Flavor::MsSql {
            let stmts = self.parse_comma_separated(|p| p.tsql_declaration())?;
            return Ok(Statement::Declare {
                stmts,
                separator: DeclareSeparator::Comma,
            });
        }
        self.declare_cursor()
    }

    /// `@name [AS] type [= expr]`, `@name type FOR query` or `name CURSOR [FOR query]`.
    fn tsql_declaration(&mut self) -> Result<Declare, ParserError> {
        let name = self.parse_identifier()?;
        if !name.value.starts_with('@') && !self.peek_keyword(Keyword::CURSOR) {
            return Err(ParserError::TokenizerError(
                "Invalid MsSql variable declaration.".to_string(),
            ));
        }
        let (declare_type, data_type) = if self.parse_keyword(Keyword::CURSOR) {
            (Some(DeclareType::Cursor), None)
        } else {
            let _ = self.parse_keyword(Keyword::AS);
            (None, Some(self.parse_data_type()?))
        };
        let (for_query, assignment) = if self.parse_keyword(Keyword::FOR) {
            (Some(self.parse_query()?), None)
        } else if self.consume_token(&Token::Eq) {
            let value = self.parse_expr()?;
            (
                None,
                Some(DeclareAssignment::MsSqlAssignment(Box::new(value))),
            )
        } else {
            (None, None)
        };
        Ok(Declare {
            names: vec![name],
            data_type,
            assignment,
            declare_type,
            binary: None,
            sensitive: None,
            scroll: None,
            hold: None,
            for_query,
        })
    }

    /// `DECLARE name [BINARY] [INSENSITIVE | ASENSITIVE] [[NO] SCROLL] CURSOR
    /// [WITH | WITHOUT HOLD] FOR query` (PostgreSQL's cursor, which sqlparser reads in
    /// every dialect but T-SQL).
    fn declare_cursor(&mut self) -> Result<Statement, ParserError> {
        let name = self.parse_identifier()?;
        let binary = Some(self.parse_keyword(Keyword::BINARY));
        let sensitive = if self.parse_keyword(Keyword::INSENSITIVE) {
            Some(true)
        } else if self.parse_keyword(Keyword::ASENSITIVE) {
            Some(false)
        } else {
            None
        };
        let scroll = if self.parse_keyword(Keyword::SCROLL) {
            Some(true)
        } else if self.parse_keywords(&[Keyword::NO, Keyword::SCROLL]) {
            Some(false)
        } else {
            None
        };
        self.expect_keyword_is(Keyword::CURSOR)?;
        let hold = match self.parse_one_of_keywords(&[Keyword::WITH, Keyword::WITHOUT]) {
            Some(keyword) => {
                self.expect_keyword_is(Keyword::HOLD)?;
                Some(keyword == Keyword::WITH)
            }
            None => None,
        };
        self.expect_keyword_is(Keyword::FOR)?;
        let query = self.parse_query()?;
        Ok(Statement::Declare {
            stmts: vec![Declare {
                names: vec![name],
                data_type: None,
                assignment: None,
                declare_type: Some(DeclareType::Cursor),
                binary,
                sensitive,
                scroll,
                hold,
                for_query: Some(query),
            }],
            separator: DeclareSeparator::Semicolon,
        })
    }

    /// `USE name`.
    pub(crate) fn parse_use(&mut self) -> Result<Statement, ParserError> {
        Ok(Statement::Use(Use::Object(self.stmt_object_name()?)))
    }
}
