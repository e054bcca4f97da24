//! Expressions, literals and data types: the precedence-climbing loop, the flavours'
//! operator precedence and the infix operators. The prefix forms are in `expr_prefix.rs`,
//! function calls and the keyword-led forms (CASE, CAST, INTERVAL, ...) in `expr_call.rs`,
//! data types in `expr_type.rs`.
//!
//! The trees are sqlparser's, built as its parser builds them for the five flavours, so that
//! the engine behind the parser cannot tell the two apart.

#[path = "expr_call.rs"]
mod call;
#[path = "expr_memo.rs"]
mod memo;
#[path = "expr_predicate.rs"]
mod predicate;
#[path = "expr_prefix.rs"]
mod prefix;
#[path = "expr_special.rs"]
mod special;
#[path = "expr_type.rs"]
mod types;

use super::{parser_err, Parser};
use crate::Flavor;
use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, Expr, JsonPath, JsonPathElem, OrderByExpr, OrderByOptions,
    OrderBySort, UnaryOperator, WithFill,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;
use std::cell::Cell;

/// The binding strengths sqlparser names; each flavour gives them a number
/// ([`Flavor::expr_prec`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prec {
    Period,
    DoubleColon,
    AtTz,
    MulDivMod,
    PlusMinus,
    Xor,
    Ampersand,
    Caret,
    Pipe,
    Colon,
    PgOther,
    Between,
    Eq,
    Like,
    Is,
    UnaryNot,
    And,
    Or,
}

impl Flavor {
    /// The number a flavour gives a binding strength: PostgreSQL has its own table (closer
    /// to its grammar), the others share sqlparser's default one.
    pub(crate) fn expr_prec(self, p: Prec) -> u8 {
        if self == Flavor::Postgres {
            return match p {
                Prec::Period => 200,
                Prec::DoubleColon => 140,
                Prec::AtTz => 110,
                Prec::Caret => 100,
                Prec::MulDivMod => 90,
                Prec::PlusMinus => 80,
                Prec::Xor => 75,
                Prec::Ampersand | Prec::Pipe | Prec::Colon | Prec::PgOther => 70,
                Prec::Between | Prec::Like => 60,
                Prec::Eq => 50,
                Prec::Is => 40,
                Prec::UnaryNot => 30,
                Prec::And => 20,
                Prec::Or => 10,
            };
        }
        match p {
            Prec::Period => 100,
            Prec::DoubleColon => 50,
            Prec::AtTz => 41,
            Prec::MulDivMod => 40,
            Prec::PlusMinus => 30,
            Prec::Xor => 24,
            Prec::Ampersand => 23,
            Prec::Caret => 22,
            Prec::Pipe | Prec::Colon | Prec::PgOther => 21,
            Prec::Between | Prec::Eq => 20,
            Prec::Like => 19,
            Prec::Is => 17,
            Prec::UnaryNot => 15,
            Prec::And => 10,
            Prec::Or => 5,
        }
    }

    /// `NOTNULL` as a postfix operator (PostgreSQL, SQLite).
    pub(crate) fn expr_notnull_operator(self) -> bool {
        matches!(self, Flavor::Postgres | Flavor::Sqlite)
    }

    /// `TRUE` and `FALSE` as literals (T-SQL has none: they are names there).
    pub(crate) fn expr_boolean_literals(self) -> bool {
        self != Flavor::MsSql
    }

    /// `<<` and `>>` as operators.
    fn expr_shift_operators(self) -> bool {
        matches!(self, Flavor::MySql | Flavor::Postgres | Flavor::Generic)
    }

    /// PostgreSQL's geometric operators and type-prefixed literals (`point '(1,2)'`).
    pub(crate) fn expr_geometric(self) -> bool {
        self == Flavor::Postgres
    }
}

thread_local! {
    /// Whether a column definition's options are being read, where `NOT NULL` and `COLLATE`
    /// belong to the column, not to the expression before them (sqlparser's
    /// `ParserState::ColumnDefinition`). The cursor has no room for it, and parses do not
    /// interleave on one thread, so it lives here, set and restored around the reading.
    static IN_COLUMN_DEFINITION: Cell<bool> = const { Cell::new(false) };
}

