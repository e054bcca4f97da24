//! FROM: table factors (names with their aliases and hints, derived tables, table functions,
//! LATERAL, nested joins) and the joins between them.

use super::super::Parser;
use super::refused::{PIVOTS, SETTINGS, TABLE_FUNCTIONS, TABLE_SAMPLES, TABLE_VERSIONS};
use crate::sql::print::Sql;
use crate::sql::Flavor;
use sqlparser::ast::{
    Expr, FunctionArg, Ident, Join, SetExpr, TableAlias, TableFactor, TableFunctionArgs,
    TableIndexDirective, TableIndexHintForClause, TableIndexHintType, TableIndexHints,
    TableIndexType, TableWithJoins,
};
use sqlparser::keywords::{
    Keyword, RESERVED_FOR_COLUMN_ALIAS, RESERVED_FOR_TABLE_ALIAS, RESERVED_FOR_TABLE_FACTOR,
};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

/// Words MySQL keeps from table aliases: they start index hints or a join.
const MYSQL_NOT_TABLE_ALIAS: &[Keyword] = &[
    Keyword::USE,
    Keyword::IGNORE,
    Keyword::FORCE,
    Keyword::STRAIGHT_JOIN,
];

/// The words SQLite's grammar never takes as a table's name (sqlparser's SQLite
/// `is_table_factor`).
const SQLITE_NOT_TABLE_NAMES: &[Keyword] = &[
    Keyword::ADD,
    Keyword::ALL,
    Keyword::ALTER,
    Keyword::AND,
    Keyword::AS,
    Keyword::AUTOINCREMENT,
    Keyword::BETWEEN,
    Keyword::CASE,
    Keyword::CHECK,
    Keyword::COLLATE,
    Keyword::COMMIT,
    Keyword::CONSTRAINT,
    Keyword::CREATE,
    Keyword::DEFAULT,
    Keyword::DEFERRABLE,
    Keyword::DELETE,
    Keyword::DISTINCT,
    Keyword::DROP,
    Keyword::ELSE,
    Keyword::ESCAPE,
    Keyword::EXCEPT,
    Keyword::EXISTS,
    Keyword::FOREIGN,
    Keyword::FROM,
    Keyword::GROUP,
    Keyword::HAVING,
    Keyword::IN,
    Keyword::INDEX,
    Keyword::INSERT,
    Keyword::INTERSECT,
    Keyword::INTO,
    Keyword::IS,
    Keyword::JOIN,
    Keyword::LIMIT,
    Keyword::NOT,
    Keyword::NOTHING,
    Keyword::NOTNULL,
    Keyword::NULL,
    Keyword::ON,
    Keyword::OR,
    Keyword::ORDER,
    Keyword::PRIMARY,
    Keyword::REFERENCES,
    Keyword::RETURNING,
    Keyword::SELECT,
    Keyword::SET,
    Keyword::TABLE,
    Keyword::THEN,
    Keyword::TO,
    Keyword::TRANSACTION,
    Keyword::UNION,
    Keyword::UNIQUE,
    Keyword::UPDATE,
    Keyword::USING,
    Keyword::VALUES,
    Keyword::WHEN,
    Keyword::WHERE,
];

/// Reserved words PostgreSQL still takes as table aliases.
const POSTGRES_TABLE_ALIAS_EXCEPTIONS: &[Keyword] = &[
    Keyword::CLUSTER,
    Keyword::DISTRIBUTE,
    Keyword::EXPLAIN,
    Keyword::MINUS,
    Keyword::SAMPLE,
    Keyword::SORT,
    Keyword::START,
    Keyword::TOP,
    Keyword::VIEW,
];

impl Parser {
    /// A table factor and its joins, boxed (see the note on stack in query.rs).
    pub(super) fn query_table_and_joins(&mut self) -> Result<Box<TableWithJoins>, ParserError> {
        let relation = self.query_table_factor()?;
        let joins = self.query_joins()?;
        Ok(table_with_joins(relation, joins))
    }

    /// One table factor, one nesting level deeper (sqlparser counts these as it counts
    /// queries).
    pub(super) fn query_table_factor(&mut self) -> Result<Box<TableFactor>, ParserError> {
        self.nested(Parser::query_table_factor_inner)
    }

