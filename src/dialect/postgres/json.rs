//! PostgreSQL's `json` and `jsonb` values, as text. SQLite keeps a string written to such a
//! column as typed, and would print `{"b":1,"a":2}` back. The server parses it first (an
//! invalid one is its error 22P02) and a `jsonb` keeps its own form, which it prints with one
//! space after each colon and comma, the keys sorted (a shorter key first, then bytewise), a
//! repeated key's last value kept, escapes decoded and numbers as `numeric` prints them
//! (`1e2` is `100`, `1.50` stays `1.50`). A `json` keeps the text as written once it parses.
//! So the lab stores a `jsonb` in that printed form (`jsonb`), and checks a `json` (`json`).

use crate::limits::{over, MAX_JSON_DEPTH, MAX_JSON_EXPONENT};
use crate::trace::StepError;

/// A parsed value; an object's members in the order written.
#[derive(Debug)]
pub enum Json {
    Null,
    Bool(bool),
    /// As `numeric` prints it.
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Whose rules read the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonKind {
    /// PostgreSQL's `json`: the syntax checked, escapes not decoded.
    Json,
    /// PostgreSQL's `jsonb`: escapes decoded, so `\u0000` and a lone surrogate are errors.
    Jsonb,
    /// MariaDB's `JSON` (a text column that `json_valid` checks): a surrogate must be paired,
    /// digits after a decimal point may be left out (`1.`), and any character may be escaped.
    MariaDb,
}

/// `s` as a `jsonb` column keeps and prints it.
pub fn jsonb(s: &str) -> Result<String, StepError> {
    let mut value = Parser::new(s, JsonKind::Jsonb).document()?;
    value.normalize();
    Ok(value.to_text())
}

/// Whether `s` is what a `json` column takes (syntax only, as the server checks it).
pub fn json(s: &str) -> Result<(), StepError> {
    Parser::new(s, JsonKind::Json).document().map(|_| ())
}

/// Whether MariaDB's `json_valid` takes `s` (the CHECK of a `JSON` column).
pub fn mariadb_valid(s: &str) -> bool {
    Parser::new(s, JsonKind::MariaDb).document().is_ok()
}

/// A `jsonb` text parsed back (the lab's stored form, or any valid text).
pub fn parse_jsonb(s: &str) -> Result<Json, StepError> {
    let mut value = Parser::new(s, JsonKind::Jsonb).document()?;
    value.normalize();
    Ok(value)
}

/// A value in the server's `jsonb` form (keys sorted, the last of a repeated key kept).
pub fn normalized(mut v: Json) -> Json {
    v.normalize();
    v
}

fn invalid() -> StepError {
    StepError::other("22P02", "invalid input syntax for type json".into())
}

impl Json {
    /// The server's `jsonb` form: keys sorted (shorter first, then bytewise), the last of a
    /// repeated key kept.
    fn normalize(&mut self) {
        match self {
            Json::Array(items) => items.iter_mut().for_each(Json::normalize),
            Json::Object(members) => {
                let mut kept: Vec<(String, Json)> = Vec::with_capacity(members.len());
                for (k, mut v) in members.drain(..) {
                    v.normalize();
                    match kept.iter_mut().find(|(x, _)| *x == k) {
                        Some(slot) => slot.1 = v,
                        None => kept.push((k, v)),
                    }
                }
                crate::sort::sort_by(&mut kept, |(a, _), (b, _)| {
                    a.len()
                        .cmp(&b.len())
                        .then_with(|| a.as_bytes().cmp(b.as_bytes()))
                });
                *members = kept;
            }
            _ => {}
        }
    }

    /// As the server prints a `jsonb`.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.print(&mut out);
        out
    }

    fn print(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(n),
            Json::String(s) => quote(s, out),
            Json::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.print(out);
                }
                out.push(']');
            }
            Json::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    quote(k, out);
                    out.push_str(": ");
                    v.print(out);
                }
                out.push('}');
            }
        }
    }

    /// `->` with a text key (an object's member) or an integer (an array's element, from the
    /// end when negative).
    pub fn get(&self, key: Key) -> Option<&Json> {
        match (self, key) {
            (Json::Object(members), Key::Field(k)) => {
                members.iter().find(|(x, _)| x == k).map(|(_, v)| v)
            }
            // A scalar is a one-element array to the server's arrows ('5'::jsonb -> 0 is 5).
            (v, Key::Index(0 | -1)) if v.is_scalar() => Some(v),
            (Json::Array(items), Key::Index(i)) => {
                let i = if i < 0 { items.len() as i64 + i } else { i };
                usize::try_from(i).ok().and_then(|i| items.get(i))
            }
            _ => None,
        }
    }

    /// `->>`: a string's own text, SQL NULL for `null`, any other value printed.
    pub fn as_text(&self) -> Option<String> {
        match self {
            Json::Null => None,
            Json::String(s) => Some(s.clone()),
            other => Some(other.to_text()),
        }
    }
}