/// Puts the column-definition state back as it was when dropped.
struct RestoreColumnDefinition(bool);

impl Drop for RestoreColumnDefinition {
    fn drop(&mut self) {
        IN_COLUMN_DEFINITION.with(|c| c.set(self.0));
    }
}

impl Parser {
    /// One expression (sqlparser's `Parser::parse_expr`).
    pub fn parse_expr(&mut self) -> Result<Expr, ParserError> {
        self.subexpr(0).map(|e| *e)
    }

    /// A data type, as in a column definition or CAST (sqlparser's `parse_data_type`).
    pub fn parse_data_type(&mut self) -> Result<DataType, ParserError> {
        self.data_type_outer()
    }

    /// One ORDER BY item: an expression with ASC/DESC and NULLS FIRST/LAST
    /// (sqlparser's `parse_order_by_expr`), also used by window specifications.
    pub fn parse_order_by_expr(&mut self) -> Result<OrderByExpr, ParserError> {
        let expr = *self.subexpr(0)?;
        let options = if self.flavor == Flavor::Postgres && self.parse_keyword(Keyword::USING) {
            let op = self.order_by_using_operator()?;
            OrderByOptions {
                sort: Some(OrderBySort::Using(op)),
                nulls_first: self.parse_nulls_first_last(),
            }
        } else {
            let sort = if self.parse_keyword(Keyword::ASC) {
                Some(OrderBySort::Asc)
            } else if self.parse_keyword(Keyword::DESC) {
                Some(OrderBySort::Desc)
            } else {
                None
            };
            OrderByOptions {
                sort,
                nulls_first: self.parse_nulls_first_last(),
            }
        };
        let with_fill = if self.flavor == Flavor::Generic
            && self.parse_keywords(&[Keyword::WITH, Keyword::FILL])
        {
            Some(self.with_fill()?)
        } else {
            None
        };
        Ok(OrderByExpr {
            expr,
            options,
            with_fill,
        })
    }

    /// ClickHouse's `WITH FILL [FROM x] [TO y] [STEP z]` (generic dialect), after FILL.
    fn with_fill(&mut self) -> Result<WithFill, ParserError> {
        let bound = |p: &mut Self, keyword| -> Result<Option<Expr>, ParserError> {
            if p.parse_keyword(keyword) {
                Ok(Some(*p.subexpr(0)?))
            } else {
                Ok(None)
            }
        };
        let from = bound(self, Keyword::FROM)?;
        let to = bound(self, Keyword::TO)?;
        let step = bound(self, Keyword::STEP)?;
        Ok(WithFill { from, to, step })
    }

    /// `NULLS FIRST` (true) or `NULLS LAST` (false), if there.
    pub(crate) fn parse_nulls_first_last(&mut self) -> Option<bool> {
        if self.parse_keywords(&[Keyword::NULLS, Keyword::FIRST]) {
            Some(true)
        } else if self.parse_keywords(&[Keyword::NULLS, Keyword::LAST]) {
            Some(false)
        } else {
            None
        }
    }

    /// PostgreSQL's `ORDER BY x USING <`: the operator, as one name.
    fn order_by_using_operator(&mut self) -> Result<sqlparser::ast::ObjectName, ParserError> {
        if self.parse_keyword(Keyword::OPERATOR) {
            self.expect_token(&Token::LParen)?;
            let parts = self.pg_operator_name_parts_until_rparen()?;
            let idents: Vec<sqlparser::ast::Ident> =
                parts.into_iter().map(sqlparser::ast::Ident::new).collect();
            return Ok(sqlparser::ast::ObjectName::from(idents));
        }
        let token = self.next_token();
        Ok(sqlparser::ast::ObjectName::from(vec![
            sqlparser::ast::Ident::new(token.token.to_string()),
        ]))
    }

    /// The parts of an operator name up to `)`, as in `OPERATOR(pg_catalog.+)`.
    fn pg_operator_name_parts_until_rparen(&mut self) -> Result<Vec<String>, ParserError> {
        let mut parts = Vec::new();
        loop {
            let t = self.next_token();
            parts.push(t.token.to_string());
            if !self.consume_token(&Token::Period) {
                break;
            }
        }
        self.expect_token(&Token::RParen)?;
        Ok(parts)
    }