    pub(super) fn query_table_factor_inner(&mut self) -> Result<Box<TableFactor>, ParserError> {
        if self.parse_keyword(Keyword::LATERAL) {
            return self.query_lateral_factor();
        }
        if self.parse_keyword(Keyword::TABLE) {
            // `TABLE (expr) [alias]`.
            self.expect_token(&Token::LParen)?;
            let expr = self.parse_expr()?;
            self.expect_token(&Token::RParen)?;
            let alias = self.query_table_alias()?;
            return Ok(boxed_factor(|| TableFactor::TableFunction { expr, alias }));
        }
        if self.consume_token(&Token::LParen) {
            return self.query_parenthesized_factor();
        }
        if self.flavor.is_generic()
            && self.peek_keyword(Keyword::VALUES)
            && matches!(self.peek_nth_token_ref(1).token, Token::LParen)
        {
            self.advance_token();
            return self.query_values_factor();
        }
        if matches!(self.flavor, Flavor::Postgres | Flavor::Generic)
            && self.parse_keyword(Keyword::UNNEST)
        {
            return self.query_unnest();
        }
        if matches!(self.peek_nth_token_ref(1).token, Token::LParen) {
            self.query_refuse(TABLE_FUNCTIONS)?;
        }
        self.query_named_table()
    }

