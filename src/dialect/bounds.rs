//! The size limits checked on a script before it is split, on its statement count, and on a
//! statement's tokens before it is parsed (`limits.rs`).
//!
//! A chain of binary operators (`1 + 1 + ...`, `a AND b AND ...`, `... UNION ALL ...`) is
//! parsed without recursion but into a tree as deep as the chain is long, and every later
//! pass over the tree (clone, rewrite, print, drop) recurses once per level: a few thousand
//! levels overflow the stack, in WebAssembly sooner than natively. So the operators are
//! counted first, and a statement with too many is refused with its position.

use super::front::too_complex_code;
use super::Dialect;
use crate::limits::{over, MAX_OPERATORS, MAX_SCRIPT_BYTES, MAX_STATEMENTS};
use crate::source::Pos;
use crate::trace::{Diagnostic, ErrorClass, StepError};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// A text too long to read at all ([`MAX_SCRIPT_BYTES`]): nothing of it is split or run.
pub fn check_script_size(text: &str) -> Option<Diagnostic> {
    (text.len() > MAX_SCRIPT_BYTES).then(|| Diagnostic {
        pos: Pos { line: 1, column: 1 },
        message: over(
            "script size in bytes",
            text.len(),
            MAX_SCRIPT_BYTES,
            "MAX_SCRIPT_BYTES",
        ),
        fixed_text: None,
    })
}

/// A script of more than [`MAX_STATEMENTS`] statements; `at` is where the first one past
/// the limit starts. Nothing of such a script runs.
pub fn check_statement_count(count: usize, at: Option<Pos>) -> Option<Diagnostic> {
    (count > MAX_STATEMENTS).then(|| Diagnostic {
        pos: at.unwrap_or(Pos { line: 1, column: 1 }),
        message: over(
            "statements in one script",
            count,
            MAX_STATEMENTS,
            "MAX_STATEMENTS",
        ),
        fixed_text: None,
    })
}

/// An error naming [`MAX_OPERATORS`] at the first operator past it.
pub fn check_operators(dialect: Dialect, tokens: &[TokenWithSpan]) -> Result<(), StepError> {
    let mut count = 0;
    let mut first_over = None;
    // Whether the token before ends an operand: only then is `-` or `+` binary (`x - 1`),
    // not a sign (`VALUES (1, -1)`), which makes no deeper tree.
    let mut after_operand = false;
    for t in tokens {
        let token = &t.token;
        if matches!(token, Token::Whitespace(_)) {
            continue;
        }
        let sign = matches!(token, Token::Minus | Token::Plus) && !after_operand;
        if is_operator(token) && !sign {
            count += 1;
            if count == MAX_OPERATORS + 1 {
                first_over = Some(t.span.start);
            }
        }
        after_operand = ends_operand(token);
    }
    let Some(at) = first_over else {
        return Ok(());
    };
    let pos = Pos {
        line: at.line as u32,
        column: at.column as u32,
    };
    Err(StepError {
        class: ErrorClass::Other,
        native: too_complex_code(dialect).into(),
        message: format!(
            "{} (the one past the limit is at {pos})",
            over(
                "operators in one statement",
                count,
                MAX_OPERATORS,
                "MAX_OPERATORS"
            )
        ),
        pos: Some(pos),
        fixed_text: None,
    })
}

/// A token after which a `-` subtracts.
fn ends_operand(t: &Token) -> bool {
    match t {
        Token::Word(w) => !is_operator(t) && w.keyword != Keyword::SELECT,
        Token::RParen | Token::RBracket => true,
        Token::Number(..) | Token::Placeholder(_) => true,
        Token::SingleQuotedString(_)
        | Token::DoubleQuotedString(_)
        | Token::NationalStringLiteral(_)
        | Token::HexStringLiteral(_) => true,
        _ => false,
    }
}

/// A token that joins two operands into a deeper tree.
fn is_operator(t: &Token) -> bool {
    match t {
        Token::Word(w) => matches!(
            w.keyword,
            Keyword::AND
                | Keyword::OR
                | Keyword::XOR
                | Keyword::UNION
                | Keyword::EXCEPT
                | Keyword::INTERSECT
                | Keyword::MINUS
                | Keyword::LIKE
                | Keyword::ILIKE
                | Keyword::IS
                | Keyword::DIV
                | Keyword::MOD
                | Keyword::COLLATE
                | Keyword::AT
        ),
        Token::Plus
        | Token::Minus
        | Token::Mul
        | Token::Div
        | Token::Mod
        | Token::StringConcat
        | Token::Eq
        | Token::DoubleEq
        | Token::Neq
        | Token::Lt
        | Token::Gt
        | Token::LtEq
        | Token::GtEq
        | Token::Spaceship
        | Token::Ampersand
        | Token::Pipe
        | Token::Caret
        | Token::ShiftLeft
        | Token::ShiftRight
        | Token::DoubleColon
        | Token::Arrow
        | Token::LongArrow
        | Token::HashArrow
        | Token::HashLongArrow
        | Token::Tilde
        | Token::ExclamationMark => true,
        _ => false,
    }
}
