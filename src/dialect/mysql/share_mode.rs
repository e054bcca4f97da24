//! Rule: MySQL's older spelling of a shared locking read, `... LOCK IN SHARE MODE`, is
//! `... FOR SHARE` (the same shared next-key/record locks in InnoDB). sqlparser reads only the
//! latter, so the four words become `FOR SHARE` before parsing, keeping their positions.

use crate::sql::lexer::word;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

pub fn fix_tokens(mut tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    let words: Vec<usize> = (0..tokens.len())
        .filter(|&i| !matches!(tokens[i].token, Token::Whitespace(_)))
        .collect();
    for w in words.windows(4) {
        let is = |k: usize, word: &str| matches!(&tokens[w[k]].token, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(word));
        if is(0, "lock") && is(1, "in") && is(2, "share") && is(3, "mode") {
            tokens[w[0]].token = word("FOR", None);
            tokens[w[1]].token = Token::Whitespace(Whitespace::Space);
            tokens[w[3]].token = Token::Whitespace(Whitespace::Space);
        }
    }
    tokens
}
