//! Copies of tokens, for the parser's look-ahead and the trees that hold a token.
//!
//! sqlparser's derived `Clone` of `Token` is compiled in sqlparser's crate, at opt-level 3
//! (Cargo.toml says why), where its hundred arms take 2.7 KB of code; this copy is compiled
//! at the browser build's size level: a token is copied bit for bit, and its strings are then
//! given memory of their own, in one arm for every token that holds one string
//! ([`super::bitwise_then_own`]); the eighty that own no memory (the operators and
//! punctuation) need nothing more. The match names every token, none by a wildcard, so that
//! one sqlparser adds is a compile error there rather than a token copied wrong.

use super::{bitwise_then_own, own, Duplicate};
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace, Word};

impl Duplicate for Token {
    fn copy_of(&self) -> Self {
        use Token as T;
        // SAFETY: the match gives every string of the copy its own memory.
        unsafe {
            bitwise_then_own(self, |copy| match copy {
                T::Word(w) => own(&mut w.value),
                T::Number(s, _)
                | T::SingleQuotedString(s)
                | T::DoubleQuotedString(s)
                | T::TripleSingleQuotedString(s)
                | T::TripleDoubleQuotedString(s)
                | T::SingleQuotedByteStringLiteral(s)
                | T::DoubleQuotedByteStringLiteral(s)
                | T::TripleSingleQuotedByteStringLiteral(s)
                | T::TripleDoubleQuotedByteStringLiteral(s)
                | T::SingleQuotedRawStringLiteral(s)
                | T::DoubleQuotedRawStringLiteral(s)
                | T::TripleSingleQuotedRawStringLiteral(s)
                | T::TripleDoubleQuotedRawStringLiteral(s)
                | T::NationalStringLiteral(s)
                | T::EscapedStringLiteral(s)
                | T::UnicodeStringLiteral(s)
                | T::HexStringLiteral(s)
                | T::Placeholder(s)
                | T::CustomBinaryOperator(s)
                | T::CopyData { data: s, .. }
                | T::Whitespace(Whitespace::MultiLineComment(s)) => own(s),
                T::DollarQuotedString(d) => {
                    own(&mut d.value);
                    own(&mut d.tag);
                }
                T::QuoteDelimitedStringLiteral(q) | T::NationalQuoteDelimitedStringLiteral(q) => {
                    own(&mut q.value)
                }
                T::Whitespace(Whitespace::SingleLineComment { comment, prefix }) => {
                    own(comment);
                    own(prefix);
                }
                T::Whitespace(Whitespace::Space | Whitespace::Newline | Whitespace::Tab) => {}
                // The operators and punctuation own no memory.
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
                | T::QuestionPipe => {}
            })
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::Flavor;
    use sqlparser::ast::QuoteDelimitedString;

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
