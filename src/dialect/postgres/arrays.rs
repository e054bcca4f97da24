//! PostgreSQL's one-dimensional arrays of text, of integers and of jsonb, as text. SQLite would keep
//! `'{ a , "b" }'` as typed; the server reads it (`malformed array literal`, 22P02, when it
//! cannot) and prints its own form: elements between commas, a NULL as `NULL`, and an element
//! in double quotes when it is empty, is the word NULL, or holds a space, a comma, a brace, a
//! quote or a backslash (`{a,b}`, `{"x y",NULL,""}`); an integer as the number (`{007}` is
//! `{7}`). So the lab keeps an array column in that printed form (`normal`); the write check
//! (`misfit`) refuses a computed text in any other form by name.
//!
//! A `jsonb[]` keeps each element in the server's jsonb form, quoted as any element holding
//! a space or a quote is (`{"{\"at\": 1}"}`).
//!
//! Not modelled, refused by name: several dimensions (`{{1,2},{3,4}}`) and bounds
//! (`[0:1]={a,b}`); arrays of other element types.

use crate::dialect::common::unsupported_with;
use crate::dialect::Dialect;
use crate::sql::ToSql;
use crate::trace::StepError;

/// An array column's element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Elem {
    Text,
    /// `varchar`, `varchar(max)`.
    Varchar {
        max: Option<u64>,
    },
    /// `smallint`, `integer` or `bigint`: `bits` 16, 32 or 64.
    Int {
        bits: u8,
    },
    /// `jsonb`: each element in the server's jsonb form (`json.rs`), as River and Oban keep
    /// a job's errors.
    Jsonb,
}

impl Elem {
    /// The array type's name as the server prints it (`integer[]`).
    pub fn array_name(self) -> String {
        match self {
            // The server names a varchar array without its length.
            Elem::Varchar { .. } => "character varying[]".into(),
            _ => format!("{}[]", self.name()),
        }
    }

    /// The element type's name as the server prints it.
    pub fn name(self) -> String {
        match self {
            Elem::Text => "text".into(),
            Elem::Varchar { max: None } => "character varying".into(),
            Elem::Varchar { max: Some(n) } => format!("character varying({n})"),
            Elem::Int { bits: 16 } => "smallint".into(),
            Elem::Int { bits: 64 } => "bigint".into(),
            Elem::Int { .. } => "integer".into(),
            Elem::Jsonb => "jsonb".into(),
        }
    }

    /// The element type of the array type `t`, if the lab models it; `Err` with the element
    /// type's name when `t` is an array of another type.
    pub fn of(t: &sqlparser::ast::DataType) -> Option<Result<Elem, String>> {
        use sqlparser::ast::{ArrayElemTypeDef as A, CharacterLength, DataType::*};
        let inner = match t {
            Array(A::SquareBracket(inner, _) | A::AngleBracket(inner) | A::Qualified(inner, _)) => {
                inner
            }
            _ => return None,
        };
        Some(match &**inner {
            Text => Ok(Elem::Text),
            Varchar(None) | CharacterVarying(None) => Ok(Elem::Varchar { max: None }),
            Varchar(Some(CharacterLength::IntegerLength { length, .. }))
            | CharacterVarying(Some(CharacterLength::IntegerLength { length, .. })) => {
                Ok(Elem::Varchar { max: Some(*length) })
            }
            SmallInt(_) | Int2(_) => Ok(Elem::Int { bits: 16 }),
            Int(_) | Int4(_) | Integer(_) => Ok(Elem::Int { bits: 32 }),
            BigInt(_) | Int8(_) => Ok(Elem::Int { bits: 64 }),
            JSONB => Ok(Elem::Jsonb),
            other => Err(other.to_sql()),
        })
    }

