//! Queries: WITH, set operations, VALUES, and what follows a query body (ORDER BY, LIMIT,
//! OFFSET, FETCH, row locks, FOR XML/JSON). The SELECT itself is in `query_select.rs`, FROM and
//! joins in `query_from.rs`.
//!
//! Each function builds the tree sqlparser's parser builds for the same tokens, with the same
//! errors, in the five flavours; the flavour questions sqlparser asks its dialects here are the
//! `query_*` methods of [`Flavor`] at the end of this file and of the two others.

#[path = "query_from.rs"]
mod from;
#[path = "query_select.rs"]
mod select;

use super::Parser;
use crate::Flavor;
use sqlparser::ast::{
    Cte, CteAsMaterialized, Expr, Fetch, ForClause, ForJson, ForXml, FormatClause, Ident,
    LimitClause, LockClause, LockType, NonBlock, Offset, OffsetRows, OrderBy, OrderByKind, Parens,
    Query, SelectItem, SetExpr, SetOperator, SetQuantifier, Setting, Table, TableAlias,
    TableWithJoins, Values, With,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// Binding power of UNION and EXCEPT; INTERSECT binds tighter ([`INTERSECT_PRECEDENCE`]).
const UNION_PRECEDENCE: u8 = 10;
const INTERSECT_PRECEDENCE: u8 = 20;

impl Parser {
    /// A query (sqlparser's `Parser::parse_query`): one nesting level, as sqlparser counts it.
    pub fn parse_query(&mut self) -> Result<Box<Query>, ParserError> {
        self.nested(Parser::query_boxed)
    }

    /// A table with its joins, as after FROM (sqlparser's `parse_table_and_joins`); also
    /// read by UPDATE and DELETE.
    pub fn parse_table_and_joins(&mut self) -> Result<TableWithJoins, ParserError> {
        self.query_table_and_joins().map(|t| *t)
    }

    /// One item of a select list (sqlparser's `parse_select_item`); also read by RETURNING.
    pub fn parse_select_item(&mut self) -> Result<SelectItem, ParserError> {
        self.query_select_item()
    }

    // Stack: queries nest up to [`super::MAX_DEPTH`] levels, through the functions here and
    // in the two other files, and WebAssembly's stack is small. The syntax tree's nodes are
    // large (a `SetExpr` is kilobytes, for it may hold a whole INSERT), and a function that
    // holds one by value keeps room for it in its frame while it recurses. So the functions
    // on the way down pass nodes boxed, and the boxes are filled by small functions that
    // recurse no further (`#[inline(never)]`, so that their frames stay their own).

    /// `[WITH ...]` then either a data-modifying statement (PostgreSQL's CTE bodies and main
    /// statements go through here) or a query body with its trailing clauses.
    fn query_boxed(&mut self) -> Result<Box<Query>, ParserError> {
        let with = if self.parse_keyword(Keyword::WITH) {
            let with_token = self.get_current_token().clone();
            let recursive = self.parse_keyword(Keyword::RECURSIVE);
            let cte_tables = self.parse_comma_separated(Parser::query_cte)?;
            Some(With {
                with_token: with_token.into(),
                recursive,
                cte_tables,
            })
        } else {
            None
        };
        if let Some(keyword) = self.peek_one_of_keywords(&[
            Keyword::INSERT,
            Keyword::UPDATE,
            Keyword::DELETE,
            Keyword::MERGE,
        ]) {
            let body = self.query_modifying_body(keyword)?;
            return Ok(new_query(with, body));
        }
        let body = self.query_body(0)?;
        let mut query = new_query(with, body);
        self.query_tail(&mut query)?;
        Ok(query)
    }

    /// INSERT, UPDATE or DELETE where a query may stand, as sqlparser reads them inside a
    /// query: the statement itself (the statement part's), with none of a query's clauses.
    #[inline(never)]
    fn query_modifying_body(&mut self, keyword: Keyword) -> Result<Box<SetExpr>, ParserError> {
        if keyword == Keyword::MERGE {
            return self.expected("a query (MERGE is not supported)", self.peek_token());
        }
        let token = self.next_token();
        let statement = match keyword {
            Keyword::INSERT => self.parse_insert(token)?,
            Keyword::UPDATE => self.parse_update(token)?,
            _ => self.parse_delete(token)?,
        };
        Ok(Box::new(match keyword {
            Keyword::INSERT => SetExpr::Insert(statement),
            Keyword::UPDATE => SetExpr::Update(statement),
            _ => SetExpr::Delete(statement),
        }))
    }

    /// What may follow a query body: ORDER BY, LIMIT/OFFSET, FETCH, FOR UPDATE/SHARE (or
    /// T-SQL's FOR XML/JSON/BROWSE), a LIMIT after the locks, and the generic dialect's
    /// SETTINGS and FORMAT; set into `query` one by one.
    fn query_tail(&mut self, query: &mut Query) -> Result<(), ParserError> {
        query.order_by = self.query_order_by()?;
        query.limit_clause = self.query_limit_clause()?;
        query.settings = self.query_settings()?;
        if self.parse_keyword(Keyword::FETCH) {
            query.fetch = Some(self.query_fetch()?);
        }
        while self.parse_keyword(Keyword::FOR) {
            if let Some(clause) = self.query_for_clause()? {
                query.for_clause = Some(clause);
                break;
            }
            query.locks.push(self.query_lock()?);
        }
        // PostgreSQL takes LIMIT after the locks too; sqlparser accepts it in every dialect.
        if query.limit_clause.is_none() {
            query.limit_clause = self.query_limit_clause()?;
        }
        query.format_clause = self.query_format_clause()?;
        if self.flavor.query_supports_pipe_operator()
            && self.peek_token_ref().token == Token::VerticalBarRightAngleBracket
        {
            return self.expected(
                "end of query (pipe operators are not supported)",
                self.peek_token(),
            );
        }
        Ok(())
    }

    /// `name [(columns)] AS [[NOT] MATERIALIZED] (query)`; the generic dialect may leave out
    /// AS.
    fn query_cte(&mut self) -> Result<Cte, ParserError> {
        let name = self.parse_identifier()?;
        let as_optional = self.flavor.query_supports_cte_without_as();
        if as_optional && !self.peek_keyword(Keyword::AS) {
            let bare = self.maybe_parse(|p| {
                p.expect_token(&Token::LParen)?;
                let query = p.parse_query()?;
                let closing = p.expect_token(&Token::RParen)?;
                Ok((query, closing))
            })?;
            if let Some((query, closing)) = bare {
                return Ok(cte(name, vec![], query, None, closing));
            }
        }
        let columns = if self.parse_keyword(Keyword::AS) {
            vec![]
        } else {
            let columns = self.query_alias_column_defs()?;
            if as_optional {
                let _ = self.parse_keyword(Keyword::AS);
            } else {
                self.expect_keyword_is(Keyword::AS)?;
            }
            columns
        };
        let materialized = if self.flavor != Flavor::Postgres {
            None
        } else if self.parse_keyword(Keyword::MATERIALIZED) {
            Some(CteAsMaterialized::Materialized)
        } else if self.parse_keywords(&[Keyword::NOT, Keyword::MATERIALIZED]) {
            Some(CteAsMaterialized::NotMaterialized)
        } else {
            None
        };
        self.expect_token(&Token::LParen)?;
        let query = self.parse_query()?;
        let closing = self.expect_token(&Token::RParen)?;
        Ok(cte(name, columns, query, materialized, closing))
    }

    /// A query body of set operations over SELECTs, parenthesized queries, VALUES and
    /// `TABLE t`, read by precedence climbing: an operator binding no tighter than
    /// `precedence` is left to the caller.
    fn query_body(&mut self, precedence: u8) -> Result<Box<SetExpr>, ParserError> {
        let mut expr = self.query_body_operand()?;
        loop {
            let op = match &self.peek_token_ref().token {
                Token::Word(w) => set_operator(w.keyword),
                _ => None,
            };
            let Some(op) = op else { break };
            let op_precedence = match op {
                SetOperator::Intersect => INTERSECT_PRECEDENCE,
                _ => UNION_PRECEDENCE,
            };
            if precedence >= op_precedence {
                break;
            }
            self.advance_token();
            let set_quantifier = self.query_set_quantifier();
            let right = self.query_body(op_precedence)?;
            expr = set_operation(expr, op, set_quantifier, right);
        }
        Ok(expr)
    }

    /// One operand of the set operations.
    fn query_body_operand(&mut self) -> Result<Box<SetExpr>, ParserError> {
        if self.peek_keyword(Keyword::SELECT)
            || (self.peek_keyword(Keyword::FROM) && self.flavor.query_supports_from_first_select())
        {
            let select = self.query_select()?;
            return Ok(boxed_set_expr(|| SetExpr::Select(select)));
        }
        if self.consume_token(&Token::LParen) {
            let subquery = self.parse_query()?;
            self.expect_token(&Token::RParen)?;
            return Ok(boxed_set_expr(|| SetExpr::Query(subquery)));
        }
        // MySQL's VALUES may hold an empty row, `VALUES ()`.
        let allow_empty = self.flavor == Flavor::MySql;
        if self.parse_keyword(Keyword::VALUES) {
            let values = self.query_values(allow_empty, false)?;
            return Ok(boxed_set_expr(|| SetExpr::Values(values)));
        }
        if self.parse_keyword(Keyword::VALUE) {
            let values = self.query_values(allow_empty, true)?;
            return Ok(boxed_set_expr(|| SetExpr::Values(values)));
        }
        if self.parse_keyword(Keyword::TABLE) {
            let table = self.query_as_table()?;
            return Ok(boxed_set_expr(|| SetExpr::Table(Box::new(table))));
        }
        self.expected(
            "SELECT, VALUES, or a subquery in the query body",
            self.peek_token(),
        )
    }

    /// ALL, DISTINCT, and the BY NAME forms after a set operator.
    fn query_set_quantifier(&mut self) -> SetQuantifier {
        if self.parse_keywords(&[Keyword::DISTINCT, Keyword::BY, Keyword::NAME]) {
            SetQuantifier::DistinctByName
        } else if self.parse_keywords(&[Keyword::BY, Keyword::NAME]) {
            SetQuantifier::ByName
        } else if self.parse_keyword(Keyword::ALL) {
            if self.parse_keywords(&[Keyword::BY, Keyword::NAME]) {
                SetQuantifier::AllByName
            } else {
                SetQuantifier::All
            }
        } else if self.parse_keyword(Keyword::DISTINCT) {
            SetQuantifier::Distinct
        } else {
            SetQuantifier::None
        }
    }

    /// The rows of VALUES (the keyword read): `[ROW](a, b), ...`.
    pub(crate) fn query_values(
        &mut self,
        allow_empty: bool,
        value_keyword: bool,
    ) -> Result<Values, ParserError> {
        let mut explicit_row = false;
        let rows = self.parse_comma_separated(|p| {
            if p.parse_keyword(Keyword::ROW) {
                explicit_row = true;
            }
            let opening = p.expect_token(&Token::LParen)?;
            let content = if allow_empty && p.peek_token_ref().token == Token::RParen {
                vec![]
            } else {
                p.parse_comma_separated(Parser::parse_expr)?
            };
            let closing = p.expect_token(&Token::RParen)?;
            Ok(Parens {
                opening_token: opening.into(),
                content,
                closing_token: closing.into(),
            })
        })?;
        Ok(Values {
            explicit_row,
            rows,
            value_keyword,
        })
    }

    /// `TABLE [schema.]name` as a query body: the next three tokens, as sqlparser reads them.
    fn query_as_table(&mut self) -> Result<Table, ParserError> {
        let first = self.next_token();
        let second = self.next_token();
        let third = self.next_token();
        if second.token == Token::Period {
            let Token::Word(schema) = first.token else {
                return self.expected("Schema name", first);
            };
            let Token::Word(table) = third.token else {
                return self.expected("Table name", third);
            };
            return Ok(Table {
                table_name: Some(table.value),
                schema_name: Some(schema.value),
            });
        }
        let Token::Word(table) = first.token else {
            return self.expected("Table name", first);
        };
        Ok(Table {
            table_name: Some(table.value),
            schema_name: None,
        })
    }

    /// `ORDER BY item, ...` (each item the expression part's).
    fn query_order_by(&mut self) -> Result<Option<OrderBy>, ParserError> {
        if !self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
            return Ok(None);
        }
        let exprs = self.parse_comma_separated(Parser::parse_order_by_expr)?;
        if self.flavor == Flavor::Generic && self.peek_keyword(Keyword::INTERPOLATE) {
            return self.expected(
                "end of ORDER BY (INTERPOLATE is not supported)",
                self.peek_token(),
            );
        }
        Ok(Some(OrderBy {
            kind: OrderByKind::Expressions(exprs),
            interpolate: None,
        }))
    }

    /// `[OFFSET n [ROW|ROWS]] [LIMIT n|ALL [, m]] [OFFSET n]` in sqlparser's combinations;
    /// `LIMIT a, b` where the flavour reads it (MySQL, SQLite).
    fn query_limit_clause(&mut self) -> Result<Option<LimitClause>, ParserError> {
        let mut offset = if self.parse_keyword(Keyword::OFFSET) {
            Some(self.query_offset()?)
        } else {
            None
        };
        let mut limit = None;
        let mut limit_by = None;
        if self.parse_keyword(Keyword::LIMIT) {
            // `LIMIT ALL` reads as no limit.
            let expr = if self.parse_keyword(Keyword::ALL) {
                None
            } else {
                Some(self.parse_expr()?)
            };
            if let Some(first) = &expr {
                if self.flavor.query_supports_limit_comma()
                    && offset.is_none()
                    && self.consume_token(&Token::Comma)
                {
                    return Ok(Some(LimitClause::OffsetCommaLimit {
                        offset: first.clone(),
                        limit: self.parse_expr()?,
                    }));
                }
            }
            if self.flavor.query_supports_limit_by() && self.parse_keyword(Keyword::BY) {
                limit_by = Some(self.parse_comma_separated(Parser::parse_expr)?);
            }
            limit = Some(expr);
        }
        if offset.is_none() && limit.is_some() && self.parse_keyword(Keyword::OFFSET) {
            offset = Some(self.query_offset()?);
        }
        let has_limit = matches!(limit, Some(Some(_)));
        if offset.is_none() && !has_limit && limit_by.is_none() {
            return Ok(None);
        }
        Ok(Some(LimitClause::LimitOffset {
            limit: limit.flatten(),
            offset,
            limit_by: limit_by.unwrap_or_default(),
        }))
    }

    fn query_offset(&mut self) -> Result<Offset, ParserError> {
        let value = self.parse_expr()?;
        let rows = if self.parse_keyword(Keyword::ROW) {
            OffsetRows::Row
        } else if self.parse_keyword(Keyword::ROWS) {
            OffsetRows::Rows
        } else {
            OffsetRows::None
        };
        Ok(Offset { value, rows })
    }

    /// `FETCH {FIRST|NEXT} [n [PERCENT]] {ROW|ROWS} {ONLY|WITH TIES}` (FETCH read).
    fn query_fetch(&mut self) -> Result<Fetch, ParserError> {
        let _ = self.parse_one_of_keywords(&[Keyword::FIRST, Keyword::NEXT]);
        let (quantity, percent) = if self
            .parse_one_of_keywords(&[Keyword::ROW, Keyword::ROWS])
            .is_some()
        {
            (None, false)
        } else {
            let quantity = Expr::Value(self.parse_value()?);
            let percent = self.parse_keyword(Keyword::PERCENT);
            let _ = self.parse_one_of_keywords(&[Keyword::ROW, Keyword::ROWS]);
            (Some(quantity), percent)
        };
        let with_ties = if self.parse_keyword(Keyword::ONLY) {
            false
        } else {
            self.parse_keywords(&[Keyword::WITH, Keyword::TIES])
        };
        Ok(Fetch {
            with_ties,
            percent,
            quantity,
        })
    }

    /// `UPDATE|SHARE [OF t] [NOWAIT | SKIP LOCKED]` (FOR read). sqlparser knows no
    /// `NO KEY UPDATE` or `KEY SHARE`: they fail here as there.
    fn query_lock(&mut self) -> Result<LockClause, ParserError> {
        let lock_type = match self.expect_one_of_keywords(&[Keyword::UPDATE, Keyword::SHARE])? {
            Keyword::UPDATE => LockType::Update,
            _ => LockType::Share,
        };
        let of = if self.parse_keyword(Keyword::OF) {
            Some(self.parse_object_name()?)
        } else {
            None
        };
        let nonblock = if self.parse_keyword(Keyword::NOWAIT) {
            Some(NonBlock::Nowait)
        } else if self.parse_keywords(&[Keyword::SKIP, Keyword::LOCKED]) {
            Some(NonBlock::SkipLocked)
        } else {
            None
        };
        Ok(LockClause {
            lock_type,
            of,
            nonblock,
        })
    }

    /// T-SQL's `FOR XML ...`, `FOR JSON ...`, `FOR BROWSE` (FOR read; sqlparser reads them in
    /// every dialect); `None` when FOR starts a row lock instead.
    fn query_for_clause(&mut self) -> Result<Option<ForClause>, ParserError> {
        if self.parse_keyword(Keyword::XML) {
            Ok(Some(self.query_for_xml()?))
        } else if self.parse_keyword(Keyword::JSON) {
            Ok(Some(self.query_for_json()?))
        } else if self.parse_keyword(Keyword::BROWSE) {
            Ok(Some(ForClause::Browse))
        } else {
            Ok(None)
        }
    }

    fn query_for_xml(&mut self) -> Result<ForClause, ParserError> {
        let for_xml = if self.parse_keyword(Keyword::RAW) {
            ForXml::Raw(self.query_optional_element_name()?)
        } else if self.parse_keyword(Keyword::AUTO) {
            ForXml::Auto
        } else if self.parse_keyword(Keyword::EXPLICIT) {
            ForXml::Explicit
        } else if self.parse_keyword(Keyword::PATH) {
            ForXml::Path(self.query_optional_element_name()?)
        } else {
            return Err(ParserError::ParserError(
                "Expected FOR XML [RAW | AUTO | EXPLICIT | PATH ]".to_string(),
            ));
        };
        let (mut elements, mut binary_base64, mut root, mut r#type) = (false, false, None, false);
        // Unknown options after a comma are skipped, as sqlparser skips them.
        while self.consume_token(&Token::Comma) {
            if self.parse_keyword(Keyword::ELEMENTS) {
                elements = true;
            } else if self.parse_keyword(Keyword::BINARY) {
                self.expect_keyword_is(Keyword::BASE64)?;
                binary_base64 = true;
            } else if self.parse_keyword(Keyword::ROOT) {
                root = Some(self.parse_parenthesized(Parser::query_literal_string)?);
            } else if self.parse_keyword(Keyword::TYPE) {
                r#type = true;
            }
        }
        Ok(ForClause::Xml {
            for_xml,
            elements,
            binary_base64,
            root,
            r#type,
        })
    }

    fn query_for_json(&mut self) -> Result<ForClause, ParserError> {
        let for_json = if self.parse_keyword(Keyword::AUTO) {
            ForJson::Auto
        } else if self.parse_keyword(Keyword::PATH) {
            ForJson::Path
        } else {
            return Err(ParserError::ParserError(
                "Expected FOR JSON [AUTO | PATH ]".to_string(),
            ));
        };
        let (mut root, mut include_null_values, mut without_array_wrapper) = (None, false, false);
        while self.consume_token(&Token::Comma) {
            if self.parse_keyword(Keyword::ROOT) {
                root = Some(self.parse_parenthesized(Parser::query_literal_string)?);
            } else if self.parse_keyword(Keyword::INCLUDE_NULL_VALUES) {
                include_null_values = true;
            } else if self.parse_keyword(Keyword::WITHOUT_ARRAY_WRAPPER) {
                without_array_wrapper = true;
            }
        }
        Ok(ForClause::Json {
            for_json,
            root,
            include_null_values,
            without_array_wrapper,
        })
    }

    /// RAW's and PATH's optional `('element')`.
    fn query_optional_element_name(&mut self) -> Result<Option<String>, ParserError> {
        if self.peek_token_ref().token == Token::LParen {
            Ok(Some(
                self.parse_parenthesized(Parser::query_literal_string)?,
            ))
        } else {
            Ok(None)
        }
    }

    /// A string given as a literal or a bare non-keyword word (sqlparser's
    /// `parse_literal_string`).
    pub(crate) fn query_literal_string(&mut self) -> Result<String, ParserError> {
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

    /// The generic dialect's `SETTINGS key = value, ...`.
    fn query_settings(&mut self) -> Result<Option<Vec<Setting>>, ParserError> {
        if !self.flavor.query_supports_settings() || !self.parse_keyword(Keyword::SETTINGS) {
            return Ok(None);
        }
        let settings = self.parse_comma_separated(|p| {
            let key = p.parse_identifier()?;
            p.expect_token(&Token::Eq)?;
            let value = p.parse_expr()?;
            Ok(Setting { key, value })
        })?;
        Ok(Some(settings))
    }

    /// The generic dialect's `FORMAT name | FORMAT NULL`.
    fn query_format_clause(&mut self) -> Result<Option<FormatClause>, ParserError> {
        if !self.flavor.query_supports_settings() || !self.parse_keyword(Keyword::FORMAT) {
            return Ok(None);
        }
        if self.parse_keyword(Keyword::NULL) {
            return Ok(Some(FormatClause::Null));
        }
        Ok(Some(FormatClause::Identifier(self.parse_identifier()?)))
    }

    /// `(name [type], ...)` after an alias, or nothing (sqlparser's
    /// `parse_table_alias_column_defs`).
    pub(crate) fn query_alias_column_defs(
        &mut self,
    ) -> Result<Vec<sqlparser::ast::TableAliasColumnDef>, ParserError> {
        if !self.consume_token(&Token::LParen) {
            return Ok(vec![]);
        }
        let columns = self.parse_comma_separated(|p| {
            let name = p.parse_identifier()?;
            let data_type = p.maybe_parse(Parser::parse_data_type)?;
            Ok(sqlparser::ast::TableAliasColumnDef { name, data_type })
        })?;
        self.expect_token(&Token::RParen)?;
        Ok(columns)
    }
}

/// A query of `body` and nothing after it, boxed.
#[inline(never)]
fn new_query(with: Option<With>, body: Box<SetExpr>) -> Box<Query> {
    Box::new(Query {
        with,
        body,
        order_by: None,
        limit_clause: None,
        fetch: None,
        locks: vec![],
        for_clause: None,
        settings: None,
        format_clause: None,
        pipe_operators: vec![],
    })
}

/// `make()`'s set expression, boxed in a frame of its own.
#[inline(never)]
fn boxed_set_expr(make: impl FnOnce() -> SetExpr) -> Box<SetExpr> {
    Box::new(make())
}

#[inline(never)]
fn set_operation(
    left: Box<SetExpr>,
    op: SetOperator,
    set_quantifier: SetQuantifier,
    right: Box<SetExpr>,
) -> Box<SetExpr> {
    Box::new(SetExpr::SetOperation {
        left,
        op,
        set_quantifier,
        right,
    })
}

fn cte(
    name: Ident,
    columns: Vec<sqlparser::ast::TableAliasColumnDef>,
    query: Box<Query>,
    materialized: Option<CteAsMaterialized>,
    closing: TokenWithSpan,
) -> Cte {
    Cte {
        alias: TableAlias {
            explicit: false,
            name,
            columns,
            at: None,
        },
        query,
        from: None,
        materialized,
        closing_paren_token: closing.into(),
    }
}

fn set_operator(keyword: Keyword) -> Option<SetOperator> {
    match keyword {
        Keyword::UNION => Some(SetOperator::Union),
        Keyword::EXCEPT => Some(SetOperator::Except),
        Keyword::INTERSECT => Some(SetOperator::Intersect),
        Keyword::MINUS => Some(SetOperator::Minus),
        _ => None,
    }
}

/// The questions sqlparser's dialects answer for the query clauses above.
impl Flavor {
    /// `FROM t SELECT ...` and a bare `FROM t`.
    pub(crate) fn query_supports_from_first_select(self) -> bool {
        self == Flavor::Generic
    }

    /// `LIMIT offset, count`.
    fn query_supports_limit_comma(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Sqlite | Flavor::Generic)
    }

    /// ClickHouse's `LIMIT n BY expr`, read by the generic dialect.
    fn query_supports_limit_by(self) -> bool {
        self == Flavor::Generic
    }

    /// ClickHouse's SETTINGS and FORMAT after a query, read by the generic dialect.
    fn query_supports_settings(self) -> bool {
        self == Flavor::Generic
    }

    /// BigQuery's `|>` pipe operators, read by the generic dialect.
    fn query_supports_pipe_operator(self) -> bool {
        self == Flavor::Generic
    }

    /// `WITH name (query)` without AS.
    fn query_supports_cte_without_as(self) -> bool {
        self == Flavor::Generic
    }
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