/// `a @> b`, as the server decides it: an object contains an object whose every member it
/// has (a containing value), an array an array whose every element matches one of its own,
/// in any order; an array also contains a scalar it has as an element, a scalar only an
/// equal scalar.
pub fn contains(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Array(items), b) if b.is_scalar() => {
            items.iter().any(|x| x.is_scalar() && x.equals(b))
        }
        (a, b) if a.is_scalar() => b.is_scalar() && a.equals(b),
        _ => deep_contains(a, b),
    }
}

fn deep_contains(a: &Json, b: &Json) -> bool {
    let matches = |x: &Json, y: &Json| {
        if y.is_scalar() {
            x.is_scalar() && x.equals(y)
        } else {
            std::mem::discriminant(x) == std::mem::discriminant(y) && deep_contains(x, y)
        }
    };
    match (a, b) {
        (Json::Object(am), Json::Object(bm)) => bm
            .iter()
            .all(|(k, bv)| am.iter().any(|(x, av)| x == k && matches(av, bv))),
        (Json::Array(ai), Json::Array(bi)) => {
            bi.iter().all(|bv| ai.iter().any(|av| matches(av, bv)))
        }
        _ => false,
    }
}

impl Json {
    fn is_scalar(&self) -> bool {
        !matches!(self, Json::Array(_) | Json::Object(_))
    }

    /// Values equal as the server compares them: numbers by value (`1.0` equals `1`),
    /// arrays element by element, objects member by member (both are normalized).
    pub fn equals(&self, other: &Json) -> bool {
        match (self, other) {
            (Json::Number(a), Json::Number(b)) => number_value(a) == number_value(b),
            (Json::Array(a), Json::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.equals(y))
            }
            (Json::Object(a), Json::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((ka, va), (kb, vb))| ka == kb && va.equals(vb))
            }
            (Json::String(a), Json::String(b)) => a == b,
            (Json::Bool(a), Json::Bool(b)) => a == b,
            (Json::Null, Json::Null) => true,
            _ => false,
        }
    }
}

/// A printed number without the zeros that end its fraction.
fn number_value(n: &str) -> &str {
    if n.contains('.') {
        n.trim_end_matches('0').trim_end_matches('.')
    } else {
        n
    }
}

/// What `->` and `->>` take on their right.
#[derive(Clone, Copy)]
pub enum Key<'a> {
    Field(&'a str),
    Index(i64),
}

