//! Tokens as text, as sqlparser's `Display` writes them: the `found: ...` of the parser's
//! errors and the few names the parser keeps as written (an operator in `ORDER BY ... USING`,
//! a placeholder's sigil). sqlparser's own `Display` of a token is a `write!` per kind of
//! token (3.8 KB of the download's code); this is one table of fixed spellings and a few
//! kinds with text. The `check` build compares every token printed here with that `Display`.

use super::expr_value::{dollar_quoted, ident, quote_delimited, verbatim};
use super::ToSql;
use sqlparser::tokenizer::{Token, Whitespace};

impl ToSql for Token {
    fn write_sql(&self, out: &mut String) {
        if let Some(s) = spelling(self) {
            out.push_str(s);
            return;
        }
        if let Some((open, body, close)) = literal(self) {
            verbatim(out, open, body, close);
            return;
        }
        match self {
            Token::Word(w) => ident(out, &w.value, w.quote_style),
            Token::Number(digits, long) => {
                out.push_str(digits);
                if *long {
                    out.push('L');
                }
            }
            Token::Char(c) => out.push(*c),
            Token::DollarQuotedString(d) => dollar_quoted(out, d),
            Token::QuoteDelimitedStringLiteral(q) => quote_delimited(out, q),
            Token::NationalQuoteDelimitedStringLiteral(q) => {
                out.push('N');
                quote_delimited(out, q);
            }
            Token::Whitespace(Whitespace::SingleLineComment { prefix, comment }) => {
                verbatim(out, prefix, comment, "\n")
            }
            Token::Whitespace(Whitespace::MultiLineComment(s)) => verbatim(out, "/*", s, "*/"),
            Token::Whitespace(Whitespace::Space) => out.push(' '),
            Token::Whitespace(Whitespace::Newline) => out.push('\n'),
            Token::Whitespace(Whitespace::Tab) => out.push('\t'),
            Token::CopyData { data: s, .. } | Token::Placeholder(s) => out.push_str(s),
            Token::CustomBinaryOperator(s) => out.push_str(s),
            // Every other kind has a spelling or is a literal (above).
            _ => {}
        }
    }
}

/// A string literal token's text: what opens it, its body as read (never escaped again),
/// what closes it.
fn literal(t: &Token) -> Option<(&'static str, &str, &'static str)> {
    Some(match t {
        Token::SingleQuotedString(s) => ("'", s, "'"),
        Token::TripleSingleQuotedString(s) => ("'''", s, "'''"),
        Token::DoubleQuotedString(s) => ("\"", s, "\""),
        Token::TripleDoubleQuotedString(s) => ("\"\"\"", s, "\"\"\""),
        Token::NationalStringLiteral(s) => ("N'", s, "'"),
        Token::EscapedStringLiteral(s) => ("E'", s, "'"),
        Token::UnicodeStringLiteral(s) => ("U&'", s, "'"),
        Token::HexStringLiteral(s) => ("X'", s, "'"),
        Token::SingleQuotedByteStringLiteral(s) => ("B'", s, "'"),
        Token::TripleSingleQuotedByteStringLiteral(s) => ("B'''", s, "'''"),
        Token::DoubleQuotedByteStringLiteral(s) => ("B\"", s, "\""),
        Token::TripleDoubleQuotedByteStringLiteral(s) => ("B\"\"\"", s, "\"\"\""),
        Token::SingleQuotedRawStringLiteral(s) => ("R'", s, "'"),
        Token::DoubleQuotedRawStringLiteral(s) => ("R\"", s, "\""),
        Token::TripleSingleQuotedRawStringLiteral(s) => ("R'''", s, "'''"),
        Token::TripleDoubleQuotedRawStringLiteral(s) => ("R\"\"\"", s, "\"\"\""),
        _ => return None,
    })
}

