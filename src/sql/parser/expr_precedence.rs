//! Operator precedence: the binding strengths sqlparser names, the number each flavour
//! gives them, and the strength of the next token as an infix operator.

use crate::sql::parser::Parser;
use crate::sql::Flavor;
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::Token;

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
    /// The number a flavour gives a binding strength: PostgreSQL has its own table (closer to
    /// its grammar), SQLite the default one with a difference, the others sqlparser's default.
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
        // SQLite's table is the default one with its bitwise operators one step stronger.
        let sqlite = u8::from(self == Flavor::Sqlite);
        match p {
            Prec::Period => 100,
            Prec::DoubleColon => 50,
            Prec::AtTz => 41,
            Prec::MulDivMod => 40,
            Prec::PlusMinus => 30,
            Prec::Xor => 24 + sqlite,
            Prec::Ampersand => 23 + sqlite,
            Prec::Caret => 22 + sqlite,
            Prec::Pipe | Prec::Colon | Prec::PgOther => 21 + sqlite,
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
    pub(super) fn expr_shift_operators(self) -> bool {
        matches!(
            self,
            Flavor::MySql | Flavor::Postgres | Flavor::Sqlite | Flavor::Generic
        )
    }

    /// PostgreSQL's geometric operators and type-prefixed literals (`point '(1,2)'`).
    pub(crate) fn expr_geometric(self) -> bool {
        self == Flavor::Postgres
    }
}

impl Parser {
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
            (Flavor::Postgres, Token::Assignment) => return 0,
            (Flavor::Postgres | Flavor::MsSql | Flavor::Sqlite, Token::Colon) => return 0,
            // MySQL's `&&` is AND.
            (Flavor::MySql, Token::Overlap) => return f.expr_prec(Prec::And),
            (
                Flavor::Sqlite,
                Token::Ampersand | Token::Pipe | Token::ShiftLeft | Token::ShiftRight,
            ) => return f.expr_prec(Prec::Ampersand),
            // SQLite's comparisons bind tighter than its `=`.
            (Flavor::Sqlite, Token::Lt | Token::LtEq | Token::Gt | Token::GtEq) => return 21,
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
