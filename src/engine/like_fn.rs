//! The servers' LIKE, which SQLite's runs for a PostgreSQL or MariaDB scenario (their
//! `LikeRules`, `dialect/concurrency.rs`): a backslash escapes the next character unless
//! ESCAPE names another one (`'a_b' LIKE 'a\_b'` is true, `'axb' LIKE 'a\_b'` false);
//! PostgreSQL compares case (ILIKE is rewritten to lower() on both sides) and MariaDB
//! compares `utf8mb4_general_ci` weights (`'MAIL' LIKE 'mail'`, `'é' LIKE 'e'`). SQLite's own
//! LIKE ignores ASCII case only and has no escape without ESCAPE. Registered as SQLite's
//! `like` function, which its LIKE operator calls.

use crate::dialect::concurrency::LikeRules;
use crate::dialect::general_ci::weight;
use crate::dialect::postgres::int_values::SERVER_ERROR;
use rusqlite::functions::Context;
use rusqlite::types::Value as Sql;

/// `like(pattern, text [, escape])`, SQLite's argument order.
pub fn call(ctx: &Context<'_>, rules: LikeRules) -> rusqlite::Result<Sql> {
    let text = |i: usize| super::store::text_arg(ctx, i);
    let (Some(pattern), Some(subject)) = (text(0)?, text(1)?) else {
        return Ok(Sql::Null);
    };
    let mut escape = Some('\\');
    if ctx.len() > 2 {
        let Some(e) = text(2)? else {
            return Ok(Sql::Null);
        };
        let mut chars = e.chars();
        escape = match (chars.next(), chars.next()) {
            (None, _) if rules.empty_escape_is_default => escape,
            (first, None) => first,
            _ => {
                let (code, message) = rules.bad_escape;
                return Err(fail(&format!("{code} {message}")));
            }
        };
    }
    let fold = |c: char| {
        if rules.case_blind {
            u32::from(weight(c))
        } else {
            u32::from(c)
        }
    };
    let subject: Vec<u32> = subject.chars().map(fold).collect();
    let parts = parse(&pattern, escape, rules.dangling_is_literal, &fold);
    let matched = matches(&subject, &parts)
        .ok_or_else(|| fail("22025 LIKE pattern must not end with escape character"))?;
    Ok(Sql::Integer(matched.into()))
}

fn fail(text: &str) -> rusqlite::Error {
    rusqlite::Error::UserFunctionError(format!("{SERVER_ERROR}{text}").into())
}

/// A pattern's parts: a character to equal (folded as the subject's are), `_` (`None`: any
/// one), `%` (any run), or the escape the pattern ends with.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Char(Option<u32>),
    Run,
    Dangling,
}

fn parse(
    pattern: &str,
    escape: Option<char>,
    dangling_is_literal: bool,
    fold: &dyn Fn(char) -> u32,
) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        parts.push(match c {
            c if Some(c) == escape => match chars.next() {
                Some(next) => Part::Char(Some(fold(next))),
                None if dangling_is_literal => Part::Char(Some(fold(c))),
                None => Part::Dangling,
            },
            '%' => Part::Run,
            '_' => Part::Char(None),
            c => Part::Char(Some(fold(c))),
        });
    }
    parts
}

/// Whether `subject` matches: parts in order, a run taking as few characters as it can and
/// one more each time what follows it fails (the last run's start is the only one to move).
/// `None`: the match reached a dangling escape with characters left, the server's error
/// (it looks no further than it must, so `'a' LIKE 'a\'` is false).
fn matches(subject: &[u32], pattern: &[Part]) -> Option<bool> {
    let (mut s, mut p) = (0, 0);
    let mut retry: Option<(usize, usize)> = None;
    while s < subject.len() {
        match pattern.get(p) {
            Some(Part::Dangling) => return None,
            Some(Part::Run) => {
                p += 1;
                retry = Some((p, s));
            }
            Some(Part::Char(c)) if c.is_none_or(|c| c == subject[s]) => {
                p += 1;
                s += 1;
            }
            _ => {
                let Some((rp, rs)) = retry else {
                    return Some(false);
                };
                p = rp;
                s = rs + 1;
                retry = Some((rp, rs + 1));
            }
        }
    }
    Some(pattern[p..].iter().all(|x| *x == Part::Run))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn like(subject: &str, pattern: &str, escape: Option<char>) -> Option<bool> {
        let subject: Vec<u32> = subject.chars().map(u32::from).collect();
        matches(&subject, &parse(pattern, escape, false, &|c| u32::from(c)))
    }

    fn mariadb(subject: &str, pattern: &str) -> bool {
        let fold = |c: char| u32::from(weight(c));
        let subject: Vec<u32> = subject.chars().map(fold).collect();
        matches(&subject, &parse(pattern, Some('\\'), true, &fold)) == Some(true)
    }

    /// The answers MariaDB 10.11 gave (utf8mb4_general_ci) for each case.
    #[test]
    fn matches_as_mariadb_does() {
        assert!(mariadb("MAIL_X", "mail\\_%"));
        assert!(mariadb("mäil_y", "mail\\_%"));
        assert!(!mariadb("mailbox", "mail\\_%"));
        assert!(mariadb("é", "e"));
        assert!(mariadb("ß", "s"));
        assert!(!mariadb("ß", "ss"));
        assert!(!mariadb("ab ", "ab"));
        assert!(mariadb("a\\", "a\\"));
        assert!(!mariadb("ab", "a\\"));
        assert!(!mariadb("a", "a\\"));
    }

    /// The answers PostgreSQL 15 gave (psql) for each case.
    #[test]
    fn matches_as_postgresql_does() {
        let b = Some('\\');
        assert_eq!(like("a_b", "a\\_b", b), Some(true));
        assert_eq!(like("axb", "a\\_b", b), Some(false));
        assert_eq!(like("a\\xb", "a\\_b", b), Some(false));
        assert_eq!(like("a%", "a\\%", b), Some(true));
        assert_eq!(like("ab", "a\\b", b), Some(true));
        assert_eq!(like("Ab", "a%", b), Some(false));
        assert_eq!(like("a\\b", "a\\\\b", b), Some(true));
        assert_eq!(like("a_b", "a#_b", Some('#')), Some(true));
        assert_eq!(like("a\\b", "a\\b", None), Some(true));
        assert_eq!(like("a", "a\\", b), Some(false));
        assert_eq!(like("ab", "a\\", b), None);
        assert_eq!(like("mail_out", "mail\\_%", b), Some(true));
        assert_eq!(like("mailbox", "mail\\_%", b), Some(false));
        assert_eq!(like("", "%", b), Some(true));
        assert_eq!(like("", "_", b), Some(false));
        assert_eq!(like("abcabd", "%ab_", b), Some(true));
        assert_eq!(like("aaa", "%a%a%a%", b), Some(true));
        assert_eq!(like("aa", "%a%a%a%", b), Some(false));
        assert_eq!(like("ümlaut", "_mlaut", b), Some(true));
    }
}