    /// An element's text as this type reads it: the number for an integer (`' 07'` is 7).
    pub(super) fn read(self, text: &str) -> Result<String, StepError> {
        match self {
            Elem::Varchar { max: Some(max) } if text.chars().count() as u64 > max => Err(
                StepError::other("22001", format!("value too long for type {}", self.name())),
            ),
            Elem::Text | Elem::Varchar { .. } => Ok(text.into()),
            Elem::Jsonb => super::json::jsonb(text),
            Elem::Int { bits } => {
                let t = text.trim_matches(is_space);
                let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(StepError::other(
                        "22P02",
                        format!("invalid input syntax for type {}: \"{text}\"", self.name()),
                    ));
                }
                // The digits were checked: a failed parse is a number past 64 bits.
                let fits = |n: i64| bits == 64 || (n >> (bits - 1)) == 0 || (n >> (bits - 1)) == -1;
                match t.parse::<i64>() {
                    Ok(n) if fits(n) => Ok(n.to_string()),
                    _ => Err(StepError::other(
                        "22003",
                        format!("value \"{text}\" is out of range for type {}", self.name()),
                    )),
                }
            }
        }
    }
}

/// The server's whitespace in an array literal.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

/// `s` read as a one-dimensional array literal: its elements' texts, `None` for NULL.
pub fn parse(s: &str) -> Result<Vec<Option<String>>, StepError> {
    let malformed = || StepError::other("22P02", format!("malformed array literal: \"{s}\""));
    let body = s.trim_start_matches(is_space);
    if body.starts_with('[') {
        return Err(unmodelled("an array literal with bounds ([1:2]={...})"));
    }
    let mut chars = body
        .strip_prefix('{')
        .ok_or_else(malformed)?
        .chars()
        .peekable();
    let mut out = Vec::new();
    loop {
        while chars.next_if(|c| is_space(*c)).is_some() {}
        match chars.peek() {
            Some('}') if out.is_empty() => {
                chars.next();
                break;
            }
            // A first element that is an array: a second dimension (a later one is 22P02).
            Some('{') if out.is_empty() => {
                return Err(unmodelled("an array of several dimensions"))
            }
            Some('{') => return Err(malformed()),
            None => return Err(malformed()),
            _ => {}
        }
        let element = if chars.next_if_eq(&'"').is_some() {
            let mut text = String::new();
            loop {
                match chars.next().ok_or_else(malformed)? {
                    '"' => break,
                    '\\' => text.push(chars.next().ok_or_else(malformed)?),
                    c => text.push(c),
                }
            }
            while chars.next_if(|c| is_space(*c)).is_some() {}
            Some(text)
        } else {
            // Unquoted: up to the comma or brace, trailing spaces cut unless escaped.
            let (mut text, mut kept, mut escaped) = (String::new(), 0, false);
            while let Some(&c) = chars.peek() {
                match c {
                    ',' | '}' => break,
                    '"' | '{' => return Err(malformed()),
                    '\\' => {
                        chars.next();
                        text.push(chars.next().ok_or_else(malformed)?);
                        kept = text.len();
                        escaped = true;
                        continue;
                    }
                    _ => {}
                }
                chars.next();
                text.push(c);
                if !is_space(c) {
                    kept = text.len();
                }
            }
            text.truncate(kept);
            if text.is_empty() && !escaped {
                return Err(malformed());
            }
            (escaped || !text.eq_ignore_ascii_case("NULL")).then_some(text)
        };
        out.push(element);
        match chars.next() {
            Some(',') => {}
            Some('}') => break,
            _ => return Err(malformed()),
        }
    }
    if chars.any(|c| !is_space(c)) {
        return Err(malformed());
    }
    Ok(out)
}

/// `s` as an array column of `elem` keeps and prints it.
pub fn normal(s: &str, elem: Elem) -> Result<String, StepError> {
    let elements = parse(s)?
        .into_iter()
        .map(|e| e.map(|t| elem.read(&t)).transpose())
        .collect::<Result<Vec<_>, _>>()?;
    Ok(print(&elements))
}

