//! Share links: the editor text and dialect in the URL fragment, `#dialect=mysql&z=<packed>`,
//! and for a spec the moves made so far and how many are shown (`&moves=c1pop%20c2pop&at=1`),
//! so a replayed counterexample (or a free-stepped schedule) opens where it was.
//!
//! `z=` is the text packed ([`pack`]: LZ77 + base64url) to keep links short; `sql=` is the
//! text as `encodeURIComponent` writes it, which links made by hand and `embed.js` use.
//! `#example=<id>` opens a bundled example, whose text the app fetches first ([`example`]
//! names it). Plain Rust, tested off the browser.

pub mod pack;

use crate::example_texts;
use queuelab::examples::{self, Example};
use queuelab::Dialect;

/// Why a link could not be opened, in words for the banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError(pub String);

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
    let mut out = format!("dialect={}&z={}", dialect.name(), pack::pack(sql));
    if let Some(m) = moves {
        out.push_str(&format!(
            "&moves={}&at={}",
            percent_encode(&m.schedule),
            m.at
        ));
    }
    out
}

/// Reads a fragment (with or without `#`): `Ok(None)` when it carries no script (an empty
/// fragment, an anchor), an error when it names one that cannot be read.
pub fn read(fragment: &str) -> Result<Option<Shared>, LinkError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut dialect = None;
    let mut sql = None;
    let mut example = None;
    let mut schedule = None;
    let mut at = None;
    let damaged = |what: &str| {
        LinkError(format!(
            "This link's {what} could not be read: it may have been cut short or changed."
        ))
    };
    for pair in fragment.split('&') {
        let Some((key, value)) = pair.split_once('=') else {
            continue;
        };
        match key {
            "dialect" => dialect = percent_decode(value).and_then(|d| Dialect::from_name(&d)),
            "sql" => sql = Some(percent_decode(value).ok_or_else(|| damaged("script"))?),
            "z" => {
                let text = pack::unpack(value).map_err(|e| match e {
                    pack::UnpackError::TooBig => LinkError(format!(
                        "This link's script is bigger than the {} KB a link may carry.",
                        pack::MAX_UNPACKED / 1024
                    )),
                    _ => damaged("script"),
                })?;
                sql = Some(text);
            }
            "example" => {
                let id = percent_decode(value).unwrap_or_default();
                example = Some(examples::by_id(&id).ok_or_else(|| {
                    LinkError(format!(
                        "This link names an example Queue Lab does not have: {id}."
                    ))
                })?);
            }
            "moves" => schedule = Some(percent_decode(value).ok_or_else(|| damaged("schedule"))?),
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
        return Ok(Some(Shared {
            dialect,
            sql,
            moves,
        }));
    }
    let Some(e) = example else {
        return Ok(None);
    };
    // Fetched before the link is read (main and the hashchange listener see to it).
    let text = example_texts::known(e).ok_or_else(|| {
        LinkError(format!(
            "This link's example {} could not be fetched: check the connection and open the link again.",
            e.id
        ))
    })?;
    Ok(Some(Shared {
        dialect: dialect.unwrap_or_else(|| queuelab::dialect_for(&text, None)),
        sql: text.to_string(),
        moves,
    }))
}

/// The bundled example a fragment names (`example=<id>`), if its text has to be fetched
/// before [`read`] can open the link.
pub fn example(fragment: &str) -> Option<&'static Example> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let carries_text = fragment
        .split('&')
        .any(|pair| pair.starts_with("sql=") || pair.starts_with("z="));
    let id = fragment
        .split('&')
        .find_map(|pair| pair.strip_prefix("example="))?;
    let e = examples::by_id(&percent_decode(id)?)?;
    (!carries_text && example_texts::known(e).is_none()).then_some(e)
}

/// [`read`], with an unreadable link taken as none.
pub fn decode(fragment: &str) -> Option<Shared> {
    read(fragment).ok().flatten()
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
pub(crate) fn percent_decode(s: &str) -> Option<String> {
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
    fn a_fragment_without_a_script_is_no_link() {
        assert_eq!(read(""), Ok(None));
        assert_eq!(read("#garbage"), Ok(None));
        assert_eq!(read("#dialect=mysql"), Ok(None));
    }

    #[test]
    fn a_damaged_link_says_so() {
        for bad in [
            "#sql=%ZZ",
            "#sql=%C3",
            "#z=!!",
            "#dialect=mysql&z=A",
            "#example=nope",
        ] {
            let err = read(bad).expect_err(bad);
            assert!(err.0.starts_with("This link"), "{bad}: {}", err.0);
        }
        let good = encode(
            Dialect::Postgres,
            "SELECT 1 FROM jobs FOR UPDATE SKIP LOCKED;",
            None,
        );
        let cut = &good[..good.len() - 5];
        assert!(read(cut).is_err(), "{cut}");
    }

    #[test]
    fn hand_made_sql_links_still_open() {
        let s = decode("#dialect=postgresql&sql=SELECT%201%3B");
        assert_eq!(s.map(|s| s.sql), Some("SELECT 1;".into()));
    }

    #[test]
    fn a_packed_link_is_shorter_than_the_plain_one() {
        for e in examples::EXAMPLES {
            let packed = encode(Dialect::Postgres, e.sql, None);
            let plain = format!("dialect=postgresql&sql={}", percent_encode(e.sql));
            assert!(
                packed.len() * 3 < plain.len() * 2,
                "{}: {} vs {}",
                e.id,
                packed.len(),
                plain.len()
            );
        }
    }

    #[test]
    fn example_links_open_once_the_text_is_fetched() {
        let e = examples::by_id("grouped-rings").expect("example");
        assert_eq!(example("#example=grouped-rings"), Some(e));
        assert_eq!(example("#example=grouped-rings&sql=x"), None);
        assert_eq!(example("#example=nonesuch"), None);
        let unfetched = read("#example=grouped-rings").expect_err("not fetched yet");
        assert!(
            unfetched.0.contains("could not be fetched"),
            "{unfetched:?}"
        );
        example_texts::accept(e, e.sql).expect("the example's own text");
        assert_eq!(example("#example=grouped-rings"), None);
        let s = decode("#example=grouped-rings");
        assert_eq!(s.as_ref().map(|s| s.dialect), Some(Dialect::MySql));
        assert_eq!(s.map(|s| s.sql).as_deref(), Some(e.sql));
        // The default example is in the download.
        assert_eq!(
            example(&format!("#example={}", examples::DEFAULT_EXAMPLE)),
            None
        );
    }

    #[test]
    fn dialect_defaults_to_the_header() {
        let s = decode("#sql=select%201");
        assert_eq!(s.map(|s| s.dialect), Some(Dialect::MySql));
    }
}
