//! `lower()` and `upper()` as the servers change letters. SQLite's own change ASCII letters
//! only (`lower('ÉTÉ')` was `ÉtÉ`, where PostgreSQL and MariaDB both say `été`); Rust's
//! Unicode case tables would cost about 20 KB of the download. So the engine changes the
//! letters of the scripts a queue's names and payloads are mostly written in, pair by pair as
//! both servers do (checked: `pg-case-of-letters`, `my-case-of-letters`): Latin-1, Latin
//! Extended-A, Greek and Cyrillic, with their exceptions (`ß` and `ŉ` stay, `ÿ` rises to `Ÿ`,
//! `ı` to `I`, `ſ` to `S`, `ς` to `Σ`, `µ` to `Μ`, `İ` lowers to `i`). Text without case
//! (punctuation, symbols, CJK, Hangul, emoji) stays as it is; a character of any other
//! script is refused by name rather than left unchanged.

use super::errors::refused_in_function;
use rusqlite::functions::Context;
use rusqlite::types::Value as Sql;

/// `lower(x)`.
pub fn lower(ctx: &Context) -> rusqlite::Result<Sql> {
    change(ctx, false)
}

/// `upper(x)`.
pub fn upper(ctx: &Context) -> rusqlite::Result<Sql> {
    change(ctx, true)
}

fn change(ctx: &Context, up: bool) -> rusqlite::Result<Sql> {
    let text = match ctx.get::<Sql>(0)? {
        Sql::Text(t) => t,
        // NULL, a number or a blob: SQLite's own answer (its text), as before.
        other => return Ok(other),
    };
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match changed(c as u32, up).and_then(char::from_u32) {
            Some(d) => out.push(d),
            None => {
                let f = if up { "upper" } else { "lower" };
                return Err(refused_in_function(
                    &format!("{f}() of '{c}'"),
                    "the lab knows the case of Latin, Greek and Cyrillic letters only",
                ));
            }
        }
    }
    Ok(Sql::Text(out))
}

/// Runs of letters, (first, last, step): capitals that lower by adding `step`, or small
/// letters (a negative step) that rise by it. ASCII, Latin-1 (not × and ÷), Greek's accented
/// and plain letters (no U+03A2), Cyrillic's Ѐ..Џ and А..Я.
const RUNS: [(u32, u32, i32); 22] = [
    (0x41, 0x5A, 0x20),
    (0x61, 0x7A, -0x20),
    (0xC0, 0xD6, 0x20),
    (0xD8, 0xDE, 0x20),
    (0xE0, 0xF6, -0x20),
    (0xF8, 0xFE, -0x20),
    (0x386, 0x386, 0x26),
    (0x3AC, 0x3AC, -0x26),
    (0x388, 0x38A, 0x25),
    (0x3AD, 0x3AF, -0x25),
    (0x38C, 0x38C, 0x40),
    (0x3CC, 0x3CC, -0x40),
    (0x38E, 0x38F, 0x3F),
    (0x3CD, 0x3CE, -0x3F),
    (0x391, 0x3A1, 0x20),
    (0x3A3, 0x3AB, 0x20),
    (0x3B1, 0x3C1, -0x20),
    (0x3C3, 0x3CB, -0x20),
    (0x400, 0x40F, 0x50),
    (0x450, 0x45F, -0x50),
    (0x410, 0x42F, 0x20),
    (0x430, 0x44F, -0x20),
];

/// Latin Extended-A's runs of pairs, (first, last): each pair a capital, then its small
/// letter.
const PAIRS: [(u32, u32); 5] = [
    (0x100, 0x12F),
    (0x132, 0x137),
    (0x139, 0x148),
    (0x14A, 0x177),
    (0x179, 0x17E),
];