/// A string as the server escapes it in JSON output.
fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                out.push_str("\\u00");
                for nibble in [c as u32 >> 4, c as u32 & 0xf] {
                    out.push(char::from_digit(nibble, 16).unwrap_or('0'));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    at: usize,
    kind: JsonKind,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, kind: JsonKind) -> Self {
        Parser {
            s: text.as_bytes(),
            text,
            at: 0,
            kind,
        }
    }

    fn document(&mut self) -> Result<Json, StepError> {
        let v = self.value(0)?;
        self.space();
        if self.at < self.s.len() {
            return Err(invalid());
        }
        Ok(v)
    }

    fn space(&mut self) {
        while matches!(self.s.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, StepError> {
        if depth >= MAX_JSON_DEPTH {
            let what = "levels of arrays and objects nested in one JSON value";
            return Err(StepError::other(
                super::errors::TOO_COMPLEX,
                over(what, depth + 1, MAX_JSON_DEPTH, "MAX_JSON_DEPTH"),
            ));
        }
        self.space();
        match self.s.get(self.at) {
            None => Err(invalid()),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Json::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => self.word(),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, StepError> {
        let members = self.list(b'}', &mut |p: &mut Self| {
            p.space();
            if p.s.get(p.at) != Some(&b'"') {
                return Err(invalid());
            }
            let key = p.string()?;
            p.space();
            if p.s.get(p.at) != Some(&b':') {
                return Err(invalid());
            }
            p.at += 1;
            Ok((key, p.value(depth + 1)?))
        })?;
        Ok(Json::Object(members))
    }

    fn array(&mut self, depth: usize) -> Result<Json, StepError> {
        let items = self.list(b']', &mut |p: &mut Self| p.value(depth + 1))?;
        Ok(Json::Array(items))
    }

    /// The items of an object or array (its opening bracket next), up to `close`.
    fn list<T>(
        &mut self,
        close: u8,
        item: &mut dyn FnMut(&mut Self) -> Result<T, StepError>,
    ) -> Result<Vec<T>, StepError> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.s.get(self.at) == Some(&close) {
            self.at += 1;
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            self.space();
            match self.s.get(self.at) {
                Some(b',') => self.at += 1,
                Some(c) if *c == close => {
                    self.at += 1;
                    return Ok(items);
                }
                _ => return Err(invalid()),
            }
        }
    }

    /// `true`, `false`, `null`, ending where a token ends.
    fn word(&mut self) -> Result<Json, StepError> {
        let start = self.at;
        while self
            .s
            .get(self.at)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            self.at += 1;
        }
        match &self.s[start..self.at] {
            b"true" => Ok(Json::Bool(true)),
            b"false" => Ok(Json::Bool(false)),
            b"null" => Ok(Json::Null),
            _ => Err(invalid()),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        self.at - start
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as `numeric` prints it.
    fn number(&mut self) -> Result<Json, StepError> {
        let negative = self.s.get(self.at) == Some(&b'-');
        if negative {
            self.at += 1;
        }
        let int_start = self.at;
        let int_len = self.digits();
        if int_len == 0 || (int_len > 1 && self.s[int_start] == b'0') {
            return Err(invalid());
        }
        let int_digits = &self.text[int_start..self.at];
        let mut frac_digits = "";
        if self.s.get(self.at) == Some(&b'.') {
            self.at += 1;
            let start = self.at;
            if self.digits() == 0 && self.kind != JsonKind::MariaDb {
                return Err(invalid());
            }
            frac_digits = &self.text[start..self.at];
        }
        let mut exponent: i64 = 0;
        if matches!(self.s.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            let minus = match self.s.get(self.at) {
                Some(b'-') => {
                    self.at += 1;
                    true
                }
                Some(b'+') => {
                    self.at += 1;
                    false
                }
                _ => false,
            };
            let start = self.at;
            if self.digits() == 0 {
                return Err(invalid());
            }
            let e = &self.text[start..self.at];
            let e: i64 = e
                .parse()
                .ok()
                .filter(|e| *e <= MAX_JSON_EXPONENT as i64)
                .ok_or_else(|| too_large_exponent(e))?;
            exponent = if minus { -e } else { e };
        }
        // A number runs up to a delimiter: `1x` and `01` are one bad token.
        if self
            .s
            .get(self.at)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            return Err(invalid());
        }
        Ok(Json::Number(numeric_text(
            negative,
            int_digits,
            frac_digits,
            exponent,
        )))
    }

    /// A string's text, its escapes decoded (`jsonb`) or only checked (`json`).
    fn string(&mut self) -> Result<String, StepError> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while self
                .s
                .get(self.at)
                .is_some_and(|b| *b != b'"' && *b != b'\\' && *b >= 0x20)
            {
                self.at += 1;
            }
            out.push_str(&self.text[start..self.at]);
            match self.s.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    self.escape(&mut out)?;
                }
                // A control character not escaped, or the end of the input.
                _ => return Err(invalid()),
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<(), StepError> {
        let Some(&c) = self.s.get(self.at) else {
            return Err(invalid());
        };
        self.at += 1;
        let decoded = match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode(out),
            _ if self.kind == JsonKind::MariaDb => {
                // Any character, escaped, is itself to json_valid (a multi-byte one too).
                self.at -= 1;
                let c = self.text[self.at..].chars().next().ok_or_else(invalid)?;
                self.at += c.len_utf8();
                c
            }
            _ => return Err(invalid()),
        };
        out.push(decoded);
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, StepError> {
        let hex = self.s.get(self.at..self.at + 4).ok_or_else(invalid)?;
        let code = hex.iter().try_fold(0, |n, b| {
            char::from(*b)
                .to_digit(16)
                .map(|d| n * 16 + d)
                .ok_or_else(invalid)
        })?;
        self.at += 4;
        Ok(code)
    }

    /// `\uXXXX` (after the `u`): decoded for `jsonb`, a surrogate pair joined.
    fn unicode(&mut self, out: &mut String) -> Result<(), StepError> {
        let code = self.hex4()?;
        if self.kind == JsonKind::Json {
            return Ok(());
        }
        let code = match code {
            0 if self.kind == JsonKind::MariaDb => 0,
            0 => {
                return Err(StepError::other(
                    "22P05",
                    "unsupported Unicode escape sequence".into(),
                ))
            }
            0xD800..=0xDBFF => {
                if self.s.get(self.at..self.at + 2) != Some(b"\\u") {
                    return Err(invalid());
                }
                self.at += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err(invalid());
                }
                0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(invalid()),
            c => c,
        };
        out.push(char::from_u32(code).ok_or_else(invalid)?);
        Ok(())
    }
}

/// `numeric` would spell out every digit of such a number.
fn too_large_exponent(e: &str) -> StepError {
    let found = e.parse().unwrap_or(usize::MAX);
    StepError::other(
        "54000",
        over(
            "a JSON number's exponent",
            found,
            MAX_JSON_EXPONENT,
            "MAX_JSON_EXPONENT",
        ),
    )
}

/// A JSON number as `numeric` reads and prints it: the exponent applied, the scale kept
/// (`1.50` stays `1.50`, `1.5e1` is `15`, `1e-2` is `0.01`), no sign on a zero.
fn numeric_text(negative: bool, int_digits: &str, frac_digits: &str, exponent: i64) -> String {
    let digits = format!("{int_digits}{frac_digits}");
    let point = int_digits.len() as i64 + exponent;
    let (whole, fraction) = if point <= 0 {
        (
            "0".to_string(),
            format!("{}{digits}", "0".repeat((-point) as usize)),
        )
    } else if point as usize >= digits.len() {
        (
            format!("{digits}{}", "0".repeat(point as usize - digits.len())),
            String::new(),
        )
    } else {
        let (w, f) = digits.split_at(point as usize);
        (w.to_string(), f.to_string())
    };
    let whole = match whole.trim_start_matches('0') {
        "" => "0",
        w => w,
    };
    let zero = whole == "0" && fraction.bytes().all(|b| b == b'0');
    let mut out = String::new();
    if negative && !zero {
        out.push('-');
    }
    out.push_str(whole);
    if !fraction.is_empty() {
        out.push('.');
        out.push_str(&fraction);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server's answers (PostgreSQL 15, `SELECT '...'::jsonb`).
    #[test]
    fn jsonb_is_printed_as_the_server_prints_it() {
        for (input, printed) in [
            (
                r#"{"b":1, "a": [1,2], "aa": {"y": null, "x": true}}"#,
                r#"{"a": [1, 2], "b": 1, "aa": {"x": true, "y": null}}"#,
            ),
            (
                r#"{"a":1,"a":2, "b": 1.50, "c": 1e2, "d": 1.5E+1, "e": -0, "f": -0.0, "g": 0.1e-2, "h": 12e-1}"#,
                r#"{"a": 2, "b": 1.50, "c": 100, "d": 15, "e": 0, "f": 0.0, "g": 0.001, "h": 1.2}"#,
            ),
            (
                r#""a\u00e9\n\t\u0001\"\\\/""#,
                "\"a\u{e9}\\n\\t\\u0001\\\"\\\\/\"",
            ),
            ("[]", "[]"),
            ("{}", "{}"),
            (r#" [ 1 , "x" ] "#, r#"[1, "x"]"#),
            ("null", "null"),
            ("true", "true"),
            (r#""\ud83d\ude00""#, "\"\u{1F600}\""),
        ] {
            assert_eq!(jsonb(input).unwrap(), printed, "{input}");
        }
    }

    #[test]
    fn invalid_json_is_the_servers_error() {
        for bad in [
            r#"{"a": 1"#,
            "x",
            "nul",
            "[1,]",
            r#"{"a" 1}"#,
            "01",
            "1.",
            "\"a\nb\"",
            "[1] x",
            "",
            r#""\u00""#,
            r#""\ud800""#,
            r#""\q""#,
        ] {
            let e = jsonb(bad).unwrap_err();
            assert_eq!(e.native, "22P02", "{bad}");
            assert_eq!(e.message, "invalid input syntax for type json");
        }
        assert_eq!(jsonb(r#""\u0000""#).unwrap_err().native, "22P05");
        // A json column checks the syntax only, as the server does.
        assert!(json(r#""\u0000""#).is_ok());
        assert!(json(r#""\ud800""#).is_ok());
        assert!(json(r#"{"b":1,  "a":2}"#).is_ok());
        assert_eq!(json("[1,]").unwrap_err().native, "22P02");
    }

    /// What the lab stores must read back as itself: an UPDATE that keeps a jsonb writes it
    /// again, and the write check compares the text with its printed form. Random texts over
    /// JSON's alphabet, from a fixed seed; none may panic either.
    #[test]
    fn the_printed_form_reads_back_as_itself() {
        let alphabet: Vec<char> = "{}[]:,\" -0123456789.eE+ab\\u\u{e9}\u{1F600}tfnrl\n\t"
            .chars()
            .collect();
        let mut next = crate::test_rand::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut printed = 0;
        for _ in 0..50_000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            let _ = mariadb_valid(&text);
            let _ = json(&text);
            if let Ok(p) = jsonb(&text) {
                printed += 1;
                assert_eq!(
                    jsonb(&p).ok().as_ref(),
                    Some(&p),
                    "{text:?} printed as {p:?}"
                );
            }
        }
        for text in [
            r#"{"b": [1.50, -0.0, 1e2], "a": {"aa": "\u00e9\n"}, "b": null}"#,
            r#""\ud83d\ude00\u0001""#,
        ] {
            let p = jsonb(text).unwrap();
            assert_eq!(jsonb(&p).unwrap(), p);
        }
        assert!(
            printed > 100,
            "the generator made too few valid texts: {printed}"
        );
    }

    /// MariaDB 10.11's `json_valid` on each (1 = valid).
    #[test]
    fn mariadb_checks_json_as_json_valid_does() {
        for good in [
            "1.",
            "1.e5",
            "[1.]",
            r#""\q""#,
            r#""\u0000""#,
            "1e400",
            "-0",
            r#"{"a":1,"a":2}"#,
            "1 ",
            r#""\ud83d\ude00""#,
            "1E+2",
        ] {
            assert!(mariadb_valid(good), "{good}");
        }
        for bad in [
            "01",
            r#""\ud800""#,
            r#""\udc00""#,
            "[1,]",
            "\"a\nb\"",
            "",
            "tru",
            "[1] x",
            ".5",
            "+1",
            "NaN",
            r#"{"a":1,}"#,
            "{a:1}",
            "1.5e",
            "'a'",
            "[1 2]",
            "TRUE",
            r#""\u00""#,
            "0x10",
        ] {
            assert!(!mariadb_valid(bad), "{bad}");
        }
    }

    #[test]
    fn limits_are_named() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let e = jsonb(&deep(MAX_JSON_DEPTH + 1)).unwrap_err();
        assert_eq!(e.native, "54001");
        assert!(e.message.contains("(MAX_JSON_DEPTH)"), "{}", e.message);
        assert!(jsonb(&deep(MAX_JSON_DEPTH)).is_ok());
        let e = jsonb("1e1001").unwrap_err();
        assert!(
            e.message
                .contains("1,001 is over Queue Lab's limit of 1,000 (MAX_JSON_EXPONENT)"),
            "{}",
            e.message
        );
        assert_eq!(jsonb("1e3").unwrap(), "1000");
    }

    #[test]
    fn arrows_read_members_and_elements() {
        let v = parse_jsonb(r#"{"a": {"b": [1, 2]}, "s": "x\"y", "n": null}"#).unwrap();
        assert_eq!(
            v.get(Key::Field("a")).unwrap().to_text(),
            r#"{"b": [1, 2]}"#
        );
        assert_eq!(v.get(Key::Field("s")).unwrap().as_text().unwrap(), "x\"y");
        assert_eq!(v.get(Key::Field("n")).unwrap().as_text(), None);
        assert!(v.get(Key::Field("zz")).is_none());
        let a = parse_jsonb("[1,2,3]").unwrap();
        assert_eq!(a.get(Key::Index(1)).unwrap().to_text(), "2");
        assert_eq!(a.get(Key::Index(-1)).unwrap().to_text(), "3");
        assert!(a.get(Key::Index(3)).is_none());
        let five = parse_jsonb("5").unwrap();
        assert_eq!(five.get(Key::Index(-1)).unwrap().to_text(), "5");
        assert!(five.get(Key::Index(1)).is_none() && five.get(Key::Field("a")).is_none());
    }

    /// The server's answers (PostgreSQL 15).
    #[test]
    fn containment_as_the_server_decides_it() {
        let c = |a: &str, b: &str| contains(&parse_jsonb(a).unwrap(), &parse_jsonb(b).unwrap());
        assert!(c(r#"{"a":1, "b": [1,2]}"#, r#"{"b":[2]}"#));
        assert!(c("[1,[2]]", "[[2]]"));
        assert!(c("[1,2]", "1"));
        assert!(!c("1", "[1]"));
        assert!(c(r#"{"a": 1.0}"#, r#"{"a": 1}"#));
        assert!(!c(r#"{"a": [1]}"#, r#"{"a": 1}"#));
        assert!(c(r#"{"a": {"b": 1, "c": 2}}"#, r#"{"a": {"c": 2}}"#));
        assert!(!c(r#"{"a": 1}"#, r#"{"a": 1, "b": 2}"#));
        assert!(c("[1, 2, 3]", "[3, 1, 1]"));
    }
}
