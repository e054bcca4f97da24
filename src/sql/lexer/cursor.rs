//! A cursor over the SQL text that knows its line and column.
//!
//! Columns count characters (not bytes), and only `\n` starts a new line: a lone `\r` moves
//! the column on, as sqlparser counts it, so that spans agree with its own.

use sqlparser::tokenizer::Location;

pub(super) struct Cursor<'a> {
    text: &'a str,
    /// Byte offset of the next character; always on a character boundary.
    pos: usize,
    line: u64,
    column: u64,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`, which is taken to begin at `start` (a comment hint's
    /// text is read from where its comment began).
    pub(super) fn new(text: &'a str, start: Location) -> Self {
        Cursor {
            text,
            pos: 0,
            line: start.line,
            column: start.column,
        }
    }

    pub(super) fn location(&self) -> Location {
        Location::new(self.line, self.column)
    }

    /// The text not yet read.
    pub(super) fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// The character after the next one.
    pub(super) fn peek_second(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    pub(super) fn is_next(&self, c: char) -> bool {
        self.peek() == Some(c)
    }

    /// Reads one character.
    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Reads the next character if it is `c`.
    pub(super) fn eat(&mut self, c: char) -> bool {
        if self.is_next(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Reads characters while `keep` holds, and returns them.
    pub(super) fn take_while(&mut self, mut keep: impl FnMut(char) -> bool) -> &'a str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !keep(c) {
                break;
            }
            self.bump();
        }
        self.text.get(start..self.pos).unwrap_or("")
    }

    /// Reads `len` bytes of the rest (a prefix ending on a character boundary).
    pub(super) fn skip_bytes(&mut self, len: usize) {
        let end = self.pos.saturating_add(len);
        while self.pos < end && self.bump().is_some() {}
    }
}
