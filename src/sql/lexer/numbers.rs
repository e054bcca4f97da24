//! Numbers, and the periods that start like them.

use super::scan::{error, Lexed, Lexer};
use sqlparser::tokenizer::Token;

impl Lexer<'_> {
    /// A number (`1`, `1.5`, `.5`, `1.`, `1e3`, `1L`; PostgreSQL's `0x1F`, `0o17`, `0b101`), a
    /// hex literal (`0x1F`), a period, or in MySQL a word that begins with digits (`1abc`).
    /// `prev` is the token read last, `prev_word` whether the last one not whitespace is a
    /// word.
    pub(super) fn number_or_period(
        &mut self,
        first: char,
        prev: Option<&Token>,
        prev_word: bool,
    ) -> Lexed<Token> {
        let after_word = matches!(prev, Some(Token::Word(_)));
        // `t._c`: a period before a column whose name starts with '_'; elsewhere an error.
        if first == '.' && self.cur.peek_second() == Some('_') {
            if prev_word {
                self.cur.bump();
                return Ok(Token::Period);
            }
            return error(self.cur.location(), "Unexpected character '_'");
        }
        let mut s = self.digits(|c| c.is_ascii_digit())?;
        if s == "0" && self.rules.non_decimal_integers() {
            let radix = match self.cur.peek() {
                Some('x' | 'X') => Some((16, "a hexadecimal")),
                Some('o' | 'O') => Some((8, "an octal")),
                Some('b' | 'B') => Some((2, "a binary")),
                _ => None,
            };
            if let Some((radix, name)) = radix {
                return self.non_decimal_integer(radix, name);
            }
        }
        // Only a lower-case x: `0X1` is the number 0 and the word X1.
        if s == "0" && self.cur.eat('x') {
            return Ok(Token::HexStringLiteral(
                self.digits(|c| c.is_ascii_hexdigit())?,
            ));
        }
        if self.cur.eat('.') {
            s.push('.');
        }
        // MySQL's `t.1col`: the period of a qualified name whose next part starts with digits.
        if s == "." && self.rules.numeric_prefix() && after_word {
            return Ok(Token::Period);
        }
        s.push_str(&self.digits(|c| c.is_ascii_digit())?);
        if s == "." {
            return Ok(Token::Period);
        }
        let saw_e = matches!(self.cur.peek(), Some('e' | 'E'));
        if saw_e && self.exponent_follows() {
            s.extend(self.cur.bump());
            if let Some(sign @ ('+' | '-')) = self.cur.peek() {
                self.cur.bump();
                s.push(sign);
            }
            s.push_str(&self.digits(|c| c.is_ascii_digit())?);
        }
        if self.rules.numeric_prefix() {
            // sqlparser looks for the digits-first word only when no 'e' follows the
            // number, exponent or not: `1e` is the number 1 and the word `e`.
            if !saw_e {
                let rules = self.rules;
                let tail = self.cur.take_while(|c| rules.is_identifier_part(c));
                if !tail.is_empty() {
                    s.push_str(tail);
                    return Ok(super::word(&s, None));
                }
            } else if matches!(prev, Some(Token::Period)) {
                return Ok(super::word(&s, None));
            }
        }
        let long = self.cur.eat('L');
        Ok(Token::Number(s, long))
    }

    /// PostgreSQL's `0x1F`, `0o17` or `0b101` (`0x_1F` too), as written, after its `0`.
    fn non_decimal_integer(&mut self, radix: u32, name: &str) -> Lexed<Token> {
        let mut s = String::from('0');
        s.extend(self.cur.bump());
        if self.rules.numeric_underscores() && self.cur.eat('_') {
            s.push('_');
        }
        let digits = self.digits(|c| c.is_digit(radix))?;
        if digits.is_empty() {
            return error(
                self.cur.location(),
                format!("Expected {name} digit after '{}'", &s[..2]),
            );
        }
        s.push_str(&digits);
        Ok(Token::Number(s, false))
    }

    /// Whether the `e` next starts an exponent: a digit follows it, after an optional sign
    /// (or an '_', which then fails as a misplaced separator).
    fn exponent_follows(&self) -> bool {
        let mut ahead = self.cur.rest().chars().skip(1);
        let mut c = ahead.next();
        if matches!(c, Some('+' | '-')) {
            c = ahead.next();
        }
        match c {
            Some(c) => c.is_ascii_digit() || (c == '_' && self.rules.numeric_underscores()),
            None => false,
        }
    }

    /// A run of digits (as `is_digit` says), with single '_' separators between digits
    /// where the flavour allows them.
    fn digits(&mut self, is_digit: impl Fn(char) -> bool) -> Lexed<String> {
        let underscores = self.rules.numeric_underscores();
        let mut s = String::new();
        while let Some(c) = self.cur.peek() {
            if is_digit(c) {
                s.push(c);
            } else if c == '_' && underscores {
                if s.is_empty() || !self.cur.peek_second().is_some_and(&is_digit) {
                    return error(self.cur.location(), "Unexpected character '_'");
                }
                s.push(c);
            } else {
                break;
            }
            self.cur.bump();
        }
        Ok(s)
    }
}
