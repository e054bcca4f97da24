//! `TABLESAMPLE` (PostgreSQL's `TABLESAMPLE SYSTEM (10) REPEATABLE (1)`) and `SAMPLE` after a
//! table or a derived table, which sqlparser reads in every dialect, after the alias.

use super::super::Parser;
use sqlparser::ast::{
    Expr, TableSample, TableSampleBucket, TableSampleKind, TableSampleMethod, TableSampleModifier,
    TableSampleQuantity, TableSampleSeed, TableSampleSeedModifier, TableSampleUnit, Value,
    ValueWithSpan,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// `TABLESAMPLE ...` or `SAMPLE ...` after a table's alias, or nothing.
    pub(super) fn query_table_sample(&mut self) -> Result<Option<TableSampleKind>, ParserError> {
        let modifier = if self.parse_keyword(Keyword::TABLESAMPLE) {
            TableSampleModifier::TableSample
        } else if self.parse_keyword(Keyword::SAMPLE) {
            TableSampleModifier::Sample
        } else {
            return Ok(None);
        };
        let sample = self.query_sample_body(modifier)?;
        Ok(Some(TableSampleKind::AfterTableAlias(sample)))
    }

    /// `[method] [(] quantity [ROWS|PERCENT] | BUCKET n OUT OF m [ON expr] [)]
    /// [REPEATABLE|SEED (n)] [OFFSET expr]`, the keyword read.
    fn query_sample_body(
        &mut self,
        modifier: TableSampleModifier,
    ) -> Result<Box<TableSample>, ParserError> {
        let name = match self.parse_one_of_keywords(&[
            Keyword::BERNOULLI,
            Keyword::ROW,
            Keyword::SYSTEM,
            Keyword::BLOCK,
        ]) {
            Some(Keyword::BERNOULLI) => Some(TableSampleMethod::Bernoulli),
            Some(Keyword::ROW) => Some(TableSampleMethod::Row),
            Some(Keyword::SYSTEM) => Some(TableSampleMethod::System),
            Some(_) => Some(TableSampleMethod::Block),
            None => None,
        };
        let parenthesized = self.consume_token(&Token::LParen);
        let (quantity, bucket) = if parenthesized && self.parse_keyword(Keyword::BUCKET) {
            (None, Some(self.query_sample_bucket()?))
        } else {
            (Some(self.query_sample_quantity(parenthesized)?), None)
        };
        if parenthesized {
            self.expect_token(&Token::RParen)?;
        }
        let seed = if self.parse_keyword(Keyword::REPEATABLE) {
            Some(self.query_sample_seed(TableSampleSeedModifier::Repeatable)?)
        } else if self.parse_keyword(Keyword::SEED) {
            Some(self.query_sample_seed(TableSampleSeedModifier::Seed)?)
        } else {
            None
        };
        let offset = if self.parse_keyword(Keyword::OFFSET) {
            Some(self.parse_expr()?)
        } else {
            None
        };
        Ok(Box::new(TableSample {
            modifier,
            name,
            quantity,
            seed,
            bucket,
            offset,
        }))
    }

    /// Hive's `BUCKET n OUT OF m [ON expr]`, BUCKET read.
    fn query_sample_bucket(&mut self) -> Result<TableSampleBucket, ParserError> {
        let bucket = self.query_number_value()?;
        self.expect_keywords(&[Keyword::OUT, Keyword::OF])?;
        let total = self.query_number_value()?;
        let on = if self.parse_keyword(Keyword::ON) {
            Some(self.parse_expr()?)
        } else {
            None
        };
        Ok(TableSampleBucket { bucket, total, on })
    }

    /// How much to sample: an expression, or a bare word (a size such as `100M`).
    fn query_sample_quantity(
        &mut self,
        parenthesized: bool,
    ) -> Result<TableSampleQuantity, ParserError> {
        let value = match self.maybe_parse(Parser::parse_expr)? {
            Some(value) => value,
            None => {
                let next = self.next_token();
                let Token::Word(w) = next.token else {
                    return super::super::parser_err(
                        "Expecting number or byte length e.g. 100M",
                        self.peek_token_ref().span.start,
                    );
                };
                Expr::Value(Value::Placeholder(w.value).with_span(next.span))
            }
        };
        let unit = if self.parse_keyword(Keyword::ROWS) {
            Some(TableSampleUnit::Rows)
        } else if self.parse_keyword(Keyword::PERCENT) {
            Some(TableSampleUnit::Percent)
        } else {
            None
        };
        Ok(TableSampleQuantity {
            parenthesized,
            value,
            unit,
        })
    }

    /// `(n)` after REPEATABLE or SEED.
    fn query_sample_seed(
        &mut self,
        modifier: TableSampleSeedModifier,
    ) -> Result<TableSampleSeed, ParserError> {
        self.expect_token(&Token::LParen)?;
        let value = self.query_number_value()?;
        self.expect_token(&Token::RParen)?;
        Ok(TableSampleSeed { modifier, value })
    }

    /// A number or a placeholder (sqlparser's `parse_number_value`).
    pub(super) fn query_number_value(&mut self) -> Result<ValueWithSpan, ParserError> {
        let value = self.parse_value()?;
        match value.value {
            Value::Number(..) | Value::Placeholder(_) => Ok(value),
            _ => {
                self.prev_token();
                self.expected("literal number", self.peek_token())
            }
        }
    }
}
