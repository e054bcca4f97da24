//! Rule: `SET SESSION TRANSACTION ...` sets every later transaction of the session, where
//! `SET TRANSACTION ...` sets the next one only. sqlparser's tree has no place for the
//! `SESSION` of MySQL's spelling, so `CHARACTERISTICS AS` (PostgreSQL's spelling of the same
//! thing) is put after it before parsing, at its position, and the plan reads the session
//! scope from that.

use crate::dialect::Dialect;
use crate::source::Pos;
use crate::sql::lexer::word;
use crate::trace::StepError;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

/// `SET GLOBAL TRANSACTION ...` sets the default of sessions that connect later; the server
/// leaves every open session as it is, and the lab's sessions are all open from the start, so
/// it would change nothing: refused by name rather than taken for `SET TRANSACTION`, which is
/// what sqlparser reads.
pub fn refuse_global(tokens: &[TokenWithSpan]) -> Result<(), StepError> {
    let solid: Vec<&TokenWithSpan> = tokens
        .iter()
        .filter(|t| !matches!(t.token, Token::Whitespace(_)))
        .collect();
    let words = ["set", "global", "transaction"];
    if solid.len() < 3 || !words.iter().zip(&solid).all(|(w, t)| is(t, w)) {
        return Ok(());
    }
    let at = Pos {
        line: solid[1].span.start.line as u32,
        column: solid[1].span.start.column as u32,
    };
    Err(StepError {
        pos: Some(at),
        ..super::super::common::unsupported_with(
            Dialect::MySql,
            "SET GLOBAL TRANSACTION",
            "it sets only sessions that connect later, and every session here is connected from the start; use SET SESSION TRANSACTION in each session",
        )
    })
}

fn is(t: &TokenWithSpan, w: &str) -> bool {
    matches!(&t.token, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(w))
}

pub fn fix_tokens(mut tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    let solid: Vec<usize> = (0..tokens.len())
        .filter(|&i| !matches!(tokens[i].token, Token::Whitespace(_)))
        .collect();
    let words = ["set", "session", "transaction"];
    if solid.len() >= 3 && words.iter().zip(&solid).all(|(w, &i)| is(&tokens[i], w)) {
        let span = tokens[solid[1]].span;
        let at = |token| TokenWithSpan { token, span };
        let added = [
            at(Token::Whitespace(Whitespace::Space)),
            at(word("CHARACTERISTICS", None)),
            at(Token::Whitespace(Whitespace::Space)),
            at(word("AS", None)),
        ];
        tokens.splice(solid[1] + 1..solid[1] + 1, added);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_set_session_transaction_gains_the_words() {
        let read = |sql: &str| {
            let tokens =
                crate::sql::lexer::tokenize(crate::sql::Flavor::MySql, sql).expect("lexes");
            fix_tokens(tokens)
                .iter()
                .map(|t| t.token.to_string())
                .collect::<String>()
        };
        assert_eq!(
            read("set Session transaction read only"),
            "set Session CHARACTERISTICS AS transaction read only"
        );
        assert_eq!(
            read("SET TRANSACTION READ ONLY"),
            "SET TRANSACTION READ ONLY"
        );
        assert_eq!(
            read("SET SESSION wait_timeout = 5"),
            "SET SESSION wait_timeout = 5"
        );
    }

    #[test]
    fn set_global_transaction_is_refused_at_global() {
        let check = |sql: &str| {
            let tokens =
                crate::sql::lexer::tokenize(crate::sql::Flavor::MySql, sql).expect("lexes");
            refuse_global(&tokens)
        };
        let e = check("SET  global TRANSACTION READ ONLY").expect_err("refused");
        assert_eq!(e.pos.map(|p| (p.line, p.column)), Some((1, 6)));
        assert!(check("SET GLOBAL wait_timeout = 5").is_ok());
        assert!(check("SET TRANSACTION READ ONLY").is_ok());
    }
}
