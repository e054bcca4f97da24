//! Share links: the editor text and dialect in the URL fragment, `#dialect=mysql&sql=<encoded>`,
//! and for a spec the moves made so far and how many are shown (`&moves=c1pop%20c2pop&at=1`),
//! so a replayed counterexample opens where it fails.
//!
//! The encoding is `encodeURIComponent`'s, done here in plain Rust so it is testable off the
//! browser and the round trip is checked. `#example=<id>` opens a bundled example.

use queuelab::examples;
use queuelab::Dialect;

/// What a link carries.
#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    pub dialect: Dialect,
    pub sql: String,
    pub moves: Option<Moves>,
}

/// A spec's moves: the schedule as a permutation line, and how many of them are shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Moves {
    pub schedule: String,
    pub at: usize,
}

/// The fragment (without `#`) for `sql` in `dialect`, with a spec's moves if any.
pub fn encode(dialect: Dialect, sql: &str, moves: Option<&Moves>) -> String {
    let mut out = format!("dialect={}&sql={}", dialect.name(), percent_encode(sql));
    if let Some(m) = moves {
        out.push_str(&format!(
            "&moves={}&at={}",
            percent_encode(&m.schedule),
            m.at
        ));
    }
    out
}

/// Reads a fragment (with or without `#`); `None` when it carries no script or is malformed.
pub fn decode(fragment: &str) -> Option<Shared> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut dialect = None;
    let mut sql = None;
    let mut example = None;
    let mut schedule = None;
    let mut at = None;
    for pair in fragment.split('&') {
        let (key, value) = pair.split_once('=')?;
        match key {
            "dialect" => dialect = Dialect::from_name(&percent_decode(value)?),
            "sql" => sql = Some(percent_decode(value)?),
            "example" => example = examples::by_id(&percent_decode(value)?),
            "moves" => schedule = percent_decode(value),
            "at" => at = value.parse::<usize>().ok(),
            _ => {}
        }
    }
    let moves = schedule.map(|schedule| Moves {
        at: at.unwrap_or(usize::MAX),
        schedule,
    });
    if let Some(sql) = sql {
        let dialect = queuelab::dialect_for(&sql, dialect);
        return Some(Shared {
            dialect,
            sql,
            moves,
        });
    }
    example.map(|e| Shared {
        dialect: dialect.unwrap_or_else(|| queuelab::dialect_for(e.sql, None)),
        sql: e.sql.to_string(),
        moves,
    })
}

/// Like JavaScript's `encodeURIComponent`: every UTF-8 byte but the unreserved ones as `%XX`.
fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The inverse; `None` on a broken escape or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for e in examples::EXAMPLES {
            let link = encode(Dialect::Postgres, e.sql, None);
            assert_eq!(
                decode(&format!("#{link}")),
                Some(Shared {
                    dialect: Dialect::Postgres,
                    sql: e.sql.to_string(),
                    moves: None,
                })
            );
        }
        let odd = "select ’f’, 'a&b=c', '100%', 'é'\n";
        assert_eq!(
            decode(&encode(Dialect::MySql, odd, None)).map(|s| s.sql),
            Some(odd.into())
        );
    }

    #[test]
    fn a_spec_link_carries_its_moves_and_how_many_are_shown() {
        let moves = Moves {
            schedule: "c1get c2get c2del(statements 1)".into(),
            at: 2,
        };
        let link = encode(Dialect::Postgres, "session s", Some(&moves));
        assert_eq!(decode(&link).and_then(|s| s.moves), Some(moves));
    }

    #[test]
    fn matches_encode_uri_component() {
        assert_eq!(
            percent_encode("a b\n'x'(1)&=#é"),
            "a%20b%0A'x'(1)%26%3D%23%C3%A9"
        );
    }

    #[test]
    fn malformed_links_are_ignored() {
        assert_eq!(decode(""), None);
        assert_eq!(decode("#sql=%ZZ"), None);
        assert_eq!(decode("#sql=%C3"), None);
        assert_eq!(decode("#garbage"), None);
        assert_eq!(decode("#dialect=mysql"), None);
    }

    #[test]
    fn example_links() {
        let s = decode("#example=grouped-rings");
        assert_eq!(s.map(|s| s.dialect), Some(Dialect::MySql));
        assert_eq!(decode("#example=nope"), None);
    }

    #[test]
    fn dialect_defaults_to_the_header() {
        let s = decode("#sql=select%201");
        assert_eq!(s.map(|s| s.dialect), Some(Dialect::MySql));
    }
}