    /// Whether a column definition's options are being read (see [`IN_COLUMN_DEFINITION`]).
    pub(crate) fn in_column_definition(&self) -> bool {
        IN_COLUMN_DEFINITION.with(|c| c.get())
    }

    /// Runs `f` with the column-definition state set to `on` (sqlparser's `with_state`):
    /// `true` around a column's options, `false` inside parentheses and CHECK.
    pub(crate) fn with_column_definition<T>(
        &mut self,
        on: bool,
        f: impl FnOnce(&mut Self) -> Result<T, ParserError>,
    ) -> Result<T, ParserError> {
        let before = IN_COLUMN_DEFINITION.with(|c| c.replace(on));
        // Restored on the way out whatever happens, unwinding included.
        let _restore = RestoreColumnDefinition(before);
        f(self)
    }

    /// One or more expressions separated by commas.
    pub(crate) fn expr_list(&mut self) -> Result<Vec<Expr>, ParserError> {
        let mut list = Vec::new();
        loop {
            list.push(*self.subexpr(0)?);
            if !self.consume_token(&Token::Comma) {
                return Ok(list);
            }
        }
    }

    /// An expression whose operators bind tighter than `precedence` (sqlparser's
    /// `parse_subexpr`), one nesting level deeper, boxed. The expression parser passes its trees boxed
    /// between the functions that recurse, so that each level of nesting holds pointers on
    /// the stack, not whole trees (which matters in unoptimised builds, whose frames keep
    /// every temporary apart).
    pub(super) fn subexpr(&mut self, precedence: u8) -> Result<Box<Expr>, ParserError> {
        self.with_memo(|p| p.nested(|p| p.subexpr_at(precedence)))
    }

    fn subexpr_at(&mut self, precedence: u8) -> Result<Box<Expr>, ParserError> {
        let mut expr = self.operand()?;
        loop {
            let next = self.next_precedence();
            if precedence >= next || self.peek_token_ref().token == Token::Period {
                return Ok(expr);
            }
            expr = self.infix(expr, next)?;
        }
    }

    /// A prefix with its accessors (`.field`, `[i]`) and a COLLATE after them.
    fn operand(&mut self) -> Result<Box<Expr>, ParserError> {
        let prefix = self.prefix_boxed()?;
        let expr = self.compound(prefix)?;
        self.collated(expr)
    }

    fn collated(&mut self, expr: Box<Expr>) -> Result<Box<Expr>, ParserError> {
        if !self.in_column_definition() && self.parse_keyword(Keyword::COLLATE) {
            let collation = self.parse_object_name()?;
            return Ok(Box::new(Expr::Collate { expr, collation }));
        }
        Ok(expr)
    }

