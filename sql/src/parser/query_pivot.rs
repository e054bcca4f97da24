//! PIVOT and UNPIVOT after a table or a derived table (T-SQL's, which sqlparser reads in every
//! dialect), repeated as often as they come.

use super::super::expr::Prec;
use super::super::Parser;
use super::from::boxed_factor;
use sqlparser::ast::{
    ExprWithAlias, Ident, NullInclusion, ObjectName, PivotValueSource, TableFactor,
};
use sqlparser::keywords::Keyword;
use sqlparser::parser::ParserError;
use sqlparser::tokenizer::Token;

impl Parser {
    /// `table` with the PIVOTs and UNPIVOTs that follow it applied in turn.
    pub(super) fn query_pivots(
        &mut self,
        mut table: Box<TableFactor>,
    ) -> Result<Box<TableFactor>, ParserError> {
        while let Some(keyword) = self.parse_one_of_keywords(&[Keyword::PIVOT, Keyword::UNPIVOT]) {
            table = if keyword == Keyword::PIVOT {
                self.query_pivot(table)?
            } else {
                self.query_unpivot(table)?
            };
        }
        Ok(table)
    }

    /// `(agg(x) [AS a], ... FOR column IN (values) [DEFAULT ON NULL (expr)]) [alias]`, PIVOT
    /// read.
    fn query_pivot(&mut self, table: Box<TableFactor>) -> Result<Box<TableFactor>, ParserError> {
        self.expect_token(&Token::LParen)?;
        let aggregate_functions = self.parse_comma_separated(Parser::query_pivot_function)?;
        self.expect_keyword_is(Keyword::FOR)?;
        // The column stops before IN: read above IN's binding power.
        let above_in = self.flavor.expr_prec(Prec::Between);
        let value_column = if self.peek_token_ref().token == Token::LParen {
            self.parse_parenthesized(|p| {
                p.parse_comma_separated(|p| p.subexpr(above_in).map(|e| *e))
            })?
        } else {
            vec![*self.subexpr(above_in)?]
        };
        self.expect_keyword_is(Keyword::IN)?;
        let value_source = self.parse_parenthesized(Parser::query_pivot_values)?;
        let default_on_null =
            if self.parse_keywords(&[Keyword::DEFAULT, Keyword::ON, Keyword::NULL]) {
                Some(self.parse_parenthesized(Parser::parse_expr)?)
            } else {
                None
            };
        self.expect_token(&Token::RParen)?;
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::Pivot {
            table,
            aggregate_functions,
            value_column,
            value_source,
            default_on_null,
            alias,
        }))
    }

    /// One aggregate of a PIVOT: a plain function call and an alias that is not FOR.
    fn query_pivot_function(&mut self) -> Result<ExprWithAlias, ParserError> {
        let Token::Word(w) = self.next_token().token else {
            return self.expected("a function identifier", self.peek_token());
        };
        let expr = self.parse_function(ObjectName::from(vec![Ident::new(w.value)]))?;
        let flavor = self.flavor;
        let alias = self.query_optional_alias(|explicit, kw| {
            kw != Keyword::FOR && flavor.query_is_select_item_alias(explicit, kw)
        })?;
        Ok(ExprWithAlias { expr, alias })
    }

    /// The values a PIVOT spreads into columns, inside IN's parentheses: `ANY [ORDER BY ..]`,
    /// a subquery, or `value [[AS] alias], ...`.
    fn query_pivot_values(&mut self) -> Result<PivotValueSource, ParserError> {
        if self.parse_keyword(Keyword::ANY) {
            let order_by = if self.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
                self.parse_comma_separated(Parser::parse_order_by_expr)?
            } else {
                vec![]
            };
            return Ok(PivotValueSource::Any(order_by));
        }
        if self.peek_subquery() {
            return Ok(PivotValueSource::Subquery(self.parse_query()?));
        }
        let values = self.parse_comma_separated(|p| {
            let expr = p.parse_expr()?;
            let alias = if p.parse_keyword(Keyword::AS) {
                Some(p.parse_identifier()?)
            } else {
                p.maybe_parse(Parser::parse_identifier)?
            };
            Ok(ExprWithAlias { expr, alias })
        })?;
        Ok(PivotValueSource::List(values))
    }

    /// `[INCLUDE|EXCLUDE NULLS] (value FOR name IN (column [AS alias], ...)) [alias]`,
    /// UNPIVOT read.
    fn query_unpivot(&mut self, table: Box<TableFactor>) -> Result<Box<TableFactor>, ParserError> {
        let null_inclusion = if self.parse_keyword(Keyword::INCLUDE) {
            self.expect_keyword_is(Keyword::NULLS)?;
            Some(NullInclusion::IncludeNulls)
        } else if self.parse_keyword(Keyword::EXCLUDE) {
            self.expect_keyword_is(Keyword::NULLS)?;
            Some(NullInclusion::ExcludeNulls)
        } else {
            None
        };
        self.expect_token(&Token::LParen)?;
        let value = self.parse_expr()?;
        self.expect_keyword_is(Keyword::FOR)?;
        let name = self.parse_identifier()?;
        self.expect_keyword_is(Keyword::IN)?;
        if self.peek_token_ref().token != Token::LParen {
            return self.expected("a list of columns in parentheses", self.peek_token());
        }
        let columns = self.parse_parenthesized(|p| {
            p.parse_comma_separated(|p| {
                let expr = p.parse_expr()?;
                let alias = if p.parse_keyword(Keyword::AS) {
                    Some(p.parse_identifier()?)
                } else {
                    None
                };
                Ok(ExprWithAlias { expr, alias })
            })
        })?;
        self.expect_token(&Token::RParen)?;
        let alias = self.query_table_alias()?;
        Ok(boxed_factor(|| TableFactor::Unpivot {
            table,
            value,
            null_inclusion,
            name,
            columns,
            alias,
        }))
    }
}
