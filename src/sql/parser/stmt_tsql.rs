//! T-SQL's IF: `IF condition { statement | BEGIN statements END } [ELSE { statement |
//! BEGIN statements END }]`, as sqlparser's T-SQL dialect reads it.

use super::super::Parser;
use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    BeginEndStatements, ConditionalStatementBlock, ConditionalStatements, Expr, IfStatement,
    Statement,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// T-SQL's IF, the keyword next.
    pub(crate) fn parse_tsql_if(&mut self) -> Result<Statement, ParserError> {
        let if_token = self.expect_keyword(Keyword::IF)?;
        let condition = self.parse_expr()?;
        let if_block = self.tsql_branch(AttachedToken(if_token), Some(condition))?;
        // Semicolons after the branch are consumed; without an ELSE, the last one is left
        // for the statement list.
        let mut semicolon = false;
        while self.consume_token(&Token::SemiColon) {
            semicolon = true;
        }
        let else_block = if self.peek_keyword(Keyword::ELSE) {
            let else_token = self.expect_keyword(Keyword::ELSE)?;
            Some(self.tsql_branch(AttachedToken(else_token), None)?)
        } else {
            if semicolon {
                self.prev_token();
            }
            None
        };
        Ok(Statement::If(IfStatement {
            if_block,
            elseif_blocks: vec![],
            else_block,
            end_token: None,
        }))
    }

    /// One branch: `BEGIN statements END`, or a single statement.
    fn tsql_branch(
        &mut self,
        start_token: AttachedToken,
        condition: Option<Expr>,
    ) -> Result<ConditionalStatementBlock, ParserError> {
        let conditional_statements = if self.peek_keyword(Keyword::BEGIN) {
            let begin_token = self.expect_keyword(Keyword::BEGIN)?;
            let statements = self.tsql_statements_until_end()?;
            let end_token = self.expect_keyword(Keyword::END)?;
            ConditionalStatements::BeginEnd(BeginEndStatements {
                begin_token: AttachedToken(begin_token),
                statements,
                end_token: AttachedToken(end_token),
            })
        } else {
            ConditionalStatements::Sequence {
                statements: vec![self.parse_statement()?],
            }
        };
        Ok(ConditionalStatementBlock {
            start_token,
            condition,
            then_token: None,
            conditional_statements,
        })
    }

    /// Statements up to END (or the end of the input), semicolons between them optional.
    fn tsql_statements_until_end(&mut self) -> Result<Vec<Statement>, ParserError> {
        let mut statements = vec![];
        while !matches!(self.peek_token_ref().token, Token::EOF) && !self.peek_keyword(Keyword::END)
        {
            statements.push(self.parse_statement()?);
            while self.consume_token(&Token::SemiColon) {}
        }
        Ok(statements)
    }
}