    /// After LATERAL: a derived table or a table function.
    pub(super) fn query_lateral_factor(&mut self) -> Result<Box<TableFactor>, ParserError> {
        if self.consume_token(&Token::LParen) {
            return self.query_derived_table(true);
        }
        let name = self.parse_object_name()?;
        self.expect_token(&Token::LParen)?;
        let args = if self.consume_token(&Token::RParen) {
            vec![]
        } else {
            let args = self.parse_comma_separated(Parser::query_function_arg)?;
            self.expect_token(&Token::RParen)?;
            args
        };
        let with_ordinality = self.parse_keywords(&[Keyword::WITH, Keyword::ORDINALITY]);
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::Function {
            lateral: true,
            name,
            args,
            with_ordinality,
            alias,
        }))
    }

    /// After `(`: a derived table, or a join in parentheses. Which one cannot be told ahead,
    /// so the derived table is tried first, as sqlparser does.
    pub(super) fn query_parenthesized_factor(&mut self) -> Result<Box<TableFactor>, ParserError> {
        if let Some(derived) = self.query_try_derived_table()? {
            self.query_refuse(PIVOTS)?;
            return Ok(derived);
        }
        let table_and_joins = self.query_table_and_joins()?;
        let nested = !table_and_joins.joins.is_empty()
            || matches!(table_and_joins.relation, TableFactor::NestedJoin { .. });
        if nested {
            self.expect_token(&Token::RParen)?;
            let alias = self.query_table_alias()?;
            return Ok(boxed_factor(|| TableFactor::NestedJoin {
                table_with_joins: table_and_joins,
                alias,
            }));
        }
        if matches!(self.flavor, Flavor::Generic | Flavor::Sqlite) {
            let relation = boxed_factor(|| table_and_joins.relation);
            return self.query_parenthesized_lone_factor(relation);
        }
        self.expected("joined table", self.peek_token())
    }

    /// A derived table if one starts here; a position where one failed is not tried again
    /// (see [`Parser::failed_derived_tables`]).
    pub(super) fn query_try_derived_table(
        &mut self,
    ) -> Result<Option<Box<TableFactor>>, ParserError> {
        let at = self.index();
        if self.failed_derived_tables.get(at).is_some() {
            return Ok(None);
        }
        let derived = self.maybe_parse(|p| p.query_derived_table(false))?;
        if derived.is_none() {
            self.failed_derived_tables.insert(at, 0);
        }
        Ok(derived)
    }

    /// The generic dialect's `(t [alias]) [alias]`: the parentheses are dropped, an alias
    /// after them goes to the table unless it has one.
    pub(super) fn query_parenthesized_lone_factor(
        &mut self,
        mut relation: Box<TableFactor>,
    ) -> Result<Box<TableFactor>, ParserError> {
        self.expect_token(&Token::RParen)?;
        let Some(outer) = self.query_table_alias()? else {
            return Ok(relation);
        };
        let alias = match relation.as_mut() {
            TableFactor::Derived { alias, .. }
            | TableFactor::Table { alias, .. }
            | TableFactor::Function { alias, .. }
            | TableFactor::TableFunction { alias, .. }
            | TableFactor::NestedJoin { alias, .. } => alias,
            _ => {
                return Err(ParserError::ParserError(
                    "alias after this parenthesized table is not supported".to_string(),
                ))
            }
        };
        if let Some(inner) = alias {
            return Err(ParserError::ParserError(format!(
                "duplicate alias {}",
                Sql(&*inner)
            )));
        }
        *alias = Some(outer);
        Ok(relation)
    }

    /// `UNNEST(array, ...) [WITH ORDINALITY] [alias] [WITH OFFSET [alias]]`, UNNEST read.
    pub(super) fn query_unnest(&mut self) -> Result<Box<TableFactor>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let array_exprs = self.parse_comma_separated(Parser::parse_expr)?;
        self.expect_token(&Token::RParen)?;
        let with_ordinality = self.parse_keywords(&[Keyword::WITH, Keyword::ORDINALITY]);
        let alias = self.query_table_alias()?;
        // sqlparser keeps a WITH that OFFSET does not follow consumed; so does this.
        let with_offset = self.parse_keyword(Keyword::WITH) && self.parse_keyword(Keyword::OFFSET);
        let with_offset_alias = if with_offset {
            self.query_optional_alias(
                |explicit, kw| explicit || !RESERVED_FOR_COLUMN_ALIAS.contains(&kw),
                self.flavor.query_string_column_alias(),
            )?
        } else {
            None
        };
        Ok(boxed_factor(|| TableFactor::UNNEST {
            alias,
            array_exprs,
            with_offset,
            with_offset_alias,
            with_ordinality,
        }))
    }

    /// `query) [alias]`, the `(` read.
    pub(super) fn query_derived_table(
        &mut self,
        lateral: bool,
    ) -> Result<Box<TableFactor>, ParserError> {
        let subquery = self.parse_query()?;
        self.expect_token(&Token::RParen)?;
        let alias = self.query_table_alias()?;
        self.query_refuse(TABLE_SAMPLES)?;
        Ok(boxed_factor(|| TableFactor::Derived {
            lateral,
            subquery,
            alias,
            sample: None,
        }))
    }

    /// The generic dialect's `VALUES (..), (..) [alias]` as a table, VALUES read.
    pub(super) fn query_values_factor(&mut self) -> Result<Box<TableFactor>, ParserError> {
        let values = self.query_values(false, false)?;
        let alias = self.query_table_alias()?;
        let subquery = super::new_query(None, Box::new(SetExpr::Values(values)));
        Ok(boxed_factor(|| TableFactor::Derived {
            lateral: false,
            subquery,
            alias,
            sample: None,
        }))
    }

    /// A table by name, or a table function such as `generate_series(1, 3)`, with what may
    /// follow: MySQL's PARTITION, T-SQL's FOR SYSTEM_TIME, WITH ORDINALITY, the alias,
    /// MySQL's index hints and T-SQL's `WITH (hints)`.
    pub(super) fn query_named_table(&mut self) -> Result<Box<TableFactor>, ParserError> {
        let inheritance = matches!(self.flavor, Flavor::Postgres | Flavor::Generic);
        if inheritance && self.peek_keyword(Keyword::ONLY) {
            return self.refuse_next("ONLY (a table without its descendants)");
        }
        if let Token::Word(w) = &self.peek_token_ref().token {
            if !self.flavor.query_is_table_name(w.keyword) {
                return self.expected_ref("table name", self.peek_token_ref());
            }
        }
        let name = self.parse_object_name()?;
        if inheritance && matches!(self.peek_token_ref().token, Token::Mul) {
            return self.refuse_next("`table *` (a table with its descendants)");
        }
        let partitions = if matches!(self.flavor, Flavor::MySql | Flavor::Generic)
            && self.parse_keyword(Keyword::PARTITION)
        {
            self.query_parenthesized_identifiers()?
        } else {
            vec![]
        };
        if self.flavor == Flavor::MsSql {
            self.query_refuse(TABLE_VERSIONS)?;
        }
        let args = if self.consume_token(&Token::LParen) {
            Some(self.query_table_function_args()?)
        } else {
            None
        };
        let with_ordinality = self.parse_keywords(&[Keyword::WITH, Keyword::ORDINALITY]);
        let alias = self.query_table_alias()?;
        let index_directives = if self.flavor == Flavor::MySql {
            self.maybe_parse(Parser::query_index_hints)?
                .unwrap_or_default()
        } else {
            vec![]
        };
        if self.flavor == Flavor::Sqlite
            && (self.peek_keywords(&[Keyword::INDEXED, Keyword::BY])
                || self.peek_keywords(&[Keyword::NOT, Keyword::INDEXED]))
        {
            return self.refuse_next("INDEXED BY");
        }
        let with_hints = self.query_with_hints()?;
        self.query_refuse(TABLE_SAMPLES)?;
        self.query_refuse(PIVOTS)?;
        if self.flavor.is_generic() {
            self.query_refuse(&[(&[Keyword::MATCH_RECOGNIZE], "MATCH_RECOGNIZE")])?;
        }
        Ok(boxed_factor(|| TableFactor::Table {
            name,
            alias,
            args,
            with_hints,
            version: None,
            partitions,
            with_ordinality,
            json_path: None,
            sample: None,
            index_directives,
            inheritance: None,
        }))
    }

    /// T-SQL's `WITH (hint, ...)` after a table; a WITH without `(` is left for what follows
    /// (a CTE of the next statement).
    pub(super) fn query_with_hints(&mut self) -> Result<Vec<Expr>, ParserError> {
        if !self.parse_keyword(Keyword::WITH) {
            return Ok(vec![]);
        }
        if !self.consume_token(&Token::LParen) {
            self.prev_token();
            return Ok(vec![]);
        }
        let hints = self.parse_comma_separated(Parser::parse_expr)?;
        self.expect_token(&Token::RParen)?;
        Ok(hints)
    }

    /// A table function's arguments after its `(`, the `)` included.
    pub(super) fn query_table_function_args(&mut self) -> Result<TableFunctionArgs, ParserError> {
        if self.consume_token(&Token::RParen) {
            return Ok(TableFunctionArgs {
                args: vec![],
                settings: None,
            });
        }
        // ClickHouse's `f(a, b SETTINGS k = v)`, which the generic dialect reads, ends the list.
        let mut args = vec![];
        loop {
            self.query_refuse_generic(SETTINGS)?;
            args.push(self.query_function_arg()?);
            if !self.consume_token(&Token::Comma) {
                break;
            }
        }
        self.expect_token(&Token::RParen)?;
        Ok(TableFunctionArgs {
            args,
            settings: None,
        })
    }

    /// One argument of a table function, read as a call's (`name => value`, PostgreSQL's
    /// `x AS name`), as sqlparser reads both.
    pub(super) fn query_function_arg(&mut self) -> Result<FunctionArg, ParserError> {
        Ok(*self.function_arg()?)
    }

    /// MySQL's `USE|IGNORE|FORCE INDEX|KEY [FOR JOIN|ORDER BY|GROUP BY] (names)`, repeated.
    pub(super) fn query_index_hints(&mut self) -> Result<Vec<TableIndexDirective>, ParserError> {
        let mut hints = vec![];
        while let Some(hint) =
            self.parse_one_of_keywords(&[Keyword::USE, Keyword::IGNORE, Keyword::FORCE])
        {
            let hint_type = match hint {
                Keyword::USE => TableIndexHintType::Use,
                Keyword::IGNORE => TableIndexHintType::Ignore,
                _ => TableIndexHintType::Force,
            };
            let index_type = match self.parse_one_of_keywords(&[Keyword::INDEX, Keyword::KEY]) {
                Some(Keyword::INDEX) => TableIndexType::Index,
                Some(_) => TableIndexType::Key,
                None => {
                    return self.expected("expected to match INDEX/KEY keyword", self.peek_token())
                }
            };
            let for_clause = if self.parse_keyword(Keyword::FOR) {
                Some(self.query_index_hint_for()?)
            } else {
                None
            };
            self.expect_token(&Token::LParen)?;
            let index_names = if !matches!(self.peek_token_ref().token, Token::RParen) {
                self.parse_comma_separated(Parser::parse_identifier)?
            } else {
                vec![]
            };
            self.expect_token(&Token::RParen)?;
            hints.push(TableIndexDirective::MySql(TableIndexHints {
                hint_type,
                index_type,
                for_clause,
                index_names,
            }));
        }
        Ok(hints)
    }

    pub(super) fn query_index_hint_for(&mut self) -> Result<TableIndexHintForClause, ParserError> {
        if self.parse_keyword(Keyword::JOIN) {
            Ok(TableIndexHintForClause::Join)
        } else if self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            Ok(TableIndexHintForClause::OrderBy)
        } else if self.parse_keywords(&[Keyword::GROUP, Keyword::BY]) {
            Ok(TableIndexHintForClause::GroupBy)
        } else {
            self.expected(
                "expected to match FOR/ORDER BY/GROUP BY table hint in for clause",
                self.peek_token(),
            )
        }
    }

    /// `(a, b)` or `()`.
    pub(super) fn query_parenthesized_identifiers(&mut self) -> Result<Vec<Ident>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let idents = if matches!(self.peek_token_ref().token, Token::RParen) {
            vec![]
        } else {
            self.parse_comma_separated(Parser::parse_identifier)?
        };
        self.expect_token(&Token::RParen)?;
        Ok(idents)
    }

    /// A table's alias, `[AS] name [(columns)]`: a word the flavour lets stand as one, or a
    /// quoted string (sqlparser's `maybe_parse_table_alias`).
    pub(crate) fn query_table_alias(&mut self) -> Result<Option<TableAlias>, ParserError> {
        let explicit = self.peek_keyword(Keyword::AS);
        let flavor = self.flavor;
        // SQLite's INDEXED BY and NOT INDEXED follow the alias, which neither word is.
        if flavor == Flavor::Sqlite
            && (self.peek_keyword(Keyword::INDEXED)
                || self.peek_keywords(&[Keyword::NOT, Keyword::INDEXED]))
        {
            return Ok(None);
        }
        let Some(name) = self.query_optional_alias(
            |explicit, kw| flavor.query_is_table_factor_alias(explicit, kw),
            flavor.query_string_table_alias(),
        )?
        else {
            return Ok(None);
        };
        let columns = self.query_alias_column_defs()?;
        Ok(Some(TableAlias {
            explicit,
            name,
            columns,
            at: None,
        }))
    }
}