    /// The binding strength of the next token as an infix operator (0: none).
    pub(crate) fn next_precedence(&self) -> u8 {
        let f = self.flavor;
        let token = &self.peek_token_ref().token;
        match (f, token) {
            (Flavor::Postgres, Token::Word(w))
                if w.keyword == Keyword::COLLATE && !self.in_column_definition() =>
            {
                return 120
            }
            (Flavor::Postgres, Token::LBracket) => return 130,
            (Flavor::Postgres, t) if pg_other_operator(t) => return 70,
            (Flavor::Postgres | Flavor::MsSql, Token::Colon) => return 0,
            _ => {}
        }
        let p = |prec| f.expr_prec(prec);
        match token {
            Token::Word(w) => self.keyword_precedence(w.keyword).map_or(0, p),
            Token::Period => p(Prec::Period),
            Token::Assignment
            | Token::Eq
            | Token::Lt
            | Token::LtEq
            | Token::Neq
            | Token::Gt
            | Token::GtEq
            | Token::DoubleEq
            | Token::Tilde
            | Token::TildeAsterisk
            | Token::ExclamationMarkTilde
            | Token::ExclamationMarkTildeAsterisk
            | Token::DoubleTilde
            | Token::DoubleTildeAsterisk
            | Token::ExclamationMarkDoubleTilde
            | Token::ExclamationMarkDoubleTildeAsterisk
            | Token::Spaceship => p(Prec::Eq),
            Token::Pipe
            | Token::QuestionMarkDash
            | Token::DoubleSharp
            | Token::Overlap
            | Token::AmpersandLeftAngleBracket
            | Token::AmpersandRightAngleBracket
            | Token::QuestionMarkDashVerticalBar
            | Token::AmpersandLeftAngleBracketVerticalBar
            | Token::VerticalBarAmpersandRightAngleBracket
            | Token::TwoWayArrow
            | Token::LeftAngleBracketCaret
            | Token::RightAngleBracketCaret
            | Token::QuestionMarkSharp
            | Token::QuestionMarkDoubleVerticalBar
            | Token::QuestionPipe
            | Token::TildeEqual
            | Token::AtSign
            | Token::ShiftLeftVerticalBar
            | Token::VerticalBarShiftRight => p(Prec::Pipe),
            Token::Caret | Token::Sharp | Token::ShiftRight | Token::ShiftLeft => p(Prec::Caret),
            Token::Ampersand => p(Prec::Ampersand),
            Token::Plus | Token::Minus => p(Prec::PlusMinus),
            Token::Mul | Token::Div | Token::DuckIntDiv | Token::Mod | Token::StringConcat => {
                p(Prec::MulDivMod)
            }
            Token::DoubleColon | Token::ExclamationMark | Token::LBracket | Token::CaretAt => {
                p(Prec::DoubleColon)
            }
            // A colon before a string or number is a map's, not a JSON path's.
            Token::Colon => match self.peek_nth_token_ref(1).token {
                Token::SingleQuotedString(_) | Token::Number(_, _) => 0,
                _ => p(Prec::Colon),
            },
            Token::Arrow
            | Token::LongArrow
            | Token::HashArrow
            | Token::HashLongArrow
            | Token::AtArrow
            | Token::ArrowAt
            | Token::HashMinus
            | Token::AtQuestion
            | Token::AtAt
            | Token::Question
            | Token::QuestionAnd
            | Token::CustomBinaryOperator(_) => p(Prec::PgOther),
            _ => 0,
        }
    }

    /// The binding strength of a keyword as an infix operator, looking past `NOT` and `AT`.
    fn keyword_precedence(&self, keyword: Keyword) -> Option<Prec> {
        let nth_keyword = |n| match &self.peek_nth_token_ref(n).token {
            Token::Word(w) => Some(w.keyword),
            _ => None,
        };
        match keyword {
            Keyword::OR => Some(Prec::Or),
            Keyword::AND => Some(Prec::And),
            Keyword::XOR => Some(Prec::Xor),
            Keyword::AT => (nth_keyword(1) == Some(Keyword::TIME)
                && nth_keyword(2) == Some(Keyword::ZONE))
            .then_some(Prec::AtTz),
            Keyword::NOT => match nth_keyword(1)? {
                Keyword::IN | Keyword::BETWEEN => Some(Prec::Between),
                Keyword::LIKE
                | Keyword::ILIKE
                | Keyword::RLIKE
                | Keyword::REGEXP
                | Keyword::MATCH
                | Keyword::GLOB
                | Keyword::SIMILAR
                | Keyword::MEMBER => Some(Prec::Like),
                Keyword::NULL if !self.in_column_definition() => Some(Prec::Is),
                _ => None,
            },
            Keyword::NOTNULL if self.flavor.expr_notnull_operator() => Some(Prec::Is),
            Keyword::IS => Some(Prec::Is),
            Keyword::IN | Keyword::BETWEEN | Keyword::OVERLAPS | Keyword::OPERATOR => {
                Some(Prec::Between)
            }
            Keyword::LIKE
            | Keyword::ILIKE
            | Keyword::RLIKE
            | Keyword::REGEXP
            | Keyword::MATCH
            | Keyword::GLOB
            | Keyword::SIMILAR
            | Keyword::MEMBER => Some(Prec::Like),
            Keyword::DIV => Some(Prec::MulDivMod),
            _ => None,
        }
    }

    /// The operator after `left` and its right side (sqlparser's `parse_infix`).
    fn infix(&mut self, left: Box<Expr>, precedence: u8) -> Result<Box<Expr>, ParserError> {
        if let Some(op) = self.flavor_infix_operator() {
            return self.binary(left, op, precedence);
        }
        let tok = self.next_token();
        match self.binary_operator(&tok.token)? {
            Some(op) => self.binary_or_quantified(left, op, precedence, tok.span.start),
            None => self.other_infix(left, precedence, tok),
        }
    }

