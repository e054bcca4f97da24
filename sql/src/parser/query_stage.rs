//! Snowflake's stage references, `FROM @stage.path (options) [alias]`, which sqlparser reads
//! in every dialect where `@` is a token of its own (PostgreSQL's, SQLite's and the generic
//! one; MySQL and T-SQL read `@x` as a variable name).

use super::super::Parser;
use super::from::boxed_factor;
use sqlparser::ast::{Ident, ObjectName, TableFactor};
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::{Token, TokenWithSpan};

impl Parser {
    /// A stage reference at `@`: its name, then a table's arguments and alias.
    pub(super) fn query_stage_factor(&mut self) -> Result<Box<TableFactor>, ParserError> {
        // Step onto the `@` itself, past the whitespace before it.
        self.advance_token();
        self.prev_token();
        let mut parts = vec![];
        loop {
            parts.push(self.query_stage_name_part()?);
            if !self.consume_token(&Token::Period) {
                break;
            }
        }
        let args = if self.consume_token(&Token::LParen) {
            Some(self.query_table_function_args()?)
        } else {
            None
        };
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::Table {
            name: ObjectName::from(parts),
            alias,
            args,
            with_hints: vec![],
            version: None,
            partitions: vec![],
            with_ordinality: false,
            json_path: None,
            sample: None,
            index_hints: vec![],
        }))
    }

    /// One part of a stage name: the tokens up to whitespace, `;`, `.` or a parenthesis,
    /// glued together (`@ns`, `my-stage/dir`).
    fn query_stage_name_part(&mut self) -> Result<Ident, ParserError> {
        let mut name = String::new();
        while let Some(next) = self.query_next_token_no_skip() {
            let piece = match &next.token {
                Token::Whitespace(_) | Token::SemiColon => break,
                Token::Period | Token::LParen | Token::RParen => {
                    self.prev_token();
                    break;
                }
                Token::AtSign => "@".to_string(),
                Token::Tilde => "~".to_string(),
                Token::Mod => "%".to_string(),
                Token::Div => "/".to_string(),
                Token::Plus => "+".to_string(),
                Token::Minus => "-".to_string(),
                Token::Eq => "=".to_string(),
                Token::Colon => ":".to_string(),
                Token::Number(n, _) => n.clone(),
                Token::Word(w) => w.to_string(),
                _ => return self.expected("stage name identifier", self.peek_token()),
            };
            name.push_str(&piece);
        }
        Ok(Ident::new(name))
    }

    /// The very next token, whitespace included, consumed; `None` past the end (where the
    /// position still moves on, as the cursor's own `advance_token` does).
    fn query_next_token_no_skip(&mut self) -> Option<TokenWithSpan> {
        let at = self.index();
        self.set_index(at + 1);
        self.tokens.get(at).cloned()
    }
}