/// `make()`'s table factor, boxed in a frame of its own (see the note on stack in query.rs).
#[inline(never)]
pub(super) fn boxed_factor(make: impl FnOnce() -> TableFactor) -> Box<TableFactor> {
    Box::new(make())
}

#[inline(never)]
pub(super) fn table_with_joins(
    relation: Box<TableFactor>,
    joins: Vec<Join>,
) -> Box<TableWithJoins> {
    Box::new(TableWithJoins {
        relation: *relation,
        joins,
    })
}

/// The questions sqlparser's dialects answer for FROM.
impl Flavor {
    /// Whether a table may be named by the word `kw` without quotes (sqlparser's
    /// `is_table_factor`).
    pub(crate) fn query_is_table_name(self, kw: Keyword) -> bool {
        match self {
            Flavor::Sqlite => !SQLITE_NOT_TABLE_NAMES.contains(&kw),
            Flavor::MsSql if kw == Keyword::LIMIT => true,
            _ => !RESERVED_FOR_TABLE_FACTOR.contains(&kw),
        }
    }

    /// Whether `kw` may be a table's alias (`explicit`: after AS).
    pub(crate) fn query_is_table_factor_alias(self, explicit: bool, kw: Keyword) -> bool {
        let reserved = RESERVED_FOR_TABLE_ALIAS.contains(&kw);
        match self {
            Flavor::MySql => explicit || (!reserved && !MYSQL_NOT_TABLE_ALIAS.contains(&kw)),
            Flavor::Postgres => {
                explicit || !reserved || POSTGRES_TABLE_ALIAS_EXCEPTIONS.contains(&kw)
            }
            Flavor::MsSql if Flavor::query_mssql_statement_keywords().contains(&kw) => false,
            Flavor::MsSql | Flavor::Sqlite | Flavor::Generic => explicit || !reserved,
        }
    }
}