/// The text of a token that has no text of its own: its fixed spelling.
pub(crate) fn spelling(t: &Token) -> Option<&'static str> {
    Some(match t {
        Token::EOF => "EOF",
        Token::Comma => ",",
        Token::DoubleEq => "==",
        Token::Spaceship => "<=>",
        Token::Eq => "=",
        Token::Neq => "<>",
        Token::Lt => "<",
        Token::Gt => ">",
        Token::LtEq => "<=",
        Token::GtEq => ">=",
        Token::Plus => "+",
        Token::Minus => "-",
        Token::Mul => "*",
        Token::Div => "/",
        Token::DuckIntDiv => "//",
        Token::StringConcat => "||",
        Token::Mod => "%",
        Token::LParen => "(",
        Token::RParen => ")",
        Token::Period => ".",
        Token::Colon => ":",
        Token::DoubleColon => "::",
        Token::Assignment => ":=",
        Token::SemiColon => ";",
        Token::Backslash => "\\",
        Token::LBracket => "[",
        Token::RBracket => "]",
        Token::Ampersand => "&",
        Token::Caret => "^",
        Token::Pipe => "|",
        Token::LBrace => "{",
        Token::RBrace => "}",
        Token::RArrow => "=>",
        Token::Sharp => "#",
        Token::DoubleSharp => "##",
        Token::ExclamationMark => "!",
        Token::DoubleExclamationMark => "!!",
        Token::Tilde => "~",
        Token::TildeAsterisk => "~*",
        Token::ExclamationMarkTilde => "!~",
        Token::ExclamationMarkTildeAsterisk => "!~*",
        Token::DoubleTilde => "~~",
        Token::DoubleTildeAsterisk => "~~*",
        Token::ExclamationMarkDoubleTilde => "!~~",
        Token::ExclamationMarkDoubleTildeAsterisk => "!~~*",
        Token::AtSign => "@",
        Token::CaretAt => "^@",
        Token::ShiftLeft => "<<",
        Token::ShiftRight => ">>",
        Token::Overlap => "&&",
        Token::PGSquareRoot => "|/",
        Token::PGCubeRoot => "||/",
        Token::AtDashAt => "@-@",
        Token::QuestionMarkDash => "?-",
        Token::AmpersandLeftAngleBracket => "&<",
        Token::AmpersandRightAngleBracket => "&>",
        Token::AmpersandLeftAngleBracketVerticalBar => "&<|",
        Token::VerticalBarAmpersandRightAngleBracket => "|&>",
        Token::VerticalBarRightAngleBracket => "|>",
        Token::TwoWayArrow => "<->",
        Token::LeftAngleBracketCaret => "<^",
        Token::RightAngleBracketCaret => ">^",
        Token::QuestionMarkSharp => "?#",
        Token::QuestionMarkDashVerticalBar => "?-|",
        Token::QuestionMarkDoubleVerticalBar => "?||",
        Token::TildeEqual => "~=",
        Token::ShiftLeftVerticalBar => "<<|",
        Token::VerticalBarShiftRight => "|>>",
        Token::Arrow => "->",
        Token::LongArrow => "->>",
        Token::HashArrow => "#>",
        Token::HashLongArrow => "#>>",
        Token::AtArrow => "@>",
        Token::ArrowAt => "<@",
        Token::HashMinus => "#-",
        Token::AtQuestion => "@?",
        Token::AtAt => "@@",
        Token::Question => "?",
        Token::QuestionAnd => "?&",
        Token::QuestionPipe => "?|",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::sql::print::display_difference;
    use crate::sql::Flavor;
    use sqlparser::ast::{DollarQuotedString, QuoteDelimitedString};
    use sqlparser::tokenizer::{Token, Whitespace, Word};

    /// Text with every operator, literal and quoting the lexers read, in each flavour.
    const TEXT: &str = "SELECT \"a\"\"b\", `c`, [d], 'it''s', N'n', E'e\\'', X'ff', B'01', $$x$$, \
        $t$y$t$, :name, @v, ?, $1, 1.5, 10L, a::int -> 'k' ->> 'l' #> '{a}' #>> '{b}' @> a <@ b \
        ? 'k' ?| a ?& b || c // d % e << 1 >> 2 <=> 3 == 4 != 5 <> 6 <= 7 >= 8 := 9 => 10 \
        ~ a ~* b !~ c !~* d ~~ e ~~* f !~~ g !~~* h & i | j ^ k # l |/ m ||/ n !! o @ p \
        -- comment\n /* block */ ;";

    #[test]
    fn every_token_the_lexers_make_prints_as_sqlparser_displays_it() {
        let flavors = [
            Flavor::MySql,
            Flavor::Postgres,
            Flavor::MsSql,
            Flavor::Sqlite,
            Flavor::Generic,
        ];
        let mut kinds = 0;
        for flavor in flavors {
            // A flavour that cannot lex all of it still gets its tokens up to the error
            // checked through the parts it can lex, statement by statement.
            for part in TEXT.split(", ") {
                let Ok(tokens) = crate::sql::lexer::tokenize(flavor, part) else {
                    continue;
                };
                for t in tokens {
                    kinds += 1;
                    assert_eq!(display_difference(&t.token), None, "{flavor:?}: {part}");
                }
            }
        }
        assert!(kinds > 300, "only {kinds} tokens lexed");
    }

    #[test]
    fn tokens_no_text_lexes_here_print_as_sqlparser_displays_them() {
        let s = || "a'b\"c".to_string();
        let q = QuoteDelimitedString {
            start_quote: '[',
            value: s(),
            end_quote: ']',
        };
        let mut tokens = vec![
            Token::EOF,
            Token::Word(Word {
                value: "x\"y".into(),
                quote_style: Some('"'),
                keyword: sqlparser::keywords::Keyword::NoKeyword,
            }),
            Token::Char('é'),
            Token::DollarQuotedString(DollarQuotedString {
                value: s(),
                tag: None,
            }),
            Token::QuoteDelimitedStringLiteral(q.clone()),
            Token::NationalQuoteDelimitedStringLiteral(q),
            Token::Whitespace(Whitespace::Tab),
            Token::Whitespace(Whitespace::Space),
            Token::Whitespace(Whitespace::Newline),
            Token::CopyData {
                data: s(),
                terminated: true,
            },
            Token::CustomBinaryOperator("+++".into()),
            Token::Backslash,
            Token::LBrace,
            Token::RBrace,
        ];
        for make in [
            Token::TripleSingleQuotedString,
            Token::TripleDoubleQuotedString,
            Token::DoubleQuotedString,
            Token::UnicodeStringLiteral,
            Token::TripleSingleQuotedByteStringLiteral,
            Token::DoubleQuotedByteStringLiteral,
            Token::TripleDoubleQuotedByteStringLiteral,
            Token::SingleQuotedRawStringLiteral,
            Token::DoubleQuotedRawStringLiteral,
            Token::TripleSingleQuotedRawStringLiteral,
            Token::TripleDoubleQuotedRawStringLiteral,
        ] {
            tokens.push(make(s()));
        }
        for t in &tokens {
            assert_eq!(display_difference(t), None);
        }
    }
}
