//! SELECT: hints and modifiers, DISTINCT [ON], TOP, the select list with its aliases, INTO,
//! FROM (read by `query_from.rs`), WHERE, GROUP BY, HAVING and WINDOW.

use super::super::{parser_err, Parser};
use super::refused::{AFTER_GROUP_BY, CONNECT_BY, LATERAL_VIEWS};
use crate::sql::print::Sql;
use crate::sql::Flavor;
use sqlparser::ast::{
    BinaryOperator, Distinct, Expr, GroupByExpr, Ident, OptimizerHint, OptimizerHintStyle, Select,
    SelectFlavor, SelectInto, SelectItem, SelectItemQualifiedWildcardKind, SelectModifiers,
    TableWithJoins, Top, TopQuantity,
};
use sqlparser::keywords::{Keyword, RESERVED_FOR_COLUMN_ALIAS};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

/// MySQL's modifiers between SELECT and the select list, DISTINCT and ALL among them.
const MYSQL_SELECT_MODIFIERS: &[Keyword] = &[
    Keyword::ALL,
    Keyword::DISTINCT,
    Keyword::DISTINCTROW,
    Keyword::HIGH_PRIORITY,
    Keyword::STRAIGHT_JOIN,
    Keyword::SQL_SMALL_RESULT,
    Keyword::SQL_BIG_RESULT,
    Keyword::SQL_BUFFER_RESULT,
    Keyword::SQL_NO_CACHE,
    Keyword::SQL_CALC_FOUND_ROWS,
];

/// T-SQL statement keywords that never end a select item as its alias, even after AS: T-SQL
/// needs no semicolon between statements.
const MSSQL_STATEMENT_KEYWORDS: &[Keyword] = &[
    Keyword::IF,
    Keyword::ELSE,
    Keyword::DECLARE,
    Keyword::EXEC,
    Keyword::EXECUTE,
    Keyword::INSERT,
    Keyword::UPDATE,
    Keyword::DELETE,
    Keyword::DROP,
    Keyword::CREATE,
    Keyword::ALTER,
    Keyword::TRUNCATE,
    Keyword::PRINT,
    Keyword::WHILE,
    Keyword::RETURN,
    Keyword::THROW,
    Keyword::RAISERROR,
    Keyword::MERGE,
];

impl Parser {
    /// A SELECT without WITH, set operations, ORDER BY or LIMIT (sqlparser's `parse_select`),
    /// boxed and filled clause by clause (see the note on stack in query.rs).
    pub(super) fn query_select(&mut self) -> Result<Box<Select>, ParserError> {
        let mut select = self.query_select_head()?;
        if !(self.flavor.query_supports_empty_projections() && self.peeks_empty_projection()) {
            select.projection = self.parse_projection()?;
        } else if !self.peek_keyword(Keyword::FROM) {
            // `SELECT;`, `SELECT WHERE ...`: a row of no columns, which SQLite cannot give.
            return self.refuse_next("a select list of nothing");
        }
        if self.parse_keyword(Keyword::INTO) {
            select.into = Some(self.query_select_into()?);
        }
        if self.parse_keyword(Keyword::FROM) {
            select.from = self.query_from_list()?;
        }
        self.query_select_filters(&mut select)?;
        self.query_select_grouping(&mut select)?;
        Ok(select)
    }

    /// WHERE (LATERAL VIEW and PREWHERE before it, START WITH and CONNECT BY after it, are
    /// refused).
    pub(super) fn query_select_filters(&mut self, select: &mut Select) -> Result<(), ParserError> {
        self.query_refuse(LATERAL_VIEWS)?;
        self.query_refuse_generic(&[(&[Keyword::PREWHERE], "PREWHERE")])?;
        select.selection = self.query_optional_expr_after(Keyword::WHERE)?;
        self.query_refuse(CONNECT_BY)
    }

    /// GROUP BY, HAVING and WINDOW (CLUSTER/DISTRIBUTE/SORT BY and QUALIFY are refused).
    pub(super) fn query_select_grouping(&mut self, select: &mut Select) -> Result<(), ParserError> {
        if let Some(group_by) = self.query_group_by()? {
            select.group_by = group_by;
        }
        self.query_refuse(AFTER_GROUP_BY)?;
        select.having = self.query_optional_expr_after(Keyword::HAVING)?;
        self.query_window(select)
    }

