//! Rule: PostgreSQL's two weaker row locks, `FOR NO KEY UPDATE` and `FOR KEY SHARE`, which
//! sqlparser does not read. They become `FOR UPDATE OF ql_no_key_update` and
//! `FOR SHARE OF ql_key_share` before parsing (positions kept), and `dialect/locks.rs` reads
//! the marker back as the weaker mode: a key-share lock lets an UPDATE of other columns
//! through (it takes FOR NO KEY UPDATE) but holds up one that changes the key. A clause
//! naming its tables keeps them, each behind the marker: `FOR NO KEY UPDATE OF j, q` becomes
//! `FOR UPDATE OF ql_no_key_update.j, ql_no_key_update.q` (the server takes no qualified name
//! there, so the marker cannot be mistaken for a schema).

use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

pub const NO_KEY_UPDATE: &str = "ql_no_key_update";
pub const KEY_SHARE: &str = "ql_key_share";

pub fn fix_tokens(tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    let word = |t: &TokenWithSpan, w: &str| matches!(&t.token, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(w));
    let solid: Vec<usize> = (0..tokens.len())
        .filter(|&i| !matches!(tokens[i].token, Token::Whitespace(_)))
        .collect();
    // (index of the last word of the clause, words to blank, the marker, the names it
    // locks: the tokens to put the marker before)
    let mut found: Vec<(usize, Vec<usize>, &str, Vec<usize>)> = Vec::new();
    for (k, &i) in solid.iter().enumerate() {
        if !word(&tokens[i], "for") {
            continue;
        }
        let at = |n: usize| solid.get(k + n).map(|&j| &tokens[j]);
        let is = |n: usize, w: &str| at(n).is_some_and(|t| word(t, w));
        let (last, blank, marker) = if is(1, "no") && is(2, "key") && is(3, "update") {
            (3, vec![solid[k + 1], solid[k + 2]], NO_KEY_UPDATE)
        } else if is(1, "key") && is(2, "share") {
            (2, vec![solid[k + 1]], KEY_SHARE)
        } else {
            continue;
        };
        // `OF a, b`: the names, one every other token.
        let mut names = Vec::new();
        if is(last + 1, "of") {
            let mut n = last + 2;
            while at(n).is_some_and(|t| matches!(t.token, Token::Word(_))) {
                names.push(solid[k + n]);
                if at(n + 1).is_none_or(|t| !matches!(t.token, Token::Comma)) {
                    break;
                }
                n += 2;
            }
        }
        found.push((solid[k + last], blank, marker, names));
    }
    let mut out = tokens;
    for (last, blank, marker, names) in found.into_iter().rev() {
        for b in blank {
            out[b].token = Token::Whitespace(Whitespace::Space);
        }
        for &n in names.iter().rev() {
            let span = out[n].span;
            let added = [crate::sql::lexer::word(marker, None), Token::Period];
            for (m, t) in added.into_iter().enumerate() {
                out.insert(n + m, TokenWithSpan { token: t, span });
            }
        }
        if !names.is_empty() {
            continue;
        }
        let span = out[last].span;
        let added = [
            Token::Whitespace(Whitespace::Space),
            crate::sql::lexer::word("OF", None),
            Token::Whitespace(Whitespace::Space),
            crate::sql::lexer::word(marker, None),
        ];
        for (n, t) in added.into_iter().enumerate() {
            out.insert(last + 1 + n, TokenWithSpan { token: t, span });
        }
    }
    out
}
