//! The infix operators: binary operators per flavour, ANY/ALL/SOME, `::`, `!` (Snowflake's
//! `:` paths are refused); the keyword-led ones are in `expr_predicate.rs`.

use crate::sql::lexer::token_debug;
use crate::sql::parser::{parser_err, unsupported, Parser};
use crate::sql::print::Sql;
use crate::sql::Flavor;
use sqlparser::ast::{BinaryOperator, CastKind, Expr, UnaryOperator};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// The operator after `left` and its right side (sqlparser's `parse_infix`).
    pub(super) fn infix(
        &mut self,
        left: Box<Expr>,
        precedence: u8,
    ) -> Result<Box<Expr>, ParserError> {
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
            // Snowflake's and Databricks' `value:key.path`, refused by name: SQLite, which
            // runs the engine's SQL, has no such access, and its grammar would be download
            // size for nothing.
            Token::Colon => parser_err(unsupported("`:` paths (`value:key`)"), tok.span.start),
            other => parser_err(
                format!("No infix parser for token {}", token_debug(other)),
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
            Token::DuckIntDiv if f.is_generic() => B::DuckIntegerDivide,
            Token::ShiftLeft if f.expr_shift_operators() => B::PGBitwiseShiftLeft,
            Token::ShiftRight if f.expr_shift_operators() => B::PGBitwiseShiftRight,
            Token::Sharp if pg => B::PGBitwiseXor,
            Token::Overlap if pg || f.is_generic() => B::PGOverlap,
            Token::Overlap if f == Flavor::MySql => B::And,
            Token::CaretAt if pg || f.is_generic() => B::PGStartsWith,
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
                Keyword::OPERATOR if pg || f.is_generic() => {
                    self.expect_token(&Token::LParen)?;
                    if matches!(self.peek_token_ref().token, Token::RParen) {
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
                    "Expected one of [=, >, <, =>, =<, !=, ~, ~*, !~, !~*, ~~, ~~*, !~~, !~~*] as comparison operator, found: {}",
                    Sql(&op)
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
