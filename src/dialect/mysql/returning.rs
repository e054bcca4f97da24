//! Rule: MariaDB's `DELETE ... ORDER BY ... LIMIT n RETURNING ...` (a pop in one statement).
//!
//! MariaDB writes RETURNING last; sqlparser reads a DELETE's RETURNING only before its ORDER
//! BY and LIMIT, and stops at a RETURNING after them. The clause means the same in either
//! place, so its tokens move in front of the statement's own ORDER BY (or LIMIT), keeping
//! their positions for error messages.

use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

pub fn fix_tokens(mut tokens: Vec<TokenWithSpan>) -> Vec<TokenWithSpan> {
    let first_word = tokens.iter().find_map(|t| match &t.token {
        Token::Word(w) => Some(w.keyword),
        Token::Whitespace(_) => None,
        _ => Some(Keyword::NoKeyword),
    });
    if first_word != Some(Keyword::DELETE) {
        return tokens;
    }
    // The statement's own clauses: outside parentheses.
    let (mut depth, mut order_or_limit, mut returning) = (0usize, None, None);
    for (i, t) in tokens.iter().enumerate() {
        match &t.token {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            Token::Word(w) if depth == 0 => match w.keyword {
                Keyword::ORDER | Keyword::LIMIT if order_or_limit.is_none() => {
                    order_or_limit = Some(i)
                }
                Keyword::RETURNING => returning = Some(i),
                _ => {}
            },
            _ => {}
        }
    }
    let (Some(at), Some(from)) = (order_or_limit, returning) else {
        return tokens;
    };
    if from < at {
        return tokens;
    }
    // RETURNING runs to the end of the statement, but for a closing `;`.
    let end = tokens
        .iter()
        .rposition(|t| matches!(t.token, Token::SemiColon))
        .filter(|&s| s > from)
        .unwrap_or(tokens.len());
    let mut clause: Vec<TokenWithSpan> = tokens.drain(from..end).collect();
    clause.push(TokenWithSpan::wrap(Token::Whitespace(
        sqlparser::tokenizer::Whitespace::Space,
    )));
    tokens.splice(at..at, clause);
    tokens
}