/// One-way changes, (from, raised, to): `µ` rises to `Μ`, `ÿ` to `Ÿ` and back down, `İ`
/// lowers to `i`, `ı` rises to `I`, `ſ` to `S`, `ς` to `Σ`.
const ONE_WAY: [(u32, bool, u32); 7] = [
    (0xB5, true, 0x39C),
    (0xFF, true, 0x178),
    (0x178, false, 0xFF),
    (0x130, false, 0x69),
    (0x131, true, 0x49),
    (0x17F, true, 0x53),
    (0x3C2, true, 0x3A3),
];

/// Characters the servers leave as they are, (first, last): ASCII's and Latin-1's signs,
/// the letters of no other case (ß, ĸ, ŉ, and the one-way ones the other way), punctuation,
/// currency, arrows, box drawing and dingbats, CJK and kana, Hangul, emoji.
const CASELESS: [(u32, u32); 17] = [
    (0, 0xBF),
    (0xD7, 0xD7),
    (0xDF, 0xDF),
    (0xF7, 0xF7),
    (0xFF, 0xFF),
    (0x130, 0x131),
    (0x138, 0x138),
    (0x149, 0x149),
    (0x178, 0x178),
    (0x17F, 0x17F),
    (0x3C2, 0x3C2),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2190, 0x21FF),
    (0x2500, 0x27BF),
    (0x3000, 0x9FFF),
    (0xAC00, 0xD7AF),
];

/// `c` raised (`up`) or lowered; `None` for a character whose case the lab does not know.
fn changed(c: u32, up: bool) -> Option<u32> {
    for (first, last, step) in RUNS {
        if (first..=last).contains(&c) {
            // A capital lowers, a small letter rises; each stays as it is the other way.
            let moves = (step > 0) != up;
            return Some(if moves {
                c.wrapping_add_signed(step)
            } else {
                c
            });
        }
    }
    for (first, last) in PAIRS {
        if (first..=last).contains(&c) {
            let capital = (c - first).is_multiple_of(2);
            return Some(match (capital, up) {
                (true, false) => c + 1,
                (false, true) => c - 1,
                _ => c,
            });
        }
    }
    for (from, raised, to) in ONE_WAY {
        if c == from && raised == up {
            return Some(to);
        }
    }
    let emoji = (0x1F300..=0x1FAFF).contains(&c);
    (emoji
        || CASELESS
            .iter()
            .any(|(first, last)| (*first..=*last).contains(&c)))
    .then_some(c)
}

#[cfg(test)]
mod tests {
    use super::changed;

    fn both(text: &str) -> (String, String) {
        let map = |up| {
            text.chars()
                .map(|c| {
                    changed(c as u32, up)
                        .and_then(char::from_u32)
                        .unwrap_or('?')
                })
                .collect()
        };
        (map(false), map(true))
    }

    #[test]
    fn letters_change_case_as_the_servers_change_them() {
        // The servers' answers, PostgreSQL's and MariaDB's alike (pg-case-of-letters).
        let (lower, upper) = both("ÀÞàþ×÷ßÿŸĀāİıĲĳĹĺŉŊŋſŹźΑΩαωςΣΆάЀЏѐџАЯаяµ");
        assert_eq!(lower, "àþàþ×÷ßÿÿāāiıĳĳĺĺŉŋŋſźźαωαωςσάάѐџѐџаяаяµ");
        assert_eq!(upper, "ÀÞÀÞ×÷ßŸŸĀĀİIĲĲĹĹŉŊŊSŹŹΑΩΑΩΣΣΆΆЀЏЀЏАЯАЯΜ");
        assert_eq!(
            both("Queue-1 €5 → 東京 🙂"),
            ("queue-1 €5 → 東京 🙂".into(), "QUEUE-1 €5 → 東京 🙂".into())
        );
    }

    #[test]
    fn letters_of_other_scripts_are_not_guessed() {
        // Armenian, Latin Extended-B, circled letters: they have case the lab does not know.
        for c in ['Ա', 'ƀ', 'Ⓐ', 'Ϗ', 'Ѡ'] {
            assert_eq!(changed(c as u32, false), None, "{c}");
        }
    }
}
