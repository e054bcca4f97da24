//! Backslash escapes: MySQL's in plain strings, PostgreSQL's `E'...'` strings and its
//! `U&'...'` Unicode strings.

use super::cursor::Cursor;
use super::scan::{error, Lexed};

/// What `\c` stands for in a string where backslash escapes (MySQL's): the C escapes, `\0`
/// and `\Z`, and otherwise `c` itself.
pub(super) fn backslash_escape(c: char) -> char {
    match c {
        '0' => '\0',
        'a' => '\u{7}',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'Z' => '\u{1a}',
        c => c,
    }
}

/// The body of an `E'...'` string, the cursor on its opening quote. `None` when it is not
/// closed, or an escape is cut short or stands for no character (or for NUL): the caller
/// reports all of these as one error.
pub(super) fn escaped_string(cur: &mut Cursor) -> Option<String> {
    cur.bump();
    let mut s = String::new();
    loop {
        let c = cur.bump()?;
        if c == '\'' {
            if !cur.eat('\'') {
                return Some(s);
            }
            s.push('\'');
            continue;
        }
        if c != '\\' {
            s.push(c);
            continue;
        }
        let escaped = match cur.bump()? {
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => code_point(cur, 4)?,
            'U' => code_point(cur, 8)?,
            'x' => hex_byte(cur)?,
            d @ '0'..='7' => octal_byte(cur, d)?,
            c => c,
        };
        if escaped == '\0' {
            return None;
        }
        s.push(escaped);
    }
}

/// `\uXXXX` / `\UXXXXXXXX`: exactly `len` characters read as a hexadecimal code point.
fn code_point(cur: &mut Cursor, len: usize) -> Option<char> {
    let mut digits = String::new();
    for _ in 0..len {
        digits.push(cur.bump()?);
    }
    // Rust's own parse, as sqlparser's, so that a leading '+' is taken the same way.
    u32::from_str_radix(&digits, 16)
        .ok()
        .and_then(char::from_u32)
}

/// `\xH` / `\xHH`; `\x` with no hex digit stands for `x`.
fn hex_byte(cur: &mut Cursor) -> Option<char> {
    let mut digits = String::new();
    while digits.len() < 2 {
        match cur.peek() {
            Some(c) if c.is_ascii_hexdigit() => {
                cur.bump();
                digits.push(c);
            }
            _ => break,
        }
    }
    if digits.is_empty() {
        return Some('x');
    }
    ascii_byte(u32::from_str_radix(&digits, 16).ok()?)
}

/// `\O`, `\OO`, `\OOO`, its first digit read.
fn octal_byte(cur: &mut Cursor, first: char) -> Option<char> {
    let mut digits = String::from(first);
    while digits.len() < 3 {
        match cur.peek() {
            Some(c @ '0'..='7') => {
                cur.bump();
                digits.push(c);
            }
            _ => break,
        }
    }
    ascii_byte(u32::from_str_radix(&digits, 8).ok()?)
}

/// A byte escape's value, kept to its low byte, which must be ASCII.
fn ascii_byte(n: u32) -> Option<char> {
    let byte = n & 0xFF;
    if byte <= 127 {
        char::from_u32(byte)
    } else {
        None
    }
}

/// The body of a `U&'...'` string, the cursor on its opening quote: `\XXXX` and `\+XXXXXX`
/// are code points, `\\` a backslash.
pub(super) fn unicode_string(cur: &mut Cursor) -> Lexed<String> {
    cur.bump();
    let mut s = String::new();
    while let Some(c) = cur.bump() {
        match c {
            '\'' => {
                if !cur.eat('\'') {
                    return Ok(s);
                }
                s.push('\'');
            }
            '\\' => {
                if cur.eat('\\') {
                    s.push('\\');
                } else if cur.eat('+') {
                    s.push(hex_code_point(cur, 6)?);
                } else {
                    s.push(hex_code_point(cur, 4)?);
                }
            }
            c => s.push(c),
        }
    }
    error(
        cur.location(),
        "Unterminated unicode encoded string literal",
    )
}

/// `len` hexadecimal digits, as a code point.
fn hex_code_point(cur: &mut Cursor, len: usize) -> Lexed<char> {
    let mut n = 0u32;
    for _ in 0..len {
        let Some(c) = cur.bump() else {
            return error(
                cur.location(),
                "Unexpected EOF while parsing hex digit in escaped unicode string.",
            );
        };
        let Some(digit) = c.to_digit(16) else {
            return error(
                cur.location(),
                format!("Invalid hex digit in escaped unicode string: {c}"),
            );
        };
        n = n * 16 + digit;
    }
    match char::from_u32(n) {
        Some(c) => Ok(c),
        None => error(cur.location(), format!("Invalid unicode character: {n:x}")),
    }
}
