//! Copies of tokens, for the parser's look-ahead and the trees that hold a token.
//!
//! sqlparser's derived `Clone` of `Token` is compiled in sqlparser's crate, at opt-level 3
//! (Cargo.toml says why), where its hundred arms take 2.7 KB of code; this copy is compiled
//! at the browser build's size level, and copies the eighty tokens that own no memory (the
//! operators and punctuation) bit for bit, in one arm. `owns_nothing` lists every variant,
//! none by a wildcard, so that a token sqlparser adds is a compile error there rather than a
//! token copied wrong.

use super::Duplicate;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{DollarQuotedString, QuoteDelimitedString};
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace, Word};

impl Duplicate for Token {
    fn copy_of(&self) -> Self {
        use Token as T;
        match self {
            T::Word(w) => T::Word(w.copy_of()),
            T::Number(n, long) => T::Number(n.clone(), *long),
            T::Char(c) => T::Char(*c),
            T::SingleQuotedString(s) => T::SingleQuotedString(s.clone()),
            T::DoubleQuotedString(s) => T::DoubleQuotedString(s.clone()),
            T::TripleSingleQuotedString(s) => T::TripleSingleQuotedString(s.clone()),
            T::TripleDoubleQuotedString(s) => T::TripleDoubleQuotedString(s.clone()),
            T::SingleQuotedByteStringLiteral(s) => T::SingleQuotedByteStringLiteral(s.clone()),
            T::DoubleQuotedByteStringLiteral(s) => T::DoubleQuotedByteStringLiteral(s.clone()),
            T::TripleSingleQuotedByteStringLiteral(s) => {
                T::TripleSingleQuotedByteStringLiteral(s.clone())
            }
            T::TripleDoubleQuotedByteStringLiteral(s) => {
                T::TripleDoubleQuotedByteStringLiteral(s.clone())
            }
            T::SingleQuotedRawStringLiteral(s) => T::SingleQuotedRawStringLiteral(s.clone()),
            T::DoubleQuotedRawStringLiteral(s) => T::DoubleQuotedRawStringLiteral(s.clone()),
            T::TripleSingleQuotedRawStringLiteral(s) => {
                T::TripleSingleQuotedRawStringLiteral(s.clone())
            }
            T::TripleDoubleQuotedRawStringLiteral(s) => {
                T::TripleDoubleQuotedRawStringLiteral(s.clone())
            }
            T::NationalStringLiteral(s) => T::NationalStringLiteral(s.clone()),
            T::EscapedStringLiteral(s) => T::EscapedStringLiteral(s.clone()),
            T::UnicodeStringLiteral(s) => T::UnicodeStringLiteral(s.clone()),
            T::HexStringLiteral(s) => T::HexStringLiteral(s.clone()),
            T::Placeholder(s) => T::Placeholder(s.clone()),
            T::CustomBinaryOperator(s) => T::CustomBinaryOperator(s.clone()),
            T::DollarQuotedString(d) => T::DollarQuotedString(DollarQuotedString {
                value: d.value.clone(),
                tag: d.tag.clone(),
            }),
            T::QuoteDelimitedStringLiteral(q) => T::QuoteDelimitedStringLiteral(quote_delimited(q)),
            T::NationalQuoteDelimitedStringLiteral(q) => {
                T::NationalQuoteDelimitedStringLiteral(quote_delimited(q))
            }
            T::Whitespace(w) => T::Whitespace(match w {
                Whitespace::Space => Whitespace::Space,
                Whitespace::Newline => Whitespace::Newline,
                Whitespace::Tab => Whitespace::Tab,
                Whitespace::SingleLineComment { comment, prefix } => {
                    Whitespace::SingleLineComment {
                        comment: comment.clone(),
                        prefix: prefix.clone(),
                    }
                }
                Whitespace::MultiLineComment(c) => Whitespace::MultiLineComment(c.clone()),
            }),
            T::CopyData { data, terminated } => T::CopyData {
                data: data.clone(),
                terminated: *terminated,
            },
            // SAFETY: `owns_nothing`, which lists every variant, holds for the rest: they own
            // no memory, so a bitwise copy is what their derived Clone makes.
            other => {
                debug_assert!(owns_nothing(other));
                unsafe { std::ptr::read(other) }
            }
        }
    }
}

fn quote_delimited(q: &QuoteDelimitedString) -> QuoteDelimitedString {
    QuoteDelimitedString {
        start_quote: q.start_quote,
        value: q.value.clone(),
        end_quote: q.end_quote,
    }
}

impl Duplicate for Word {
    fn copy_of(&self) -> Self {
        Word {
            value: self.value.clone(),
            quote_style: self.quote_style,
            keyword: self.keyword,
        }
    }
}

impl Duplicate for TokenWithSpan {
    fn copy_of(&self) -> Self {
        TokenWithSpan {
            token: self.token.copy_of(),
            span: self.span,
        }
    }
}

impl Duplicate for AttachedToken {
    fn copy_of(&self) -> Self {
        AttachedToken(self.0.copy_of())
    }
}