    /// SELECT, its hints, MySQL's modifiers, ALL/DISTINCT [ON] and TOP (which sqlparser reads
    /// after DISTINCT in every flavour here), in a new select.
    pub(super) fn query_select_head(&mut self) -> Result<Box<Select>, ParserError> {
        let select_token = self.expect_keyword(Keyword::SELECT)?;
        let mut select = new_select(select_token);
        select.optimizer_hints = self.query_optimizer_hints();
        let mut mysql_distinct = None;
        if self.flavor == Flavor::MySql {
            (select.select_modifiers, mysql_distinct) = self.query_mysql_modifiers()?;
        }
        select.distinct = match mysql_distinct {
            Some(d) => Some(d),
            None => self.query_all_or_distinct()?,
        };
        if self.parse_keyword(Keyword::TOP) {
            select.top = Some(self.query_top()?);
        }
        Ok(select)
    }

    /// `/*+ ... */` and `--+ ...` comments right after SELECT, in the flavours whose
    /// sqlparser dialect keeps them as optimizer hints. The whitespace is consumed either way.
    pub(super) fn query_optimizer_hints(&mut self) -> Vec<OptimizerHint> {
        let mut hints = vec![];
        if !self.flavor.query_supports_optimizer_hints() {
            return hints;
        }
        while let Token::Whitespace(ws) = self.peek_token_no_skip().token {
            let hint = match ws {
                Whitespace::SingleLineComment { comment, prefix } => {
                    hint_text(&comment).map(|(hint_prefix, text)| OptimizerHint {
                        prefix: hint_prefix,
                        text,
                        style: OptimizerHintStyle::SingleLine { prefix },
                    })
                }
                Whitespace::MultiLineComment(comment) => {
                    hint_text(&comment).map(|(hint_prefix, text)| OptimizerHint {
                        prefix: hint_prefix,
                        text,
                        style: OptimizerHintStyle::MultiLine,
                    })
                }
                _ => None,
            };
            hints.extend(hint);
            self.set_index(self.index() + 1);
        }
        hints
    }

    /// MySQL's select modifiers, in any order, with DISTINCT/ALL/DISTINCTROW among them.
    pub(super) fn query_mysql_modifiers(
        &mut self,
    ) -> Result<(Option<SelectModifiers>, Option<Distinct>), ParserError> {
        let mut modifiers = SelectModifiers::default();
        let mut distinct = None;
        while let Some(keyword) = self.parse_one_of_keywords(MYSQL_SELECT_MODIFIERS) {
            match keyword {
                Keyword::ALL | Keyword::DISTINCT if distinct.is_none() => {
                    self.prev_token();
                    distinct = self.query_all_or_distinct()?;
                }
                Keyword::DISTINCTROW if distinct.is_none() => distinct = Some(Distinct::Distinct),
                Keyword::HIGH_PRIORITY => modifiers.high_priority = true,
                Keyword::STRAIGHT_JOIN => modifiers.straight_join = true,
                Keyword::SQL_SMALL_RESULT => modifiers.sql_small_result = true,
                Keyword::SQL_BIG_RESULT => modifiers.sql_big_result = true,
                Keyword::SQL_BUFFER_RESULT => modifiers.sql_buffer_result = true,
                Keyword::SQL_NO_CACHE => modifiers.sql_no_cache = true,
                Keyword::SQL_CALC_FOUND_ROWS => modifiers.sql_calc_found_rows = true,
                // A second DISTINCT, ALL or DISTINCTROW.
                _ => {
                    self.prev_token();
                    return self.expected(
                        "HIGH_PRIORITY, STRAIGHT_JOIN, or other MySQL select modifier",
                        self.peek_token(),
                    );
                }
            }
        }
        let any = modifiers.is_any_set();
        Ok((any.then_some(modifiers), distinct))
    }

