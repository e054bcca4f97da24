//! Punctuation and operators, PostgreSQL's many included, and the `--` and `/* */` comments
//! that begin like them.

use super::scan::{error, Lexed, Lexer};
use sqlparser::tokenizer::Token;

impl Lexer<'_> {
    /// The token that the punctuation character `c` (next) starts.
    pub(super) fn operator(&mut self, c: char) -> Lexed<Token> {
        self.cur.bump();
        Ok(match c {
            '(' => Token::LParen,
            ')' => Token::RParen,
            ',' => Token::Comma,
            '+' => Token::Plus,
            '*' => Token::Mul,
            ';' => Token::SemiColon,
            '\\' => Token::Backslash,
            '[' => Token::LBracket,
            ']' => Token::RBracket,
            '{' => Token::LBrace,
            '}' => Token::RBrace,
            '-' => return self.minus(),
            '/' => return self.slash(),
            '%' => return self.percent(),
            '|' => return self.pipe(),
            '=' => self.equals(),
            '!' => self.bang(),
            '<' => return self.less(),
            '>' => return self.greater(),
            ':' => self.colon(),
            '&' => return self.ampersand(),
            '^' => {
                if self.cur.eat('@') {
                    Token::CaretAt
                } else {
                    Token::Caret
                }
            }
            '~' => return self.tilde(),
            '#' => return self.hash(),
            '@' => return self.at(),
            '?' => self.question(),
            other => Token::Char(other),
        })
    }

    /// The operator read so far (`prefix`, which alone is `default`), extended in PostgreSQL
    /// by any operator characters that follow into a custom operator. Without a default,
    /// the prefix alone is an error.
    fn extend(&mut self, prefix: &str, default: Option<Token>) -> Lexed<Token> {
        let rules = self.rules;
        let more = self.cur.take_while(|c| rules.is_custom_operator_part(c));
        if !more.is_empty() {
            return Ok(Token::CustomBinaryOperator(format!("{prefix}{more}")));
        }
        match default {
            Some(token) => Ok(token),
            None => error(
                self.cur.location(),
                format!("Expected a valid binary operator after '{prefix}'"),
            ),
        }
    }

    /// Reads the next character, then extends the operator.
    fn bump_extend(&mut self, prefix: &str, default: Token) -> Lexed<Token> {
        self.cur.bump();
        self.extend(prefix, Some(default))
    }

    fn minus(&mut self) -> Lexed<Token> {
        match self.cur.peek() {
            Some('-') => {
                let comment = !self.rules.dash_comment_needs_space()
                    || self.cur.peek_second().is_some_and(char::is_whitespace);
                if comment {
                    self.cur.bump();
                    return Ok(self.line_comment("--"));
                }
                self.extend("-", Some(Token::Minus))
            }
            Some('>') => {
                self.cur.bump();
                if self.cur.is_next('>') {
                    self.bump_extend("->>", Token::LongArrow)
                } else {
                    self.extend("->", Some(Token::Arrow))
                }
            }
            _ => self.extend("-", Some(Token::Minus)),
        }
    }

    fn slash(&mut self) -> Lexed<Token> {
        match self.cur.peek() {
            Some('*') => {
                self.cur.bump();
                self.block_comment()
            }
            Some('/') if self.rules.int_div() => {
                self.cur.bump();
                Ok(Token::DuckIntDiv)
            }
            _ => Ok(Token::Div),
        }
    }

    fn percent(&mut self) -> Lexed<Token> {
        match self.cur.peek() {
            Some(c) if c.is_whitespace() => Ok(Token::Mod),
            _ => self.extend("%", Some(Token::Mod)),
        }
    }

    fn pipe(&mut self) -> Lexed<Token> {
        let geometric = self.rules.geometric();
        match self.cur.peek() {
            Some('/') => self.bump_extend("|/", Token::PGSquareRoot),
            Some('|') => {
                self.cur.bump();
                if self.cur.is_next('/') {
                    self.bump_extend("||/", Token::PGCubeRoot)
                } else {
                    self.extend("||", Some(Token::StringConcat))
                }
            }
            Some('&') if geometric => {
                self.cur.bump();
                if self.cur.is_next('>') {
                    self.bump_extend("|&>", Token::VerticalBarAmpersandRightAngleBracket)
                } else {
                    self.extend("|&", None)
                }
            }
            Some('>') if geometric => {
                self.cur.bump();
                if self.cur.is_next('>') {
                    self.bump_extend("|>>", Token::VerticalBarShiftRight)
                } else {
                    self.extend("|>", None)
                }
            }
            Some('>') if self.rules.pipe_operator() => {
                self.bump_extend("|>", Token::VerticalBarRightAngleBracket)
            }
            _ => self.extend("|", Some(Token::Pipe)),
        }
    }

    fn equals(&mut self) -> Token {
        if self.cur.eat('>') {
            Token::RArrow
        } else if self.cur.eat('=') {
            Token::DoubleEq
        } else {
            Token::Eq
        }
    }

    fn bang(&mut self) -> Token {
        if self.cur.eat('=') {
            Token::Neq
        } else if self.cur.eat('!') {
            Token::DoubleExclamationMark
        } else if self.cur.eat('~') {
            if self.cur.eat('*') {
                Token::ExclamationMarkTildeAsterisk
            } else if self.rules.like_match_operators() && self.cur.eat('~') {
                if self.cur.eat('*') {
                    Token::ExclamationMarkDoubleTildeAsterisk
                } else {
                    Token::ExclamationMarkDoubleTilde
                }
            } else {
                Token::ExclamationMarkTilde
            }
        } else {
            Token::ExclamationMark
        }
    }

    fn less(&mut self) -> Lexed<Token> {
        let geometric = self.rules.geometric();
        match self.cur.peek() {
            Some('=') => {
                self.cur.bump();
                match self.cur.peek() {
                    Some('>') => self.bump_extend("<=>", Token::Spaceship),
                    // `<=+1`, `<=-1`: the sign is left for the number.
                    Some('+' | '-') => Ok(Token::LtEq),
                    _ => self.extend("<=", Some(Token::LtEq)),
                }
            }
            // sqlparser gives `<|` the token of `<<|`, and extends it from that prefix.
            Some('|') if geometric => self.bump_extend("<<|", Token::ShiftLeftVerticalBar),
            Some('>') => self.bump_extend("<>", Token::Neq),
            Some('<') if geometric => {
                self.cur.bump();
                if self.cur.is_next('|') {
                    self.bump_extend("<<|", Token::ShiftLeftVerticalBar)
                } else {
                    self.extend("<<", Some(Token::ShiftLeft))
                }
            }
            Some('<') => self.bump_extend("<<", Token::ShiftLeft),
            Some('+') => Ok(Token::Lt),
            Some('-') if geometric => {
                if self.cur.peek_second() == Some('>') {
                    self.cur.bump();
                    self.bump_extend("<->", Token::TwoWayArrow)
                } else {
                    Ok(Token::Lt)
                }
            }
            Some('^') if geometric => self.bump_extend("<^", Token::LeftAngleBracketCaret),
            Some('@') => self.bump_extend("<@", Token::ArrowAt),
            _ => self.extend("<", Some(Token::Lt)),
        }
    }

    fn greater(&mut self) -> Lexed<Token> {
        match self.cur.peek() {
            Some('=') => self.bump_extend(">=", Token::GtEq),
            Some('>') => self.bump_extend(">>", Token::ShiftRight),
            Some('^') if self.rules.geometric() => {
                self.bump_extend(">^", Token::RightAngleBracketCaret)
            }
            _ => self.extend(">", Some(Token::Gt)),
        }
    }

    fn colon(&mut self) -> Token {
        if self.cur.eat(':') {
            Token::DoubleColon
        } else if self.cur.eat('=') {
            Token::Assignment
        } else {
            Token::Colon
        }
    }

    fn ampersand(&mut self) -> Lexed<Token> {
        let geometric = self.rules.geometric();
        match self.cur.peek() {
            Some('>') if geometric => {
                self.cur.bump();
                // sqlparser reads one character more after `&>`, whatever it is.
                self.cur.bump();
                Ok(Token::AmpersandRightAngleBracket)
            }
            Some('<') if geometric => {
                self.cur.bump();
                if self.cur.eat('|') {
                    Ok(Token::AmpersandLeftAngleBracketVerticalBar)
                } else {
                    self.extend("&<", Some(Token::AmpersandLeftAngleBracket))
                }
            }
            Some('&') => self.bump_extend("&&", Token::Overlap),
            _ => self.extend("&", Some(Token::Ampersand)),
        }
    }

    fn tilde(&mut self) -> Lexed<Token> {
        match self.cur.peek() {
            Some('*') => self.bump_extend("~*", Token::TildeAsterisk),
            Some('=') if self.rules.geometric() => self.bump_extend("~=", Token::TildeEqual),
            Some('~') if self.rules.like_match_operators() => {
                self.cur.bump();
                if self.cur.is_next('*') {
                    self.bump_extend("~~*", Token::DoubleTildeAsterisk)
                } else {
                    self.extend("~~", Some(Token::DoubleTilde))
                }
            }
            _ => self.extend("~", Some(Token::Tilde)),
        }
    }

    /// `#` where it does not start a comment: JSON operators, T-SQL's `#temp` names.
    fn hash(&mut self) -> Lexed<Token> {
        match self.cur.peek() {
            Some('-') => self.bump_extend("#-", Token::HashMinus),
            Some('>') => {
                self.cur.bump();
                if self.cur.is_next('>') {
                    self.bump_extend("#>>", Token::HashLongArrow)
                } else {
                    self.extend("#>", Some(Token::HashArrow))
                }
            }
            Some(' ') => Ok(Token::Sharp),
            Some('#') if self.rules.geometric() => self.bump_extend("##", Token::DoubleSharp),
            // Whatever character follows is taken into the name, as sqlparser takes it.
            Some(c) if self.rules.is_identifier_start('#') => {
                self.cur.bump();
                Ok(self.word_from(format!("#{c}")))
            }
            _ => self.extend("#", Some(Token::Sharp)),
        }
    }

    /// `@`: operators, and `@var` / `@@var` where '@' starts names.
    fn at(&mut self) -> Lexed<Token> {
        let geometric = self.rules.geometric();
        let names = self.rules.is_identifier_start('@');
        match self.cur.peek() {
            Some('@') if geometric => {
                self.cur.bump();
                Ok(Token::AtAt)
            }
            Some('-') if geometric => {
                self.cur.bump();
                if self.cur.eat('@') {
                    Ok(Token::AtDashAt)
                } else {
                    self.extend("@-", None)
                }
            }
            Some('>') => {
                self.cur.bump();
                Ok(Token::AtArrow)
            }
            Some('?') => {
                self.cur.bump();
                Ok(Token::AtQuestion)
            }
            Some('@') => {
                self.cur.bump();
                match self.cur.peek() {
                    Some(c) if c != ' ' && names => {
                        self.cur.bump();
                        Ok(self.word_from(format!("@@{c}")))
                    }
                    _ => Ok(Token::AtAt),
                }
            }
            // `'user'@'host'`, PostgreSQL's `@'1'`: the quoted text is a token of its own.
            Some(' ' | '\'' | '"' | '`') => Ok(Token::AtSign),
            Some(c) if names => {
                self.cur.bump();
                Ok(self.word_from(format!("@{c}")))
            }
            _ => Ok(Token::AtSign),
        }
    }

    /// `?`: PostgreSQL's JSON and geometric operators; elsewhere a placeholder, `?` or `?1`.
    fn question(&mut self) -> Token {
        if !self.rules.geometric() {
            let digits = self.cur.take_while(char::is_numeric);
            return Token::Placeholder(format!("?{digits}"));
        }
        if self.cur.eat('|') {
            if self.cur.eat('|') {
                Token::QuestionMarkDoubleVerticalBar
            } else {
                Token::QuestionPipe
            }
        } else if self.cur.eat('&') {
            Token::QuestionAnd
        } else if self.cur.eat('-') {
            if self.cur.eat('|') {
                Token::QuestionMarkDashVerticalBar
            } else {
                Token::QuestionMarkDash
            }
        } else if self.cur.eat('#') {
            Token::QuestionMarkSharp
        } else {
            Token::Question
        }
    }
}