/// The server's printed form of these elements.
pub fn print(elements: &[Option<String>]) -> String {
    let mut out = String::from("{");
    for (i, e) in elements.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match e {
            None => out.push_str("NULL"),
            Some(t) if needs_quotes(t) => {
                out.push('"');
                for c in t.chars() {
                    if matches!(c, '"' | '\\') {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out.push('"');
            }
            Some(t) => out.push_str(t),
        }
    }
    out.push('}');
    out
}

fn needs_quotes(t: &str) -> bool {
    t.is_empty()
        || t.eq_ignore_ascii_case("NULL")
        || t.chars()
            .any(|c| matches!(c, '{' | '}' | ',' | '"' | '\\') || is_space(c))
}

fn unmodelled(what: &str) -> StepError {
    unsupported_with(
        Dialect::Postgres,
        what,
        "Queue Lab models one-dimensional arrays of text, varchar(n) and integers, numbered from 1",
    )
}

/// The write check of an array column of `elem`: what the server would not store as the
/// lab keeps it. A text not in the printed form (computed by the statement: constants are
/// put in that form before) is refused by name; a number is the server's 42804.
pub fn misfit(elem: Elem, column: &str, value: &crate::trace::Value) -> Option<StepError> {
    use crate::trace::Value;
    match value {
        Value::Text(t) => match normal(t, elem) {
            Err(e) => Some(e),
            Ok(printed) if printed != *t => Some(unsupported_with(
                Dialect::Postgres,
                &format!("the text {t} computed for the array column {column}"),
                &format!("the server would keep it as {printed}, a form the lab gives constants only; write it as a constant"),
            )),
            Ok(_) => None,
        },
        Value::Null => None,
        _ => Some(StepError::other(
            "42804",
            format!(
                "column \"{column}\" is of type {} but expression is of type {}",
                elem.array_name(),
                if matches!(value, Value::Int(_)) { "integer" } else { "numeric" }
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each literal with what PostgreSQL 15 printed for it (psql, `SELECT` of the column).
    #[test]
    fn literals_are_kept_as_postgresql_prints_them() {
        let text = |s: &str| normal(s, Elem::Text).unwrap();
        assert_eq!(
            text(r#"{ a , "b c" ,NULL, "NULL", "" , x\,y }"#),
            r#"{a,"b c",NULL,"NULL","","x,y"}"#
        );
        assert_eq!(text(r#"{ "x" , y z  ,  "" }"#), r#"{x,"y z",""}"#);
        assert_eq!(text(" { } "), "{}");
        assert_eq!(
            text(r#"{"say \"hi\"",back\\slash}"#),
            r#"{"say \"hi\"","back\\slash"}"#
        );
        assert_eq!(
            normal("{ 007, -3 ,NULL}", Elem::Int { bits: 32 }).unwrap(),
            "{7,-3,NULL}"
        );
    }

    #[test]
    fn malformed_literals_and_bad_elements_are_the_servers_errors() {
        for bad in [
            "{a",
            "a",
            "{a,,b}",
            "{a}x",
            "",
            "{a\"b\"}",
            r#"{"a"b}"#,
            "{a,{}}",
            "{a\\",
        ] {
            let e = normal(bad, Elem::Text).unwrap_err();
            assert_eq!(
                (e.native.as_str(), e.message),
                ("22P02", format!("malformed array literal: \"{bad}\""))
            );
        }
        let int = |s: &str| normal(s, Elem::Int { bits: 32 }).unwrap_err();
        assert_eq!(
            int("{1.5}").message,
            "invalid input syntax for type integer: \"1.5\""
        );
        assert_eq!(int("{99999999999}").native, "22003");
        let long = normal("{abcd}", Elem::Varchar { max: Some(3) }).unwrap_err();
        assert_eq!(long.message, "value too long for type character varying(3)");
    }

    #[test]
    fn several_dimensions_and_bounds_are_refused_by_name() {
        for s in ["{{1,2},{3,4}}", "[1:2]={a,b}"] {
            assert!(normal(s, Elem::Text)
                .unwrap_err()
                .message
                .contains("is not supported here"));
        }
    }

    /// Printing what was parsed gives the same text back, for any text.
    #[test]
    fn printed_forms_read_back_to_themselves() {
        let mut next = crate::test_rand::xorshift(0x51A7_E5ED_0BAD_F00D);
        let mut below = |n: usize| (next() % n as u64) as usize;
        let alphabet: Vec<char> = "ab ,{}\"\\NUL\t1".chars().collect();
        for _ in 0..2000 {
            let count = below(4);
            let elements: Vec<Option<String>> = (0..count)
                .map(|_| {
                    let len = below(5);
                    let t: String = (0..len).map(|_| alphabet[below(alphabet.len())]).collect();
                    (below(5) > 0).then_some(t)
                })
                .collect();
            let printed = print(&elements);
            assert_eq!(parse(&printed).unwrap(), elements, "{printed}");
            assert_eq!(normal(&printed, Elem::Text).unwrap(), printed);
        }
    }
}