    /// `ALL`, `DISTINCT` or `DISTINCT ON (expr, ...)`; both ALL and DISTINCT is an error.
    pub(super) fn query_all_or_distinct(&mut self) -> Result<Option<Distinct>, ParserError> {
        let at = self.peek_token_ref().span.start;
        match self.parse_one_of_keywords(&[Keyword::ALL, Keyword::DISTINCT]) {
            Some(Keyword::ALL) => {
                if self.peek_keyword(Keyword::DISTINCT) {
                    return parser_err("Cannot specify ALL then DISTINCT", at);
                }
                Ok(Some(Distinct::All))
            }
            Some(_) => {
                if self.peek_keyword(Keyword::ALL) {
                    return parser_err("Cannot specify DISTINCT then ALL", at);
                }
                if !self.parse_keyword(Keyword::ON) {
                    return Ok(Some(Distinct::Distinct));
                }
                self.expect_token(&Token::LParen)?;
                let exprs = if matches!(self.peek_token_ref().token, Token::RParen) {
                    vec![]
                } else {
                    self.parse_comma_separated(Parser::parse_expr)?
                };
                self.expect_token(&Token::RParen)?;
                Ok(Some(Distinct::On(exprs)))
            }
            None => Ok(None),
        }
    }

    /// `TOP (expr)` or `TOP n`, then `[PERCENT] [WITH TIES]` (TOP read).
    pub(super) fn query_top(&mut self) -> Result<Top, ParserError> {
        let quantity = if self.consume_token(&Token::LParen) {
            let quantity = self.parse_expr()?;
            self.expect_token(&Token::RParen)?;
            TopQuantity::Expr(quantity)
        } else {
            let next = self.next_token();
            let Token::Number(n, _) = &next.token else {
                return self.expected("literal int", next);
            };
            match n.parse::<u64>() {
                Ok(n) => TopQuantity::Constant(n),
                Err(e) => {
                    return parser_err(
                        format!("Could not parse '{n}' as u64: {e}"),
                        next.span.start,
                    )
                }
            }
        };
        let percent = self.parse_keyword(Keyword::PERCENT);
        let with_ties = self.parse_keywords(&[Keyword::WITH, Keyword::TIES]);
        Ok(Top {
            with_ties,
            percent,
            quantity: Some(quantity),
        })
    }

    /// The select list; the generic dialect allows a trailing comma before a keyword that
    /// cannot be an alias or a closing token.
    pub(super) fn query_projection(&mut self) -> Result<Vec<SelectItem>, ParserError> {
        let mut items = vec![];
        loop {
            let expr = self.parse_wildcard_expr()?;
            let item = self.query_select_item_of(expr)?;
            push_unboxed(&mut items, item);
            if !self.consume_token(&Token::Comma)
                || (self.flavor.is_generic() && self.query_at_list_end())
            {
                return Ok(items);
            }
        }
    }

    /// After a comma: whether the list ends there (a trailing comma).
    pub(super) fn query_at_list_end(&mut self) -> bool {
        match &self.peek_token_ref().token {
            Token::Word(w) => RESERVED_FOR_COLUMN_ALIAS.contains(&w.keyword),
            Token::RParen | Token::SemiColon | Token::EOF | Token::RBracket | Token::RBrace => true,
            _ => false,
        }
    }

    /// One select item: `*`, `t.*`, or an expression with an optional alias; T-SQL's
    /// `alias = expr`.
    pub(super) fn query_select_item(&mut self) -> Result<SelectItem, ParserError> {
        let expr = self.parse_wildcard_expr()?;
        self.query_select_item_of(expr).map(|item| *item)
    }

    /// The select item that `expr` (read by `parse_wildcard_expr`) starts, boxed; apart from
    /// the expression, so that the recursion into it keeps a small frame.
    #[inline(never)]
    pub(super) fn query_select_item_of(
        &mut self,
        expr: Expr,
    ) -> Result<Box<SelectItem>, ParserError> {
        self.query_select_item_rest(expr).map(Box::new)
    }

