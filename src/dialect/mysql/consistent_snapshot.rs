//! Rule: `START TRANSACTION WITH CONSISTENT SNAPSHOT` takes the REPEATABLE READ snapshot at
//! once, not at the transaction's first read. sqlparser does not read the clause, so its
//! words become `ISOLATION LEVEL SNAPSHOT` (a spelling MySQL has no use for) before parsing,
//! and the plan reads that back as [`TxnControl::Begin`]'s `snapshot_now`.
//!
//! [`TxnControl::Begin`]: crate::dialect::plan::TxnControl::Begin

use crate::sql::lexer::word;
use sqlparser::tokenizer::{Token, TokenWithSpan};

pub fn fix_tokens(mut tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    let solid: Vec<usize> = (0..tokens.len())
        .filter(|&i| !matches!(tokens[i].token, Token::Whitespace(_)))
        .collect();
    let is = |t: &TokenWithSpan, w: &str| matches!(&t.token, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(w));
    let words = ["start", "transaction", "with", "consistent", "snapshot"];
    if solid.len() >= 5 && words.iter().zip(&solid).all(|(w, &i)| is(&tokens[i], w)) {
        tokens[solid[2]].token = word("ISOLATION", None);
        tokens[solid[3]].token = word("LEVEL", None);
        tokens[solid[4]].token = word("SNAPSHOT", None);
    }
    tokens
}