/// True for the tokens that own no memory. Every variant is listed: a new one does not compile
/// until it is placed, on this side or with the copies above.
fn owns_nothing(t: &Token) -> bool {
    use Token as T;
    match t {
        T::Word(_)
        | T::Number(..)
        | T::SingleQuotedString(_)
        | T::DoubleQuotedString(_)
        | T::TripleSingleQuotedString(_)
        | T::TripleDoubleQuotedString(_)
        | T::DollarQuotedString(_)
        | T::SingleQuotedByteStringLiteral(_)
        | T::DoubleQuotedByteStringLiteral(_)
        | T::TripleSingleQuotedByteStringLiteral(_)
        | T::TripleDoubleQuotedByteStringLiteral(_)
        | T::SingleQuotedRawStringLiteral(_)
        | T::DoubleQuotedRawStringLiteral(_)
        | T::TripleSingleQuotedRawStringLiteral(_)
        | T::TripleDoubleQuotedRawStringLiteral(_)
        | T::NationalStringLiteral(_)
        | T::QuoteDelimitedStringLiteral(_)
        | T::NationalQuoteDelimitedStringLiteral(_)
        | T::EscapedStringLiteral(_)
        | T::UnicodeStringLiteral(_)
        | T::HexStringLiteral(_)
        | T::Whitespace(_)
        | T::CopyData { .. }
        | T::Placeholder(_)
        | T::CustomBinaryOperator(_) => false,
        T::Char(_)
        | T::EOF
        | T::Comma
        | T::DoubleEq
        | T::Eq
        | T::Neq
        | T::Lt
        | T::Gt
        | T::LtEq
        | T::GtEq
        | T::Spaceship
        | T::Plus
        | T::Minus
        | T::Mul
        | T::Div
        | T::DuckIntDiv
        | T::Mod
        | T::StringConcat
        | T::LParen
        | T::RParen
        | T::Period
        | T::Colon
        | T::DoubleColon
        | T::Assignment
        | T::SemiColon
        | T::Backslash
        | T::LBracket
        | T::RBracket
        | T::Ampersand
        | T::Pipe
        | T::Caret
        | T::LBrace
        | T::RBrace
        | T::RArrow
        | T::Sharp
        | T::DoubleSharp
        | T::Tilde
        | T::TildeAsterisk
        | T::ExclamationMarkTilde
        | T::ExclamationMarkTildeAsterisk
        | T::DoubleTilde
        | T::DoubleTildeAsterisk
        | T::ExclamationMarkDoubleTilde
        | T::ExclamationMarkDoubleTildeAsterisk
        | T::ShiftLeft
        | T::ShiftRight
        | T::Overlap
        | T::ExclamationMark
        | T::DoubleExclamationMark
        | T::AtSign
        | T::CaretAt
        | T::PGSquareRoot
        | T::PGCubeRoot
        | T::Arrow
        | T::LongArrow
        | T::HashArrow
        | T::AtDashAt
        | T::QuestionMarkDash
        | T::AmpersandLeftAngleBracket
        | T::AmpersandRightAngleBracket
        | T::AmpersandLeftAngleBracketVerticalBar
        | T::VerticalBarAmpersandRightAngleBracket
        | T::TwoWayArrow
        | T::LeftAngleBracketCaret
        | T::RightAngleBracketCaret
        | T::QuestionMarkSharp
        | T::QuestionMarkDashVerticalBar
        | T::QuestionMarkDoubleVerticalBar
        | T::TildeEqual
        | T::ShiftLeftVerticalBar
        | T::VerticalBarShiftRight
        | T::VerticalBarRightAngleBracket
        | T::HashLongArrow
        | T::AtArrow
        | T::ArrowAt
        | T::HashMinus
        | T::AtQuestion
        | T::AtAt
        | T::Question
        | T::QuestionAnd
        | T::QuestionPipe => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::Flavor;

    /// Every token the lexers make of operator-rich SQL in each flavour, and the tokens they
    /// never make, copy equal to sqlparser's `Clone` (spans included), and the copy owns its
    /// text: dropping the original leaves it whole.
    #[test]
    fn tokens_copy_as_clone_does() -> Result<(), String> {
        let sql = "SELECT a, 'x''y', \"q\", `b`, [c], $1, $$d$$, $t$e$t$, 1.5e3, N'n', X'0f', \
                   E'\\n', B'01', ?, :v, @u, #w, a::int, a->>'k', a#>'{k}', a @> b, a <@ b, \
                   a ~* b, a !~ b, a || b, a <=> b, a << 2, a >> 1, a & b, a | b, a ^ b, ~a, \
                   a % b, a / b, a DIV b, !a, a := 1, a <> b, a != b, a >= b, a <= b, \
                   -- line\n /* block */ {fn x} FROM t WHERE a = 1;";
        let mut tokens = Vec::new();
        for flavor in [
            Flavor::MySql,
            Flavor::Postgres,
            Flavor::MsSql,
            Flavor::Sqlite,
        ] {
            let lexed = crate::sql::lexer::tokenize(flavor, sql);
            tokens.extend(lexed.map_err(|e| format!("{flavor:?}: {e}"))?);
        }
        assert!(
            tokens.len() > 300,
            "the lexers read the text: {}",
            tokens.len()
        );
        let made = |t: Token| TokenWithSpan::wrap(t);
        for extra in [
            Token::Number("12".into(), true),
            Token::TripleSingleQuotedString("s".into()),
            Token::TripleDoubleQuotedRawStringLiteral("r".into()),
            Token::QuoteDelimitedStringLiteral(QuoteDelimitedString {
                start_quote: '[',
                value: "v".into(),
                end_quote: ']',
            }),
            Token::CopyData {
                data: "1\t2".into(),
                terminated: true,
            },
            Token::CustomBinaryOperator("+++".into()),
            Token::Whitespace(Whitespace::SingleLineComment {
                comment: "c".into(),
                prefix: "--".into(),
            }),
            Token::PGCubeRoot,
            Token::QuestionMarkDoubleVerticalBar,
        ] {
            tokens.push(made(extra));
        }
        for token in &tokens {
            let original = token.clone();
            let copy = token.copy_of();
            drop(original);
            assert_eq!(&copy, token);
            assert_eq!(copy.span, token.span);
            let attached = AttachedToken(copy);
            assert_eq!(attached.copy_of().0.token, token.token);
        }
        Ok(())
    }
}