    pub(super) fn query_select_item_rest(&mut self, expr: Expr) -> Result<SelectItem, ParserError> {
        match expr {
            Expr::QualifiedWildcard(prefix, token) => Ok(SelectItem::QualifiedWildcard(
                SelectItemQualifiedWildcardKind::ObjectName(prefix),
                self.query_wildcard_options(token.0)?,
            )),
            Expr::Wildcard(token) => {
                Ok(SelectItem::Wildcard(self.query_wildcard_options(token.0)?))
            }
            Expr::Identifier(v)
                if v.quote_style.is_none() && v.value.eq_ignore_ascii_case("from") =>
            {
                parser_err(
                    format!("Expected an expression, found: {}", Sql(&v)),
                    self.peek_token_ref().span.start,
                )
            }
            Expr::BinaryOp {
                left,
                op: BinaryOperator::Eq,
                right,
            } if self.flavor == Flavor::MsSql && matches!(*left, Expr::Identifier(_)) => {
                // `SELECT a = FROM t`: the FROM was no value.
                if let Expr::Identifier(v) = &*right {
                    if v.quote_style.is_none() && v.value.eq_ignore_ascii_case("from") {
                        return parser_err(
                            format!("Expected an expression, found: {}", Sql(v)),
                            self.peek_token_ref().span.start,
                        );
                    }
                }
                let Expr::Identifier(alias) = *left else {
                    return self.expected("an alias", self.peek_token());
                };
                Ok(SelectItem::ExprWithAlias {
                    expr: *right,
                    alias,
                })
            }
            expr if self.flavor.is_generic()
                && self.peek_keyword(Keyword::AS)
                && matches!(self.peek_nth_token_ref(1).token, Token::LParen) =>
            {
                self.expect_keyword_is(Keyword::AS)?;
                let aliases = self
                    .parse_parenthesized(|p| p.parse_comma_separated(Parser::parse_identifier))?;
                Ok(SelectItem::ExprWithAliases { expr, aliases })
            }
            expr => Ok(match self.query_select_item_alias()? {
                Some(alias) => SelectItem::ExprWithAlias { expr, alias },
                None => SelectItem::UnnamedExpr(expr),
            }),
        }
    }

    /// Whether the select list ends before it begins (sqlparser's `peek_empty_projection`).
    fn peeks_empty_projection(&self) -> bool {
        match &self.peek_token_ref().token {
            Token::EOF | Token::SemiColon | Token::RParen => true,
            Token::Word(w) => matches!(
                w.keyword,
                Keyword::INTO
                    | Keyword::FROM
                    | Keyword::WHERE
                    | Keyword::GROUP
                    | Keyword::HAVING
                    | Keyword::WINDOW
                    | Keyword::ORDER
                    | Keyword::LIMIT
                    | Keyword::OFFSET
                    | Keyword::FETCH
                    | Keyword::FOR
                    | Keyword::UNION
                    | Keyword::INTERSECT
                    | Keyword::EXCEPT
            ),
            _ => false,
        }
    }

    /// A select item's alias, `[AS] name`: a word the flavour lets end an item, or a quoted
    /// string (sqlparser's `maybe_parse_select_item_alias`).
    pub(super) fn query_select_item_alias(&mut self) -> Result<Option<Ident>, ParserError> {
        let flavor = self.flavor;
        self.query_optional_alias(
            |explicit, kw| flavor.query_is_select_item_alias(explicit, kw),
            flavor.query_string_column_alias(),
        )
    }

    /// `[AS] alias` where `accepts(explicit, keyword)` says which words may be an alias; a
    /// double-quoted string always may, a single-quoted one if `strings`. After AS, something
    /// must follow.
    pub(super) fn query_optional_alias(
        &mut self,
        accepts: impl Fn(bool, Keyword) -> bool,
        strings: bool,
    ) -> Result<Option<Ident>, ParserError> {
        let after_as = self.parse_keyword(Keyword::AS);
        let next = self.next_token();
        match next.token {
            Token::Word(w) if accepts(after_as, w.keyword) => Ok(Some(w.into_ident(next.span))),
            Token::SingleQuotedString(s) if strings => Ok(Some(Ident::with_quote('\'', s))),
            Token::DoubleQuotedString(s) => Ok(Some(Ident::with_quote('"', s))),
            _ if after_as => self.expected("an identifier after AS", next),
            _ => {
                self.prev_token();
                Ok(None)
            }
        }
    }

    /// `INTO [TEMP|TEMPORARY] [UNLOGGED] [TABLE] target, ...` (INTO read): MySQL's
    /// `@variables`, or a new table.
    pub(super) fn query_select_into(&mut self) -> Result<SelectInto, ParserError> {
        let temporary = self
            .parse_one_of_keywords(&[Keyword::TEMP, Keyword::TEMPORARY])
            .is_some();
        let unlogged = self.parse_keyword(Keyword::UNLOGGED);
        let table = self.parse_keyword(Keyword::TABLE);
        let targets = self.parse_comma_separated(Parser::parse_expr)?;
        Ok(SelectInto {
            temporary,
            unlogged,
            table,
            targets,
        })
    }