    /// The infix forms that are no binary operator: keyword-led ones, `::`, `!`, `:path`.
    fn other_infix(
        &mut self,
        left: Box<Expr>,
        precedence: u8,
        tok: sqlparser::tokenizer::TokenWithSpan,
    ) -> Result<Box<Expr>, ParserError> {
        match &tok.token {
            Token::Word(w) => self.keyword_infix(left, w.keyword, precedence, &tok),
            Token::DoubleColon => self.double_colon_cast(left),
            Token::ExclamationMark if self.flavor == Flavor::Postgres => {
                Ok(Box::new(Expr::UnaryOp {
                    op: UnaryOperator::PGPostfixFactorial,
                    expr: left,
                }))
            }
            Token::Colon => {
                self.prev_token();
                let path = self.json_path()?;
                Ok(Box::new(Expr::JsonAccess { value: left, path }))
            }
            other => parser_err(
                format!("No infix parser for token {other:?}"),
                tok.span.start,
            ),
        }
    }

    /// `expr::type`.
    fn double_colon_cast(&mut self, left: Box<Expr>) -> Result<Box<Expr>, ParserError> {
        let data_type = self.parse_data_type()?;
        Ok(Box::new(Expr::Cast {
            kind: CastKind::DoubleColon,
            expr: left,
            data_type,
            format: None,
        }))
    }

    /// `left op right`.
    fn binary(
        &mut self,
        left: Box<Expr>,
        op: BinaryOperator,
        precedence: u8,
    ) -> Result<Box<Expr>, ParserError> {
        let right = self.subexpr(precedence)?;
        Ok(Box::new(Expr::BinaryOp { left, op, right }))
    }

    /// The infix operators a flavour reads before the shared ones: MySQL's `DIV`,
    /// SQLite's `REGEXP`, `MATCH` and `GLOB` (consumed when found).
    fn flavor_infix_operator(&mut self) -> Option<BinaryOperator> {
        let flavor = self.flavor;
        match flavor {
            Flavor::MySql if self.parse_keyword(Keyword::DIV) => {
                Some(BinaryOperator::MyIntegerDivide)
            }
            Flavor::Sqlite if self.parse_keyword(Keyword::REGEXP) => Some(BinaryOperator::Regexp),
            Flavor::Sqlite if self.parse_keyword(Keyword::MATCH) => Some(BinaryOperator::Match),
            Flavor::Sqlite if self.parse_keyword(Keyword::GLOB) => Some(BinaryOperator::Glob),
            _ => None,
        }
    }

