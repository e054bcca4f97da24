//! Rule: `x mod 5` is MySQL's modulo operator.
//!
//! sqlparser has no `MOD` infix operator and silently reads `expr mod 5` as `expr AS mod`
//! followed by a stray `5`. The fix has to happen before parsing: a `mod` word that follows
//! the end of an operand (a number, a string, a name, `)`) is the operator, and becomes the
//! `%` token, keeping its position for error messages.

use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

pub fn fix_tokens(mut tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    for i in 1..tokens.len() {
        let is_mod = matches!(&tokens[i].token, Token::Word(w) if w.quote_style.is_none() && w.value.eq_ignore_ascii_case("mod"));
        if is_mod && ends_operand(&tokens[i - 1].token) {
            tokens[i].token = Token::Mod;
        }
    }
    tokens
}

fn ends_operand(t: &Token) -> bool {
    match t {
        Token::Number(..) | Token::SingleQuotedString(_) | Token::DoubleQuotedString(_) => true,
        Token::RParen => true,
        Token::Word(w) => {
            w.quote_style.is_some()
                || matches!(
                    w.keyword,
                    Keyword::NoKeyword | Keyword::NULL | Keyword::TRUE | Keyword::FALSE
                )
                || !is_clause_keyword(w.keyword)
        }
        _ => false,
    }
}

/// Keywords after which `mod` starts an operand (`SELECT mod FROM t`) rather than being one.
fn is_clause_keyword(k: Keyword) -> bool {
    matches!(
        k,
        Keyword::SELECT
            | Keyword::WHERE
            | Keyword::AND
            | Keyword::OR
            | Keyword::NOT
            | Keyword::BY
            | Keyword::ON
            | Keyword::SET
            | Keyword::THEN
            | Keyword::ELSE
            | Keyword::WHEN
            | Keyword::CASE
            | Keyword::DISTINCT
            | Keyword::HAVING
            | Keyword::AS
            | Keyword::FROM
            | Keyword::UPDATE
            | Keyword::VALUES
            | Keyword::RETURN
            | Keyword::IN
            | Keyword::IS
            | Keyword::LIKE
            | Keyword::BETWEEN
            | Keyword::INTO
            | Keyword::TABLE
            | Keyword::KEY
            | Keyword::DUPLICATE
    )
}