    /// The tables after FROM, separated by commas (sqlparser's `parse_table_with_joins`).
    /// SQLite's `FROM a, b ON ...`, a comma read as a join, is refused by name.
    pub(crate) fn query_from_list(&mut self) -> Result<Vec<TableWithJoins>, ParserError> {
        let mut tables = vec![];
        loop {
            let table = self.query_table_and_joins()?;
            if !tables.is_empty()
                && table.joins.is_empty()
                && matches!(self.flavor, Flavor::Sqlite | Flavor::Generic)
                && self
                    .peek_one_of_keywords(&[Keyword::ON, Keyword::USING])
                    .is_some()
            {
                return self.refuse_next("a comma join with ON or USING");
            }
            push_unboxed(&mut tables, table);
            if !self.consume_token(&Token::Comma) {
                return Ok(tables);
            }
        }
    }
}

/// A select of nothing but its first token, boxed.
#[inline(never)]
fn new_select(select_token: TokenWithSpan) -> Box<Select> {
    Box::new(Select {
        select_token: select_token.into(),
        optimizer_hints: vec![],
        distinct: None,
        select_modifiers: None,
        top: None,
        top_before_distinct: false,
        projection: vec![],
        exclude: None,
        into: None,
        from: vec![],
        lateral_views: vec![],
        prewhere: None,
        selection: None,
        group_by: GroupByExpr::Expressions(vec![], vec![]),
        cluster_by: vec![],
        distribute_by: vec![],
        sort_by: vec![],
        having: None,
        named_window: vec![],
        window_before_qualify: false,
        qualify: None,
        value_table_mode: None,
        connect_by: vec![],
        flavor: SelectFlavor::Standard,
    })
}

/// Moves a boxed node into a list, in a frame of its own (see the note on stack in query.rs):
/// the box is the point, so that callers never hold the node by value.
#[inline(never)]
#[allow(clippy::boxed_local)]
fn push_unboxed<T>(list: &mut Vec<T>, item: Box<T>) {
    list.push(*item);
}

/// A hint comment's `prefix+text`, the prefix being letters and digits only.
fn hint_text(comment: &str) -> Option<(String, String)> {
    let (prefix, text) = comment.split_once('+')?;
    prefix
        .chars()
        .all(|c| c.is_ascii_alphanumeric())
        .then(|| (prefix.to_string(), text.to_string()))
}

/// The words SQLite keeps from select items' aliases (sqlparser's SQLite `is_column_alias`).
const SQLITE_NOT_COLUMN_ALIAS: &[Keyword] = &[
    Keyword::SELECT,
    Keyword::WHERE,
    Keyword::GROUP,
    Keyword::HAVING,
    Keyword::ORDER,
    Keyword::LIMIT,
    Keyword::UNION,
    Keyword::EXCEPT,
    Keyword::INTERSECT,
    Keyword::RETURNING,
    Keyword::VALUES,
    Keyword::FROM,
    Keyword::INTO,
];

/// The questions sqlparser's dialects answer for SELECT.
impl Flavor {
    /// `SELECT FROM t`, a select list of nothing.
    pub(super) fn query_supports_empty_projections(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Generic)
    }

    /// Comments right after SELECT kept as optimizer hints.
    pub(super) fn query_supports_optimizer_hints(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Postgres | Flavor::Generic)
    }

    /// Whether `kw` may be a select item's alias (`explicit`: after AS). T-SQL refuses its
    /// statement keywords even after AS; elsewhere AS allows any word.
    pub(crate) fn query_is_select_item_alias(self, explicit: bool, kw: Keyword) -> bool {
        match self {
            Flavor::MsSql if MSSQL_STATEMENT_KEYWORDS.contains(&kw) => false,
            Flavor::Sqlite => explicit || !SQLITE_NOT_COLUMN_ALIAS.contains(&kw),
            _ => explicit || !RESERVED_FOR_COLUMN_ALIAS.contains(&kw),
        }
    }

    /// A single-quoted string as a select item's alias (PostgreSQL's are names only).
    pub(crate) fn query_string_column_alias(self) -> bool {
        self != Flavor::Postgres
    }

    /// A single-quoted string as a table's alias.
    pub(crate) fn query_string_table_alias(self) -> bool {
        !matches!(self, Flavor::MySql | Flavor::Postgres)
    }

    /// The T-SQL statement keywords that no alias takes.
    pub(crate) fn query_mssql_statement_keywords() -> &'static [Keyword] {
        MSSQL_STATEMENT_KEYWORDS
    }
}
