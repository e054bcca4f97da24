//! Rule: PostgreSQL's two weaker row locks, `FOR NO KEY UPDATE` and `FOR KEY SHARE`, which
//! sqlparser does not read. They become `FOR UPDATE OF ql_no_key_update` and
//! `FOR SHARE OF ql_key_share` before parsing (positions kept), and `dialect/locks.rs` reads
//! the marker back as the weaker mode: a key-share lock lets an UPDATE of other columns
//! through (it takes FOR NO KEY UPDATE) but holds up one that changes the key.

use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

pub const NO_KEY_UPDATE: &str = "ql_no_key_update";
pub const KEY_SHARE: &str = "ql_key_share";

pub fn fix_tokens(tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    let word = |t: &TokenWithSpan, w: &str| matches!(&t.token, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(w));
    let solid: Vec<usize> = (0..tokens.len())
        .filter(|&i| !matches!(tokens[i].token, Token::Whitespace(_)))
        .collect();
    // (index of the last word of the clause, words to blank, the marker)
    let mut found: Vec<(usize, Vec<usize>, &str)> = Vec::new();
    for (k, &i) in solid.iter().enumerate() {
        if !word(&tokens[i], "for") {
            continue;
        }
        let at = |n: usize| solid.get(k + n).map(|&j| &tokens[j]);
        let is = |n: usize, w: &str| at(n).is_some_and(|t| word(t, w));
        if is(1, "no") && is(2, "key") && is(3, "update") {
            found.push((
                solid[k + 3],
                vec![solid[k + 1], solid[k + 2]],
                NO_KEY_UPDATE,
            ));
        } else if is(1, "key") && is(2, "share") {
            found.push((solid[k + 2], vec![solid[k + 1]], KEY_SHARE));
        }
    }
    let mut out = tokens;
    for (last, blank, marker) in found.into_iter().rev() {
        for b in blank {
            out[b].token = Token::Whitespace(Whitespace::Space);
        }
        let span = out[last].span;
        let added = [
            Token::Whitespace(Whitespace::Space),
            queuelab_sql::lexer::word("OF", None),
            Token::Whitespace(Whitespace::Space),
            queuelab_sql::lexer::word(marker, None),
        ];
        for (n, t) in added.into_iter().enumerate() {
            out.insert(last + 1 + n, TokenWithSpan { token: t, span });
        }
    }
    out
}
