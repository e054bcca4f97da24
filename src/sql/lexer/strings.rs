//! Quoted text: strings in their flavours' forms (`'...'`, `"..."`, `N'...'`, `X'...'`,
//! `B'...'`, `E'...'`, `U&'...'`, `r'...'`, `q'[...]'`, `$tag$...$tag$`), quoted identifiers,
//! and the `$` placeholders that share their start.

use super::escapes;
use super::scan::{error, Lexed, Lexer};
use sqlparser::ast::{DollarQuotedString, QuoteDelimitedString};
use sqlparser::tokenizer::{Location, Token};

/// How many quotes open and close a string.
#[derive(Clone, Copy, PartialEq)]
enum Quotes {
    One,
    Three,
}

impl Lexer<'_> {
    /// A word starting with one of the letters that may prefix a string (`N'...'`), or that
    /// string.
    pub(super) fn prefixed_string_or_word(&mut self, letter: char) -> Lexed<Token> {
        let rules = self.rules;
        let start = self.cur.location();
        self.cur.bump();
        let next = self.cur.peek();
        let quote = matches!(next, Some('\''));
        let token = match letter.to_ascii_lowercase() {
            'b' if rules.byte_strings() && next == Some('\'') => {
                Token::SingleQuotedByteStringLiteral(self.quoted_string('\'', false)?)
            }
            'b' if rules.byte_strings() && next == Some('"') => {
                Token::DoubleQuotedByteStringLiteral(self.quoted_string('"', false)?)
            }
            'r' if rules.raw_strings() && matches!(next, Some('\'' | '"')) => self.raw_string()?,
            'n' if quote && rules.national_strings() => {
                Token::NationalStringLiteral(self.quoted_string('\'', rules.backslash_escapes())?)
            }
            'n' if rules.quote_delimited_strings() && matches!(next, Some('q' | 'Q')) => {
                return self.national_quote_delimited(letter);
            }
            'q' if rules.quote_delimited_strings() && quote => {
                Token::QuoteDelimitedStringLiteral(self.quote_delimited(&[letter])?)
            }
            'e' if rules.escape_strings() && quote => {
                match escapes::escaped_string(&mut self.cur) {
                    Some(s) => Token::EscapedStringLiteral(s),
                    None => return error(start, "Unterminated encoded string literal"),
                }
            }
            'u' if rules.unicode_strings()
                && next == Some('&')
                && self.cur.peek_second() == Some('\'') =>
            {
                self.cur.bump();
                Token::UnicodeStringLiteral(escapes::unicode_string(&mut self.cur)?)
            }
            'x' if quote => Token::HexStringLiteral(self.quoted_string('\'', true)?),
            _ => self.word_from(letter.to_string()),
        };
        Ok(token)
    }

    /// `nq'...'` (its `n` read), or a word starting `nq`.
    fn national_quote_delimited(&mut self, n: char) -> Lexed<Token> {
        let Some(q) = self.cur.bump() else {
            return Ok(self.word_from(n.to_string()));
        };
        if self.cur.is_next('\'') {
            let s = self.quote_delimited(&[n, q])?;
            Ok(Token::NationalQuoteDelimitedStringLiteral(s))
        } else {
            Ok(self.word_from(format!("{n}{q}")))
        }
    }

    /// A '...' string.
    pub(super) fn single_quoted(&mut self) -> Lexed<Token> {
        let backslash = self.rules.backslash_escapes();
        Ok(Token::SingleQuotedString(
            self.quoted_string('\'', backslash)?,
        ))
    }

    /// MySQL's "..." string.
    pub(super) fn double_quoted(&mut self) -> Lexed<Token> {
        let backslash = self.rules.backslash_escapes();
        Ok(Token::DoubleQuotedString(
            self.quoted_string('"', backslash)?,
        ))
    }

    /// A string in single `quote`s, the next character being the opening quote. A doubled
    /// quote stands for one; with `backslash`, `\` escapes the next character.
    fn quoted_string(&mut self, quote: char, backslash: bool) -> Lexed<String> {
        let opened_at = self.cur.location();
        self.cur.bump();
        self.string_body(quote, Quotes::One, backslash, opened_at)
    }

    /// The rest of a string whose opening quotes are read; errors point at `opened_at`.
    fn string_body(
        &mut self,
        quote: char,
        quotes: Quotes,
        backslash: bool,
        opened_at: Location,
    ) -> Lexed<String> {
        let mut s = String::new();
        // Quotes just read in a row, in a triple-quoted string.
        let mut run = 0u8;
        while let Some(c) = self.cur.peek() {
            if c == quote && (quotes == Quotes::One || run == 2) {
                self.cur.bump();
                if quotes == Quotes::Three {
                    // The two quotes before this one close the string too.
                    s.pop();
                    s.pop();
                    return Ok(s);
                }
                if !self.cur.eat(quote) {
                    return Ok(s);
                }
                s.push(quote);
            } else if c == '\\' && backslash {
                self.cur.bump();
                run = 0;
                if let Some(next) = self.cur.bump() {
                    if self.rules.keeps_wildcard_escapes() && matches!(next, '%' | '_') {
                        s.push('\\');
                        s.push(next);
                    } else {
                        s.push(escapes::backslash_escape(next));
                    }
                }
            } else {
                self.cur.bump();
                run = if c == quote { run.saturating_add(1) } else { 0 };
                s.push(c);
            }
        }
        error(opened_at, "Unterminated string literal")
    }

    /// The generic dialect's raw strings, `r'...'`, `r"..."`, `r'''...'''`: no escapes, and
    /// two quotes alone are the empty string.
    fn raw_string(&mut self) -> Lexed<Token> {
        let Some(quote) = self.cur.peek() else {
            return error(self.cur.location(), "invalid string literal opening");
        };
        let mut opening = 0;
        while opening < 3 && self.cur.eat(quote) {
            opening += 1;
        }
        let single = quote == '\'';
        let opened_at = self.cur.location();
        Ok(match opening {
            2 if single => Token::SingleQuotedRawStringLiteral(String::new()),
            2 => Token::DoubleQuotedRawStringLiteral(String::new()),
            3 => {
                let s = self.string_body(quote, Quotes::Three, false, opened_at)?;
                if single {
                    Token::TripleSingleQuotedRawStringLiteral(s)
                } else {
                    Token::TripleDoubleQuotedRawStringLiteral(s)
                }
            }
            _ => {
                let s = self.string_body(quote, Quotes::One, false, opened_at)?;
                if single {
                    Token::SingleQuotedRawStringLiteral(s)
                } else {
                    Token::DoubleQuotedRawStringLiteral(s)
                }
            }
        })
    }

    /// Oracle's `q'<delim>...<delim>'`, the next character being its quote; `prefix` is what
    /// came before it, for the error message.
    fn quote_delimited(&mut self, prefix: &[char]) -> Lexed<QuoteDelimitedString> {
        let opened_at = self.cur.location();
        self.cur.bump();
        let delim_at = self.cur.location();
        let start_quote = match self.cur.bump() {
            None | Some(' ' | '\t' | '\r' | '\n') => {
                let prefix: String = prefix.iter().collect();
                return error(
                    delim_at,
                    format!("Invalid space, tab, newline, or EOF after '{prefix}''"),
                );
            }
            Some(c) => c,
        };
        let end_quote = match start_quote {
            '[' => ']',
            '{' => '}',
            '<' => '>',
            '(' => ')',
            c => c,
        };
        let mut value = String::new();
        while let Some(c) = self.cur.bump() {
            if c == end_quote && self.cur.eat('\'') {
                return Ok(QuoteDelimitedString {
                    start_quote,
                    value,
                    end_quote,
                });
            }
            value.push(c);
        }
        error(opened_at, "Unterminated string literal")
    }

    /// A delimited identifier opened by `open` (the next character): a doubled closing
    /// quote stands for one.
    pub(super) fn quoted_identifier(&mut self, open: char) -> Lexed<Token> {
        let opened_at = self.cur.location();
        self.cur.bump();
        let close = if open == '[' { ']' } else { open };
        let mut s = String::new();
        while let Some(c) = self.cur.bump() {
            if c != close {
                s.push(c);
            } else if self.cur.eat(close) {
                s.push(close);
            } else {
                return Ok(super::word(&s, Some(open)));
            }
        }
        error(
            opened_at,
            format!("Expected close delimiter '{close}' before EOF."),
        )
    }

    /// What starts with `$`: a placeholder (`$1`, `$name`, SQLite's `$$x`), a T-SQL money
    /// literal (`$1.50`), or a dollar-quoted string (`$$...$$`, `$tag$...$tag$`).
    pub(super) fn dollar(&mut self) -> Lexed<Token> {
        let rules = self.rules;
        self.cur.bump();
        let quotes = !rules.dollar_placeholders();
        if quotes && self.cur.eat('$') {
            return self.untagged_dollar_string();
        }
        let mut name = self
            .cur
            .take_while(|c| c.is_alphanumeric() || c == '_' || (c == '$' && !quotes))
            .to_string();
        if rules.dollar_money()
            && self.cur.is_next('.')
            && !name.is_empty()
            && name.chars().all(|c| c.is_ascii_digit())
        {
            self.cur.bump();
            name.push('.');
            name.push_str(self.cur.take_while(|c| c.is_ascii_digit()));
            return Ok(Token::Placeholder(format!("${name}")));
        }
        if quotes && self.cur.eat('$') {
            return self.tagged_dollar_string(name);
        }
        Ok(Token::Placeholder(format!("${name}")))
    }

    /// `$$...$$`, its opening `$$` read: the text up to the next `$$`.
    fn untagged_dollar_string(&mut self) -> Lexed<Token> {
        let rest = self.cur.rest();
        match rest.find("$$") {
            Some(end) => {
                let value = rest.get(..end).unwrap_or("").to_string();
                self.cur.skip_bytes(end + 2);
                Ok(Token::DollarQuotedString(DollarQuotedString {
                    value,
                    tag: None,
                }))
            }
            None => {
                self.cur.skip_bytes(rest.len());
                error(self.cur.location(), "Unterminated dollar-quoted string")
            }
        }
    }

    /// `$tag$...$tag$`, its opening `$tag$` read.
    fn tagged_dollar_string(&mut self, tag: String) -> Lexed<Token> {
        let close = format!("${tag}$");
        let rest = self.cur.rest();
        match rest.find(&close) {
            Some(end) => {
                let value = rest.get(..end).unwrap_or("").to_string();
                self.cur.skip_bytes(end + close.len());
                let tag = if tag.is_empty() { None } else { Some(tag) };
                Ok(Token::DollarQuotedString(DollarQuotedString { value, tag }))
            }
            None => {
                self.cur.skip_bytes(rest.len());
                error(
                    self.cur.location(),
                    "Unterminated dollar-quoted, expected $",
                )
            }
        }
    }
}
