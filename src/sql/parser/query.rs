//! Queries: WITH, set operations, VALUES and parenthesized queries. The rest of a query is
//! read by the files beside this one:
//! - `query_tail.rs`: ORDER BY, LIMIT, OFFSET, FETCH, row locks;
//! - `query_select.rs`: SELECT and its select list (`query_wildcard.rs`: what follows `*`);
//! - `query_group.rs`: GROUP BY and WINDOW;
//! - `query_from.rs`: table factors (`query_join.rs`: joins);
//! - `query_refused.rs`: the clauses of other databases, refused by name (PIVOT, JSON_TABLE,
//!   TABLESAMPLE, QUALIFY, CONNECT BY, GROUPING SETS, FOR XML, ...).
//!
//! Each function builds the tree sqlparser's parser builds for the same tokens, with the same
//! errors, in the five flavours; the flavour questions sqlparser asks its dialects are the
//! `query_*` methods of [`Flavor`] at the end of each file.

#[path = "query_from.rs"]
mod from;
#[path = "query_group.rs"]
mod group;
#[path = "query_join.rs"]
mod join;
#[path = "query_refused.rs"]
mod refused;
#[path = "query_select.rs"]
mod select;
#[path = "query_tail.rs"]
mod tail;
#[path = "query_wildcard.rs"]
mod wildcard;

use super::Parser;
use crate::sql::{Duplicate, Flavor};
use sqlparser::ast::{
    Cte, CteAsMaterialized, Ident, Parens, Query, SelectItem, SetExpr, SetOperator, SetQuantifier,
    Table, TableAlias, TableWithJoins, Values, With,
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

    /// A select list (sqlparser's `parse_projection`), as after SELECT and T-SQL's OUTPUT:
    /// the generic dialect allows a trailing comma there, not in other lists.
    pub(crate) fn parse_projection(&mut self) -> Result<Vec<SelectItem>, ParserError> {
        self.query_projection()
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
            let with_token = self.get_current_token().copy_of();
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
            return self.refuse_next("MERGE");
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
                let mut cte = cte(name, vec![], query, None, closing);
                // DuckDB's `name (query) FROM source`, read after a CTE without AS only.
                if self.parse_keyword(Keyword::FROM) {
                    cte.from = Some(self.parse_identifier()?);
                }
                return Ok(cte);
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
        if self.peek_keyword(Keyword::FROM) && self.flavor.query_supports_from_first_select() {
            // DuckDB's `FROM t [SELECT ...]`: refused (see query_refused.rs).
            return self.refuse_next("FROM-first queries");
        }
        if self.peek_keyword(Keyword::SELECT) {
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
        if matches!(self.flavor, Flavor::MySql | Flavor::Generic)
            && self.parse_keyword(Keyword::VALUE)
        {
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
            let content = if allow_empty && matches!(p.peek_token_ref().token, Token::RParen) {
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

    /// `TABLE [schema.]name` as a query body (sqlparser's `parse_as_table`).
    fn query_as_table(&mut self) -> Result<Table, ParserError> {
        let first = self.parse_identifier()?;
        Ok(if self.consume_token(&Token::Period) {
            Table {
                table_name: Some(self.parse_identifier()?),
                schema_name: Some(first),
            }
        } else {
            Table {
                table_name: Some(first),
                schema_name: None,
            }
        })
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
    fn query_supports_from_first_select(self) -> bool {
        self.is_generic()
    }

    /// `LIMIT offset, count`.
    fn query_supports_limit_comma(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Sqlite | Flavor::Generic)
    }

    /// ClickHouse's `LIMIT n BY expr`, read by the generic dialect.
    fn query_supports_limit_by(self) -> bool {
        self.is_generic()
    }

    /// BigQuery's `|>` pipe operators, read by the generic dialect.
    fn query_supports_pipe_operator(self) -> bool {
        self.is_generic()
    }

    /// `WITH name (query)` without AS.
    fn query_supports_cte_without_as(self) -> bool {
        self.is_generic()
    }
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