    /// The binary operator a token (just consumed) stands for in this flavour, if any.
    fn binary_operator(&mut self, token: &Token) -> Result<Option<BinaryOperator>, ParserError> {
        use BinaryOperator as B;
        let f = self.flavor;
        let pg = f == Flavor::Postgres;
        let op = match token {
            Token::Spaceship => B::Spaceship,
            Token::DoubleEq | Token::Eq => B::Eq,
            Token::Assignment => B::Assignment,
            Token::Neq => B::NotEq,
            Token::Gt => B::Gt,
            Token::GtEq => B::GtEq,
            Token::Lt => B::Lt,
            Token::LtEq => B::LtEq,
            Token::Plus => B::Plus,
            Token::Minus => B::Minus,
            Token::Mul => B::Multiply,
            Token::Mod => B::Modulo,
            Token::StringConcat => B::StringConcat,
            Token::Pipe => B::BitwiseOr,
            // PostgreSQL's ^ is a power, its XOR is #.
            Token::Caret if pg => B::PGExp,
            Token::Caret => B::BitwiseXor,
            Token::Ampersand => B::BitwiseAnd,
            Token::Div => B::Divide,
            Token::DuckIntDiv if f == Flavor::Generic => B::DuckIntegerDivide,
            Token::ShiftLeft if f.expr_shift_operators() => B::PGBitwiseShiftLeft,
            Token::ShiftRight if f.expr_shift_operators() => B::PGBitwiseShiftRight,
            Token::Sharp if pg => B::PGBitwiseXor,
            Token::Overlap if pg || f == Flavor::Generic => B::PGOverlap,
            Token::Overlap if f == Flavor::MySql => B::And,
            Token::CaretAt if pg || f == Flavor::Generic => B::PGStartsWith,
            Token::Tilde => B::PGRegexMatch,
            Token::TildeAsterisk => B::PGRegexIMatch,
            Token::ExclamationMarkTilde => B::PGRegexNotMatch,
            Token::ExclamationMarkTildeAsterisk => B::PGRegexNotIMatch,
            Token::DoubleTilde => B::PGLikeMatch,
            Token::DoubleTildeAsterisk => B::PGILikeMatch,
            Token::ExclamationMarkDoubleTilde => B::PGNotLikeMatch,
            Token::ExclamationMarkDoubleTildeAsterisk => B::PGNotILikeMatch,
            Token::Arrow => B::Arrow,
            Token::LongArrow => B::LongArrow,
            Token::HashArrow => B::HashArrow,
            Token::HashLongArrow => B::HashLongArrow,
            Token::AtArrow => B::AtArrow,
            Token::ArrowAt => B::ArrowAt,
            Token::HashMinus => B::HashMinus,
            Token::AtQuestion => B::AtQuestion,
            Token::AtAt => B::AtAt,
            Token::Question => B::Question,
            Token::QuestionAnd => B::QuestionAnd,
            Token::QuestionPipe => B::QuestionPipe,
            Token::CustomBinaryOperator(s) => B::Custom(s.clone()),
            Token::Word(w) => match w.keyword {
                Keyword::AND => B::And,
                Keyword::OR => B::Or,
                Keyword::XOR => B::Xor,
                Keyword::OVERLAPS => B::Overlaps,
                Keyword::OPERATOR if pg || f == Flavor::Generic => {
                    self.expect_token(&Token::LParen)?;
                    if self.peek_token_ref().token == Token::RParen {
                        let t = self.next_token();
                        return self.expected("operator name", t);
                    }
                    B::PGCustomBinaryOperator(self.pg_operator_name_parts_until_rparen()?)
                }
                _ => return Ok(None),
            },
            t if f.expr_geometric() => match geometric_operator(t) {
                Some(op) => op,
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        Ok(Some(op))
    }

    /// `left op right`, or `left op ANY|ALL|SOME (right)`.
    fn binary_or_quantified(
        &mut self,
        left: Box<Expr>,
        op: BinaryOperator,
        precedence: u8,
        op_at: sqlparser::tokenizer::Location,
    ) -> Result<Box<Expr>, ParserError> {
        match self.parse_one_of_keywords(&[Keyword::ANY, Keyword::ALL, Keyword::SOME]) {
            Some(quantifier) => self.quantified(left, op, quantifier, precedence, op_at),
            None => self.binary(left, op, precedence),
        }
    }

    /// `left op ANY|ALL|SOME (right)`, after the quantifier.
    fn quantified(
        &mut self,
        left: Box<Expr>,
        op: BinaryOperator,
        quantifier: Keyword,
        precedence: u8,
        op_at: sqlparser::tokenizer::Location,
    ) -> Result<Box<Expr>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let right = if self.peek_subquery() {
            // The parenthesis goes back: it is the subquery's own.
            self.prev_token();
            self.subexpr(precedence)?
        } else {
            let right = self.subexpr(precedence)?;
            self.expect_token(&Token::RParen)?;
            right
        };
        if !is_quantifiable(&op) {
            return parser_err(
                format!(
                    "Expected one of [=, >, <, =>, =<, !=, ~, ~*, !~, !~*, ~~, ~~*, !~~, !~~*] as comparison operator, found: {op}"
                ),
                op_at,
            );
        }
        Ok(Box::new(if quantifier == Keyword::ALL {
            Expr::AllOp {
                left,
                compare_op: op,
                right,
            }
        } else {
            Expr::AnyOp {
                left,
                compare_op: op,
                right,
                is_some: quantifier == Keyword::SOME,
            }
        }))
    }

    /// Whether SELECT or WITH comes next (a subquery).
    pub(crate) fn peek_subquery(&self) -> bool {
        self.peek_one_of_keywords(&[Keyword::SELECT, Keyword::WITH])
            .is_some()
    }

    /// A JSON path after a colon: `:key`, `:[expr]`, then `.key` and `[expr]`.
    fn json_path(&mut self) -> Result<JsonPath, ParserError> {
        let mut path = Vec::new();
        loop {
            let t = self.next_token();
            match t.token {
                Token::Colon
                    if path.is_empty() && self.peek_token_ref().token == Token::LBracket =>
                {
                    self.advance_token();
                    let key = self.parse_wildcard_expr()?;
                    self.expect_token(&Token::RBracket)?;
                    path.push(JsonPathElem::ColonBracket { key });
                }
                Token::Colon if path.is_empty() => path.push(self.json_path_key()?),
                Token::Period if !path.is_empty() => path.push(self.json_path_key()?),
                Token::LBracket => {
                    let key = self.parse_wildcard_expr()?;
                    self.expect_token(&Token::RBracket)?;
                    path.push(JsonPathElem::Bracket { key });
                }
                _ => {
                    self.prev_token();
                    return Ok(JsonPath { path });
                }
            }
        }
    }

    fn json_path_key(&mut self) -> Result<JsonPathElem, ParserError> {
        let t = self.next_token();
        match t.token {
            Token::Word(w) if matches!(w.quote_style, None | Some('"') | Some('`')) => {
                Ok(JsonPathElem::Dot {
                    key: w.value,
                    quoted: w.quote_style.is_some(),
                })
            }
            Token::DoubleQuotedString(key) => Ok(JsonPathElem::Dot { key, quoted: true }),
            _ => self.expected("variant object key name", t),
        }
    }
}

/// The operators PostgreSQL ranks as "any other operator".
fn pg_other_operator(t: &Token) -> bool {
    matches!(
        t,
        Token::Arrow
            | Token::LongArrow
            | Token::HashArrow
            | Token::HashLongArrow
            | Token::AtArrow
            | Token::ArrowAt
            | Token::HashMinus
            | Token::AtQuestion
            | Token::AtAt
            | Token::Question
            | Token::QuestionAnd
            | Token::QuestionPipe
            | Token::ExclamationMark
            | Token::Overlap
            | Token::CaretAt
            | Token::StringConcat
            | Token::Sharp
            | Token::ShiftRight
            | Token::ShiftLeft
            | Token::CustomBinaryOperator(_)
    )
}

/// PostgreSQL's geometric operators.
fn geometric_operator(t: &Token) -> Option<BinaryOperator> {
    use BinaryOperator as B;
    Some(match t {
        Token::DoubleSharp => B::DoubleHash,
        Token::AmpersandLeftAngleBracket => B::AndLt,
        Token::AmpersandRightAngleBracket => B::AndGt,
        Token::QuestionMarkDash => B::QuestionDash,
        Token::AmpersandLeftAngleBracketVerticalBar => B::AndLtPipe,
        Token::VerticalBarAmpersandRightAngleBracket => B::PipeAndGt,
        Token::TwoWayArrow => B::LtDashGt,
        Token::LeftAngleBracketCaret => B::LtCaret,
        Token::RightAngleBracketCaret => B::GtCaret,
        Token::QuestionMarkSharp => B::QuestionHash,
        Token::QuestionMarkDoubleVerticalBar => B::QuestionDoublePipe,
        Token::QuestionMarkDashVerticalBar => B::QuestionDashPipe,
        Token::TildeEqual => B::TildeEq,
        Token::ShiftLeftVerticalBar => B::LtLtPipe,
        Token::VerticalBarShiftRight => B::PipeGtGt,
        Token::AtSign => B::At,
        _ => return None,
    })
}

/// The comparisons ANY, ALL and SOME may follow.
fn is_quantifiable(op: &BinaryOperator) -> bool {
    use BinaryOperator as B;
    matches!(
        op,
        B::Gt
            | B::Lt
            | B::GtEq
            | B::LtEq
            | B::Eq
            | B::NotEq
            | B::PGRegexMatch
            | B::PGRegexIMatch
            | B::PGRegexNotMatch
            | B::PGRegexNotIMatch
            | B::PGLikeMatch
            | B::PGILikeMatch
            | B::PGNotLikeMatch
            | B::PGNotILikeMatch
    )
}

#[cfg(test)]
#[path = "expr_tests.rs"]
mod tests;
